"""Storage furniture: cabinets, wardrobes, dressers, nightstands, file cabinets, safes,
bookcases, sideboards.

Bodies are carcasses of boards (:func:`~arena_core.generate.parts.carcass`) with front
openings split into columns of drawers and hinged or sliding doors; the front faces +X.
"""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

HANDLES = ("bar", "knob", "edge")


def _columns(b: Builder, w: float, t: float, n: int) -> list[tuple[float, float]]:
    """Split the inner width into ``n`` columns, adding divider boards to the base."""
    y0, y1 = -w / 2 + t, w / 2 - t
    step = (y1 - y0) / n
    return [(y0 + k * step, y0 + (k + 1) * step) for k in range(n)]


def _dividers(b: Builder, cols, d: float, t: float, z0: float, z1: float) -> None:
    for ya, _ in cols[1:]:
        b.add("base", S.box((d - t, t, z1 - z0), (t / 2, ya, (z0 + z1) / 2)))


def _drawer_stack(b: Builder, prefix: str, n: int, *, x_face: float, y0: float, y1: float,
                  z0: float, z1: float, depth: float, t: float, material: str, style: str,
                  travel: float) -> list[str]:
    """``n`` equal drawers stacked top-down in the opening; returns their link names."""
    step = (z1 - z0) / n
    names = []
    for k in range(n):
        top = z1 - k * step
        names.append(P.drawer(b, f"{prefix}{k}", "base", x_face=x_face, y0=y0, y1=y1,
                              z0=top - step, z1=top, depth=depth, t=t, material=material,
                              travel=travel, handle=style))
    return names


@kind("cabinet", "storage_furniture")
def cabinet(b: Builder) -> str:
    """Base/wall cabinet: 1-4 columns, each of drawers over a hinged door (or only one).

    Kitchen and storage cabinets are 40-160 cm wide (single units 23-122 cm, in 7.5 cm steps),
    35-65 cm deep (wall cabinets 30-35 cm, base cabinets 60-61 cm) and 50-120 cm tall, on a toe
    kick of up to 10 cm (NKBA kitchen planning guidelines: base cabinets 87-91 cm tall and 61 cm
    deep, toe kick 10 cm; IKEA METOD: base 80 cm on 8-10 cm legs, 60 cm deep); boards 15-25 mm.
    Concealed cup hinges open 95-110 degrees, wide-angle ones up to 165 (drawn 83-115 degrees
    per door); three-quarter to full-extension slides pull a drawer out 60-85% of its depth.
    """
    w, d, h, t = b.dim(0.4, 1.6), b.dim(0.35, 0.65), b.dim(0.5, 1.2), b.dim(0.015, 0.025)
    plinth = b.dim(0.0, 0.1) if b.chance(0.5) else 0.0
    material, style = b.pick(("wood", "wood", "plastic")), b.pick(HANDLES)
    b.link("base", material, *P.carcass(w, d, h, t, z0=plinth, shelves=b.count(0, 1)))
    if plinth > 0.01:
        b.add("base", S.box((d - 0.05, w - 0.04, plinth), (-0.025, 0, plinth / 2)))
    cols = _columns(b, w, t, b.count(1, max(1, min(4, int(w / 0.3)))))
    _dividers(b, cols, d, t, plinth + t, plinth + h - t)
    n_doors = n_drawers = 0
    for c, (ya, yb) in enumerate(cols):
        n_dr = b.count(0, 3) if h > 0.6 else b.count(0, 1)
        z_top, z_bot = plinth + h - t, plinth + t
        split = z_top - n_dr * min(0.18, (z_top - z_bot) / max(n_dr, 1))
        if n_dr and b.chance(0.3):
            split = z_bot  # drawers only
        if n_dr:
            n_drawers += len(_drawer_stack(
                b, f"drawer_{c}_", n_dr, x_face=d / 2, y0=ya, y1=yb, z0=split, z1=z_top,
                depth=d - 2 * t, t=t, material=material, style=style,
                travel=b.real(0.6, 0.85) * (d - 2 * t)))
        if split - z_bot > 0.1:
            hinge = "left" if c % 2 == 0 else "right"
            P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_bot, z1=split,
                   t=t, hinge=hinge, material=material, max_angle=b.real(1.45, 2.0),
                   handle=style)
            n_doors += 1
    return f"{len(cols)}-column {material} cabinet with {n_doors} doors and {n_drawers} drawers"


@kind("wardrobe", "storage_furniture")
def wardrobe(b: Builder) -> str:
    """Tall wardrobe: hinged (2-4) or sliding (2) doors, optional drawers, hanging rod.

    Wardrobes are 80-200 cm wide, 50-65 cm deep and 170-230 cm tall (IKEA PAX frames: 50/75/100
    cm wide, 35 or 58 cm deep, 201 or 236 cm tall; a hanger needs about 53 cm of depth), boards
    18-25 mm; hinged doors open 85-110 degrees, sliding doors travel about half the width, and
    the hanging rod sits 8 cm under the top.
    """
    w, d, h, t = b.dim(0.8, 2.0), b.dim(0.5, 0.65), b.dim(1.7, 2.3), b.dim(0.018, 0.025)
    b.link("base", "wood", *P.carcass(w, d, h, t))
    n_dr = b.count(0, 2)
    z_split = t + n_dr * 0.2
    if n_dr:
        _drawer_stack(b, "drawer_", n_dr, x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t,
                      z0=t, z1=z_split, depth=d - 2 * t, t=t, material="wood",
                      style="bar", travel=0.7 * (d - 2 * t))
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, z_split + t / 2)))
        z_split += t
    rod_z = h - t - 0.08
    b.link("rod", "metal", S.rod((0.0, -w / 2 + t, rod_z), (0.0, w / 2 - t, rod_z), 0.012))
    b.fixed("rod", "base")
    sliding = b.chance(0.35)
    if sliding:
        half = (w - 2 * t) / 2
        for k, side in enumerate((-1.0, 1.0)):
            x = d / 2 - t / 2 - (k * 1.2 * t)
            yc = side * half / 2
            leaf = b.link(f"slide_door_{k}", "wood", S.box((t * 0.8, half + 0.02, h - z_split - t),
                                                          (x, yc, (z_split + h - t) / 2)))
            b.add(leaf, *P.handle((x + 0.4 * t, yc - side * (half / 2 - 0.06), h / 2),
                                  length=0.3, vertical=True, style="edge", standoff=0.005))
            b.prismatic(leaf, "base", (0.0, -side, 0.0), 0.0, half - 0.05)
        return f"sliding-door wardrobe with {n_dr} drawers"
    n = b.count(2, 4) if w > 1.2 else 2
    cols = _columns(b, w, t, n)
    for c, (ya, yb) in enumerate(cols):
        P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_split, z1=h - t, t=t,
               hinge="left" if c % 2 == 0 else "right", material="wood",
               max_angle=b.real(1.5, 1.9), handle=b.pick(("bar", "knob")))
    return f"{n}-door wardrobe with {n_dr} drawers"


@kind("dresser", "storage_furniture")
def dresser(b: Builder) -> str:
    """Chest of drawers: a grid of 3-6 rows x 1-3 columns of drawers on short legs.

    Chests of drawers are 50-160 cm wide, 40-55 cm deep and 60-140 cm tall on 3-12 cm legs or a
    plinth (retail range; IKEA MALM/HEMNES chests: 40-160 cm wide, 48-50 cm deep, 78-130 cm
    tall); drawers run out 65-85% of their depth on three-quarter-extension slides.
    """
    w, d, h, t = b.dim(0.5, 1.6), b.dim(0.4, 0.55), b.dim(0.6, 1.4), b.dim(0.015, 0.022)
    leg = b.dim(0.03, 0.12)
    b.link("base", "wood", *P.carcass(w, d, h, t, z0=leg))
    for sx in (-1, 1):
        for sy in (-1, 1):
            b.add("base", S.box((0.04, 0.04, leg + 0.001),
                                (sx * (d / 2 - 0.03), sy * (w / 2 - 0.03), leg / 2 + 0.0005)))
    rows, n_cols = b.count(3, 6), b.count(1, 3) if w > 0.8 else 1
    cols = _columns(b, w, t, n_cols)
    _dividers(b, cols, d, t, leg + t, leg + h - t)
    style = b.pick(HANDLES)
    for c, (ya, yb) in enumerate(cols):
        _drawer_stack(b, f"drawer_{c}_", rows, x_face=d / 2, y0=ya, y1=yb, z0=leg + t,
                      z1=leg + h - t, depth=d - 2 * t, t=t, material="wood", style=style,
                      travel=b.real(0.65, 0.85) * (d - 2 * t))
    return f"chest of {rows * n_cols} drawers ({rows} rows x {n_cols} columns)"


@kind("nightstand", "storage_furniture")
def nightstand(b: Builder) -> str:
    """Bedside table on legs: a top drawer over a door or an open shelf.

    Nightstands stand 45-75 cm tall overall (level with a mattress top, 50-65 cm), 35-60 cm wide
    and 30-45 cm deep (retail range; IKEA HEMNES and MALM nightstands: 40-46 cm wide, 35-48 cm
    deep, 55-70 cm tall); the top drawer is 10-16 cm high and runs out about 75% of its depth;
    the door opens 85-105 degrees.
    """
    w, d, h, t = b.dim(0.35, 0.6), b.dim(0.3, 0.45), b.dim(0.35, 0.55), b.dim(0.015, 0.02)
    leg = b.dim(0.08, 0.2)
    b.link("base", "wood", *P.carcass(w, d, h, t, z0=leg))
    for sx in (-1, 1):
        for sy in (-1, 1):
            b.add("base", S.cylinder(0.015, leg + 0.001, (sx * (d / 2 - 0.03),
                                                          sy * (w / 2 - 0.03), leg / 2 + 0.0005)))
    z_mid = leg + h - t - b.dim(0.1, 0.16)
    P.drawer(b, "drawer", "base", x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t, z0=z_mid,
             z1=leg + h - t, depth=d - 2 * t, t=t, material="wood",
             travel=0.75 * (d - 2 * t), handle="knob")
    if b.chance(0.6):
        P.door(b, "door", "base", x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t, z0=leg + t,
               z1=z_mid, t=t, hinge=b.pick(("left", "right")), material="wood",
               max_angle=b.real(1.5, 1.8), handle="knob")
        return "nightstand with a drawer and a door"
    b.add("base", S.box((d - 2 * t, w - 2 * t, t), (0, 0, z_mid - t / 2)))
    return "nightstand with a drawer and an open shelf"


@kind("file_cabinet", "storage_furniture")
def file_cabinet(b: Builder) -> str:
    """Steel filing cabinet: 2-5 full-extension drawers, one or two columns.

    Vertical steel filing cabinets are 38-50 cm wide per column (letter and A4/foolscap
    suspension files), 45-70 cm deep (usually 46, 62 or 71 cm) with 2-5 drawers of 25-33 cm each
    (retail range; two-drawer units 70 cm tall, four-drawer units about 132 cm); full-extension
    suspension slides run a drawer out 85-95% of its depth.
    """
    n_cols = b.count(1, 2)
    w, d = b.dim(0.38, 0.5) * n_cols, b.dim(0.45, 0.7)
    rows = b.count(2, 5)
    h, t = rows * b.dim(0.25, 0.33), 0.004
    b.link("base", "metal", *P.carcass(w, d, h, t))
    cols = _columns(b, w, t, n_cols)
    _dividers(b, cols, d, t, t, h - t)
    for c, (ya, yb) in enumerate(cols):
        _drawer_stack(b, f"drawer_{c}_", rows, x_face=d / 2, y0=ya, y1=yb, z0=t, z1=h - t,
                      depth=d - 2 * t - 0.01, t=0.01, material="metal", style="edge",
                      travel=b.real(0.85, 0.95) * (d - 2 * t - 0.01))
    return f"{rows * n_cols}-drawer steel file cabinet"


@kind("safe", "storage_furniture")
def safe(b: Builder) -> str:
    """Safe: thick steel door with a combination dial (continuous) and a lever handle.

    Home and office safes are 30-60 cm wide, 30-50 cm deep and 30-70 cm tall with 8-15 mm steel
    walls and a door of about twice that (retail range of home and office safes, 20-100 L); the
    door opens 85-110 degrees, the combination dial is 5-8 cm across, and the handle turns 60-90
    degrees to draw the bolts.
    """
    w, d, h = b.dim(0.3, 0.6), b.dim(0.3, 0.5), b.dim(0.3, 0.7)
    t = b.dim(0.008, 0.015)
    b.link("base", "metal", *P.carcass(w, d, h, t))
    opens = b.real(1.5, 1.9)
    P.door(b, "door", "base", x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t, z0=t, z1=h - t,
           t=2 * t, hinge="right", material="metal", max_angle=opens, handle=None)
    x_out = d / 2 + 2 * t
    yc = -w / 2 + t + (w - 2 * t) * 0.3
    P.knob(b, "dial", "door", (x_out, yc, h * 0.62), "x", b.dim(0.025, 0.04), 0.015)
    lever = b.link("lever", "metal", S.cylinder(0.012, 0.03, (x_out + 0.015, yc, h * 0.35), "x"),
                   S.box((0.015, 0.012, 0.1), (x_out + 0.035, yc, h * 0.35 - 0.045)))
    b.revolute(lever, "door", "x", (x_out, yc, h * 0.35), 0.0, b.real(1.0, 1.6))
    if b.chance(0.5):
        # the door opened past 90 degrees swings its hinge edge up to its thickness (2 t)
        # into the opening; one stopping short of 90 degrees leans its inner face over the
        # opening, 2 t / sin(a) at the hinge line plus cot(a) per metre out to where the
        # drawer's front and pull reach at full travel: the drawer keeps 5 mm more than that
        # from the hinge line
        travel = 0.6 * (d - 0.1)
        reach = max(0.0, d / 2 - 0.06 + 0.006 + travel + 0.03 - (d / 2 + 2 * t))
        lean = 2 * t if opens >= math.pi / 2 else 2 * t / math.sin(opens) + reach / math.tan(opens)
        P.drawer(b, "inner_drawer", "base", x_face=d / 2 - 0.06, y0=-w / 2 + t,
                 y1=w / 2 - t - P.GAP - lean - 0.005,
                 z0=t, z1=t + 0.08, depth=d - 0.1, t=0.006, material="metal",
                 travel=travel, handle="edge")
        return "combination safe with an inner drawer"
    return "combination safe"


def _sliding_pair(b: Builder, prefix: str, *, x: float, y0: float, y1: float, z0: float,
                  z1: float, material: str) -> None:
    """Two panels on two tracks in front of ``x`` closing ``y0..y1`` x ``z0..z1``: the back one
    (left half) slides right behind the front one (right half), which slides left; each has
    a pull strip on its outer end, and they overlap by 2 cm at rest."""
    half, th = (y1 - y0) / 2, 0.006
    for k, (sign, xk) in enumerate(((1.0, x + 0.004 + th / 2), (-1.0, x + 0.016 + th / 2))):
        ya = y0 + P.GAP if k == 0 else y0 + half - 0.01
        yb = y0 + half + 0.01 if k == 0 else y1 - P.GAP
        panel = b.link(f"{prefix}{k}", material,
                       S.box((th, yb - ya, z1 - z0 - 2 * P.GAP), (xk, (ya + yb) / 2, (z0 + z1) / 2)))
        pull_y = ya + 0.012 if k == 0 else yb - 0.012
        b.add(panel, S.box((0.003, 0.012, min(0.12, 0.5 * (z1 - z0))),
                           (xk + th / 2 + 0.0015, pull_y, (z0 + z1) / 2)))
        b.prismatic(panel, "base", (0.0, sign, 0.0), 0.0, half - 0.04)


def _tracks(b: Builder, x: float, y0: float, y1: float, z0: float, z1: float) -> None:
    """Top and bottom tracks for :func:`_sliding_pair` (added to ``base``)."""
    for z in (z0 - 0.006, z1 + 0.006):
        b.add("base", S.box((0.026, y1 - y0, 0.012), (x + 0.013, (y0 + y1) / 2, z)))


@kind("bookcase", "storage_furniture")
def bookcase(b: Builder) -> str:
    """Bookcase: 1-2 columns of shelves behind hinged glass doors, sliding glass panels or
    open, over an optional base cupboard with solid doors or drawers.

    Sizes: 0.4-1.2 m wide, 0.25-0.4 m deep, 0.9-2.2 m high, shelves 16-22 mm boards
    (typical retail range, e.g. IKEA BILLY 40-80 x 28 x 106-237 cm; EN 14073-2 bookcases).
    """
    w, d, h, t = b.dim(0.4, 1.2), b.dim(0.25, 0.4), b.dim(0.9, 2.2), b.dim(0.016, 0.022)
    material, style = b.pick(("wood", "wood", "plastic")), b.pick(HANDLES)
    b.link("base", material, *P.carcass(w, d, h, t))
    n_cols = 2 if w > 0.7 else 1
    cols = _columns(b, w, t, n_cols)
    lower = b.pick(("none", "doors", "drawers")) if h > 1.2 else "none"
    split = t + (b.dim(0.3, min(0.8, 0.4 * h)) if lower != "none" else 0.0)
    if lower != "none":
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, split + t / 2)))
        _dividers(b, cols, d, t, t, split)
    z_top = h - t
    shelves = max(1, min(6, int((z_top - split - t) / b.dim(0.25, 0.38))))
    for k in range(1, shelves + 1):
        z = split + t + (z_top - split - t) * k / (shelves + 1)
        b.add("base", S.box((d - 2 * t, w - 2 * t, t), (-t / 2, 0, z)))
    upper = b.pick(("glass doors", "sliding glass", "open") if lower != "none"
                   else ("glass doors", "sliding glass"))
    z_lo = split + t / 2 if lower != "none" else 0.0
    if upper == "glass doors":
        for c, (ya, yb) in enumerate(cols):
            P.door(b, f"glass_door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_lo,
                   z1=h, t=t, hinge="left" if c % 2 == 0 else "right", material=material,
                   max_angle=b.real(1.5, 1.9), handle=style, glass=True)
    elif upper == "sliding glass":
        _tracks(b, d / 2, -w / 2 + t, w / 2 - t, z_lo + 0.012, z_top - 0.012)
        _sliding_pair(b, "glass_panel_", x=d / 2, y0=-w / 2 + t, y1=w / 2 - t,
                      z0=z_lo + 0.012, z1=z_top - 0.012, material="glass")
    for c, (ya, yb) in enumerate(cols if lower != "none" else ()):
        if lower == "doors":
            P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=t, z1=split + t / 2,
                   t=t, hinge="left" if c % 2 == 0 else "right", material=material,
                   max_angle=b.real(1.5, 1.9), handle=style)
        else:
            _drawer_stack(b, f"drawer_{c}_", b.count(1, 2), x_face=d / 2, y0=ya, y1=yb, z0=t,
                          z1=split + t / 2, depth=d - 2 * t - 0.01, t=t, material=material,
                          style=style, travel=b.real(0.6, 0.8) * (d - 2 * t - 0.01))
    return f"{n_cols}-column bookcase with {shelves} shelves, {upper} over {lower}"


@kind("sideboard", "storage_furniture")
def sideboard(b: Builder) -> str:
    """Sideboard (credenza) on legs: 2-4 columns of hinged doors, drawer stacks and a
    drop-down bar flap, or two sliding doors under a row of drawers.

    Sizes: 1.2-2.2 m wide, 0.4-0.5 m deep, carcass 0.5-0.75 m high on 0.1-0.25 m legs
    (typical retail range of sideboards and credenzas, 30-34 in tall overall).
    """
    w, d, h, t = b.dim(1.2, 2.2), b.dim(0.4, 0.5), b.dim(0.5, 0.75), b.dim(0.016, 0.022)
    leg = b.dim(0.1, 0.25)
    material, style = b.pick(("wood", "wood", "plastic")), b.pick(HANDLES)
    b.link("base", material, *P.carcass(w, d, h, t, z0=leg))
    round_legs = b.chance(0.5)
    for sx in (-1, 1):
        for sy in (-1, 1):
            c = (sx * (d / 2 - 0.05), sy * (w / 2 - 0.06), leg / 2 + 0.0005)
            b.add("base", S.cylinder(0.02, leg + 0.001, c) if round_legs else
                  S.box((0.04, 0.04, leg + 0.001), c))
    z_bot, z_top = leg + t, leg + h - t
    travel = b.real(0.6, 0.8) * (d - 2 * t - 0.01)
    if b.chance(0.3):
        n = max(2, min(4, int(w / 0.45)))
        cols = _columns(b, w, t, n)
        split = z_top - b.dim(0.1, 0.16)
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, split - t / 2)))
        _dividers(b, cols, d, t, split, z_top)
        for c, (ya, yb) in enumerate(cols):
            P.drawer(b, f"drawer_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=split - t / 2,
                     z1=z_top, depth=d - 2 * t - 0.01, t=t, material=material, travel=travel,
                     handle=style)
        _tracks(b, d / 2, -w / 2 + t, w / 2 - t, z_bot + 0.012, split - t - 0.012)
        _sliding_pair(b, "sliding_door_", x=d / 2, y0=-w / 2 + t, y1=w / 2 - t,
                      z0=z_bot + 0.012, z1=split - t - 0.012, material=material)
        return f"sideboard with {n} drawers over two sliding doors"
    n = b.count(2, max(2, min(4, int(w / 0.4))))
    cols = _columns(b, w, t, n)
    _dividers(b, cols, d, t, z_bot, z_top)
    kinds = []
    for c, (ya, yb) in enumerate(cols):
        what = b.pick(("door", "door", "drawers", "flap"))
        if what == "flap" and "flap" in kinds:
            what = "door"
        kinds.append(what)
        if what == "drawers":
            _drawer_stack(b, f"drawer_{c}_", b.count(2, 4), x_face=d / 2, y0=ya, y1=yb,
                          z0=z_bot, z1=z_top, depth=d - 2 * t - 0.01, t=t, material=material,
                          style=style, travel=travel)
        elif what == "flap":
            P.door(b, f"flap_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_bot, z1=z_top, t=t,
                   hinge="bottom", material=material, max_angle=math.pi / 2, handle=style)
        else:
            P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_bot, z1=z_top, t=t,
                   hinge="left" if c % 2 == 0 else "right", material=material,
                   max_angle=b.real(1.5, 1.9), handle=style)
    return f"{n}-column sideboard ({', '.join(kinds)})"
