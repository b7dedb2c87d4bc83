"""Lighting: articulated desk lamps (chains of revolutes), floor lamps, wall lamps, table lamps."""

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
