"""Office stationery: globes, staplers, clocks, eyeglasses, pens, hole punches, ring binders;
desk organizers, pencil sharpeners, paper cutters and tape dispensers are in
:mod:`arena_core.generate.stationery_b`."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Tilt of the Earth's axis (rad): a globe spins about an axis this far from vertical.
EARTH_TILT = math.radians(23.44)


@kind("globe", "office_stationery")
def globe(b: Builder) -> str:
    """Desk globe: the sphere spins (continuous) about the tilted axis held by a meridian
    ring welded (fixed) to the stand; some stands also turn about the vertical.

    Desk globes are 20-40 cm across (30 cm / 12 in the most common size; retail range) on a
    stand of 8-20 cm, the axis tilted 23.44 degrees from vertical like the Earth's; some stands
    turn on a turntable.
    """
    r = b.dim(0.1, 0.2)
    stand_h = b.dim(0.08, 0.2)
    zc = stand_h + r + 0.02
    b.link("base", "wood", S.cylinder(r * 0.7, 0.02, (0, 0, 0.01)),
           S.cylinder(0.015, stand_h, (0, 0, stand_h / 2 + 0.01)))
    parent = "base"
    if b.chance(0.4):
        turntable = b.link("turntable", "wood", S.cylinder(0.03, 0.02, (0, 0, stand_h + 0.01)))
        b.continuous(turntable, "base", "z", (0, 0, stand_h))
        parent = turntable
    axis = np.array([math.sin(EARTH_TILT), 0.0, math.cos(EARTH_TILT)])
    meridian = b.link("meridian", "metal", S.torus(r + 0.012, 0.005, (0, 0, zc), (0, 1, 0)),
                      S.rod((0, 0, stand_h + 0.01), (0, 0, zc - r - 0.012), 0.006))
    b.fixed(meridian, parent, (0, 0, zc))
    sphere = b.link("sphere", "plastic", S.sphere(r, (0, 0, zc), count=20),
                    S.rod((0, 0, zc) - axis * (r + 0.012), (0, 0, zc) + axis * (r + 0.012), 0.003))
    b.continuous(sphere, meridian, axis, (0, 0, zc))
    return "desk globe" + (" on a turntable" if parent != "base" else "")


@kind("stapler", "office_stationery")
def stapler(b: Builder) -> str:
    """Stapler: magazine (revolute) on the base, top arm (revolute) on the magazine, and a
    staple pusher sliding in the magazine.

    Desktop staplers are 12-20 cm long and 3-4.5 cm wide for 24/6 or 26/6 staples (retail range;
    full-strip staplers about 18-20 cm); the magazine tips up 17-34 degrees to load, the top arm
    17-29 degrees, and the staple pusher slides 30% of the length.
    """
    length, w = b.dim(0.12, 0.2), b.dim(0.03, 0.045)
    b.link("base", "metal", S.box((length, w, 0.008), (0, 0, 0.004)),
           S.box((0.02, w * 0.8, 0.02), (-length / 2 + 0.01, 0, 0.018)))
    pivot = (-length / 2 + 0.012, 0.0, 0.025)
    magazine = b.link("magazine", "metal", S.box((length * 0.9, w * 0.6, 0.012),
                                                 (-length / 2 + length * 0.45 + 0.005, 0, 0.025)))
    b.revolute(magazine, "base", (0, -1, 0), pivot, 0.0, b.real(0.3, 0.6))
    arm = b.link("top_arm", "plastic", S.box((length * 0.95, w, 0.015), (-length / 2 + length * 0.475 + 0.003, 0, 0.04)))
    b.revolute(arm, magazine, (0, -1, 0), (pivot[0], 0, 0.033), 0.0, b.real(0.3, 0.5))
    pusher = b.link("pusher", "metal", S.box((0.015, w * 0.4, 0.008), (length * 0.2, 0, 0.025)))
    b.prismatic(pusher, magazine, (-1, 0, 0), 0.0, length * 0.3)
    return "stapler"


@kind("clock", "office_stationery")
def clock(b: Builder) -> str:
    """Clock facing +X: coaxial hour, minute and (maybe) second hands (continuous), a
    pendulum (revolute) on some, a hinged glass cover over the face (revolute) on half of
    the others, a setting knob at the back.

    Wall and mantel clocks are 16-40 cm across (retail range) with hands of 55%, 80% and 90% of
    the dial's radius; a pendulum clock's bob hangs 35 cm below the movement (wall clocks'
    pendulums are 20-40 cm long; a longcase clock's seconds pendulum is 99.4 cm) and swings
    within 6-14 degrees either way; a glass cover opens 80-115 degrees (drawn per clock),
    and the setting knob turns freely.
    """
    r = b.dim(0.08, 0.2)
    pendulum = b.chance(0.4)
    zc = r + (0.35 if pendulum else 0.0) + 0.01
    b.link("base", "wood", S.cylinder(r, 0.04, (0, 0, zc), "x"))
    if pendulum:
        b.add("base", S.box((0.04, r * 1.2, 0.36), (0, 0, 0.18 + 0.01)))
    hands = b.count(2, 3)
    for k, (name, length, width) in enumerate((("hour", 0.55, 0.008), ("minute", 0.8, 0.005),
                                               ("second", 0.9, 0.002))[:hands]):
        x = 0.021 + k * 0.002
        angle = b.real(0, 2 * math.pi)
        tip = np.array([x, r * length * math.sin(angle), zc + r * length * math.cos(angle)])
        # 1.5 mm thick along the axis: S.bar turns its width along the axis unless the bar is
        # near vertical, and 8 mm thick hands 2 mm apart went through each other
        vertical = abs(math.cos(angle)) >= 0.9
        size = (width, 0.0015) if vertical else (0.0015, width)
        hand = b.link(f"{name}_hand", "metal", S.bar((x, 0, zc), tip, *size))
        b.continuous(hand, "base", "x", (x, 0, zc))
    if pendulum:
        bob = b.link("pendulum", "metal", S.rod((0.03, 0, zc - 0.02), (0.03, 0, 0.08), 0.002),
                     S.cylinder(0.03, 0.006, (0.03, 0, 0.06), "x"))
        swing = b.real(0.1, 0.25)  # a pendulum clock swings a few degrees either way
        b.revolute(bob, "base", "x", (0.03, 0, zc - 0.02), -swing, swing)
    elif b.chance(0.5):  # 2.5 mm in front of the hands; swings out about its side
        cover = b.link("glass_cover", "glass", S.cylinder(r * 0.95, 0.002, (0.029, 0, zc), "x"))
        b.revolute(cover, "base", "z", (0.029, r * 0.95, zc), 0.0, b.real(1.4, 2.0))
    P.knob(b, "setting_knob", "base", (-0.02, 0, zc), (-1, 0, 0), 0.01, 0.008)
    return f"{'pendulum ' if pendulum else ''}clock with {hands} hands"


@kind("eyeglasses", "office_stationery")
def eyeglasses(b: Builder) -> str:
    """Eyeglasses: two temples folding in on the hinges of the front frame (revolutes).

    Spectacle frames are sized by the boxing system (ISO 8624): lenses 40-56 mm wide, bridges
    14-22 mm, temples 130-150 mm (135-145 the most common); the temples fold through 83-92
    degrees on their hinges.
    """
    lens_r, bridge = b.dim(0.02, 0.028), b.dim(0.014, 0.022)
    arm = b.dim(0.13, 0.15)
    yl = bridge / 2 + lens_r
    b.link("base", "plastic", S.torus(lens_r, 0.0025, (0, -yl, lens_r), "x"),
           S.torus(lens_r, 0.0025, (0, yl, lens_r), "x"),
           S.rod((0, -bridge / 2, lens_r * 1.4), (0, bridge / 2, lens_r * 1.4), 0.002))
    for side, sy in (("left", -1), ("right", 1)):
        y = sy * (yl + lens_r + 0.003)
        pane = b.link(f"{side}_lens", "glass", S.cylinder(lens_r - 0.002, 0.002, (0, sy * yl, lens_r), "x"))
        b.fixed(pane, "base")
        temple = b.link(f"{side}_temple", "plastic", S.bar((-0.003, y, lens_r * 1.4),
                                                          (-arm, y, lens_r * 0.6), 0.003, 0.004))
        b.add("base", S.bar((0, sy * (yl + lens_r - 0.002), lens_r * 1.4), (0, y, lens_r * 1.4), 0.004, 0.004))
        b.revolute(temple, "base", (0, 0, sy), (0, y, lens_r * 1.4), 0.0, b.real(1.45, 1.6))
    return "eyeglasses"


@kind("pen", "office_stationery")
def pen(b: Builder) -> str:
    """Pen lying along X, a clip welded to the barrel, and one of: a click plunger
    (prismatic), a cap that pulls off (prismatic), or the 3 colour sliders of a multi-colour
    pen (prismatic, each on its own side of the barrel).

    A ballpoint pen is 13-15 cm long and 8-12 mm thick (retail ranges; drawn to 0.1 mm, as a
    1 mm grid leaves three thicknesses); a click plunger travels 4-8 mm, a cap comes off
    after 3.5-6 cm, a colour slider travels 8-12 mm (drawn per pen and per slider).
    """
    length, r = b.dim(0.13, 0.15), round(b.real(0.004, 0.006), 4)
    b.link("base", "plastic", S.cylinder(r, length, (0, 0, r), "x"),
           S.cone(r, 0.012, (length / 2, 0, r), "x"))
    clip = b.link("clip", "metal", S.box((0.04, 0.002, 0.002), (-length / 2 + 0.025, 0, 2 * r + 0.001)))
    b.fixed(clip, "base")
    style = b.pick(("click", "capped", "multi"))
    if style == "click":
        plunger = b.link("plunger", "plastic", S.cylinder(r * 0.6, 0.012, (-length / 2 - 0.005, 0, r), "x"))
        b.prismatic(plunger, "base", "x", 0.0, b.real(0.004, 0.008))
        return "click pen"
    if style == "multi":  # sliders on the sides and the underside, clear of the clip on top
        for side, (dy, dz) in (("left", (1, 0)), ("right", (-1, 0)), ("under", (0, -1))):
            at = (-length / 2 + 0.012, dy * (r + 0.001), r + dz * (r + 0.001))
            size = (0.01, 0.002 if dy else 0.003, 0.003 if dy else 0.002)
            slider = b.link(f"slider_{side}", "plastic", S.box(size, at))
            b.prismatic(slider, "base", "x", 0.0, b.real(0.008, 0.012))
        return "multi-colour pen"
    cap = b.link("cap", "plastic", S.tube(r, r + 0.001, 0.04, (length / 2 - 0.005, 0, r), "x"),
                 S.cylinder(r + 0.001, 0.002, (length / 2 + 0.014, 0, r), "x"))
    b.prismatic(cap, "base", "x", 0.0, b.real(0.035, 0.06))
    return "capped pen"


@kind("hole_punch", "office_stationery")
def hole_punch(b: Builder) -> str:
    """Hole punch: a lever on a rear hinge (revolute) and a chip tray underneath (prismatic).

    Desk hole punches are 10-14 cm deep and 10-30 cm wide (two-hole punches with holes 80 mm
    apart to four-hole punches, ISO 838 filing holes; retail range); the lever presses down 26
    degrees, and the chip tray slides out under it.
    """
    length, w = b.dim(0.1, 0.14), b.dim(0.1, 0.3)
    b.link("base", "metal", S.box((length, w, 0.02), (0, 0, 0.01)),
           S.box((0.02, w * 0.9, 0.04), (-length / 2 + 0.01, 0, 0.04)))
    lever = b.link("lever", "metal", S.box((length * 0.95, w, 0.008), (length * 0.025, 0, 0.064)))
    b.revolute(lever, "base", (0, -1, 0), (-length / 2 + 0.01, 0, 0.06), -0.45, 0.0)
    tray = b.link("chip_tray", "plastic", S.box((length * 0.8, w * 0.9, 0.004), (0.0, 0, 0.002)))
    b.prismatic(tray, "base", (0, 1, 0), 0.0, w * 0.9)
    return "hole punch"


@kind("ring_binder", "office_stationery")
def ring_binder(b: Builder) -> str:
    """Ring binder lying open: front cover (revolute), 2-4 rings on a mechanism plate in the
    middle of the spine, whose right halves open (revolutes), and an opening lever.

    The rings stand within the spine (6 mm inside its edges). Swung over, the front
    cover stops 3 mm before it meets the rings' or the lever's top (95-105 degrees: the
    spine lies flat); a ring's right half opens outward about its foot until it comes within
    3 mm of the flat front cover.

    Ring binders for A4 paper (ISO 216: 210 x 297 mm) have covers 28-32 cm tall and 22-27 cm
    wide on a spine of 3-7 cm holding 2-4 rings of 14-54 mm (retail range; rings spaced for ISO
    838 two- and four-hole filing); the front cover swings over 95-105 degrees to lie flat and a
    ring's half opens 34-52 degrees.
    """
    h, w = b.dim(0.28, 0.32), b.dim(0.22, 0.27)
    spine = b.dim(0.03, 0.07)
    plate = 0.008  # the mechanism plate's top
    b.link("base", "plastic", S.box((w, h, 0.003), (-w / 2 - spine / 2, 0, 0.0015)),
           S.box((spine, h, 0.003), (0, 0, 0.0015)))
    b.add("base", S.box((spine * 0.6, h * 0.8, plate - 0.003), (0, 0, (plate + 0.003) / 2)))
    rings = b.count(2, 4)
    ring_r, tube = min(spine * 0.4, spine / 2 - 0.008), 0.002  # 6 mm inside the spine's edges
    zr = plate + ring_r
    lever_top = plate + 0.03
    obstacles = [(ring_r * math.sin(2 * math.pi * k / 24), zr + ring_r * math.cos(2 * math.pi * k / 24),
                  tube) for k in range(24)]
    obstacles += [(sx * 0.005, lever_top, 0.0) for sx in (-1, 1)]
    cover = b.link("front_cover", "plastic", S.box((w, h, 0.003), (spine / 2 + w / 2, 0, 0.0015)))
    b.revolute(cover, "base", (0, -1, 0), (spine / 2, 0, 0.003), 0.0,
               _cover_stop(obstacles, (spine / 2, 0.003), w, 0.003, 0.003))
    opening = _ring_opening(b.real(0.6, 0.9), ring_r, tube, plate, spine / 2, 0.003)
    for k in range(rings):
        y = -h * 0.35 + h * 0.7 * k / (rings - 1)
        ring = S.torus(ring_r, tube, (0, y, zr), (0, 1, 0))
        fixed = b.link(f"ring_{k}_back", "metal", ring.copy())
        b.cut(fixed, S.box((ring_r + 0.01, 0.01, ring_r * 2 + 0.01), ((ring_r + 0.01) / 2, y, zr)))
        b.fixed(fixed, "base")
        half = b.link(f"ring_{k}", "metal", ring)
        b.cut(half, S.box((ring_r + 0.01, 0.01, ring_r * 2 + 0.01), (-(ring_r + 0.01) / 2, y, zr)))
        b.revolute(half, "base", (0, 1, 0), (0.0, y, plate), 0.0, opening)
    lever = b.link("lever", "metal", S.box((0.01, 0.01, 0.03), (0, h * 0.45, plate + 0.015)))
    b.revolute(lever, "base", "x", (0, h * 0.45, plate), -0.8, 0.0)
    return f"ring binder with {rings} rings"


def _cover_stop(obstacles: list[tuple[float, float, float]], hinge: tuple[float, float],
                width: float, thick: float, room: float) -> float:
    """Largest angle (rad, a multiple of 0.01, at most pi) a flat cover ``width`` x ``thick``
    hinged at its top inner edge ``hinge`` (x, z) swings over (about -Y) while every obstacle
    point ``(x, z, r)`` stays ``room`` m clear of it."""
    best = 0.0
    for k in range(1, 315):
        angle = k / 100.0
        cos, sin = math.cos(angle), math.sin(angle)
        hit = False
        for x, z, r in obstacles:
            px, pz = x - hinge[0], z - hinge[1]
            u, v = px * cos + pz * sin, -px * sin + pz * cos  # in the cover's frame
            m = r + room
            if -m <= u <= width + m and -thick - m <= v <= m:
                hit = True
                break
        if hit:
            break
        best = angle
    return best


def _ring_opening(wanted: float, radius: float, tube: float, foot: float, edge: float,
                  room: float) -> float:
    """Largest angle (rad, a multiple of 0.01, at most ``wanted``) a ring's right half (a
    half circle of ``radius`` standing on its foot at height ``foot``) opens outward about
    its foot while it keeps ``room`` m above the flat cover beyond ``edge`` (top at 3 mm)."""
    points = [(radius * math.sin(math.pi * k / 24), radius * (1 - math.cos(math.pi * k / 24)))
              for k in range(25)]
    best = 0.0
    for k in range(1, int(round(wanted * 100)) + 1):
        angle = k / 100.0
        cos, sin = math.cos(angle), math.sin(angle)
        if any(x * cos + z * sin + tube >= edge - room
               and foot - x * sin + z * cos - tube < 0.003 + room for x, z in points):
            break
        best = angle
    return best
