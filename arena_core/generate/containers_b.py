"""Containers, continued: lunch boxes, coolers and tool boxes with flip latches, vacuum
flasks and travel mugs with screw lids (helical), pill organizers, chests.

Helpers shared with :mod:`arena_core.generate.containers` (thread pitches) are imported
from it.
"""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.containers import _pitch
from arena_core.generate.kinds import kind


def _flip_latch(b: Builder, name: str, parent: str, pivot, normal, *, width: float,
                length: float, upper: float) -> str:
    """A latch plate standing up from ``pivot`` on a face with outward ``normal`` (+-X or
    +-Y): it flips outward and down about the face's horizontal line (revolute, 0..``upper``)."""
    nx, ny = normal
    px, py, pz = pivot
    size = (0.003, width, length) if nx else (width, 0.003, length)
    plate = S.box(size, (px + nx * 0.0015, py + ny * 0.0015, pz + length / 2))
    barrel = S.cylinder(0.003, width, (px + nx * 0.0015, py + ny * 0.0015, pz),
                        (abs(ny), abs(nx), 0), sections=8)
    b.link(name, "metal", plate, barrel)
    b.revolute(name, parent, (-ny, nx, 0), (px + nx * 0.0015, py + ny * 0.0015, pz), 0.0, upper)
    return name


def _hanging_clip(b: Builder, name: str, parent: str, pivot, normal, *, width: float,
                  length: float) -> str:
    """A clip hanging down from ``pivot`` on a lid's side face with outward ``normal``: it
    swings outward and up (revolute, 0..1.5 rad) to release the body below."""
    nx, ny = normal
    px, py, pz = pivot
    size = (0.003, width, length) if nx else (width, 0.003, length)
    b.link(name, "plastic", S.box(size, (px + nx * 0.0035, py + ny * 0.0035, pz - length / 2)),
           S.cylinder(0.0025, width, (px + nx * 0.0035, py + ny * 0.0035, pz),
                      (abs(ny), abs(nx), 0), sections=8))
    b.revolute(name, parent, (ny, -nx, 0), (px + nx * 0.0035, py + ny * 0.0035, pz), 0.0, 1.5)
    return name


@kind("lunch_box", "containers")
def lunch_box(b: Builder) -> str:
    """Lunch box: a hollow tub and either a hinged lid held by 1-2 front latches and carried
    by a folding handle, or a lift-off (bento) lid held by two or four hanging side clips;
    an optional fixed divider.

    Sizes from the typical retail range of hard lunch boxes and bento boxes (about
    0.15-0.28 m long, 0.1-0.2 m deep, 0.05-0.12 m tall, 1-2 mm plastic or 0.5-1 mm tin walls).
    """
    w, d, h = b.dim(0.15, 0.28), b.dim(0.1, 0.2), b.dim(0.05, 0.12)
    material = b.pick(("plastic", "plastic", "metal"))
    wall = 0.002 if material == "plastic" else 0.0012
    P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), wall, open_face="+z")
    if b.chance(0.5):
        b.add("base", S.box((d - 2 * wall + 0.001, wall, h * 0.7), (0, w * b.real(-0.2, 0.2), h * 0.35)))
    lid_t = b.dim(0.008, 0.02)
    lid = b.link("lid", material, S.box((d, w, lid_t), (0, 0, h + lid_t / 2)))
    if b.chance(0.5):
        b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h), 0.0, b.real(1.6, 2.0))
        n = b.count(1, 2)
        for k in range(n):
            y = 0.0 if n == 1 else (k - 0.5) * w * 0.55
            _flip_latch(b, f"latch_{k}", "base", (d / 2 + 0.001, y, h - 0.012), (1, 0),
                        width=0.025, length=0.012 + lid_t * 0.8, upper=b.real(1.5, 2.4))
        span = min(0.12, w * 0.6)
        grip = b.link("handle", "plastic",
                      S.rod((0, -span / 2, h + lid_t + 0.004), (0, span / 2, h + lid_t + 0.004), 0.004),
                      *[S.rod((0, sy * span / 2, h + lid_t + 0.004), (-0.03, sy * span / 2, h + lid_t + 0.004), 0.004)
                        for sy in (-1, 1)])
        b.revolute(grip, lid, (0, -1, 0), (-0.03, 0, h + lid_t + 0.004), 0.0, b.real(1.3, 1.6))
        return f"{material} lunch box with a hinged lid and {n} latch{'es' if n > 1 else ''}"
    b.prismatic(lid, "base", "z", 0.0, b.dim(0.03, 0.08))
    faces = [((d / 2, 0), (1, 0)), ((-d / 2, 0), (-1, 0))]
    if b.chance(0.5):
        faces += [((0, w / 2), (0, 1)), ((0, -w / 2), (0, -1))]
    for k, ((x, y), normal) in enumerate(faces):
        _hanging_clip(b, f"clip_{k}", lid, (x, y, h + lid_t / 2), normal,
                      width=min(0.04, 0.4 * (w if normal[0] else d)), length=lid_t / 2 + 0.015)
    return f"{material} bento box with a lift-off lid and {len(faces)} clips"


@kind("cooler", "containers")
def cooler(b: Builder) -> str:
    """Ice chest: thick insulated walls, a lid hinged at the back, 0-2 front latches,
    fold-up end handles, a screw drain plug, and on some two wheels with a telescoping
    tow handle.

    Sizes from the typical retail range of 25-70 quart hard coolers (about 0.45-0.8 m long,
    0.3-0.45 m deep, 0.3-0.45 m tall, 30-60 mm insulated walls).
    """
    w, d, h = b.dim(0.45, 0.8), b.dim(0.3, 0.45), b.dim(0.3, 0.45)
    wall = b.dim(0.03, 0.06)
    b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)))
    b.cut("base", S.box((d - 2 * wall, w - 2 * wall, h), (0, 0, h / 2 + wall)))
    lid_t = b.dim(0.04, 0.07)
    lid = b.link("lid", "plastic", S.box((d, w, lid_t), (0, 0, h + lid_t / 2)))
    b.add(lid, S.box((d - 2 * wall - 0.01, w - 2 * wall - 0.01, 0.015), (0, 0, h - 0.0075)))
    wheeled = b.chance(0.4)
    b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h),
               0.0, b.real(1.3, 1.5) if wheeled else b.real(1.5, 1.9))
    n = b.count(0, 2)
    for k in range(n):
        y = (k - 0.5) * w * 0.6 if n == 2 else 0.0
        _flip_latch(b, f"latch_{k}", "base", (d / 2 + 0.001, y, h - 0.03), (1, 0), width=0.04,
                    length=0.03 + lid_t * 0.7, upper=math.pi / 2)
    for side, sy in (("left", -1), ("right", 1)):
        # a U handle hanging flat on the end face from two pivots 3 cm below the rim
        zp, span, drop = h - 0.03 - 0.006, min(0.16, d * 0.5), 0.05
        yy = sy * (w / 2 + 0.009)
        grip = b.link(f"handle_{side}", "plastic",
                      S.rod((-span / 2, yy, zp - drop), (span / 2, yy, zp - drop), 0.008),
                      *[S.rod((sx * span / 2, yy, zp - drop), (sx * span / 2, yy, zp), 0.006)
                        for sx in (-1, 1)])
        b.revolute(grip, "base", (sy, 0, 0), (0, yy, zp), 0.0, math.pi / 2)
    plug_y = -w / 2 + wall + 0.04
    b.add("base", S.cylinder(0.015, 0.01, (d / 2 + 0.005, plug_y, wall + 0.01), "x"))
    plug = b.link("drain_plug", "plastic", S.cylinder(0.018, 0.012, (d / 2 + 0.016, plug_y, wall + 0.01), "x"),
                  S.box((0.008, 0.028, 0.006), (d / 2 + 0.026, plug_y, wall + 0.01)))
    pitch = 0.003 / (2 * math.pi)
    b.helical(plug, "base", "x", (d / 2 + 0.01, plug_y, wall + 0.01), 0.0, 3 * 2 * math.pi, pitch)
    if wheeled:
        r = b.dim(0.05, 0.08)
        for side, sy in (("left", -1), ("right", 1)):
            center = (-d / 2 + r * 0.6, sy * (w / 2 + 0.035), r)
            b.add("base", S.cylinder(0.008, 0.05, (center[0], sy * (w / 2 + 0.02), r), "y"))
            P.wheel(b, f"wheel_{side}", "base", center, "y", r, 0.03)
        sleeve_x, sy_ = -d / 2 - 0.02, w * 0.3
        for sy in (-1, 1):
            b.add("base", S.tube(0.009, 0.013, h * 0.7, (sleeve_x, sy * sy_, h * 0.4)),
                  S.box((0.02, 0.03, 0.02), (-d / 2 - 0.008, sy * sy_, h * 0.7)))
        tow = b.link("tow_handle", "aluminum",
                     *[S.rod((sleeve_x, sy * sy_, h * 0.1), (sleeve_x, sy * sy_, h - 0.02), 0.007)
                       for sy in (-1, 1)],
                     S.rod((sleeve_x, -sy_ - 0.01, h - 0.02), (sleeve_x, sy_ + 0.01, h - 0.02), 0.011))
        b.prismatic(tow, "base", "z", 0.0, h * 0.55)
    return f"{'wheeled ' if wheeled else ''}cooler with {n} latch{'es' if n != 1 else ''}"


@kind("toolbox", "containers")
def toolbox(b: Builder) -> str:
    """Tool box: a hollow top compartment under a lid hinged at the back, a lift-out tray
    resting on ledges inside, two front latches, a folding carry handle on the lid, and on
    some 1-3 drawers below (a portable tool chest).

    Sizes from the typical retail range of portable plastic and steel tool boxes (about
    0.35-0.6 m long, 0.18-0.3 m deep, 0.15-0.25 m tall without drawers, 60-100 mm drawers).
    """
    w, d, top_h = b.dim(0.35, 0.6), b.dim(0.18, 0.3), b.dim(0.15, 0.25)
    material = b.pick(("plastic", "metal"))
    wall = 0.004 if material == "plastic" else 0.0015
    drawers = b.pick((0, 0, 1, 2, 3))
    dh = [b.dim(0.06, 0.1) for _ in range(drawers)]
    z_split = sum(dh) + (0.01 if drawers else 0.0)
    h = z_split + top_h
    b.link("base", material, S.box((d, w, h), (0, 0, h / 2)))
    b.cut("base", S.box((d - 2 * wall, w - 2 * wall, top_h), (0, 0, z_split + wall + top_h / 2)))
    z = z_split
    for hk in dh:  # openings top-down
        z0 = z - hk
        b.cut("base", S.box((d, w - 2 * wall, hk - 0.004), (wall, 0, (z0 + z) / 2)))
        z = z0
    ledge = z_split + wall + top_h * 0.55
    for sy in (-1, 1):
        b.add("base", S.box((d - 2 * wall, 0.008, 0.008), (0, sy * (w / 2 - wall - 0.004), ledge - 0.004)))
    tray_h = min(0.06, top_h * 0.4)
    tray_w, tray_d = w - 2 * wall - 0.006, d - 2 * wall - 0.006
    tray = b.link("tray", "plastic", S.box((tray_d, tray_w, tray_h), (0, 0, ledge + tray_h / 2)))
    b.cut(tray, S.box((tray_d - 0.006, (tray_w - 0.009) / 2, tray_h), (0, -(tray_w - 0.009) / 4 - 0.0015, ledge + tray_h / 2 + 0.003)),
          S.box((tray_d - 0.006, (tray_w - 0.009) / 2, tray_h), (0, (tray_w - 0.009) / 4 + 0.0015, ledge + tray_h / 2 + 0.003)))
    b.prismatic(tray, "base", "z", 0.0, top_h * 0.5)
    lid_t = 0.02
    lid = b.link("lid", material, S.box((d, w, lid_t), (0, 0, h + lid_t / 2)))
    # open past upright, so the tray lifts out in front of it
    b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h), 0.0, b.real(1.65, 1.9))
    for k, sy in enumerate((-1, 1)):
        _flip_latch(b, f"latch_{k}", "base", (d / 2 + 0.001, sy * w * 0.35, h - 0.022), (1, 0),
                    width=0.03, length=0.022 + lid_t * 0.7, upper=math.pi / 2)
    span = min(0.2, w * 0.5)
    grip = b.link("handle", "plastic",
                  S.rod((0, -span / 2, h + lid_t + 0.006), (0, span / 2, h + lid_t + 0.006), 0.006),
                  *[S.rod((0, sy * span / 2, h + lid_t + 0.006), (-0.035, sy * span / 2, h + lid_t + 0.006), 0.006)
                    for sy in (-1, 1)])
    b.revolute(grip, lid, (0, -1, 0), (-0.035, 0, h + lid_t + 0.006), 0.0, b.real(1.3, 1.6))
    z = z_split
    for k, hk in enumerate(dh):
        P.drawer(b, f"drawer_{k}", "base", x_face=d / 2, y0=-w / 2 + wall, y1=w / 2 - wall,
                 z0=z - hk + 0.002, z1=z - 0.002, depth=d - 2 * wall - 0.01, t=0.008,
                 material=material, travel=0.75 * (d - 0.03), handle="edge")
        z -= hk
    return f"{material} tool box with a tray" + (f" and {drawers} drawers" if drawers else "")


@kind("thermos", "containers")
def thermos(b: Builder) -> str:
    """Vacuum flask or travel mug: a hollow body; a flask's stopper screws into its neck
    (helical) under a drinking cup that screws onto the shoulder (helical); a travel mug's
    screw lid carries a flip-up sip cap or a push-button valve; on some a side handle.

    Vacuum flasks of 0.35-1.5 L are 7-10 cm across and 20-34 cm tall, travel mugs of
    0.3-0.6 L 7-9 cm across and 15-22 cm tall (retail range; EN 12546-1 covers vacuum
    ware); stoppers come out in 1.5-3 turns of 4-8 mm, cups and lids in under a turn.
    """
    flask = b.chance(0.55)
    r = b.dim(0.035, 0.05) if flask else b.dim(0.035, 0.045)
    h = b.dim(0.2, 0.34) if flask else b.dim(0.15, 0.22)
    material = b.pick(("metal", "metal", "plastic"))
    wall = 0.003
    handle = b.chance(0.35)
    if not flask:
        b.link("base", material, S.tube(r - wall, r, h, (0, 0, h / 2)), S.cylinder(r, 0.004, (0, 0, 0.002)))
        if handle:
            b.add("base", S.bar((r - 0.004, 0, h * 0.75), (r + 0.03, 0, h * 0.75), 0.016, 0.012),
                  S.bar((r + 0.03, 0, h * 0.75 + 0.006), (r + 0.03, 0, h * 0.3 - 0.006), 0.016, 0.012),
                  S.bar((r + 0.03, 0, h * 0.3), (r - 0.004, 0, h * 0.3), 0.016, 0.012))
        # a plug skirt screwed inside the rim under a cap 2 mm wider than the body
        lid = b.link("lid", "plastic", S.tube(r - wall - 0.004, r - wall - 0.0005, 0.016, (0, 0, h - 0.007)),
                     S.cylinder(r + 0.002, 0.012, (0, 0, h + 0.006)))
        pitch = _pitch(b, 0.0005, 0.0009)
        b.helical(lid, "base", "z", (0, 0, h), 0.0, min(b.real(0.5, 0.9) * 2 * math.pi, 0.02 / pitch), pitch)
        top = h + 0.012
        if b.chance(0.6):
            cap = b.link("sip_cap", "plastic", S.box((r * 0.9, r * 0.8, 0.006), (r * 0.1, 0, top + 0.003)))
            b.revolute(cap, lid, (0, -1, 0), (-r * 0.35, 0, top), 0.0, b.real(1.6, 2.2))
            return f"{material} travel mug with a flip-up sip cap" + (" and a handle" if handle else "")
        P.button(b, "valve_button", lid, (-r * 0.4, 0, top), "z", 0.016, 0.004, round_=True)
        return f"{material} travel mug with a push-button lid" + (" and a handle" if handle else "")
    rn = b.dim(0.02, min(0.03, r - 0.012))
    neck = 0.03
    b.link("base", material, S.tube(r - wall, r, h, (0, 0, h / 2)), S.cylinder(r, 0.004, (0, 0, 0.002)),
           S.tube(rn - wall, r, 0.006, (0, 0, h + 0.003)),
           S.tube(rn - wall, rn, neck, (0, 0, h + 0.006 + neck / 2 - 0.001)))
    if handle:
        b.add("base", S.bar((r - 0.004, 0, h * 0.8), (r + 0.03, 0, h * 0.8), 0.016, 0.012),
              S.bar((r + 0.03, 0, h * 0.8 + 0.006), (r + 0.03, 0, h * 0.35 - 0.006), 0.016, 0.012),
              S.bar((r + 0.03, 0, h * 0.35), (r - 0.004, 0, h * 0.35), 0.016, 0.012))
    top = h + 0.006 + neck
    plug_h = 0.025
    stopper = b.link("stopper", "plastic", S.cylinder(rn - wall - 0.0008, plug_h, (0, 0, top - plug_h / 2 + 0.002)),
                     S.cylinder(rn + 0.002, 0.012, (0, 0, top + 0.008)))
    s_pitch = _pitch(b, 0.0006, 0.0012)
    # the cup's closed end stands 7 mm over the stopper, which rises at most 1 mm more than
    # the cup's own travel: it never reaches the cup, screwed on or off
    cup_h = top + 0.014 + 0.005 - h + 0.004
    cup_r = r + 0.002
    cup = b.link("cup", material, S.tube(cup_r - 0.002, cup_r, cup_h, (0, 0, h + 0.001 + cup_h / 2)),
                 S.cylinder(cup_r, 0.003, (0, 0, h + 0.001 + cup_h - 0.0015)))
    c_pitch = _pitch(b, 0.0005, 0.0009)
    c_up = min(b.real(0.6, 0.95) * 2 * math.pi, 0.025 / c_pitch)
    b.helical(cup, "base", "z", (0, 0, h), 0.0, c_up, c_pitch)
    s_travel = min(b.real(1.5, 3.0) * 2 * math.pi * s_pitch, 0.005 + c_up * c_pitch - 0.004, plug_h - 0.006)
    b.helical(stopper, "base", "z", (0, 0, top), 0.0, s_travel / s_pitch, s_pitch)
    return f"{material} vacuum flask with a screw stopper and a cup" + (" and a handle" if handle else "")


@kind("pill_box", "containers")
def pill_box(b: Builder) -> str:
    """Pill organizer: a weekly strip of 7 compartments in 1-4 rows (7-28 flip lids on rear
    living hinges, one per compartment), or a round weekly wheel whose cover turns over 7
    compartments to open one.

    Weekly pill organizers have compartments of 2-3.2 cm square and 1.5-2.5 cm deep, rows of
    seven 16-24 cm long, one to four rows (morning/noon/evening/bedtime), and round pill
    wheels are 9-12 cm across (retail range); flip lids open 90-100 degrees.
    """
    if b.chance(0.2):
        R, hc = b.dim(0.045, 0.06), b.dim(0.015, 0.022)
        b.link("base", "plastic", S.cylinder(R, hc + 0.002, (0, 0, (hc + 0.002) / 2)))
        # 7 of 8 sectors (the eighth is the closed position), 3 mm apart at their inner end
        cw = 2 * 0.4 * R * math.tan(math.pi / 8) - 0.003
        for k in range(7):
            a = 2 * math.pi * k / 8
            b.cut("base", S.box((R * 0.48, cw, hc), (R * 0.64 * math.cos(a), R * 0.64 * math.sin(a), 0.003 + hc / 2),
                                rotation=S.rotation("z", a)))
        lid = b.link("cover", "plastic", S.cylinder(R, 0.003, (0, 0, hc + 0.0035)),
                     S.cylinder(0.008, 0.006, (0, 0, hc + 0.008)))
        b.cut(lid, S.box((R * 0.48, cw, 0.02), (R * 0.64, 0, hc + 0.0035)))
        b.continuous(lid, "base", "z", (0, 0, hc + 0.002))
        return "round weekly pill wheel with a turning cover"
    rows = b.pick((1, 1, 2, 2, 3, 4))
    cw, cd, hc = b.dim(0.02, 0.032), b.dim(0.02, 0.03), b.dim(0.015, 0.025)
    wall, tl, tab, floor = 0.002, 0.003, 0.004, 0.002
    strip = tl + tab + 0.006
    pitch_x = cd + wall + strip
    length = 7 * (cw + wall) + wall
    depth = rows * (cd + 2 * wall) + (rows - 1) * (strip - wall)
    z_top = floor + hc
    x_back = -depth / 2
    b.link("base", "plastic", S.box((depth, length, z_top), (0, 0, z_top / 2)))
    up = b.real(1.6, 1.75)
    for j in range(rows):
        xb = x_back + wall + j * pitch_x  # back of row j's compartments
        for k in range(7):
            yc = -length / 2 + wall + cw / 2 + k * (cw + wall)
            b.cut("base", S.box((cd, cw, hc + 0.002), (xb + cd / 2, yc, floor + hc / 2 + 0.001)))
            x0, x1 = xb - wall / 2, xb + cd + wall / 2 + tab
            lid = b.link(f"lid_{j}_{k}", "plastic",
                         S.box((x1 - x0, cw + wall - 0.0015, tl), ((x0 + x1) / 2, yc, z_top + tl / 2)))
            b.revolute(lid, "base", (0, -1, 0), (x0, yc, z_top), 0.0, up)
    return f"weekly pill organizer with {rows} row{'s' if rows > 1 else ''} of 7 flip lids"


@kind("chest", "containers")
def chest(b: Builder) -> str:
    """Chest or trunk: a hollow box under a flat or domed lid on a rear hinge, a hasp that
    swings up off the front, two fold-up end handles, and on some a sliding till tray on
    ledges inside or 1-2 drawers in a plinth (a blanket chest).

    Blanket and toy chests are 60-120 cm wide, 35-55 cm deep and 40-60 cm tall, steamer trunks
    75-100 x 45-55 x 45-60 cm (retail range), with 12-20 mm boards; the lid opens 95-110
    degrees on its stay, drawers 12-18 cm tall run out about 75% of their depth.
    """
    w, d, h = b.dim(0.6, 1.2), b.dim(0.35, 0.55), b.dim(0.4, 0.6)
    wall = b.dim(0.012, 0.02)
    material = b.pick(("wood", "wood", "metal"))
    if material == "metal":
        wall = 0.004
    drawers = b.pick((0, 0, 0, 1, 2)) if w > 0.75 else 0
    zf = wall + (b.dim(0.12, 0.18) + wall if drawers else 0.0)
    b.link("base", material, S.box((d, w, h), (0, 0, h / 2)))
    b.cut("base", S.box((d - 2 * wall, w - 2 * wall, h), (0, 0, zf + h / 2)))
    if drawers:
        cols = _chest_columns(w, wall, drawers)
        for k, (ya, yb) in enumerate(cols):
            b.cut("base", S.box((d, yb - ya, zf - 2 * wall), (wall, (ya + yb) / 2, zf / 2)))
            P.drawer(b, f"drawer_{k}", "base", x_face=d / 2, y0=ya, y1=yb, z0=wall, z1=zf - wall,
                     depth=d - 2 * wall - 0.01, t=wall, material=material,
                     travel=0.75 * (d - 2 * wall - 0.01), handle=b.pick(("knob", "bar")))
    ov, lt = 0.01, b.dim(0.02, 0.035)
    domed = b.chance(0.35)
    lid = b.link("lid", material, S.box((d + 2 * ov, w + 2 * ov, lt), (0, 0, h + lt / 2)))
    if domed:
        rise = b.dim(0.06, 0.14)
        dome = S.cylinder(d / 2 + ov, w + 2 * ov, (0, 0, 0), "y")
        dome.apply_scale((1.0, 1.0, rise / (d / 2 + ov)))
        dome.apply_translation((0, 0, h + lt - 0.001))
        b.add(lid, dome)
        b.cut(lid, S.box((d + 4 * ov, w + 4 * ov, d), (0, 0, h - d / 2)))
    b.revolute(lid, "base", (0, -1, 0), (-d / 2 - ov, 0, h), 0.0, b.real(1.65, 1.9))
    xh = d / 2 + ov
    hasp = b.link("hasp", "metal", S.box((0.003, 0.04, 0.05), (xh + 0.0025, 0, h + lt / 2 - 0.025)),
                  S.cylinder(0.003, 0.04, (xh + 0.0025, 0, h + lt / 2), "y", sections=8))
    b.revolute(hasp, lid, (0, -1, 0), (xh + 0.0025, 0, h + lt / 2), 0.0, 1.5)
    zp, span, drop = h - 0.06, min(0.16, d * 0.5), 0.05
    for side, sy in (("left", -1), ("right", 1)):
        yy = sy * (w / 2 + 0.009)
        grip = b.link(f"handle_{side}", "metal",
                      S.rod((-span / 2, yy, zp - drop), (span / 2, yy, zp - drop), 0.007),
                      *[S.rod((sx * span / 2, yy, zp - drop), (sx * span / 2, yy, zp), 0.005)
                        for sx in (-1, 1)])
        b.revolute(grip, "base", (sy, 0, 0), (0, yy, zp), 0.0, math.pi / 2)
    if b.chance(0.4):
        ledge = h - b.dim(0.08, 0.12)
        inner_w = w - 2 * wall
        for sx in (-1, 1):
            b.add("base", S.box((0.01, inner_w, 0.01), (sx * (d / 2 - wall - 0.005), 0, ledge - 0.005)))
        tw, th = inner_w * b.real(0.4, 0.55), min(0.07, h - ledge - 0.01)
        td = d - 2 * wall - 0.006
        y0 = -inner_w / 2 + 0.003 + tw / 2
        tray = b.link("till_tray", "wood", S.box((td, tw, th), (0, y0, ledge + th / 2)))
        b.cut(tray, S.box((td - 0.012, tw - 0.012, th), (0, y0, ledge + th / 2 + 0.006)))
        b.prismatic(tray, "base", "y", 0.0, inner_w - tw - 0.006)
        extra = " and a sliding tray"
    else:
        extra = f" and {drawers} drawer{'s' if drawers > 1 else ''}" if drawers else ""
    return f"{'domed ' if domed else ''}{material} chest{extra}"


def _chest_columns(w: float, wall: float, n: int) -> list[tuple[float, float]]:
    """``n`` equal drawer openings across the inner width ``w - 2 wall``, ``wall`` apart."""
    inner = w - 2 * wall - (n - 1) * wall
    step = inner / n
    return [(-w / 2 + wall + k * (step + wall), -w / 2 + wall + k * (step + wall) + step)
            for k in range(n)]
