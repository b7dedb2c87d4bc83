"""Furniture: office chairs, desks, tables, folding chairs, recliners, piano and bar stools
(front faces +X)."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Rotation axis that tilts something standing up at the back toward -X (recline, fold).
RECLINE = (0.0, -1.0, 0.0)


@kind("office_chair", "furniture")
def office_chair(b: Builder) -> str:
    """Swivel chair: star base on casters, gas-lift column (prismatic), seat swivel
    (continuous), reclining back (revolute), optional height-adjustable armrests.

    Office work chairs (EN 1335-1: seat at least 40 cm high, type A adjusting over at least 12
    cm; ANSI/BIFMA X5.1 general-purpose office chairs): seat height adjustable by a gas lift of
    6-12 cm, seat 42-52 cm wide and 40-50 cm deep, backrest 35-60 cm high reclining 15-25
    degrees, star base of 5 legs (4 on older chairs) reaching 25-34 cm on casters of 45-70 mm
    diameter (EN 12529); height-adjustable armrests travel 4-8 cm.
    """
    legs, reach = b.count(4, 5), b.dim(0.25, 0.34)
    wheel_r = b.dim(0.022, 0.035)
    hub_z = 2.6 * wheel_r + 0.03
    base = b.link("base", "plastic", S.cylinder(0.035, 0.2, (0, 0, hub_z + 0.08)))
    tips = S.ring_points(reach, legs, (0, 0, hub_z), "z", phase=b.real(0, 1))
    for k, tip in enumerate(tips):
        b.add(base, S.bar((0, 0, hub_z), tip, 0.04, 0.03))
        if b.chance(0.9):
            P.caster(b, f"caster_{k}", base, tip - (0, 0, 0.015), wheel_r)
        else:
            b.add(base, S.cylinder(0.02, 0.03, tip - (0, 0, 0.02)))
    top = hub_z + 0.18
    column = b.link("column", "metal", S.cylinder(0.014, 0.16, (0, 0, top - 0.04)))
    b.prismatic(column, base, "z", 0.0, b.dim(0.06, 0.12), point=(0, 0, top))
    sw, sd, st = b.dim(0.42, 0.52), b.dim(0.4, 0.5), b.dim(0.05, 0.09)
    seat = b.link("seat", "foam", S.box((sd, sw, st), (0, 0, top + 0.06 + st / 2)),
                  S.box((0.2, 0.2, 0.02), (0, 0, top + 0.05)))
    b.continuous(seat, column, "z", (0, 0, top + 0.04))
    bh, z_back = b.dim(0.35, 0.6), top + 0.06 + st
    back = b.link("backrest", "foam",
                  S.box((0.05, sw * 0.9, bh), (-sd / 2 - 0.02, 0, z_back + 0.05 + bh / 2)),
                  S.box((0.03, 0.05, 0.12), (-sd / 2 - 0.02, 0, z_back + 0.01)))
    b.revolute(back, seat, RECLINE, (-sd / 2, 0, z_back), 0.0, b.real(0.25, 0.45))
    arms = b.chance(0.7)
    if arms:
        adjustable = b.chance(0.5)
        for side, sy in (("left", -1), ("right", 1)):
            y = sy * (sw / 2 + 0.03)
            arm = b.link(f"armrest_{side}", "plastic",
                         S.box((0.03, 0.03, 0.2), (-0.02, y, z_back + 0.08)),
                         S.box((0.25, 0.07, 0.03), (0.0, y, z_back + 0.19)))
            if adjustable:
                b.prismatic(arm, seat, "z", 0.0, b.dim(0.04, 0.08), point=(-0.02, y, z_back))
            else:
                b.fixed(arm, seat, (-0.02, y, z_back))
    return f"office chair with a {legs}-star base{' and armrests' if arms else ''}"


def _legs(b: Builder, link: str, d: float, w: float, h: float, size: float,
          round_: bool, *, y_only: float | None = None) -> None:
    """Four legs (or two at ``y = y_only``) under a top of ``d`` x ``w`` at height ``h``."""
    ys = (y_only,) if y_only is not None else (-1, 1)
    for sx in (-1, 1):
        for sy in ys:
            y = sy if y_only is not None else sy * (w / 2 - size)
            c = (sx * (d / 2 - size), y, h / 2)
            b.add(link, S.cylinder(size / 2, h, c) if round_ else S.box((size, size, h), c))


@kind("desk", "furniture")
def desk(b: Builder) -> str:
    """Desk: top on a drawer pedestal and two legs; optional centre drawer or keyboard tray.

    Desks are 100-180 cm wide and 55-80 cm deep with the work surface 70-78 cm high (EN 527-1:
    seated work surfaces within 65-85 cm, fixed desks usually 72-75 cm; ANSI/BIFMA X5.5 desk
    products), tops 20-35 mm thick; a drawer pedestal is 35-45 cm wide with drawers running out
    about 70% of their depth, and a keyboard tray pulls out 20-30 cm.
    """
    w, d, h, t = b.dim(1.0, 1.8), b.dim(0.55, 0.8), b.dim(0.7, 0.78), b.dim(0.02, 0.035)
    pw, side = b.dim(0.35, 0.45), b.pick((-1.0, 1.0))
    yp, ph, bt = side * (w / 2 - pw / 2), h - t, 0.018
    b.link("base", "wood", S.box((d, w, t), (0, 0, h - t / 2)),
           *S.moved(P.carcass(pw, d - 0.02, ph, bt), (0, yp, 0)))
    _legs(b, "base", d, w, ph, 0.05, b.chance(0.5), y_only=-side * (w / 2 - 0.05))
    n_dr = b.count(1, 3)
    step = (ph - 2 * bt) / n_dr
    for k in range(n_dr):
        P.drawer(b, f"drawer_{k}", "base", x_face=(d - 0.02) / 2, y0=yp - pw / 2 + bt,
                 y1=yp + pw / 2 - bt, z0=ph - bt - (k + 1) * step, z1=ph - bt - k * step,
                 depth=d - 0.06, t=bt, material="wood", travel=0.7 * (d - 0.06),
                 handle=b.pick(("bar", "knob")))
    extra = b.pick(("none", "centre drawer", "keyboard tray"))
    # the centre drawer or keyboard tray (0.6 m wide) hangs in the knee space, 1 cm clear of
    # the pedestal's side and of the legs' inner faces: narrower and moved over on a narrow desk
    y_mid, width = -side * 0.1, 0.6
    knee_lo, knee_hi = -(w / 2 - 0.085), w / 2 - pw - 0.01  # s of y = side * s
    if knee_lo > -0.4 or knee_hi < 0.2:
        width = min(width, knee_hi - knee_lo)
        y_mid = side * min(max(-0.1, knee_lo + width / 2), knee_hi - width / 2)
    if extra == "centre drawer":
        b.add("base", S.box((d - 0.1, width, 0.01), (-0.04, y_mid, ph - 0.1)))
        P.drawer(b, "centre_drawer", "base", x_face=d / 2 - 0.04, y0=y_mid - width / 2,
                 y1=y_mid + width / 2, z0=ph - 0.09, z1=ph - 0.005, depth=d - 0.15, t=bt,
                 material="wood", travel=0.6 * (d - 0.15), handle="edge")
    elif extra == "keyboard tray":
        tray = b.link("keyboard_tray", "wood",
                      S.box((0.3, width, 0.015), (d / 2 - 0.2, y_mid, ph - 0.06)))
        b.prismatic(tray, "base", "x", 0.0, b.dim(0.2, 0.3))
    return f"desk with {n_dr} pedestal drawers" + ("" if extra == "none" else f" and a {extra}")


@kind("table", "furniture")
def table(b: Builder) -> str:
    """Table on four legs: apron drawers (prismatic) or drop leaves (revolute, fold down).

    Dining tables are 80-180 cm long, 60-100 cm wide and 70-78 cm high (a seat at 45 cm plus
    27-30 cm of knee room; retail range, e.g. IKEA dining tables 74-75 cm high), tops 20-40 mm
    thick; drop leaves are 20-35 cm wide and fold down 83-92 degrees; apron drawers run out
    about 70% of their depth.
    """
    w, d, h, t = b.dim(0.8, 1.8), b.dim(0.6, 1.0), b.dim(0.7, 0.78), b.dim(0.02, 0.04)
    round_legs = b.chance(0.5)
    apron = 0.1
    b.link("base", "wood", S.box((d, w, t), (0, 0, h - t / 2)),
           S.box((0.02, w - 0.1, apron), (-d / 2 + 0.05, 0, h - t - apron / 2)))
    _legs(b, "base", d, w, h - t, 0.05, round_legs)
    if b.chance(0.4):
        leaf_w = b.dim(0.2, 0.35)
        for side, sy in (("left", -1), ("right", 1)):
            leaf = b.link(f"leaf_{side}", "wood",
                          S.box((d, leaf_w, t), (0, sy * (w / 2 + 0.002 + leaf_w / 2), h - t / 2)))
            b.revolute(leaf, "base", (-sy, 0, 0), (0, sy * w / 2, h - t), 0.0, b.real(1.45, 1.6))
        return "drop-leaf table with two leaves"
    n = b.count(1, 2)
    span = (w - 0.2) / n
    for k in range(n):
        y0 = -w / 2 + 0.1 + k * span
        P.drawer(b, f"drawer_{k}", "base", x_face=d / 2 - 0.06, y0=y0 + 0.02, y1=y0 + span - 0.02,
                 z0=h - t - apron, z1=h - t, depth=d * 0.6, t=0.018, material="wood",
                 travel=0.7 * d * 0.6, handle="knob")
    return f"table with {n} apron drawer{'s' if n > 1 else ''}"


@kind("folding_chair", "furniture")
def folding_chair(b: Builder) -> str:
    """Folding chair: seat flips up and rear legs fold toward the front (two revolutes).

    Folding chairs have a seat 38-46 cm wide and 36-44 cm deep at 42-47 cm high (retail range),
    a back 35-45 cm above the seat, steel tubes of 20-28 mm diameter; the seat flips up 75-86
    degrees and the rear legs fold 17-26 degrees.
    """
    sw, sd, hs, hb = b.dim(0.38, 0.46), b.dim(0.36, 0.44), b.dim(0.42, 0.47), b.dim(0.35, 0.45)
    tube = b.dim(0.01, 0.014)
    frame = b.link("base", "metal")
    for sy in (-1, 1):
        y = sy * sw / 2
        b.add(frame, S.rod((sd / 2, y, 0.0), (-sd / 2, y, hs + hb), tube))
    b.add(frame, S.box((0.02, sw, hb * 0.45), (-sd / 2 + 0.01 - 0.03, 0, hs + hb * 0.7)))
    b.add(frame, S.rod((-sd / 2 + 0.04, -sw / 2, hs + hb * 0.7), (-sd / 2 + 0.04, sw / 2, hs + hb * 0.7), tube))
    seat = b.link("seat", "plastic", S.box((sd, sw - 0.04, 0.02), (0, 0, hs + 0.01)))
    b.revolute(seat, frame, RECLINE, (-sd / 2, 0, hs), 0.0, b.real(1.3, 1.5))
    rear = b.link("rear_legs", "metal")
    for sy in (-1, 1):
        y = sy * (sw / 2 + 0.025)
        b.add(rear, S.rod((0.0, y, hs - 0.02), (-sd / 2 - 0.05, y, 0.0), tube))
    b.add(rear, S.rod((-sd / 2 + 0.02, -sw / 2 - 0.025, 0.1), (-sd / 2 + 0.02, sw / 2 + 0.025, 0.1), tube))
    b.revolute(rear, frame, RECLINE, (0.0, 0, hs - 0.02), 0.0, b.real(0.3, 0.45))
    return "folding chair"


@kind("recliner", "furniture")
def recliner(b: Builder) -> str:
    """Armchair with a reclining back and a footrest that swings up from the front.

    Recliners are 75-95 cm wide and 75-90 cm deep with the seat 40-48 cm high and the arms 55-68
    cm high (retail range); the back reclines 30-45 degrees (up to 160 degrees from the seat)
    and the footrest swings up 75-90 degrees to level.
    """
    w, d, hs = b.dim(0.75, 0.95), b.dim(0.75, 0.9), b.dim(0.4, 0.48)
    arm_w, arm_h = b.dim(0.1, 0.18), b.dim(0.55, 0.68)
    inner = w - 2 * arm_w
    b.link("base", "foam", S.box((d - 0.2, inner, hs), (0.0, 0, hs / 2)),
           *[S.box((d, arm_w, arm_h), (0, sy * (w / 2 - arm_w / 2), arm_h / 2)) for sy in (-1, 1)])
    back_h = b.dim(0.45, 0.6)
    back = b.link("backrest", "foam", S.box((0.18, inner - 0.01, back_h),
                                            (-d / 2 + 0.09, 0, hs + back_h / 2)))
    b.revolute(back, "base", RECLINE, (-d / 2 + 0.18, 0, hs), 0.0, b.real(0.5, 0.8))
    foot_l = b.dim(0.3, 0.4)
    foot = b.link("footrest", "foam", S.box((0.06, inner - 0.04, foot_l),
                                            ((d - 0.2) / 2 + 0.04, 0, hs - 0.03 - foot_l / 2)))
    b.revolute(foot, "base", RECLINE, ((d - 0.2) / 2 + 0.07, 0, hs - 0.03), 0.0, b.real(1.3, 1.57))
    return "recliner armchair"


@kind("piano_stool", "furniture")
def piano_stool(b: Builder) -> str:
    """Adjustable piano stool: the round seat spins up and down its central screw (helical).

    Adjustable piano stools have a round seat 30-40 cm across at 42-50 cm high, raised 6-12 cm
    by turning it on its screw (retail range; piano benches adjust over about 48-58 cm); the
    screw rises 5-10 mm per turn.
    """
    r, h = b.dim(0.15, 0.2), b.dim(0.42, 0.5)
    legs = b.count(3, 4)
    b.link("base", "wood", S.cylinder(0.04, h * 0.5, (0, 0, h * 0.35)),
           *[S.bar((0, 0, h * 0.55), tip, 0.035, 0.035)
             for tip in S.ring_points(r * 1.1, legs, (0, 0, 0.0175), "z")])
    pitch = b.real(0.0008, 0.0016)
    travel = b.dim(0.06, 0.12)
    seat = b.link("seat", "wood", S.cylinder(r, 0.05, (0, 0, h - 0.025)),
                  S.cylinder(0.012, h * 0.35, (0, 0, h - 0.05 - h * 0.175)))
    b.helical(seat, "base", "z", (0, 0, h - 0.05), 0.0, travel / pitch, pitch)
    return f"{legs}-legged adjustable piano stool"


@kind("bar_stool", "furniture")
def bar_stool(b: Builder) -> str:
    """Bar stool: a round base with a gas-lift column (prismatic) and a footrest ring, or
    four splayed legs with rungs; the seat (round or square, maybe with a back) swivels
    (continuous).

    Sizes: seat height 0.6-0.84 m (counter 24-26 in, bar 29-32 in), seats 0.33-0.43 m
    across, gas-lift travel 0.12-0.2 m down from 0.76-0.84 m (typical retail range of counter and bar stools).
    """
    seat_h, sr = b.dim(0.6, 0.84), b.dim(0.165, 0.215)
    st = b.dim(0.04, 0.08)
    square = b.chance(0.35)
    gas = b.chance(0.6)
    if gas:
        travel = b.dim(0.12, 0.2)
        seat_h = max(seat_h, 0.76)
        z_seat = seat_h - travel  # stored at its lowest
        rb = b.dim(0.19, 0.24)
        z_house = z_seat - st - 0.09
        b.link("base", "metal", S.cylinder(rb, 0.02, (0, 0, 0.01)),
               S.cylinder(0.032, z_house - 0.02, (0, 0, 0.02 + (z_house - 0.02) / 2)))
        zf = b.dim(0.25, min(0.42, z_house - 0.08))  # z_house >= 0.39
        rf = b.dim(0.16, 0.21)
        b.add("base", S.torus(rf, 0.01, (0, 0, zf)),
              *[S.rod((0, 0, zf), (p[0] * 0.99, p[1] * 0.99, zf), 0.008)
                for p in S.ring_points(rf, 3, (0, 0, zf), phase=0.3)])
        column = b.link("column", "metal", S.cylinder(0.02, z_seat - st - z_house + 0.06,
                                                      (0, 0, (z_seat - st + z_house - 0.06) / 2)))
        b.prismatic(column, "base", "z", 0.0, travel, point=(0, 0, z_house))
        holder, what = column, "gas-lift"
    else:
        legs_top = seat_h - st - 0.052  # the swivel plate's top, 2 mm under the seat's hub
        splay = b.dim(0.2, 0.26)
        b.link("base", "wood", S.cylinder(0.12, 0.03, (0, 0, legs_top + 0.015)))
        tops = S.ring_points(0.1, 4, (0, 0, legs_top), phase=math.pi / 4)
        feet = S.ring_points(splay, 4, (0, 0, 0.0), phase=math.pi / 4)
        for top, foot in zip(tops, feet, strict=True):
            b.add("base", S.rod(foot + (0, 0, 0.015), top + (0, 0, 0.01), 0.017))
        zr = b.dim(0.22, 0.32)
        f = zr / legs_top
        pts = [foot + (top - foot) * f for top, foot in zip(tops, feet, strict=True)]
        for k in range(4):
            b.add("base", S.rod(pts[k], pts[(k + 1) % 4], 0.011))
        z_seat, holder, what = seat_h, "base", "four-legged"
    core = S.box((2 * sr * 0.9, 2 * sr * 0.9, st), (0, 0, z_seat - st / 2)) if square else \
        S.cylinder(sr, st, (0, 0, z_seat - st / 2))
    seat = b.link("seat", "foam" if b.chance(0.5) else "wood", core,
                  S.cylinder(0.07, 0.02, (0, 0, z_seat - st - 0.01)))
    back = b.pick(("none", "low", "high"))
    if back != "none":
        bh = 0.12 if back == "low" else b.dim(0.25, 0.4)
        xb = -sr * 0.8
        b.add(seat, S.box((0.025, sr * 1.4, bh), (xb, 0, z_seat + 0.05 + bh / 2)),
              *[S.rod((xb, sy * sr * 0.5, z_seat - 0.005), (xb, sy * sr * 0.5, z_seat + 0.06), 0.008)
                for sy in (-1, 1)])
    b.continuous(seat, holder, "z", (0, 0, z_seat - st - 0.02))
    return f"{what} {'square' if square else 'round'} bar stool" + \
        ("" if back == "none" else f" with a {back} back")
