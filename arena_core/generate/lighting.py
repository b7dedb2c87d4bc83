"""Lighting: articulated desk lamps (chains of revolutes), floor lamps, wall lamps, table lamps,
pendants, chandeliers, clamp lamps, lanterns, flashlights, track lights."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _shade(center, axis, radius: float, depth: float) -> list:
    """A conical shade opening along ``axis`` with a socket behind it."""
    ax = S.unit(axis)
    c = np.asarray(center, float)
    return [S.tube(radius * 0.9, radius, depth, c + ax * depth / 2, ax),
            S.cone(radius, depth * 0.6, c, -ax)]


@kind("desk_lamp", "lighting")
def desk_lamp(b: Builder) -> str:
    """Architect lamp: base swivel, lower arm, upper arm and head, each a revolute (plus a
    fixed bulb and a push switch). At rest the upper arm is raised until the head hangs 10 cm
    over the floor and 2 cm clear of the base, the turret and the lower arm; the lower arm, the
    upper arm and the head stop where the upper arm or the head come within 5 mm of them
    (:class:`_ArmPlane`).

    Balanced-arm desk lamps (the Anglepoise and Luxo L-1 type) have two arms of 25-40 cm each, a
    weighted base 14-20 cm across and a shade 10-16 cm across (retail range); the turret turns
    135 degrees either way or freely, the arms and head over 60-120 degrees each, and the push
    switch presses 3 mm.
    """
    l1, l2 = b.dim(0.25, 0.4), b.dim(0.25, 0.4)
    base_r, bz = b.dim(0.07, 0.1), 0.03
    b.link("base", "metal", S.cylinder(base_r, bz, (0, 0, bz / 2)))
    P.button(b, "switch", "base", (base_r * 0.6, 0, bz), "z", 0.012, 0.003, round_=True)
    turret = b.link("turret", "metal", S.cylinder(0.02, 0.05, (0, 0, bz + 0.025)))
    if b.chance(0.5):
        b.continuous(turret, "base", "z", (0, 0, bz))
    else:
        b.revolute(turret, "base", "z", (0, 0, bz), -math.pi * 0.75, math.pi * 0.75)
    a1, a2 = b.real(0.2, 0.5), b.real(1.6, 2.2)
    shade_r = b.dim(0.05, 0.08)
    j1 = np.array([0.0, 0.0, bz + 0.05])
    e1 = j1 + l1 * np.array([math.sin(a1), 0, math.cos(a1)])
    plane = _ArmPlane(base_r, bz, j1, e1, l2, shade_r)
    while a2 > 1.0 and not plane.rests_clear(a2):
        a2 -= 0.05
    plane.place(a2)
    e2 = e1 + l2 * np.array([math.sin(a2), 0, math.cos(a2)])
    lower = b.link("lower_arm", "aluminum", S.rod(j1, e1, 0.009),
                   S.cylinder(0.012, 0.03, j1, "y"))
    b.revolute(lower, turret, "y", j1, *plane.limits("lower", -0.6 - a1, 1.0 - a1))
    upper = b.link("upper_arm", "aluminum", S.rod(e1, e2, 0.008), S.cylinder(0.011, 0.028, e1, "y"))
    b.revolute(upper, lower, "y", e1, *plane.limits("upper", -1.2, 0.9))
    head = b.link("head", "metal", *_shade(e2 + (0, 0, -0.03), _HEAD_AXIS, shade_r, _HEAD_DEPTH))
    b.add(head, S.cylinder(0.01, 0.025, e2, "y"))
    b.revolute(head, upper, "y", e2, *plane.limits("head", -0.8, 0.8))
    bulb = b.link("bulb", "glass", S.sphere(_BULB_R, e2 + _BULB_OFFSET, count=10))
    b.fixed(bulb, head)
    return "articulated desk lamp"


_CLEAR = 0.005  # m that a lamp's parts keep from each other over every joint's range
_HEAD_AXIS = np.array([0.3, 0.0, -1.0])  # the desk lamp's shade opens along this at rest
_HEAD_DEPTH = 0.07
_BULB_R = 0.022
_BULB_OFFSET = _HEAD_AXIS / math.hypot(0.3, 1.0) * 0.05 + (0, 0, -0.03)


class _ArmPlane:
    """A desk lamp in the plane of its arms (x forward, z up: the turret's frame), where its
    rest pose and limits are chosen. The head is the outline of its shade and bulb, the upper
    arm a segment, and the pivot between them a disc, both as thick as the upper arm's pivot
    (11 mm); the base, the switch (at any turn of the turret: a ring) and the turret are
    rectangles, the lower arm a segment as thick as its pivot (12 mm), the floor z = 0. These
    contain the parts' projections on the plane, so clearance in the plane is clearance in
    space.

    A joint's limit is the farthest value towards its stop up to which every part it moves
    keeps ``_CLEAR`` from every part it may meet (the upper arm is not checked against the
    lower arm, nor the head against the upper arm: a joint joins them), sampled so that no
    part moves more than ``STEP`` between samples (a part is asked for half its step more:
    parts also keep from crossing between samples, where only their ends and corners are
    measured). The lower arm turns about the turret's top, far above the base, and meets
    nothing."""

    STEP = 0.01
    # the outline's corners, the upper arm's ends (its second the head's pivot) and the
    # segments between them: the outline's five sides, the pivot, the upper arm
    RADII = np.array([0.0] * 5 + [0.011, 0.011])
    STARTS, ENDS = [0, 1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 0, 5, 5]

    def __init__(self, base_r: float, bz: float, j1, e1, l2: float, shade_r: float):
        self.j1, self.e1 = np.asarray(j1, float)[[0, 2]], np.asarray(e1, float)[[0, 2]]
        self.l2, self.shade_r = l2, shade_r
        ring = base_r * 0.6 + 0.006  # the switch's outer radius
        # the base, the switch and the turret: columns x0, x1, z0, z1 (and their top corners:
        # parts kept above the floor are nearest the rest of them)
        rects = ((-base_r, base_r, 0.0, bz), (-ring, ring, bz, bz + 0.006),
                 (-0.02, 0.02, bz, bz + 0.05))
        self.rects = np.array(rects).T[:, :, None, None]
        self.corners = np.array([(x, z1) for x0, x1, _, z1 in rects for x in (x0, x1)])
        self.place(math.pi / 2)

    def place(self, a2: float) -> None:
        """Put the upper arm ``a2`` rad from vertical (the head hangs from its end)."""
        self.e2 = self.e1 + self.l2 * np.array([math.sin(a2), math.cos(a2)])
        axis = _HEAD_AXIS[[0, 2]] / math.hypot(0.3, 1.0)
        side = np.array([-axis[1], axis[0]]) * self.shade_r
        c = self.e2 + (0.0, -0.03)
        tip = c + axis * (max(_HEAD_DEPTH, 0.05 + _BULB_R) + 0.001)  # the bulb's front
        self.points = np.array([c - axis * 0.6 * _HEAD_DEPTH, c + side, tip + side, tip - side,
                                c - side, self.e2, self.e1])

    def rests_clear(self, a2: float) -> bool:
        """Whether the head, the upper arm at ``a2``, hangs 10 cm over the floor and 2 cm
        clear of the other parts at rest."""
        self.place(a2)
        return (float(self.points[:5, 1].min()) >= 0.1
                and bool(self._clear("upper", [0.0], np.full((1, 7), 0.02))[0]))

    def limits(self, joint: str, low: float, high: float) -> tuple[float, float]:
        """``joint``'s (``lower``, ``upper`` or ``head``) limits towards ``low`` and ``high``
        (rad; each the stop itself when nothing meets before it, else rounded to 1 mrad)."""
        offset = self.points - self._pivot(joint)
        reach = np.sqrt(offset[:, 0] * offset[:, 0] + offset[:, 1] * offset[:, 1])
        counts = [max(1, math.ceil(abs(stop) * float(reach.max()) / self.STEP))
                  for stop in (low, high)]
        angles, extra = [], []
        for stop, n in ((low, counts[0]), (high, counts[1])):
            angles += [stop * k / n for k in range(1, n + 1)]
            extra += [reach * abs(stop) / n / 2] * n
        clear = self._clear(joint, angles, np.array(extra))
        out = []
        for stop, n, ok in ((low, counts[0], clear[:counts[0]]), (high, counts[1], clear[counts[0]:])):
            k = n if ok.all() else int(np.argmin(ok))
            value = math.floor(abs(stop) * k / n * 1000) / 1000
            out.append(stop if k == n else math.copysign(value, stop) if value else 0.0)
        return out[0], out[1]

    def _pivot(self, joint: str) -> np.ndarray:
        return {"lower": self.j1, "upper": self.e1, "head": self.e2}[joint]

    def _clear(self, joint: str, angles, extra: np.ndarray) -> np.ndarray:
        """Whether the parts ``joint`` moves keep clear at each of ``angles`` (rad about +y),
        each point asked for ``extra`` m more (a row per angle; a segment: its ends' most)."""
        n = 6 if joint == "head" else 7  # the head's joint turns the head alone
        pivot = self._pivot(joint)
        cos = np.array([math.cos(q) for q in angles])[:, None]
        sin = np.array([math.sin(q) for q in angles])[:, None]
        dx, dz = self.points[:n, 0] - pivot[0], self.points[:n, 1] - pivot[1]
        x, z = pivot[0] + dx * cos + dz * sin, pivot[1] - dx * sin + dz * cos  # (angles, n)
        need = self.RADII[:n] + _CLEAR + extra[:, :n]
        starts, ends = self.STARTS[:n], self.ENDS[:n]
        ax, az, bx, bz = x[:, starts], z[:, starts], x[:, ends], z[:, ends]
        seg_need = self.RADII[:n] + _CLEAR + np.maximum(extra[:, starts], extra[:, ends])
        x0, x1, z0, z1 = self.rects
        dx = np.maximum(np.maximum(x0 - x, x - x1), 0.0)
        dz = np.maximum(np.maximum(z0 - z, z - z1), 0.0)
        ok = (z >= need) & (np.sqrt(dx * dx + dz * dz).min(axis=0) >= need)  # floor, rects
        cx, cz = self.corners[:, 0, None, None], self.corners[:, 1, None, None]
        ok &= _to_segment(cx, cz, ax, az, bx, bz).min(axis=0) >= seg_need
        if joint != "lower":  # the head against the lower arm (the lower arm turns with both)
            (ux, uz), (vx, vz) = self.j1, self.e1
            ok[:, :6] &= _to_segment(x[:, :6], z[:, :6], ux, uz, vx, vz) >= need[:, :6] + 0.012
            ends_x, ends_z = np.array([ux, vx])[:, None, None], np.array([uz, vz])[:, None, None]
            gap = _to_segment(ends_x, ends_z, ax[:, :6], az[:, :6], bx[:, :6], bz[:, :6])
            ok[:, :6] &= gap.min(axis=0) >= seg_need[:, :6] + 0.012
        return ok.all(axis=1)


def _to_segment(px, pz, ax, az, bx, bz) -> np.ndarray:
    """Distance from the points ``(px, pz)`` to the segments from ``(ax, az)`` to ``(bx, bz)``
    (any of them broadcast). Segments that do not cross are as far apart as the nearest of
    their ends is from the other."""
    ux, uz = bx - ax, bz - az
    length2 = ux * ux + uz * uz
    t = np.clip(((px - ax) * ux + (pz - az) * uz) / np.maximum(length2, 1e-12), 0.0, 1.0)
    dx, dz = px - ax - t * ux, pz - az - t * uz
    return np.sqrt(dx * dx + dz * dz)


@kind("floor_lamp", "lighting")
def floor_lamp(b: Builder) -> str:
    """Floor lamp: telescoping pole (prismatic), shade tilting on a knuckle at the end of a
    bracket off the pole's top, dimmer knob. The bracket reaches as far as keeps the shade
    5 mm in front of the pole and the base's tube at any tilt; the pole keeps 5 cm in the
    tube at full extension.

    Telescoping floor and reading lamps stand 1.3-1.7 m tall (retail range: adjustable floor
    lamps 120-180 cm), the pole extending 15-35 cm, on a base 24-36 cm across, with a shade
    20-36 cm across tilting 20 degrees down and 26 up; the dimmer knob turns about 270 degrees.
    """
    h, base_r = b.dim(1.3, 1.6), b.dim(0.12, 0.18)
    tube_top = 0.025 + h * 0.6
    b.link("base", "metal", S.cylinder(base_r, 0.025, (0, 0, 0.0125)),
           S.tube(0.011, 0.016, h * 0.6, (0, 0, 0.025 + h * 0.3)))
    travel, top = b.dim(0.15, 0.35), h * 0.85
    foot = min(h * 0.35, tube_top - travel - 0.05)
    radius, depth, tilt = b.dim(0.1, 0.18), 0.15, (-0.35, 0.45)
    axis = S.unit((1, 0, -0.4))
    knuckle = np.array([_bracket_reach(axis, radius, depth, tilt, 0.016 + _CLEAR), 0.0, top])
    pole = b.link("pole", "metal", S.cylinder(0.01, top - foot, (0, 0, (top + foot) / 2)),
                  S.rod((0, 0, top), knuckle, 0.007))
    b.prismatic(pole, "base", "z", 0.0, travel, point=(0, 0, h * 0.6))
    shade = b.link("shade", "metal", *_shade(knuckle + axis * 0.6 * depth, axis, radius, depth),
                   S.cylinder(0.012, 0.03, knuckle, "y"))
    b.revolute(shade, pole, "y", knuckle, *tilt)
    P.knob(b, "dimmer", "base", (0, 0.016, h * 0.4), "y", 0.012, 0.012, limits=(0.0, 1.5 * math.pi))
    return "telescoping floor lamp"


def _bracket_reach(axis, radius: float, depth: float, tilt: tuple[float, float],
                   clear: float) -> float:
    """How far (m, rounded up to 1 mm) in front of the pole's axis the knuckle of a shade
    (:func:`_shade` with its apex on the knuckle, opening along ``axis`` in the XZ plane) must
    be for the shade to stay ``clear`` in front of it at every tilt (rad about +y) in ``tilt``:
    its outline's corners turned about the knuckle, 0.01 rad apart."""
    ax = np.array([axis[0], axis[2]])
    side = np.array([-ax[1], ax[0]]) * radius
    rim, mouth = ax * 0.6 * depth, ax * 1.6 * depth
    corners = np.array([rim + side, rim - side, mouth + side, mouth - side])
    n = math.ceil((tilt[1] - tilt[0]) / 0.01)
    angles = np.array([tilt[0] + (tilt[1] - tilt[0]) * k / n for k in range(n + 1)])
    cos = np.array([math.cos(q) for q in angles])[:, None]
    sin = np.array([math.sin(q) for q in angles])[:, None]
    nearest = float((corners[:, 0] * cos + corners[:, 1] * sin).min())
    return math.ceil((clear - min(nearest, 0.0)) * 1000) / 1000


@kind("wall_lamp", "lighting")
def wall_lamp(b: Builder) -> str:
    """Swing-arm wall lamp: wall plate, swinging arm (revolute Z), tilting shade.

    Swing-arm wall lamps reach 25-60 cm from a wall plate of about 8 x 14 cm (retail range), the
    arm swinging up to 80 degrees either way and the 12-20 cm shade tilting 34 degrees either
    way.
    """
    arm = b.dim(0.25, 0.6)
    b.link("base", "metal", S.box((0.02, 0.08, 0.14), (-0.01, 0, 0.07)))
    swing = b.link("arm", "metal", S.rod((0.01, 0, 0.07), (arm, 0, 0.07), 0.008),
                   S.cylinder(0.012, 0.04, (0.01, 0, 0.07)))
    b.revolute(swing, "base", "z", (0.01, 0, 0.07), -1.4, 1.4)
    shade = b.link("shade", "metal", *_shade((arm, 0, 0.04), (0, 0, -1), b.dim(0.06, 0.1), 0.1))
    b.revolute(shade, swing, "y", (arm, 0, 0.07), -0.6, 0.6)
    return "swing-arm wall lamp"


@kind("table_lamp", "lighting")
def table_lamp(b: Builder) -> str:
    """Table lamp: ceramic body, shade on a harp (fixed), pull-chain switch (prismatic) and
    a bulb that unscrews from its socket (helical, 3.6 mm per turn).

    Table lamps are 30-50 cm tall to the socket (40-75 cm with the shade), with a body 12-24 cm
    and a shade 1.5-2.2 times that across (retail range); the pull chain pulls 15 mm, and the
    bulb's E26/E27 Edison screw base (IEC 60061-1: 3.6 mm thread pitch) unscrews in 3-4 turns.
    """
    h, r = b.dim(0.3, 0.5), b.dim(0.06, 0.12)
    b.link("base", "ceramic", S.cylinder(r, h * 0.55, (0, 0, h * 0.275)),
           S.rod((0, 0, h * 0.55), (0, 0, h * 0.85), 0.006))
    shade_r = r * b.real(1.5, 2.2)
    shade = b.link("shade", "plastic", S.tube(shade_r * 0.97, shade_r, h * 0.35, (0, 0, h * 0.8)))
    b.fixed(shade, "base", (0, 0, h * 0.8))
    chain = b.link("pull_chain", "metal", S.rod((0.02, 0, h * 0.78), (0.02, 0, h * 0.66), 0.0015, sections=6))
    b.prismatic(chain, "base", (0, 0, -1), 0.0, 0.015, point=(0.02, 0, h * 0.78))
    socket = h * 0.85
    bulb = b.link("bulb", "glass", S.cylinder(0.013, 0.02, (0, 0, socket + 0.01)),
                  S.sphere(0.03, (0, 0, socket + 0.045), count=12))
    pitch = 0.0036 / (2 * math.pi)  # E26/E27 screw base: 3.6 mm per turn
    b.helical(bulb, "base", "z", (0, 0, socket), 0.0, b.real(3.0, 4.0) * 2 * math.pi, pitch)
    return "table lamp with a pull chain and a screw-in bulb"


E27_PITCH = 0.003629 / (2 * math.pi)  # m/rad: E26/E27 lamp-cap thread, 3.629 mm per turn
E14_PITCH = 0.002822 / (2 * math.pi)  # m/rad: E14 candle-cap thread, 2.822 mm per turn


def _bulb(b: Builder, name: str, parent: str, socket, *, radius: float, down: bool,
          pitch: float = E27_PITCH, turns: float = 3.0) -> str:
    """A glass bulb of ``radius`` (a capsule) in a socket at ``socket``, hanging below
    (``down``) or standing above it; it unscrews out of the socket (helical)."""
    sx, sy, sz = socket
    s = -1.0 if down else 1.0
    b.link(name, "glass", S.capsule(radius, radius * 0.6, (sx, sy, sz + s * radius * 1.3)))
    b.helical(name, parent, (0, 0, s), socket, 0.0, turns * 2 * math.pi, pitch)
    return name


def _staggered(mesh):
    """``mesh`` (a round part) turned 0.13 rad about the vertical through its center, so its
    facet edges do not line up with those of a coaxial part it meets (a boolean union of
    such edge-on-edge meetings leaves near-duplicate vertices)."""
    return S.turned(mesh, "z", 0.13, mesh.bounds.mean(axis=0))


@kind("pendant_light", "lighting")
def pendant_light(b: Builder) -> str:
    """Adjustable pendant: 1-3 drops from a round or bar canopy, each a fixed outer stem
    with a telescoping inner stem (prismatic), a drum or coolie shade tilting on a knuckle
    (revolute) and an E27 bulb that unscrews (helical).

    Sizes from the typical retail range of rod pendants (shades 0.2-0.4 m across, drops
    0.3-0.9 m, 0.1-0.3 m of height adjustment; 1-3 lights on a bar canopy).
    """
    n = b.pick((1, 1, 2, 3))
    sp = b.dim(0.35, 0.5)
    R = min(b.dim(0.1, 0.2), sp / 2 - 0.03) if n > 1 else b.dim(0.1, 0.2)
    depth = R * b.real(0.7, 1.1)
    drop, travel = b.dim(0.3, 0.8), b.dim(0.1, 0.3)
    ys = [(k - (n - 1) / 2) * sp for k in range(n)]
    canopy = (S.cylinder(0.07, 0.03, (0, 0, -0.015)) if n == 1
              else S.box((0.1, (n - 1) * sp + 0.14, 0.03), (0, 0, -0.015)))
    b.link("base", "metal", canopy)
    cone = b.chance(0.5)
    for k, y in enumerate(ys):
        z_out = -0.03 - drop  # the outer stem's lower end
        b.add("base", S.tube(0.0055, 0.009, drop + 0.002, (0, y, -0.03 - drop / 2 + 0.001)))
        zk = z_out - 0.022  # the knuckle
        inner = b.link(f"stem_{k}", "metal", S.cylinder(0.005, travel + 0.06, (0, y, z_out - 0.012 + (travel + 0.06) / 2)),
                       S.sphere(0.011, (0, y, zk), count=10))
        b.prismatic(inner, "base", (0, 0, -1), 0.0, travel, point=(0, y, z_out))
        top = zk - 0.012  # the shade's top
        if cone:  # a shallow coolie cone over the bulb
            depth = R * 0.45
            shade = [S.cone(R, depth, (0, y, top - depth), "z")]
        else:
            shade = [S.tube(R - 0.004, R, depth, (0, y, top - depth / 2)),
                     S.cylinder(R - 0.001, 0.005, (0, y, top - 0.003))]
        socket = top - (depth + 0.03 if cone else 0.03)
        sh = b.link(f"shade_{k}", "metal" if b.chance(0.7) else "glass", *shade,
                    _staggered(S.cylinder(0.02, top + 0.01 - socket, (0, y, (top + 0.01 + socket) / 2))))
        b.revolute(sh, inner, "y", (0, y, zk), -0.4, 0.4)
        _bulb(b, f"bulb_{k}", sh, (0, y, socket), radius=min(0.03, R * 0.3), down=True)
    return f"{n}-light adjustable pendant with {'cone' if cone else 'drum'} shades"


@kind("chandelier", "lighting")
def chandelier(b: Builder) -> str:
    """Chandelier hanging from a canopy on a rod: the body turns on its swivel
    (continuous) and carries one or two tiers of 3-6 rising arms, each ending in a candle
    cup whose E14 candle bulb unscrews (helical).

    Sizes from the typical retail range of candle chandeliers (0.45-0.9 m across,
    0.4-0.8 m tall bodies, 3-12 lights in one or two tiers).
    """
    drop = b.dim(0.2, 0.6)
    tiers = b.pick((1, 1, 2))
    b.link("base", "metal", S.cylinder(0.07, 0.03, (0, 0, -0.015)),
           S.rod((0, 0, -0.02), (0, 0, -0.03 - drop), 0.006))
    zt = -0.03 - drop  # the swivel
    col = b.dim(0.25, 0.4)
    body = b.link("body", "metal", _staggered(S.cylinder(0.012, 0.023, (0, 0, zt - 0.0115))),
                  S.cylinder(0.022, col, (0, 0, zt - 0.02 - col / 2)),
                  _staggered(S.sphere(0.045, (0, 0, zt - 0.03 - col), count=12)))
    b.continuous(body, "base", "z", (0, 0, zt))
    total = 0
    for t in range(tiers):
        n = b.count(3, 6) if t == 0 else b.count(3, 5)
        ra = b.dim(0.22, 0.4) * (0.6 if t else 1.0)
        z = zt - 0.02 - col * (0.8 if t == 0 else 0.45)
        for k, p in enumerate(S.ring_points(1.0, n, (0, 0, 0), "z", phase=t * math.pi / n)):
            ux, uy = float(p[0]), float(p[1])
            cup = (ux * ra, uy * ra, z + 0.01)
            b.add(body, S.rod((ux * 0.015, uy * 0.015, z), (cup[0], cup[1], cup[2] + 0.005), 0.006, sections=8),
                  S.cylinder(0.022, 0.012, (cup[0], cup[1], cup[2] + 0.006)),
                  _staggered(S.cylinder(0.011, 0.074, (cup[0], cup[1], cup[2] + 0.045))))
            _bulb(b, f"bulb_{t}_{k}", body, (cup[0], cup[1], cup[2] + 0.082), radius=0.016,
                  down=False, pitch=E14_PITCH, turns=b.real(2.0, 3.0))
        total += n
    return f"{total}-light chandelier with {tiers} tier{'s' if tiers > 1 else ''}"


@kind("clamp_lamp", "lighting")
def clamp_lamp(b: Builder) -> str:
    """Clamp-on task lamp: a C-clamp tightened by a screw (helical) or a spring clip whose
    jaw opens (revolute), a turret turning on the clamp (continuous), an arm leaning
    either way (revolute), a head tilting at its end (revolute) with a push switch
    (prismatic) and a bulb that unscrews (helical).

    Sizes from the typical retail range of clamp and clip lamps (jaws opening 30-60 mm,
    arms 0.25-0.45 m, shades 0.1-0.16 m across).
    """
    opening, arm = b.dim(0.03, 0.06), b.dim(0.25, 0.45)
    jt = 0.012  # jaw thickness
    if b.chance(0.6):
        top = opening + 2 * jt
        b.link("base", "metal", S.box((0.05, 0.04, jt), (0.01, 0, jt / 2)),
               S.box((0.012, 0.04, top), (-0.021, 0, top / 2)),
               S.box((0.05, 0.04, jt), (0.01, 0, top - jt / 2)))
        b.cut("base", S.cylinder(0.0045, 0.03, (0.015, 0, jt / 2)))
        travel = opening - 0.008
        screw = b.link("clamp_screw", "metal", S.rod((0.015, 0, jt + 0.002), (0.015, 0, -opening - 0.01), 0.004),
                       S.cylinder(0.01, 0.004, (0.015, 0, jt + 0.002)),
                       S.bar((0.015, -0.025, -opening - 0.01), (0.015, 0.025, -opening - 0.01), 0.008, 0.008))
        b.helical(screw, "base", "z", (0.015, 0, jt), 0.0, travel / (0.0015 / (2 * math.pi)),
                  0.0015 / (2 * math.pi))
        clamp = "screw clamp"
    else:
        top = opening + 2 * jt
        b.link("base", "metal", S.box((0.012, 0.04, top - jt - 0.002), (-0.021, 0, (top + jt + 0.002) / 2)),
               S.box((0.05, 0.04, jt), (0.01, 0, top - jt / 2)))
        jaw = b.link("clip_jaw", "plastic", S.box((0.05, 0.036, jt), (0.01, 0, jt / 2)),
                     S.box((0.04, 0.03, 0.008), (-0.045, 0, jt * 0.75)))
        b.revolute(jaw, "base", (0, -1, 0), (-0.015, 0, jt / 2), -0.35, 0.0)
        clamp = "spring clip"
    zt = top + 0.03
    turret = b.link("turret", "metal", S.cylinder(0.016, 0.03, (0.01, 0, top + 0.015)))
    b.continuous(turret, "base", "z", (0.01, 0, top))
    P.button(b, "switch", turret, (0.01, 0.016, top + 0.015), "y", 0.008, 0.002, round_=True)
    arm_l = b.link("arm", "metal", S.cylinder(0.011, 0.026, (0.01, 0, zt), "y"),
                   S.rod((0.01, 0, zt), (0.01, 0, zt + arm), 0.007))
    b.revolute(arm_l, turret, "y", (0.01, 0, zt), -0.7, 0.7)
    zh = zt + arm
    radius, depth = b.dim(0.05, 0.08), 0.09
    # the shade faces forward: tilted down 0.7 rad, its bulb keeps 3 cm from the arm below
    axis = S.unit((1, 0, -0.25))
    tube, back = _shade(np.array([0.01, 0, zh]) + axis * (0.6 * depth + 0.012), axis, radius, depth)
    head = b.link("head", "metal", S.cylinder(0.01, 0.024, (0.01, 0, zh), "y"), tube,
                  *S.moved([S.turned(back, axis, 0.13, (0.01, 0, zh))], axis * 0.002))
    # (the back cone turned and sunk 2 mm into the tube: no facets or faces shared with it)
    b.revolute(head, arm_l, "y", (0.01, 0, zh), -1.0, 0.7)
    socket = np.array([0.01, 0, zh]) + axis * (0.6 * depth + 0.012)
    bulb = b.link("bulb", "glass", S.capsule(0.018, 0.02, socket + axis * 0.035))
    b.helical(bulb, head, axis, socket, 0.0, 3 * 2 * math.pi, E27_PITCH)
    return f"clamp lamp on a {clamp}"


def _bail(b: Builder, parent: str, z: float, half: float, rise: float) -> str:
    """A wire bail pivoting on the Y axis at height ``z`` on pins ``half`` m either side of
    the center, ``rise`` m tall: it folds down either way (revolute, +-1.45 rad)."""
    bail = b.link("bail", "metal",
                  *[S.rod((0, s * half, z), (0, s * half, z + rise), 0.0025, sections=8) for s in (-1, 1)],
                  S.rod((0, -half - 0.0025, z + rise), (0, half + 0.0025, z + rise), 0.0025, sections=8))
    b.revolute(bail, parent, "y", (0, 0, z), -1.45, 1.45)
    return bail


@kind("lantern", "lighting")
def lantern(b: Builder) -> str:
    """Lantern: a square candle lantern (glazed on three sides, a glazed door hinged on a
    corner post, a candle that lifts off its spike) or a hurricane lantern (a glass globe
    raised by a lift lever (prismatic and revolute), a wick knob (continuous)); both carried
    by a folding bail (revolute).

    Sizes from the typical retail range of decorative candle lanterns (0.12-0.25 m square,
    0.25-0.5 m tall) and hurricane lanterns (about 0.25-0.4 m tall on 0.12-0.18 m founts,
    such as the Dietz No. 20 and No. 76).
    """
    if b.chance(0.5):
        return _hurricane(b)
    s, h = b.dim(0.12, 0.25), b.dim(0.2, 0.38)
    p = 0.012  # corner posts
    b.link("base", "metal", S.box((s, s, 0.02), (0, 0, 0.01)),
           *[S.box((p, p, h), (sx * (s / 2 - p / 2), sy * (s / 2 - p / 2), 0.02 + h / 2))
             for sx in (-1, 1) for sy in (-1, 1)],
           S.box((s, s, 0.012), (0, 0, 0.02 + h + 0.006)))
    roof_h = s * b.real(0.35, 0.55)
    zr = 0.02 + h + 0.012
    b.add("base", S.turned(S.cone(s * 0.78, roof_h, (0, 0, zr), "z", sections=4), "z", math.pi / 4, (0, 0, zr)),
          S.cylinder(0.018, 0.03, (0, 0, zr + roof_h * 0.75 + 0.015), sections=12))
    zc = zr + roof_h * 0.75 + 0.03
    for k, (size, center) in enumerate((((0.004, s - 2 * p, h - 0.004), (-s / 2 + p / 2, 0, 0.02 + h / 2)),
                                        ((s - 2 * p, 0.004, h - 0.004), (0, -s / 2 + p / 2, 0.02 + h / 2)),
                                        ((s - 2 * p, 0.004, h - 0.004), (0, s / 2 - p / 2, 0.02 + h / 2)))):
        pane = b.link(f"pane_{k}", "glass", S.box(size, center))
        b.fixed(pane, "base")
    hinge = b.pick(("left", "right"))
    P.door(b, "door", "base", x_face=s / 2, y0=-s / 2 + p, y1=s / 2 - p, z0=0.02, z1=0.02 + h, t=0.006,
           hinge=hinge, material="metal", max_angle=b.real(1.5, 2.2), handle="knob", glass=True)
    cr, ch = min(0.03, s * 0.2), h * b.real(0.35, 0.6)
    b.add("base", S.rod((0, 0, 0.02), (0, 0, 0.045), 0.002, sections=6))
    candle = b.link("candle", "plastic", S.cylinder(cr, ch, (0, 0, 0.021 + ch / 2)))
    b.prismatic(candle, "base", "z", 0.0, min(0.04, h - ch - 0.02))
    _bail(b, "base", zc - 0.012, 0.018 + 0.004, s * 0.5)
    return f"square candle lantern with a door hinged on the {hinge}"


def _hurricane(b: Builder) -> str:
    rf, hf = b.dim(0.07, 0.09), b.dim(0.05, 0.07)  # fount
    rg, hg = b.dim(0.045, rf - 0.02), b.dim(0.12, 0.18)  # globe, its frame standing on the fount
    burner = hf + 0.02
    zg = burner  # the globe's bottom
    cap_r, rframe = rg - 0.018, rg + 0.014
    z_cap = zg + hg + 0.006
    b.link("base", "metal", S.cylinder(rf, hf, (0, 0, hf / 2)),
           S.cylinder(0.03, 0.02, (0, 0, hf + 0.01), sections=12),
           S.cylinder(cap_r, 0.03, (0, 0, z_cap + 0.015)),
           S.cone(cap_r, 0.03, (0, 0, z_cap + 0.03), "z", sections=12))
    for sy in (-1, 1):
        b.add("base", S.rod((0, sy * rframe, hf - 0.01), (0, sy * rframe, z_cap + 0.02), 0.003, sections=8),
              S.rod((0, sy * rframe, z_cap + 0.02), (0, sy * (cap_r - 0.004), z_cap + 0.02), 0.003, sections=8))
    globe = b.link("globe", "glass", S.tube(rg - 0.003, rg, hg, (0, 0, zg + hg / 2 + 0.001)))
    lift = b.dim(0.02, 0.035)
    b.prismatic(globe, "base", "z", 0.0, lift)
    lever = b.link("lift_lever", "metal", S.bar((0, rframe + 0.006, hf + 0.03), (0.05, rframe + 0.006, hf + 0.015), 0.006, 0.004))
    b.revolute(lever, "base", "y", (0, rframe + 0.006, hf + 0.03), -0.6, 0.3)
    P.knob(b, "wick_knob", "base", (0.03, 0, hf + 0.008), "x", 0.008, 0.02)
    _bail(b, "base", z_cap + 0.02, rframe + 0.0055, max(0.07, rf * 1.2))  # on the frame's top
    return "hurricane lantern with a lifting globe"


@kind("flashlight", "lighting")
def flashlight(b: Builder) -> str:
    """Flashlight along X: a head fixed to the body, sliding to zoom (prismatic) or twisting
    to focus (helical), with a glass lens; a tail cap that unscrews (helical) with a click
    button in it (prismatic) or a side switch; on some a spring pocket clip (revolute).

    Sizes from the typical retail range of handheld flashlights (0.09-0.26 m long, 22-40 mm
    bodies, heads up to 1.8 times the body's diameter).
    """
    r, Lb = b.dim(0.011, 0.02), b.dim(0.08, 0.22)
    rh, lh = r * b.real(1.15, 1.8), b.dim(0.03, 0.06)
    lc = b.dim(0.02, 0.03)
    b.link("base", "aluminum", S.cylinder(r, Lb, (Lb / 2, 0, 0), "x"))
    head_x0 = Lb - 0.6 * lh  # where the head's sleeve starts
    head_solids = [S.tube(r + 0.0005, rh, lh, (head_x0 + lh / 2, 0, 0), "x"),
                   S.cylinder(rh - 0.0005, 0.006, (head_x0 + lh + 0.0025, 0, 0), "x")]
    mode = b.pick(("fixed", "zoom", "twist"))
    if mode == "fixed":
        b.add("base", *head_solids)
        head = "base"
    else:
        head = b.link("head", "aluminum", *head_solids)
        if mode == "zoom":
            b.prismatic(head, "base", "x", 0.0, b.dim(0.008, 0.015), point=(Lb, 0, 0))
        else:
            pitch = 0.0015 / (2 * math.pi)
            b.helical(head, "base", "x", (Lb, 0, 0), 0.0, b.real(2.0, 3.0) * 2 * math.pi, pitch)
    b.cut(head, S.cylinder(rh - 0.003, 0.008, (head_x0 + lh + 0.006, 0, 0), "x"))
    lens = b.link("lens", "glass", S.cylinder(rh - 0.0035, 0.003, (head_x0 + lh + 0.0035, 0, 0), "x"))
    b.fixed(lens, head)
    cap = b.link("tail_cap", "aluminum", S.tube(r + 0.0005, r + 0.003, lc, (-0.3 * lc + lc / 2, 0, 0), "x"),
                 S.cylinder(r + 0.0025, 0.0045, (-0.3 * lc - 0.00175, 0, 0), "x"))
    b.helical(cap, "base", (-1, 0, 0), (0, 0, 0), 0.0, b.real(3.0, 5.0) * 2 * math.pi,
              0.001 / (2 * math.pi))
    if b.chance(0.5):
        b.cut(cap, S.cylinder(0.0065, 0.006, (-0.3 * lc - 0.004, 0, 0), "x"))
        P.button(b, "tail_switch", cap, (-0.3 * lc - 0.004, 0, 0), (-1, 0, 0), 0.012, 0.002, round_=True)
        switch = "tail"
    else:
        P.button(b, "side_switch", "base", (head_x0 - 0.015, r, 0), "y", 0.01, 0.0015, round_=True)
        switch = "side"
    clip_x0 = 0.7 * lc + 0.005
    clip_l = min(0.05, 0.6 * (head_x0 - clip_x0))
    if clip_l > 0.02 and b.chance(0.6):
        clip = b.link("clip", "metal", S.box((clip_l, 0.008, 0.0015), (clip_x0 + clip_l / 2, 0, r + 0.0035)),
                      S.box((0.006, 0.008, 0.004), (clip_x0 + 0.003, 0, r + 0.0022)))
        b.revolute(clip, "base", (0, -1, 0), (clip_x0, 0, r + 0.0035), 0.0, 0.2)
    return f"flashlight with a {mode} head and a {switch} switch"


@kind("track_light", "lighting")
def track_light(b: Builder) -> str:
    """Track light: a ceiling track with 2-5 spotlights, each an adapter sliding along
    the track (prismatic) within its own stretch, a yoke turning under it (continuous) and
    a can tilting in the yoke (revolute) with a glass lens.

    Sizes from the typical retail range of single-circuit track systems (tracks 0.6-2.4 m,
    heads 50-90 mm across and 80-150 mm long).
    """
    Lt = b.dim(0.6, 2.0)
    n = b.count(2, max(2, min(5, int(Lt / 0.22))))
    rc, lc = b.dim(0.025, 0.045), b.dim(0.08, 0.15)
    b.link("base", "aluminum", S.box((0.034, Lt, 0.02), (0, 0, 0.0)),
           S.box((0.05, 0.08, 0.03), (0, Lt / 2 + 0.04, 0.005)))
    b.cut("base", S.box((0.012, Lt + 0.002, 0.008), (0, 0, -0.007)))
    seg = Lt / n
    reach = math.hypot(lc / 2, rc)  # the can's farthest point from its pivot
    drop = reach + 0.012  # the tilt axis below the yoke's bridge
    footprint = max(rc + 0.011, 0.029)
    # each head slides within its own stretch, and at most 2.5 times its size
    size = math.hypot(0.061 + drop + lc / 2, 2 * rc + 0.016)
    slide = max(0.0, min(seg / 2 - footprint - 0.006, 1.25 * size))
    for k in range(n):
        y = -Lt / 2 + seg * (k + 0.5)
        adapter = b.link(f"adapter_{k}", "plastic", S.box((0.026, 0.05, 0.02), (0, y, -0.021)),
                         S.box((0.01, 0.03, 0.008), (0, y, -0.007)))
        if slide > 0.01:
            b.prismatic(adapter, "base", "y", -slide, slide, point=(0, y, -0.011))
        else:
            b.fixed(adapter, "base", (0, y, -0.011))
        zy = -0.031 - 0.03  # the yoke's bridge
        zp = zy - drop  # the tilt axis
        half = rc + 0.006
        yoke = b.link(f"yoke_{k}", "metal", S.cylinder(0.007, 0.031, (0, y, -0.031 - 0.0155 + 0.0005)),
                      S.box((0.012, 2 * half + 0.004, 0.006), (0, y, zy)),
                      *[S.box((0.012, 0.004, drop + 0.003), (0, y + s * (half + 0.002), zy - drop / 2)) for s in (-1, 1)])
        b.continuous(yoke, adapter, "z", (0, y, -0.031))
        can = b.link(f"can_{k}", "metal", S.tube(rc - 0.002, rc, lc, (0, y, zp), "z"),
                     S.cylinder(rc - 0.0005, 0.004, (0, y, zp + lc / 2 - 0.0025)),
                     S.cylinder(0.006, 2 * half + 0.002, (0, y, zp), "y", sections=8))
        lens = b.link(f"lens_{k}", "glass", S.cylinder(rc - 0.0025, 0.003, (0, y, zp - lc / 2 + 0.006)))
        b.fixed(lens, can)
        b.revolute(can, yoke, "y", (0, y, zp), -1.5, 1.5)
    return f"track light with {n} spotlights"
