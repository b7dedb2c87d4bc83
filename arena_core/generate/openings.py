"""Doors and windows: hinged doors with lever handles, double doors, sliding and hung
windows, casement windows, louvered shutters, garden gates. Each stands in its own frame
(the ``base`` link) with the outside toward +X."""

from __future__ import annotations

import math

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
