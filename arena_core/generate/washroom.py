"""Washroom fixtures: wall-hung urinals with flush valves, fold-up grab bars, fold-down
shower seats, paper-towel dispensers, baby changing stations, extending shaving mirrors,
toilet partitions and hand dryers (front +X, the wall behind at -X)."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("urinal", "bathroom_fixtures")
def urinal(b: Builder) -> str:
    """Wall-hung urinal: a hollow ceramic bowl open at the front, an exposed flush valve
    above it worked by a lever (revolute) or a push button (prismatic), and on some a
    cover hinged along the top edge (revolute).

    Sizes: bowls 0.33-0.46 m wide, 0.28-0.38 m deep and 0.5-0.72 m tall with 12-16 mm
    vitreous-china walls (typical retail range of wall-hung urinals); the rim 0.43-0.61 m
    above the floor, at most 430 mm on accessible ones with a rim at least 345 mm deep
    (2010 ADA Standards 605.2); the flush valve 0.15-0.25 m above the bowl.
    """
    w, d, h = b.dim(0.33, 0.46), b.dim(0.28, 0.38), b.dim(0.5, 0.72)
    wall = b.dim(0.012, 0.016)
    rim = round(h * b.real(0.25, 0.35), 3)
    b.link("base", "ceramic", S.box((d, w, h), (0, 0, h / 2)))
    top = h - b.dim(0.06, 0.1)
    b.cut("base", S.box((d, w - 2 * wall, top - rim), (wall + 0.001, 0, (rim + top) / 2)),
          S.box((d - 2 * wall, w - 2 * wall, rim), (0, 0, wall + rim / 2 + 0.001)))
    xv, zv = -d / 2 + 0.08, h + b.dim(0.15, 0.25)
    valve = b.link("flush_valve", "metal", S.rod((-d / 2, 0, zv), (xv, 0, zv), 0.012),
                   S.cylinder(0.025, 0.12, (xv, 0, zv)),
                   S.rod((xv, 0, zv - 0.06), (xv, 0, h - 0.004), 0.016),
                   S.cylinder(0.012, 0.012, (xv + 0.029, 0, zv), "x"))
    b.fixed(valve, "base")
    lever = b.chance(0.6)
    if lever:
        arm = b.link("flush_lever", "metal", S.rod((xv + 0.038, 0, zv), (xv + 0.13, 0, zv), 0.006),
                     S.sphere(0.01, (xv + 0.13, 0, zv), count=10))
        b.revolute(arm, valve, (0, 1, 0), (xv + 0.035, 0, zv), 0.0, b.real(0.3, 0.45))
    else:
        P.button(b, "flush_button", valve, (xv + 0.035, 0, zv), "x", 0.02, 0.006, round_=True)
    cover = b.chance(0.3)
    if cover:
        P.door(b, "cover", "base", x_face=d / 2, y0=-w / 2, y1=w / 2, z0=rim * 0.5, z1=h,
               t=0.012, hinge="top", material="plastic", max_angle=b.real(1.3, 1.5), handle=None)
    return (f"wall-hung urinal with a {'lever' if lever else 'push-button'} flush valve"
            + (" and a cover" if cover else ""))


@kind("grab_bar", "bathroom_fixtures")
def grab_bar(b: Builder) -> str:
    """Fold-up support rail (hinged grab bar) beside a toilet: a single tube or a U-shaped
    double tube on a wall plate, folding up to vertical (revolute); some carry a flush
    button in the front end (prismatic) or a toilet-roll spindle.

    Sizes: rails 0.6-0.9 m long (DIN 18040-2 asks fold-up support rails reaching 15 cm
    past the front of the WC), tubes 32-38 mm across (2010 ADA Standards 609.2.1: 1 1/4-2 in
    outside diameter), double rails 80-120 mm apart (typical retail range).
    """
    length, r = b.dim(0.6, 0.9), b.dim(0.016, 0.019)
    double = b.chance(0.6)
    s = b.dim(0.04, 0.06) if double else 0.0
    pw, ph = max(0.08, 2 * s + 0.06), b.dim(0.16, 0.25)
    zp, rh = ph * 0.6, r + 0.006
    xp = 0.008 + rh + 0.006
    hub_l = 2 * s + 2 * r + 0.012
    b.link("base", "aluminum", S.box((0.008, pw, ph), (0.004, 0, ph / 2)),
           S.box((xp - rh - 0.004 - 0.008, hub_l, 2 * rh), ((0.008 + xp - rh - 0.004) / 2, 0, zp)))
    for sy in (-1, 1):
        b.add("base", S.box((xp + rh + 0.006 - 0.008, 0.006, 2 * rh + 0.02),
                            ((0.008 + xp + rh + 0.006) / 2, sy * (hub_l / 2 + 0.006), zp)))
    rail = b.link("rail", "aluminum", S.cylinder(rh, hub_l, (xp, 0, zp), "y"))
    ys = (-s, s) if double else (0.0,)
    for y in ys:
        b.add(rail, S.rod((xp, y, zp), (xp + length + (r if double else 0.0), y, zp), r))
    if double:
        b.add(rail, S.rod((xp + length, -s - r, zp), (xp + length, s + r, zp), r))
    extra = ""
    if b.chance(0.35):
        xr, yr = xp + length * 0.55, (s + r + 0.05) if double else r + 0.05
        b.add(rail, S.rod((xr, s if double else 0.0, zp), (xr, yr, zp), 0.006),
              S.rod((xr, yr - 0.004, zp), (xr, yr, zp - 0.06), 0.006),
              S.rod((xr, yr, zp - 0.06), (xr, yr + 0.12, zp - 0.06), 0.008))
        extra = " and a roll holder"
    elif b.chance(0.5):
        P.button(b, "flush_button", rail, (xp + length + r, 0, zp), "x", 0.022, 0.003, round_=True)
        extra = " and a flush button"
    b.revolute(rail, "base", (0, -1, 0), (xp, 0, zp), 0.0, math.pi / 2)
    return f"fold-up {'double' if double else 'single'} grab bar" + extra


@kind("shower_seat", "bathroom_fixtures")
def shower_seat(b: Builder) -> str:
    """Wall-mounted fold-up shower seat: a solid or slatted seat hinged at its back edge
    on two wall brackets (revolute, folds up to vertical), 0-2 legs that fold back under it
    (revolute), and on some a padded backrest on the wall.

    Sizes: seats 0.35-0.5 m wide and 0.38-0.41 m deep, 0.43-0.48 m above the floor, the rear
    edge at most 63 mm from the wall (2010 ADA Standards 610.3: seat 17-19 in high, front
    edge 15-16 in from the wall); 25-40 mm thick.
    """
    w, depth, zs = b.dim(0.35, 0.5), b.dim(0.36, 0.39), b.dim(0.43, 0.48)
    slatted = b.chance(0.5)
    t = 0.022 if slatted else b.dim(0.025, 0.04)
    backrest = b.chance(0.3)
    front = 0.01
    b.link("base", "metal", S.box((0.01, w + 0.1, 0.06), (0.005, 0, zs - 0.04)))
    if backrest:
        bt = b.dim(0.03, 0.045)
        rest = b.link("backrest", "foam", S.box((bt, w * 0.85, 0.3), (0.01 + bt / 2, 0, zs + 0.12 + 0.15)))
        b.fixed(rest, "base")
        b.add("base", S.box((0.01, w * 0.6, 0.34), (0.005, 0, zs + 0.27)))
        front += bt
    xp = front + 0.005
    for sy in (-1, 1):
        b.add("base", S.box((xp + 0.05 - 0.005, 0.008, 0.12), ((0.005 + xp + 0.05) / 2, sy * (w / 2 + 0.008), zs - 0.05)),
              S.box((0.01, 0.05, 0.16), (0.005, sy * (w / 2 + 0.03), zs - 0.06)))
    if slatted:
        n = max(4, int(depth / 0.06))
        sw = (depth - 0.01 * (n - 1)) / n
        seat = b.link("seat", "wood", *[S.box((sw, w, t), (xp + k * (sw + 0.01) + sw / 2, 0, zs - t / 2))
                                        for k in range(n)])
        for sy in (-1, 1):
            b.add(seat, S.box((depth, 0.03, 0.02), (xp + depth / 2, sy * (w / 2 - 0.04), zs - t - 0.01)))
        under = t + 0.02
    else:
        seat = b.link("seat", "plastic", S.box((depth - 0.015, w, t), (xp + (depth - 0.015) / 2, 0, zs - t / 2)),
                      S.cylinder(t / 2, w, (xp + depth - 0.015, 0, zs - t / 2), "y"))
        under = t
    b.revolute(seat, "base", (0, -1, 0), (xp, 0, zs), 0.0, math.pi / 2)
    legs = b.pick((0, 0, 1, 2))
    xl, zl = xp + depth - 0.05, zs - under - 0.012
    swing = math.asin(min(1.0, (xl - xp - 0.03) / zl))
    ys = [0.0] if legs == 1 else [-(w / 2 - 0.06), w / 2 - 0.06][:legs]
    for k, y in enumerate(ys):
        leg = b.link(f"leg_{k}", "aluminum", S.cylinder(0.01, 0.03, (xl, y, zl), "y"),
                     S.rod((xl, y, zl), (xl, y, 0.02), 0.011), S.cylinder(0.016, 0.02, (xl, y, 0.01)))
        b.revolute(leg, seat, (0, 1, 0), (xl, y, zl), 0.0, swing * 0.95)
    style = "slatted" if slatted else "solid"
    return (f"fold-up {style} shower seat with {legs} leg{'s' if legs != 1 else ''}"
            + (" and a backrest" if backrest else ""))


@kind("paper_towel_dispenser", "bathroom_fixtures")
def paper_towel_dispenser(b: Builder) -> str:
    """Wall-mounted paper-towel dispenser: a hollow cabinet with a front cover hinged at the
    top or bottom (revolute) and a key lock (revolute); inside a towel roll turning on its
    spindle (continuous) pulled out by a side lever (revolute) on some, or a fixed stack of
    folded towels.

    Sizes: cabinets 0.26-0.34 m wide, 0.1-0.24 m deep and 0.3-0.45 m tall (typical retail
    range of roll-towel and folded-towel cabinets), 3 mm ABS or 1 mm steel; covers open
    70-90 degrees, levers 30-40 degrees; operable parts within the 2010 ADA Standards 308
    reach ranges when mounted.
    """
    w, d, h = b.dim(0.26, 0.34), b.dim(0.1, 0.24), b.dim(0.3, 0.45)
    material = b.pick(("plastic", "plastic", "metal"))
    wall = 0.003 if material == "plastic" else 0.0012
    P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), wall)
    b.cut("base", S.box((d * 0.5, w * 0.6, 0.01), (d * 0.25 - 0.004, 0, wall / 2)))
    hinge = b.pick(("bottom", "top"))
    P.door(b, "cover", "base", x_face=d / 2, y0=-w / 2, y1=w / 2, z0=0.0, z1=h, t=0.004,
           hinge=hinge, material=material, max_angle=b.real(1.2, 1.55), handle=None)
    zk = h - 0.04 if hinge == "bottom" else 0.04
    P.knob(b, "lock", "cover", (d / 2 + 0.004, 0, zk), "x", 0.009, 0.006, limits=(0.0, math.pi / 2))
    if b.chance(0.4):
        stack = b.link("towels", "wood", S.box((d - wall - 0.012, w - 2 * wall - 0.02, h * 0.6),
                                               (wall / 2 - 0.002, 0, wall + 0.002 + h * 0.3)))
        b.fixed(stack, "base")
        return "folded paper-towel dispenser"
    rr = min(d - wall - 0.016, h * 0.55) / 2
    xc, zc = wall / 2 - 0.002, h - wall - 0.008 - rr
    roll = b.link("roll", "wood", S.cylinder(rr, w - 2 * wall - 0.02, (xc, 0, zc), "y"),
                  S.cylinder(0.01, w - 2 * wall - 0.004, (xc, 0, zc), "y", sections=12))
    b.continuous(roll, "base", "y", (xc, 0, zc))
    if not b.chance(0.6):
        return "hands-free paper-towel roll dispenser"
    zl, ll = h * 0.55, h * 0.35
    arm = b.link("lever", material, S.cylinder(0.012, 0.01, (d / 2 - 0.04, w / 2 + 0.01, zl), "y"),
                 S.box((0.03, 0.008, ll), (d / 2 - 0.04, w / 2 + 0.009, zl - ll / 2)))
    b.revolute(arm, "base", (0, -1, 0), (d / 2 - 0.04, w / 2 + 0.01, zl), 0.0, b.real(0.5, 0.7))
    return "lever paper-towel roll dispenser"


@kind("baby_changing_station", "bathroom_fixtures")
def baby_changing_station(b: Builder) -> str:
    """Wall-mounted baby changing station: a shallow housing and a bed that folds down on
    its bottom hinge (revolute, closed upright .. level) with a moulded recess and a safety
    strap inside; horizontal or vertical models, 0-2 bag hooks on the bed's face (revolute).

    Sizes: horizontal models about 0.84-0.9 m wide x 0.5-0.58 m tall, vertical ones about
    0.56-0.6 x 0.84-0.9 m, 80-120 mm deep closed (Koala Kare's published KB200 / KB101
    sizes, 35 x 22 x 4 in horizontal); the open bed 0.71-0.86 m above the floor (2010 ADA
    Standards 902.3 work-surface height 28-34 in).
    """
    vertical = b.chance(0.35)
    if vertical:
        w, h = b.dim(0.56, 0.6), b.dim(0.84, 0.9)
    else:
        w, h = b.dim(0.84, 0.9), b.dim(0.5, 0.58)
    d, t = b.dim(0.03, 0.05), b.dim(0.05, 0.07)
    P.shell(b, "base", b.pick(("plastic", "plastic", "metal")), (d, w, h), (0, 0, h / 2), 0.004)
    P.door(b, "bed", "base", x_face=d / 2, y0=-w / 2, y1=w / 2, z0=0.0, z1=h, t=t,
           hinge="bottom", material="plastic", max_angle=math.pi / 2, handle=None)
    floor = d / 2 + t - 0.008
    b.cut("bed", S.box((t, w - 0.07, h - 0.07), (floor - t / 2, 0, h / 2)))
    strap = b.link("strap", "rubber", *[S.box((0.004, w * 0.18, 0.03), (floor - 0.0015, sy * w * 0.12, h * 0.55))
                                        for sy in (-1, 1)])
    b.fixed(strap, "bed")
    hooks = b.pick((0, 1, 2))
    xo = d / 2 + t
    for k in range(hooks):
        y = 0.0 if hooks == 1 else (k - 0.5) * w * 0.5
        hook = b.link(f"hook_{k}", "metal", S.box((0.004, 0.03, 0.05), (xo + 0.0045, y, h - 0.12 + 0.025)),
                      S.cylinder(0.003, 0.03, (xo + 0.0035, y, h - 0.12), "y", sections=8))
        b.revolute(hook, "bed", (0, 1, 0), (xo + 0.0035, y, h - 0.12), 0.0, b.real(1.2, 1.5))
    return (f"{'vertical' if vertical else 'horizontal'} baby changing station"
            + (f" with {hooks} bag hook{'s' if hooks > 1 else ''}" if hooks else ""))


@kind("shaving_mirror", "bathroom_fixtures")
def shaving_mirror(b: Builder) -> str:
    """Extending shaving (magnifying) mirror: a wall plate, an arm swivelling on it
    (revolute about Z) that telescopes in 0-2 stages (prismatic), a yoke swivelling at its
    end (revolute about Z) and a round mirror tilting in the yoke (revolute) or flipping
    over when double-sided (continuous); some have a light switch (prismatic).

    Sizes: mirrors 0.15-0.25 m across, arms reaching 0.15-0.3 m and extending up to about
    0.2 m more, plates 80-120 mm across (typical retail range of wall-mounted shaving and
    make-up mirrors, 6-10 in, 3x-7x magnifying).
    """
    rp, r_m = b.dim(0.04, 0.06), b.dim(0.075, 0.125)
    zp, xpv, hk = 0.3, 0.03, 0.03
    b.link("base", "metal", S.cylinder(rp, 0.012, (0.006, 0, zp), "x"))
    for sz in (-1, 1):
        b.add("base", S.box((xpv + 0.016 - 0.012, 0.03, 0.006), ((0.012 + xpv + 0.016) / 2, 0, zp + sz * (hk / 2 + 0.006))))
    stages, length = b.pick((0, 1, 1, 2)), b.dim(0.15, 0.3)
    arm = b.link("arm", "metal", S.cylinder(0.012, hk, (xpv, 0, zp)),
                 S.box((length, 0.02, 0.02), (xpv + length / 2, 0, zp)))
    b.cut(arm, S.box((length, 0.016, 0.016), (xpv + length / 2 + 0.02, 0, zp)))
    b.revolute(arm, "base", "z", (xpv, 0, zp), -1.2, 1.2)
    parent, end, side = arm, xpv + length, 0.016
    for k in range(stages):
        side -= 0.004
        ln = length - 0.03 * (k + 1)
        stage = b.link(f"stage_{k}", "metal", S.box((ln, side, side), (end + 0.01 - ln / 2, 0, zp)))
        if k + 1 < stages:
            b.cut(stage, S.box((ln, side - 0.003, side - 0.003), (end + 0.01 - ln / 2 + 0.02, 0, zp)))
        b.prismatic(stage, parent, "x", 0.0, ln - 0.05)
        parent, end = stage, end + 0.01
    rr = r_m + 0.006
    pivot = end + 0.004
    xu = pivot + 0.02
    xc = xu + 0.005 + rr + 0.006
    ya = rr + 0.004
    yoke = b.link("yoke", "metal", S.cylinder(0.01, 0.02, (pivot, 0, zp)),
                  S.box((xu - pivot, 0.012, 0.012), ((pivot + xu) / 2, 0, zp)),
                  S.box((0.01, 2 * ya + 0.016, 0.012), (xu, 0, zp)))
    for sy in (-1, 1):
        b.add(yoke, S.box((xc - xu + 0.012, 0.008, 0.012), ((xu + xc + 0.012) / 2, sy * (ya + 0.004), zp)))
    b.revolute(yoke, parent, "z", (pivot, 0, zp), -0.5, 0.5)
    mirror = b.link("mirror", "glass", S.cylinder(rr, 0.016, (xc, 0, zp), "x"),
                    S.cylinder(0.004, 2 * ya + 0.006, (xc, 0, zp), "y", sections=8))
    double = b.chance(0.5)
    if double:
        b.continuous(mirror, yoke, "y", (xc, 0, zp))
    else:
        b.revolute(mirror, yoke, "y", (xc, 0, zp), -0.6, 0.6)
    if b.chance(0.3):
        P.button(b, "light_switch", "base", (0.012, 0, zp - rp * 0.75), "x", 0.012, 0.003)
    return (f"{'double-sided' if double else 'tilting'} shaving mirror on a "
            + (f"{stages}-stage telescoping arm" if stages else "swing arm"))


@kind("toilet_partition", "bathroom_fixtures")
def toilet_partition(b: Builder) -> str:
    """Toilet partition (restroom stall): one or two compartments of panels raised off the
    floor, front pilasters and a headrail, an in-swinging door per compartment hinged on
    either pilaster (revolute) with a slide bolt (prismatic) or an occupancy turn knob
    (revolute) and a coat hook.

    Sizes: compartments 0.86-0.95 m wide and 1.4-1.6 m deep, panels 1.45-1.8 m tall and
    25 mm thick, 0.23-0.33 m above the floor (typical retail range of toilet partitions,
    36 in x 60 in stalls, 58 in panels 12 in up; 2010 ADA Standards 604.8.2: ambulatory
    compartments 35-37 in wide), doors about 0.6 m wide.
    """
    w, d, ph = b.dim(0.86, 0.95), b.dim(1.4, 1.6), b.dim(1.45, 1.8)
    z0, t = b.dim(0.23, 0.33), 0.025
    n = b.pick((1, 1, 2))
    material = b.pick(("plastic", "metal", "wood"))
    top = z0 + ph
    xf = d / 2
    b.link("base", material, *[S.box((d - t, t, ph), (-t / 2, -n * w / 2 + k * w, z0 + ph / 2)) for k in range(n + 1)],
           S.box((0.03, n * w + t, 0.04), (xf - t / 2, 0, top + 0.06)))
    dw = min(0.62, w - 0.2)
    for k in range(n):
        y0 = -n * w / 2 + k * w + t / 2
        pw = (w - t - dw) / 2
        for ya in (y0, y0 + pw + dw):
            b.add("base", S.box((t, pw, top + 0.04), (xf - t / 2, ya + pw / 2, (top + 0.04) / 2)))
        hinge = b.pick(("low", "high"))
        ya, yb = y0 + pw + 0.004, y0 + pw + dw - 0.004
        leaf = b.link(f"door_{k}", material, S.box((t, yb - ya, ph), (xf - t / 2, (ya + yb) / 2, z0 + ph / 2)),
                      S.box((0.03, 0.015, 0.05), (xf - t - 0.015, (ya + yb) / 2, z0 + ph - 0.25)))
        if hinge == "low":
            b.revolute(leaf, "base", "z", (xf - t, ya, z0 + ph / 2), 0.0, b.real(1.4, 1.6))
            free, inward = yb, -1.0
        else:
            b.revolute(leaf, "base", (0, 0, -1), (xf - t, yb, z0 + ph / 2), 0.0, b.real(1.4, 1.6))
            free, inward = ya, 1.0
        zl = 1.0
        if b.chance(0.6):
            y = free + inward * 0.05
            bolt = b.link(f"bolt_{k}", "metal", S.box((0.01, 0.06, 0.012), (xf - t - 0.007, y, zl)))
            b.prismatic(bolt, leaf, (0, -inward, 0), 0.0, 0.045)
        else:
            P.knob(b, f"turn_knob_{k}", leaf, (xf - t, free + inward * 0.06, zl), (-1, 0, 0), 0.015,
                   0.015, limits=(0.0, math.pi / 2))
    return f"toilet partition with {n} compartment{'s' if n > 1 else ''}"


@kind("hand_dryer", "bathroom_fixtures")
def hand_dryer(b: Builder) -> str:
    """Warm-air hand dryer on a wall plate: a hollow housing, a push button (prismatic) or
    an infrared sensor window, and a round nozzle under it swivelling all the way round
    (continuous) or a fixed slot outlet.

    Sizes: housings 0.24-0.3 m wide, 0.22-0.3 m tall and 0.1-0.22 m deep (typical retail
    range of surface-mounted hand dryers; the 2010 ADA Standards 307.2 limit wall-mounted
    objects to 100 mm of protrusion 685-2030 mm above the floor, which the shallow ones
    meet), buttons 45-60 mm across.
    """
    w, d, h = b.dim(0.24, 0.3), b.dim(0.1, 0.22), b.dim(0.22, 0.3)
    material = b.pick(("metal", "plastic"))
    P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), 0.002 if material == "metal" else 0.003,
            open_face=None)
    b.add("base", S.box((0.006, w + 0.02, h + 0.02), (-d / 2 - 0.003, 0, h / 2)))
    button = b.chance(0.55)
    if button:
        P.button(b, "button", "base", (d / 2, 0, h * 0.62), "x", b.dim(0.045, 0.06), 0.006, round_=True)
    else:
        eye = b.link("sensor", "glass", S.box((0.004, 0.05, 0.02), (d / 2 + 0.001, 0, h * 0.2)))
        b.fixed(eye, "base")
    xn = d * 0.15
    if button and b.chance(0.3):
        b.add("base", S.box((d * 0.5, w * 0.6, 0.012), (xn, 0, -0.005)))
        return "push-button hand dryer with a slot outlet"
    nozzle = b.link("nozzle", material, S.cylinder(0.03, 0.024, (xn, 0, -0.014), sections=16),
                    S.cylinder(0.018, 0.05, (xn + 0.018, 0, -0.035), (0.7, 0, -0.7), sections=12))
    b.continuous(nozzle, "base", "z", (xn, 0, 0))
    return f"{'push-button' if button else 'automatic'} hand dryer with a swivel nozzle"
