"""Vehicles at full scale: cars, dump trucks, excavators, farm tractors, motorcycles, light
aircraft, motor dinghies. Vehicles face +X; steered wheels turn on knuckles in wheel wells cut
from the body."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Steering lock (rad) of a knuckle either way.
STEER = 0.55


def _wheel_pair(b: Builder, axle: str, x: float, y: float, r: float, width: float, *,
                steer: bool, parent: str = "base") -> None:
    """Two wheels at ``x``, ``+-y`` (continuous), on knuckles turning about Z (revolute)
    when ``steer``; a well is cut from ``parent`` around each wheel's sweep."""
    reach = math.hypot(r, width / 2) if steer else r
    inner = (reach if steer else width / 2) + 0.03
    for side, sy in (("left", 1), ("right", -1)):
        c = (x, sy * y, r)
        b.cut(parent, S.box((2 * (reach + 0.03), 1.0, 2 * r + 0.04), (x, sy * (y - inner + 0.5), r)))
        owner = parent
        if steer:
            owner = b.link(f"knuckle_{axle}_{side}", "metal", S.cylinder(r * 0.3, width * 0.5, c, "y", sections=12))
            b.revolute(owner, parent, "z", c, -STEER, STEER)
        P.wheel(b, f"wheel_{axle}_{side}", owner, c, "y", r, width)


@kind("car", "vehicles")
def car(b: Builder) -> str:
    """Passenger car: a hollow steel body with wheel wells (base), front wheels steering on
    knuckles (revolute) and all four rolling (continuous), 2 or 4 doors hinged at their front
    edge (revolute), the bonnet and the boot lid (revolute), on some a sliding sunroof
    (prismatic).

    EU segment B-D cars (manufacturers' published dimensions): 3.8-4.9 m long, 1.7-1.85 m wide,
    1.4-1.5 m tall, wheelbases 58-62% of the length, tyres 0.6-0.68 m across (195/65 R15 to
    225/45 R18).
    """
    ln, wd, ht = b.dim(3.8, 4.9), b.dim(1.7, 1.85), b.dim(1.4, 1.5)
    r, ww = b.dim(0.3, 0.34), b.dim(0.19, 0.23)
    wb = ln * b.real(0.58, 0.62)
    xf, xr = wb / 2 + 0.05, -wb / 2 + 0.05
    belt, wall = r * 2 + b.dim(0.28, 0.34), 0.005
    cab0, cab1 = xr + b.dim(0.1, 0.3), xf - b.dim(0.6, 0.8)
    b.link("base", "metal", S.box((ln, wd, belt - 0.2), (0, 0, (belt + 0.2) / 2)),
           S.box((cab1 - cab0, wd - 0.12, ht - belt), ((cab0 + cab1) / 2, 0, (belt + ht) / 2)))
    b.cut("base", S.box((ln - 2 * wall, wd - 2 * wall, belt - 0.2 - 2 * wall), (0, 0, (belt + 0.2) / 2)),
          S.box((cab1 - cab0 - 2 * wall, wd - 0.12 - 2 * wall, ht - belt), ((cab0 + cab1) / 2, 0, (belt + ht) / 2 - wall)))
    yw = wd / 2 - ww / 2 - 0.01
    _wheel_pair(b, "front", xf, yw, r, ww, steer=True)
    _wheel_pair(b, "rear", xr, yw, r, ww, steer=False)
    doors = b.pick((2, 4))
    front = xf - math.hypot(r, ww / 2) - 0.09
    space = front - (xr + r + 0.09)
    dl = min(1.15, space) if doors == 2 else (space - 0.02) / 2
    for side, sy in (("left", 1), ("right", -1)):
        for k in range(doors // 2):
            x0 = front - k * (dl + 0.02)
            door = b.link(f"door_{side}_{k}", "metal", S.box((dl, 0.004, belt - 0.32), (x0 - dl / 2, sy * (wd / 2 + 0.004), (belt + 0.3) / 2)))
            b.revolute(door, "base", (0, 0, -sy), (x0, sy * (wd / 2 + 0.006), (belt + 0.3) / 2), 0.0, 1.2)
    hood = b.link("bonnet", "metal", S.box((ln / 2 - cab1 - 0.06, wd - 0.06, 0.004), ((ln / 2 + cab1) / 2 - 0.03 + 0.01, 0, belt + 0.002)))
    b.revolute(hood, "base", (0, -1, 0), (cab1 + 0.02, 0, belt + 0.004), 0.0, 1.2)
    boot = b.link("boot_lid", "metal", S.box((cab0 + ln / 2 - 0.06, wd - 0.06, 0.004), ((cab0 - ln / 2) / 2 - 0.01, 0, belt + 0.002)))
    b.revolute(boot, "base", (0, 1, 0), (cab0 - 0.02, 0, belt + 0.004), 0.0, 1.3)
    roof = b.chance(0.35)
    if roof:
        sl = min(0.7, (cab1 - cab0) * 0.4)
        panel = b.link("sunroof", "glass", S.box((sl, wd * 0.45, 0.006), ((cab0 + cab1) / 2 + sl / 2, 0, ht + 0.004)))
        b.prismatic(panel, "base", (-1, 0, 0), 0.0, round(sl * 0.9, 3))
    return f"{doors}-door car" + (" with a sunroof" if roof else "")


@kind("dump_truck", "vehicles")
def dump_truck(b: Builder) -> str:
    """Dump truck: chassis rails, cab and wheel wells (base), steered front wheels (knuckles
    revolute, wheels continuous), one or two rear axles (continuous), two cab doors
    (revolute), the dump body tipping about its rear pivot (revolute) and on most a
    tailgate swinging from its top edge (revolute).

    Two- and three-axle rigid tippers (manufacturers' published dimensions, e.g. 7.5-26 t GVW):
    6-8.5 m long, 2.3-2.55 m wide (EU Directive 96/53/EC: at most 2.55 m), cabs 2.6-3.2 m
    tall, tyres 0.95-1.1 m across; bodies tip 45-50 degrees.
    """
    ln, wd = b.dim(6.0, 8.5), b.dim(2.3, 2.55)
    r, ww = b.dim(0.48, 0.55), b.dim(0.28, 0.32)
    tandem = b.chance(0.5)
    cab_l, cab_h = b.dim(1.6, 2.0), b.dim(2.6, 3.2)
    xf = ln / 2 - cab_l / 2
    frame_z = 2 * r + 0.08
    b.link("base", "metal", *[S.box((ln - 0.2, 0.12, 0.3), (-0.1, sy * 0.45, r + 0.1)) for sy in (-1, 1)],
           S.box((cab_l, wd, cab_h - r * 0.9), (xf, 0, (cab_h + r * 0.9) / 2)))
    b.cut("base", S.box((cab_l - 0.08, wd - 0.08, cab_h - r * 0.9 - 0.08), (xf, 0, (cab_h + r * 0.9) / 2)))
    yw = wd / 2 - ww / 2 - 0.02
    _wheel_pair(b, "front", xf, yw, r, ww, steer=True)
    rear = [-ln / 2 + r + 0.5] + ([-ln / 2 + 3 * r + 0.56] if tandem else [])
    for k, x in enumerate(rear):
        b.add("base", S.box((0.2, 2 * yw - ww - 0.1, 0.2), (x, 0, r)))
        _wheel_pair(b, f"rear_{k}", x, yw, r, ww, steer=False)
    for side, sy in (("left", 1), ("right", -1)):
        door = b.link(f"door_{side}", "metal", S.box((cab_l * 0.6, 0.01, cab_h * 0.45), (xf + cab_l * 0.2 - cab_l * 0.3, sy * (wd / 2 + 0.007), cab_h * 0.62)))
        b.revolute(door, "base", (0, 0, -sy), (xf + cab_l * 0.2, sy * (wd / 2 + 0.012), cab_h * 0.62), 0.0, 1.2)
    x0, x1 = -ln / 2 + 0.1, xf - cab_l / 2 - 0.12
    bh, t = b.dim(0.6, 1.2), 0.01
    body = b.link("dump_body", "metal", S.box((x1 - x0, wd, bh + t), ((x0 + x1) / 2, 0, frame_z + (bh + t) / 2)))
    b.cut(body, S.box((x1 - x0 - 2 * t, wd - 2 * t, bh), ((x0 + x1) / 2 - t * 2, 0, frame_z + t + bh / 2 + 0.001)))
    b.revolute(body, "base", (0, -1, 0), (x0, 0, frame_z), 0.0, b.real(0.75, 0.85))
    tailgate = b.chance(0.75)
    if tailgate:
        gate = b.link("tailgate", "metal", S.box((t, wd - 0.01, bh), (x0 - t / 2 - 0.004, 0, frame_z + t + bh / 2)))
        b.revolute(gate, body, (0, 1, 0), (x0 - 0.004, 0, frame_z + t + bh), 0.0, 1.2)
    return f"{'three' if tandem else 'two'}-axle dump truck" + (" with a tailgate" if tailgate else "")


@kind("excavator", "vehicles")
def excavator(b: Builder) -> str:
    """Crawler excavator: the undercarriage with its two tracks (base), the upper structure
    slewing on it (continuous), the boom, stick and bucket (revolute each), a cab with its
    door (revolute) or an open canopy, and on most a dozer blade (revolute).

    Mini and midi excavators of 1.5-10 t (manufacturers' published dimensions, e.g. Kubota,
    Takeuchi, JCB): tracks 1.5-2.8 m long and 0.23-0.45 m wide, 0.98-2.3 m overall width,
    booms 1.4-3 m, sticks 0.9-1.6 m, buckets 0.3-0.8 m wide.
    """
    tl, tw, wd = b.dim(1.5, 2.8), b.dim(0.23, 0.45), b.dim(1.0, 2.3)
    th = b.dim(0.35, 0.5)
    tw = min(tw, wd * 0.25)
    base = [S.box((tl, tw, th), (0, sy * (wd / 2 - tw / 2), th / 2)) for sy in (-1, 1)]
    base.append(S.box((tl * 0.5, wd - 2 * tw + 0.02, th * 0.5), (0, 0, th * 0.6)))
    b.link("base", "metal", *base)
    ul, uh = tl * b.real(0.85, 1.0), b.dim(0.55, 0.8)
    uw = wd * 0.95
    z0 = th + 0.1
    upper = b.link("upper", "aluminum", S.cylinder(min(0.45, wd * 0.3), 0.095, (0, 0, th + 0.0525)),
                   S.box((ul, uw, uh), (-ul * 0.1, 0, z0 + uh / 2)))
    b.continuous(upper, "base", "z", (0, 0, th))
    cab = b.chance(0.6)
    cx, cw, ch = ul * 0.08, uw * 0.42, b.dim(1.1, 1.3)
    cy = uw / 2 - cw / 2
    top = z0 + uh
    if cab:
        b.add(upper, S.box((ul * 0.5, cw, ch), (cx, cy, top + ch / 2)))
        door = b.link("cab_door", "glass", S.box((ul * 0.35, 0.01, ch * 0.8), (cx + ul * 0.2 - ul * 0.175, uw / 2 + 0.007, top + ch * 0.45)))
        b.revolute(door, upper, (0, 0, -1), (cx + ul * 0.2, uw / 2 + 0.012, top + ch * 0.45), 0.0, 1.3)
    else:
        b.add(upper, *[S.box((0.06, 0.06, ch), (cx + sx * ul * 0.22, cy + sy * cw * 0.42, top + ch / 2)) for sx in (-1, 1) for sy in (-1, 1)],
              S.box((ul * 0.5, cw, 0.06), (cx, cy, top + ch)))
    lb = b.dim(1.4, 3.0)
    ls = lb * b.real(0.5, 0.6)
    ab = 0.5
    as_ = -math.asin(min(0.95, (lb * math.sin(ab) - 0.1) / ls))
    xp, yp, zp = ul * 0.4 + 0.08, -uw * 0.18, z0 + uh * 0.6
    tip = (xp + lb * math.cos(ab), yp, zp + lb * math.sin(ab))
    end = (tip[0] + ls * math.cos(as_), yp, tip[2] + ls * math.sin(as_))
    bt = lb * 0.07
    boom = b.link("boom", "metal", S.bar((xp, yp, zp), tip, bt, bt * 1.3), S.cylinder(bt * 0.6, bt * 1.4, (xp, yp, zp), "y", sections=12))
    b.revolute(boom, upper, (0, -1, 0), (xp, yp, zp), -0.4, 0.5)
    stick = b.link("stick", "metal", S.bar(tip, end, bt * 0.8, bt))
    b.revolute(stick, boom, (0, 1, 0), tip, -0.6, 1.2)
    bw, bs = b.dim(0.3, min(0.8, wd * 0.4)), ls * 0.35
    corner = (end[0] + bs * 0.3, yp, end[2] - bs)
    bucket = b.link("bucket", "metal", S.bar(end, corner, bw, 0.02), S.bar(corner, (corner[0] + bs * 0.8, yp, corner[2] + bs * 0.35), bw, 0.02),
                    *[S.box((bs * 0.8, 0.015, bs * 0.7), (end[0] + bs * 0.5, yp + sy * bw / 2, end[2] - bs * 0.55)) for sy in (-1, 1)])
    b.revolute(bucket, stick, (0, 1, 0), end, -1.1, 0.9)
    blade = b.chance(0.7)
    if blade:
        bx = tl / 2 + 0.12
        dz = b.link("dozer_blade", "metal", S.box((0.06, wd, th - 0.06), (bx + 0.1, 0, (th - 0.06) / 2)),
                    *[S.bar((tl / 2 - 0.2, sy * (wd / 2 - tw - 0.05), th * 0.5), (bx + 0.08, sy * (wd / 2 - tw - 0.05), th * 0.4), 0.06, 0.08) for sy in (-1, 1)])
        b.revolute(dz, "base", (0, -1, 0), (tl / 2 - 0.2, 0, th * 0.5), 0.0, 0.25)
    return f"crawler excavator with {'a cab' if cab else 'a canopy'}" + (" and a dozer blade" if blade else "")


@kind("tractor", "vehicles")
def tractor(b: Builder) -> str:
    """Farm tractor: hollow bonnet, transmission, fenders and cab or roll bar (base), the
    front wheels steering on knuckles (revolute) and all four rolling (continuous), the
    three-point hitch's lower links lifting (revolute), the power take-off shaft turning
    (continuous), and with a cab its door (revolute).

    Utility tractors of 30-150 kW (manufacturers' published dimensions, e.g. John Deere 5 and 6
    series, Kubota M): 3.2-4.6 m long, rear tyres 1.3-1.8 m and front tyres 0.8-1.1 m across,
    wheelbases 2.0-2.6 m, 2.6-2.9 m tall over the cab; ISO 730 three-point linkage.
    """
    rr, wr = b.dim(0.65, 0.9), b.dim(0.35, 0.55)
    rf, wf = b.dim(0.4, 0.55), b.dim(0.25, 0.4)
    wb = b.dim(2.0, 2.6)
    xr, xf = -wb / 2, wb / 2
    reach = math.hypot(rf, wf / 2)
    yf = reach + b.dim(0.15, 0.3)
    yr = b.dim(0.75, 0.95)
    hz = 2 * rf + b.dim(0.35, 0.5)
    b.link("base", "metal", S.box((xf + 0.6 - xr, 0.7, hz - rf * 0.8), ((xf + 0.6 + xr) / 2, 0, (hz + rf * 0.8) / 2)),
           *[S.box((rr * 1.6, wr + 0.1, 0.02), (xr, sy * yr, 2 * rr + 0.06)) for sy in (-1, 1)])
    b.cut("base", S.box((xf + 0.6 - xr - 0.02, 0.68, hz - rf * 0.8 - 0.02), ((xf + 0.6 + xr) / 2, 0, (hz + rf * 0.8) / 2)))
    _wheel_pair(b, "front", xf, yf, rf, wf, steer=True)
    _wheel_pair(b, "rear", xr, yr, rr, wr, steer=False)
    cab = b.chance(0.6)
    c0, c1, cw, ct = xr - 0.45, xr + 0.75, 2 * (yr - wr / 2) - 0.1, b.dim(2.6, 2.9)
    floor = max(hz, 1.2)
    if cab:
        b.add("base", S.box((c1 - c0, cw, ct - floor), ((c0 + c1) / 2, 0, (floor + ct) / 2)))
        b.cut("base", S.box((c1 - c0 - 0.02, cw - 0.02, ct - floor - 0.02), ((c0 + c1) / 2, 0, (floor + ct) / 2)))
        z0 = max(floor, 2 * rr + 0.07) + 0.03  # the door swings over the fender
        door = b.link("cab_door", "glass", S.box((0.8, 0.01, ct - 0.1 - z0), (c1 - 0.45, cw / 2 + 0.007, (z0 + ct - 0.1) / 2)))
        b.revolute(door, "base", (0, 0, -1), (c1 - 0.05, cw / 2 + 0.012, (z0 + ct) / 2), 0.0, 1.3)
    else:
        b.add("base", *[S.box((0.08, 0.08, ct - floor), (c0 + 0.1, sy * (cw / 2 - 0.04), (floor + ct) / 2)) for sy in (-1, 1)],
              S.box((0.08, cw, 0.08), (c0 + 0.1, 0, ct - 0.04)))
    px, pz = xr - 0.35, b.dim(0.5, 0.6)
    b.add("base", S.box((0.7, 0.5, 0.4), (xr - 0.1, 0, pz + 0.1)))
    arms = [S.bar((px, sy * 0.33, pz), (px - 0.8, sy * 0.4, pz - 0.1), 0.05, 0.08) for sy in (-1, 1)]
    hitch = b.link("hitch", "metal", *arms, S.rod((px - 0.8, -0.45, pz - 0.1), (px - 0.8, 0.45, pz - 0.1), 0.025))
    b.revolute(hitch, "base", (0, -1, 0), (px, 0, pz), -0.1, 0.7)
    pto = b.link("pto_shaft", "metal", S.cylinder(0.0175, 0.1, (px - 0.05, 0, pz + 0.15), "x", sections=12))
    b.continuous(pto, "base", "x", (px, 0, pz + 0.15))
    return f"farm tractor with {'a cab' if cab else 'a roll bar'}"


@kind("motorcycle", "vehicles")
def motorcycle(b: Builder) -> str:
    """Motorcycle: frame, engine, tank and seat (base), the fork and handlebar steering about
    the raked head (revolute) with the front wheel (continuous), the brake and clutch levers
    (revolute) and the throttle grip (revolute), the swingarm on its pivot (revolute, the
    suspension's travel) with the rear wheel (continuous), the side stand (revolute), and on
    some a top case with its lid (revolute).

    Road motorcycles of 125-1200 cc (manufacturers' published geometry): wheelbases 1.3-1.55 m,
    rake 24-28 degrees with 85-110 mm trail, 17 in wheels (tyres 0.6-0.68 m across), seats
    0.78-0.86 m high, bars 0.7-0.8 m wide.
    """
    r, wf, wr = b.dim(0.3, 0.34), b.dim(0.1, 0.12), b.dim(0.15, 0.19)
    wb, rake, trail = b.dim(1.3, 1.55), b.real(0.42, 0.49), b.dim(0.085, 0.11)
    xr = -wb / 2
    xf = xr + wb
    zh = b.dim(0.95, 1.05)
    ax = (-math.sin(rake), 0, math.cos(rake))
    xa = xf + trail - r * math.tan(rake)  # the steering axis at axle height
    head = (xf + trail - zh * math.tan(rake), 0, zh)
    xe0, xe1 = xr + r + 0.12, xa - r - 0.15
    seat_z = max(b.dim(0.78, 0.86), 2 * r + 0.2)  # over the rear wheel at full travel
    b.link("base", "aluminum", S.box((xe1 - xe0, 0.3, 0.35), ((xe0 + xe1) / 2, 0, 0.375)),
           S.bar(head, (xe1 - 0.02, 0, 0.5), 0.06, 0.06), S.bar(head, (xr + 0.35, 0, 2 * r + 0.2), 0.06, 0.06),
           S.box((head[0] - 0.15 - xe0 - 0.1, 0.3, 0.22), ((head[0] - 0.15 + xe0 + 0.1) / 2, 0, zh - 0.12)),
           S.box((xe0 + 0.2 - xr, 0.26, seat_z - 2 * r - 0.1), ((xe0 + 0.2 + xr) / 2, 0, (seat_z + 2 * r + 0.1) / 2)),
           S.cylinder(0.04, 0.2, head, ax, sections=12))
    top = (head[0] + 0.12 * ax[0], 0, head[2] + 0.12 * ax[2])
    bar_w = b.dim(0.35, 0.4)
    bar_z = top[2] + 0.06
    fork = [S.bar(top, (xf, sy * (wf / 2 + 0.03), r), 0.04, 0.04) for sy in (-1, 1)]
    fork += [S.box((0.08, 2 * (wf / 2 + 0.05), 0.04), top), S.rod((top[0], -bar_w, bar_z), (top[0], bar_w, bar_z), 0.012),
             S.cylinder(0.09, 0.08, (top[0] + 0.12, 0, top[2] - 0.1), "x")]
    b.link("fork", "metal", *fork)
    b.revolute("fork", "base", ax, head, -0.6, 0.6)
    P.wheel(b, "front_wheel", "fork", (xf, 0, r), "y", r, wf)
    for name, sy in (("clutch", 1), ("brake", -1)):
        lever = b.link(f"{name}_lever", "aluminum",
                       S.bar((top[0] + 0.05, sy * (bar_w - 0.12), bar_z), (top[0] + 0.065, sy * (bar_w - 0.02), bar_z), 0.012, 0.008))
        b.revolute(lever, "fork", (0, 0, sy), (top[0] + 0.05, sy * (bar_w - 0.12), bar_z), 0.0, 0.25)
    grip = b.link("throttle", "rubber", S.cylinder(0.018, 0.12, (top[0], -bar_w + 0.07, bar_z), "y", sections=12))
    b.revolute(grip, "fork", (0, 1, 0), (top[0], 0, bar_z), 0.0, 1.4)
    xp, zp = xe0 + 0.02, r + 0.06
    arm = b.link("swingarm", "aluminum", *[S.bar((xp, sy * (wr / 2 + 0.03), zp), (xr, sy * (wr / 2 + 0.03), r), 0.03, 0.06) for sy in (-1, 1)],
                 S.rod((xp, -wr / 2 - 0.05, zp), (xp, wr / 2 + 0.05, zp), 0.02))
    b.revolute(arm, "base", (0, -1, 0), (xp, 0, zp), -0.08, 0.12)
    P.wheel(b, "rear_wheel", arm, (xr, 0, r), "y", r, wr)
    sp = (xe0 + 0.25, -0.16, 0.3)
    stand = b.link("side_stand", "metal", S.bar(sp, (xe0 + 0.15, -0.3, 0.02), 0.025, 0.025))
    b.revolute(stand, "base", (-1, 0, 0), sp, 0.0, 1.2)
    case = b.chance(0.35)
    if case:
        cz = seat_z + 0.01
        b.add("base", S.box((0.36, 0.4, 0.2), (xr + 0.05, 0, cz + 0.1)))
        lid = b.link("top_case_lid", "plastic", S.box((0.36, 0.4, 0.1), (xr + 0.05, 0, cz + 0.252)))
        b.revolute(lid, "base", (0, 1, 0), (xr + 0.23, 0, cz + 0.202), 0.0, 1.4)
    return "motorcycle" + (" with a top case" if case else "")


def _surface(b: Builder, name: str, parent: str, x: float, y0: float, y1: float, z: float,
             chord: float, lower: float, upper: float) -> None:
    """A control surface hinged 5 mm behind a trailing edge at ``x`` (the surface lies toward
    -X) over the span ``y0..y1`` (revolute about Y; positive angles move it down)."""
    b.link(name, "aluminum", S.box((chord, y1 - y0, 0.035), (x - 0.01 - chord / 2, (y0 + y1) / 2, z)))
    b.revolute(name, parent, (0, -1, 0), (x - 0.005, (y0 + y1) / 2, z), lower, upper)


@kind("aircraft", "vehicles")
def aircraft(b: Builder) -> str:
    """Light aircraft: a hollow fuselage (base) with the wing and tail (fixed), the propeller
    (continuous), two ailerons and the elevator (revolute), the rudder (revolute), on most two
    flaps (revolute), a cabin door on one or both sides (revolute), a high or a low wing, and
    tricycle gear (steered nose wheel: revolute knuckle, continuous wheel) or a tail wheel.

    Single-engine light aircraft (manufacturers' published dimensions, e.g. Cessna 172, Piper
    PA-28, Diamond DA40): 6.5-8.5 m long, spans 9-11.5 m, wing chords 1.3-1.6 m, propellers
    1.8-1.95 m across, main wheels 0.38-0.5 m across.
    """
    ln, span, chord = b.dim(6.5, 8.5), b.dim(9.0, 11.5), b.dim(1.3, 1.6)
    fw, fh, rw = b.dim(1.0, 1.2), b.dim(1.2, 1.4), b.dim(0.19, 0.25)
    tricycle = b.chance(0.6)
    zb = b.dim(0.6, 0.75)
    zc, nose = zb + fh / 2, ln / 2
    cab_l = ln * 0.45
    b.link("base", "aluminum", S.box((cab_l, fw, fh), (nose - cab_l / 2, 0, zc)),
           S.box((ln - cab_l, fw * 0.5, fh * 0.55), (nose - cab_l - (ln - cab_l) / 2, 0, zb + fh * 0.7)))
    b.cut("base", S.box((cab_l - 0.3, fw - 0.01, fh - 0.01), (nose - cab_l / 2 - 0.05, 0, zc)),
          S.box((ln - cab_l - 0.2, fw * 0.5 - 0.01, fh * 0.55 - 0.01), (nose - cab_l - (ln - cab_l) / 2 + 0.1, 0, zb + fh * 0.7)))
    high = b.chance(0.5)
    zw = zb + fh + 0.06 if high else zb + 0.06
    xw = nose - cab_l * 0.45  # the wing's leading edge
    tail_z, xt = zb + fh * 0.975 + 0.03, -ln / 2 + 0.9
    b.link("airframe", "foam", S.box((chord, span, 0.12), (xw - chord / 2, 0, zw)),
           S.box((0.8, span * 0.33, 0.05), (xt - 0.4 + 0.2, 0, tail_z)),
           S.box((1.0, 0.06, 1.1), (xt - 0.5 + 0.3, 0, tail_z + 0.58)))
    b.fixed("airframe", "base", (xw - chord / 2, 0, zw))
    te, cs = xw - chord, chord * 0.25
    flaps = b.chance(0.7)
    for side, sy in (("left", 1), ("right", -1)):
        y0, y1 = fw / 2 + 0.05, span * 0.3
        if flaps:
            _surface(b, f"flap_{side}", "airframe", te, *sorted((sy * y0, sy * y1)), zw, cs, 0.0, 0.7)
        a0, a1 = span * 0.3 + 0.05, span / 2 - 0.1
        _surface(b, f"aileron_{side}", "airframe", te, *sorted((sy * a0, sy * a1)), zw, cs, -0.35, 0.35)
    _surface(b, "elevator", "airframe", xt - 0.6, -span * 0.165, span * 0.165, tail_z, 0.35, -0.4, 0.35)
    rud = b.link("rudder", "aluminum", S.box((0.35, 0.04, 0.9), (xt - 0.71 - 0.175, 0, tail_z + 0.65)))
    b.revolute(rud, "airframe", "z", (xt - 0.705, 0, tail_z + 0.65), -0.45, 0.45)
    rp = min(0.95, zc - 0.25)
    prop = b.link("propeller", "aluminum", S.cylinder(0.12, 0.2, (nose + 0.1, 0, zc), "x"),
                  *[S.bar((nose + 0.1, 0, zc), (nose + 0.1, sy * rp, zc), 0.04, 0.12) for sy in (-1, 1)])
    b.continuous(prop, "base", "x", (nose, 0, zc))
    xm = xw - chord * 0.4
    for side, sy in (("left", 1), ("right", -1)):
        c = (xm, sy * (fw / 2 + 0.5), rw)
        b.add("base", S.bar((xm, sy * fw * 0.3, zb + 0.01), (xm, sy * (fw / 2 + 0.5 - 0.08), rw), 0.06, 0.05))
        P.wheel(b, f"main_wheel_{side}", "base", c, "y", rw, 0.14)
    if tricycle:
        xn = nose - 0.55
        b.add("base", S.rod((xn, 0, zb + 0.02), (xn, 0, 2 * rw + 0.05), 0.03))
        fork = b.link("nose_fork", "metal", S.box((0.06, 0.16, 0.05), (xn, 0, 2 * rw + 0.02)),
                      *[S.box((0.04, 0.02, rw + 0.02), (xn, sy * 0.07, rw + 0.01 + rw / 2)) for sy in (-1, 1)])
        b.revolute(fork, "base", "z", (xn, 0, rw), -0.5, 0.5)
        P.wheel(b, "nose_wheel", fork, (xn, 0, rw * 0.85), "y", rw * 0.85, 0.1)
    else:
        b.add("base", S.bar((-ln / 2 + 0.5, 0, zb + fh * 0.45), (-ln / 2 + 0.45, 0, 0.16), 0.04, 0.04))
        P.wheel(b, "tail_wheel", "base", (-ln / 2 + 0.45, 0, 0.08), "y", 0.08, 0.05)
    doors = b.count(1, 2)
    dz0, dz1 = (zb + 0.15, zb + fh - 0.1) if high else (zw + 0.12, zb + fh - 0.05)
    for side, sy in (("left", 1), ("right", -1))[:doors]:
        xd = xw - 0.05
        door = b.link(f"door_{side}", "aluminum", S.box((0.9, 0.01, dz1 - dz0), (xd - 0.45, sy * (fw / 2 + 0.007), (dz0 + dz1) / 2)))
        b.revolute(door, "base", (0, 0, -sy), (xd, sy * (fw / 2 + 0.012), (dz0 + dz1) / 2), 0.0, 1.2)
    return f"{'high' if high else 'low'}-wing light aircraft with {'tricycle gear' if tricycle else 'a tail wheel'}"


@kind("boat", "vehicles")
def boat(b: Builder) -> str:
    """Open motor dinghy: the hull with its pointed bow deck and 1-3 thwarts (base), the
    outboard's clamp bracket tilting up (revolute), the motor steering on it (revolute), its
    propeller (continuous), on some a twist-grip throttle on the tiller (revolute) and a bow
    locker lid (revolute).

    Open aluminium and fibreglass boats of 3-5 m (manufacturers' published dimensions, e.g.
    Linder, Quicksilver): beams 1.4-2.0 m, depths 0.5-0.7 m, transoms for 15-20 in (0.38-0.51
    m) outboard shafts; tiller outboards of 2-30 hp with 0.2-0.3 m propellers.
    """
    ln, bm, dp = b.dim(3.0, 5.0), b.dim(1.4, 2.0), b.dim(0.5, 0.7)
    wall = 0.015
    hl = ln - bm / 2  # the bow's point adds half a beam
    xt = -ln / 2
    side = bm / math.sqrt(2)
    b.link("base", "plastic", S.box((hl, bm, dp), (xt + hl / 2, 0, dp / 2)),
           S.box((side, side, dp), (xt + hl, 0, dp / 2), rotation=S.rotation("z", math.pi / 4)))
    b.cut("base", S.box((hl - 2 * wall, bm - 2 * wall, dp), (xt + hl / 2, 0, dp / 2 + wall)))
    thwarts = b.count(1, 3)
    for k in range(thwarts):
        b.add("base", S.box((0.25, bm - 0.02, 0.03), (xt + 1.0 + k * (hl - 1.3) / max(thwarts, 1), 0, dp * 0.6)))
    shaft = b.dim(0.38, 0.51)
    xs, zt = xt - 0.1, dp + 0.02
    bracket = b.link("clamp_bracket", "aluminum", S.box((0.06, 0.14, 0.16), (xt - 0.03, 0, dp - 0.06)))
    b.revolute(bracket, "base", (0, 1, 0), (xt - 0.05, 0, zt), 0.0, 1.0)
    prop_r = b.dim(0.1, 0.15)
    zl = dp - 0.05 - shaft
    motor = [S.box((0.1, 0.08, shaft), (xs, 0, dp - 0.05 - shaft / 2)),
             S.box((0.4, 0.3, 0.38), (xs - 0.1, 0, dp + 0.25)),
             S.bar((xt - 0.02, 0, dp + 0.17), (xt + 0.55, 0, dp + 0.17), 0.035, 0.035),
             S.cylinder(0.045, 0.2, (xs - 0.03, 0, zl - 0.02), "x", sections=12)]
    b.link("motor", "plastic", *motor)
    b.revolute("motor", bracket, "z", (xs, 0, zl), -0.6, 0.6)
    prop = b.link("propeller", "aluminum", S.cylinder(0.03, 0.06, (xs - 0.16, 0, zl - 0.02), "x", sections=12),
                  *[S.bar((xs - 0.16, 0, zl - 0.02), (xs - 0.16, prop_r * math.cos(a), zl - 0.02 + prop_r * math.sin(a)), 0.05, 0.01)
                    for a in (0.3, 0.3 + 2 * math.pi / 3, 0.3 + 4 * math.pi / 3)])
    b.continuous(prop, "motor", "x", (xs - 0.13, 0, zl - 0.02))
    extras = []
    if b.chance(0.5):
        grip = b.link("throttle_grip", "rubber", S.cylinder(0.022, 0.12, (xt + 0.49, 0, dp + 0.17), "x", sections=12))
        b.revolute(grip, "motor", "x", (xt + 0.49, 0, dp + 0.17), 0.0, 1.5)
        extras.append("a twist-grip throttle")
    if b.chance(0.5):
        x0 = xt + hl - 0.02
        lid = b.link("locker_lid", "plastic", S.box((0.4, bm * 0.5, 0.02), (x0 - 0.2, 0, dp + 0.01)))
        b.revolute(lid, "base", (0, -1, 0), (x0 - 0.4, 0, dp + 0.02), 0.0, 1.5)
        b.add("base", S.box((0.45, bm - 2 * wall, 0.02), (x0 - 0.225, 0, dp - 0.01)))
        extras.append("a bow locker")
    return f"motor dinghy with {thwarts} thwart{'s' * (thwarts > 1)}" + (" and " + " and ".join(extras) if extras else "")
