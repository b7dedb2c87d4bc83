"""Entrances: sliding barn doors, Dutch (stable) doors, pet doors, bifold doors, tripod
turnstiles, boom barriers, floor hatches and saloon doors (the outside or the room
toward +X, width along Y)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import meshing
from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _jambs(b: Builder, w: float, h: float, depth: float, bar: float) -> None:
    """The ``base`` link: two jambs and a head around an opening ``w`` x ``h`` (wood)."""
    b.link("base", "wood", S.box((depth, bar, h + bar), (0, -w / 2 - bar / 2, (h + bar) / 2)),
           S.box((depth, bar, h + bar), (0, w / 2 + bar / 2, (h + bar) / 2)),
           S.box((depth, w, bar), (0, 0, h + bar / 2)))


@kind("sliding_door", "doors_windows")
def sliding_door(b: Builder) -> str:
    """Sliding barn door: one leaf or a bi-parting pair hanging from a wall-mounted track by
    two rollers each (continuous) and sliding aside along the wall (prismatic) to uncover
    an opening in the wall; plain, Z-braced or panelled leaves with a bar pull.

    Sizes: openings 0.7-1.0 m wide and 1.95-2.2 m high, leaves 35-45 mm thick overlapping
    the opening by 5 cm a side, rollers 80-100 mm across on a flat-bar rail (typical retail
    range of sliding barn-door kits, rails 1.5-2.4 m).
    """
    wo, ho = b.dim(0.7, 1.0), b.dim(1.95, 2.2)
    lt, pair = b.dim(0.035, 0.045), b.chance(0.35)
    lw = (wo / 2 + 0.05 - 0.003) if pair else wo + 0.1
    reach = wo / 2 + 0.05 + (wo / 2 + 0.05 if pair else lw) + 0.15
    hw = ho + b.dim(0.35, 0.5)
    b.link("base", "wood", S.box((0.1, 2 * reach, hw), (-0.05, 0, hw / 2)))
    b.cut("base", S.box((0.2, wo, ho), (-0.05, 0, ho / 2)))
    xr, zr = 0.008 + lt / 2, ho + 0.11
    b.add("base", S.box((0.008, 2 * reach - 0.1, 0.04), (xr, 0, zr)))
    for y in np.linspace(-reach + 0.1, reach - 0.1, 5):
        b.add("base", S.box((xr - 0.004, 0.03, 0.03), ((xr - 0.004) / 2, float(y), zr)))
    style = b.pick(("plain", "braced", "panelled"))
    rw = b.dim(0.04, 0.05)
    leaves = (("leaf_0", -0.003 - lw, -0.003, -1), ("leaf_1", 0.003, 0.003 + lw, 1)) if pair else \
        (("leaf", -lw / 2, lw / 2, 1),)
    for name, y0, y1, sign in leaves:
        _barn_leaf(b, name, y0, y1, ho + 0.05, lt, style)
        for k, y in enumerate((y0 + 0.12, y1 - 0.12)):
            b.add(name, S.box((0.006, 0.04, zr + 0.02 - (ho - 0.1)), (0.008 + lt + 0.003, y, (zr + 0.02 + ho - 0.1) / 2)),
                  S.rod((xr - 0.012, y, zr + 0.022 + rw), (0.008 + lt + 0.006, y, zr + 0.022 + rw), 0.006))
            P.wheel(b, f"{name}_roller_{k}", name, (xr, y, zr + 0.022 + rw), "x", rw, 0.02, material="metal")
        yp = y0 + 0.08 if sign > 0 else y1 - 0.08
        P.attach_handle(b, name, (0.008 + lt, yp, 1.0), length=0.3, vertical=True, style="bar")
        b.prismatic(name, "base", (0, sign, 0), 0.0, (lw if not pair else wo / 2 + 0.02) - 0.02)
    return f"{style} {'bi-parting ' if pair else ''}sliding barn door"


def _barn_leaf(b: Builder, name: str, y0: float, y1: float, top: float, t: float,
               style: str) -> None:
    """A barn-door leaf ``y0..y1`` x ``0.01..top`` in front of the wall (``x = 0.008``)."""
    x0, yc, h = 0.008, (y0 + y1) / 2, top - 0.01
    b.link(name, "wood", S.box((t, y1 - y0, h), (x0 + t / 2, yc, 0.01 + h / 2)))
    xf = x0 + t + 0.006
    if style == "braced":
        for z in (0.15, top - 0.14, 0.01 + h / 2):
            b.add(name, S.box((0.012, y1 - y0 - 0.02, 0.12), (xf, yc, z)))
        for z0, z1 in ((0.2, 0.01 + h / 2 - 0.05), (0.01 + h / 2 + 0.05, top - 0.19)):
            b.add(name, S.bar((xf, y0 + 0.06, z0), (xf, y1 - 0.06, z1), 0.012, 0.1))
    elif style == "panelled":
        for z0, z1 in ((0.12, 0.01 + h * 0.45), (0.01 + h * 0.55, top - 0.12)):
            b.add(name, S.box((0.008, y1 - y0 - 0.2, z1 - z0), (x0 + t + 0.004, yc, (z0 + z1) / 2)))


@kind("dutch_door", "doors_windows")
def dutch_door(b: Builder) -> str:
    """Dutch (stable) door: a leaf split across its height into an upper and a lower leaf
    hinged on the same jamb, each opening on its own (revolute), each with a knob
    (revolute); the upper leaf glazed on some, a shelf on the lower leaf's top and a
    letter-plate flap (revolute) on some.

    Sizes: leaves 0.76-0.95 m wide and 1.98-2.13 m high in all, 35-45 mm thick, split at
    45-52% of the height (typical retail range of exterior Dutch doors, US 30-36 in x
    80-84 in); knobs about 0.9-1.0 m up (2010 ADA Standards 404.2.7: 34-48 in).
    """
    w, h, t = b.dim(0.76, 0.95), b.dim(1.98, 2.13), b.dim(0.035, 0.045)
    depth, bar = b.dim(0.1, 0.14), b.dim(0.04, 0.06)
    _jambs(b, w, h, depth, bar)
    zm = round(h * b.real(0.45, 0.52), 3)
    hinge = b.pick(("left", "right"))
    glass = b.chance(0.4)
    x0 = -t / 2
    for name, z0, z1 in (("lower_leaf", 0.01, zm), ("upper_leaf", zm, h)):
        P.door(b, name, "base", x_face=x0, y0=-w / 2, y1=w / 2, z0=z0, z1=z1, t=t, hinge=hinge,
               material="wood", max_angle=b.real(1.5, 1.8), handle=None,
               glass=glass and name == "upper_leaf")
    side = 1.0 if hinge == "left" else -1.0  # from the hinge toward the free edge
    yk = side * (w / 2 - 0.07)
    P.knob(b, "lower_knob", "lower_leaf", (x0 + t, yk, zm - 0.1), "x", 0.027, 0.055, limits=(0.0, 1.2))
    P.knob(b, "upper_knob", "upper_leaf", (x0 + t, yk, zm + 0.035), "x", 0.027, 0.055, limits=(0.0, 1.2))
    extras = []
    if b.chance(0.5):
        # the shelf keeps 20 cm off the hinge edge: it clears the jamb as the leaf swings
        ya, yb = -side * (w / 2 - 0.2), side * (w / 2 - 0.14)
        b.add("lower_leaf", S.box((0.12, abs(yb - ya), 0.025), (x0 + t + 0.055, (ya + yb) / 2, zm - 0.0145)))
        extras.append("a shelf")
    if b.chance(0.35):
        b.cut("lower_leaf", S.box((0.1, 0.26, 0.04), (x0, 0, zm * 0.6)))
        P.door(b, "letter_flap", "lower_leaf", x_face=x0 + t, y0=-0.15, y1=0.15, z0=zm * 0.6 - 0.035,
               z1=zm * 0.6 + 0.035, t=0.003, hinge="top", material="metal", max_angle=1.2, handle=None)
        extras.append("a letter plate")
    return ("Dutch door" + (" with a glazed upper leaf" if glass else "")
            + (f" and {' and '.join(extras)}" if extras else ""))


@kind("pet_door", "doors_windows")
def pet_door(b: Builder) -> str:
    """Pet door (cat or dog flap) in a patch of door panel: framed tunnel with a flap
    hanging from a pin at its top and swinging both ways (revolute), locked by a four-way
    dial (revolute) or a closing panel sliding down over the inside (prismatic) on some.

    Sizes: openings 0.14-0.32 m wide and 1.0-1.4 times as tall (typical retail range of cat
    flaps, about 14-20 cm, to medium dog doors, about 0.3 x 0.4 m), frames 30-50 mm wide,
    doors 35-45 mm thick.
    """
    ow = b.dim(0.14, 0.32)
    oh = round(ow * b.real(1.0, 1.4), 3)
    fw, pt, zb = b.dim(0.03, 0.05), b.dim(0.035, 0.045), b.dim(0.1, 0.15)
    lock = b.pick(("none", "dial", "cover"))
    ztop = zb + oh
    pw = ow + 2 * fw + b.dim(0.1, 0.3)
    ph = ztop + fw + b.dim(0.1, 0.3) + (oh + 0.04 if lock == "cover" else 0.0)
    b.link("base", "wood", S.box((pt, pw, ph), (0, 0, ph / 2)))
    b.cut("base", S.box((0.2, ow, oh), (0, 0, zb + oh / 2)))
    frame = b.link("frame", "plastic", *[S.box((0.012, ow + 2 * fw, oh + 2 * fw), (sx * (pt / 2 + 0.006), 0, zb + oh / 2))
                                         for sx in (-1, 1)])
    b.cut(frame, S.box((0.2, ow, oh), (0, 0, zb + oh / 2)))
    b.fixed(frame, "base")
    pivot = ztop - 0.006
    flap = b.link("flap", "plastic", S.box((0.004, ow - 0.008, oh - 0.012), (0, 0, pivot - 0.002 - (oh - 0.012) / 2)),
                  S.cylinder(0.003, ow - 0.004, (0, 0, pivot), "y", sections=8))
    b.revolute(flap, "base", (0, 1, 0), (0, 0, pivot), -b.real(1.1, 1.3), b.real(1.1, 1.3))
    xi = -pt / 2 - 0.012
    if lock == "dial":
        P.knob(b, "lock_dial", "base", (xi, 0, ztop + fw / 2), (-1, 0, 0), 0.012, 0.01, limits=(0.0, 1.5 * math.pi))
        return "pet door with a four-way lock dial"
    if lock == "cover":
        z0 = ztop + fw + 0.005
        for sy in (-1, 1):
            b.add("base", S.box((0.012, 0.012, z0 + oh + 0.02 - zb + fw), (xi - 0.006, sy * (ow / 2 + fw - 0.004), (zb - fw + z0 + oh + 0.02) / 2)))
        cover = b.link("cover", "plastic", S.box((0.004, ow + 2 * fw - 0.032, oh + 0.02), (xi - 0.005, 0, z0 + (oh + 0.02) / 2)))
        b.prismatic(cover, "base", (0, 0, -1), 0.0, z0 - zb + 0.01)
        return "pet door with a closing panel"
    return "pet door"


@kind("bifold_door", "doors_windows")
def bifold_door(b: Builder) -> str:
    """Bifold (folding) closet door: one or two pairs of panels in a frame, the outer panel
    of each pair hinged on the jamb (revolute) and the inner one hinged to it (revolute),
    folding out into the room; flat or panelled faces, a knob near the lead edge.

    Sizes: openings 0.6-1.8 m wide (one pair up to 0.9 m, two pairs above) and 2.0-2.1 m
    high, panels 28-35 mm thick (typical retail range of bifold closet doors, 24-72 in x
    80-82 in, 12-18 in panels).
    """
    w, h, t = b.dim(0.6, 1.8), b.dim(2.0, 2.1), b.dim(0.028, 0.035)
    depth, bar = b.dim(0.08, 0.12), b.dim(0.03, 0.05)
    _jambs(b, w, h, depth, bar)
    pairs = 1 if w < 0.9 else 2
    panelled = b.chance(0.5)
    span = w / pairs
    a = (span - 0.002 - 0.004 - (0.003 if pairs == 2 else 0.002)) / 2
    opens, fold = b.real(1.4, 1.6), b.real(2.4, 2.6)
    zc, hp = (0.01 + h - 0.002) / 2, h - 0.012
    sides = (("left", -1),) if pairs == 1 else (("left", -1), ("right", 1))
    for side, s in sides:
        j = -s  # +1: the jamb is at -Y and panels run toward +Y
        yj = s * w / 2 - s * 0.002  # hinge line on the jamb side
        ya, yh = yj + j * a, yj + j * (a + 0.002)  # end of the outer panel, the fold line
        outer, inner = f"{side}_outer", f"{side}_inner"
        _panel(b, outer, yj, ya, zc, hp, t, panelled)
        b.revolute(outer, "base", (0, 0, -j), (t / 2, yj, zc), 0.0, opens)
        _panel(b, inner, yh + j * 0.002, yh + j * (0.002 + a), zc, hp, t, panelled)
        b.revolute(inner, outer, (0, 0, -j), (t / 2, yh, zc), 0.0, fold)
        P.attach_handle(b, inner, (t / 2, yh + j * (a - 0.06), 1.0), length=0.04, vertical=True, style="knob")
    return f"{2 * pairs}-panel {'panelled ' if panelled else ''}bifold door"


def _panel(b: Builder, name: str, y0: float, y1: float, zc: float, hp: float, t: float,
           panelled: bool) -> None:
    """A bifold panel between ``y0`` and ``y1`` (either order), ``hp`` tall about ``zc``."""
    lo, hi = min(y0, y1), max(y0, y1)
    b.link(name, "wood", S.box((t, hi - lo, hp), (0, (lo + hi) / 2, zc)))
    if panelled:
        for zz in (zc - hp * 0.24, zc + hp * 0.24):
            b.add(name, S.box((0.006, hi - lo - 0.1, hp * 0.4), (t / 2 + 0.002, (lo + hi) / 2, zz)))


@kind("turnstile", "doors_windows")
def turnstile(b: Builder) -> str:
    """Tripod turnstile: a steel cabinet whose inclined head carries a rotor of three arms
    turning freely (continuous) about an axis tilted 45 degrees toward the lane, so one arm
    at a time bars the lane; a second rotor for a second lane and a service lid (revolute)
    on some.

    Sizes: cabinets 0.95-1.05 m tall, 0.22-0.3 m wide and 0.5-1.0 m long, arms 0.48-0.52 m
    (manufacturers' published ranges of tripod turnstiles, e.g. Boon Edam Trilock,
    Gunnebo tripods: lanes about 0.5-0.6 m).
    """
    ln, w, h = b.dim(0.5, 1.0), b.dim(0.22, 0.3), b.dim(0.95, 1.05)
    arm, ra = b.dim(0.48, 0.52), 0.019
    lid = b.chance(0.5)
    P.shell(b, "base", "metal", (ln, w, h), (0, 0, h / 2), 0.0015, open_face=None)
    if lid:
        b.cut("base", S.box((ln / 2 - 0.1, w - 0.03, 0.01), ((ln / 2 + 0.08) / 2 - 0.005, 0, h)))
        top = b.link("lid", "metal", S.box((ln / 2 - 0.09, w - 0.02, 0.004), ((ln / 2 + 0.08) / 2 - 0.005, 0, h + 0.002)))
        b.revolute(top, "base", (1, 0, 0), (0, -w / 2 + 0.01, h), 0.0, 1.6)
    b.add("base", S.box((0.16, w * 0.6, 0.01), (-ln / 2 + 0.1, 0, h + 0.005)))
    lanes = (1, -1) if b.chance(0.35) else (1,)
    for k, sy in enumerate(lanes):
        _tripod(b, f"rotor_{k}", sy, w, h, arm, ra)
    return f"tripod turnstile with {len(lanes)} rotor{'s' if len(lanes) > 1 else ''}"


def _tripod(b: Builder, name: str, sy: int, w: float, h: float, arm: float, ra: float) -> None:
    """A three-arm rotor on the ``sy`` (+-1) side of the cabinet: its axis points down and
    out at 45 degrees, each arm at 45 degrees to it (one arm level across the lane)."""
    axis = np.array([0.0, sy * math.sqrt(0.5), -math.sqrt(0.5)])
    hub = np.array([0.0, sy * (w / 2 + 0.04), h - 0.02])
    head = b.link(f"{name}_head", "metal", S.cylinder(0.05, 0.12, hub - axis * 0.063, axis, sections=12))
    b.fixed(head, "base")  # its own link: the cabinet's hollow does not carve it
    parts = [S.cylinder(0.045, 0.04, hub + axis * 0.02, axis, sections=12)]
    root = hub + axis * 0.02
    level = np.array([0.0, float(sy), 0.0])
    for k in range(3):
        d = meshing.matmul3(S.rotation(axis, 2 * math.pi * k / 3), level)
        parts.append(S.rod(root, root + arm * d, ra))
    b.link(name, "metal", *parts)
    b.continuous(name, "base", axis, hub)


@kind("boom_barrier", "doors_windows")
def boom_barrier(b: Builder) -> str:
    """Boom barrier (parking gate): a steel cabinet and a hollow boom with a counterweight
    tail swinging up on a hub (revolute, level .. upright); some booms fold in the middle
    (revolute), some carry a hanging skirt, rest on a fork post at the far end, or have a
    service door in the cabinet (revolute).

    Sizes: booms 2.5-6 m long, 60-90 mm x 80-120 mm, 0.85-1.0 m above the road; cabinets
    0.25-0.35 x 0.3-0.4 m and 0.9-1.1 m tall (manufacturers' published ranges of car-park
    barriers, e.g. FAAC B680H and CAME GARD series).
    """
    d, w, h = b.dim(0.25, 0.35), b.dim(0.3, 0.4), b.dim(0.9, 1.1)
    lb, bt, bh = b.dim(2.5, 6.0), b.dim(0.06, 0.09), b.dim(0.08, 0.12)
    zb = h - 0.1
    P.shell(b, "base", "metal", (d, w, h), (0, 0, h / 2), 0.002, open_face=None)
    b.add("base", S.cylinder(0.03, 0.009, (d / 2 + 0.0025, 0, zb), "x", sections=16))
    xb = d / 2 + 0.015 + bt / 2
    folding = lb > 3.5 and b.chance(0.35)
    lk = round(lb * b.real(0.45, 0.55), 3) if folding else lb
    boom = b.link("boom", "aluminum", S.box((bt, lk + 0.35, bh), (xb, (lk - 0.35) / 2, zb)),
                  S.cylinder(0.06, 0.04, (d / 2 + 0.03, 0, zb), "x", sections=16))
    b.cut(boom, S.box((bt - 0.006, lk + 0.33, bh - 0.006), (xb, (lk - 0.35) / 2, zb)))
    b.add(boom, S.box((bt + 0.01, 0.3, bh + 0.04), (xb, -0.2, zb)))
    b.revolute(boom, "base", (1, 0, 0), (xb, 0, zb), 0.0, math.pi / 2)
    extras = []
    if folding:
        tip = b.link("boom_tip", "aluminum", S.box((bt, lb - lk - 0.004, bh), (xb, (lk + 0.004 + lb) / 2, zb)))
        b.cut(tip, S.box((bt - 0.006, lb - lk - 0.024, bh - 0.006), (xb, (lk + 0.004 + lb) / 2, zb)))
        b.revolute(tip, boom, (1, 0, 0), (xb, lk + 0.002, zb + bh / 2), 0.0, math.pi / 2)
        extras.append("folding")
    if b.chance(0.35):
        skirt = b.link("skirt", "aluminum", S.box((0.01, lk - 1.0, 0.015), (xb, 0.5 + (lk - 1.0) / 2, zb - bh / 2 - 0.38)),
                       *[S.box((0.008, 0.01, 0.38), (xb, float(y), zb - bh / 2 - 0.19))
                         for y in np.linspace(0.5, lk - 0.5, max(3, int((lk - 1.0) / 0.25)))])
        b.fixed(skirt, boom)
        extras.append("skirted")
    if b.chance(0.5):
        yr = lb - 0.3
        b.add("base", S.box((0.08, 0.08, zb - bh / 2 - 0.05), (xb, yr, (zb - bh / 2 - 0.05) / 2)),
              *[S.box((0.01, 0.04, 0.1), (xb + sx * (bt / 2 + 0.01), yr, zb - bh / 2 - 0.0)) for sx in (-1, 1)],
              S.box((bt + 0.03, 0.04, 0.01), (xb, yr, zb - bh / 2 - 0.05)))
        extras.append("with a boom rest")
    if b.chance(0.4):
        P.door(b, "service_door", "base", x_face=d / 2, y0=-w / 2 + 0.03, y1=w / 2 - 0.03,
               z0=0.08, z1=zb - bh / 2 - 0.1, t=0.004, hinge=b.pick(("left", "right")), material="metal",
               max_angle=1.6, handle=None)
    return f"{' '.join(extras[:2]) + ' ' if extras else ''}boom barrier"


@kind("hatch", "doors_windows")
def hatch(b: Builder) -> str:
    """Floor access hatch: one or two diamond-plate leaves lying flush in a framed opening
    in a patch of floor, each hinged on its outer edge and lifting past upright
    (revolute), each with a drop handle lying flat in it (revolute); a lock (revolute) on
    some.

    Sizes: single leaves 0.6-1.2 m square, double-leaf openings up to 1.8 m long, 6 mm
    plate on a 25 mm frame ledge (typical range of floor access doors, 24-48 in single,
    up to 72 in double leaf).
    """
    double = b.chance(0.4)
    a = b.dim(1.0, 1.8) if double else b.dim(0.6, 1.2)
    w, t = b.dim(0.6, 1.2), 0.006
    margin, slab = b.dim(0.15, 0.3), 0.06
    b.link("base", "wood", S.box((a + 2 * margin, w + 2 * margin, slab), (0, 0, -slab / 2)))
    b.cut("base", S.box((a, w, 2 * slab), (0, 0, 0)))
    frame = b.link("frame", "metal", *[S.box((0.025, w, 0.006), (sx * (a / 2 - 0.0125), 0, -t - 0.005)) for sx in (-1, 1)],
                   *[S.box((a, 0.025, 0.006), (0, sy * (w / 2 - 0.0125), -t - 0.005)) for sy in (-1, 1)])
    b.fixed(frame, "base")
    leaves = (("leaf_0", -a / 2, 0.0, 1), ("leaf_1", 0.0, a / 2, -1)) if double else \
        ((("leaf", -a / 2, a / 2, 1) if b.chance(0.5) else ("leaf", -a / 2, a / 2, -1)),)
    for name, x0, x1, s in leaves:
        x0, x1 = x0 + 0.003, x1 - 0.003
        b.link(name, "aluminum", S.box((x1 - x0, w - 0.006, t), ((x0 + x1) / 2, 0, -t / 2)))
        xh = x0 if s > 0 else x1  # the hinge edge; the leaf lifts its other edge
        b.revolute(name, "base", (0, -s, 0), (xh, 0, 0), 0.0, b.real(1.65, 1.85))
        xg = x1 - 0.12 if s > 0 else x0 + 0.12
        grip = b.link(f"{name}_handle", "metal", S.box((0.012, 0.12, 0.008), (xg, 0, 0.005)),
                      S.cylinder(0.004, 0.14, (xg - s * 0.006, 0, 0.005), "y", sections=8))
        b.revolute(grip, name, (0, -s, 0), (xg - s * 0.006, 0, 0.005), 0.0, 1.4)
    if b.chance(0.35):
        name, x0, x1, s = leaves[0]
        P.knob(b, "lock", name, ((x0 + x1) / 2, w / 2 - 0.08, 0.0), "z", 0.015, 0.008, limits=(0.0, math.pi / 2))
        return f"{'double' if double else 'single'}-leaf floor hatch with a lock"
    return f"{'double' if double else 'single'}-leaf floor hatch"


@kind("saloon_door", "doors_windows")
def saloon_door(b: Builder) -> str:
    """Saloon (cafe) doors: two half-height leaves hung mid-height in a door frame on
    double-acting hinges at their mid-thickness, each swinging both ways (revolute); flat,
    panelled or louvred-look faces.

    Sizes: openings 0.6-1.0 m wide and 2.0-2.1 m high, leaves 0.9-1.2 m tall with their
    bottoms 0.3-0.5 m above the floor, 20-30 mm thick (typical retail range of cafe doors
    for 24-36 in openings, 36-48 in tall).
    """
    w, h = b.dim(0.6, 1.0), b.dim(2.0, 2.1)
    depth, bar = b.dim(0.08, 0.12), b.dim(0.03, 0.05)
    _jambs(b, w, h, depth, bar)
    t, lh, z0 = b.dim(0.02, 0.03), b.dim(0.9, 1.2), b.dim(0.3, 0.5)
    face = b.pick(("flat", "panelled", "slatted"))
    gap = t / 2 + 0.005
    swing = b.real(1.3, 1.55)
    for k, s in enumerate((-1, 1)):
        ya, yb = s * (w / 2 - gap), s * 0.003
        lo, hi = min(ya, yb), max(ya, yb)
        leaf = b.link(f"leaf_{k}", "wood", S.box((t, hi - lo, lh), (0, (lo + hi) / 2, z0 + lh / 2)),
                      S.cylinder(0.008, lh * 0.9, (0, ya, z0 + lh / 2), sections=12))
        if face == "panelled":
            for sx in (-1, 1):
                b.add(leaf, S.box((0.008, hi - lo - 0.1, lh * 0.6), (sx * t / 2, (lo + hi) / 2, z0 + lh * 0.45)))
        elif face == "slatted":
            for j in range(int(lh * 0.6 / 0.05)):
                for sx in (-1, 1):
                    b.add(leaf, S.box((0.006, hi - lo - 0.08, 0.025), (sx * t / 2, (lo + hi) / 2, z0 + 0.15 + j * 0.05)))
        b.revolute(leaf, "base", "z", (0, ya, z0 + lh / 2), -swing, swing)
    return f"{face} saloon doors"
