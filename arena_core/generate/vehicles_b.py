"""Vehicles, continued: wheelbarrows, hand trucks, tricycles, pull wagons, forklifts (wheels
continuous)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("wheelbarrow", "vehicles")
def wheelbarrow(b: Builder) -> str:
    """Wheelbarrow: a hollow tray with a sloped front on two handle shafts, one front wheel
    or two side by side (continuous each), two rear legs, and on some a stand that folds
    down under the tray (revolute).

    Contractor and garden barrows: 85-170 l trays (0.55-0.75 m wide, 0.2-0.3 m deep),
    1.4-1.6 m long overall, 0.35-0.4 m wheels (14-16 in; typical retail range, e.g.
    Jackson, True Temper).
    """
    w, depth = b.dim(0.55, 0.75), b.dim(0.2, 0.3)
    tray_l = b.dim(0.7, 0.95)
    wr = b.dim(0.175, 0.2)
    twin = b.chance(0.3)
    z0 = wr + 0.12  # the tray's floor
    material = b.pick(("metal", "plastic"))
    wall = 0.004 if material == "metal" else 0.006
    # the tray, open on top: its floor and four walls, each a box (its own convex piece once
    # the sloped front cuts it)
    rise = depth - wall
    b.link("base", material, S.box((tray_l, w, wall), (0, 0, z0 + wall / 2)),
           *[S.box((tray_l, wall, rise), (0, sy * (w - wall) / 2, z0 + wall + rise / 2)) for sy in (-1, 1)],
           *[S.box((wall, w - 2 * wall, rise), (sx * (tray_l - wall) / 2, 0, z0 + wall + rise / 2))
             for sx in (-1, 1)])
    # the front slopes forward by phi from vertical: the box is cut along that plane (normal
    # ``n``, through the floor's front edge) and closed by a plate inside it
    phi = b.real(0.5, 0.7)
    a = depth * math.tan(phi)
    n = np.array([math.cos(phi), 0.0, -math.sin(phi)])
    mid = np.array([tray_l / 2 - a / 2, 0.0, z0 + depth / 2])
    turn = S.rotation("y", phi)
    b.cut("base", S.box((0.4, w + 0.02, depth * 3), mid + n * 0.2, rotation=turn))
    b.add("base", S.box((2 * wall, w, depth / math.cos(phi)), mid, rotation=turn))  # half of it cut
    # the axle sits 15 mm more than the wheel's radius ahead of that plane
    x_axle = tray_l / 2 - a + (wr + 0.015 + math.sin(phi) * (wr - z0)) / math.cos(phi)
    handle_y = w / 2 - 0.06 if not twin else w / 2 - 0.03
    back = -tray_l / 2 - b.dim(0.35, 0.5)
    for sy in (-1, 1):  # the shafts run under the tray from the axle to the grips
        y = sy * handle_y
        under = (-tray_l / 2, y, z0 - 0.017)
        b.add("base", S.rod((x_axle, y, wr), under, 0.016), S.rod(under, (back, y, z0 + 0.03), 0.016),
              S.capsule(0.019, 0.11, (back - 0.04, y, z0 + 0.03), "x"),
              S.rod((-tray_l / 2 + 0.08, y, z0 - 0.02), (-tray_l / 2 + 0.12, y, 0.02), 0.012),
              S.box((0.05, 0.03, 0.02), (-tray_l / 2 + 0.12, y, 0.01)))
    if twin:
        for side, sy in (("left", -1), ("right", 1)):
            P.wheel(b, f"wheel_{side}", "base", (x_axle, sy * (handle_y - 0.06), wr), "y", wr, 0.07, spokes=0)
        b.add("base", S.rod((x_axle, -handle_y, wr), (x_axle, handle_y, wr), 0.01))
    else:
        P.wheel(b, "wheel", "base", (x_axle, 0, wr), "y", wr, 0.085, spokes=b.pick((0, 0, 8)))
        b.add("base", S.rod((x_axle, -handle_y, wr), (x_axle, handle_y, wr), 0.009),
              *[S.rod((x_axle - 0.02, sy * handle_y, wr), (x_axle - 0.02, sy * 0.055, wr), 0.006) for sy in (-1, 1)])
    return "twin-wheel wheelbarrow" if twin else "wheelbarrow"


@kind("hand_truck", "vehicles")
def hand_truck(b: Builder) -> str:
    """Hand truck (dolly): an upright frame on two wheels (continuous each) with a nose plate
    at its foot; the nose plate is welded on or folds up against the frame (revolute), and
    folding models have a telescoping handle (prismatic) in hollow uprights.

    Two-wheel hand trucks: 1.1-1.3 m tall, 0.35-0.5 m wide, nose plates 0.18-0.36 m deep,
    wheels 0.2-0.26 m (8-10 in) across; folding aluminium ones 0.9-1.0 m with 0.15-0.18 m
    wheels (typical retail range, e.g. Harper, Milwaukee, Magna Cart).
    """
    folding = b.chance(0.5)
    h = b.dim(0.9, 1.0) if folding else b.dim(1.1, 1.3)
    w = b.dim(0.35, 0.5)
    wr = b.dim(0.075, 0.09) if folding else b.dim(0.1, 0.13)
    nose_d, t = b.dim(0.18, 0.36), 0.008
    tube = 0.014
    material = "aluminum" if folding else "metal"
    b.link("base", material)
    uprights = [S.rod((0, sy * w / 2, 0.012), (0, sy * w / 2, h), tube) for sy in (-1, 1)]
    if folding:
        b.add("base", *[S.tube(0.009, tube, h - 0.012, (0, sy * w / 2, 0.012 + (h - 0.012) / 2)) for sy in (-1, 1)])
    else:
        b.add("base", *uprights, S.rod((0, -w / 2, h), (0, w / 2, h), tube))
        if b.chance(0.5):  # a loop handle bent back over the frame
            b.add("base", *[S.rod((0, sy * w / 2, h), (-0.12, sy * w * 0.3, h + 0.15), 0.012) for sy in (-1, 1)],
                  S.rod((-0.12, -w * 0.3, h + 0.15), (-0.12, w * 0.3, h + 0.15), 0.014))
    rungs = b.count(2, 4)
    b.add("base", *[S.rod((-0.012, -w / 2 + 0.012, z), (-0.012, w / 2 - 0.012, z), 0.009)
                    for z in np.linspace(0.15, h - 0.15, rungs)])
    x_axle = -wr * 0.9
    yw = w / 2 + 0.015 + 0.03  # the wheels' mid-planes, 15 mm outside the frame
    for side, sy in (("left", -1), ("right", 1)):
        b.add("base", S.bar((0, sy * w / 2, wr + 0.1), (x_axle, sy * w / 2, wr), 0.02, 0.012))
        P.wheel(b, f"wheel_{side}", "base", (x_axle, sy * yw, wr), "y", wr, 0.06, spokes=0)
    b.add("base", S.rod((x_axle, -yw + 0.03, wr), (x_axle, yw - 0.03, wr), 0.008))
    plate = [S.box((nose_d, w, t), (0.016 + nose_d / 2, 0, t / 2))]
    if folding or b.chance(0.5):
        b.add("base", S.box((0.03, w, 0.03), (0.0, 0, 0.027)))
        nose = b.link("nose_plate", material, *plate)
        b.revolute(nose, "base", (0, -1, 0), (0.016, 0, t), 0.0, math.pi / 2)
    else:
        b.add("base", *plate, S.box((0.03, w, 0.03), (0.0, 0, 0.027)))
    if folding:
        lift = b.dim(0.25, 0.4)
        handle = b.link("handle", "aluminum",
                        *[S.rod((0, sy * w / 2, h - lift), (0, sy * w / 2, h + 0.03), 0.0075) for sy in (-1, 1)],
                        S.rod((0, -w / 2 - 0.008, h + 0.03), (0, w / 2 + 0.008, h + 0.03), 0.012))
        b.prismatic(handle, "base", "z", 0.0, lift - 0.03)
    return "folding hand truck" if folding else "hand truck"


@kind("tricycle", "vehicles")
def tricycle(b: Builder) -> str:
    """Child's tricycle: steering fork with handlebar (revolute), front wheel with the crank
    on its hub (continuous), two pedals (continuous), two rear wheels (continuous), and
    optionally a rear basket (a hollow box) and a parent push handle that telescopes
    (prismatic).

    Toddler tricycles: 0.25-0.3 m (10-12 in) front wheels, 0.15-0.2 m rear wheels on a
    0.4-0.5 m track, seats 0.3-0.4 m high, 0.55-0.7 m to the handlebar (typical retail
    range, e.g. Radio Flyer, Schwinn). The steering axis passes through the front axle, so
    the wheel and the pedals turn inside a ball about it that the frame stays out of.
    """
    wr, rr = b.dim(0.125, 0.15), b.dim(0.075, 0.1)
    track, wheelbase = b.dim(0.4, 0.5), b.dim(0.5, 0.65)
    crank = b.dim(0.05, 0.07)
    tilt = math.radians(b.real(10, 20))
    axis = np.array([-math.sin(tilt), 0, math.cos(tilt)])
    front = np.array([wheelbase / 2, 0, wr])
    rear_x = -wheelbase / 2
    half_w, blade = 0.025, 0.037  # the wheel's half width; the fork blades' offset
    pedal_out = blade + 0.028 + 0.05  # the pedals' outer faces
    ball = max(wr, math.hypot(crank + 0.025, pedal_out)) + 0.03
    head_bottom = front + axis * ball
    head_top = head_bottom + axis * 0.1
    seat = np.array([rear_x + wheelbase * 0.35, 0, max(b.dim(0.3, 0.4), head_bottom[2] + 0.08)])
    b.link("base", "metal", S.rod(head_bottom, head_top, 0.02),
           S.rod(head_bottom, (seat[0], 0, head_bottom[2]), 0.018),
           S.rod((seat[0], 0, head_bottom[2]), (rear_x, 0, rr), 0.018),
           S.rod((rear_x, -track / 2 + 0.03, rr), (rear_x, track / 2 - 0.03, rr), 0.012),
           S.rod((seat[0], 0, head_bottom[2]), seat - (0, 0, 0.02), 0.014),
           S.box((0.2, 0.16, 0.04), seat + (0, 0, 0.0)))
    bar_h = head_top + axis * 0.2
    fork = b.link("fork", "metal", S.rod(head_bottom - axis * 0.02, head_bottom + (0, -blade, 0) - axis * 0.02, 0.01),
                  S.rod(head_bottom - axis * 0.02, head_bottom + (0, blade, 0) - axis * 0.02, 0.01),
                  S.rod(head_top + axis * 0.01, bar_h, 0.012),
                  S.rod(bar_h - (0, 0.2, 0), bar_h + (0, 0.2, 0), 0.012),
                  *[S.capsule(0.016, 0.08, bar_h + (0, sy * 0.16, 0), "y") for sy in (-1, 1)])
    for sy in (-1, 1):
        b.add(fork, S.rod(head_bottom + (0, sy * blade, 0) - axis * 0.02, front + (0, sy * blade, 0), 0.008))
    steer = b.real(0.8, 1.1)
    b.revolute(fork, "base", axis, head_bottom, -steer, steer)
    wheel = P.wheel(b, "front_wheel", fork, front, "y", wr, 2 * half_w - 0.004, spokes=b.pick((0, 6)))
    # the crank: an axle through the blades, an arm each side (opposite), a pedal on each
    b.add(wheel, S.rod(front - (0, blade + 0.02, 0), front + (0, blade + 0.02, 0), 0.007))
    for side, sy in (("left", -1), ("right", 1)):
        arm_y = sy * (blade + 0.018)
        tip = front + (0, arm_y, -sy * crank)
        b.add(wheel, S.bar(front + (0, arm_y, 0), tip, 0.016, 0.008))
        pedal = b.link(f"pedal_{side}", "plastic", S.box((0.06, 0.05, 0.02), tip + (0, sy * 0.033, 0)))
        b.continuous(pedal, wheel, "y", tip + (0, sy * 0.008, 0))
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"rear_wheel_{side}", "base", (rear_x, sy * (track / 2 + 0.02), rr), "y", rr, 0.035)
    extras = []
    if b.chance(0.5):  # a basket behind the rear axle
        bw = track - 0.08
        P.shell(b, "basket", "plastic", (0.16, bw, 0.1), (rear_x - 0.1, 0, rr + 0.07), 0.004, open_face="+z")
        b.add("basket", S.box((0.09, 0.02, 0.02), (rear_x - 0.045, 0, rr + 0.01)))
        b.fixed("basket", "base", (rear_x, 0, rr))
        extras.append("a basket")
    if b.chance(0.5):  # the parent handle rises from a socket on the frame behind the seat
        x_h = seat[0] - 0.125
        z_f = head_bottom[2] + (rr - head_bottom[2]) * (seat[0] - x_h) / (seat[0] - rear_x)
        z_top = seat[2] + 0.05
        b.add("base", S.tube(0.011, 0.016, z_top - z_f, (x_h, 0, (z_top + z_f) / 2)))
        pole = b.link("push_handle", "aluminum", S.rod((x_h, 0, z_f + 0.03), (x_h, 0, z_top + 0.45), 0.009),
                      S.capsule(0.018, 0.1, (x_h, 0, z_top + 0.47), "y"))
        b.prismatic(pole, "base", "z", 0.0, b.dim(0.1, 0.25))
        extras.append("a push handle")
    return "tricycle" + (" with " + " and ".join(extras) if extras else "")


@kind("wagon", "vehicles")
def wagon(b: Builder) -> str:
    """Pull wagon: a hollow bed on a rear axle (two wheels, continuous), a front axle on a
    fifth-wheel steering bracket (revolute about Z) with its two wheels (continuous) and the
    pull handle (revolute), and on some a tailgate that folds down (revolute).

    Children's and garden pull wagons: beds 0.8-1.1 m by 0.4-0.55 m with 0.12-0.25 m sides,
    0.2-0.26 m (8-10 in) wheels, 0.7-1.0 m handles (typical retail range, e.g. Radio Flyer,
    Gorilla Carts). The front wheels turn under the bed, 15 mm below it.
    """
    ln, w, side_h = b.dim(0.8, 1.1), b.dim(0.4, 0.55), b.dim(0.12, 0.25)
    wr = b.dim(0.1, 0.13)
    z_bed = 2 * wr + 0.015 + 0.02  # the bed's underside
    material = b.pick(("wood", "plastic", "metal"))
    wall = 0.012 if material == "wood" else 0.004
    P.shell(b, "base", material, (ln, w, side_h), (0, 0, z_bed + side_h / 2), wall, open_face="+z")
    tailgate = b.chance(0.5)
    if tailgate:  # the back wall becomes a gate hinged on the floor's back edge
        b.cut("base", S.box((wall * 3, w - 2 * wall, side_h), (-ln / 2, 0, z_bed + wall + side_h / 2 + 0.001)))
        gate = b.link("tailgate", material, S.box((wall, w - 2 * wall - 0.004, side_h - wall - 0.002),
                                                   (-ln / 2 + wall / 2, 0, z_bed + wall + (side_h - wall) / 2 + 0.001)))
        b.revolute(gate, "base", (0, 1, 0), (-ln / 2, 0, z_bed + wall), 0.0, math.pi / 2)
    x_rear, x_front = -ln / 2 + wr + 0.03, ln / 2 - wr - 0.06
    b.add("base", S.box((0.05, w * 0.6, 0.02), (x_rear, 0, z_bed - 0.01)),
          *[S.box((0.03, 0.02, z_bed - wr), (x_rear, sy * w * 0.25, wr + (z_bed - wr) / 2)) for sy in (-1, 1)],
          S.rod((x_rear, -w / 2 - 0.01, wr), (x_rear, w / 2 + 0.01, wr), 0.009),
          S.cylinder(0.06, 0.01, (x_front, 0, z_bed - 0.005)))
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"rear_wheel_{side}", "base", (x_rear, sy * (w / 2 + 0.03), wr), "y", wr, 0.04)
    # the bracket: a turntable plate under the bed, its axle and the handle's clevis ahead
    arm = ln / 2 + 0.03 - x_front  # the handle's pivot is 3 cm ahead of the bed
    bracket = b.link("steering", "metal", S.cylinder(0.06, 0.01, (x_front, 0, z_bed - 0.016)),
                     *[S.box((0.03, 0.02, z_bed - 0.021 - wr), (x_front, sy * w * 0.25, wr + (z_bed - 0.021 - wr) / 2)) for sy in (-1, 1)],
                     S.rod((x_front, -w / 2 - 0.01, wr), (x_front, w / 2 + 0.01, wr), 0.009),
                     S.bar((x_front, 0, wr), (x_front + arm, 0, wr), 0.04, 0.015))
    b.revolute(bracket, "base", "z", (x_front, 0, z_bed - 0.011), -0.6, 0.6)
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"front_wheel_{side}", bracket, (x_front, sy * (w / 2 + 0.03), wr), "y", wr, 0.04)
    handle_l = b.dim(0.7, 1.0)
    rest = b.real(0.3, 0.6)  # the handle's pitch above the horizontal, at rest
    pivot = np.array([x_front + arm, 0, wr])
    tip = pivot + handle_l * np.array([math.cos(rest), 0, math.sin(rest)])
    grip = b.pick(("T", "loop"))
    parts = [S.rod(pivot, tip, 0.01), S.cylinder(0.012, 0.03, pivot, "y", sections=12)]
    if grip == "T":
        parts.append(S.capsule(0.015, 0.16, tip, "y"))
    else:
        ring = S.torus(0.06, 0.01, tip + np.array([math.cos(rest), 0, math.sin(rest)]) * 0.06, "y")
        parts.append(ring)
    handle = b.link("handle", "metal", *parts)
    # from 0.1 rad above the ground to upright (the bed's front is 3 cm or more behind the pivot)
    b.revolute(handle, bracket, (0, -1, 0), pivot, -(rest - 0.1), math.pi / 2 - rest)
    return "pull wagon with a tailgate" if tailgate else "pull wagon"


@kind("forklift", "vehicles")
def forklift(b: Builder) -> str:
    """Counterbalance forklift: front wheels (continuous), rear wheels on steering knuckles
    (revolute about Z, then continuous), a mast that tilts (revolute) with on some a second
    telescoping stage (prismatic), the fork carriage lifting on it (prismatic), two forks
    welded on or sliding sideways on a fork positioner (prismatic each), and the steering
    wheel (continuous): 8-12 joints.

    Proportions of 1.5-3 t counterbalance trucks from manufacturers' specification sheets
    (e.g. Toyota, Linde, Hyster): 1.0-1.25 m wide, 1.3-1.7 m wheelbase, 0.5-0.66 m front and
    0.38-0.48 m rear tyres, 0.9-1.2 m forks, a 2.0-2.2 m overhead guard, a 1.9-2.3 m lowered
    mast tilting 5-6 degrees forward and 6-8 back. The body and the guard stop short of the
    mast's backward sweep; the chassis spine between the rear wheels clears their steering
    circles; the forks rest 3 cm above the ground.
    """
    wf, wr = b.dim(0.25, 0.33), b.dim(0.19, 0.24)
    wwf, wwr = 0.2, 0.16
    width, base_l = b.dim(1.0, 1.25), b.dim(1.3, 1.7)
    mast_h, guard_h = b.dim(1.9, 2.3), b.dim(2.0, 2.2)
    fwd, back = b.real(0.085, 0.1), b.real(0.1, 0.14)
    x_m = wf + 0.08  # the mast's back face
    z_p = wf  # the tilt pivot
    z_u = 2 * max(wf, wr) + 0.03  # the body's underside
    z_h = z_u + b.dim(0.35, 0.5)  # the hood
    x_r = -base_l
    y_r = width / 2 - wwr / 2 - 0.03
    sweep = math.hypot(wr, wwr / 2 + 0.03) + 0.03
    spine = min(width / 2 - wwf - 0.03, y_r - sweep)
    x_bf = x_m + 0.05 - (z_h - z_p) * math.sin(back) - 0.05  # the body's front
    b.link("base", "metal", S.box((x_bf - x_r + 0.35, 2 * spine, z_u + 0.02 - 0.15), ((x_bf + x_r - 0.35) / 2, 0, (z_u + 0.02 + 0.15) / 2)),
           S.box((x_bf - x_r + 0.45, width - 0.04, z_h - z_u), ((x_bf + x_r - 0.45) / 2, 0, (z_h + z_u) / 2)),
           S.box((0.5, width - 0.04, 0.25), (x_r - 0.2, 0, z_h + 0.1)),  # the counterweight
           S.rod((0, -width / 2 + wwf, wf), (0, width / 2 - wwf, wf), 0.04))
    rail_y = b.dim(0.32, 0.4)
    for sy in (-1, 1):  # the tilt brackets from the chassis to the pivot
        b.add("base", S.box((x_m + 0.05 - x_bf + 0.02, 0.04, 0.08), ((x_m + 0.05 + x_bf - 0.02) / 2, sy * rail_y, z_p)))
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"front_wheel_{side}", "base", (0, sy * (width / 2 - wwf / 2), wf), "y", wf, wwf - 0.01)
        yk = sy * y_r
        knuckle = b.link(f"knuckle_{side}", "metal", S.rod((x_r, yk, z_u + 0.01), (x_r, yk, 2 * wr + 0.015), 0.025),
                         S.box((0.06, 0.012, 2 * wr + 0.03 - wr), (x_r, yk - sy * (wwr / 2 + 0.014), wr + (wr + 0.03) / 2)),
                         S.box((0.06, wwr / 2 + 0.02, 0.02), (x_r, yk - sy * (wwr / 4 + 0.01), 2 * wr + 0.025)))
        steer = b.real(1.0, 1.25)
        b.revolute(knuckle, "base", "z", (x_r, yk, z_u), -steer, steer)
        P.wheel(b, f"rear_wheel_{side}", knuckle, (x_r, yk, wr), "y", wr, wwr - 0.01)
    # the overhead guard: four posts and a roof with openings
    x_g = x_m - (guard_h - z_p) * math.sin(back) - 0.1  # 10 cm behind the tilted-back mast
    roof_l = min(b.dim(0.9, 1.1), x_g - x_r + 0.2)
    for x in (x_g - 0.03, x_g - roof_l + 0.03):
        for sy in (-1, 1):
            b.add("base", S.rod((x, sy * (width / 2 - 0.08), z_h), (x, sy * (width / 2 - 0.08), guard_h - 0.02), 0.03))
    b.add("base", S.box((roof_l, width - 0.1, 0.04), (x_g - roof_l / 2, 0, guard_h - 0.02)),
          S.box((0.4, 0.45, 0.1), (x_g - roof_l * 0.6, 0, z_h + 0.05)))  # the seat
    b.cut("base", *[S.box((roof_l / 3 - 0.06, width - 0.22, 0.06), (x_g - roof_l * (2 * k + 1) / 6, 0, guard_h - 0.02))
                    for k in range(3)])
    col0 = np.array([x_bf - 0.12, 0, z_h])
    col1 = col0 + np.array([-0.2, 0, 0.3])
    b.add("base", S.rod(col0, col1, 0.025))
    axis = (col1 - col0) / S.length(col1 - col0)
    wheel = b.link("steering_wheel", "plastic", S.torus(0.15, 0.015, col1 + axis * 0.03, axis),
                   S.bar(col1 + axis * 0.03 - (0, 0.15, 0), col1 + axis * 0.03 + (0, 0.15, 0), 0.02, 0.01),
                   S.cylinder(0.03, 0.04, col1 + axis * 0.02, axis, sections=12))
    b.continuous(wheel, "base", axis, col1)
    # the mast: two outer rails with cross members
    mast = b.link("mast", "metal", *[S.box((0.1, 0.06, mast_h), (x_m + 0.05, sy * rail_y, 0.06 + mast_h / 2)) for sy in (-1, 1)],
                  S.box((0.06, 2 * rail_y, 0.08), (x_m + 0.03, 0, mast_h + 0.02)),
                  S.box((0.06, 2 * rail_y, 0.08), (x_m + 0.03, 0, 0.1)))
    b.revolute(mast, "base", (0, 1, 0), (x_m + 0.05, 0, z_p), -back, fwd)
    parent, stages = mast, 1
    if b.chance(0.5):
        inner = b.link("inner_mast", "metal", *[S.box((0.07, 0.05, mast_h - 0.06), (x_m + 0.055, sy * (rail_y - 0.07), 0.17 + (mast_h - 0.06) / 2))
                                                for sy in (-1, 1)],
                       S.box((0.05, 2 * rail_y - 0.14, 0.06), (x_m + 0.055, 0, mast_h + 0.08)))
        b.prismatic(inner, mast, "z", 0.0, round(mast_h - 0.4, 3))
        parent, stages = inner, 2
    cw = rail_y + 0.12
    x_c = x_m + 0.105
    carriage = b.link("carriage", "metal", S.box((0.04, 2 * cw, 0.45), (x_c + 0.02, 0, 0.1 + 0.225)),
                      *[S.rod((x_c + 0.02, y, 0.55), (x_c + 0.02, y, 1.2), 0.012) for y in np.linspace(-cw + 0.02, cw - 0.02, 5)],
                      S.rod((x_c + 0.02, -cw, 1.2), (x_c + 0.02, cw, 1.2), 0.015))
    b.prismatic(carriage, parent, "z", 0.0, round(mast_h - 0.75, 3))
    fork_l, tine_w = b.dim(0.9, 1.2), b.dim(0.1, 0.12)
    spread = b.dim(0.45, 2 * cw - tine_w - 0.04)
    positioner = b.chance(0.4)
    for side, sy in (("left", -1), ("right", 1)):
        y = sy * spread / 2
        tine = [S.box((0.045, tine_w, 0.5), (x_c + 0.0625, y, 0.03 + 0.25)),
                S.box((fork_l, tine_w, 0.045), (x_c + 0.04 + fork_l / 2, y, 0.03 + 0.0225))]
        if positioner:  # each fork slides from 5 mm off the middle to the carriage's edge
            fork = b.link(f"fork_{side}", "metal", *tine)
            inward = spread / 2 - tine_w / 2 - 0.005
            outward = max(0.0, cw - spread / 2 - tine_w / 2)
            b.prismatic(fork, carriage, (0, -sy, 0), -outward, inward, point=(x_c + 0.04, y, 0.3))
        else:
            b.add(carriage, *tine)
    return f"forklift with a {stages}-stage mast" + (" and a fork positioner" if positioner else "")
