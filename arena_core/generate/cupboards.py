"""More storage furniture: rolling tool cabinets, cube organizers, corner cabinets with a
lazy susan, key cabinets, flat files (plan chests) and glass display cabinets.

Bodies are carcasses of boards (:func:`~arena_core.generate.parts.carcass`) with the front
facing +X, as in :mod:`arena_core.generate.storage`.
"""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def stack_drawers(b: Builder, prefix: str, heights: list[float], *, x_face: float, y0: float,
           y1: float, z_top: float, depth: float, t: float, material: str, style: str,
           travel: float) -> int:
    """Drawers of the given front ``heights`` stacked down from ``z_top``, each with its pull
    ``style`` merged into it; returns the count."""
    top = z_top
    for k, dh in enumerate(heights):
        name = P.drawer(b, f"{prefix}{k}", "base", x_face=x_face, y0=y0, y1=y1, z0=top - dh,
                        z1=top, depth=depth, t=t, material=material, travel=travel, handle=None)
        b.add(name, *P.handle((x_face + t, (y0 + y1) / 2, top - dh / 2), vertical=False,
                              length=min(0.25, 0.5 * (y1 - y0)), style=style))
        top -= dh
    return len(heights)


@kind("tool_cabinet", "storage_furniture")
def tool_cabinet(b: Builder) -> str:
    """Rolling tool cabinet (roll cab): a steel body with one column of 4-5 drawers or two of
    3, shallow at the top and deeper below (prismatic, full extension), on two swivel casters
    (continuous swivel and wheel) and two fixed wheels (continuous), with an optional
    lidded top till (revolute) and a push handle.

    Roller cabinets are 66-140 cm wide (26-56 in), 45-61 cm deep (18-24 in) and 72-100 cm tall
    on 10-13 cm casters (typical retail range of mechanics' tool storage); drawers are 7-29 cm
    tall (shallow tool drawers over deep bins) on ball-bearing slides extending 90-97% of their
    depth.
    """
    n_cols = 1 if b.chance(0.6) else 2
    w = b.dim(0.66, 1.0) if n_cols == 1 else b.dim(1.0, 1.4)
    d, h, t = b.dim(0.45, 0.61), b.dim(0.6, 0.85), 0.0015
    r = b.dim(0.05, 0.065)
    z0 = round(2.3 * r, 3)
    b.link("base", "metal", *P.carcass(w, d, h, t, z0=z0))
    for sx, name in ((1, "front"), (-1, "rear")):
        for sy in (-1, 1):
            at = (sx * (d / 2 - 1.2 * r), sy * (w / 2 - 1.2 * r), z0)
            if sx > 0:
                P.caster(b, f"caster_{name}_{'lr'[sy > 0]}", "base", at, r)
                continue
            c = (at[0], at[1], z0 - 1.3 * r)
            b.add("base", *[S.box((r * 0.5, 0.004, 1.3 * r + 0.002),
                                  (c[0], c[1] + s * (0.4 * r + 0.004), z0 - 0.65 * r))
                            for s in (-1, 1)])
            P.wheel(b, f"wheel_{name}_{'lr'[sy > 0]}", "base", c, "y", r, 0.8 * r)
    rows = b.count(4, 5) if n_cols == 1 else 3
    weights = [1.0 + 0.35 * k for k in range(rows)]
    span = h - 2 * t
    heights = [span * wk / sum(weights) for wk in weights]
    style = "edge"  # full-width flat pulls
    step = (w - 2 * t) / n_cols
    for c in range(n_cols):
        ya, yb = -w / 2 + t + c * step, -w / 2 + t + (c + 1) * step
        if c:
            b.add("base", S.box((d - t, t, span), (t / 2, ya, z0 + h / 2)))
        stack_drawers(b, f"drawer_{c}_", heights, x_face=d / 2, y0=ya, y1=yb, z_top=z0 + h - t,
               depth=d - 2 * t - 0.02, t=0.012, material="metal", style=style,
               travel=round(b.real(0.9, 0.97) * (d - 2 * t - 0.02), 3))
    extras = ""
    if b.chance(0.5):
        th = b.dim(0.06, 0.12)
        top = z0 + h
        zc = top + th / 2  # the till's walls stand on the body's top board
        b.add("base", *[S.box((t, w, th), (sx * (d / 2 - t / 2), 0, zc)) for sx in (-1, 1)],
              *[S.box((d - 2 * t, t, th), (0, sy * (w / 2 - t / 2), zc)) for sy in (-1, 1)])
        lid = b.link("lid", "metal", S.box((d + 0.006, w + 0.006, 0.012), (0.003, 0, top + th + 0.008)))
        b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, top + th + 0.002), 0.0, b.real(1.4, 1.75))
        extras = " and a lidded top till"
    if b.chance(0.6):
        hx = -d / 2 + 0.04
        zh = z0 + h - 0.05
        b.add("base", *[S.box((0.02, 0.06, 0.02), (x, -w / 2 - 0.03, zh)) for x in (hx, -hx)],
              S.rod((-d / 2 + 0.03, -w / 2 - 0.07, zh), (d / 2 - 0.03, -w / 2 - 0.07, zh), 0.013))
    return f"{n_cols}-column rolling tool cabinet with {rows * n_cols} drawers{extras}"


def _fabric_bin(b: Builder, name: str, *, x_face: float, y0: float, y1: float, z0: float,
                z1: float, depth: float) -> str:
    """An open-top bin filling a cube, 4 mm clear of it, with a hand hole: slides out (+X)."""
    g = 0.004
    bw, bh, bd = y1 - y0 - 2 * g, z1 - z0 - 2 * g, depth - 2 * g
    yc, xc, zc = (y0 + y1) / 2, x_face - g - bd / 2, z0 + g + bh / 2
    b.link(name, "plastic", S.box((bd, bw, bh), (xc, yc, zc)))
    b.cut(name, S.box((bd - 0.008, bw - 0.008, bh), (xc, yc, zc + 0.004)),
          S.box((0.02, min(0.1, bw * 0.4), 0.03), (x_face - g, yc, z1 - g - 0.035)))
    b.prismatic(name, "base", "x", 0.0, round(0.6 * bd, 3), point=(x_face - g, yc, zc))
    return name


@kind("cube_organizer", "storage_furniture")
def cube_organizer(b: Builder) -> str:
    """Cube organizer: a grid of 1-4 x 1-4 square cubbies, each empty or holding a pull-out
    bin (prismatic), a hinged door insert (revolute, either side) or two drawers
    (prismatic).

    Cube shelving has 28-34 cm cubbies (IKEA KALLAX: 33 cm cubbies 39 cm deep between 1.5-4 cm
    boards; 11-inch cube organizers, 28 cm cubbies about 30 cm deep; typical retail range).
    """
    cube, d, t = b.dim(0.28, 0.34), b.dim(0.29, 0.39), b.dim(0.015, 0.038)
    rows, cols = b.count(1, 4), b.count(1, 4)
    while rows * cols > 9:
        cols -= 1
    w, h = cols * cube + (cols + 1) * t, rows * cube + (rows + 1) * t
    material = b.pick(("wood", "wood", "plastic"))
    back = b.chance(0.5)
    b.link("base", material, *P.carcass(w, d, h, t, back=back))
    inner = d - (t if back else 0.0)
    x_mid = (t / 2) if back else 0.0
    for c in range(1, cols):
        b.add("base", S.box((inner, t, h - 2 * t), (x_mid, -w / 2 + c * (cube + t) + t / 2, h / 2)))
    for r in range(1, rows):
        b.add("base", S.box((inner, w - 2 * t, t), (x_mid, 0, r * (cube + t) + t / 2)))
    budget, counts = 8, {"bin": 0, "door": 0, "drawers": 0}
    style = b.pick(("knob", "bar", "edge"))
    fills = [b.pick(("empty", "bin", "bin", "door", "drawers")) for _ in range(rows * cols)]
    if set(fills) == {"empty"}:
        fills[0] = "bin"  # at least one cubby holds something that moves
    for r in range(rows):
        for c in range(cols):
            y0, z0 = -w / 2 + t + c * (cube + t), t + r * (cube + t)
            fill = fills[r * cols + c]
            cost = {"empty": 0, "bin": 1, "door": 1, "drawers": 2}[fill]
            if cost > budget:
                continue
            budget -= cost
            if fill == "bin":
                _fabric_bin(b, f"bin_{r}_{c}", x_face=d / 2, y0=y0, y1=y0 + cube, z0=z0,
                            z1=z0 + cube, depth=inner)
            elif fill == "door":
                P.door(b, f"door_{r}_{c}", "base", x_face=d / 2, y0=y0, y1=y0 + cube, z0=z0,
                       z1=z0 + cube, t=0.012, hinge=b.pick(("left", "right")),
                       material=material, max_angle=b.real(1.5, 1.9), handle=style)
            elif fill == "drawers":
                stack_drawers(b, f"drawer_{r}_{c}_", [cube / 2, cube / 2], x_face=d / 2, y0=y0,
                       y1=y0 + cube, z_top=z0 + cube, depth=inner - 0.01, t=0.012,
                       material=material, style=style, travel=round(0.7 * (inner - 0.01), 3))
            if fill != "empty":
                counts[fill] += 1
    filled = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
    return f"{rows}x{cols} cube organizer" + (f" with {filled}" if filled else "")


@kind("corner_cabinet", "storage_furniture")
def corner_cabinet(b: Builder) -> str:
    """Corner base cabinet: a square carcass with one or two doors (revolute), an optional
    top drawer (prismatic), and a lazy susan of 1-2 flat round or pie-cut trays turning about a
    central pole (continuous).

    Corner base cabinets are 84-91 cm (33-36 in) along each wall and 87-91 cm tall on a 10 cm
    toe kick (NKBA kitchen planning guidelines); lazy susan trays are 46-81 cm (18-32 in)
    across (typical retail range), the doors open 95-110 degrees.
    """
    w, h, t = b.dim(0.8, 0.92), b.dim(0.72, 0.8), b.dim(0.016, 0.019)
    d = round(w * b.real(0.92, 1.0), 3)
    plinth = b.dim(0.08, 0.11) if b.chance(0.6) else 0.0
    material, style = b.pick(("wood", "wood", "plastic")), b.pick(("bar", "knob", "edge"))
    b.link("base", material, *P.carcass(w, d, h, t, z0=plinth))
    if plinth:
        b.add("base", S.box((d - 0.06, w - 0.04, plinth), (-0.03, 0, plinth / 2)))
    z_bot, z_top = plinth + t, plinth + h - t
    y0, y1 = -w / 2 + t, w / 2 - t
    if b.chance(0.4):
        dh = b.dim(0.12, 0.16)
        P.drawer(b, "drawer", "base", x_face=d / 2, y0=y0, y1=y1, z0=z_top - dh, z1=z_top,
                 depth=d - 2 * t, t=t, material=material, travel=round(0.7 * (d - 2 * t), 3),
                 handle=style)
        z_top -= dh
        b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, z_top - t / 2)))
        z_top -= t
    if w > 0.85 and b.chance(0.5):
        for k, (ya, yb, hinge) in enumerate(((y0, 0.0, "left"), (0.0, y1, "right"))):
            P.door(b, f"door_{k}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z_bot, z1=z_top, t=t,
                   hinge=hinge, material=material, max_angle=b.real(1.65, 1.9), handle=style)
        doors = 2
    else:
        P.door(b, "door", "base", x_face=d / 2, y0=y0, y1=y1, z0=z_bot, z1=z_top, t=t,
               hinge=b.pick(("left", "right")), material=material,
               max_angle=b.real(1.65, 1.9), handle=style)
        doors = 1
    cx = t / 2
    radius = min(d - t, w - 2 * t) / 2 - 0.012
    pole_r = 0.0125
    b.add("base", S.cylinder(pole_r, z_top - z_bot, (cx, 0, (z_top + z_bot) / 2)))
    trays = b.count(1, 2) if z_top - z_bot > 0.45 else 1
    pie = b.chance(0.4)
    gap = (z_top - z_bot) / trays
    for k in range(trays):
        z = z_bot + 0.02 + k * gap
        # a solid disc and hub (the pole they turn on is the base's: a parent's part)
        tray = b.link(f"tray_{k}", "plastic", S.cylinder(radius, 0.012, (cx, 0, z + 0.006)),
                      S.cylinder(pole_r + 0.02, 0.05, (cx, 0, z + 0.025), sections=12))
        if pie:
            b.cut(tray, S.box((radius + 0.01, radius + 0.01, 0.1), (cx + radius / 2 + 0.02, -radius / 2 - 0.02, z)))
        b.continuous(tray, "base", "z", (cx, 0, z))
    shape = "pie-cut" if pie else "round"
    return f"corner cabinet with {doors} door(s) and a {trays}-tray {shape} lazy susan"


@kind("key_cabinet", "storage_furniture")
def key_cabinet(b: Builder) -> str:
    """Wall key cabinet: a shallow box with 2-5 rows of hooks behind one or two doors
    (revolute, solid or glazed), locked by a key (revolute) or 1-3 combination dials
    (continuous).

    Key cabinets are 20-40 cm wide, 25-50 cm tall and 6-10 cm deep for 20-100 keys, hooks
    about 3.5 cm apart (typical retail range of steel and wooden key boxes); the doors open
    95-110 degrees.
    """
    w, h, d = b.dim(0.2, 0.4), b.dim(0.25, 0.5), b.dim(0.06, 0.1)
    material = b.pick(("metal", "wood"))
    t = 0.0015 if material == "metal" else 0.012
    b.link("base", material, *P.carcass(w, d, h, t))
    rows = min(b.count(2, 5), int((h - 2 * t) / 0.07))
    per_row = int((w - 2 * t) / 0.035)
    reach = d - t - 0.022
    for r in range(rows):
        z = t + (h - 2 * t) * (r + 0.6) / rows
        for k in range(per_row):
            y = -w / 2 + t + (w - 2 * t) * (k + 0.5) / per_row
            # a peg rising 15 degrees from the back board
            b.add("base", S.bar((-d / 2 + t - 0.001, y, z), (-d / 2 + t + reach, y, z + 0.27 * reach),
                                0.003, 0.003))
    glazed = b.chance(0.4)
    y0, y1 = -w / 2 + t, w / 2 - t
    leaves = [(y0, 0.0, "left"), (0.0, y1, "right")] if w > 0.32 and b.chance(0.5) else [
        (y0, y1, b.pick(("left", "right")))]
    td = 0.012 if material == "wood" else 0.006
    for k, (ya, yb, hinge) in enumerate(leaves):
        P.door(b, f"door_{k}", "base", x_face=d / 2, y0=ya, y1=yb, z0=t, z1=h - t, t=td,
               hinge=hinge, material=material, max_angle=b.real(1.65, 1.9),
               handle=None, glass=glazed)
    door, (ya, yb, hinge) = f"door_{len(leaves) - 1}", leaves[-1]
    y_lock = yb - 0.03 if hinge == "left" else ya + 0.03
    if b.chance(0.5):
        P.knob(b, "lock", door, (d / 2 + td, y_lock, h / 2), "x", 0.008, 0.008,
               limits=(0.0, math.pi / 2), material="metal")
        lock = "a key lock"
    else:
        dials = b.count(1, 3)
        for k in range(dials):
            P.knob(b, f"dial_{k}", door, (d / 2 + td, y_lock, h / 2 + (k - (dials - 1) / 2) * 0.03),
                   "x", 0.011, 0.008, material="metal")
        lock = f"{dials} combination dials"
    kind_of = "glazed " if glazed else ""
    return f"{kind_of}key cabinet with {rows * per_row} hooks, {len(leaves)} door(s) and {lock}"


#: Drawing sheets a flat file is made for: (long side, short side) m, ISO 216 and ANSI sizes.
SHEETS = {"A0": (1.189, 0.841), "A1": (0.841, 0.594), "ANSI D": (0.864, 0.559),
          "ANSI E": (1.118, 0.864)}


@kind("flat_file", "storage_furniture")
def flat_file(b: Builder) -> str:
    """Flat file (plan chest): one or two stacked units of 2-5 wide, shallow drawers
    (prismatic) sized for a drawing sheet, on a plinth, legs or a low base, with full-width
    pulls or pairs of knobs and label holders.

    Drawers hold ISO 216 A1/A0 or ANSI D/E (ASME Y14.1) sheets flat with 4-6 cm of margin
    (cabinets 0.9-1.35 m wide and 0.65-0.95 m deep); drawers are 5-7.5 cm tall, running out
    75-90% of their depth (typical retail range of plan chests).
    """
    sheet = b.pick(tuple(SHEETS))
    long_side, short_side = SHEETS[sheet]
    w, d = round(long_side + b.dim(0.08, 0.12), 3), round(short_side + b.dim(0.08, 0.12), 3)
    material = b.pick(("metal", "wood"))
    t = 0.0015 if material == "metal" else 0.018
    stand = b.pick(("plinth", "legs", "none"))
    z = {"plinth": b.dim(0.06, 0.1), "legs": b.dim(0.15, 0.4), "none": 0.0}[stand]
    dh = b.dim(0.05, 0.075)
    units = [b.count(3, 5)] + ([b.count(2, 3)] if b.chance(0.3) else [])
    parts, drawers = [], []
    for rows in units:
        h = rows * dh + 2 * t
        parts += P.carcass(w, d, h, t, z0=z)
        drawers.append((z + t, rows))
        z += h
    b.link("base", material, *parts)
    if stand == "plinth":
        b.add("base", S.box((d - 0.06, w - 0.06, drawers[0][0] - t), (-0.02, 0, (drawers[0][0] - t) / 2)))
    elif stand == "legs":
        zl = drawers[0][0] - t
        b.add("base", *[S.box((0.04, 0.04, zl + 0.001), (sx * (d / 2 - 0.03), sy * (w / 2 - 0.03), zl / 2))
                        for sx in (-1, 1) for sy in (-1, 1)])
    if b.chance(0.5):
        b.add("base", S.box((d + 0.03, w + 0.03, 0.025), (0.0, 0, z + 0.0125)))
    style = b.pick(("bar", "edge", "knobs"))
    n = 0
    for u, (z0, rows) in enumerate(drawers):
        for k in range(rows):
            name = f"drawer_{u}_{k}"
            zt = z0 + (rows - k) * dh
            P.drawer(b, name, "base", x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t, z0=zt - dh,
                     z1=zt, depth=d - 2 * t - 0.01, t=0.012, material=material,
                     travel=round(b.real(0.75, 0.9) * (d - 2 * t - 0.01), 3), handle=None)
            xf, zc = d / 2 + 0.012, zt - dh / 2
            b.add(name, S.box((0.002, 0.08, min(0.03, dh * 0.4)), (xf + 0.001, 0, zc)))
            if style != "knobs":
                b.add(name, *P.handle((xf, w * 0.3, zc), length=0.2, vertical=False, style=style))
            else:
                b.add(name, *[s for sy in (-1, 1) for s in P.handle(
                    (xf, sy * w * 0.3, zc), length=0.04, vertical=False, style="knob",
                    standoff=0.02, radius=min(0.006, dh * 0.12))])
            n += 1
    return f"{sheet} flat file with {n} drawers in {len(units)} unit(s) on {stand}"


@kind("display_cabinet", "storage_furniture")
def display_cabinet(b: Builder) -> str:
    """Display cabinet (vitrine): glazed sides and 2-4 glass shelves behind one or two
    glazed doors (revolute), some with a mirrored back, over a plinth, a row of 1-2 drawers
    (prismatic) or a cupboard of solid doors (revolute).

    Display cabinets are 0.4-1.2 m wide, 0.3-0.45 m deep and 0.9-1.9 m tall with 18-22 mm
    frames (typical retail range, e.g. IKEA DETOLF 43 x 37 x 163 cm, HEMNES and BILLY glass-
    door units); glass shelves are 5-8 mm, doors open 95-110 degrees.
    """
    w, d, h, t = b.dim(0.4, 1.2), b.dim(0.3, 0.45), b.dim(0.9, 1.9), b.dim(0.018, 0.022)
    material, style = b.pick(("wood", "wood", "metal")), b.pick(("knob", "bar", "edge"))
    b.link("base", material, *P.carcass(w, d, h, t))
    lower = b.pick(("plinth", "drawers", "doors")) if h > 1.2 else "plinth"
    split = t + (b.dim(0.1, 0.14) if lower == "plinth" else b.dim(0.2, min(0.5, 0.3 * h)))
    b.add("base", S.box((d - t, w - 2 * t, t), (t / 2, 0, split + t / 2)))
    frame = 0.04
    z_lo, z_hi = split + t + frame, h - t - frame
    for sy in (-1, 1):
        b.cut("base", S.box((d - 2 * frame, 3 * t, z_hi - z_lo), (0, sy * (w / 2 - t / 2), (z_lo + z_hi) / 2)))
    glass = [S.box((d - 2 * frame + 0.004, 0.005, z_hi - z_lo + 0.004), (0, sy * (w / 2 - t / 2), (z_lo + z_hi) / 2))
             for sy in (-1, 1)]
    shelves = b.count(2, 4)
    for k in range(1, shelves + 1):
        zs = split + t + (h - split - 2 * t) * k / (shelves + 1)
        glass.append(S.box((d - 2 * t - 0.01, w - 2 * t - 0.004, 0.006), (-0.005, 0, zs)))
    mirror = b.chance(0.4)
    if mirror:
        glass.append(S.box((0.004, w - 2 * t - 0.004, h - split - 3 * t), (-d / 2 + t + 0.002, 0, (h + split) / 2)))
    b.link("glazing", "glass", *glass)
    b.fixed("glazing", "base")
    y0, y1 = -w / 2 + t, w / 2 - t
    cols = [(y0, 0.0), (0.0, y1)] if w > 0.7 else [(y0, y1)]
    for c, (ya, yb) in enumerate(cols):
        hinge = "left" if c == 0 else "right"
        P.door(b, f"glass_door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=split + t / 2, z1=h - t,
               t=t, hinge=hinge if len(cols) > 1 else b.pick(("left", "right")), material=material,
               max_angle=b.real(1.65, 1.9), handle=style, glass=True)
    for c, (ya, yb) in enumerate(cols if lower != "plinth" else ()):
        if lower == "doors":
            P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=t, z1=split + t / 2,
                   t=t, hinge="left" if c == 0 else "right", material=material,
                   max_angle=b.real(1.65, 1.9), handle=style)
        else:
            P.drawer(b, f"drawer_{c}", "base", x_face=d / 2, y0=ya, y1=yb, z0=t, z1=split + t / 2,
                     depth=d - 2 * t - 0.01, t=t, material=material,
                     travel=round(0.75 * (d - 2 * t - 0.01), 3), handle=style)
    back = " and a mirrored back" if mirror else ""
    return f"display cabinet with {len(cols)} glass door(s), {shelves} glass shelves{back} over {lower}"

