"""Storage furniture, continued: fitted kitchen runs of base units under a worktop.

Conventions of :mod:`arena_core.generate.cupboards` (front faces +X, carcasses of boards).
"""

from __future__ import annotations

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.cupboards import stack_drawers
from arena_core.generate.kinds import kind


@kind("kitchen_unit", "storage_furniture")
def kitchen_unit(b: Builder) -> str:
    """Fitted kitchen run: 2-3 base units under one worktop on a plinth, each a hinged door
    (revolute, either side), a stack of 2-3 drawers or a drawer over a door (prismatic,
    revolute); one door unit may hold a sink bowl (fixed) under a swivelling spout
    (revolute).

    Base units are 40-60 cm wide, 56-60 cm deep and 72-80 cm tall on a 10-15 cm plinth under a
    28-40 mm worktop, the worktop at 85-93 cm (EN 1116 coordinating sizes: 60 cm depth, worktop
    at 85-95 cm; IKEA METOD 40/60 cm units); sink bowls are 15-20 cm deep.
    """
    widths = [b.pick((0.4, 0.45, 0.5, 0.6)) for _ in range(b.count(2, 3))]
    w, d, h, t = sum(widths), b.dim(0.56, 0.6), b.dim(0.72, 0.8), 0.018
    plinth, top_t = b.dim(0.1, 0.15), b.dim(0.028, 0.04)
    material, style = b.pick(("wood", "plastic")), b.pick(("bar", "knob", "edge"))
    b.link("base", material, *P.carcass(w, d, h, t, z0=plinth, back=True),
           S.box((d - 0.06, w, plinth), (-0.03, 0, plinth / 2)))
    z_top = plinth + h
    b.add("base", S.box((d + 0.03, w + 0.004, top_t), (0.015, 0, z_top + top_t / 2)))
    kinds = [b.pick(("door", "drawers", "drawer_door")) for _ in widths]
    sink = b.chance(0.5) and "door" in kinds
    has_sink = sink
    y, z0, z1 = -w / 2, plinth + t, z_top - t
    for k, (mw, unit) in enumerate(zip(widths, kinds, strict=True)):
        ya, yb = y + (t if k == 0 else t / 2), y + mw - (t if k == len(widths) - 1 else t / 2)
        if k:
            b.add("base", S.box((d - t, t, h - 2 * t), (t / 2, y, plinth + h / 2)))
        y += mw
        depth, travel = d - 2 * t - 0.02, round(0.8 * (d - 2 * t - 0.02), 3)
        if unit == "drawers":
            stack_drawers(b, f"drawer_{k}_", [(z1 - z0) / 3] * 3 if mw >= 0.5 else [(z1 - z0) / 2] * 2,
                   x_face=d / 2, y0=ya, y1=yb, z_top=z1, depth=depth, t=t, material=material,
                   style=style, travel=travel)
            continue
        split = z1
        if unit == "drawer_door":
            split = z1 - 0.15
            stack_drawers(b, f"drawer_{k}_", [0.15], x_face=d / 2, y0=ya, y1=yb, z_top=z1, depth=depth,
                   t=t, material=material, style=style, travel=travel)
            b.add("base", S.box((d - t, yb - ya, t), (t / 2, (ya + yb) / 2, split - t / 2)))
            split -= t
        P.door(b, f"door_{k}", "base", x_face=d / 2, y0=ya, y1=yb, z0=z0, z1=split, t=t,
               hinge=b.pick(("left", "right")), material=material, max_angle=b.real(1.6, 1.9),
               handle=style)
        if sink and unit == "door":
            sink = False
            yc, bw, bd, bh = (ya + yb) / 2, yb - ya - 0.08, d - 0.2, b.dim(0.15, 0.2)
            b.cut("base", S.box((bd, bw, top_t + t + 0.01), (-0.02, yc, z_top + (top_t - t) / 2)))
            P.shell(b, "sink", "metal", (bd + 0.02, bw + 0.02, bh), (-0.02, yc, z_top + top_t - bh / 2),
                    0.0015, open_face="+z")
            b.fixed("sink", "base")
            xs = -d / 2 + 0.05
            b.add("base", S.cylinder(0.022, 0.06, (xs, yc, z_top + top_t + 0.03)))
            spout = b.link("spout", "metal", S.cylinder(0.014, 0.2, (xs, yc, z_top + top_t + 0.16)),
                           S.rod((xs, yc, z_top + top_t + 0.255), (xs + 0.18, yc, z_top + top_t + 0.255), 0.011))
            b.revolute(spout, "base", "z", (xs, yc, z_top + top_t + 0.06), -1.2, 1.2)
    units = ", ".join(kinds)
    return f"kitchen run of {len(widths)} units ({units})" + (" with a sink" if has_sink else "")
