"""Doors and windows: hinged doors with lever handles, double doors, sliding and hung
windows, casement windows, louvered shutters, garden gates, French doors, garage doors,
revolving doors, louvre windows, roof windows. Each stands in its own frame
(the ``base`` link) with the outside toward +X."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import meshing
from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _frame(b: Builder, w: float, h: float, depth: float, bar: float, *, sill: float = 0.0,
           material: str = "wood") -> None:
    """The ``base`` link: a rectangular frame around the opening ``w`` x ``h`` above ``sill``."""
    b.link("base", material,
           S.box((depth, bar, h + 2 * bar), (0, -w / 2 - bar / 2, sill + h / 2)),
           S.box((depth, bar, h + 2 * bar), (0, w / 2 + bar / 2, sill + h / 2)),
           S.box((depth, w + 2 * bar, bar), (0, 0, sill + h + bar / 2)))
    if sill > 0.0:
        b.add("base", S.box((depth, w + 2 * bar, bar), (0, 0, sill - bar / 2)))


def _lever(b: Builder, name: str, parent: str, at, length: float, side: float) -> str:
    """A lever handle on a rose whose arm points toward ``side`` (+-1 along Y); it turns
    down by up to ~45 degrees."""
    x, y, z = at
    lever = b.link(name, "metal", S.cylinder(0.025, 0.012, (x + 0.006, y, z), "x"),
                   S.rod((x + 0.012, y, z), (x + 0.05, y, z), 0.008),
                   S.rod((x + 0.05, y, z), (x + 0.05, y + side * length, z), 0.009))
    b.revolute(lever, parent, (-side, 0, 0), (x, y, z), 0.0, b.real(0.6, 0.8))
    return lever


@kind("door", "doors_windows")
def door(b: Builder) -> str:
    """Interior door in its frame: a hinged leaf (maybe glazed) with a lever handle.

    Interior door leaves are 70-100 cm wide, 195-220 cm tall and 35-50 mm thick (DIN 18101:
    leaves of 61-111 cm by 186-211 cm for 2.0-2.125 m openings; US stock doors 80 in / 203 cm
    tall, 24-36 in wide, 1 3/8 in thick; ICC A117.1/ADA: at least 32 in / 815 mm clear width),
    in frames 10-16 cm deep; the leaf opens 85-110 degrees, the lever handle sits about 1.0 m up
    (ADA/ICC A117.1 operable parts 865-1220 mm; DIN 18101: 1.05 m) and turns down 35-45 degrees.
    """
    w, h, t = b.dim(0.7, 1.0), b.dim(1.95, 2.2), b.dim(0.035, 0.05)
    depth, bar = b.dim(0.1, 0.16), b.dim(0.04, 0.07)
    _frame(b, w, h, depth, bar)
    hinge = b.pick(("left", "right"))
    x_face = -t / 2
    P.door(b, "leaf", "base", x_face=x_face, y0=-w / 2, y1=w / 2, z0=0.01, z1=h, t=t,
           hinge=hinge, material="wood", max_angle=b.real(1.5, 1.9), handle=None,
           glass=b.chance(0.3))
    side = 1.0 if hinge == "left" else -1.0
    y_handle = side * (w / 2 - 0.07)
    _lever(b, "lever", "leaf", (x_face + t, y_handle, 1.0), 0.11, -side)
    if b.chance(0.4):
        P.knob(b, "thumb_turn", "leaf", (x_face + t, y_handle, 1.15), "x", 0.012, 0.015,
               limits=(0.0, 1.57))
        return "hinged door with a lever handle and a lock"
    return "hinged door with a lever handle"


@kind("sliding_window", "doors_windows")
def sliding_window(b: Builder) -> str:
    """Sliding window: two glazed sashes on parallel tracks, sliding sideways or up (hung).

    Sliding and double-hung windows are 60-160 cm wide and 60-140 cm tall in frames 8-14 cm
    deep, the sill 0-90 cm above the frame's foot (retail range; stock US window sizes 2-6 ft
    wide and 2-5 ft tall); each sash slides about half the opening.
    """
    w, h = b.dim(0.6, 1.6), b.dim(0.6, 1.4)
    sill, depth, bar = b.dim(0.0, 0.9), b.dim(0.08, 0.14), b.dim(0.04, 0.06)
    _frame(b, w, h, depth, bar, sill=sill, material=b.pick(("wood", "aluminum", "plastic")))
    hung = b.chance(0.4)
    st = depth * 0.35
    for k, x in enumerate((depth * 0.2, -depth * 0.2)):
        if hung:
            y0, y1, z0, z1 = -w / 2, w / 2, sill + k * h / 2, sill + (k + 1) * h / 2 + 0.02
        else:
            y0, y1, z0, z1 = -w / 2 + k * w / 2, -w / 2 + (k + 1) * w / 2 + 0.02, sill, sill + h
        sash = b.link(f"sash_{k}", "aluminum",
                      *[S.box((st, y1 - y0, 0.03), (x, (y0 + y1) / 2, z)) for z in (z0 + 0.015, z1 - 0.015)],
                      *[S.box((st, 0.03, z1 - z0), (x, y, (z0 + z1) / 2)) for y in (y0 + 0.015, y1 - 0.015)])
        pane = b.link(f"pane_{k}", "glass", S.box((0.006, y1 - y0 - 0.05, z1 - z0 - 0.05),
                                                   (x, (y0 + y1) / 2, (z0 + z1) / 2)))
        b.fixed(pane, sash)
        travel = (h if hung else w) / 2 - 0.05
        direction = ((0, 0, 1) if k == 0 else (0, 0, -1)) if hung else ((0, 1, 0) if k == 0 else (0, -1, 0))
        if k == 0 or b.chance(0.6):
            b.prismatic(sash, "base", direction, 0.0, travel)
        else:
            b.fixed(sash, "base")
    return "double-hung window" if hung else "horizontal sliding window"


@kind("casement_window", "doors_windows")
def casement_window(b: Builder) -> str:
    """Casement window: one or two side-hung sashes (or one top-hung awning) with handles.

    Casement windows are 50-140 cm wide and 50-130 cm tall in frames 6-10 cm deep (retail range;
    European tilt-and-turn and casement units, e.g. 60-120 x 60-140 cm); side-hung sashes open
    70-97 degrees, top-hung awnings 30-50 degrees, and the handle turns 90 degrees.
    """
    w, h = b.dim(0.5, 1.4), b.dim(0.5, 1.3)
    sill, depth, bar = b.dim(0.0, 1.0), b.dim(0.06, 0.1), b.dim(0.04, 0.06)
    _frame(b, w, h, depth, bar, sill=sill)
    t = depth * 0.6
    style = b.pick(("single", "pair", "awning"))
    if style == "awning":
        P.door(b, "sash", "base", x_face=-t / 2, y0=-w / 2, y1=w / 2, z0=sill, z1=sill + h,
               t=t, hinge="top", material="wood", max_angle=b.real(0.5, 0.9), handle="bar",
               glass=True)
        return "awning window"
    leaves = (("left", -w / 2, w / 2),) if style == "single" else (("left", -w / 2, 0.0), ("right", 0.0, w / 2))
    for k, (hinge, y0, y1) in enumerate(leaves):
        P.door(b, f"sash_{k}", "base", x_face=-t / 2, y0=y0, y1=y1, z0=sill, z1=sill + h, t=t,
               hinge=hinge, material="wood", max_angle=b.real(1.2, 1.7), handle=None, glass=True)
        # on the free stile, on a rose; it turns up to level pointing over its own sash
        # (away from the frame or the other sash's handle)
        y = y1 - 0.04 if hinge == "left" else y0 + 0.04
        zh = sill + h / 2
        handle = b.link(f"handle_{k}", "metal", S.cylinder(0.012, 0.01, (t / 2 + 0.005, y, zh), "x"),
                        S.box((0.02, 0.02, 0.1), (t / 2 + 0.02, y, zh - 0.05)))
        b.revolute(handle, f"sash_{k}", (-1, 0, 0) if hinge == "left" else (1, 0, 0),
                   (t / 2, y, zh), 0.0, 1.57)
    return f"{'single' if style == 'single' else 'double'} casement window"


@kind("shutter", "doors_windows")
def shutter(b: Builder) -> str:
    """Louvered shutter: 6-20 slats tilting together (each its own revolute) in a hinged panel.

    Louvered shutter panels are 30-60 cm wide and 60-150 cm tall, louvres 4.5-11 cm apart
    (plantation shutters: 47-114 mm louvres) tilting about 50 degrees either way, the panel
    opening 85-160 degrees on its hinges (retail range).
    """
    w, h = b.dim(0.3, 0.6), b.dim(0.6, 1.5)
    bar = b.dim(0.04, 0.06)
    b.link("base", "wood", S.box((0.03, 0.03, h + 2 * bar), (-0.03, -w / 2 - bar - 0.015, h / 2)))
    panel = b.link("panel", "wood",
                   S.box((0.03, bar, h + 2 * bar), (0, -w / 2 - bar / 2, h / 2)),
                   S.box((0.03, bar, h + 2 * bar), (0, w / 2 + bar / 2, h / 2)),
                   S.box((0.03, w, bar), (0, 0, h + bar / 2)), S.box((0.03, w, bar), (0, 0, -bar / 2)))
    b.revolute(panel, "base", (0, 0, -1), (0.015, -w / 2 - bar, h / 2), 0.0, b.real(1.5, 2.8))
    # louvres 4.5-11 cm apart (plantation shutters: 47-114 mm louvres), 6-20 of them
    slats = b.count(max(6, math.ceil(h / 0.11)), min(20, max(6, int(h / 0.045))))
    step = h / slats
    for k in range(slats):
        z = (k + 0.5) * step
        slat = b.link(f"slat_{k}", "wood", S.box((0.025, w - 0.004, step * 0.8),
                                                 (0, 0, z), rotation=S.rotation("y", 0.3)))
        b.revolute(slat, panel, "y", (0, 0, z), -0.9, 0.9)
    return f"louvered shutter with {slats} slats"


@kind("gate", "doors_windows")
def gate(b: Builder) -> str:
    """Garden gate between two posts: a picket leaf on hinges and a swinging latch.

    Garden and picket gates are 80-130 cm wide and 80-130 cm tall between posts of 8-12 cm
    square (retail range: 90-120 cm gates for 0.9-1.2 m fences, 70-100 mm posts), the leaf
    swinging 70-92 degrees and the gravity latch lifting about 45 degrees.
    """
    w, h = b.dim(0.8, 1.3), b.dim(0.8, 1.3)
    post = b.dim(0.08, 0.12)
    b.link("base", "wood", S.box((post, post, h + 0.2), (0, -w / 2 - post / 2, (h + 0.2) / 2)),
           S.box((post, post, h + 0.2), (0, w / 2 + post / 2, (h + 0.2) / 2)))
    pickets = b.count(5, 10)
    leaf = b.link("leaf", "wood", S.box((0.025, w - 0.02, 0.08), (0, 0, 0.25)),
                  S.box((0.025, w - 0.02, 0.08), (0, 0, h - 0.15)))
    for k in range(pickets):
        y = -w / 2 + 0.05 + (w - 0.1) * k / (pickets - 1)
        b.add(leaf, S.box((0.02, 0.06, h - 0.1), (0.0225, y, 0.1 + (h - 0.1) / 2)))
    # The leaf swings outward (+X) only: its latch bar reaches over the latch post's front
    # face (4 mm off it) and rests 3 mm above a catch there; lifting the latch frees it.
    b.revolute(leaf, "base", (0, 0, -1), (0.0325, -w / 2, h / 2), 0.0, b.real(1.2, 1.6))
    bar_x, zl = post / 2 + 0.004, h - 0.15
    latch = b.link("latch", "metal", S.rod((0.0335, w / 2 - 0.1, zl), (bar_x, w / 2 - 0.1, zl), 0.005),
                   S.box((0.01, 0.11 + 0.7 * post, 0.02),
                         (bar_x + 0.005, w / 2 - 0.11 + (0.11 + 0.7 * post) / 2, zl)))
    b.revolute(latch, "leaf", (1, 0, 0), (0.0335, w / 2 - 0.1, zl), 0.0, 0.8)
    b.add("base", S.box((0.02, 0.03, 0.02), (post / 2 + 0.01, w / 2 + post / 2, zl - 0.023)))
    return f"garden gate with {pickets} pickets"


def _glazed_leaf(b: Builder, name: str, *, x0: float, t: float, y0: float, y1: float,
                 z0: float, z1: float, rail: float, panes: tuple[int, int]) -> str:
    """A wooden leaf ``x0..x0 + t`` deep with a glazed opening divided into ``panes``
    (columns, rows) by muntins, and its glass pane (fixed); returns the leaf's name."""
    yc, zc, w, h = (y0 + y1) / 2, (z0 + z1) / 2, y1 - y0, z1 - z0
    xc = x0 + t / 2
    b.link(name, "wood", S.box((t, w, h), (xc, yc, zc)))
    gw, gh = w - 2 * rail, h - rail - max(rail, 0.25 * h)
    gz = z1 - rail - gh / 2
    b.cut(name, S.box((2 * t, gw, gh), (xc, yc, gz)))
    pane = b.link(f"{name}_glass", "glass", S.box((0.006, gw + 0.004, gh + 0.004), (xc, yc, gz)))
    b.fixed(pane, name)
    cols, rows = panes
    # the muntins are their own link (the leaf's cut would take them away)
    bars = [S.box((t * 0.6, 0.02, gh + 0.002), (xc, y0 + rail + gw * k / cols, gz)) for k in range(1, cols)]
    bars += [S.box((t * 0.6, gw + 0.002, 0.02), (xc, yc, z1 - rail - gh * k / rows)) for k in range(1, rows)]
    if bars:
        b.link(f"{name}_muntins", "wood", *bars)
        b.fixed(f"{name}_muntins", name)
    return name


@kind("double_door", "doors_windows")
def double_door(b: Builder) -> str:
    """French doors: two glazed leaves (muntin grid) hinged on the jambs, meeting in the
    middle, each with a lever handle; some have a top-hung transom light above.

    Sizes: leaves 0.6-0.9 m wide and 1.95-2.3 m high, 35-50 mm thick (typical retail
    range of interior/exterior French door pairs, 4-6 ft wide x 6'8"-7'6" high).
    """
    leaf_w, h, t = b.dim(0.6, 0.9), b.dim(1.95, 2.3), b.dim(0.035, 0.05)
    depth, bar = b.dim(0.1, 0.16), b.dim(0.045, 0.07)
    w = 2 * leaf_w
    transom = b.dim(0.3, 0.5) if b.chance(0.4) else 0.0
    total = h + (transom + bar if transom else 0.0)
    _frame(b, w, total, depth, bar)
    if transom:
        b.add("base", S.box((depth, w, bar), (0, 0, h + bar / 2)))
    panes = (b.count(1, 3), b.count(1, 5))
    rail = b.dim(0.1, 0.13)
    x0 = -t / 2
    opens = b.real(1.4, 1.75)
    for k, (hinge, y0, y1) in enumerate((("left", -w / 2, 0.0), ("right", 0.0, w / 2))):
        ya, yb = y0 + P.GAP, y1 - P.GAP
        leaf = _glazed_leaf(b, f"leaf_{k}", x0=x0, t=t, y0=ya, y1=yb, z0=0.01, z1=h - P.GAP,
                            rail=rail, panes=panes)
        axis, hy = ((0, 0, -1), ya) if hinge == "left" else ((0, 0, 1), yb)
        b.revolute(leaf, "base", axis, (x0 + t, hy, h / 2), 0.0, opens)
        side = 1.0 if hinge == "left" else -1.0  # from the hinge toward the meeting edge
        meet = yb if hinge == "left" else ya
        _lever(b, f"lever_{k}", leaf, (x0 + t, meet - side * 0.07, 1.0), 0.11, -side)
    if transom:
        P.door(b, "transom", "base", x_face=-0.015, y0=-w / 2, y1=w / 2, z0=h + bar,
               z1=h + bar + transom, t=0.03, hinge="top", material="wood",
               max_angle=b.real(0.4, 0.7), handle=None, glass=True)
        return f"French double door ({panes[0]}x{panes[1]} lights) with a transom window"
    return f"French double door ({panes[0]}x{panes[1]} lights)"


@kind("garage_door", "doors_windows")
def garage_door(b: Builder) -> str:
    """Garage door: a sectional door of 3-6 horizontal panels, each hinged to the one above
    (a chain of revolutes: the top one to the header) folding inward, or a one-piece
    up-and-over door pivoting about a horizontal axis; a lock handle on the bottom.

    Sizes: 2.3-4.9 m wide, 2.0-2.45 m high (residential garage doors, 7'6"-16' x 7'-8'),
    sections 0.45-0.61 m (typical retail range of sectional doors: 18-24 in sections).
    """
    w, h = b.dim(2.3, 4.9), b.dim(2.0, 2.45)
    depth, bar = b.dim(0.12, 0.2), b.dim(0.08, 0.15)
    _frame(b, w, h, depth, bar, material=b.pick(("wood", "aluminum")))
    t = b.dim(0.035, 0.05)
    material = b.pick(("metal", "wood", "aluminum"))
    y0, y1 = -w / 2 + 0.004, w / 2 - 0.004
    if b.chance(0.3):
        zp = round(h * b.real(0.55, 0.7), 3)
        leaf = b.link("leaf", material, S.box((t, y1 - y0, h - 0.012), (0, 0, 0.006 + (h - 0.012) / 2)))
        for z in (h * 0.25, h * 0.5, h * 0.75):
            b.add(leaf, S.box((0.01, y1 - y0 - 0.1, 0.04), (t / 2 + 0.005, 0, z)))
        b.revolute(leaf, "base", (0, -1, 0), (0, 0, zp), 0.0, b.real(1.3, 1.5))
        _garage_handle(b, leaf, t / 2, 0.35)
        return "up-and-over garage door"
    n = max(3, min(6, round(h / b.dim(0.45, 0.61))))
    step = (h - 0.006) / n
    windows = b.chance(0.4)
    parent, top = "base", h - 0.003
    for k in range(n):
        z1, z0 = top - k * step - 0.0015, top - (k + 1) * step + 0.0015
        panel = b.link(f"section_{k}", material,
                       S.box((t, y1 - y0, z1 - z0), (0, 0, (z0 + z1) / 2)))
        b.add(panel, S.box((0.006, y1 - y0 - 0.06, 0.03), (t / 2 + 0.003, 0, (z0 + z1) / 2)))
        if windows and k == 0:
            nw = max(2, int((y1 - y0) / 0.6))
            for j in range(nw):
                yc = y0 + (y1 - y0) * (j + 0.5) / nw
                b.cut(panel, S.box((2 * t, 0.4, 0.6 * step), (0, yc, (z0 + z1) / 2)))
                pane = b.link(f"window_{j}", "glass",
                              S.box((0.005, 0.404, 0.6 * step + 0.004), (0, yc, (z0 + z1) / 2)))
                b.fixed(pane, panel)
        # the section above holds this one by its inside face: folding inward, it turns up
        hinge_z = z1 + 0.0015 if k else top
        b.revolute(panel, parent, (0, 1, 0), (-t / 2, 0, hinge_z), 0.0,
                   b.real(1.2, 1.5) if k else b.real(0.8, 1.2))
        parent = panel
    _garage_handle(b, parent, t / 2, top - (n - 0.5) * step)
    return f"{n}-section garage door" + (" with windows" if windows else "")


def _garage_handle(b: Builder, leaf: str, x: float, z: float) -> None:
    """A T-handle lock on ``leaf``'s outside face at height ``z``: turns a quarter turn."""
    grip = b.link(f"{leaf}_lock", "metal", S.cylinder(0.03, 0.01, (x + 0.005, 0, z), "x"),
                  S.rod((x + 0.01, 0, z), (x + 0.04, 0, z), 0.008),
                  S.box((0.02, 0.12, 0.02), (x + 0.05, 0, z)))
    b.revolute(grip, leaf, "x", (x, 0, z), 0.0, 1.57)


@kind("revolving_door", "doors_windows")
def revolving_door(b: Builder) -> str:
    """Revolving door: 3 or 4 glazed wings on a central post turning freely (continuous)
    in a drum of two curved glass walls under a canopy; some have a curved night shutter
    sliding around the outside of the drum (revolute about the drum's axis).

    Sizes: drum 1.8-3.0 m in diameter, passage 2.1-2.5 m high (manual revolving doors,
    manufacturers' published ranges, e.g. Boon Edam, dormakaba).
    """
    r, h = b.dim(0.9, 1.5), b.dim(2.1, 2.5)
    canopy = b.dim(0.15, 0.3)
    wings = b.pick((3, 4))
    frame = b.pick(("aluminum", "metal"))
    wall = 0.012
    half_open = b.real(0.45, 0.6)  # half angle of each opening (rad)
    b.link("base", frame, S.cylinder(r + 0.05, 0.02, (0, 0, 0.01)),
           S.cylinder(r + 0.05, canopy, (0, 0, 0.02 + h + canopy / 2)))
    drum = b.link("drum", "glass", S.tube(r, r + wall, h, (0, 0, 0.02 + h / 2)))
    b.cut(drum, S.box((2 * r + 0.1, 2 * (r + wall) * math.sin(half_open) * 0.999 + 0.002, h + 0.1),
                      (0, 0, 0.02 + h / 2)))
    b.fixed(drum, "base")
    reach = r - 0.02
    rotor = b.link("rotor", frame, S.cylinder(0.05, h - 0.01, (0, 0, 0.02 + h / 2)))
    phase = b.real(0, math.pi / 2)
    for k in range(wings):
        a = phase + 2 * math.pi * k / wings
        c, s = math.cos(a), math.sin(a)
        rot = S.rotation("z", a)
        mid = (0.05 + reach) / 2
        b.add(rotor, S.box((reach - 0.05, 0.04, 0.06), (c * mid, s * mid, 0.02 + h - 0.04), rotation=rot),
              S.box((reach - 0.05, 0.04, 0.08), (c * mid, s * mid, 0.065), rotation=rot),
              S.box((0.04, 0.04, h - 0.02), (c * (reach - 0.02), s * (reach - 0.02), 0.02 + h / 2),
                    rotation=rot),
              S.box((reach - 0.1, 0.06, 0.03), (c * mid, s * mid, 1.0), rotation=rot))
        glass = b.link(f"wing_{k}_glass", "glass",
                       S.box((reach - 0.09, 0.01, h - 0.14), (c * (mid - 0.02), s * (mid - 0.02),
                                                             0.02 + h / 2 - 0.01), rotation=rot))
        b.fixed(glass, rotor)
    b.continuous(rotor, "base", "z", (0, 0, 0.02))
    if b.chance(0.5):
        ro = r + wall + 0.015
        span = 2 * half_open + 0.1
        shutter = b.link("night_shutter", "metal",
                         S.tube(ro, ro + 0.01, h - 0.01, (0, 0, 0.02 + h / 2)))
        # keep the sector spanning the (-Y) wall: cut away everything else
        keep_c = -math.pi / 2
        for sgn in (-1, 1):
            edge = keep_c + sgn * span / 2
            cut_c = edge + sgn * math.pi / 2
            b.cut(shutter, S.box((2 * ro + 0.1, 2 * ro + 0.1, h + 0.1),
                                 ((ro + 0.05) * math.cos(cut_c) * 1.0, (ro + 0.05) * math.sin(cut_c),
                                  0.02 + h / 2), rotation=S.rotation("z", edge)))
        b.revolute(shutter, "base", "z", (0, 0, 0.02), 0.0, math.pi / 2)
        return f"{wings}-wing revolving door with a night shutter"
    return f"{wings}-wing revolving door"


@kind("louvre_window", "doors_windows")
def louvre_window(b: Builder) -> str:
    """Louvre (jalousie) window: one or two columns of 8-26 blades, each tilting open about
    its own horizontal pivot (revolute, 0 closed upright .. nearly level), and an operator
    lever on the room side of the jamb.

    Sizes: openings 0.4-1.4 m wide and 0.5-1.6 m high, blades 60-102 mm apart (typical
    retail range of jalousie windows and operable louvre galleries, blades 4-6 in wide).
    """
    w, h = b.dim(0.4, 1.4), b.dim(0.5, 1.6)
    sill, depth, bar = b.dim(0.0, 1.0), b.dim(0.08, 0.12), b.dim(0.04, 0.06)
    frame = b.pick(("aluminum", "wood"))
    _frame(b, w, h, depth, bar, sill=sill, material=frame)
    cols = 2 if w > 0.8 and b.chance(0.6) else 1
    mullion = 0.04
    if cols == 2:
        b.add("base", S.box((depth, mullion, h), (0, 0, sill + h / 2)))
    n = max(8, min(26, round(h / b.dim(0.06, 0.102))))
    step = h / n
    th = b.pick((0.005, 0.006)) if frame == "aluminum" or b.chance(0.7) else 0.012
    blade = "glass" if th < 0.01 else "wood"
    chord = 2 * math.sqrt((step / 2 - 0.004) ** 2 - (th / 2) ** 2)
    opens = b.real(1.2, 1.45)
    col_w = (w - (mullion if cols == 2 else 0.0)) / cols
    for c in range(cols):
        y0 = -w / 2 + c * (col_w + mullion)
        yc = y0 + col_w / 2
        for k in range(n):
            z = sill + (k + 0.5) * step
            slat = b.link(f"blade_{c}_{k}", blade, S.box((th, col_w - 0.006, chord), (0, yc, z)))
            b.revolute(slat, "base", (0, 1, 0), (0, yc, z), -0.1, opens)
    x, y, z = -depth / 2, -w / 2 - bar / 2, sill + min(h / 2, 0.8)
    lever = b.link("operator", "metal", S.cylinder(0.012, 0.016, (x - 0.008, y, z), "x"),
                   S.box((0.008, 0.014, 0.12), (x - 0.02, y, z - 0.055)))
    b.revolute(lever, "base", (0, 1, 0), (x - 0.02, y, z), 0.0, b.real(1.0, 1.4))
    return f"louvre window with {cols * n} {blade} blades"


@kind("roof_window", "doors_windows")
def roof_window(b: Builder) -> str:
    """Roof window (skylight) in a patch of sloping roof: a glazed sash that pivots about
    its middle (revolute, up to a half turn for cleaning) or is hung from its top and opens
    outward, with a handle bar (revolute) on the room side.

    Sizes: sashes 0.55-1.34 m wide and 0.78-1.6 m long, roof pitch 15-60 degrees
    (VELUX's published roof-window sizes, e.g. CK02 55x78 cm to UK08 134x140 cm, and its
    15-90 degree pitch range).
    """
    w, h = b.dim(0.55, 1.34), b.dim(0.78, 1.6)
    pitch = b.real(math.radians(15), math.radians(60))
    lean = math.pi / 2 - pitch  # the window plane leans back by this much from vertical
    depth, bar = b.dim(0.12, 0.16), b.dim(0.05, 0.07)
    t = b.dim(0.05, 0.07)

    def tilt(*meshes):
        return [S.turned(m, "y", -lean, (0, 0, 0)) for m in meshes]

    rot = S.rotation("y", -lean)

    def at(p):
        return meshing.matmul3(rot, np.asarray(p, float))  # the same bits on every CPU

    margin = b.dim(0.2, 0.4)
    b.link("base", "wood", *tilt(
        S.box((depth, bar, h + 2 * bar), (0, -w / 2 - bar / 2, h / 2)),
        S.box((depth, bar, h + 2 * bar), (0, w / 2 + bar / 2, h / 2)),
        S.box((depth, w, bar), (0, 0, h + bar / 2)), S.box((depth, w, bar), (0, 0, -bar / 2))))
    # the patch of roof around it, with a hole the frame's size (its own link: the hole
    # is cut in the roof only)
    roof = b.link("roof", "wood", *tilt(S.box((0.03, w + 2 * bar + 2 * margin, h + 2 * bar + 2 * margin),
                                              (-0.015, 0, h / 2))))
    b.cut(roof, *tilt(S.box((0.1, w + 2 * bar, h + 2 * bar), (-0.015, 0, h / 2))))
    b.fixed(roof, "base")
    sy0, sy1, sz0, sz1 = -w / 2 + 0.003, w / 2 - 0.003, 0.003, h - 0.003
    frame_w = min(0.08, 0.15 * w)
    sash = b.link("sash", "aluminum", *tilt(S.box((t, sy1 - sy0, sz1 - sz0), (0, 0, h / 2))))
    b.cut(sash, *tilt(S.box((2 * t, sy1 - sy0 - 2 * frame_w, sz1 - sz0 - 2 * frame_w), (0, 0, h / 2))))
    pane = b.link("pane", "glass", *tilt(S.box((0.024, sy1 - sy0 - 2 * frame_w + 0.004,
                                                sz1 - sz0 - 2 * frame_w + 0.004), (0, 0, h / 2))))
    b.fixed(pane, sash)
    pivot = b.chance(0.6)
    if pivot:
        b.revolute(sash, "base", (0, 1, 0), at((0, 0, h / 2)), 0.0, b.real(2.6, math.pi))
        zh = h - frame_w / 2  # handle bar along the top rail
    else:
        b.revolute(sash, "base", (0, -1, 0), at((t / 2, 0, sz1)), 0.0, b.real(0.5, 0.8))
        zh = frame_w / 2
    grip = b.link("handle", "aluminum", *tilt(
        S.box((0.02, (sy1 - sy0) * 0.6, 0.025), (-t / 2 - 0.03, 0, zh)),
        *[S.box((0.03, 0.015, 0.015), (-t / 2 - 0.015, sy * (sy1 - sy0) * 0.28, zh))
          for sy in (-1, 1)]))
    b.revolute(grip, sash, (0, 1, 0), at((-t / 2, 0, zh)), 0.0, b.real(0.4, 0.7))
    return f"{'centre-pivot' if pivot else 'top-hung'} roof window at {math.degrees(pitch):.0f} degrees"
