"""Mechanisms, continued: gantries, roller conveyors and cable carriers (chains of joints),
turntables, lead screws, camshafts."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("gantry", "mechanisms")
def gantry(b: Builder) -> str:
    """XYZ gantry: bridge (X), carriage (Y), quill (Z) prismatic chain, spindle (continuous),
    and on some a rotary table (continuous) on the bed.

    Desktop CNC routers and gantry robots have beds of 40-100 cm by 30-80 cm under a gantry
    30-60 cm high (retail range: hobby routers from 30 x 18 cm working areas, e.g. the 3018
    class, to 1 m class machines), the bridge and carriage travelling the bed less 16-17 cm of
    carriage and rails, the quill 45% of the height at most.
    """
    lx, ly, h = b.dim(0.4, 1.0), b.dim(0.3, 0.8), b.dim(0.3, 0.6)
    b.link("base", "aluminum", S.box((lx, ly, 0.04), (0, 0, 0.02)),
           *[S.box((lx, 0.04, 0.04), (0, sy * (ly / 2 - 0.02), h)) for sy in (-1, 1)],
           *[S.box((0.04, 0.04, h), (sx * (lx / 2 - 0.02), sy * (ly / 2 - 0.02), h / 2))
             for sx in (-1, 1) for sy in (-1, 1)])
    bridge = b.link("bridge", "aluminum", S.box((0.06, ly, 0.05), (-lx / 2 + 0.08, 0, h + 0.045)))
    b.prismatic(bridge, "base", "x", 0.0, lx - 0.16)
    # The carriage runs 5 mm inside the rails at both ends of its travel; the spindle stops
    # 1 cm above the bed (or the rotary table).
    y0 = -ly / 2 + 0.085
    carriage = b.link("carriage", "aluminum", S.box((0.08, 0.08, 0.08), (-lx / 2 + 0.08, y0, h + 0.045)))
    b.prismatic(carriage, bridge, "y", 0.0, ly - 0.17)
    extra = b.chance(0.5)
    floor = 0.07 if extra else 0.04
    quill = b.link("quill", "metal", S.box((0.04, 0.04, h * 0.5), (-lx / 2 + 0.08 + 0.06, y0, h * 0.85)))
    b.prismatic(quill, carriage, (0, 0, -1), 0.0, min(h * 0.45, h * 0.6 - 0.05 - floor - 0.01))
    tool = (-lx / 2 + 0.14, y0, h * 0.6)
    spindle = b.link("spindle", "metal", S.cylinder(0.008, 0.05, (tool[0], tool[1], tool[2] - 0.025)))
    b.continuous(spindle, quill, "z", tool)
    if extra:
        table = b.link("rotary_table", "metal", S.cylinder(min(lx, ly) * 0.25, 0.03, (0, 0, 0.055)))
        b.continuous(table, "base", "z", (0, 0, 0.04))
    return "XYZ gantry" + (" with a rotary table" if extra else "")


@kind("conveyor", "mechanisms")
def conveyor(b: Builder) -> str:
    """Gravity roller conveyor section: 20-60 rollers spinning freely between two side rails
    (continuous each), on 0-4 pairs of legs with telescoping height (prismatic each), with an
    optional end stop flap (revolute) and optional guide rails (part of the frame).

    Ranges follow the light-duty gravity roller conveyors of manufacturers' catalogues
    (e.g. Ashland, Hytrol): rollers 38-60 mm across (1.5-2.5 in) on 75-150 mm centres,
    0.3-0.9 m between the rails, 0.5-0.9 m to the top of the rollers. Each roller spins
    3 mm clear of the rails, its neighbours 6 mm or more away.
    """
    n = b.count(20, 60)
    r = b.dim(0.019, 0.03)
    pitch = b.dim(max(0.075, 2 * r + 0.012), 0.15)
    width = b.dim(0.3, 0.9)
    length = n * pitch + 0.04
    pairs = b.pick((0, 2, 2, 3, 4)) if length > 2.0 else b.pick((0, 2, 2, 3))
    top = b.dim(0.5, 0.9) if pairs else 0.2
    rail_h, rail_t = 0.07, 0.005
    z_axle = top - r
    z_rail = z_axle + 0.012 - rail_h / 2  # the rollers stand 12 mm proud of the rails' top
    rails = [S.box((length, rail_t, rail_h), (0, sy * (width / 2 + rail_t / 2), z_rail)) for sy in (-1, 1)]
    b.link("base", "aluminum", *rails)
    if b.chance(0.5):  # guide rails on posts above the rollers
        for sy in (-1, 1):
            y = sy * (width / 2 + rail_t / 2)
            b.add("base", S.box((length, 0.006, 0.03), (0, y, top + 0.06)),
                  *[S.box((0.02, 0.006, 0.06), (x, y, top + 0.015)) for x in (-length / 2 + 0.05, 0.0, length / 2 - 0.05)])
    x0 = -length / 2 + 0.02 + pitch / 2
    for k in range(n):
        x = x0 + k * pitch
        roller = b.link(f"roller_{k}", "metal", S.cylinder(r, width - 0.006, (x, 0, z_axle), "y", sections=16))
        b.continuous(roller, "base", "y", (x, 0, z_axle))
    if pairs:
        _conveyor_legs(b, pairs, length, width, rail_t, z_rail - rail_h / 2)
    if b.chance(0.4):
        x_end = length / 2 + 0.008
        stop = b.link("end_stop", "metal", S.box((0.006, width, 0.08), (x_end + 0.003, 0, top + 0.03)))
        b.revolute(stop, "base", (0, 1, 0), (x_end, 0, top - 0.01), 0.0, math.pi / 2)
    return f"roller conveyor with {n} rollers"


def _conveyor_legs(b: Builder, pairs: int, length: float, width: float, rail_t: float,
                   z_under: float) -> None:
    """Legs under the rails: square outer tubes (40 mm, 3 mm walls) welded to the frame, each
    with an inner tube sliding down out of it (prismatic) for 0-15 cm more height."""
    z_foot = 0.0
    outer_l = (z_under - z_foot) * 0.6
    xs = [-length / 2 + 0.1 + k * (length - 0.2) / (pairs - 1) for k in range(pairs)]
    for i, x in enumerate(xs):
        for side, sy in (("l", -1), ("r", 1)):
            y = sy * (width / 2 + rail_t / 2)
            zc = z_under - outer_l / 2
            b.add("base", S.box((0.04, 0.04, outer_l), (x, y, zc)))
            b.cut("base", S.box((0.034, 0.034, outer_l), (x, y, zc - 0.004)))
            inner_l = z_under - z_foot - 0.01
            leg = b.link(f"leg_{i}{side}", "aluminum",
                         S.box((0.03, 0.03, inner_l), (x, y, z_foot + inner_l / 2 + 0.008)),
                         S.box((0.07, 0.07, 0.008), (x, y, z_foot + 0.004)))
            b.prismatic(leg, "base", (0, 0, -1), 0.0, b.dim(0.05, 0.15), point=(x, y, z_foot))
    if pairs >= 2:
        b.add("base", *[S.box((0.03, width, 0.03), (x, 0, z_under - outer_l * 0.7)) for x in xs])


@kind("cable_carrier", "mechanisms")
def cable_carrier(b: Builder) -> str:
    """Cable carrier (drag chain) lying straight: 20-60 hollow links, each bending up on a
    pin at its top edge against the one before (revolute, a chain of joints), fixed to a
    mounting bracket at one end; some carry dividers inside or a closed top (tube type).

    Proportions follow the plastic energy chains of igus' and Kabelschlepp's catalogues:
    link pitch 15-50 mm, inner height 10-50 mm, inner width 15-150 mm, a bend radius of
    2-6 pitches (so 0.17-0.5 rad per link). Each link bends about a pin on the top edge of
    the 3 mm gap between two links, so the rest of the chain swings up and away from the
    links before it.
    """
    n = b.count(20, 60)
    pitch = b.dim(0.015, 0.05)
    inner_h = b.dim(0.01, min(0.05, 2.0 * pitch))
    inner_w = b.dim(0.015, 0.15)
    wall = max(0.002, round(pitch * 0.08, 3))
    bend = pitch / b.dim(2 * pitch, 6 * pitch)
    dividers = b.count(0, max(0, min(3, int(inner_w / 0.02) - 1)))
    closed = b.chance(0.3)
    gap = 0.003
    h, w = inner_h + 2 * wall, inner_w + 2 * wall
    colour = b.pick(("plastic", "plastic", "metal"))
    b.link("base", "metal", S.box((0.05, w + 0.03, 0.004), (-0.025 - gap / 2, 0, 0.002)),
           S.box((0.006, w + 0.03, h + 0.004), (-gap / 2 - 0.003 - 0.03, 0, (h + 0.004) / 2)))
    parent = "base"
    for k in range(n):
        x0 = k * pitch + gap / 2
        xc = x0 + (pitch - gap) / 2
        length, zc = pitch - gap, 0.004 + h / 2
        # two side plates, a floor, a top crossbar (closed: a full lid) and the dividers,
        # around a cavity open at both ends for the cables
        top_l = length if closed else length / 3
        parts = [S.box((length, wall, h), (xc, sy * (w / 2 - wall / 2), zc)) for sy in (-1, 1)]
        # (the floor and the top stand 0.5-1 mm inside the plates' faces: no coplanar faces)
        parts += [S.box((length - 0.002, w - wall, wall), (xc, 0, 0.0045 + wall / 2)),
                  S.box((top_l - 0.002, w - wall, wall), (x0 + top_l / 2, 0, 0.0035 + h - wall / 2))]
        parts += [S.box((length - 0.004, 0.002, inner_h + wall), (xc, -inner_w / 2 + inner_w * (d + 1) / (dividers + 1), zc))
                  for d in range(dividers)]
        link = b.link(f"link_{k}", colour if k < n - 1 else "metal", *parts)
        pin = (x0 - gap / 2, 0, 0.004 + h)
        if k == 0:
            b.fixed(link, parent, pin)
        else:
            b.revolute(link, parent, (0, -1, 0), pin, 0.0, round(bend, 4))
        parent = link
    return f"cable carrier with {n} links"


@kind("turntable", "mechanisms")
def turntable(b: Builder) -> str:
    """Turntable: a lazy Susan of 1-3 rimmed trays turning about a central post (continuous
    each), or a rotary table whose platter turns (continuous) by a handwheel on the side
    (continuous) with a clamp lever (revolute).

    Lazy Susans are sold 230-610 mm (9-24 in) across, trays with 15-40 mm rims, tiers
    150-250 mm apart (typical retail range); manual rotary tables for machining have 100-300
    mm platters on a housing 60-120 mm high (typical catalogue range, e.g. Vertex, Phase II).
    """
    if b.chance(0.5):
        return _rotary_table(b)
    tiers = b.count(1, 3)
    radius = b.dim(0.115, 0.3)
    material = b.pick(("wood", "plastic", "metal"))
    foot_h = 0.015
    b.link("base", material, S.cylinder(radius * 0.6, foot_h, (0, 0, foot_h / 2)))
    post_r = 0.012
    if tiers > 1:
        b.add("base", S.cylinder(post_r, 0.01, (0, 0, foot_h + 0.005)))
    z, r = foot_h + 0.003, radius
    spacing = b.dim(0.15, 0.25)
    for k in range(tiers):
        rim = b.dim(0.015, 0.04)
        floor = 0.008
        # a floor (round the post, 3 mm clear, when there is one) and a rim 8 mm thick
        floor_part = (S.tube(post_r + 0.003, r, floor, (0, 0, z + floor / 2)) if tiers > 1
                      else S.cylinder(r, floor, (0, 0, z + floor / 2)))
        tray = b.link(f"tray_{k}", material, floor_part,
                      S.tube(r - 0.008, r, rim, (0, 0, z + floor + rim / 2 - 0.001)))
        if tiers > 1:
            b.add("base", S.cylinder(post_r + 0.008, 0.006, (0, 0, z - 0.004), sections=16))
        b.continuous(tray, "base", "z", (0, 0, z))
        if k < tiers - 1:
            z += spacing
            r = round(r * b.real(0.65, 0.85), 3)
    if tiers > 1:
        b.add("base", S.cylinder(post_r, z + 0.06, (0, 0, (z + 0.06) / 2), sections=16),
              S.sphere(post_r * 1.8, (0, 0, z + 0.06), count=10))
    return f"{tiers}-tier lazy Susan"


def _rotary_table(b: Builder) -> str:
    """Manual rotary table: housing, platter (continuous), handwheel (continuous), clamp."""
    radius = b.dim(0.05, 0.15)
    h = b.dim(0.06, 0.12)
    side = 2 * radius + 0.02
    b.link("base", "metal", S.box((side, side, h - 0.02), (0, 0, (h - 0.02) / 2)),
           S.cylinder(radius * 0.9, 0.02, (0, 0, h - 0.01), sections=32))
    plat_t = b.dim(0.015, 0.03)
    platter = b.link("platter", "metal", S.cylinder(radius, plat_t, (0, 0, h + 0.002 + plat_t / 2), sections=32))
    b.cut(platter, S.cylinder(radius * 0.12, plat_t + 0.01, (0, 0, h + 0.002 + plat_t / 2), sections=16))
    slots = b.pick((0, 2, 3, 4))
    for k in range(slots):  # T-slot grooves across the platter's top
        b.cut(platter, S.box((2 * radius + 0.01, 0.008, 0.008), (0, 0, h + 0.002 + plat_t),
                             rotation=S.rotation("z", math.pi * k / slots)))
    b.continuous(platter, "base", "z", (0, 0, h + 0.002))
    zw = (h - 0.02) / 2
    x_face = side / 2
    wheel_r = b.dim(0.035, min(0.08, zw + 0.02))
    wheel = [S.cylinder(0.008, 0.03, (x_face + 0.015, 0, zw), "x", sections=12),
             S.cylinder(wheel_r, 0.012, (x_face + 0.036, 0, zw), "x"),
             S.rod((x_face + 0.042, 0, zw + wheel_r * 0.75), (x_face + 0.08, 0, zw + wheel_r * 0.75), 0.006)]
    hw = b.link("handwheel", "metal", *wheel)
    b.continuous(hw, "base", "x", (x_face, 0, zw))
    if b.chance(0.7):
        ly = side / 2
        lever = b.link("clamp_lever", "metal", S.cylinder(0.01, 0.015, (0, ly + 0.0075, zw), "y", sections=12),
                       S.bar((0, ly + 0.012, zw), (-0.07, ly + 0.012, zw), 0.01, 0.012))
        b.revolute(lever, "base", "y", (0, ly, zw), -0.6, 0.6)
    return f"rotary table with {slots} T-slots" if slots else "rotary table"


@kind("lead_screw", "mechanisms")
def lead_screw(b: Builder) -> str:
    """Lead-screw mechanism: a screw jack whose screw rises as it turns (helical) with a
    sliding tommy bar (prismatic), or a linear stage whose carriage slides on two guide rods
    (prismatic) beside its lead screw (continuous, with a handwheel), on some a second,
    crossed stage on the carriage (an XY table).

    Screw jacks: 0.2-0.35 m closed, 0.1-0.2 m lift, a lead of 3-6 mm per turn (typical
    retail range of 1.5-5 t bottle screw jacks). Manual linear stages: 0.2-0.6 m rails,
    lead screws 8-16 mm across with 2-5 mm leads (catalogue range of T8-T16 trapezoidal lead
    screws, DIN 103). The carriage's nut block clears the screw by 4 mm in a square window.
    """
    if b.chance(0.4):
        return _screw_jack(b)
    length, width = b.dim(0.2, 0.6), b.dim(0.08, 0.16)
    b.link("base", "aluminum", S.box((length, width, 0.012), (0, 0, 0.006)))
    crossed = b.chance(0.4)
    cross_l = round(width * 1.6, 3)
    top = _stage(b, "base", "", length, width, 0.012, "x", saddle=cross_l if crossed else 0.0)
    if crossed:
        _stage(b, "carriage", "cross_", cross_l, round(width * 0.8, 3), top, "y")
    return "XY lead-screw table" if crossed else "lead-screw linear stage"


def _stage(b: Builder, parent: str, prefix: str, length: float, width: float, z0: float,
           along: str, *, saddle: float = 0.0) -> float:
    """One stage on ``parent`` at height ``z0``: two end blocks, two guide rods, a screw with
    a handwheel (continuous) and a carriage (prismatic) along ``along``; returns the top of
    its carriage."""
    ax = np.array([1.0, 0, 0]) if along == "x" else np.array([0, 1.0, 0])
    side = np.array([0, 1.0, 0]) if along == "x" else np.array([1.0, 0, 0])
    rs = b.dim(0.004, 0.008)
    zs = z0 + 0.03
    block_t = 0.02
    end = length / 2 - block_t / 2
    size = lambda a, s, z: tuple(ax * a + side * s + np.array([0, 0, z]))  # noqa: E731
    for sgn in (-1, 1):
        b.add(parent, S.box(size(block_t, width, 0.045), tuple(ax * sgn * end + np.array([0, 0, z0 + 0.0225]))))
    for sgn in (-1, 1):
        b.add(parent, S.rod(-ax * end + side * sgn * width * 0.32 + (0, 0, zs), ax * end + side * sgn * width * 0.32 + (0, 0, zs), 0.004))
    screw_l = length - 0.004
    x_out = length / 2
    wheel_r = b.dim(0.025, 0.045)
    screw = b.link(f"{prefix}screw", "metal", S.cylinder(rs, screw_l, (0, 0, zs) + ax * 0.0, tuple(ax), sections=12),
                   S.cylinder(0.006, 0.02, tuple(ax * (x_out + 0.01) + (0, 0, zs)), tuple(ax), sections=12),
                   S.cylinder(wheel_r, 0.01, tuple(ax * (x_out + 0.025) + (0, 0, zs)), tuple(ax)),
                   S.rod(ax * (x_out + 0.03) + side * wheel_r * 0.7 + (0, 0, zs),
                         ax * (x_out + 0.06) + side * wheel_r * 0.7 + (0, 0, zs), 0.005))
    b.continuous(screw, parent, tuple(ax), (0, 0, zs))
    car_l = min(0.08, length * 0.3)
    car_h = 0.05
    # (at most 2.8 times the carriage's diagonal: longer strokes read as implausible)
    travel = min(length - 2 * block_t - car_l - 0.01,
                 2.8 * math.sqrt(car_l ** 2 + (width * 0.85) ** 2 + car_h ** 2))
    start = -length / 2 + block_t + 0.005 + car_l / 2
    carriage = b.link(f"{prefix}carriage", "aluminum",
                      S.box(size(car_l, width * 0.85, car_h), tuple(ax * start + (0, 0, zs - 0.015 + car_h / 2))))
    window = 2 * (rs + 0.004)
    b.cut(carriage, S.box(size(car_l + 0.01, window, window), tuple(ax * start + (0, 0, zs))),
          *[S.box(size(car_l + 0.01, 0.011, 0.011), tuple(ax * start + side * sgn * width * 0.32 + (0, 0, zs)))
            for sgn in (-1, 1)])  # bushing bores round the guide rods
    top = zs - 0.015 + car_h
    if saddle:  # a saddle plate carrying the crossed stage, as long as that stage
        b.add(carriage, S.box(size(car_l, saddle, 0.01), tuple(ax * start + (0, 0, top + 0.005))))
        top += 0.01
    b.prismatic(carriage, parent, tuple(ax), 0.0, travel, point=tuple(ax * start + (0, 0, zs)))
    return top


def _screw_jack(b: Builder) -> str:
    """Screw jack: the screw and its load cap rise as they turn (helical), the tommy bar slides
    in its cross hole (prismatic)."""
    h, r = b.dim(0.2, 0.35), b.dim(0.04, 0.07)
    lift = b.dim(0.1, 0.2)
    pitch = b.dim(0.003, 0.006) / (2 * math.pi)
    base_h = h - 0.07
    b.link("base", "metal", S.cylinder(r * 1.6, 0.015, (0, 0, 0.0075), sections=32),
           S.cone(r * 1.3, base_h * 0.3, (0, 0, 0.015), "z"),
           S.tube(r * 0.5, r * 0.75, base_h - 0.015, (0, 0, 0.015 + (base_h - 0.015) / 2)))
    rs = r * 0.4
    screw_l = min(lift + 0.03, base_h - 0.03)
    head_z = base_h + 0.003
    head_r = r * 0.6
    screw = b.link("screw", "metal", S.cylinder(rs, screw_l, (0, 0, head_z - screw_l / 2), sections=16),
                   S.cylinder(head_r, 0.045, (0, 0, head_z + 0.0225), sections=16),
                   S.cylinder(r * 0.8, 0.012, (0, 0, head_z + 0.051)))
    b.cut(screw, S.cylinder(0.009, 2 * head_r + 0.01, (0, 0, head_z + 0.02), "x", sections=12))
    b.helical(screw, "base", "z", (0, 0, head_z), 0.0, min(lift, screw_l - 0.02) / pitch, pitch)
    bar_l = b.dim(0.25, 0.45)
    bar = b.link("tommy_bar", "metal", S.cylinder(0.007, bar_l, (0, 0, head_z + 0.02), "x", sections=12))
    b.prismatic(bar, screw, "x", -bar_l * 0.35, bar_l * 0.35)
    return "screw jack"


@kind("camshaft", "mechanisms")
def camshaft(b: Builder) -> str:
    """Camshaft demonstrator: a shaft with 1-6 cam lobes at even phase offsets turning in two
    bearing pedestals (continuous, by a crank or a pulley), and above each lobe a follower
    sliding up in a guide bridge (prismatic), flat-faced or carrying a roller (continuous).

    Lobes: 25-50 mm base circles and 5-12 mm lift, the range of small-engine camshafts and of
    educational cam-and-follower kits (typical range). Each follower rests 3 mm above its
    lobe's highest point and rises by the lift, so the turning shaft never touches it.
    """
    lobes = b.count(1, 6)
    base_r, lift = b.dim(0.0125, 0.025), b.dim(0.005, 0.012)
    lobe_w = b.dim(0.01, 0.02)
    spacing = lobe_w + b.dim(0.02, 0.04)
    shaft_r = round(base_r * 0.45, 3)
    span = lobes * spacing + 0.04
    zc = base_r + lift + 0.03
    roller = b.chance(0.5)
    b.link("base", "metal", S.box((span + 0.1, 0.12, 0.012), (0, 0, 0.006)))
    for sx in (-1, 1):  # bearing pedestals
        x = sx * (span / 2 + 0.015)
        b.add("base", S.box((0.02, 0.05, zc - 0.012), (x, 0, 0.012 + (zc - 0.012) / 2)),
              S.cylinder(shaft_r + 0.008, 0.02, (x, 0, zc), "x"))
    angles = np.linspace(0.0, 2 * math.pi, 48, endpoint=False)
    parts = [S.cylinder(shaft_r, span + 0.08, (0, 0, zc), "x", sections=16)]
    x0 = -span / 2 + 0.02 + spacing / 2
    for k in range(lobes):
        phase = 2 * math.pi * k / lobes
        radii = base_r + lift * np.maximum(0.0, np.cos(angles - phase)) ** 2
        parts.append(S.radial_prism(angles, radii, 0.0, lobe_w, (x0 + k * spacing, 0, zc), "x"))
    end = span / 2 + 0.04
    if b.chance(0.5):
        parts.append(S.cylinder(b.dim(0.03, 0.05), 0.012, (end + 0.006, 0, zc), "x"))
        drive = "pulley"
    else:
        parts += [S.bar((end, 0, zc), (end, 0, zc + 0.05), 0.012, 0.008),
                  S.rod((end, 0, zc + 0.045), (end + 0.04, 0, zc + 0.045), 0.005)]
        drive = "crank"
    shaft = b.link("camshaft", "metal", *parts)
    b.continuous(shaft, "base", "x", (0, 0, zc))
    top = zc + base_r + lift + 0.003  # the followers' lowest point
    guide_z = top + 0.05
    b.add("base", S.box((span, 0.04, 0.012), (0, 0, guide_z)),
          *[S.box((0.012, 0.04, guide_z - 0.012), (sx * (span / 2 - 0.006), -0.0, 0.012 + (guide_z - 0.012) / 2 - 0.0))
            for sx in (-1, 1)])
    # the bridge's uprights stand beside the shaft; the shaft passes them in a slot
    b.cut("base", *[S.box((0.02, 0.05, 2 * shaft_r + 0.01), (sx * (span / 2 - 0.006), 0, zc)) for sx in (-1, 1)])
    for k in range(lobes):
        x = x0 + k * spacing
        b.cut("base", S.box((0.014, 0.014, 0.02), (x, 0, guide_z)))
        rr = 0.008
        low = top + (2 * rr + 0.002 if roller else 0.001)  # the stem's foot
        stem = S.box((0.01, 0.01, top + 0.095 - low), (x, 0, (low + top + 0.095) / 2))
        cap = S.cylinder(0.01, 0.006, (x, 0, top + 0.095), sections=12)
        if roller:  # a fork whose cheeks straddle the lobe, the roller turning on an x axle
            fork = S.box((lobe_w + 0.008, 0.012, 0.006), (x, 0, top + 2 * rr + 0.003))
            follower = b.link(f"follower_{k}", "metal", stem, cap, fork,
                              *[S.box((0.003, 0.012, 2 * rr), (x + sx * (lobe_w / 2 + 0.0025), 0, top + rr + 0.001))
                                for sx in (-1, 1)])
            b.prismatic(follower, "base", "z", 0.0, lift)
            wheel = b.link(f"roller_{k}", "metal", S.cylinder(rr, lobe_w - 0.002, (x, 0, top + rr), "x", sections=16))
            b.continuous(wheel, follower, "x", (x, 0, top + rr))
        else:
            follower = b.link(f"follower_{k}", "metal", stem, cap,
                              S.cylinder(0.012, 0.004, (x, 0, top + 0.002), sections=16))
            b.prismatic(follower, "base", "z", 0.0, lift)
    kind_ = "roller" if roller else "flat"
    return f"camshaft with {lobes} lobe{'s' if lobes > 1 else ''}, {kind_} followers and a {drive}"
