"""Furniture, continued: standing desks, sofa beds, gateleg tables, high chairs, ironing boards.

Conventions of :mod:`arena_core.generate.furniture` (front faces +X).
"""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.furniture import RECLINE
from arena_core.generate.kinds import kind


@kind("standing_desk", "furniture")
def standing_desk(b: Builder) -> str:
    """Sit-stand desk: two telescoping legs on T-feet, two or three stages (one or two
    prismatic joints), a top with a control panel of 2-4 buttons (prismatic), and an
    optional drawer or keyboard tray hanging under the top.

    Sizes: tops 1.0-1.8 x 0.6-0.8 m, lowest height 0.62-0.72 m, travel 0.45 m (two stages)
    to 0.65 m (three), after BIFMA G1-2013's sit-stand work-surface range (about 0.56-1.2 m)
    and typical retail desks (e.g. 25-51 in).
    """
    w, d, tb = b.dim(1.0, 1.8), b.dim(0.6, 0.8), b.dim(0.018, 0.03)
    z_low = b.dim(0.62, 0.72)
    stages = b.pick((2, 3))
    b.link("base", "metal")
    legs_y = w / 2 - b.dim(0.15, 0.22)
    rail_bot = z_low - tb - 0.03
    wall = 0.004
    sizes = [(0.1, 0.07), (0.088, 0.058), (0.076, 0.046)]  # outer, middle, inner tubes
    span = rail_bot - 0.035  # feet top to the top's rails
    for sy in (-1, 1):
        y = sy * legs_y
        b.add("base", S.box((d - 0.06, 0.07, 0.03), (0, y, 0.02)),
              *[S.cylinder(0.012, 0.005, (sx * (d / 2 - 0.05), y, 0.0025)) for sx in (-1, 1)],
              S.box((sizes[0][0], sizes[0][1], span - 0.02), (0, y, 0.035 + (span - 0.02) / 2)))
        b.cut("base", S.box((sizes[0][0] - 2 * wall, sizes[0][1] - 2 * wall, span),
                            (0, y, 0.035 + wall + span / 2)))
    parent = "base"
    travel = 0.0
    if stages == 3:
        mid = b.link("stage_1", "metal")
        b.add(mid, *[S.box((sizes[1][0], sizes[1][1], span - 0.01), (0, sy * legs_y, 0.035 + wall + 0.003 + (span - 0.01) / 2))
                     for sy in (-1, 1)])
        b.cut(mid, *[S.box((sizes[1][0] - 2 * wall, sizes[1][1] - 2 * wall, span),
                           (0, sy * legs_y, 0.035 + wall + 0.003 + wall + span / 2)) for sy in (-1, 1)])
        lift = min(b.dim(0.3, 0.34), round(span - 0.12, 3))
        b.prismatic(mid, "base", "z", 0.0, lift, point=(0, 0, rail_bot))
        parent, travel = mid, lift
    inner = sizes[2] if stages == 3 else sizes[1]
    z_in = 0.035 + wall + 0.003 + (wall + 0.003 if stages == 3 else 0.0)
    top = b.link("top", "wood", S.box((d, w, tb), (0, 0, z_low - tb / 2)))
    b.add(top, *[S.box((inner[0], inner[1], rail_bot - z_in + 0.005), (0, sy * legs_y, (rail_bot + z_in + 0.005) / 2))
                 for sy in (-1, 1)],
          *[S.box((d - 0.1, 0.06, 0.03), (0, sy * legs_y, rail_bot + 0.015)) for sy in (-1, 1)],
          S.box((0.05, 2 * legs_y, 0.04), (-d / 2 + 0.12, 0, rail_bot + 0.02)))
    lift = min(b.dim(0.3, 0.34) if stages == 3 else b.dim(0.4, 0.5), round(span - 0.12, 3))
    b.prismatic(top, parent, "z", 0.0, lift, point=(0, 0, z_low))
    travel += lift
    side = b.pick((-1.0, 1.0))
    yc = side * (legs_y + 0.075)  # the control panel sits beyond a leg, clear of the drawer
    b.add(top, S.box((0.06, 0.12, 0.03), (d / 2 - 0.03, yc, z_low - tb - 0.015)))
    n_btn = b.count(2, 4)
    for k in range(n_btn):
        P.button(b, f"button_{k}", top, (d / 2, yc - 0.04 + 0.08 * k / max(1, n_btn - 1),
                                          z_low - tb - 0.015), "x", 0.014, 0.002)
    extra = b.pick(("none", "drawer", "keyboard tray"))
    width = min(0.6, 2 * legs_y - 0.5)
    if extra == "drawer" and width > 0.3:
        yd = -side * 0.05
        b.add(top, S.box((d * 0.55, 0.012, 0.07), (d / 2 - 0.05 - d * 0.275, yd - width / 2 - 0.008, z_low - tb - 0.035)),
              S.box((d * 0.55, 0.012, 0.07), (d / 2 - 0.05 - d * 0.275, yd + width / 2 + 0.008, z_low - tb - 0.035)),
              S.box((d * 0.55, width + 0.028, 0.008), (d / 2 - 0.05 - d * 0.275, yd, z_low - tb - 0.074)))
        P.drawer(b, "drawer", top, x_face=d / 2 - 0.05, y0=yd - width / 2, y1=yd + width / 2,
                 z0=z_low - tb - 0.068, z1=z_low - tb - 0.002, depth=d * 0.5, t=0.015,
                 material="wood", travel=0.8 * d * 0.5, handle="edge")
    elif extra == "keyboard tray" and width > 0.3:
        tray = b.link("keyboard_tray", "wood",
                      S.box((0.28, width, 0.015), (d / 2 - 0.16, -side * 0.05, z_low - tb - 0.06)))
        b.prismatic(tray, top, "x", 0.0, b.dim(0.15, 0.25))
    else:
        extra = "none"
    return f"{stages}-stage standing desk rising {travel:.2f} m" + ("" if extra == "none" else f" with a {extra}")


@kind("sofa_bed", "furniture")
def sofa_bed(b: Builder) -> str:
    """Sofa bed: a click-clack futon whose back reclines flat (revolute) while the seat
    slides forward (prismatic), or a sofa with a trundle bed pulling out from under the
    seat (prismatic); with square, rolled or no arms, on legs or a plinth.

    Sizes: 1.4-2.2 m wide, 0.8-1.0 m deep, seat 0.4-0.48 m high, back 0.35-0.5 m above the
    seat, arms 0.1-0.2 m wide (typical retail range of sofa beds and futons).
    """
    w, d, hs = b.dim(1.4, 2.2), b.dim(0.8, 1.0), b.dim(0.4, 0.48)
    arms = b.pick(("none", "square", "rolled"))
    arm_w = b.dim(0.1, 0.2) if arms != "none" else 0.0
    arm_h = hs + b.dim(0.15, 0.25)
    inner = w - 2 * arm_w
    ct = b.dim(0.1, 0.16)
    z_deck = hs - ct
    style = b.pick(("click-clack", "trundle"))
    frame = "wood"
    legs = b.dim(0.05, 0.15) if style == "click-clack" else 0.0
    b.link("base", frame)
    if style == "trundle":
        # an open box under the deck: sides, back and deck, the front open for the trundle
        b.add("base", S.box((d, 0.03, z_deck), (0, -inner / 2 + 0.015, z_deck / 2)),
              S.box((d, 0.03, z_deck), (0, inner / 2 - 0.015, z_deck / 2)),
              S.box((0.03, inner - 0.06, z_deck), (-d / 2 + 0.015, 0, z_deck / 2)),
              S.box((d, inner - 0.06, 0.03), (0, 0, z_deck - 0.015)))
    else:
        b.add("base", S.box((d, inner, z_deck - legs), (0, 0, (z_deck + legs) / 2)),
              *[S.cylinder(0.025, legs + 0.002, (sx * (d / 2 - 0.06), sy * (w / 2 - 0.06), legs / 2))
                for sx in (-1, 1) for sy in (-1, 1)])
    if arms != "none":
        z0 = legs
        for sy in (-1, 1):
            y = sy * (w / 2 - arm_w / 2)
            b.add("base", S.box((d, arm_w, arm_h - z0 - (arm_w / 2 if arms == "rolled" else 0.0)),
                                (0, y, (arm_h + z0 - (arm_w / 2 if arms == "rolled" else 0.0)) / 2)))
            if arms == "rolled":
                b.add("base", S.cylinder(arm_w / 2, d, (0, y, arm_h - arm_w / 2), "x"))
    bt, bh = b.dim(0.15, 0.22), b.dim(0.35, 0.5)
    if style == "click-clack":
        back = b.link("backrest", "foam", S.box((bt, inner - 0.01, bh), (-d / 2 + bt / 2, 0, z_deck + 0.002 + bh / 2)))
        b.revolute(back, "base", RECLINE, (-d / 2, 0, z_deck + 0.002), 0.0, b.real(1.3, 1.57))
        seat = b.link("seat", "foam", S.box((d - bt - 0.006, inner - 0.01, ct - 0.002),
                                            (bt / 2 + 0.003, 0, z_deck + 0.002 + (ct - 0.002) / 2)))
        b.prismatic(seat, "base", "x", 0.0, b.dim(0.1, 0.2))
        return f"click-clack sofa bed {'without arms' if arms == 'none' else f'with {arms} arms'}"
    b.add("base", S.box((bt, inner, bh + ct), (-d / 2 + bt / 2, 0, z_deck + (bh + ct) / 2)))
    cushion = b.link("cushion", "foam", S.box((d - bt - 0.004, inner - 0.01, ct), (bt / 2 + 0.002, 0, z_deck + ct / 2)))
    b.fixed(cushion, "base")
    th = z_deck - 0.03 - 0.008
    tw = inner - 0.06 - 0.01
    trundle = b.link("trundle", frame, S.box((d - 0.05, tw, 0.06), (0.01, 0, 0.005 + th * 0.3)))
    b.add(trundle, S.box((0.02, tw, th - 0.005), (d / 2 - 0.015 - 0.005, 0, 0.0025 + th / 2)),
          *[S.cylinder(0.02, 0.005 + th * 0.3 - 0.03, (sx, sy * (tw / 2 - 0.05), (0.005 + th * 0.3 - 0.03) / 2 + 0.001))
            for sx in (-d / 2 + 0.1, d / 2 - 0.1) for sy in (-1, 1)])
    mattress = b.link("mattress", "foam", S.box((d - 0.1, tw - 0.04, th - th * 0.3 - 0.035),
                                                (0.0, 0, 0.005 + th * 0.3 + 0.03 + (th - th * 0.3 - 0.035) / 2)))
    b.fixed(mattress, trundle)
    b.prismatic(trundle, "base", "x", 0.0, round(b.real(0.8, 0.95) * (d - 0.05), 3))
    return f"sofa with a trundle bed {'without arms' if arms == 'none' else f'and {arms} arms'}"


@kind("drop_leaf_table", "furniture")
def drop_leaf_table(b: Builder) -> str:
    """Gateleg table stored folded: a narrow fixed top on four legs, one or two leaves
    hanging down on hinges along its long sides (revolute, raised to level), each held up
    by a gate leg that swings out from under the top (revolute about the vertical), and
    an optional drawer in one end apron (prismatic). A gate swings out only once its leaf
    is raised (the leaf hangs in its way): the self-collision check sees that as gated.

    Sizes: 0.7-1.2 m long, fixed top 0.25-0.45 m wide, leaves 0.3-0.5 m, 0.72-0.76 m high
    (typical retail range of gateleg and drop-leaf tables).
    """
    d, w, h, t = b.dim(0.7, 1.2), b.dim(0.25, 0.45), b.dim(0.72, 0.76), b.dim(0.02, 0.03)
    lw = b.dim(0.3, 0.5)
    leg, apron = 0.045, b.dim(0.08, 0.11)
    leg_y = w / 2 - 0.08
    round_legs = b.chance(0.5)
    b.link("base", "wood", S.box((d, w, t), (0, 0, h - t / 2)))
    for sx in (-1, 1):
        for sy in (-1, 1):
            c = (sx * (d / 2 - 0.04), sy * leg_y, (h - t) / 2)
            b.add("base", S.cylinder(leg / 2, h - t, c) if round_legs else S.box((leg, leg, h - t), c))
    for sy in (-1, 1):
        b.add("base", S.box((d - 0.08, 0.02, apron), (0, sy * leg_y, h - t - apron / 2)),
              S.box((d - 0.08, 0.02, 0.03), (0, sy * leg_y, 0.1)))
    drawer = w - 2 * 0.11 > 0.12 and b.chance(0.5)
    b.add("base", S.box((0.02, 2 * leg_y, apron), (-d / 2 + 0.04, 0, h - t - apron / 2)))
    if drawer:
        dw = 2 * leg_y - 0.06
        b.add("base", S.box((d * 0.6, dw + 0.02, 0.01), (d / 2 - 0.04 - d * 0.3, 0, h - t - apron - 0.005)))
        P.drawer(b, "drawer", "base", x_face=d / 2 - 0.04, y0=-dw / 2, y1=dw / 2,
                 z0=h - t - apron, z1=h - t, depth=d * 0.55, t=0.018, material="wood",
                 travel=0.75 * d * 0.55, handle="knob")
    else:
        b.add("base", S.box((0.02, 2 * leg_y, apron), (d / 2 - 0.04, 0, h - t - apron / 2)))
    sides = (-1, 1) if b.chance(0.7) else (b.pick((-1, 1)),)
    gate_len = round(min(lw * 0.6, d / 2 - 0.06), 3)
    for sy in sides:
        name = "right" if sy > 0 else "left"
        hinge = (0.0, sy * w / 2, h - t)
        flat = S.box((d, lw, t), (0, sy * (w / 2 + 0.002 + lw / 2), h - t / 2))
        # stored hanging: turned down a quarter turn about the hinge line
        leaf = b.link(f"leaf_{name}", "wood", S.turned(flat, (-sy, 0, 0), math.pi / 2, hinge))
        b.revolute(leaf, "base", (sy, 0, 0), hinge, 0.0, math.pi / 2)
        # the gate: a stile on the pivot, two rails and a leg, folded along the side
        yp, xp = sy * (w / 2 - 0.025), -sy * gate_len / 2
        xl = xp + sy * gate_len
        top = h - t - 0.004
        gate = b.link(f"gate_{name}", "wood", S.cylinder(0.014, top - 0.12, (xp, yp, 0.12 + (top - 0.12) / 2)),
                      S.box((leg, 0.03, top - 0.004), (xl, yp, 0.002 + (top - 0.004) / 2)),
                      *[S.box((abs(xl - xp), 0.025, 0.04), ((xp + xl) / 2, yp, z))
                        for z in (0.2, top - 0.05)])
        b.revolute(gate, "base", (0, 0, 1), (xp, yp, 0.12), 0.0, math.pi / 2)
    return f"gateleg table with {len(sides)} leaves" + (" and a drawer" if drawer else "")


def _along(p, q, z: float):
    """The point at height ``z`` on the segment from ``p`` to ``q`` (3-tuples, z differs)."""
    s = (z - p[2]) / (q[2] - p[2])
    return tuple(p[i] + s * (q[i] - p[i]) for i in range(3))


@kind("high_chair", "furniture")
def high_chair(b: Builder) -> str:
    """Child's high chair: a seat with armrests, a reclining backrest (revolute), a tray that
    slides out (prismatic) and a footrest, either on four splayed legs (two of them on
    wheels on some) or height-adjustable on a pedestal column (prismatic).

    High chairs seat a child 50-60 cm off the floor on a seat of 25-34 cm, armrests 15-20 cm
    over it, on a footprint of 55-75 x 50-65 cm (retail range; EN 14988 sets their safety
    requirements); trays of 45-60 x 22-30 cm pull out 10-15 cm, backrests recline 15-30
    degrees, pedestal seats rise 10-15 cm.
    """
    zs, sd, sw = b.dim(0.5, 0.6), b.dim(0.25, 0.32), b.dim(0.28, 0.34)
    ha, hb = b.dim(0.15, 0.2), b.dim(0.3, 0.4)
    material = b.pick(("wood", "plastic", "metal"))
    za, ya = zs + ha, sw / 2 + 0.015
    seat_parts = [S.box((sd, sw + 0.06, 0.03), (0, 0, zs - 0.015)),
                  S.box((0.08, sw * 0.8, 0.015), (sd / 2 + 0.1, 0, zs - 0.24)),
                  *[S.bar((sd / 2 - 0.02, sy * sw * 0.3, zs - 0.03), (sd / 2 + 0.1, sy * sw * 0.3, zs - 0.24), 0.02, 0.015)
                    for sy in (-1, 1)]]
    for sy in (-1, 1):
        seat_parts += [S.box((sd + 0.02, 0.03, 0.03), (0.01, sy * ya, za)),
                       S.box((0.03, 0.03, ha), (sd / 2 - 0.015, sy * ya, zs + ha / 2 - 0.015)),
                       S.box((0.03, 0.03, ha), (-sd / 2 + 0.015, sy * ya, zs + ha / 2 - 0.015))]
    column = b.chance(0.35)
    if column:
        rf = b.dim(0.25, 0.32)
        b.link("base", "metal", S.cylinder(rf, 0.03, (0, 0, 0.015)),
               S.cylinder(0.03, zs - 0.05 - 0.03, (0, 0, 0.03 + (zs - 0.08) / 2)))
        seat = b.link("seat", material, *seat_parts, S.tube(0.034, 0.042, 0.27, (0, 0, zs - 0.165)))
        b.prismatic(seat, "base", "z", 0.0, b.dim(0.1, 0.15))
        wheels = False
    else:
        df, wf = b.dim(0.55, 0.75), b.dim(0.5, 0.65)
        wheels = b.chance(0.4)
        rw = b.dim(0.035, 0.045)
        seat = "base"
        b.link("base", material, *seat_parts)
        for sy in (-1, 1):
            top_f, top_r = (sd / 2 - 0.03, sy * (sw / 2 + 0.01), zs - 0.03), (-sd / 2 + 0.03, sy * (sw / 2 + 0.01), zs - 0.03)
            foot_f, foot_r = (df / 2, sy * wf / 2, 0.0), (-df / 2, sy * wf / 2, rw if wheels else 0.0)
            b.add("base", S.rod(top_f, foot_f, 0.014), S.rod(top_r, foot_r, 0.014))
            if wheels:
                hub = (-df / 2, sy * (wf / 2 + 0.025), rw)
                b.add("base", S.rod(foot_r, hub, 0.006))
                P.wheel(b, f"wheel_{'lr'[sy > 0]}", "base", hub, "y", rw, 0.02)
        for x_sign, z_foot in ((1, 0.0), (-1, rw if wheels else 0.0)):
            x_top = sd / 2 - 0.03 if x_sign > 0 else -sd / 2 + 0.03
            ends = [_along((x_top, sy * (sw / 2 + 0.01), zs - 0.03), (x_sign * df / 2, sy * wf / 2, z_foot),
                           0.12 + z_foot) for sy in (-1, 1)]
            b.add("base", S.rod(ends[0], ends[1], 0.01))
    back = b.link("backrest", material, S.box((0.025, sw - 0.01, hb), (-sd / 2 - 0.0125, 0, zs - 0.03 + hb / 2)))
    b.revolute(back, seat, (0, -1, 0), (-sd / 2, 0, zs - 0.03), 0.0, b.real(0.25, 0.5))
    td, tw, tt = b.dim(0.22, 0.3), sw + b.dim(0.14, 0.24), 0.03
    x0 = sd / 2 - 0.06
    tray = b.link("tray", "plastic", S.box((td, tw, tt), (x0 + td / 2, 0, za + 0.015 + tt / 2)))
    b.cut(tray, S.box((td - 0.02, tw - 0.02, tt), (x0 + td / 2, 0, za + 0.015 + tt / 2 + 0.008)))
    b.prismatic(tray, seat, "x", 0.0, b.dim(0.1, 0.15))
    if column:
        return "pedestal high chair with a height-adjustable seat"
    return f"{material} high chair on four legs" + (" with wheels" if wheels else "")


@kind("ironing_board", "furniture")
def ironing_board(b: Builder) -> str:
    """Ironing board: a board with a rounded nose on two crossed tubular U frames pinned under
    it (the outer frame and the inner frame each fold flat under the board, revolute; the
    inner frame's foot bar passes between the outer frame's legs) and on some a
    flip-down iron rest at the square end; full-size or a short tabletop board.

    Full-size boards are 1.1-1.4 m long and 0.33-0.46 m wide, 0.75-0.95 m high; tabletop
    boards 0.6-0.8 m long, 0.3-0.35 m wide and 0.15-0.2 m high (retail range); legs are
    19-25 mm tube, the iron rest 16-20 cm deep.
    """
    full = b.chance(0.7)
    if full:
        L, W, H = b.dim(1.1, 1.4), b.dim(0.33, 0.46), b.dim(0.75, 0.95)
        a, f, tr = b.dim(0.12, 0.2), b.dim(0.28, 0.38), 0.011
    else:
        L, W, H = b.dim(0.6, 0.8), b.dim(0.3, 0.35), b.dim(0.15, 0.2)
        a, f, tr = b.dim(0.05, 0.08), b.dim(0.12, 0.16), 0.008
    t = 0.025
    nose = S.cylinder(W / 2, t, (0, 0, 0))
    nose.apply_scale((1.6, 1.0, 1.0))
    nose.apply_translation((L / 2 - 0.8 * W, 0, H - t / 2))
    rear = -L / 2
    b.link("base", "metal", S.box((L - 0.8 * W, W, t), (rear + (L - 0.8 * W) / 2, 0, H - t / 2)), nose)
    zp = H - t - 0.012
    xc = rear + 0.06 + f
    wa = W / 2 - 0.03
    wb = wa - 3 * tr - 0.012
    for name, pivot_x, foot_x, half, axis in (("outer_legs", xc - a, xc + f, wa, (0, -1, 0)),
                                              ("inner_legs", xc + a, xc - f, wb, (0, 1, 0))):
        top, foot = (pivot_x, zp), (foot_x, tr)
        b.add("base", *[S.box((0.03, 0.008, 0.014), (pivot_x, sy * (half + tr + 0.006), zp + 0.005))
                        for sy in (-1, 1)])
        # two pins into the brackets, not an axle across: the other frame folds through there
        legs = b.link(name, "metal",
                      *[S.rod((top[0], sy * half, top[1]), (foot[0], sy * half, foot[1]), tr) for sy in (-1, 1)],
                      *[S.rod((top[0], sy * (half - tr), top[1]), (top[0], sy * (half + tr + 0.006), top[1]), tr * 0.6)
                        for sy in (-1, 1)],
                      S.rod((foot[0], -half - tr, foot[1]), (foot[0], half + tr, foot[1]), tr))
        fold = math.atan2(zp - tr, abs(foot_x - pivot_x))
        b.revolute(legs, "base", axis, (pivot_x, 0, zp), 0.0, round(fold - 0.02, 3))
    if b.chance(0.7):
        depth = b.dim(0.16, 0.2)
        rest = b.link("iron_rest", "metal", S.box((depth, W * 0.7, 0.006), (rear - depth / 2 - 0.003, 0, H - 0.003)))
        b.cut(rest, S.box((depth - 0.04, W * 0.7 - 0.04, 0.02), (rear - depth / 2 - 0.003, 0, H - 0.003)))
        # folded down it stays 1 cm over the floor (a tabletop board's rest stops short)
        up = min(b.real(1.4, 1.57), math.asin(min(1.0, (H - 0.013) / (depth + 0.003))))
        b.revolute(rest, "base", (0, -1, 0), (rear, 0, H - 0.003), 0.0, round(up, 3))
        return f"{'full-size' if full else 'tabletop'} ironing board with an iron rest"
    return f"{'full-size' if full else 'tabletop'} ironing board"
