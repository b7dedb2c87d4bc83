"""Furniture, continued: coffee tables, storage benches, storage beds, cribs, easels, sun
loungers, rows of theater seats and sofas (front faces +X)."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Hinge axis that lifts a flat part lying toward +X up toward +Z (lids, tops).
LIFT = (0.0, -1.0, 0.0)


def _legs(b: Builder, link: str, d: float, w: float, z0: float, z1: float, size: float,
          round_: bool) -> None:
    """Four legs of ``size`` from ``z0`` to ``z1`` at the corners of a ``d`` x ``w`` top."""
    for sx in (-1, 1):
        for sy in (-1, 1):
            c = (sx * (d / 2 - size / 2), sy * (w / 2 - size / 2), (z0 + z1) / 2)
            b.add(link, S.cylinder(size / 2, z1 - z0, c) if round_
                  else S.box((size, size, z1 - z0), c))


@kind("coffee_table", "furniture")
def coffee_table(b: Builder) -> str:
    """Coffee table: a lift-up top over a storage well (revolute) or 1-3 drawers under a
    fixed top (prismatic); optional lower shelf and casters (continuous swivel and wheel).

    Coffee tables are 90-130 cm long, 50-70 cm wide and 38-48 cm high with tops 20-40 mm
    thick (typical retail range; a coffee table sits about as high as a sofa's seat, 40-45
    cm); lift-tops open 55-75 degrees, drawers run out about 70% of their depth; furniture
    casters are 40-50 mm across.
    """
    w, d, h, t = b.dim(0.9, 1.3), b.dim(0.5, 0.7), b.dim(0.38, 0.48), b.dim(0.02, 0.04)
    leg, bt = b.dim(0.04, 0.06), 0.015
    casters = b.chance(0.3)
    wheel_r = b.dim(0.02, 0.025)
    foot = 2.3 * wheel_r + 0.002 if casters else 0.0
    ap = b.dim(0.1, 0.15)
    z_box = h - t - ap
    b.link("base", "wood")
    _legs(b, "base", d, w, foot, h - t, leg, b.chance(0.4))
    inner_d, inner_w = d - 2 * leg, w - 2 * leg
    if b.chance(0.5):
        b.add("base", S.box((inner_d, inner_w, bt), (0, 0, foot + 0.08)))
    lift = b.chance(0.5)
    if lift:
        b.add("base", S.box((inner_d, inner_w, bt), (0, 0, z_box + bt / 2)),
              *(S.box((bt, w - 2 * leg, ap), (sx * (d / 2 - leg / 2), 0, z_box + ap / 2 - 0.001))
                for sx in (-1, 1)),
              *(S.box((d, bt, ap), (0, sy * (w / 2 - leg / 2), z_box + ap / 2 - 0.001))
                for sy in (-1, 1)))
        top = b.link("top", "wood", S.box((d, w, t), (0, 0, h - t / 2)))
        b.revolute(top, "base", LIFT, (-d / 2, 0, h), 0.0, b.real(0.95, 1.3))
        detail = "a lift-up top"
    else:
        b.add("base", S.box((d, w, t), (0, 0, h - t / 2)),
              *S.moved(P.carcass(inner_w, inner_d, ap, bt, z0=z_box - 0.001), (-0.01, 0, 0)))
        n = b.count(1, 3)
        span = (inner_w - 2 * bt) / n
        style = b.pick(("bar", "knob", "edge"))
        for k in range(n):
            y0 = -inner_w / 2 + bt + k * span
            P.drawer(b, f"drawer_{k}", "base", x_face=inner_d / 2 - 0.01, y0=y0, y1=y0 + span,
                     z0=z_box - 0.001 + bt, z1=z_box - 0.001 + ap - bt, depth=inner_d - 0.06,
                     t=bt, material="wood", travel=round(0.7 * (inner_d - 0.06), 3),
                     handle=style)
        detail = f"{n} drawer{'s' if n > 1 else ''}"
    if casters:
        for k, (sx, sy) in enumerate(((-1, -1), (-1, 1), (1, -1), (1, 1))):
            P.caster(b, f"caster_{k}", "base",
                     (sx * (d / 2 - leg / 2), sy * (w / 2 - leg / 2), foot), wheel_r)
    return f"coffee table with {detail}" + (" on casters" if casters else "")


@kind("storage_bench", "furniture")
def storage_bench(b: Builder) -> str:
    """Storage bench: a box seat whose one or two lids lift on rear hinges (revolute), maybe
    cushioned, with an optional fixed backrest and a drawer under the box (prismatic).

    Benches are 80-140 cm long and 35-45 cm deep with the seat 42-48 cm high, as for dining
    chairs (typical retail range); boards 15-18 mm, seat cushions 4-8 cm; lids open 80-105
    degrees (77-85 when a backrest stands behind them).
    """
    w, d, h = b.dim(0.8, 1.4), b.dim(0.35, 0.45), b.dim(0.42, 0.48)
    bt = b.dim(0.015, 0.018)
    cushion = b.dim(0.04, 0.08) if b.chance(0.5) else 0.0
    z_box = h - cushion - bt  # top of the box walls
    drawer = b.chance(0.35)
    z_floor = 0.16 if drawer else 0.05
    b.link("base", "wood", *(S.box((d, bt, z_box), (0, sy * (w / 2 - bt / 2), z_box / 2))
                             for sy in (-1, 1)),
           S.box((bt, w - 2 * bt, z_box - z_floor), (d / 2 - bt / 2, 0, (z_box + z_floor) / 2)),
           S.box((bt, w - 2 * bt, z_box - 0.02), (-d / 2 + bt / 2, 0, (z_box + 0.02) / 2)),
           S.box((d - 2 * bt, w - 2 * bt, bt), (0, 0, z_floor + bt / 2)))
    back = b.chance(0.4)
    if back:
        bh = b.dim(0.3, 0.45)
        b.add("base", S.box((0.03, w, bh), (-d / 2 - 0.018, 0, z_box + bh / 2 - 0.1)))
    lids = b.count(1, 2)
    span = (w - 0.004 * (lids - 1)) / lids
    top = h
    for k in range(lids):
        yc = -w / 2 + span / 2 + k * (span + 0.004)
        lid = b.link(f"lid_{k}", "wood", S.box((d, span, bt), (0, yc, z_box + 0.001 + bt / 2)))
        if cushion:
            b.add(lid, S.box((d - 0.02, span - 0.02, cushion - 0.002), (0, yc, top - cushion / 2)))
        b.revolute(lid, "base", LIFT, (-d / 2, yc, top), 0.0,
                   b.real(1.35, 1.48) if back else b.real(1.4, 1.85))
    if drawer:
        P.drawer(b, "drawer", "base", x_face=d / 2 - bt, y0=-w / 2 + bt, y1=w / 2 - bt,
                 z0=0.02, z1=z_floor, depth=d - 2 * bt - 0.02, t=bt, material="wood",
                 travel=round(0.7 * (d - 2 * bt - 0.02), 3), handle=b.pick(("bar", "knob")))
    return (f"storage bench with {lids} lid{'s' if lids > 1 else ''}"
            + (" and a backrest" if back else "") + (" and a drawer" if drawer else ""))


@kind("bed", "furniture")
def bed(b: Builder) -> str:
    """Storage bed: a headboard and frame with 2-4 drawers along one side (prismatic) or a
    mattress platform that lifts from the foot on a head-end hinge (revolute, ottoman bed).

    Mattresses of 90-180 x 190-200 cm (European sizes; US twin 38 x 75 in to king 76 x 80 in),
    15-25 cm thick, on a frame 25-35 cm high; headboards reach 90-120 cm (typical retail
    range); ottoman platforms lift 35-45 degrees on gas struts, bed drawers are about 60 cm
    deep and run out 80% of it.
    """
    width, length = b.pick((0.9, 1.2, 1.4, 1.6, 1.8)), b.pick((1.9, 2.0))
    fh, mt, bt = b.dim(0.25, 0.35), b.dim(0.15, 0.25), 0.018
    W, L = width + 0.04, length + 0.04  # frame outer size: X across, Y along the bed
    hb = b.dim(0.9, 1.2)
    b.link("base", "wood", S.box((W + 0.04, 0.05, hb), (0, -L / 2 - 0.025, hb / 2)),
           *(S.box((W, bt, fh), (0, sy * (L / 2 - bt / 2), fh / 2)) for sy in (-1, 1)),
           S.box((bt, L - 2 * bt, fh), (-W / 2 + bt / 2, 0, fh / 2)),
           S.box((W - 2 * bt, L - 2 * bt, bt), (0, 0, 0.05 + bt / 2)))
    if b.chance(0.4):
        b.add("base", S.box((W + 0.04, 0.04, fh + 0.15), (0, L / 2 + 0.02, (fh + 0.15) / 2)))
    ottoman = b.chance(0.45)
    mattress = S.box((width, length, mt), (0, 0, fh + bt + mt / 2))
    hollow = S.box((width - 0.06, length - 0.06, mt - 0.06), (0, 0, fh + bt + mt / 2))
    if ottoman:
        b.add("base", S.box((bt, L - 2 * bt, fh - 0.05), (W / 2 - bt / 2, 0, (fh + 0.05) / 2)))
        deck = b.link("platform", "wood", S.box((W - 2 * bt - 0.004, L - 2 * bt - 0.004, bt),
                                                (0, 0, fh + bt / 2 - 0.001)))
        pad = b.link("mattress", "foam", mattress)
        b.cut(pad, hollow)
        b.fixed(pad, deck)
        b.revolute(deck, "base", "x", (0, -L / 2 + bt, fh + bt + mt), 0.0, b.real(0.6, 0.8))
        return f"{width:.1f} m ottoman bed with a lift-up platform"
    b.add("base", S.box((W - 2 * bt, L - 2 * bt, bt), (0, 0, fh - bt / 2)))
    pad = b.link("mattress", "foam", mattress)
    b.cut(pad, hollow)
    b.fixed(pad, "base")
    n = b.count(2, 4)
    span = (L - 2 * bt - 0.02 * (n + 1)) / n
    depth = min(0.6, W - 0.1)
    for k in range(n):
        y0 = -L / 2 + bt + 0.02 + k * (span + 0.02)
        if k:
            b.add("base", S.box((depth + 0.02, 0.02, fh - 0.05 - 2 * bt),
                                (W / 2 - (depth + 0.02) / 2, y0 - 0.01, fh / 2 + 0.025)))
        P.drawer(b, f"drawer_{k}", "base", x_face=W / 2 - bt, y0=y0, y1=y0 + span,
                 z0=0.05 + bt, z1=fh - bt, depth=depth - 0.02, t=bt, material="wood",
                 travel=round(0.8 * (depth - 0.02), 3), handle=b.pick(("bar", "edge")))
    return f"{width:.1f} m bed with {n} drawers"


@kind("crib", "furniture")
def crib(b: Builder) -> str:
    """Baby crib: slatted sides, solid ends, optional lowering side (prismatic), an
    under-crib drawer (prismatic) and casters (continuous swivel and wheel).

    Crib interiors are 60 x 120 or 70 x 140 cm (European cot mattress sizes) or 71 x 133 cm
    (US full-size cribs, 28 x 52 3/8 in, 16 CFR 1220), slats less than 6 cm apart (2 3/8 in,
    16 CFR 1220), the rail 60-66 cm above the mattress support (US: 26 in / 66 cm at the
    lowest support position); a lowering side of older cots drops 15-20 cm; drawers run about
    70% of their depth.
    """
    iw, il = b.pick(((0.6, 1.2), (0.7, 1.4), (0.71, 1.33)))
    post, rail_h = 0.04, b.dim(0.6, 0.66)
    W, L = iw + 2 * post, il + 2 * post  # X across, Y along
    casters = b.chance(0.25)
    wheel_r = 0.022
    foot = 2.3 * wheel_r + 0.002 if casters else 0.0
    z_sup = foot + b.dim(0.25, 0.35)
    top = z_sup + rail_h
    b.link("base", "wood", *(S.box((post, post, top - foot), (sx * (W / 2 - post / 2), sy * (L / 2 - post / 2), (top + foot) / 2))
                             for sx in (-1, 1) for sy in (-1, 1)),
           *(S.box((iw, 0.02, top - z_sup + 0.05), (0, sy * (L / 2 - post / 2), (top + z_sup - 0.05) / 2))
             for sy in (-1, 1)),
           S.box((iw - 0.004, il - 0.004, 0.02), (0, 0, z_sup - 0.01)))
    drop = b.chance(0.4)
    drawer = not drop and (b.chance(0.6) or not casters)
    for sx in ((-1,) if drop else (-1, 1)):
        _slats(b, "base", sx * (W / 2 - post / 2), il, z_sup, top)
    if drop:
        side = b.link("drop_side", "wood")
        _slats(b, side, W / 2 - post / 2, il - 0.006, z_sup + 0.004, top)
        b.prismatic(side, "base", (0, 0, -1), 0.0, b.dim(0.15, 0.2), point=(W / 2, 0, top))
    if drawer:
        P.drawer(b, "drawer", "base", x_face=W / 2 - post, y0=-il / 2, y1=il / 2,
                 z0=foot + 0.02, z1=z_sup - 0.03, depth=iw - 0.04, t=0.015, material="wood",
                 travel=round(0.7 * (iw - 0.04), 3), handle=b.pick(("bar", "knob")))
    if casters:
        for k, (sx, sy) in enumerate(((-1, -1), (-1, 1), (1, -1), (1, 1))):
            P.caster(b, f"caster_{k}", "base", (sx * (W / 2 - post / 2), sy * (L / 2 - post / 2), foot),
                     wheel_r)
    extras = [x for x, on in (("a lowering side", drop), ("a drawer", drawer), ("casters", casters)) if on]
    return "crib" + (" with " + " and ".join(extras) if extras else "")


def _slats(b: Builder, link: str, x: float, span: float, z0: float, z1: float) -> None:
    """A slatted side at ``x``: top and bottom rails over ``span`` (Y) and slats under 6 cm apart."""
    rail = 0.04
    b.add(link, S.box((0.03, span, rail), (x, 0, z1 - rail / 2)),
          S.box((0.03, span, rail), (x, 0, z0 + rail / 2)))
    n = int(span / 0.105) + 1
    for k in range(1, n):
        b.add(link, S.box((0.02, 0.05, z1 - z0 - 2 * rail + 0.004),
                          (x, -span / 2 + k * span / n, (z0 + z1) / 2)))


@kind("easel", "furniture")
def easel(b: Builder) -> str:
    """Studio easel: an A-frame of two front legs and a mast, a rear leg that folds (revolute),
    a canvas ledge sliding on the mast (prismatic) and a top clamp (prismatic), the clamp
    maybe on a mast extension that slides up (prismatic).

    Studio and A-frame easels stand 1.5-1.9 m tall with legs spreading 0.5-0.7 m and hold
    canvases up to 1.2-1.5 m; the ledge sits 0.5-0.7 m up and slides 0.25-0.4 m, the rear leg
    folds 20-30 degrees (typical retail range).
    """
    H, spread = b.dim(1.5, 1.9), b.dim(0.25, 0.35)
    mast = b.dim(0.03, 0.04)
    b.link("base", "wood", S.box((mast, mast, H), (0, 0, H / 2)),
           *(S.bar((0, sy * spread, 0.0), (0, sy * 0.03, H - 0.05), 0.03, 0.025) for sy in (-1, 1)),
           S.box((0.02, 2 * spread * 0.7, 0.03), (0, 0, H * 0.3)))
    reach = b.dim(0.5, 0.7)
    xh, zh = -mast / 2 - 0.032, H - 0.08
    b.add("base", *(S.box((0.04, 0.006, 0.05), (-mast / 2 - 0.018, sy * (mast / 2 + 0.002), zh))
                    for sy in (-1, 1)))
    rear = b.link("rear_leg", "wood", S.bar((xh, 0, zh), (xh - reach, 0, 0.015), 0.024, 0.025))
    fold = 0.8 * math.atan2(reach, zh - 0.015)
    b.revolute(rear, "base", "y", (xh, 0, zh), -round(fold, 3), 0.1)
    xf = mast / 2 + 0.002
    z_ledge, tr = b.dim(0.5, 0.7), b.dim(0.25, 0.4)
    lw = b.dim(0.5, 0.8)
    ledge = b.link("ledge", "wood", S.box((0.02, 0.08, 0.1), (xf + 0.01, 0, z_ledge)),
                   S.box((0.07, lw, 0.02), (xf + 0.035, 0, z_ledge - 0.04)),
                   S.box((0.01, lw, 0.03), (xf + 0.065, 0, z_ledge - 0.02)))
    b.prismatic(ledge, "base", "z", 0.0, tr, point=(xf, 0, z_ledge))
    clamp_parent = "base"
    z_clamp = H - 0.18
    extension = b.chance(0.5)
    if extension:
        ext = b.link("mast_extension", "wood", S.box((0.012, mast * 0.8, 0.6), (-mast / 2 - 0.008, 0, H - 0.2)))
        b.prismatic(ext, "base", "z", 0.0, b.dim(0.25, 0.4), point=(-mast / 2, 0, H))
        clamp_parent = ext
    low = z_clamp - 0.04 - (z_ledge + tr + 0.05) - 0.01
    clamp = b.link("top_clamp", "wood", S.box((0.02, 0.06, 0.16), (xf + 0.01, 0, z_clamp + 0.04)),
                   S.box((0.05, 0.06, 0.02), (xf + 0.035, 0, z_clamp - 0.03)))
    b.prismatic(clamp, clamp_parent, (0, 0, -1), 0.0, round(min(0.5, low), 3),
                point=(xf, 0, z_clamp))
    return "studio easel" + (" with a mast extension" if extension else "")


@kind("sun_lounger", "furniture")
def sun_lounger(b: Builder) -> str:
    """Sun lounger: a reclining backrest (revolute), optional foot section that lifts
    (revolute), optional wheels at the head (continuous) and a side tray that slides out
    (prismatic).

    Loungers are 1.8-2.0 m long, 0.55-0.75 m wide with the bed 0.3-0.4 m high; backrests of
    0.6-0.8 m recline through 70-80 degrees in steps, foot sections lift 20-30 degrees;
    transport wheels are 12-18 cm across (typical retail range of garden loungers).
    """
    L, w, h = b.dim(1.8, 2.0), b.dim(0.55, 0.75), b.dim(0.3, 0.4)
    bl, tube, pt = b.dim(0.6, 0.8), 0.03, 0.008
    wheels = b.chance(0.5)
    wheel_r = b.dim(0.06, 0.09)
    frame = b.pick(("aluminum", "plastic", "wood"))
    b.link("base", frame, *(S.box((L, tube, tube), (0, sy * (w / 2 - tube / 2), h - tube / 2))
                                 for sy in (-1, 1)))
    for x in (-L / 2 + 0.15, L / 2 - 0.1):
        b.add("base", *(S.box((tube, tube, h - tube), (x, sy * (w / 2 - tube / 2), (h - tube) / 2))
                        for sy in (-1, 1)),
              S.box((tube, w - 2 * tube, tube), (x, 0, h * 0.3)))
    foot = b.chance(0.5)
    fl = b.dim(0.4, 0.5) if foot else 0.0
    x_back, x_foot = -L / 2 + bl, L / 2 - fl
    inner = w - 2 * tube - 0.006
    seat = b.link("seat", "plastic", S.box((x_foot - x_back - 0.006, inner, pt),
                                           ((x_back + x_foot) / 2, 0, h - pt / 2)))
    b.fixed(seat, "base")
    back = b.link("backrest", "plastic", S.box((bl - 0.003, inner, pt), (-L / 2 + (bl - 0.003) / 2, 0, h - pt / 2)))
    b.revolute(back, "base", "y", (x_back, 0, h), 0.0, b.real(1.2, 1.4))
    if foot:
        rest = b.link("foot_section", "plastic", S.box((fl - 0.003, inner, pt), (L / 2 - (fl - 0.003) / 2, 0, h - pt / 2)))
        b.revolute(rest, "base", LIFT, (x_foot, 0, h), 0.0, b.real(0.35, 0.5))
    if wheels:
        for side, sy in (("left", -1), ("right", 1)):
            P.wheel(b, f"wheel_{side}", "base", (-L / 2 + 0.07, sy * (w / 2 + 0.03), wheel_r),
                    "y", wheel_r, 0.03)
        b.add("base", S.rod((-L / 2 + 0.07, -w / 2 - 0.016, wheel_r), (-L / 2 + 0.07, w / 2 + 0.016, wheel_r), 0.008),
              *(S.box((0.09, tube, 0.02), (-L / 2 + 0.11, sy * (w / 2 - tube / 2), wheel_r)) for sy in (-1, 1)))
    if b.chance(0.4):
        tray = b.link("side_tray", "plastic", S.box((0.3, 0.3, 0.015), (0.1, w / 2 - 0.16, h - 0.06)))
        b.prismatic(tray, "base", "y", 0.0, 0.25)
    detail = " and a lifting foot section" if foot else ""
    return "sun lounger with a reclining back" + detail + (" on wheels" if wheels else "")


@kind("theater_seating", "furniture")
def theater_seating(b: Builder) -> str:
    """Row of theater seats: 2-5 seats on shared standards, each seat tipping up (revolute),
    backs fixed or rocking (revolute), armrests between seats, some with cup holders.

    Auditorium seats are 50-60 cm wide on centres with the seat 43-46 cm high and 45-50 cm
    deep, backs reaching 90-105 cm, armrests 60-68 cm high (typical ranges of auditorium
    seating catalogues; EN 12727 tests such ganged seating); seats tip up 70-85 degrees,
    rocking backs recline 8-12 degrees.
    """
    n, pitch = b.count(2, 5), b.dim(0.5, 0.6)
    sh, sd, bh = b.dim(0.43, 0.46), b.dim(0.45, 0.5), b.dim(0.9, 1.05)
    arm_h, sw = b.dim(0.6, 0.68), 0.07
    W = n * pitch + sw
    x_back = -sd / 2 - 0.02
    b.link("base", "aluminum", S.box((0.08, W, 0.06), (x_back + 0.06, 0, sh - 0.12)))
    for k in range(n + 1):
        y = -W / 2 + sw / 2 + k * pitch
        b.add("base", S.box((0.05, sw, sh), (x_back + 0.06, y, sh / 2)),
              S.box((sd * 0.5, sw * 0.8, 0.02), (x_back + 0.06, y, 0.01)),
              S.box((0.05, sw, arm_h - sh), (x_back + 0.03, y, (arm_h + sh) / 2)),
              S.box((sd * 0.9, sw, 0.04), (x_back + sd * 0.45, y, arm_h - 0.02)))
        if 0 < k < n and b.chance(0.4):
            xc = x_back + sd * 0.8
            b.add("base", *(S.box((0.07, 0.006, 0.06), (xc, y + s * 0.032, arm_h + 0.01)) for s in (-1, 1)),
                  *(S.box((0.006, 0.058, 0.06), (xc + s * 0.032, y, arm_h + 0.01)) for s in (-1, 1)))
    rocking = b.chance(0.4)
    for k in range(n):
        y = -W / 2 + sw + (k + 0.5) * pitch - sw / 2
        inner = pitch - sw - 0.01
        back = b.link(f"back_{k}", "foam", S.box((0.08, inner, bh - sh), (x_back - 0.05, y, (bh + sh) / 2 + 0.01)))
        if rocking:
            b.revolute(back, "base", LIFT, (x_back - 0.01, y, sh + 0.01), 0.0, b.real(0.14, 0.2))
        else:
            b.fixed(back, "base", (x_back - 0.01, y, sh + 0.01))
        seat = b.link(f"seat_{k}", "foam", S.box((sd, inner, 0.08), (x_back + 0.01 + sd / 2, y, sh - 0.04)))
        b.revolute(seat, "base", LIFT, (x_back + 0.01, y, sh), 0.0, b.real(1.2, 1.45))
    return f"row of {n} theater seats" + (" with rocking backs" if rocking else "")


@kind("sofa", "furniture")
def sofa(b: Builder) -> str:
    """Sofa of 2-4 seats: reclining end seats (or all seats) with backs and footrests
    (revolute), a chaise end with a lift-up storage lid (revolute), or a middle back that
    folds down into a console (revolute).

    Sofas have seats 50-65 cm wide on 42-46 cm high cushions, 55-65 cm deep, backs 80-95 cm
    high and arms 12-25 cm wide, 55-65 cm high (typical retail range); power and manual
    recliners recline their backs 25-40 degrees
    and swing footrests up 75-90 degrees; chaises reach 55-70 cm further forward.
    """
    n, sw = b.count(2, 4), b.dim(0.5, 0.65)
    sd, hs, top = b.dim(0.55, 0.65), b.dim(0.42, 0.46), b.dim(0.8, 0.95)
    aw, ah, bd = b.dim(0.12, 0.25), b.dim(0.55, 0.65), 0.2
    W = n * sw + 2 * aw
    x_front = sd / 2
    b.link("base", "foam", S.box((sd, n * sw, hs), (0, 0, hs / 2)),
           S.box((bd, W, hs), (-sd / 2 - bd / 2, 0, hs / 2)),
           *(S.box((sd + bd, aw, ah), (-bd / 2, sy * (W / 2 - aw / 2), ah / 2)) for sy in (-1, 1)))
    b.cut("base", S.box((sd - 0.1, n * sw - 0.1, hs - 0.15), (0, 0, hs / 2 - 0.02)),
          S.box((bd - 0.08, n * sw - 0.1, hs - 0.1), (-sd / 2 - bd / 2, 0, hs / 2)),
          *(S.box((sd + bd - 0.1, aw - 0.08, ah - 0.1), (-bd / 2, sy * (W / 2 - aw / 2), ah / 2))
            for sy in (-1, 1)))
    style = b.pick(("recliner", "chaise", "console") if n >= 3 else ("recliner", "chaise"))
    y_seat = [-n * sw / 2 + (k + 0.5) * sw for k in range(n)]
    reclining = set()
    if style == "recliner":
        reclining = set(range(n)) if b.chance(0.4) else {0, n - 1}
    for k, y in enumerate(y_seat):
        back = S.box((bd, sw - 0.01, top - hs), (-sd / 2 - bd / 2, y, (top + hs) / 2 + 0.002))
        if k in reclining:
            link = b.link(f"back_{k}", "foam", back)
            b.revolute(link, "base", (0, -1, 0), (-sd / 2, y, hs), 0.0, b.real(0.45, 0.7))
            foot_l = b.dim(0.3, 0.36)
            rest = b.link(f"footrest_{k}", "foam",
                          S.box((0.06, sw - 0.04, foot_l), (x_front + 0.035, y, hs - 0.03 - foot_l / 2)))
            b.revolute(rest, "base", (0, -1, 0), (x_front + 0.065, y, hs - 0.03), 0.0, b.real(1.3, 1.57))
        elif style == "console" and k == n // 2:
            link = b.link("console_back", "foam", back)
            b.revolute(link, "base", "y", (-sd / 2, y, hs + 0.002), 0.0, b.real(1.45, 1.57))
        else:
            b.add("base", back)
    if style == "chaise":
        cl, side = b.dim(0.55, 0.7), b.pick((-1, 1))
        y = y_seat[0 if side < 0 else -1]
        b.add("base", S.box((cl, sw, hs - 0.1), (x_front + cl / 2, y, (hs - 0.1) / 2)))
        b.cut("base", S.box((cl - 0.04, sw - 0.04, hs - 0.14), (x_front + cl / 2, y, (hs - 0.1) / 2 + 0.03)))
        lid = b.link("chaise_lid", "foam", S.box((cl - 0.004, sw - 0.004, 0.098), (x_front + cl / 2 + 0.001, y, hs - 0.049 + 0.001)))
        b.revolute(lid, "base", (0, -1, 0), (x_front + 0.002, y, hs + 0.002), 0.0, b.real(1.0, 1.3))
    detail = {"recliner": f" with {len(reclining)} reclining seats", "chaise": " with a storage chaise",
              "console": " with a fold-down console"}[style]
    return f"{n}-seat sofa{detail}"
