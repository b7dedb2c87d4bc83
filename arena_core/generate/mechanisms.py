"""Mechanisms: robot arms, valves (helical rising stems), gear trains, mobile cranes (the rest
in :mod:`arena_core.generate.mechanisms_b`)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _direction(pitch: float) -> np.ndarray:
    """Unit vector in the XZ plane, ``pitch`` rad above +X."""
    return np.array([math.cos(pitch), 0.0, math.sin(pitch)])


@kind("robot_arm", "mechanisms")
def robot_arm(b: Builder) -> str:
    """Serial arm: waist, shoulder, elbow, wrist pitch (revolutes), wrist roll about the
    forearm axis, and a two-finger gripper (two prismatics): 5 to 8 joints.

    Tabletop and collaborative arms reach 45-85 cm (upper arm 25-45 cm, forearm 20-40 cm;
    Universal Robots UR3e 500 mm, UR5e 850 mm; Franka Panda 855 mm) from a base 12-25 cm tall;
    the waist turns 180 degrees either way (or freely), the elbow folds at most 150 degrees, the
    wrist pitches 100 degrees either way and rolls freely, and each gripper finger travels 15-40
    mm (Robotiq 2F-85: 85 mm stroke in all).
    """
    l1, l2 = b.dim(0.25, 0.45), b.dim(0.2, 0.4)
    h0 = b.dim(0.12, 0.25)
    b.link("base", "metal", S.cylinder(0.1, h0, (0, 0, h0 / 2)))
    waist = b.link("waist", "aluminum", S.cylinder(0.07, 0.08, (0, 0, h0 + 0.04)))
    if b.chance(0.3):
        b.continuous(waist, "base", "z", (0, 0, h0))
    else:
        b.revolute(waist, "base", "z", (0, 0, h0), -math.pi, math.pi)
    shoulder = np.array([0, 0, h0 + 0.08])
    a1 = b.real(0.6, 1.3)
    elbow = shoulder + l1 * _direction(a1)
    # The shoulder and the elbow stop before the arm (or the wrist and gripper beyond it)
    # comes within 5 mm of the base, the waist or the floor, or the wrist within 5 mm of the
    # upper arm; the elbow folds at most 150 degrees. An elbow bent so far at rest that the
    # gripper would reach the floor is opened until it clears it.
    reach = _ArmReach(h0, l1, l2)
    bend = b.real(1.2, 2.0)
    while bend > 0.3 and not reach.clear(a1, a1 - bend):
        bend -= 0.05
    a2 = a1 - bend
    wrist = elbow + l2 * _direction(a2)
    shoulder_limits = (reach.limit(a1, a2, -a1 - 0.3, "shoulder"),
                       reach.limit(a1, a2, math.pi / 2 - a1 + 0.5, "shoulder"))
    elbow_limits = (reach.limit(a1, a2, max(-2.4, a1 - a2 - 2.6), "elbow"),
                    reach.limit(a1, a2, 0.6, "elbow"))
    upper = b.link("upper_arm", "aluminum", S.bar(shoulder, elbow, 0.06, 0.05),
                   S.cylinder(0.045, 0.07, shoulder, "y"))
    b.revolute(upper, waist, (0, -1, 0), shoulder, *shoulder_limits)
    fore = b.link("forearm", "aluminum", S.bar(elbow, wrist, 0.05, 0.04), S.cylinder(0.035, 0.06, elbow, "y"))
    b.revolute(fore, upper, (0, -1, 0), elbow, *elbow_limits)
    n = 3
    parent, tip, axis = fore, wrist, _direction(a2)
    if b.chance(0.8):
        pitch_link = b.link("wrist_pitch", "aluminum", S.cylinder(0.03, 0.05, wrist, "y"),
                            S.bar(wrist, wrist + 0.05 * axis, 0.04, 0.04))
        b.revolute(pitch_link, fore, (0, -1, 0), wrist, -1.8, 1.8)
        parent, tip, n = pitch_link, wrist + 0.05 * axis, n + 1
    roll = b.link("wrist_roll", "aluminum", S.cylinder(0.028, 0.04, tip + 0.02 * axis, axis),
                  S.box((0.02, 0.1, 0.02), tip + 0.05 * axis, rotation=S.rotation("y", -a2)))
    if b.chance(0.5):
        b.continuous(roll, parent, axis, tip)
    else:
        b.revolute(roll, parent, axis, tip, -math.pi, math.pi)
    n += 1
    if b.chance(0.75):
        _gripper(b, roll, tip + 0.085 * axis, a2)
        n += 2
    return f"{n}-joint robot arm"


def _gripper(b: Builder, parent: str, center: np.ndarray, pitch: float) -> None:
    """Two fingers around ``center`` closing along Y (prismatic each), tilted by ``pitch``."""
    stroke = b.dim(0.015, 0.04)
    for side, sy in (("left", 1), ("right", -1)):
        finger = b.link(f"finger_{side}", "metal", S.box((0.05, 0.01, 0.015), center + (0, sy * 0.02, 0),
                                                         rotation=S.rotation("y", -pitch)))
        b.prismatic(finger, parent, (0, sy, 0), 0.0, stroke)


class _ArmReach:
    """Where a robot arm's shoulder and elbow stop (:func:`robot_arm`), in the arm's vertical
    plane: the links as segments with a half thickness, the base and waist as rectangles."""

    STEP = 0.01
    MARGIN = 0.005
    DISTAL = 0.16  # the wrist pitch link, the roll and the gripper beyond the wrist
    DISTAL_RADIUS = 0.03

    def __init__(self, h0: float, l1: float, l2: float):
        self.h0, self.l1, self.l2 = h0, l1, l2
        self.shoulder = (0.0, h0 + 0.08)
        # (x0, x1, z0, z1) of the base (and the floor under it) and of the waist
        self.base = (-0.1, 0.1, -1.0, h0)
        self.floor = (-10.0, 10.0, -1.0, 0.0)
        self.waist = (-0.07, 0.07, h0, h0 + 0.08)

    def limit(self, a1: float, a2: float, stop: float, joint: str) -> float:
        """The farthest value towards ``stop`` (rad, from 0) of the ``joint`` (``shoulder``
        or ``elbow``) that keeps the arm clear (every sample from 0 to it)."""
        sign = 1.0 if stop > 0 else -1.0
        count = int(abs(stop) / self.STEP)
        last = 0.0
        for k in range(1, count + 2):
            value = sign * min(k * self.STEP, abs(stop))
            p1, p2 = (a1 + value, a2 + value) if joint == "shoulder" else (a1, a2 + value)
            if not self.clear(p1, p2):
                return last
            last = value
        return last

    def clear(self, p1: float, p2: float) -> bool:
        """Whether the arm with the upper arm at pitch ``p1`` and the forearm at ``p2`` is clear."""
        sx, sz = self.shoulder
        ex, ez = sx + self.l1 * math.cos(p1), sz + self.l1 * math.sin(p1)
        wx, wz = ex + self.l2 * math.cos(p2), ez + self.l2 * math.sin(p2)
        tx, tz = wx + self.DISTAL * math.cos(p2), wz + self.DISTAL * math.sin(p2)
        upper = ((sx, sz), (ex, ez))
        if not self._segment_clear(upper, 0.03, (self.base, self.floor)):
            return False
        if not self._segment_clear(((ex, ez), (wx, wz)), 0.025, (self.base, self.floor, self.waist)):
            return False
        distal = ((wx, wz), (tx, tz))
        return (self._segment_clear(distal, self.DISTAL_RADIUS, (self.base, self.floor, self.waist))
                and _segments_apart(distal, upper, self.DISTAL_RADIUS + 0.03 + self.MARGIN))

    def _segment_clear(self, seg, radius: float, boxes) -> bool:
        (x0, z0), (x1, z1) = seg
        n = max(2, int(math.hypot(x1 - x0, z1 - z0) / 0.005) + 1)
        for i in range(n + 1):
            x, z = x0 + (x1 - x0) * i / n, z0 + (z1 - z0) * i / n
            for bx0, bx1, bz0, bz1 in boxes:
                dx, dz = max(bx0 - x, 0.0, x - bx1), max(bz0 - z, 0.0, z - bz1)
                if math.hypot(dx, dz) < radius + self.MARGIN:
                    return False
        return True


def _segments_apart(a, b, distance: float) -> bool:
    """Whether every sample of segment ``a`` is at least ``distance`` from segment ``b``."""
    (x0, z0), (x1, z1) = a
    (u0, v0), (u1, v1) = b
    du, dv = u1 - u0, v1 - v0
    span = du * du + dv * dv
    n = max(2, int(math.hypot(x1 - x0, z1 - z0) / 0.005) + 1)
    for i in range(n + 1):
        x, z = x0 + (x1 - x0) * i / n, z0 + (z1 - z0) * i / n
        t = min(1.0, max(0.0, ((x - u0) * du + (z - v0) * dv) / span)) if span > 0 else 0.0
        if math.hypot(x - u0 - t * du, z - v0 - t * dv) < distance:
            return False
    return True


@kind("valve", "mechanisms")
def valve(b: Builder) -> str:
    """Pipe valve: gate valve with a rising stem (handwheel helical), ball valve (quarter-turn
    lever) or butterfly valve (lever plus locking trigger).

    Pipe valves of DN 25-100 have bodies 4-12 cm across and 10-25 cm face to face (EN 558 and
    ASME B16.10 face-to-face series); a gate valve's 8-18 cm handwheel raises the stem its
    bore's height at 2.5-7.5 mm per turn, ball and butterfly valve levers are 8-20 cm long and
    turn a quarter turn, the butterfly lever's locking trigger pulling 8 mm.
    """
    r, length = b.dim(0.02, 0.06), b.dim(0.1, 0.25)
    zc = r + 0.01
    b.link("base", "metal", S.cylinder(r, length, (0, 0, zc), "y"),
           S.cylinder(r * 1.3, 0.015, (0, -length / 2 + 0.0075, zc), "y"),
           S.cylinder(r * 1.3, 0.015, (0, length / 2 - 0.0075, zc), "y"))
    style = b.pick(("gate", "ball", "butterfly"))
    top = zc + r + 0.02
    if style == "gate":
        b.add("base", S.cylinder(r * 0.8, r * 1.5, (0, 0, zc + r + 0.01)))
        pitch = b.real(0.0004, 0.0012)
        travel = r * 1.5
        wheel_r = b.dim(0.04, 0.09)
        z_wheel = top + r * 1.5
        parts = [S.rod((0, 0, top - 0.02), (0, 0, z_wheel + 0.01), 0.006),
                 S.torus(wheel_r, 0.006, (0, 0, z_wheel), "z")]
        spokes = b.count(3, 5)
        for k in range(spokes):
            ang = 2 * math.pi * k / spokes
            parts.append(S.rod((0, 0, z_wheel), (wheel_r * math.cos(ang), wheel_r * math.sin(ang), z_wheel), 0.004))
        stem = b.link("stem", "metal", *parts)
        b.helical(stem, "base", "z", (0, 0, top), 0.0, travel / pitch, pitch)
        return "gate valve with a rising stem"
    b.add("base", S.cylinder(r * 0.5, 0.03, (0, 0, top - 0.01)))
    lever_l = b.dim(0.08, 0.2)
    lever = b.link("lever", "metal", S.box((0.02, 0.02, 0.015), (0, 0, top + 0.0075)),
                   S.bar((0, 0, top + 0.012), (0, lever_l, top + 0.02), 0.02, 0.006))
    b.revolute(lever, "base", "z", (0, 0, top), 0.0, math.pi / 2)
    if style == "ball":
        return "ball valve"
    trigger = b.link("trigger", "metal", S.box((0.012, 0.03, 0.006), (0, lever_l - 0.03, top + 0.012)))
    b.prismatic(trigger, lever, (0, -1, 0), 0.0, 0.008)
    return "butterfly valve"


#: Radial gap (m) between a gear's tooth tips and the hub disc of the gear it meshes with.
GEAR_GAP = 0.003


@kind("gear_train", "mechanisms")
def gear_train(b: Builder) -> str:
    """Gear train on a plate: 3-8 meshing spur gears on their shafts (continuous), the first
    one with a crank handle.

    The gears share one circular pitch and their pitch circles touch. Each is a hub disc of
    its root radius over the whole face width with its teeth on one half of the width (the
    upper half on even gears, the lower half on odd ones), the tips 3 mm short of the pitch
    circle plus half a pitch: two meshing gears' teeth lie in different planes, each 3 mm
    from the other gear's hub, so a gear turns on its own without running into its
    neighbours (the self-collision check turns one joint at a time). Gears that do not mesh
    are kept apart by their tip circles plus 3 mm.

    Spur gears of module 2.2-3.5 mm (circular pitch 7-11 mm; ISO 54 preferred modules 2, 2.5 and
    3), pitch radii of 15-50 mm with at least 8 teeth, and face widths of 8-15 mm: the size of
    the gears in teaching kits and small gearboxes (retail range).
    """
    count = b.count(3, 8)
    width = b.dim(0.008, 0.015)
    pitch = b.real(0.007, 0.011)

    def pitch_radius(r: float) -> tuple[float, int]:
        teeth = max(8, int(round(2 * math.pi * r / pitch)))
        return teeth * pitch / (2 * math.pi), teeth

    r0, n0 = pitch_radius(b.dim(0.02, 0.05))
    centers, radii, teeth = [np.zeros(3)], [r0], [n0]
    heading = 0.0
    for _ in range(count - 1):
        r, n = pitch_radius(b.dim(0.015, 0.05))
        best = None
        for _try in range(8):
            turn = heading + b.real(-0.9, 0.9)
            c = centers[-1] + (radii[-1] + r) * np.array([math.cos(turn), math.sin(turn), 0.0])
            room = min((S.length(c - centers[i]) - (radii[i] + r + pitch + GEAR_GAP)
                        for i in range(len(centers) - 1)), default=1.0)
            if best is None or room > best[0]:
                best = (room, turn, c)
            if room > 0:
                break
        heading = best[1]
        centers.append(best[2])
        radii.append(r)
        teeth.append(n)
    pts = np.array(centers)
    lo, hi = pts.min(axis=0) - max(radii) - 0.02, pts.max(axis=0) + max(radii) + 0.02
    b.link("base", "wood", S.box((hi[0] - lo[0], hi[1] - lo[1], 0.015), ((lo + hi) / 2)[:2].tolist() + [0.0075]))
    z = 0.015 + 0.003 + width / 2
    for k, (c, r, n) in enumerate(zip(centers, radii, teeth, strict=True)):
        center = (c[0], c[1], z)
        tip = r + pitch / 2 - GEAR_GAP
        toothed = tip / (1 + math.pi / n)  # S.gear's pitch radius whose tips are at ``tip``
        half = (c[0], c[1], z + (1 if k % 2 == 0 else -1) * width / 4)
        b.add("base", S.cylinder(0.004, 0.02, (c[0], c[1], 0.02)))
        gear = b.link(f"gear_{k}", "metal", S.tube(0.0045, r - pitch / 2, width, center, "z"),
                      S.gear(toothed, width / 2, n, half, "z", bore=0.0045))
        if k == 0:
            top = z + width / 2 + 0.004
            b.add(gear, S.bar((c[0], c[1], top), (c[0] + r * 0.8, c[1], top), 0.008, 0.008),
                  S.rod((c[0] + r * 0.8, c[1], top), (c[0] + r * 0.8, c[1], top + 0.04), 0.004))
        b.continuous(gear, "base", "z", center)
    return f"gear train with {count} gears"


@kind("crane", "mechanisms")
def crane(b: Builder) -> str:
    """Mobile crane: wheels, outriggers (beam out + leg down, prismatic chains), slewing
    turret (continuous), luffing boom (revolute), 1-3 telescopic stages along the tilted
    boom (prismatic), hook line (prismatic): up to 20 joints.

    The boom and every stage but the last are tubes (3 mm walls, open at the head) and each
    stage is 12 mm narrower than the one it slides in (3 mm clear a side); the boom pivots
    between two cheeks 1 cm above the turret and the cab, and its limits and the hook's
    travel keep the hook 1 cm above the cab, the turret and the deck.

    Toy mobile cranes are 50-80 cm long and 20-28 cm wide on wheels of 8-12 cm (retail range for
    large toy cranes), with a boom of 35-55 cm and 1-3 telescopic stages each running out 80% of
    its length; like a real mobile crane's, the boom luffs from level to about 75 degrees, the
    turret slews freely and the outriggers reach out about half the width and down to the
    ground.
    """
    ln, w = b.dim(0.5, 0.8), b.dim(0.2, 0.28)
    wr = b.dim(0.04, 0.06)
    deck = 2 * wr + 0.01
    top = deck + 0.16  # the cab's and the turret's top
    b.link("base", "metal", S.box((ln, w, 0.06), (0, 0, deck + 0.03)),
           S.box((0.12, w, 0.1), (ln / 2 - 0.06, 0, deck + 0.11)))
    for sx in (-1, 1):
        for side, sy in (("l", -1), ("r", 1)):
            P.wheel(b, f"wheel_{'fb'[sx > 0]}{side}", "base", (sx * ln * 0.28, sy * (w / 2 + 0.012), wr), "y", wr, 0.025)
    if b.chance(0.7):
        _outriggers(b, ln, w, deck)
    turret_z = deck + 0.06
    turret_x = -ln * 0.15
    turret = b.link("turret", "metal", S.box((0.2, w * 0.8, 0.1), (turret_x, 0, turret_z + 0.05)))
    pivot = np.array([turret_x - 0.06, 0, top + 0.045])
    for sy in (-1, 1):
        b.add(turret, S.box((0.06, 0.01, pivot[2] + 0.02 - top), (pivot[0], sy * 0.044, (top + pivot[2] + 0.02) / 2)))
    b.continuous(turret, "base", "z", (turret_x, 0, turret_z))
    stage_l = b.dim(0.35, 0.55)
    stages = b.count(1, 3)
    reach = 0.05 * stages + stage_l
    luff = b.real(0.2, 0.6)
    while luff < 1.0 and _boom_limits(ln, w, top, pivot, luff, reach, turret_x) is None:
        luff += 0.02  # the hook hangs over the cab at rest: the boom rests higher
    axis = _direction(luff)
    sizes = [0.07 - 0.012 * k for k in range(stages + 1)]
    starts = [pivot + axis * 0.05 * k for k in range(stages + 1)]

    def tube(k: str, start, size: float, hollow: bool) -> str:
        b.link(k, "metal", S.bar(start, start + axis * stage_l, size, size))
        if hollow:
            b.cut(k, S.bar(start + axis * 0.01, start + axis * (stage_l + 0.01), size - 0.006, size - 0.006))
        return k

    boom = tube("boom", starts[0], sizes[0], True)
    b.revolute(boom, turret, (0, -1, 0), pivot, *(_boom_limits(ln, w, top, pivot, luff, reach, turret_x)
                                                  or (0.0, 0.0)))
    parent = boom
    for k in range(stages):
        stage = tube(f"boom_stage_{k}", starts[k + 1], sizes[k + 1], k < stages - 1)
        b.prismatic(stage, parent, axis, 0.0, stage_l * 0.8)
        parent = stage
    tip = starts[-1] + axis * stage_l
    hook = b.link("hook", "metal", S.rod(tip, tip - (0, 0, 0.08), 0.002, sections=6),
                  S.box((0.03, 0.03, 0.04), tip - (0, 0, 0.1)))
    below = top if -ln / 2 - 0.03 < tip[0] < ln / 2 + 0.03 else 0.0
    b.prismatic(hook, parent, (0, 0, -1), 0.0, max(0.0, min(b.dim(0.15, 0.35), tip[2] - 0.12 - below - 0.01)))
    return f"mobile crane with {stages} telescopic stages"


def _boom_limits(ln: float, w: float, top: float, pivot: np.ndarray, luff: float, reach: float,
                 turret_x: float) -> tuple[float, float] | None:
    """The crane boom's limits (rad from its rest pitch ``luff``): from level to 1.3 rad, each
    stopping where the hook (hanging ``reach`` from the pivot along the boom, 12 cm long, 2 cm
    thick) would come within 5 mm of the top of the cab or the turret; the turret slews at the
    rest pitch, so there the hook must clear them wherever it is over the carrier (``None``
    when it does not)."""
    footprint = math.hypot(ln / 2 - turret_x, w / 2)

    def clear(pitch: float, anywhere: bool) -> bool:
        tip = pivot + reach * _direction(pitch)
        down = _direction(pitch - luff - math.pi / 2)
        for i in range(13):
            p = tip + down * 0.01 * i
            over = abs(p[0] - turret_x) - 0.02 < footprint if anywhere else \
                -ln / 2 - 0.02 < p[0] < ln / 2 + 0.02
            if over and p[2] < top + 0.025:
                return False
        return True

    if not clear(luff, True):
        return None
    limits = []
    for stop in (0.0, 1.3):
        last, n = luff, int(abs(stop - luff) / 0.01)
        for k in range(1, n + 2):
            pitch = luff + (stop - luff) * min(k / max(n, 1), 1.0)
            if not clear(pitch, False):
                break
            last = pitch
        limits.append(last - luff)
    return limits[0], limits[1]


def _outriggers(b: Builder, length: float, w: float, deck: float) -> None:
    """Four outriggers at the deck's ends: a beam sliding out sideways inside the deck and a leg
    on its end, 3 mm outside the deck's side, sliding down from it to the ground."""
    for sx in (-1, 1):
        for side, sy in (("l", -1), ("r", 1)):
            x = sx * (length / 2 - 0.025)
            beam = b.link(f"outrigger_{'fb'[sx > 0]}{side}", "metal",
                          S.box((0.04, w / 2 + 0.013, 0.03), (x, sy * (w / 2 + 0.023) / 2, deck + 0.03)))
            b.prismatic(beam, "base", (0, sy, 0), 0.0, w * 0.45)
            leg = b.link(f"outrigger_leg_{'fb'[sx > 0]}{side}", "metal",
                         S.box((0.03, 0.03, 0.08), (x, sy * (w / 2 + 0.018), deck + 0.02)))
            b.prismatic(leg, beam, (0, 0, -1), 0.0, deck - 0.02)
