"""Personal accessories: umbrellas (many ribs), lighters, jewelry boxes, lipsticks (helical
twist), wristwatches, compact mirrors, folding hand fans (a chain of slats), wallets, perfume
bottles, briefcases."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("umbrella", "personal_accessories")
def umbrella(b: Builder) -> str:
    """Open umbrella standing on its handle: the runner slides on the shaft (prismatic) and
    6-12 ribs, each with its canopy panel, fold down to the shaft about their hinge on the
    rim of the top notch (revolute).

    Each panel is a flat trapezoid that fills its rib's share of the canopy up to 3 mm from
    the seam with its neighbours (the seam planes halfway between the ribs); folded, a rib
    hangs along the shaft at the notch's radius, 6 mm outside the runner, and its panel
    passes under its open neighbours'.

    Stick umbrellas are 60-90 cm long on the shaft with a canopy of 80-120 cm across on 6-12
    ribs (8 the most common; retail range: 90-100 cm compact, 100-130 cm golf-size canopy arcs);
    the runner slides 15-24 cm down the shaft to close, and the ribs droop 14-23 degrees when
    open.
    """
    shaft, radius = b.dim(0.6, 0.9), b.dim(0.4, 0.6)
    ribs = b.count(6, 12)
    notch, z_top = 0.02, shaft - 0.01
    b.link("base", "metal", S.rod((0, 0, 0.1), (0, 0, shaft), 0.006),
           S.capsule(0.014, 0.1, (0, 0, 0.06)), S.cone(0.012, 0.03, (0, 0, shaft), "z"),
           S.cylinder(notch - 0.004, 0.02, (0, 0, z_top)))
    runner = b.link("runner", "plastic", S.tube(0.0065, 0.012, 0.08, (0, 0, shaft - 0.27)))
    b.prismatic(runner, "base", (0, 0, -1), 0.0, b.dim(0.15, 0.24))
    droop = b.real(0.25, 0.4)
    share, gap = math.tan(math.pi / ribs), 0.003  # a panel's half width: radius * share - gap
    cos_d = math.cos(droop)
    s0 = max(0.01, ((0.004 + gap) / share - notch) / cos_d)
    s1 = radius * 0.98
    h0, h1 = (notch + s0 * cos_d) * share - gap, (notch + s1 * cos_d) * share - gap
    mid = (s0 + s1) / 2
    corners = sorted((math.atan2(v, u - mid), math.hypot(u - mid, v))
                     for u, v in ((s0, -h0), (s1, -h1), (s1, h1), (s0, h0)))
    for k in range(ribs):
        ang = 2 * math.pi * k / ribs
        radial = np.array([math.cos(ang), math.sin(ang), 0.0])
        hinge = np.array([0.0, 0.0, z_top]) + radial * notch
        tip = hinge + radial * radius * cos_d - np.array([0, 0, radius * math.sin(droop)])
        tangent = np.cross((0, 0, 1.0), radial)
        # the panel is drawn for the rib along +X, tilted down by the droop, then turned
        panel = S.radial_prism(np.array([c[0] for c in corners]), np.array([c[1] for c in corners]),
                               0.0, 0.002, (mid, 0.0, 0.004))
        panel = S.turned(panel, "y", droop, (0.0, 0.0, 0.0))
        panel = S.turned(S.moved([panel], (notch, 0.0, z_top))[0], "z", ang, (0.0, 0.0, 0.0))
        rib = b.link(f"rib_{k}", "foam", S.rod(hinge, tip, 0.002, sections=6), panel)
        b.revolute(rib, "base", tangent, hinge, -0.15, math.pi / 2 - droop)
    return f"umbrella with {ribs} ribs"


@kind("lighter", "personal_accessories")
def lighter(b: Builder) -> str:
    """Lighter: flip-top (lid revolute, flint wheel continuous) or gas (button, child lock).

    Lighters are 35-40 mm wide, 12-16 mm thick and 50-70 mm tall to the top of the body (Zippo-
    type flip-tops about 38 x 13 x 57 mm, BIC-type gas lighters 25 x 14 x 80 mm; ISO 9994
    lighter specification, EN 13869 child resistance); a flip-top lid opens 115-150 degrees, the
    gas button presses 3 mm and the child lock slides 4 mm.
    """
    w, d, h = b.dim(0.035, 0.04), b.dim(0.012, 0.016), b.dim(0.05, 0.07)
    b.link("base", "metal", S.box((d, w, h), (0, 0, h / 2)))
    if b.chance(0.5):
        # a hollow lid (1 mm walls) closes over the flint wheel, which turns between two
        # cheeks on the top; opening, the lid swings away from them
        P.shell(b, "lid", "metal", (d, w, h * 0.35), (0, 0, h + h * 0.175 + 0.0005), 0.001,
                open_face="-z")
        b.revolute("lid", "base", (1, 0, 0), (0, -w / 2, h), 0.0, b.real(2.0, 2.6))
        b.add("base", *[S.box((0.001, 0.006, 0.01), (sx * 0.003, w * 0.2, h + 0.005))
                        for sx in (-1, 1)])
        wheel = b.link("flint_wheel", "metal", S.cylinder(0.004, 0.004, (0, w * 0.2, h + 0.005), "x"))
        b.continuous(wheel, "base", "x", (0, w * 0.2, h + 0.005))
        return "flip-top lighter"
    P.button(b, "button", "base", (0, -w * 0.2, h), "z", 0.012, 0.003)
    lock = b.link("child_lock", "plastic", S.box((0.004, 0.008, 0.006), (d / 2 + 0.002, -w * 0.2, h - 0.005)))
    b.prismatic(lock, "base", (0, 1, 0), 0.0, 0.004)
    return "gas lighter with a child lock"


@kind("jewelry_box", "personal_accessories")
def jewelry_box(b: Builder) -> str:
    """Jewelry box: a hollow top compartment (6 mm walls and floor) under a lid with a
    mirror (revolute + fixed), on some a lift-out ring tray on one side of it (prismatic),
    and 1-3 hollow drawers below.

    Jewelry boxes are 15-30 cm wide, 10-20 cm deep and 8-20 cm tall with 1-3 drawers of 3.5 cm
    (retail range); the mirrored lid opens 90-110 degrees, and the drawers run out about 70% of
    their depth.
    """
    w, d = b.dim(0.15, 0.3), b.dim(0.1, 0.2)
    drawers = b.count(1, 3)
    dh, t = 0.035, 0.006
    z_split = drawers * dh + 0.01
    # the compartment is at least a third of the box's height deep (a tray, not a slot)
    top_h = b.dim(max(0.05, (z_split + 0.02) / 2 + 0.002), 0.08)
    h = drawers * dh + top_h
    rim = z_split + top_h
    # no back board behind the drawers (their own backs close the chest): the base stays
    # symmetric front to back, so its principal axes stay along the box's edges
    b.link("base", "wood", *P.carcass(w, d, z_split, t, back=False),
           S.box((d, w, top_h), (0, 0, z_split + top_h / 2)))
    b.cut("base", S.box((d - 2 * t, w - 2 * t, top_h), (0, 0, z_split + t + top_h / 2)))
    lid = b.link("lid", "wood", S.box((d, w, 0.01), (0, 0, h + 0.015)))
    b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h + 0.01), 0.0, b.real(1.6, 1.9))
    mirror = b.link("mirror", "glass", S.box((d * 0.8, w * 0.8, 0.002), (0, 0, h + 0.009)))
    b.fixed(mirror, lid)
    tray = b.chance(0.5)
    if tray:
        # a ring tray filling one half of the compartment, resting on its floor: it lifts
        # out clear of the rim (the other half stays open)
        side = b.pick((-1, 1))
        tw, td = w / 2 - t - 0.003, d - 2 * t - 0.004
        th = min(0.03, top_h - t - 0.006)
        yc, z0 = side * (w / 4 - t / 2 + 0.0005), z_split + t + 0.001
        b.link("tray", "wood", S.box((td, tw, th), (0, yc, z0 + th / 2)))
        slots = b.count(2, 4)
        pitch = (td - 0.004) / slots
        b.cut("tray", *[S.box((pitch - 0.004, tw - 0.008, th),
                              (-td / 2 + 0.002 + pitch * (k + 0.5), yc, z0 + th / 2 + 0.004))
                        for k in range(slots)])
        b.prismatic("tray", "base", "z", 0.0, rim - z0 + 0.005)
    for k in range(drawers):
        P.drawer(b, f"drawer_{k}", "base", x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t,
                 z0=t + k * dh, z1=t + (k + 1) * dh, depth=d - 0.02, t=t,
                 material="wood", travel=0.7 * (d - 0.02), handle="knob")
    return f"jewelry box with {drawers} drawers" + (" and a ring tray" if tray else "")


@kind("lipstick", "personal_accessories")
def lipstick(b: Builder) -> str:
    """Lipstick: the bullet twists up out of the tube (helical) and the cap pulls off.

    Lipstick tubes are 16-22 mm across and 5-6.5 cm tall without the cap (retail range); the
    bullet twists up 2-3 cm in under one turn of the swivel, and the cap pulls off over its 4-5
    cm of overlap.
    """
    r, h = b.dim(0.008, 0.011), b.dim(0.05, 0.065)
    b.link("base", "metal", S.tube(r * 0.8, r, h, (0, 0, h / 2)), S.cylinder(r, 0.003, (0, 0, 0.0015)))
    bullet = b.link("bullet", "plastic", S.cylinder(r * 0.7, h * 0.7, (0, 0, h * 0.5)),
                    S.cone(r * 0.7, r * 1.2, (0, 0, h * 0.85), "z"))
    pitch = b.real(0.0012, 0.0025)
    travel = min(h * 0.45, pitch * 2 * math.pi * b.real(0.7, 1.0))
    b.helical(bullet, "base", "z", (0, 0, h * 0.5), 0.0, travel / pitch, pitch)
    cap = b.link("cap", "metal", S.tube(r, r * 1.15, h * 0.8, (0, 0, h + h * 0.3)),
                 S.cylinder(r * 1.15, 0.003, (0, 0, h + h * 0.7 + 0.0015)))
    b.prismatic(cap, "base", "z", 0.0, h)
    return "twist-up lipstick"


@kind("watch", "personal_accessories")
def watch(b: Builder) -> str:
    """Wristwatch lying flat: crown pulls out (prismatic) and turns (continuous), bezel turns
    (continuous), both strap halves hinge at the lugs (revolute).

    Cases of 34-48 mm diameter and 8-13 mm thickness, straps of 7-10 cm per half (retail
    ranges); the crown pulls out 1-2 mm, the straps' hinge range is drawn per watch.
    """
    r, t = b.dim(0.017, 0.024), b.dim(0.008, 0.013)
    b.link("base", "metal", S.cylinder(r, t, (0, 0, t / 2)),
           *[S.box((0.012, r * 1.4, t * 0.6), (sx * (r + 0.004), 0, t * 0.4)) for sx in (-1, 1)])
    stem = b.link("crown_stem", "metal", S.rod((0, r - 0.002, t / 2), (0, r + 0.002, t / 2), 0.001, sections=6))
    b.prismatic(stem, "base", "y", 0.0, b.real(0.001, 0.002))  # one or two setting clicks
    crown = b.link("crown", "metal", S.cylinder(0.003, 0.003, (0, r + 0.0035, t / 2), "y"))
    b.continuous(crown, stem, "y", (0, r + 0.002, t / 2))
    bezel = b.link("bezel", "metal", S.tube(r * 0.85, r * 1.02, 0.002, (0, 0, t + 0.001)))
    b.continuous(bezel, "base", "z", (0, 0, t))
    strap_l = b.dim(0.07, 0.1)
    for end, sx in (("top", 1), ("bottom", -1)):
        pin = (sx * (r + 0.008), 0, t * 0.4)
        strap = b.link(f"strap_{end}", "rubber", S.box((strap_l, r * 1.2, 0.003), (sx * (r + 0.01 + strap_l / 2), 0, t * 0.4)))
        b.revolute(strap, "base", (0, sx, 0), pin, -b.real(0.2, 0.35), b.real(0.9, 1.2))
    return "wristwatch"


@kind("compact_mirror", "personal_accessories")
def compact_mirror(b: Builder) -> str:
    """Compact mirror: a round case whose lid (with a mirror, fixed) opens on a hinge.

    Compact mirrors are 6-9 cm across and 10-16 mm thick closed (retail range, 6-10 mm per
    half); the mirrored lid opens 105-150 degrees.
    """
    r, t = b.dim(0.03, 0.045), b.dim(0.006, 0.01)
    b.link("base", "metal", S.cylinder(r, t, (0, 0, t / 2)))
    lid = b.link("lid", "metal", S.cylinder(r, t * 0.6, (0, 0, t + t * 0.3 + 0.0005)))
    b.revolute(lid, "base", (0, -1, 0), (-r, 0, t), 0.0, b.real(1.8, 2.6))
    mirror = b.link("mirror", "glass", S.cylinder(r * 0.85, 0.0015, (0, 0, t + 0.0003 + 0.00075)))
    b.fixed(mirror, lid)
    return "compact mirror"


@kind("hand_fan", "personal_accessories")
def hand_fan(b: Builder) -> str:
    """Folding hand fan lying open: 12-30 slats stacked on a rivet, each closing onto the one
    under it (revolute, a chain of joints) between two thicker guard sticks; a brisé fan of
    wide overlapping slats, or a leaf fan whose sticks each carry their share of the leaf.

    Folding fans are 0.18-0.3 m long and open 120-180 degrees on 12-30 sticks about 1-2 mm
    thick (typical range of Chinese and Japanese sensu fans, e.g. museum collection
    records). Each slat lies in its own layer, 0.4 mm above the one under it, so the slats
    slide over each other as the fan closes.
    """
    n = b.count(12, 30)
    length = b.dim(0.18, 0.3)
    spread = b.real(math.radians(120), math.pi)
    step = spread / (n - 1)
    t, gap = b.dim(0.001, 0.002), 0.0004
    brise = b.chance(0.5)
    material = b.pick(("wood", "wood", "plastic"))
    parent = None
    for k in range(n):
        z = 0.0025 + k * (t + gap)
        ang = -spread / 2 + k * step
        guard = k in (0, n - 1)
        # one convex plate from the rivet out: a brisé slat is 1.6 shares wide at the top (it
        # overlaps its neighbours), a leaf stick carries its share of the leaf (2 mm short)
        top_w = 1.6 * step * length if brise or guard else step * length - 0.002
        if brise or guard:
            outline = [(0.0, -0.003), (length, -top_w / 2), (length, top_w / 2), (0.0, 0.003)]
        else:
            outline = [(0.0, -0.0025), (length, -0.0025), (length, top_w), (0.0, 0.0025)]
        mid = sum(p[0] for p in outline) / 4
        mid_y = sum(p[1] for p in outline) / 4
        corners = sorted((math.atan2(v - mid_y, u - mid), math.hypot(u - mid, v - mid_y)) for u, v in outline)
        plate = S.radial_prism(np.array([c[0] for c in corners]), np.array([c[1] for c in corners]),
                               0.0, t * (1.5 if guard else 1.0), (mid, mid_y, z + t / 2))
        name = "base" if k == 0 else f"slat_{k}"
        b.link(name, "wood" if guard else material, S.turned(plate, "z", ang, (0.0, 0.0, 0.0)))
        if k == 0:  # the rivet's head under the stack
            b.link("rivet", "metal", S.cylinder(0.005, 0.002, (0, 0, 0.001), sections=12))
            b.fixed("rivet", name, (0, 0, 0))
        else:
            b.revolute(name, parent, (0, 0, -1), (0, 0, z), 0.0, round(step, 4))
        parent = name
    return f"{'brisé' if brise else 'folding'} fan with {n} sticks"


@kind("wallet", "personal_accessories")
def wallet(b: Builder) -> str:
    """Wallet lying open: a bifold (one panel folding over the other) or a trifold (a panel
    folding over from each side, one above the other) (revolute each), panels with a bill
    pocket and stepped card slots cut in, and on some a flip-up ID window (revolute).

    Wallets: panels 0.09-0.12 m by 0.08-0.095 m (bank cards are 85.6 x 54 mm, ISO/IEC 7810
    ID-1), 5-9 mm thick each (typical retail range). Folded, a panel rests 4 mm or more
    above the one under it.
    """
    pw, ph, t = b.dim(0.09, 0.12), b.dim(0.08, 0.095), b.dim(0.005, 0.009)
    trifold = b.chance(0.4)
    material = b.pick(("rubber", "plastic", "foam"))  # leather-like densities
    g = 0.004  # the spine between two panels

    def panel(name: str, x0: float, x1: float, slots: int) -> str:
        b.link(name, material, S.box((x1 - x0, ph, t), ((x0 + x1) / 2, 0, t / 2)))
        # the bill pocket: a slit through the panel's middle layer, open at the top edge
        b.cut(name, S.box((x1 - x0 - 0.008, ph, t - 0.003), ((x0 + x1) / 2, 0.004, t / 2)))
        for k in range(slots):  # card slots stepping down the inner face
            b.cut(name, S.box((x1 - x0 - 0.008, 0.06 - 0.012 * k, 0.0012),
                              ((x0 + x1) / 2, -ph / 2 + 0.004 + (0.06 - 0.012 * k) / 2 + 0.01 * k, t - 0.0006)))
        return name

    panel("base", -pw / 2, pw / 2, b.count(0, 3))
    right_z = t + 0.004
    right = panel("right_panel", pw / 2 + g, 1.5 * pw + g, b.count(0, 3))
    b.revolute(right, "base", (0, -1, 0), (pw / 2 + g / 2, 0, right_z), 0.0, math.pi)
    if trifold:
        left_w = round(pw * 0.9, 3)
        left = panel("left_panel", -pw / 2 - g - left_w, -pw / 2 - g, 0)
        b.revolute(left, "base", (0, 1, 0), (-pw / 2 - g / 2, 0, 2 * t + 0.006), 0.0, math.pi)
    window = b.chance(0.4)
    if window:  # a clear ID window on a flap hinged at the panel's outer edge
        flap = b.link("id_flap", "plastic", S.box((0.06, 0.045, 0.002), (-pw / 2 + 0.032, 0, t + 0.0015)))
        b.cut(flap, S.box((0.05, 0.035, 0.004), (-pw / 2 + 0.032, 0, t + 0.0015)))
        b.revolute(flap, "base", (0, -1, 0), (-pw / 2 + 0.002, 0, t + 0.003), 0.0, math.pi)
    return f"{'trifold' if trifold else 'bifold'} wallet" + (" with an ID window" if window else "")


@kind("perfume_bottle", "personal_accessories")
def perfume_bottle(b: Builder) -> str:
    """Perfume bottle: a thick-walled glass body (round, square or flat) holding its juice in
    a cavity, and a spray pump (the actuator presses down, prismatic) under a pull-off cap
    (prismatic; a square cap), or a splash bottle with a glass stopper (prismatic) or a screw cap
    (helical).

    Fragrance bottles of 30-100 ml: 60-120 mm high, 30-70 mm wide, walls 3-8 mm and bases
    8-15 mm thick; 15 mm (FEA 15) pump necks (typical range of perfumery glass catalogues,
    e.g. Verescence, Estal).
    """
    h, w = b.dim(0.06, 0.12), b.dim(0.03, 0.07)
    d = b.dim(0.02, min(0.05, w))
    wall, floor = b.dim(0.003, 0.008), b.dim(0.008, 0.015)
    shape = b.pick(("round", "square", "flat"))
    neck_r = 0.0075
    if shape == "round":  # a wall, a floor and a shoulder ring: solids of revolution, whose
        r = w / 2  # collision pieces are sectors about the axis
        b.link("base", "glass", S.tube(r - wall, r, h, (0, 0, h / 2), sections=32),
               S.cylinder(r - wall / 2, floor, (0, 0, 0.0005 + floor / 2), sections=32),
               S.tube(0.0033, r - wall / 2, wall, (0, 0, h - 0.0005 - wall / 2), sections=32))
    else:
        dd = w if shape == "square" else d
        b.link("base", "glass", S.box((dd, w, h), (0, 0, h / 2)))
        b.cut("base", S.box((dd - 2 * wall, w - 2 * wall, h - floor - wall), (0, 0, floor + (h - floor - wall) / 2)),
              S.cylinder(0.0033, wall + 0.004, (0, 0, h - wall / 2 + 0.001), sections=16))
    b.add("base", S.tube(0.0035, neck_r, 0.009, (0, 0, h + 0.0035), sections=16))
    style = b.pick(("spray", "spray", "stopper", "screw"))
    top = h + 0.008
    if style == "spray":
        b.add("base", S.cylinder(neck_r + 0.0015, 0.006, (0, 0, top - 0.003), sections=16))  # the crimp collar
        act_h = 0.008
        act = b.link("actuator", "plastic", S.cylinder(0.0055, act_h, (0, 0, top + 0.001 + act_h / 2), sections=16))
        b.prismatic(act, "base", (0, 0, -1), 0.0, 0.0035 if b.chance(0.5) else 0.004, point=(0, 0, top + 0.001))
        # the cap's cavity clears the collar by 1.5 mm and the actuator's top by 2 mm or more
        narrow = w if shape != "flat" else d  # the cap is no more than 8 mm wider than that
        cap_r, cap_h = b.dim(0.012, max(0.0125, min(0.025, narrow / 2 + 0.004))), b.dim(0.022, 0.035)
        # a square cap: its hollow is a box, so its collision pieces are exact boxes round it
        inner = 2 * (neck_r + 0.003)
        cap = b.link("cap", b.pick(("plastic", "metal")), S.box((2 * cap_r, 2 * cap_r, cap_h), (0, 0, h + 0.001 + cap_h / 2)))
        b.cut(cap, S.box((inner, inner, cap_h - 0.003 + 0.001), (0, 0, h + 0.001 + (cap_h - 0.003) / 2 - 0.0005)))
        b.prismatic(cap, "base", "z", 0.0, cap_h + 0.01, point=(0, 0, h + 0.001))
        return f"{shape} perfume bottle with a spray pump"
    if style == "stopper":
        plug = [S.cylinder(0.003, 0.012, (0, 0, top - 0.006), sections=12),
                S.sphere(b.dim(0.01, min(0.025, w / 2)), (0, 0, top + 0.012), count=14)]
        stopper = b.link("stopper", "glass", *plug)
        b.prismatic(stopper, "base", "z", 0.0, 0.03, point=(0, 0, top))
        return f"{shape} perfume bottle with a glass stopper"
    pitch = b.dim(0.0025, 0.004) / (2 * math.pi)
    # the cap stands 0.5 mm over the shoulder, its 1.5 mm top on the neck's rim
    cap = b.link("cap", "metal", S.cylinder(neck_r + 0.003, 0.009, (0, 0, h + 0.005), sections=24))
    b.cut(cap, S.cylinder(neck_r + 0.0005, 0.0085, (0, 0, h + 0.00375), sections=24))
    b.helical(cap, "base", "z", (0, 0, top), 0.0, 0.006 / pitch, pitch)
    return f"{shape} perfume bottle with a screw cap"


@kind("briefcase", "personal_accessories")
def briefcase(b: Builder) -> str:
    """Hard-shell briefcase (attaché case) lying flat: a hollow lower shell and a hollow lid
    on a hinge along the back (revolute), the carry handle folding up on the front
    (revolute), two latches that flip open (revolute), each on some with three combination
    thumbwheels (continuous), and on some a document pocket flap inside the lid (revolute).

    Attaché cases: 0.42-0.47 m wide, 0.31-0.35 m deep, 0.08-0.13 m thick, shells 3-5 mm
    (typical retail range, e.g. Samsonite). The latches sit on the lower shell's front, below
    the seam, and the handle folds up in front of the lid, so the lid opens past them.
    """
    w, d, h = b.dim(0.42, 0.47), b.dim(0.31, 0.35), b.dim(0.08, 0.13)
    wall = b.dim(0.003, 0.005)
    material = b.pick(("plastic", "aluminum", "rubber"))
    low = round(h * b.real(0.55, 0.65), 3)
    P.shell(b, "base", material, (d, w, low), (0, 0, low / 2), wall, open_face="+z")
    lid_h = h - low
    P.shell(b, "lid", material, (d, w, lid_h), (0, 0, low + 0.001 + lid_h / 2), wall, open_face="-z")
    b.revolute("lid", "base", (0, -1, 0), (-d / 2, 0, low + 0.001), 0.0, b.real(1.6, 1.9))
    if b.chance(0.4):  # a document pocket flap inside the lid, hinged at its front
        fz = low + 0.001 + lid_h - wall - 0.003
        flap = b.link("pocket_flap", "plastic", S.box((d * 0.6, w * 0.7, 0.002), (d / 2 - wall - 0.004 - d * 0.3, 0, fz)))
        # it swings down into the case until its back edge is 6 mm above the floor
        drop = math.asin(min(1.0, (fz - 0.001 - wall - 0.006) / (d * 0.6)))
        b.revolute(flap, "lid", (0, -1, 0), (d / 2 - wall - 0.004, 0, fz), 0.0, round(min(0.8, drop), 3))
    # the carry handle: two lugs on the front and a grip between them, folding up from the table
    hw, hz = b.dim(0.11, 0.15), low * 0.5
    for sy in (-1, 1):
        b.add("base", S.box((0.016, 0.016, 0.02), (d / 2 + 0.008, sy * hw / 2, hz)))
    grip_r = b.dim(0.008, 0.012)
    px = d / 2 + 0.016  # upright, the grip stands 4 mm or more in front of the lid
    handle = b.link("handle", "rubber", *[S.bar((px, sy * (hw / 2 - 0.014), hz), (px + 0.04, sy * (hw / 2 - 0.014), hz), 0.01, 0.01)
                                          for sy in (-1, 1)],
                    S.capsule(grip_r, hw - 0.03, (px + 0.04 + grip_r * 0.5, 0, hz), "y"))
    b.revolute(handle, "base", (0, -1, 0), (px, 0, hz), 0.0, math.pi / 2)
    locks = b.chance(0.5)
    for side, sy in (("left", -1), ("right", 1)):
        y = sy * w * 0.32
        latch = b.link(f"latch_{side}", "metal", S.box((0.006, 0.04, low * 0.4), (d / 2 + 0.0035, y, low - 0.002 - low * 0.2)))
        b.revolute(latch, "base", (0, 1, 0), (d / 2 + 0.0035, y, low - 0.002 - low * 0.4), 0.0, 0.9)
        if locks:  # three thumbwheels in a housing beside the latch, their rims proud of it
            yl = y - sy * 0.045
            b.add("base", S.box((0.006, 0.026, 0.016), (d / 2 + 0.003, yl, low * 0.45)))
            for k in range(3):
                yk = yl + (k - 1) * 0.0075
                wheel = b.link(f"dial_{side}_{k}", "metal", S.cylinder(0.0055, 0.005, (d / 2 + 0.004, yk, low * 0.45), "y", sections=12))
                b.continuous(wheel, "base", "y", (d / 2 + 0.004, yk, low * 0.45))
    return "briefcase with combination locks" if locks else "briefcase"
