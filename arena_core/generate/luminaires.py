"""Lighting, second family: headlamps, stage lights on yokes, tripod work lights, ring lights,
recessed gimbal downlights, wall floodlights and twin-spot emergency lights."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("headlamp", "lighting")
def headlamp(b: Builder) -> str:
    """Headlamp: an elastic head band (and on some a strap over the top), a bracket holding a
    lamp housing that tilts down (revolute), one or two push buttons on the housing and, on
    some, a rear battery pack whose lid hinges open.

    The band goes round an adult head (head length 19-21 cm and breadth 15-17 cm, the
    measures ISO 7250-1 defines; circumference 54-62 cm) and is 2.5-4 cm tall; lamp housings
    are 5-7 cm wide, 3-4 cm tall and 2.5-4 cm deep and tilt 60-80 degrees (typical retail
    range).
    """
    a, c, band_h = b.dim(0.095, 0.105), b.dim(0.075, 0.085), b.dim(0.025, 0.04)
    zb, n = band_h / 2, 12
    ring = [(a * math.cos(2 * math.pi * k / n), c * math.sin(2 * math.pi * k / n)) for k in range(n + 1)]
    b.link("base", "rubber", *[S.bar((x0, y0, zb), (x1, y1, zb), 0.003, band_h)
                               for (x0, y0), (x1, y1) in zip(ring[::2], ring[1::2], strict=False)],
           *[S.bar((x0, y0, zb + 0.0005), (x1, y1, zb + 0.0005), 0.0031, band_h - 0.002)
             for (x0, y0), (x1, y1) in zip(ring[1::2], ring[2::2], strict=False)])
    hw, hh, hd = b.dim(0.05, 0.07), b.dim(0.03, 0.04), b.dim(0.025, 0.04)
    rs = math.hypot(hd / 2 + 0.004, hh / 2 + 0.004)
    xp = a + 0.006 + rs
    b.add("base", S.box((0.006, hw + 0.014, hh * 0.8), (a + 0.001, 0, zb)),
          *[S.box((xp - a + 0.004, 0.004, hh * 0.6), ((a + xp) / 2 + 0.002, s * (hw / 2 + 0.005), zb))
            for s in (-1, 1)])
    housing = b.link("housing", "plastic", S.box((hd, hw, hh), (xp, 0, zb)),
                     S.cylinder(min(hw, hh) * 0.4, 0.006, (xp + hd / 2 + 0.002, 0, zb), "x"),
                     S.cylinder(0.004, hw + 0.006, (xp, 0, zb), "y", sections=8))
    b.revolute(housing, "base", "y", (xp, 0, zb), -b.real(0.0, 0.2), b.real(1.0, 1.4))
    buttons = b.count(1, 2)
    for k in range(buttons):
        P.button(b, f"button_{k}", housing, (xp + hd * 0.2, (k - (buttons - 1) / 2) * 0.018, zb + hh / 2),
                 "z", 0.01, 0.0015, round_=True)
    extras = []
    if b.chance(0.5):
        top = b.dim(0.1, 0.13)
        arc = [(a * math.cos(math.pi * k / 6), band_h + top * math.sin(math.pi * k / 6)) for k in range(7)]
        b.add("base", *[S.bar((x0, 0, z0), (x1, 0, z1), 0.02 - 0.001 * (k % 2), 0.003 + 0.0002 * (k % 2))
                        for k, ((x0, z0), (x1, z1)) in enumerate(zip(arc, arc[1:], strict=False))])
        extras.append("a top strap")
    if b.chance(0.4):
        bd, bw, bh = b.dim(0.02, 0.03), b.dim(0.05, 0.07), band_h + 0.01
        b.add("base", S.box((bd, bw, bh), (-a - bd / 2 + 0.002, 0, zb)))
        lid = b.link("battery_lid", "plastic", S.box((0.003, bw - 0.006, bh - 0.006), (-a - bd - 0.0005, 0, zb)))
        b.revolute(lid, "base", (0, -1, 0), (-a - bd - 0.002, 0, zb - bh / 2 + 0.003), 0.0, 1.5)
        extras.append("a rear battery pack")
    return f"headlamp with {buttons} button{'s' if buttons > 1 else ''}" + (
        f" and {' and '.join(extras)}" if extras else "")


def _leaf(b: Builder, name: str, parent: str, hinge, axis, size, offset) -> None:
    """A barn-door leaf ``size`` whose center is ``offset`` from its hinge line at ``hinge``:
    it closes over the lens (1.4 rad) or opens out (0.4 rad)."""
    center = tuple(h + o for h, o in zip(hinge, offset, strict=True))
    b.link(name, "metal", S.box(size, center))
    b.revolute(name, parent, axis, hinge, -0.4, 1.4)


@kind("stage_light", "lighting")
def stage_light(b: Builder) -> str:
    """Stage light: a can on a yoke that pans (continuous or revolute) on a floor plate, the can
    tilting in the yoke (revolute) with a lock knob, and 0, 2 or 4 barn-door leaves on its
    front that close over the lens or open out (revolute each).

    PAR 38-64 cans and small fresnels are 0.2-0.3 m across and 0.25-0.45 m long (typical
    manufacturers' range); barn-door leaves are 60-90 % of the can's radius long.
    """
    R, L = b.dim(0.1, 0.15), b.dim(0.25, 0.45)
    leaves = b.pick((0, 2, 4))
    lf = round(R * b.real(0.6, 0.9), 3)
    reach = math.hypot(L / 2 + (lf + 0.004 if leaves else 0.01), R + 0.004)
    plate, zb = b.dim(0.25, 0.35), 0.06
    b.link("base", "metal", S.box((plate, plate, 0.02), (0, 0, 0.01)),
           S.cylinder(0.025, 0.04, (0, 0, 0.04)))
    zp, ya = zb + 0.021 + reach + 0.01, R + 0.017
    yoke = b.link("yoke", "metal", S.box((0.04, 2 * ya + 0.01, 0.02), (0, 0, zb + 0.011)),
                  *[S.box((0.04, 0.01, zp + 0.03 - zb), (0, s * ya, (zb + zp + 0.03) / 2)) for s in (-1, 1)])
    if b.chance(0.5):
        b.continuous(yoke, "base", "z", (0, 0, zb))
    else:
        b.revolute(yoke, "base", "z", (0, 0, zb), -2.6, 2.6)
    P.knob(b, "tilt_lock", yoke, (0, ya + 0.005, zp), "y", 0.015, 0.015, limits=(0.0, math.pi))
    can = b.link("can", "aluminum", S.cylinder(R, L, (0, 0, zp), "x"),
                 S.cylinder(0.008, 2 * R + 0.02, (0, 0, zp), "y", sections=12))
    b.cut(can, S.cylinder(R - 0.003, L - 0.008, (0, 0, zp), "x"))  # a sealed thin-walled can
    b.revolute(can, yoke, "y", (0, 0, zp), -b.real(1.6, 2.2), b.real(1.6, 2.2))
    lens = b.link("lens", "glass", S.cylinder(R - 0.012, 0.004, (L / 2 + 0.001, 0, zp), "x"))
    b.fixed(lens, can)
    x0 = L / 2 + 0.002
    pairs = {0: [], 2: [b.pick(("top_bottom", "sides"))], 4: ["top_bottom", "sides"]}[leaves]
    if "top_bottom" in pairs:
        for s, side in ((1, "top"), (-1, "bottom")):
            _leaf(b, f"leaf_{side}", can, (x0, 0, zp + s * (R + 0.002)), (0, s, 0),
                  (lf, 1.8 * R, 0.002), (lf / 2, 0, 0))
    if "sides" in pairs:
        for s, side in ((1, "left"), (-1, "right")):
            _leaf(b, f"leaf_{side}", can, (x0, s * (R + 0.002), zp), (0, 0, -s),
                  (lf, 0.002, 1.8 * R), (lf / 2, 0, 0))
    return f"stage light on a yoke with {leaves} barn doors"


def _tripod(b: Builder, z_c: float, leg: float, spread: float, radius: float) -> None:
    """Three legs hinged on a collar at height ``z_c`` of the base's mast, ``spread`` rad from
    vertical at rest, each folding in against the mast (revolute) to 0.06 rad."""
    b.add("base", S.cylinder(radius + 0.008, 0.04, (0, 0, z_c)))
    for k in range(3):
        psi = 2 * math.pi * k / 3 + math.pi / 6
        cx, cy = math.cos(psi), math.sin(psi)
        hinge = (radius * cx, radius * cy, z_c)
        foot = (hinge[0] + leg * math.sin(spread) * cx, hinge[1] + leg * math.sin(spread) * cy,
                z_c - leg * math.cos(spread))
        b.link(f"leg_{k}", "aluminum", S.rod(hinge, foot, 0.009),
               S.cylinder(0.01, 0.02, hinge, (-cy, cx, 0), sections=12))
        b.revolute(f"leg_{k}", "base", (-cy, cx, 0), hinge, 0.0, spread - 0.06)


def _telescope(b: Builder, top: float, length: float, radius: float) -> tuple[str, float]:
    """A mast section sliding up (prismatic) out of the base's mast of ``radius``, which
    ends at ``top``; returns the section and the height of its top at rest."""
    b.link("mast", "aluminum", S.cylinder(radius - 0.005, length, (0, 0, top + 0.06 - length / 2)))
    b.prismatic("mast", "base", "z", 0.0, length * 0.75)
    return "mast", top + 0.06


@kind("work_light", "lighting")
def work_light(b: Builder) -> str:
    """Tripod work light: three folding legs (revolute), a telescoping mast (prismatic) with a
    clamp knob, and one or two flood heads each tilting in its
    yoke (revolute).

    Tripod site lights stand 1.1-1.6 m tall closed and extend 0.4-0.5 m more; their heads are
    15-25 cm wide, 12-20 cm tall and 6-10 cm deep (typical retail range of 2 x 500 W halogen and
    20-50 W LED models).
    """
    leg, spread = b.dim(0.55, 0.8), b.real(0.45, 0.6)
    z_c, length, r = leg * math.cos(spread) + 0.01, b.dim(0.5, 0.7), 0.018
    b.link("base", "metal", S.cylinder(r, length + 0.04, (0, 0, z_c - 0.04 + (length + 0.04) / 2)))
    _tripod(b, z_c, leg, spread, r + 0.012)
    P.knob(b, "clamp_knob", "base", (0, r, z_c + length - 0.03), "y", 0.012, 0.012, limits=(0.0, 2 * math.pi))
    mast, top = _telescope(b, z_c + length, length, r)
    heads = b.count(1, 2)
    hd, hw, hh = b.dim(0.06, 0.1), b.dim(0.15, 0.25), b.dim(0.12, 0.2)
    rs = math.hypot(hd / 2 + 0.012, hh / 2)
    z_bar = top + 0.02
    zt = z_bar + 0.012 + rs
    pitch = hw + 0.03
    ys = [(k - (heads - 1) / 2) * pitch for k in range(heads)]
    arms = sorted({round(y + s * (hw / 2 + 0.009), 4) for y in ys for s in (-1, 1)})
    b.add(mast, S.cylinder(0.01, z_bar - top + 0.01, (0, 0, (top + z_bar) / 2)),
          S.box((0.02, arms[-1] - arms[0] + 0.006, 0.012), (0, 0, z_bar)),
          *[S.box((0.02, 0.006, zt - z_bar + 0.01), (0, y, (z_bar + zt) / 2)) for y in arms])
    for k, y in enumerate(ys):
        b.link(f"head_{k}", "plastic", S.box((hd, hw, hh), (0, y, zt)),
               S.box((0.004, hw - 0.02, hh - 0.02), (hd / 2 + 0.001, y, zt)),
               S.box((0.01, hw * 0.8, hh * 0.8), (-hd / 2 - 0.004, y, zt)),
               S.cylinder(0.005, hw + 0.012, (0, y, zt), "y", sections=8))
        b.revolute(f"head_{k}", mast, "y", (0, y, zt), -b.real(0.6, 1.0), b.real(0.6, 1.0))
    return f"tripod work light with {heads} head{'s' if heads > 1 else ''}"


@kind("ring_light", "lighting")
def ring_light(b: Builder) -> str:
    """Ring light: a round LED ring tilting on top of a stand (revolute), the stand a folding
    tripod or a weighted desk base under a telescoping section (prismatic), and a
    phone holder in the ring's middle that turns (continuous) with a sliding clamp jaw
    (prismatic).

    Ring lights are 25-46 cm (10-18 inch) across with 3-4 cm wide rings, on desk stands of
    0.2-0.35 m or tripods of 1-1.4 m to the ring, extending 0.3-0.5 m more (typical retail
    range); phone clamps open to about 9 cm.
    """
    R, wr = b.dim(0.125, 0.23), b.dim(0.03, 0.04)
    r = 0.014
    if b.chance(0.5):
        leg, spread = b.dim(0.45, 0.7), b.real(0.45, 0.6)
        z_c, length = leg * math.cos(spread) + 0.01, b.dim(0.45, 0.65)
        b.link("base", "metal", S.cylinder(r, length + 0.04, (0, 0, z_c - 0.04 + (length + 0.04) / 2)))
        _tripod(b, z_c, leg, spread, r + 0.012)
        stand, bottom = "tripod", z_c + length
    else:
        length = b.dim(0.15, 0.25)
        b.link("base", "metal", S.cylinder(b.dim(0.07, 0.1), 0.02, (0, 0, 0.01)),
               S.cylinder(r, length, (0, 0, 0.02 + length / 2)))
        stand, bottom = "desk", 0.02 + length
    mast, top = _telescope(b, bottom, length, r)
    zp = top + 0.03
    b.add(mast, S.box((0.03, 0.03, zp - top + 0.005), (0, 0, (top + zp) / 2)))
    zc = zp + 0.012 + R
    ring = b.link("ring", "plastic", S.tube(R - wr, R, 0.02, (0, 0, zc), "x"),
                  S.box((0.02, 0.03, 0.014), (0, 0, zp + 0.006)),
                  S.cylinder(0.01, 0.04, (0, 0, zp), "y", sections=12),
                  S.box((0.01, 0.016, R), (0.015, 0, zp + 0.012 + R / 2)))
    b.revolute(ring, mast, "y", (0, 0, zp), -b.real(0.8, 1.2), b.real(0.8, 1.2))
    holder = b.link("phone_holder", "plastic", S.box((0.015, 0.06, 0.02), (0.03, 0, zc)),
                    S.box((0.012, 0.006, 0.03), (0.03, -0.03, zc)))
    b.continuous(holder, ring, "x", (0.02, 0, zc))
    travel = min(0.05, R - wr - 0.06)
    jaw = b.link("phone_jaw", "plastic", S.box((0.012, 0.006, 0.03), (0.03, 0.035, zc)))
    b.prismatic(jaw, holder, "y", 0.0, travel)
    return f"ring light on a {stand} stand"


@kind("downlight", "lighting")
def downlight(b: Builder) -> str:
    """Recessed gimbal downlight: one to three heads in a row, each a swivel fork turning in
    its trim opening (continuous) and a lamp tilting in the fork (revolute), the housing
    above the trim (round single trims, square multi-head ones) held by two spring clips at
    its ends that open out (revolute).

    GU10 and MR16 lamps are 50 mm across (IEC 60061-1 bases); gimbal downlights need 75-100
    mm cut-outs, multi-head ones a square of 90-100 mm per head, and tilt 25-35 degrees
    (typical manufacturers' range).
    """
    heads = b.pick((1, 1, 2, 3))
    rl, hl = b.dim(0.025, 0.03), b.dim(0.02, 0.03)
    rs = math.hypot(rl, hl) + 0.002
    ro = rs + 0.008
    half = ro + 0.004
    pitch = 2 * half + 0.01
    trim_w, hh = b.dim(0.01, 0.02), rs + 0.03
    ys = [(k - (heads - 1) / 2) * pitch for k in range(heads)]
    zt = 0.006
    span = heads * pitch - 0.01
    solids = []
    for y in ys:  # a box of four walls and a top over each head
        solids += [S.box((0.004, 2 * half + 0.008, hh), (s * (half + 0.002), y, zt + hh / 2)) for s in (-1, 1)]
        solids += [S.box((2 * half, 0.004, hh), (0, y + s * (half + 0.002), zt + hh / 2)) for s in (-1, 1)]
        solids.append(S.box((2 * half + 0.008, 2 * half + 0.008, 0.004), (0, y, zt + hh - 0.002)))
    if heads == 1:
        solids.append(S.tube(ro + 0.003, ro + 0.003 + trim_w, 0.006, (0, 0, zt / 2)))
    else:
        outer = 2 * half + 2 * trim_w
        solids += [S.box((outer, trim_w + 0.004, zt), (0, s * (span / 2 + trim_w / 2), zt / 2)) for s in (-1, 1)]
        solids += [S.box((trim_w, span, zt), (s * (half + trim_w / 2), 0, zt / 2)) for s in (-1, 1)]
        solids += [S.box((2 * half, 0.014, zt), (0, (ys[k] + ys[k + 1]) / 2, zt / 2)) for k in range(heads - 1)]
    b.link("base", "metal", *solids)
    zp = zt / 2
    for k, y in enumerate(ys):
        ring = b.link(f"swivel_{k}", "metal", S.box((2 * rs + 0.012, 0.012, 0.004), (0, y, zp + rs + 0.004)),
                      *[S.box((0.004, 0.012, rs + 0.012), (s * (rs + 0.004), y, zp + rs / 2)) for s in (-1, 1)])
        b.continuous(ring, "base", "z", (0, y, zp))
        lamp = b.link(f"lamp_{k}", "aluminum", S.cylinder(rl, 2 * hl, (0, y, zp)),
                      S.cylinder(rl * 0.8, 0.002, (0, y, zp - hl - 0.0005)),
                      S.cylinder(0.003, 2 * rs, (0, y, zp), "x", sections=8))
        b.revolute(lamp, ring, "x", (0, y, zp), -b.real(0.4, 0.6), b.real(0.4, 0.6))
    for s, end in ((-1, "left"), (1, "right")):
        y = ys[0 if s < 0 else -1] + s * (half + 0.0055)
        b.link(f"clip_{end}", "metal", S.box((0.02, 0.002, hh * 0.7), (0, y, zt + 0.004 + hh * 0.35)))
        b.revolute(f"clip_{end}", "base", (-s, 0, 0), (0, y, zt + 0.004), 0.0, 1.4)
    return f"gimbal downlight with {heads} head{'s' if heads > 1 else ''}"


@kind("floodlight", "lighting")
def floodlight(b: Builder) -> str:
    """Wall floodlight: a wall plate with one or two arms, each ending in a yoke that pans
    (revolute about the vertical) holding a flat LED head that tilts (revolute), and on some
    a motion sensor on its own arm that pans and tilts.

    LED floodlights of 10-100 W have heads 10-30 cm wide, 8-25 cm tall and 3-6 cm deep;
    twin-head security lights put two 12-18 cm heads on a 20-30 cm plate (typical retail
    range).
    """
    heads = b.count(1, 2)
    hd, hw, hh = b.dim(0.03, 0.06), b.dim(0.1, 0.3) if heads == 1 else b.dim(0.12, 0.18), b.dim(0.08, 0.25)
    rs = math.hypot(hd / 2 + 0.004, hh / 2) + 0.004
    rp = math.hypot(rs, hw / 2 + 0.012) + 0.006
    xk, zk = 0.03 + rp + 0.01, 0.0
    drop = rs + 0.018
    ys = [0.0] if heads == 1 else [-rp - 0.008, rp + 0.008]
    sensor = b.chance(0.5)
    zs = zk - drop - rs - 0.055
    plate = b.dim(0.1, 0.14)
    b.link("base", "metal", S.box((0.03, plate, plate), (0.015, 0, zk)),
           *[S.rod((0.029, 0, zk), (xk, y, zk), 0.008) for y in ys])
    for k, y in enumerate(ys):
        ya = hw / 2 + 0.008
        yoke = b.link(f"yoke_{k}", "metal", S.cylinder(0.01, 0.016, (xk, y, zk - 0.008)),
                      S.box((0.016, 2 * ya + 0.006, 0.006), (xk, y, zk - 0.019)),
                      *[S.box((0.016, 0.006, drop + 0.01), (xk, y + s * ya, zk - 0.017 - drop / 2)) for s in (-1, 1)])
        b.revolute(yoke, "base", "z", (xk, y, zk - 0.008), -b.real(0.8, 1.4), b.real(0.8, 1.4))
        zh = zk - drop
        b.link(f"head_{k}", "aluminum", S.box((hd, hw, hh), (xk, y, zh)),
               S.box((0.003, hw - 0.016, hh - 0.016), (xk + hd / 2 + 0.001, y, zh)),
               S.cylinder(0.004, hw + 0.012, (xk, y, zh), "y", sections=8))
        b.revolute(f"head_{k}", yoke, "y", (xk, y, zh), -b.real(0.3, 0.6), b.real(0.8, 1.2))
    if sensor:
        b.add("base", S.rod((0.029, 0, zk - plate / 2 + 0.01), (0.029, 0, zs), 0.006),
              S.rod((0.029, 0, zs), (0.08, 0, zs), 0.006), S.sphere(0.006, (0.029, 0, zs), count=8))
        pan = b.link("sensor_neck", "plastic", S.cylinder(0.008, 0.012, (0.09, 0, zs)),
                     S.cylinder(0.005, 0.008, (0.09, 0, zs - 0.01), sections=12))
        b.revolute(pan, "base", "z", (0.09, 0, zs), -1.2, 1.2)
        eye = b.link("sensor", "plastic", S.sphere(0.02, (0.09, 0, zs - 0.04), count=10),
                     S.cylinder(0.004, 0.018, (0.09, 0, zs - 0.015), sections=8))
        b.revolute(eye, pan, "y", (0.09, 0, zs - 0.012), -0.8, 0.8)
    return f"wall floodlight with {heads} head{'s' if heads > 1 else ''}" + (" and a motion sensor" if sensor else "")


@kind("emergency_light", "lighting")
def emergency_light(b: Builder) -> str:
    """Twin-spot emergency light: a wall housing with one or two lamp heads on top, each on
    a turret that pans (revolute) with the lamp tilting in its yoke (revolute), a test button
    and a battery door hinged at the bottom of the front (revolute).

    Self-contained emergency luminaires (EN 60598-2-22) with spot heads have housings 0.25-0.4
    m wide, 0.12-0.2 m tall and 0.08-0.12 m deep, and heads 6-10 cm across (typical retail
    range).
    """
    hd, hw, hh = b.dim(0.08, 0.12), b.dim(0.25, 0.4), b.dim(0.12, 0.2)
    b.link("base", "plastic", S.box((hd, hw, hh), (0, 0, hh / 2)))
    heads = b.pick((1, 2, 2))
    ys = [0.0] if heads == 1 else [-hw / 4, hw / 4]
    rl, ll = b.dim(0.035, 0.05), b.dim(0.05, 0.08)
    fit = min(1.0, (hw / 4 - 0.011) / math.hypot(rl, ll / 2))  # two turrets' sweeps stay apart
    rl, ll = round(rl * fit, 4), round(ll * fit, 4)
    rs = math.hypot(rl, ll / 2) + 0.003
    for k, y in enumerate(ys):
        zp = hh + 0.02 + rs + 0.006
        b.link(f"turret_{k}", "plastic", S.cylinder(0.02, 0.02, (0, y, hh + 0.01)),
               S.box((0.012, 2 * rs + 0.008, 0.006), (0, y, hh + 0.023)),
               *[S.box((0.012, 0.004, zp - hh - 0.02), (0, y + s * (rs + 0.002), (zp + hh + 0.026) / 2)) for s in (-1, 1)])
        b.revolute(f"turret_{k}", "base", "z", (0, y, hh), -b.real(1.2, 1.6), b.real(1.2, 1.6))
        b.link(f"lamp_{k}", "plastic", S.cylinder(rl, ll, (0, y, zp), "x"),
               S.cylinder(0.003, 2 * rs, (0, y, zp), "y", sections=8))
        b.revolute(f"lamp_{k}", f"turret_{k}", "y", (0, y, zp), -0.8, 0.8)
        lens = b.link(f"lens_{k}", "glass", S.cylinder(rl * 0.85, 0.003, (ll / 2 + 0.001, y, zp), "x"))
        b.fixed(lens, f"lamp_{k}")
    P.button(b, "test_button", "base", (hd / 2, hw / 2 - 0.03, hh * 0.75), "x", 0.012, 0.002, round_=True)
    P.door(b, "battery_door", "base", x_face=hd / 2, y0=-hw * 0.35, y1=hw * 0.35, z0=0.01, z1=hh * 0.55,
           t=0.004, hinge="bottom", material="plastic", max_angle=b.real(1.4, 1.6), handle=None)
    return f"emergency light with {heads} spot head{'s' if heads > 1 else ''}"
