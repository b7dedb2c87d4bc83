"""Vessels: collapsible and lidded crates, curbside and wall mailboxes, jerry cans, cash
boxes, bread boxes, trigger spray bottles and pet carriers (front +X, width along Y)."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("crate", "containers")
def crate(b: Builder) -> str:
    """Plastic crate: a collapsible crate whose four walls fold inward onto the floor
    (revolute each, one long wall on some with a drop-down access door), or a rigid tote
    with two attached lid halves hinged on its long edges (revolute); hand holes in the ends.

    Sizes: 0.4-0.6 m long, 0.3-0.4 m wide and 0.17-0.3 m tall, 4-6 mm walls (the 600 x 400
    and 400 x 300 mm footprints of ISO 3394 / EN 13199 stacking containers; typical retail
    range of folding crates and attached-lid totes).
    """
    ln, d, h = b.dim(0.4, 0.6), b.dim(0.3, 0.4), b.dim(0.17, 0.3)
    t = b.dim(0.004, 0.006)
    material = "plastic"
    if b.chance(0.4):
        b.link("base", material, S.box((d, ln, h), (0, 0, h / 2)))
        b.cut("base", S.box((d - 2 * t, ln - 2 * t, h), (0, 0, h / 2 + 0.008)))
        b.cut("base", *[S.box((0.03, 0.1, 0.03), (0, sy * ln / 2, h - 0.04)) for sy in (-1, 1)])
        lt = 0.006
        for k, sx in enumerate((1, -1)):
            lid = b.link(f"lid_{k}", material, S.box((d / 2 - 0.002, ln, lt), (sx * (d / 4 + 0.001), 0, h + lt / 2)))
            b.revolute(lid, "base", (0, sx, 0), (sx * d / 2, 0, h), 0.0, b.real(2.6, 2.9))
        return "attached-lid tote crate"
    rim = b.dim(0.025, 0.04)
    b.link("base", material, S.box((d, ln, rim), (0, 0, rim / 2)))
    b.cut("base", S.box((d - 2 * t, ln - 2 * t, rim), (0, 0, rim / 2 + 0.01)))
    p, z0, hw = t + 0.006, rim + 0.001, h - rim - 0.001
    for k, sx in enumerate((1, -1)):
        wall = b.link(f"side_{k}", material, S.box((t, ln - 2 * p, hw), (sx * (d / 2 - t / 2), 0, z0 + hw / 2)))
        b.revolute(wall, "base", (0, -sx, 0), (sx * (d / 2 - t), 0, z0), 0.0, math.pi / 2)
    for k, sy in enumerate((1, -1)):
        wall = b.link(f"end_{k}", material, S.box((d - 2 * p, t, hw), (0, sy * (ln / 2 - t / 2), z0 + hw / 2)))
        b.cut(wall, S.box((0.1, 0.03, 0.03), (0, sy * ln / 2, z0 + hw - 0.035)))
        b.revolute(wall, "base", (sy, 0, 0), (0, sy * (ln / 2 - t), z0), 0.0, math.pi / 2)
    if b.chance(0.4):
        dw, dz = (ln - 2 * p) * 0.6, hw * 0.55
        b.cut("side_0", S.box((0.03, dw, dz), (d / 2, 0, z0 + hw - dz / 2 - 0.02)))
        P.door(b, "access_door", "side_0", x_face=d / 2 - t, y0=-dw / 2, y1=dw / 2,
               z0=z0 + hw - dz - 0.02, z1=z0 + hw - 0.02, t=t, hinge="bottom",
               material=material, max_angle=math.pi / 2, handle=None)
        return "collapsible crate with a drop-down door"
    return "collapsible crate"


@kind("mailbox", "containers")
def mailbox(b: Builder) -> str:
    """Mailbox: a curbside mailbox (a tunnel-topped box with a front door dropping open on
    its bottom hinge and a side flag, both revolute; on a post on most), or a wall letterbox
    (a side-hinged front door with a key lock and a letter-slot flap hinged at its top, all
    revolute; a window in the door or a newspaper tube on some).

    Sizes: curbside boxes from USPS size T1 (about 6.5 x 8.5 x 19 in) to T2 (about 11.5 x
    14 x 23 in), the box bottom 41-45 in (1.04-1.14 m) above the road (USPS curbside
    mailbox guidance); wall letterboxes 0.3-0.4 m wide, 0.3-0.45 m tall and 0.08-0.15 m deep
    with a slot for C4 envelopes (EN 13724 apertures, 230-325 mm x 25-35 mm).
    """
    if b.chance(0.55):
        return _curbside(b)
    d, w, h = b.dim(0.08, 0.15), b.dim(0.3, 0.4), b.dim(0.3, 0.45)
    material = b.pick(("metal", "aluminum", "plastic"))
    wall = 0.0015 if material != "plastic" else 0.003
    band = b.dim(0.06, 0.08)
    P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), wall)
    b.add("base", S.box((wall, w - 2 * wall, band), (d / 2 - wall / 2, 0, h - band / 2)))
    sw = b.dim(0.23, 0.325) if w > 0.35 else b.dim(0.23, w - 0.06)
    b.cut("base", S.box((0.01, sw, 0.03), (d / 2, 0, h - band / 2)))
    P.door(b, "slot_flap", "base", x_face=d / 2, y0=-sw / 2 - 0.01, y1=sw / 2 + 0.01,
           z0=h - band + 0.008, z1=h - 0.008, t=0.003, hinge="top", material=material,
           max_angle=b.real(1.0, 1.3), handle=None)
    hinge = b.pick(("left", "right"))
    glass = b.chance(0.3)
    P.door(b, "door", "base", x_face=d / 2, y0=-w / 2, y1=w / 2, z0=0.0, z1=h - band,
           t=0.004, hinge=hinge, material=material, max_angle=b.real(1.6, 1.9), handle=None,
           glass=glass)
    y_lock = (w / 2 - 0.04) * (1 if hinge == "left" else -1)
    P.knob(b, "lock", "door", (d / 2 + 0.004, y_lock, (h - band) * 0.6), "x", 0.01, 0.008,
           limits=(0.0, math.pi / 2))
    extra = " with a window" if glass else ""
    if b.chance(0.4):
        b.add("base", S.tube(0.04, 0.043, w * 0.9, (0, 0, -0.045), "y"),
              *[S.box((0.02, 0.004, 0.05), (0, sy * w * 0.4, -0.02)) for sy in (-1, 1)])
        extra += " and a newspaper tube"
    return "wall letterbox" + extra


def _curbside(b: Builder) -> str:
    """The curbside mailbox of :func:`mailbox`."""
    s = b.real(0.0, 1.0)
    w, ht = round(0.165 + 0.125 * s, 3), round(0.216 + 0.144 * s, 3)
    ln = round(0.48 + 0.1 * s + b.dim(-0.02, 0.02), 3)
    r, t = w / 2, 0.0012
    hb = ht - r
    post = b.chance(0.75)
    z0 = b.dim(1.04, 1.14) if post else 0.0
    b.link("base", "metal", S.box((ln, w, t), (0, 0, z0 + t / 2)),
           S.box((t, w, hb), (-ln / 2 + t / 2, 0, z0 + hb / 2)),
           S.cylinder(r, t, (-ln / 2 + t / 2, 0, z0 + hb), "x"),
           *[S.box((ln, t, hb), (0, sy * (r - t / 2), z0 + hb / 2)) for sy in (-1, 1)])
    n = 8  # the arched roof: staves around the X axis
    chord = 2 * r * math.sin(math.pi / (2 * n)) + 0.001
    for k in range(n):
        a = math.pi * (k + 0.5) / n
        b.add("base", S.box((ln, chord, t), (0, (r - t / 2) * math.cos(a), z0 + hb + (r - t / 2) * math.sin(a)),
                            rotation=S.rotation("x", a + math.pi / 2)))
    if post:
        pole = b.link("post", "wood", S.box((0.09, 0.09, z0 - 0.02), (-ln * 0.1, 0, (z0 - 0.02) / 2)),
                      S.box((ln * 0.7, w * 0.8, 0.02), (-ln * 0.05, 0, z0 - 0.01)))
        b.fixed(pole, "base")
    td, x0 = 0.003, ln / 2 + 0.002
    door = b.link("door", "metal", S.box((td, w, hb), (x0 + td / 2, 0, z0 + hb / 2)),
                  S.cylinder(r, td, (x0 + td / 2, 0, z0 + hb), "x"),
                  S.box((0.012, 0.03, 0.008), (x0 + td + 0.006, 0, z0 + hb + r * 0.7)))
    b.revolute(door, "base", (0, 1, 0), (x0 + td, 0, z0), 0.0, b.real(1.6, 1.75))
    arm, yf = ln * 0.3, w / 2 + 0.004
    xp, zp = -ln * 0.15, z0 + hb * 0.6
    flag = b.link("flag", "metal", S.cylinder(0.008, 0.006, (xp, yf + 0.003, zp), "y"),
                  S.box((arm, 0.004, 0.02), (xp - arm / 2, yf + 0.003, zp)),
                  S.box((0.06, 0.004, 0.05), (xp - arm + 0.03, yf + 0.003, zp + 0.035)))
    b.revolute(flag, "base", (0, 1, 0), (xp, yf, zp), 0.0, math.pi / 2)
    return "curbside mailbox" + (" on a post" if post else "")


@kind("jerry_can", "containers")
def jerry_can(b: Builder) -> str:
    """Jerry can: a closed flat canister with a neck at one top corner; a steel can with
    three carry handles, pressed X ribs and a hinged cap (revolute) locked by a cam lever
    (revolute), or a plastic can with one handle, a screw cap (helical) and a screw vent
    cap (helical).

    Sizes: 0.3-0.35 m wide, 0.13-0.17 m thick and 0.33-0.48 m tall for 10-20 L (the NATO
    20 L can is about 470 x 340 x 165 mm, 0.9 mm steel, about 4 kg empty; typical retail
    range of 10-20 L plastic fuel and water cans), necks 40-52 mm across.
    """
    w, d, h = b.dim(0.3, 0.35), b.dim(0.13, 0.17), b.dim(0.33, 0.48)
    steel = b.chance(0.5)
    wall = 0.0009 if steel else 0.0025
    material = "metal" if steel else "plastic"
    P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), wall, open_face=None)
    rn = b.dim(0.02, 0.026)
    xn, yn = d / 2 - rn - 0.012, -w / 2 + rn + 0.03
    zn = h + 0.03
    b.add("base", S.tube(rn - 0.003, rn, 0.032, (xn, yn, h + 0.014), sections=12))
    y_from = yn + rn + 0.03
    if steel:
        for y in [y_from + (w / 2 - 0.03 - y_from) * k / 2 for k in range(3)]:
            b.add("base", S.box((d - 0.03, 0.014, 0.016), (0, y, h + 0.035)),
                  *[S.box((0.012, 0.012, 0.03), (sx * (d / 2 - 0.021), y, h + 0.013)) for sx in (-1, 1)])
        diag = math.atan2(h * 0.8, w * 0.8)
        for sx in (-1, 1):
            for a in (diag, -diag):
                b.add("base", S.box((0.004, math.hypot(w, h) * 0.75, 0.025), (sx * (d / 2 + 0.001), 0, h / 2),
                                    rotation=S.rotation("x", a)))
        xh = xn + rn + 0.008
        b.add("base", S.box((xh - xn - rn + 0.006, 0.012, zn - h - 0.006), ((xn + rn + xh) / 2, yn, (h + zn - 0.006) / 2)))
        cap = b.link("cap", "metal", S.cylinder(rn + 0.004, 0.012, (xn, yn, zn + 0.007)),
                     S.box((xh - xn + 0.004, 0.014, 0.006), ((xn + xh) / 2, yn, zn + 0.004)))
        b.revolute(cap, "base", (0, 1, 0), (xh, yn, zn + 0.002), 0.0, b.real(1.9, 2.3))
        lever = b.link("cam_lever", "metal", S.cylinder(0.004, 0.02, (xh, yn, zn + 0.018), "y", sections=8),
                       S.box((xh - xn + rn * 0.6, 0.012, 0.005), (xh - (xh - xn + rn * 0.6) / 2, yn, zn + 0.018)))
        b.revolute(lever, cap, (0, 1, 0), (xh, yn, zn + 0.018), 0.0, b.real(1.0, 1.3))
        return "steel jerry can with a cam-locked cap"
    b.add("base", S.box((0.02, w / 2 - 0.03 - y_from + 0.02, 0.022), (0, (y_from + w / 2 - 0.03) / 2, h + 0.04)),
          *[S.box((0.018, 0.02, 0.035), (0, y, h + 0.016)) for y in (y_from, w / 2 - 0.03)])
    pitch = 0.004 / (2 * math.pi)
    # caps are solid over their necks (a cap and its own neck never count as colliding)
    cap = b.link("cap", "plastic", S.cylinder(rn + 0.005, 0.026, (xn, yn, zn - 0.007)))
    b.helical(cap, "base", "z", (xn, yn, zn), 0.0, b.real(2.0, 3.0) * 2 * math.pi, pitch)
    xv = -d / 2 + 0.025
    b.add("base", S.cylinder(0.008, 0.012, (xv, yn, h + 0.004), sections=12))
    vent = b.link("vent_cap", "plastic", S.cylinder(0.011, 0.013, (xv, yn, h + 0.0085), sections=12))
    b.helical(vent, "base", "z", (xv, yn, h + 0.012), 0.0, 2 * 2 * math.pi, 0.002 / (2 * math.pi))
    return "plastic jerry can with a screw cap and a vent"


@kind("cash_box", "containers")
def cash_box(b: Builder) -> str:
    """Cash box: a steel box with a lid hinged at the back (revolute), a lift-out coin
    tray of 4-6 compartments on ledges inside (prismatic, gated by the lid) on most, a key
    lock (revolute) or three combination wheels (continuous) in front, and a folding
    carry handle on the lid (revolute) on some.

    Sizes: 0.2-0.37 m long, 0.15-0.29 m deep and 0.07-0.11 m tall in 0.8-1.2 mm steel
    (typical retail range of 8-14.5 in cash boxes).
    """
    ln, d, h = b.dim(0.2, 0.37), b.dim(0.15, 0.29), b.dim(0.07, 0.11)
    wall, lt = 0.0012, b.dim(0.015, 0.025)
    P.shell(b, "base", "metal", (d, ln, h), (0, 0, h / 2), wall, open_face="+z")
    P.shell(b, "lid", "metal", (d, ln, lt), (0, 0, h + lt / 2), wall, open_face="-z")
    b.revolute("lid", "base", (0, -1, 0), (-d / 2, 0, h), 0.0, b.real(1.75, 1.95))
    tray = ""
    if b.chance(0.75):
        ledge, th = h - b.dim(0.03, 0.045), 0.025
        for sx in (-1, 1):
            b.add("base", S.box((0.006, ln - 2 * wall, 0.004), (sx * (d / 2 - wall - 0.003), 0, ledge - 0.002)))
        td, tw = d - 2 * wall - 0.006, ln - 2 * wall - 0.006
        b.link("tray", "plastic", S.box((td, tw, th), (0, 0, ledge + th / 2)))
        n = b.count(4, 6)
        cw = (tw - 0.003 * (n + 1)) / n
        b.cut("tray", *[S.box((td * 0.55, cw, th), (-td * 0.2, -tw / 2 + 0.003 + cw / 2 + k * (cw + 0.003), ledge + th / 2 + 0.002))
                        for k in range(n)],
              S.box((td * 0.35 - 0.006, tw - 0.006, th), (td / 2 - 0.003 - (td * 0.35 - 0.006) / 2, 0, ledge + th / 2 + 0.002)))
        b.prismatic("tray", "base", "z", 0.0, h * 0.6)
        tray = f" and a {n}-cup coin tray"
    zl = h - 0.02
    if b.chance(0.6):
        P.knob(b, "lock", "base", (d / 2, 0, zl), "x", 0.009, 0.006, limits=(0.0, math.pi / 2))
        lock = "key lock"
    else:
        for k in range(3):
            P.knob(b, f"dial_{k}", "base", (d / 2, (k - 1) * 0.025, zl), "x", 0.009, 0.006)
        lock = "combination lock"
    if b.chance(0.7):
        span, zg = min(0.12, ln * 0.45), h + lt + 0.006
        grip = b.link("handle", "metal", S.rod((0, -span / 2, zg), (0, span / 2, zg), 0.005),
                      *[S.rod((0, sy * span / 2, zg), (-0.03, sy * span / 2, zg), 0.004) for sy in (-1, 1)])
        b.revolute(grip, "lid", (0, -1, 0), (-0.03, 0, zg), 0.0, b.real(1.3, 1.6))
    return f"cash box with a {lock}{tray}"


@kind("bread_box", "containers")
def bread_box(b: Builder) -> str:
    """Bread box: a hollow bin with a drop-front door (one or two, revolute on the bottom
    edge), a lift-up lid hinged at the back (revolute), or a roll top: a curved door turning
    up and back into the bin about its axis (revolute); a knob or a bar pull.

    Sizes: 0.3-0.45 m wide, 0.2-0.3 m deep and 0.16-0.3 m tall, 10 mm wood or 1.5 mm
    enamelled steel (typical retail range of bread bins, e.g. 15-20 L roll-top bins).
    """
    w, d, h = b.dim(0.3, 0.45), b.dim(0.2, 0.3), b.dim(0.16, 0.3)
    material = b.pick(("wood", "metal", "plastic"))
    wall = {"wood": 0.01, "metal": 0.0015, "plastic": 0.003}[material]
    style = b.pick(("drop_front", "lift_lid", "roll_top"))
    if style == "roll_top":
        return _roll_top(b, w, d, h, wall, material)
    if style == "lift_lid":
        P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), wall, open_face="+z")
        lt = max(0.008, wall * 1.5)
        lid = b.link("lid", material, S.box((d, w, lt), (0, 0, h + lt / 2)))
        b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h), 0.0, b.real(1.6, 1.9))
        b.add(lid, S.cylinder(0.01, 0.016, (d / 2 - 0.035, 0, h + lt + 0.008), sections=12))
        return f"{material} bread box with a lift-up lid"
    P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), wall)
    doors = 2 if w > 0.36 and b.chance(0.5) else 1
    if doors == 2:
        b.add("base", S.box((d - wall, wall, h - 2 * wall), (-wall / 2, 0, h / 2)))
    pull = b.pick(("knob", "bar", "edge"))
    for k in range(doors):
        y0 = -w / 2 + wall + k * (w - 2 * wall) / doors
        y1 = y0 + (w - 2 * wall) / doors
        P.door(b, f"door_{k}", "base", x_face=d / 2, y0=y0, y1=y1, z0=wall, z1=h - wall,
               t=max(0.006, wall), hinge="bottom", material=material,
               max_angle=b.real(1.45, 1.57), handle=pull)
    return f"{material} bread box with {doors} drop-front door{'s' if doors > 1 else ''}"


def _roll_top(b: Builder, w: float, d: float, h: float, wall: float, material: str) -> str:
    """The roll-top bread box of :func:`bread_box` (its door a quarter tube about Y)."""
    r = min(h - wall - 0.016, d - wall - 0.008) / 2 * 0.95
    xa, za = d / 2 - r - 0.003, h - wall - 0.012 - r
    rs = r + 0.002
    b.link("base", material, S.box((d, w, wall), (0, 0, wall / 2)),
           S.box((wall, w, h), (-d / 2 + wall / 2, 0, h / 2)),
           S.box((xa + d / 2, w, wall), ((xa - d / 2) / 2, 0, h - wall / 2)),
           S.box((wall, w, za - 0.003), (d / 2 - wall / 2, 0, (za - 0.003) / 2)))
    for sy in (-1, 1):
        y = sy * (w / 2 - wall / 2)
        b.add("base", S.box((xa + d / 2, wall, h), ((xa - d / 2) / 2, y, h / 2)),
              S.box((d / 2 - xa, wall, za), ((xa + d / 2) / 2, y, za / 2)),
              S.cylinder(rs, wall, (xa, y, za), "y"))
    td = max(0.004, wall)
    door = b.link("roll_top", material, S.tube(r - td, r, w - 2 * wall - 0.004, (xa, 0, za), "y"))
    b.cut(door, S.box((2 * r + 0.02, w, r + 0.01), (xa, 0, za - (r + 0.01) / 2)),
          S.box((r + 0.01, w, 2 * r + 0.02), (xa - (r + 0.01) / 2, 0, za)))
    c = math.sqrt(0.5)
    b.add(door, S.cylinder(0.004, min(0.1, w * 0.3), (xa + (r + 0.001) * c, 0, za + (r + 0.001) * c), "y", sections=8))
    b.revolute(door, "base", (0, -1, 0), (xa, 0, za), 0.0, math.pi / 2 - 0.05)
    return f"{material} roll-top bread box"


@kind("spray_bottle", "containers")
def spray_bottle(b: Builder) -> str:
    """Spray bottle: a hollow bottle with a trigger sprayer screwed on its neck (helical)
    whose trigger pulls back (revolute) and whose nozzle turns off/spray/stream (revolute),
    or a fine-mist pump: a collar screwed on (helical) and an actuator pressing down
    (prismatic).

    Sizes: 0.25-1 L bottles 6-9 cm across and 14-22 cm tall to the shoulder with a 28 mm
    neck (the 28/400 and 28/410 finishes of the GPI/SPI neck-finish standards); triggers
    pull 15-20 degrees, nozzles turn a quarter turn (typical retail range).
    """
    r, h = b.dim(0.03, 0.045), b.dim(0.14, 0.22)
    rn, wall = 0.014, 0.0015
    hc = r * 0.8
    zn0 = h + hc * 0.5
    trigger = b.chance(0.65)
    lt = 0.035
    top = zn0 + (lt + 0.02 if trigger else 0.02)
    b.link("base", "plastic", S.tube(r - wall, r, h, (0, 0, h / 2), sections=12),
           S.cylinder(r - wall / 2, 0.002, (0, 0, 0.001), sections=12),
           S.cylinder(r - wall / 2, 0.003, (0, 0, h - 0.0015), sections=12),
           S.cylinder(r * 0.7, hc * 0.5, (0, 0, h + hc * 0.25 - 0.001), sections=10),
           S.tube(rn - wall, rn, top - zn0 + 0.002, (0, 0, (zn0 + top) / 2), sections=10))
    pitch = 0.0035 / (2 * math.pi)
    head = b.link("head", "plastic", S.cylinder(rn + 0.004, 0.014, (0, 0, top - 0.005), sections=12))
    b.helical(head, "base", "z", (0, 0, top), 0.0, b.real(1.5, 2.5) * 2 * math.pi, pitch)
    if not trigger:
        b.add(head, S.cylinder(rn + 0.004, 0.003, (0, 0, top + 0.0035)))
        act = b.link("actuator", "plastic", S.cylinder(0.004, 0.01, (0, 0, top + 0.01)),
                     S.cylinder(0.01, 0.016, (0, 0, top + 0.023)))
        b.prismatic(act, head, (0, 0, -1), 0.0, b.dim(0.006, 0.01), point=(0, 0, top + 0.005))
        return "fine-mist spray bottle"
    b.add(head, S.box((0.075, 0.03, 0.04), (0.02, 0, top + 0.022)))
    xf = 0.0575
    nozzle = b.link("nozzle", "plastic", S.cylinder(0.008, 0.012, (xf + 0.006, 0, top + 0.025), "x", sections=12),
                    S.box((0.004, 0.02, 0.006), (xf + 0.01, 0, top + 0.025)))
    b.revolute(nozzle, head, "x", (xf, 0, top + 0.025), 0.0, math.pi / 2)
    xp = rn + 0.02
    trig = b.link("trigger", "plastic", S.cylinder(0.004, 0.016, (xp, 0, top - 0.004), "y", sections=8),
                  S.box((0.008, 0.016, lt), (xp, 0, top - 0.004 - lt / 2)))
    b.revolute(trig, head, (0, 1, 0), (xp, 0, top - 0.004), 0.0, b.real(0.26, 0.35))
    return "trigger spray bottle"


@kind("pet_carrier", "containers")
def pet_carrier(b: Builder) -> str:
    """Pet carrier (travel kennel): a hollow plastic shell with vent slots, a front grille
    door hinged on either side (revolute) with a latch lever (revolute), a folding carry
    handle on top (revolute) and on some a top-loading door (revolute).

    Sizes: 0.48-0.8 m long, 0.32-0.55 m wide and 0.3-0.55 m tall, 3-4 mm walls (typical
    retail range of small to large plastic kennels, 19-32 in long).
    """
    ln, w, h = b.dim(0.48, 0.8), b.dim(0.32, 0.55), b.dim(0.3, 0.55)
    wall = 0.004
    P.shell(b, "base", "plastic", (ln, w, h), (0, 0, h / 2), wall)
    vents = b.count(2, 4)
    for sy in (-1, 1):
        b.cut("base", *[S.box((0.04, 0.02, h * 0.35), (-ln / 2 + 0.08 + k * 0.07, sy * w / 2, h * 0.55))
                        for k in range(vents)])
    hinge = b.pick(("left", "right"))
    m = 0.04
    P.door(b, "door", "base", x_face=ln / 2, y0=-w / 2 + m, y1=w / 2 - m, z0=m, z1=h - m,
           t=0.008, hinge=hinge, material="metal", max_angle=b.real(1.6, 2.2), handle=None)
    dw, dh = w - 2 * m - 0.004, h - 2 * m - 0.004
    cols, rows = max(2, int(dw / 0.09)), max(2, int(dh / 0.09))
    cw, rh = (dw - 0.012 * (cols + 1)) / cols, (dh - 0.012 * (rows + 1)) / rows
    b.cut("door", *[S.box((0.03, cw, rh), (ln / 2, -dw / 2 + 0.012 + cw / 2 + i * (cw + 0.012),
                                           m + 0.002 + 0.012 + rh / 2 + j * (rh + 0.012)))
                    for i in range(cols) for j in range(rows)])
    yl = (w / 2 - m - 0.03) * (1 if hinge == "left" else -1)
    latch = b.link("latch", "plastic", S.box((0.012, 0.025, 0.08), (ln / 2 + 0.014, yl, h / 2)))
    b.revolute(latch, "door", (1, 0, 0), (ln / 2 + 0.008, yl, h / 2), -0.6, 0.6)
    zg = h + 0.012
    grip = b.link("handle", "plastic", S.box((0.03, 0.14, 0.016), (0.015, 0, zg)),
                  *[S.box((0.05, 0.014, 0.012), (-0.01, sy * 0.063, zg)) for sy in (-1, 1)])
    b.revolute(grip, "base", (0, -1, 0), (-0.035, 0, zg), 0.0, b.real(1.3, 1.6))
    if b.chance(0.4):
        x0, x1 = -ln / 2 + 0.06, -0.07
        b.cut("base", S.box((x1 - x0, w * 0.6, 0.02), ((x0 + x1) / 2, 0, h)))
        lid = b.link("top_door", "metal", S.box((x1 - x0 + 0.02, w * 0.6 + 0.02, 0.006), ((x0 + x1) / 2, 0, h + 0.003)))
        b.revolute(lid, "base", (0, -1, 0), (x0 - 0.01, 0, h), 0.0, b.real(1.6, 1.9))
        return "pet carrier with a front and a top door"
    return "pet carrier with a grille door"
