"""Storage furniture, continued: lockers, shoe cabinets, TV stands, wine cabinets,
medicine cabinets.

Bodies are carcasses of boards (:func:`~arena_core.generate.parts.carcass`) with front
openings split into columns of drawers and hinged doors or tip-out bins; the front faces +X,
as in :mod:`arena_core.generate.storage`.
"""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind
from arena_core.generate.storage import HANDLES, _columns, _dividers, _drawer_stack


@kind("locker", "storage_furniture")
def locker(b: Builder) -> str:
    """Steel locker bank: 1-4 columns x 1-4 tiers of ventilated doors (revolute), each with
    a turn handle (revolute) and a number plate; single-tier lockers have a hat shelf and
    a coat rod inside.

    Sizes: columns 0.3-0.46 m wide, 0.3-0.53 m deep, body 1.5-1.83 m high on a 0.1-0.15 m
    base (manufacturers' standard sizes, e.g. Penco, Lyon, Republic Storage: 12/15/18 in
    wide, 12/15/18/21 in deep, 60/72 in high).
    """
    n_cols, tiers = b.count(1, 4), b.pick((1, 1, 2, 3, 4))
    cw, d, body = b.dim(0.3, 0.46), b.dim(0.3, 0.53), b.dim(1.5, 1.83)
    plinth, t = b.dim(0.1, 0.15), 0.006
    w = n_cols * cw
    b.link("base", "metal", *P.carcass(w, d, body, t, z0=plinth),
           S.box((d - 0.04, w - 0.02, plinth), (-0.02, 0, plinth / 2)))
    cols = _columns(b, w, t, n_cols)
    _dividers(b, cols, d, t, plinth + t, plinth + body - t)
    z_bot, z_top = plinth + t, plinth + body - t
    step = (z_top - z_bot) / tiers
    for k in range(1, tiers):
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, z_bot + k * step)))
    if tiers == 1:
        b.add("base", S.box((d - 2 * t, w - 2 * t, t), (-t / 2, 0, z_top - 0.3)))
        for ya, yb in cols:
            b.add("base", S.rod((-0.02, ya + 0.001, z_top - 0.36), (-0.02, yb - 0.001, z_top - 0.36), 0.008))
    hinge = b.pick(("left", "right"))
    slots = b.count(3, 5)
    for c, (ya, yb) in enumerate(cols):
        for r in range(tiers):
            z1 = z_top - r * step + (t / 2 if r else 0.0)
            z0 = z_top - (r + 1) * step + (t / 2 if r < tiers - 1 else 0.0)
            name = P.door(b, f"door_{c}_{r}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z0, z1=z1,
                          t=0.02, hinge=hinge, material="metal", max_angle=b.real(1.5, 1.9),
                          handle=None)
            yc = (ya + yb) / 2
            # pressed louvres (raised vents) and a number plate on the door's face
            b.add(name, *[S.box((0.004, (yb - ya) * 0.5, 0.006), (d / 2 + 0.022, yc, z1 - 0.04 - s * 0.018))
                          for s in range(slots)],
                  S.box((0.003, 0.05, 0.03), (d / 2 + 0.0215, yc, z1 - 0.06 - slots * 0.018)))
            yh = yb - 0.05 if hinge == "left" else ya + 0.05
            zh = (z0 + z1) / 2 if tiers > 1 else z_bot + 0.5 * (z_top - z_bot)
            grip = b.link(f"handle_{c}_{r}", "metal",
                          S.cylinder(0.018, 0.008, (d / 2 + 0.024, yh, zh), "x"),
                          S.box((0.015, 0.016, 0.07), (d / 2 + 0.035, yh, zh - 0.02)))
            b.revolute(grip, name, (1, 0, 0), (d / 2 + 0.02, yh, zh), 0.0, b.real(0.8, 1.57))
    return f"{n_cols}-wide {tiers}-tier locker bank with {n_cols * tiers} doors"


def _plate(points, y: float, thick: float):
    """A flat plate ``thick`` along Y centered on ``y`` whose outline in the XZ plane is the
    convex polygon ``points`` ``[(x, z), ...]`` (a radial prism about its centroid)."""
    pts = [(float(x), float(z)) for x, z in points]
    cx, cz = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    # a prism along +Y maps its local (u, v) to world (x, z) = (u, -v)
    polar = sorted((math.atan2(-(z - cz), x - cx), math.hypot(x - cx, z - cz)) for x, z in pts)
    return S.radial_prism([a for a, _ in polar], [r for _, r in polar], 0.0, thick,
                          (cx, y, cz), "y")


@kind("shoe_cabinet", "storage_furniture")
def shoe_cabinet(b: Builder) -> str:
    """Shoe cabinet: 1-2 columns of 1-4 tip-out compartments, each a front panel with a
    wedge-shaped bin behind it tipping forward about its bottom edge (revolute), under an
    optional top drawer.

    Sizes: 0.5-0.9 m wide, 0.17-0.32 m deep, compartments 0.3-0.42 m high (typical retail
    range, e.g. IKEA HEMNES 89 x 30 x 127 cm with two compartments, TRONES 52 x 18 x 39 cm).
    """
    w, d, t = b.dim(0.5, 0.9), b.dim(0.17, 0.32), b.dim(0.015, 0.02)
    n_cols = 2 if w > 0.75 and b.chance(0.5) else 1
    rows = b.count(1, 4)
    comp = b.dim(0.3, 0.42)
    drawer_h = b.dim(0.1, 0.15) if b.chance(0.5) else 0.0
    plinth = b.dim(0.0, 0.08) if b.chance(0.5) else 0.0
    h = rows * comp + drawer_h + 2 * t
    material, style = b.pick(("wood", "wood", "plastic")), b.pick(HANDLES)
    b.link("base", material, *P.carcass(w, d, h, t, z0=plinth))
    if plinth > 0.01:
        b.add("base", S.box((d - 0.04, w - 0.04, plinth), (-0.02, 0, plinth / 2)))
    cols = _columns(b, w, t, n_cols)
    z_bot, z_top = plinth + t, plinth + h - t
    _dividers(b, cols, d, t, z_bot, z_top)
    bin_depth = d - 2 * t - 0.03
    x_face = d / 2
    wanted = b.real(0.6, 0.8)
    wall = 0.005
    for c, (ya, yb) in enumerate(cols):
        y0, y1 = ya + P.GAP, yb - P.GAP
        yc = (y0 + y1) / 2
        for r in range(rows):
            z0, z1 = z_bot + r * comp + P.GAP, z_bot + (r + 1) * comp - P.GAP
            hh = z1 - z0
            name = f"bin_{c}_{r}"
            # floor, slanted back and two wedge sides, each reaching into its neighbours
            # (no coplanar faces to merge)
            back = (x_face - bin_depth, z0 + wall)
            top = (x_face + t / 3, z1 - 0.02)
            inner = y1 - y0 - 0.014
            b.link(name, material, S.box((t, y1 - y0, hh), (x_face + t / 2, yc, (z0 + z1) / 2)),
                   S.box((bin_depth + t / 2, inner, wall), (x_face + t / 4 - bin_depth / 2, yc,
                                                            z0 + wall / 2)),
                   S.bar((back[0], yc, back[1]), (top[0], yc, top[1]), inner, wall),
                   *[_plate(((x_face + t / 2, z0 + wall / 3), (x_face + t / 2, top[1]),
                             (back[0] + 0.002, z0 + wall / 3)), y, wall)
                     for y in (y0 + 0.005 + wall / 2, y1 - 0.005 - wall / 2)])
            # it turns about its front bottom edge: every point rises by at most its depth
            # behind that edge times sin(angle), which stays 6 mm under the bin above
            reach = bin_depth + t + wall
            limit = min(wanted, math.asin(min(1.0, (hh - 0.006) / reach)))
            b.revolute(name, "base", (0, 1, 0), (x_face + t, yc, z0), 0.0, limit)
            P.attach_handle(b, name, (x_face + t, yc, z1 - 0.05), length=min(0.2, 0.4 * (y1 - y0)),
                            vertical=False, style=style)
    if drawer_h:
        z0 = z_bot + rows * comp
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, z0 + t / 2)))
        P.drawer(b, "drawer", "base", x_face=x_face, y0=-w / 2 + t, y1=w / 2 - t, z0=z0 + t,
                 z1=z_top, depth=d - 2 * t - 0.01, t=t, material=material,
                 travel=0.75 * (d - 2 * t - 0.01), handle=style)
    return f"shoe cabinet with {n_cols * rows} tip-out bins" + (" and a drawer" if drawer_h else "")


@kind("tv_stand", "storage_furniture")
def tv_stand(b: Builder) -> str:
    """Low TV bench: 2-4 compartments, each an open shelf, a hinged or glass door, a
    drop-down flap or a drawer, on legs or a plinth.

    TV benches are 80-200 cm wide, 35-50 cm deep and 38-65 cm tall (retail range; IKEA BESTA
    TV benches: 120 or 180 cm wide, 40-42 cm deep, 38-64 cm tall), boards 15-22 mm; doors
    open 85-110 degrees, drop-down flaps 80-90 degrees on stay hinges, drawers run out 65-80%
    of their depth.
    """
    w, d, h, t = b.dim(0.8, 2.0), b.dim(0.35, 0.5), b.dim(0.38, 0.65), b.dim(0.015, 0.022)
    legs = b.dim(0.05, 0.15) if b.chance(0.5) else 0.0
    z0 = legs if legs else b.dim(0.0, 0.06)
    material, style = b.pick(("wood", "wood", "plastic")), b.pick(HANDLES)
    b.link("base", material, *P.carcass(w, d, h, t, z0=z0))
    if legs:
        for sx in (-1, 1):
            for sy in (-1, 1):
                b.add("base", S.cylinder(0.018, legs + 0.001, (sx * (d / 2 - 0.04),
                                                              sy * (w / 2 - 0.05), legs / 2 + 0.0005)))
    elif z0 > 0.01:
        b.add("base", S.box((d - 0.05, w - 0.04, z0 + 0.001), (-0.025, 0, z0 / 2 + 0.0005)))
    cols = _columns(b, w, t, b.count(2, max(2, min(4, int(w / 0.4)))))
    _dividers(b, cols, d, t, z0 + t, z0 + h - t)
    z_bot, z_top = z0 + t, z0 + h - t
    fronts = []
    for c, (ya, yb) in enumerate(cols):
        front = b.pick(("open", "door", "glass", "flap", "drawer"))
        if front == "open" and c == len(cols) - 1 and set(fronts) == {"open"}:
            front = "door"  # at least one compartment closes
        fronts.append(front)
        if front == "open":
            b.add("base", S.box((d - 2 * t, yb - ya, t), (-t / 2, (ya + yb) / 2, (z_bot + z_top) / 2)))
        elif front == "drawer":
            _drawer_stack(b, f"drawer_{c}_", b.count(1, 2), x_face=d / 2, y0=ya, y1=yb,
                          z0=z_bot, z1=z_top, depth=d - 2 * t, t=t, material=material,
                          style=style, travel=b.real(0.65, 0.8) * (d - 2 * t))
        elif front == "flap":
            P.door(b, f"flap_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_bot, z1=z_top,
                   t=t, hinge="bottom", material=material, max_angle=b.real(1.4, 1.55),
                   handle=style)
        else:
            P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_bot, z1=z_top,
                   t=t, hinge="left" if c % 2 == 0 else "right", material=material,
                   max_angle=b.real(1.5, 1.9), handle=style, glass=front == "glass")
    return f"{len(cols)}-compartment TV stand ({', '.join(fronts)})"


def _wine_rack(b: Builder, *, d: float, y0: float, y1: float, z0: float, z1: float,
               t: float) -> int:
    """A lattice of bottle cells (10-12 cm square, 2/3 of the depth) fixed in the base between
    ``y0..y1`` and ``z0..z1``, set back 3 cm from the front; returns the number of cells."""
    cols = max(1, int((y1 - y0) / 0.11))
    rows = max(1, int((z1 - z0) / 0.11))
    depth, x = d * 0.66, -d / 2 + t + d * 0.33
    for k in range(1, cols):
        y = y0 + (y1 - y0) * k / cols
        b.add("base", S.box((depth, 0.008, z1 - z0), (x, y, (z0 + z1) / 2)))
    for k in range(1, rows):
        z = z0 + (z1 - z0) * k / rows
        b.add("base", S.box((depth, y1 - y0, 0.008), (x, (y0 + y1) / 2, z)))
    return cols * rows


@kind("wine_cabinet", "storage_furniture")
def wine_cabinet(b: Builder) -> str:
    """Wine cabinet: a bottle lattice behind one or two glass doors, a stemware rail under the
    top, 0-2 drawers and, on tall ones, a lower section behind solid doors.

    Wine and bar cabinets are 50-120 cm wide, 35-50 cm deep and 90-190 cm tall (retail range),
    storing bottles (7.5-9 cm across, 30-33 cm long) in cells of 10-12 cm; boards 16-22 mm,
    glass doors open 90-110 degrees, drawers run out 70-80% of their depth.
    """
    w, d, h, t = b.dim(0.5, 1.2), b.dim(0.35, 0.5), b.dim(0.9, 1.9), b.dim(0.016, 0.022)
    b.link("base", "wood", *P.carcass(w, d, h, t, z0=0.06))
    b.add("base", S.box((d - 0.04, w - 0.04, 0.061), (-0.02, 0, 0.0305)))
    n_doors = 2 if w > 0.8 else 1
    cols = _columns(b, w, t, n_doors)
    z_bot, z_top = 0.06 + t, 0.06 + h - t
    lower = z_bot + (h - 2 * t) * b.real(0.35, 0.45) if h > 1.3 else z_bot
    n_dr = b.count(0, 2)
    if lower > z_bot:
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, lower + t / 2)))
        lower_cols = _columns(b, w, t, n_doors)
        for c, (ya, yb) in enumerate(lower_cols):
            P.door(b, f"lower_door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_bot,
                   z1=lower, t=t, hinge="left" if c % 2 == 0 else "right", material="wood",
                   max_angle=b.real(1.5, 1.9), handle="knob")
    z_drawers = lower + (t if lower > z_bot else 0.0)
    if n_dr:
        base_z = z_drawers
        z_drawers = base_z + n_dr * 0.12
        _drawer_stack(b, "drawer_", n_dr, x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t,
                      z0=base_z, z1=z_drawers, depth=d - 2 * t, t=t, material="wood",
                      style="bar", travel=b.real(0.7, 0.8) * (d - 2 * t))
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, z_drawers + t / 2)))
        z_drawers += t
    rack_top = z_drawers + (z_top - z_drawers) * b.real(0.55, 0.8)
    cells = _wine_rack(b, d=d, y0=-w / 2 + t, y1=w / 2 - t, z0=z_drawers, z1=rack_top, t=t)
    for y in np.linspace(-w / 2 + t + 0.05, w / 2 - t - 0.05, min(6, max(2, int(w / 0.15)))):
        b.add("base", S.box((d * 0.6, 0.02, 0.012), (-d / 2 + t + d * 0.3, float(y), z_top - 0.006)))
    for c, (ya, yb) in enumerate(cols):
        P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_drawers, z1=z_top, t=t,
               hinge="left" if c % 2 == 0 else "right", material="wood",
               max_angle=b.real(1.5, 1.9), handle=b.pick(("bar", "knob")), glass=True)
    doors = "a glass door" if n_doors == 1 else f"{n_doors} glass doors"
    return f"wine cabinet for {cells} bottles with {doors} and {n_dr} drawer{'s' if n_dr != 1 else ''}"


@kind("medicine_cabinet", "storage_furniture")
def medicine_cabinet(b: Builder) -> str:
    """Wall-hung bathroom cabinet: 1-3 mirror doors over 1-3 glass shelves, on some an open
    shelf below the doors.

    Medicine and mirror cabinets are 40-100 cm wide, 12-18 cm deep and 50-80 cm tall (retail
    range: recessed units 14-16 in x 20-26 in for a 14.5 in stud bay, surface-mounted mirror
    cabinets 60-100 cm wide with one door per 30-40 cm); mirror doors open 95-110 degrees.
    """
    w, d, h, t = b.dim(0.4, 1.0), b.dim(0.12, 0.18), b.dim(0.5, 0.8), b.dim(0.012, 0.018)
    material = b.pick(("wood", "metal", "plastic"))
    if material == "metal":
        t = 0.006
    b.link("base", material, *P.carcass(w, d, h, t))
    open_shelf = b.dim(0.08, 0.12) if b.chance(0.35) else 0.0
    z_bot = t + open_shelf
    if open_shelf:
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, z_bot + t / 2)))
        z_bot += t
    shelves = b.count(1, 3)
    for k in range(1, shelves + 1):
        z = z_bot + (h - t - z_bot) * k / (shelves + 1)
        b.add("base", S.box((d - 2 * t - 0.02, w - 2 * t, 0.006), (-t / 2 - 0.01, 0, z)))
    n = min(3, max(1, int(w / 0.3)))
    n = b.count(1, n)
    handle = b.pick((None, "knob", "edge"))
    for c, (ya, yb) in enumerate(_columns(b, w, t, n)):
        door = P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_bot, z1=h - t,
                      t=t, hinge="left" if c % 2 == 0 else "right", material=material,
                      max_angle=b.real(1.65, 1.9), handle=handle)
        mirror = b.link(f"mirror_{c}", "glass",
                        S.box((0.004, yb - ya - 0.014, h - t - z_bot - 0.014),
                              (d / 2 + t + 0.002, (ya + yb) / 2, (z_bot + h - t) / 2)))
        b.fixed(mirror, door)
    return f"medicine cabinet with {n} mirror door{'s' if n > 1 else ''} and {shelves} shelves"
