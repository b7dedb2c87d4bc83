"""Personal accessories: umbrellas (many ribs), lighters, jewelry boxes, lipsticks (helical
twist), wristwatches, compact mirrors."""

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
    """Jewelry box: lid with a mirror (revolute + fixed), a lift-out tray, 1-3 drawers.

    Jewelry boxes are 15-30 cm wide, 10-20 cm deep and 8-20 cm tall with 1-3 drawers of 3.5 cm
    (retail range); the mirrored lid opens 90-110 degrees, and the drawers run out about 70% of
    their depth.
    """
    w, d = b.dim(0.15, 0.3), b.dim(0.1, 0.2)
    drawers = b.count(1, 3)
    dh = 0.035
    top_h = b.dim(0.05, 0.08)
    h = drawers * dh + top_h
    b.link("base", "wood", *P.carcass(w, d, drawers * dh + 0.01, 0.006))
    P.shell(b, "upper", "wood", (d, w, top_h), (0, 0, drawers * dh + 0.01 + top_h / 2), 0.006, open_face="+z")
    b.fixed("upper", "base", (0, 0, drawers * dh + 0.01))
    lid = b.link("lid", "wood", S.box((d, w, 0.01), (0, 0, h + 0.015)))
    b.revolute(lid, "upper", (0, -1, 0), (-d / 2, 0, h + 0.01), 0.0, b.real(1.6, 1.9))
    mirror = b.link("mirror", "glass", S.box((d * 0.8, w * 0.8, 0.002), (0, 0, h + 0.009)))
    b.fixed(mirror, lid)
    for k in range(drawers):
        P.drawer(b, f"drawer_{k}", "base", x_face=d / 2, y0=-w / 2 + 0.006, y1=w / 2 - 0.006,
                 z0=0.006 + k * dh, z1=0.006 + (k + 1) * dh, depth=d - 0.02, t=0.006,
                 material="wood", travel=0.7 * (d - 0.02), handle="knob")
    return f"jewelry box with {drawers} drawers"


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
