"""More toys and recreation: guitars (acoustic, electric, bass, ukulele), folding game cases,
exercise bikes, foosball tables, toy robots, folding table tennis tables, spinning reels."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Guitar family -> (overall length, body length, lower-bout width, depth) ranges in m.
_GUITARS = {
    "acoustic": ((0.97, 1.03), (0.48, 0.51), (0.38, 0.41), (0.1, 0.125)),
    "electric": ((0.96, 1.0), (0.44, 0.46), (0.32, 0.33), (0.042, 0.047)),
    "bass": ((1.14, 1.2), (0.47, 0.5), (0.33, 0.35), (0.042, 0.047)),
    "ukulele": ((0.53, 0.66), (0.24, 0.3), (0.16, 0.24), (0.06, 0.075)),
}


def _tuners(b: Builder, x0: float, head_w: float, z: float, count: int, inline: bool) -> None:
    """``count`` tuning keys (continuous about Y) along the headstock from ``x0``: all on one
    side (``inline``) or half on each side."""
    step = 0.024 if inline else 0.035
    for k in range(count):
        sy = 1.0 if inline or k % 2 else -1.0
        x = x0 + step * (k if inline else k // 2)
        y = sy * head_w / 2
        key = b.link(f"tuner_{k}", "metal", S.rod((x, y, z), (x, y + sy * 0.012, z), 0.003, sections=8),
                     S.box((0.014, 0.004, 0.01), (x, y + sy * 0.014, z)))
        b.continuous(key, "base", (0, sy, 0), (x, y, z))


@kind("guitar", "toys_recreation")
def guitar(b: Builder) -> str:
    """Guitar lying on its back: body, neck and headstock (base), 4 or 6 tuning keys turning
    (continuous) in a 3+3 / 2+2 or in-line layout; electric guitars and basses add 2-4
    volume and tone knobs (revolute), a pickup selector (revolute) and on some a tremolo arm
    (revolute).

    Manufacturers' published specifications: acoustic guitars 0.97-1.03 m long with bodies
    0.38-0.41 m wide and 0.1-0.125 m deep (Martin dreadnought); solid-body electrics 0.96-1.0
    m, bodies 0.32-0.33 m wide and 42-47 mm thick (Fender Stratocaster, Gibson Les Paul);
    basses 1.14-1.2 m (34 in scale); ukuleles 0.53-0.66 m (soprano to tenor).
    """
    family = b.pick(tuple(_GUITARS))
    (ln, bl, wd, dp) = [b.dim(*r) for r in _GUITARS[family]]
    r1 = wd / 2
    r2 = r1 * b.real(0.72, 0.8)
    hollow = family in ("acoustic", "ukulele")
    solid = "foam" if hollow else "wood"  # a hollow body weighs what a solid of foam would
    b.link("base", solid, S.cylinder(r1, dp, (r1, 0, dp / 2)), S.cylinder(r2, dp, (bl - r2, 0, dp / 2)),
           S.box((bl - r1 - r2, 1.2 * r2, dp), ((r1 + bl - r2) / 2, 0, dp / 2)))
    inline = family in ("electric", "bass") and b.chance(0.6)
    count = {"acoustic": 6, "electric": 6, "bass": 4, "ukulele": 4}[family]
    step = 0.024 if inline else 0.035
    head_l = step * (count if inline else count // 2) + 0.04
    head_w = 0.055 if inline else 0.075
    nw = 0.035 if family == "ukulele" else b.dim(0.041, 0.046)
    zn = dp + 0.006 - 0.011
    b.add("base", S.box((ln - head_l - bl + 0.01, nw, 0.022), ((ln - head_l + bl - 0.01) / 2, 0, zn)),
          S.box((head_l, head_w, 0.016), (ln - head_l / 2, 0, zn)),
          S.box((0.02, wd * 0.25, 0.01), (r1 * 0.7, 0, dp + 0.005)))
    _tuners(b, ln - head_l + 0.03, head_w, zn, count, inline)
    extras = ""
    if family in ("electric", "bass"):
        knobs = b.count(2, 4 if family == "electric" else 3)
        for k in range(knobs):
            P.knob(b, f"knob_{k}", "base", (r1 * 0.45 + 0.035 * k, -r1 * 0.55, dp), "z", 0.01, 0.016,
                   limits=(0.0, 5.2))
        xs, ys = bl - r2, -r2 * 0.55
        lever = b.link("selector", "plastic", S.box((0.004, 0.004, 0.018), (xs, ys, dp + 0.011)))
        b.add("base", S.cylinder(0.006, 0.004, (xs, ys, dp + 0.002), sections=12))
        b.revolute(lever, "base", "x", (xs, ys, dp + 0.003), -0.35, 0.35)
        extras = f" with {knobs} knobs"
        if family == "electric" and b.chance(0.4):
            xp, yp = r1 * 0.7 - 0.03, -wd * 0.125 - 0.01
            arm = b.link("tremolo_arm", "metal", S.rod((xp, yp, dp), (xp, yp, dp + 0.03), 0.0025, sections=8),
                         S.rod((xp, yp, dp + 0.03), (xp - 0.13, yp - 0.03, dp + 0.03), 0.0025, sections=8))
            b.revolute(arm, "base", "z", (xp, yp, dp), -0.8, 0.8)
            extras += " and a tremolo arm"
    return f"{family} guitar{extras}"


@kind("board_game", "toys_recreation")
def board_game(b: Builder) -> str:
    """Folding game case (chess or backgammon): two hollow trays, the lid opening flat like a
    book (revolute, half a turn) to show the board inside, 1-2 latches (revolute) on the
    front, and on some 1-2 drawers for the pieces in a deeper base (prismatic).

    FIDE Handbook (standards of chess equipment): squares 50-65 mm for tournament boards;
    folding travel and home boards have 35-60 mm squares and trays 25-40 mm deep (typical
    retail range); backgammon cases are the same size.
    """
    sq, dh = b.dim(0.035, 0.06), b.dim(0.025, 0.04)
    side = 8 * sq + 2 * b.dim(0.015, 0.025)
    half = side / 2
    drawers = b.count(1, 2) if b.chance(0.35) else 0
    dz = b.dim(0.035, 0.05) if drawers else 0.0
    t = 0.006
    material = b.pick(("wood", "wood", "plastic"))
    top = dz + dh
    b.link("base", material, S.box((half, side, top), (0, 0, top / 2)))
    b.cut("base", S.box((half - 2 * t, side - 2 * t, dh), (0, 0, top - dh / 2 + t)))
    if drawers:
        b.cut("base", S.box((half, side - 2 * t, dz - t - 0.001), (t, 0, (t + dz - 0.001) / 2)))
    lid = b.link("lid", material, S.box((half, side, dh), (0, 0, top + dh / 2)))
    b.cut(lid, S.box((half - 2 * t, side - 2 * t, dh), (0, 0, top + dh / 2 - t)))
    b.revolute(lid, "base", (0, -1, 0), (-half / 2, 0, top), 0.0, math.pi)
    latches = b.count(1, 2)
    for k in range(latches):
        y = 0.0 if latches == 1 else (k - 0.5) * side * 0.6
        latch = b.link(f"latch_{k}", "metal", S.box((0.002, 0.014, 0.024), (half / 2 + 0.003, y, top + 0.006)))
        b.revolute(latch, "base", (0, 1, 0), (half / 2 + 0.002, y, top - 0.006), 0.0, 1.5)
    for k in range(drawers):
        y0 = -side / 2 + t + k * (side - 2 * t) / drawers
        y1 = y0 + (side - 2 * t) / drawers
        P.drawer(b, f"drawer_{k}", "base", x_face=half / 2 - 0.008, y0=y0, y1=y1, z0=t, z1=dz - 0.003,
                 depth=half - 0.03, t=0.008, material=material, travel=round(half * 0.6, 3), handle="knob")
    game = b.pick(("chess", "backgammon"))
    return f"folding {game} case" + (f" with {drawers} drawer{'s' * (drawers > 1)}" if drawers else "")


@kind("exercise_bike", "toys_recreation")
def exercise_bike(b: Builder) -> str:
    """Exercise bike: the frame on two floor stabilizers (base), the crank (continuous) with
    its two pedals (continuous), the seat post sliding up its tube (prismatic) and the
    resistance knob (revolute); an upright bike has its flywheel in the frame's shroud and a
    console, a spin bike an open flywheel (continuous), a fore-aft saddle slider (prismatic)
    and a height-adjustable handlebar post (prismatic).

    ISO 20957-5 stationary exercise bicycles; retail range 1.0-1.25 m long, 0.5-0.6 m wide,
    saddles at 0.75-1.05 m, cranks 165-175 mm, spin-bike flywheels 0.4-0.46 m across
    (13-22 kg).
    """
    spin = b.chance(0.5)
    ln, wd = b.dim(1.0, 1.2), b.dim(0.5, 0.6)
    zb, crank, q = b.dim(0.28, 0.33), b.dim(0.165, 0.175), b.dim(0.09, 0.11)
    xr, xf = -ln / 2 + 0.04, ln / 2 - 0.04
    seat_top = (-0.14, 0, b.dim(0.72, 0.8))
    head_top = (ln * 0.38, 0, b.dim(0.85, 0.95))
    b.link("base", "aluminum", S.box((ln - 0.1, 0.06, 0.05), (0, 0, 0.025)),
           *[S.box((0.07, wd, 0.05), (x, 0, 0.025)) for x in (xr, xf)],
           S.cylinder(0.03, 0.08, (0, 0, zb), "y", sections=16),
           S.bar((0, 0, zb), seat_top, 0.05, 0.05), S.bar((xf - 0.08, 0, 0.05), head_top, 0.05, 0.05),
           S.bar((0, 0, zb), (xf - 0.08, 0, 0.05), 0.05, 0.05))
    if not spin:  # the flywheel's shroud, narrower than the cranks
        b.add("base", S.cylinder(0.2, 0.12, (0.22, 0, zb + 0.06), "y"))
    arms = [S.rod((0, -q - 0.006, zb), (0, q + 0.006, zb), 0.012)]
    for sy in (-1, 1):
        arms.append(S.bar((0, sy * q, zb), (sy * crank, sy * q, zb), 0.012, 0.03))
    b.link("crank", "metal", *arms)
    b.continuous("crank", "base", "y", (0, 0, zb))
    for side, sy in (("left", -1), ("right", 1)):
        y = sy * (q + 0.012)
        pedal = b.link(f"pedal_{side}", "plastic", S.rod((sy * crank, y - sy * 0.006, zb), (sy * crank, y + sy * 0.02, zb), 0.006, sections=8),
                       S.box((0.1, 0.08, 0.025), (sy * crank, y + sy * 0.06, zb)))
        b.continuous(pedal, "crank", "y", (sy * crank, y, zb))
    axis = np.subtract(seat_top, (0, 0, zb))
    axis = axis / S.length(axis)
    post = b.link("seat_post", "metal", S.rod(np.add(seat_top, -0.2 * axis), np.add(seat_top, 0.05 * axis), 0.018))
    b.prismatic(post, "base", axis, 0.0, b.dim(0.12, 0.2), point=seat_top)
    saddle_z = seat_top[2] + 0.05 * axis[2] + 0.03
    saddle = S.box((0.26, 0.16, 0.05), (seat_top[0] + 0.05 * axis[0] - 0.02, 0, saddle_z))
    if spin:
        slider = b.link("saddle_slider", "metal", saddle, S.box((0.1, 0.04, 0.02), (seat_top[0] + 0.05 * axis[0], 0, saddle_z - 0.03)))
        b.prismatic(slider, post, "x", -0.04, 0.04)
        hx = np.subtract(head_top, (xf - 0.08, 0, 0.05))
        hx = hx / S.length(hx)
        bars = b.link("handlebar_post", "metal", S.rod(np.add(head_top, -0.2 * hx), np.add(head_top, 0.06 * hx), 0.018),
                      S.bar(np.add(head_top, 0.06 * hx), np.add(head_top, 0.06 * hx + (-0.12, 0, 0.04)), 0.44, 0.03))
        b.prismatic(bars, "base", hx, 0.0, b.dim(0.08, 0.14), point=head_top)
        fw = b.link("flywheel", "metal", S.cylinder(b.dim(0.2, 0.23), 0.02, (0.3, 0, zb + 0.05), "y"))
        b.continuous(fw, "base", "y", (0.3, 0, zb + 0.05))
        knob_at, knob_axis = np.add(np.add(head_top, -0.16 * hx), (0.025 * hx[2], 0, -0.025 * hx[0])), (hx[2], 0, -hx[0])
    else:
        b.add("base", S.bar(head_top, np.add(head_top, (-0.1, 0, 0.05)), 0.5, 0.03),
              S.box((0.06, 0.22, 0.15), (head_top[0] + 0.03, 0, head_top[2] + 0.08)))
        knob_at, knob_axis = (head_top[0] + 0.06, 0.06, head_top[2] + 0.06), "x"
    P.knob(b, "resistance_knob", "base", knob_at, knob_axis, 0.02, 0.02, limits=(0.0, 5.0))
    return f"{'spin' if spin else 'upright'} exercise bike"


#: Players on each rod, goal to goal, for tables of 4, 6 and 8 rods.
_FOOSBALL_RODS = {4: (2, 3, 3, 2), 6: (1, 2, 3, 3, 2, 1), 8: (1, 2, 3, 5, 5, 3, 2, 1)}


@kind("foosball_table", "toys_recreation")
def foosball_table(b: Builder) -> str:
    """Foosball table: the cabinet (base) and 4, 6 or 8 rods, each sliding across the field
    (prismatic) and carrying its 1-5 players and handle, which spin about it (continuous);
    full-size tables stand on legs, minis sit on a table top.

    ITSF-sanctioned tables (e.g. Tornado, Garlando): 1.15-1.2 m x 0.65-0.7 m playfields, 0.9 m
    high, 8 rods of 16 mm; tabletop minis 0.6-0.9 m long with 4-6 rods (typical retail range).
    """
    full = b.chance(0.25)
    ln, wd = (b.dim(1.15, 1.2), b.dim(0.65, 0.7)) if full else (b.dim(0.6, 0.9), b.dim(0.35, 0.5))
    rods = 8 if full else b.pick((4, 4, 6))
    wall, zf = 0.02, (b.dim(0.68, 0.72) if full else 0.03)
    gap = ln / (rods + 1)
    reach = min(0.07, gap - 0.03)
    zr = zf + reach + 0.01
    hw = zr + 0.06 - zf
    base = [S.box((ln + 2 * wall, wd + 2 * wall, 0.02), (0, 0, zf - 0.01)),
            *[S.box((ln + 2 * wall, wall, hw), (0, sy * (wd + wall) / 2, zf + hw / 2)) for sy in (-1, 1)],
            *[S.box((wall, wd, hw), (sx * (ln + wall) / 2, 0, zf + hw / 2)) for sx in (-1, 1)]]
    if full:
        base += [S.box((0.08, 0.08, zf - 0.02), (sx * (ln / 2 - 0.04), sy * (wd / 2 - 0.04), (zf - 0.02) / 2))
                 for sx in (-1, 1) for sy in (-1, 1)]
    b.link("base", "wood", *base)
    inner = wd / 2
    for k, men in enumerate(_FOOSBALL_RODS[rods]):
        x = -ln / 2 + gap * (k + 1)
        side = 1.0 if k % 2 else -1.0  # the handles alternate sides, team by team
        step = min(0.12, (wd - 0.06) / men)
        travel = round(inner - (men - 1) / 2 * step - 0.014 - 0.004, 3)
        far = inner + wall + travel + 0.01
        rod = b.link(f"rod_{k}", "metal", S.rod((x, -side * (far + 0.02), zr), (x, side * far, zr), 0.008))
        b.prismatic(rod, "base", "y", -travel, travel, point=(x, 0, zr))
        players = [S.box((0.02, 0.028, reach + 0.035), (x, (j - (men - 1) / 2) * step, zr + (0.035 - reach) / 2))
                   for j in range(men)]
        grip = S.cylinder(0.016, 0.1, (x, side * (far + 0.05), zr), "y", sections=12)
        b.link(f"players_{k}", "plastic", *players, grip)
        b.continuous(f"players_{k}", rod, "y", (x, 0, zr))
    return f"{'full-size' if full else 'tabletop'} foosball table with {rods} rods"


@kind("toy_robot", "toys_recreation")
def toy_robot(b: Builder) -> str:
    """Toy robot: the torso (base) with a head turning on its neck (continuous), two arms
    swinging at the shoulders (revolute), on some with elbows (revolute) and gripper claws
    (revolute), walking on two legs (revolute at the hips) or rolling on wheels (continuous),
    and on some a chest hatch (revolute).

    Toy and tin robots stand 0.15-0.35 m tall (typical retail range, e.g. wind-up tin robots
    and plastic action robots), torsos 60-120 mm wide.
    """
    w, d, h = b.dim(0.06, 0.12), b.dim(0.04, 0.07), b.dim(0.07, 0.13)
    material = b.pick(("plastic", "metal"))
    legs = b.chance(0.55)
    low = b.dim(0.05, 0.09) if legs else b.dim(0.03, 0.04)  # leg length or wheel height
    z0 = low + 0.004
    b.link("base", material, S.box((d, w, h), (0, 0, z0 + h / 2)))
    top = z0 + h
    hw, hd = 0.6 * w, min(0.6 * w, d)
    head = b.link("head", material, S.box((hd, hw, hw * 0.8), (0, 0, top + 0.004 + hw * 0.4)),
                  S.rod((0, 0, top + 0.004 + hw * 0.8), (0, 0, top + 0.02 + hw * 0.8), 0.002, sections=6))
    b.continuous(head, "base", "z", (0, 0, top))
    elbows, claws = b.chance(0.5), b.chance(0.4)
    aw = max(0.012, w * 0.2)
    la = h * b.real(0.45, 0.6)
    for side, sy in (("left", -1), ("right", 1)):
        y = sy * (w / 2 + 0.004 + aw / 2)
        zs = top - aw / 2
        upper = la if elbows else la + h * 0.3
        arm = b.link(f"arm_{side}", material, S.box((aw, aw, upper), (0, y, zs + aw / 2 - upper / 2)),
                     S.cylinder(aw * 0.6, 0.006, (0, y - sy * (aw / 2 + 0.001), zs), "y", sections=12))
        b.revolute(arm, "base", "y", (0, y, zs), -math.pi / 2, math.pi)
        end, tip = arm, zs + aw / 2 - upper
        if elbows:
            fl = h * 0.3
            fore = b.link(f"forearm_{side}", material, S.box((aw * 0.9, aw * 0.9, fl), (0, y, tip - 0.004 - fl / 2)))
            b.revolute(fore, arm, "y", (0, y, tip), -1.6, 0.0)
            end, tip = fore, tip - 0.004 - fl
        if claws:
            for part, sx in (("front", 1), ("back", -1)):
                finger = b.link(f"claw_{side}_{part}", "metal", S.box((0.003, aw * 0.6, 0.02), (sx * aw * 0.3, y, tip - 0.012)))
                b.revolute(finger, end, (0, -sx, 0), (sx * aw * 0.3, y, tip - 0.002), 0.0, 0.5)
    if legs:
        for side, sy in (("left", -1), ("right", 1)):
            y = sy * w / 4
            leg = b.link(f"leg_{side}", material, S.box((d * 0.6, w * 0.35, low - 0.012), (0, y, z0 - 0.004 - (low - 0.012) / 2)),
                         S.box((d * 0.9, w * 0.35, 0.012), (d * 0.1, y, 0.006)))
            b.revolute(leg, "base", "y", (0, y, z0), -0.5, 0.5)
    else:
        b.add("base", S.box((d * 0.6, w * 0.5, low - 0.004), (0, 0, z0 - (low - 0.004) / 2 + 0.002)))
        r = low / 2
        for side, sy in (("left", -1), ("right", 1)):
            P.wheel(b, f"wheel_{side}", "base", (0, sy * (w * 0.25 + 0.008 + r * 0.3), r), "y", r, r * 0.6)
    hatch = b.chance(0.4)
    if hatch:
        door = b.link("chest_hatch", material, S.box((0.003, w * 0.5, h * 0.4), (d / 2 + 0.0015, 0, z0 + h * 0.55)))
        b.revolute(door, "base", (0, 0, -1), (d / 2 + 0.003, -w * 0.25, z0 + h * 0.55), 0.0, 1.8)
    return f"toy robot on {'legs' if legs else 'wheels'}" + (" with claws" if claws else "")


@kind("table_tennis_table", "toys_recreation")
def table_tennis_table(b: Builder) -> str:
    """Folding table tennis table: the undercarriage (base) with the net, the two halves of
    the top folding up from the centre line to stand on end (revolute each), rolling on 4
    swivel casters (continuous swivel and wheel) or standing on fixed feet.

    ITTF Handbook (the table): playing surface 2.74 m x 1.525 m, 0.76 m above the floor, net
    0.1525 m high; tops 12-25 mm thick (indoor) to 6 mm (outdoor), the two halves on a
    folding undercarriage with 50-75 mm casters (typical retail range).
    """
    ln, wd, hz = 2.74, 1.525, 0.76
    t = b.dim(0.012, 0.025)
    casters = b.pick((0, 4, 4))
    cr = b.dim(0.025, 0.0375) if casters else 0.0
    frame_top, foot = hz - t - 0.004, 2.3 * cr  # the legs end on the casters' plates
    legs = [S.box((0.05, 0.05, frame_top - foot), (sx * ln * 0.3, sy * (wd / 2 - 0.1), (frame_top + foot) / 2))
            for sx in (-1, 1) for sy in (-1, 1)]
    legs += [S.box((ln * 0.6, 0.04, 0.06), (0, sy * (wd / 2 - 0.1), frame_top - 0.03)) for sy in (-1, 1)]
    legs += [S.box((0.06, wd - 0.2, 0.06), (0, 0, frame_top - 0.03)),
             S.box((0.006, wd + 0.3, 0.1525), (0, 0, hz + 0.0763)),
             *[S.box((0.03, 0.03, 0.1525 + t + 0.02), (0, sy * (wd / 2 + 0.15), hz - t + 0.07)) for sy in (-1, 1)]]
    b.link("base", "metal", *legs)
    for name, sx in (("half_a", 1), ("half_b", -1)):
        top = b.link(name, "wood", S.box((ln / 2 - 0.03, wd, t), (sx * (ln / 4 + 0.015), 0, hz - t / 2)))
        b.revolute(top, "base", (0, -sx, 0), (sx * 0.015, 0, hz), 0.0, math.pi / 2 - 0.02)
    if casters:
        spots = [(sx * ln * 0.3, sy * (wd / 2 - 0.1)) for sx in (-1, 1) for sy in (-1, 1)]
        for k, (x, y) in enumerate(spots):
            P.caster(b, f"caster_{k}", "base", (x, y, 2.3 * cr), cr)
    return "folding table tennis table" + (f" on {casters} casters" if casters else "")


@kind("fishing_reel", "toys_recreation")
def fishing_reel(b: Builder) -> str:
    """Spinning reel, foot up as on the rod: the body, stem and foot (base), the rotor turning
    (continuous) with the bail wire flipping open (revolute), the spool oscillating
    (prismatic) with its drag knob (continuous), the crank on the left or right (continuous)
    with its knob (continuous), and on some an anti-reverse lever (revolute).

    Spinning reels of size 1000-5000 (manufacturers' published specifications, e.g. Shimano,
    Daiwa): bodies 45-70 mm long, spools 36-55 mm across, cranks 40-60 mm, reels weighing
    0.2-0.35 kg.
    """
    k = b.real(0.85, 1.3)

    def p(x, y, z):
        return (x * k, y * k, z * k)

    material = b.pick(("plastic", "aluminum"))
    b.link("base", material, S.box(p(0.055, 0.036, 0.05), p(-0.0025, 0, 0)),
           S.box(p(0.012, 0.01, 0.065), p(-0.005, 0, 0.055)), S.box(p(0.07, 0.016, 0.006), p(-0.005, 0, 0.088)))
    rotor = [S.cylinder(0.02 * k, 0.025 * k, p(0.0375, 0, 0), "x")]
    for sy in (-1, 1):
        rotor += [S.box(p(0.026, 0.004, 0.008), p(0.053, sy * 0.026, 0)), S.box(p(0.01, 0.01, 0.008), p(0.045, sy * 0.022, 0))]
    b.link("rotor", "plastic", *rotor)
    b.continuous("rotor", "base", "x", p(0.025, 0, 0))
    ring = [p(0.066, 0.027 * math.cos(a), 0.027 * math.sin(a)) for a in np.linspace(0, math.pi, 5)]
    b.link("bail", "metal", *[S.bar(ring[i], ring[i + 1], 0.0025 * k, 0.0025 * k) for i in range(4)])
    b.revolute("bail", "rotor", (0, -1, 0), p(0.066, 0, 0), 0.0, 1.5)
    b.link("spool", "aluminum", S.cylinder(0.02 * k, 0.026 * k, p(0.067, 0, 0), "x"))  # its shaft hidden in the rotor
    b.prismatic("spool", "base", "x", 0.0, round(0.008 * k, 4), point=p(0.054, 0, 0))
    P.knob(b, "drag_knob", "spool", p(0.08, 0, 0), "x", 0.009 * k, 0.01 * k)
    side = b.pick((-1, 1))
    la = b.real(0.045, 0.06)
    crank = b.link("crank", "aluminum", S.rod(p(0, side * 0.016, 0), p(0, side * 0.036, 0), 0.003 * k),
                   S.bar(p(0, side * 0.036, 0), p(0, side * 0.036, -la), 0.006 * k, 0.004 * k))
    b.continuous(crank, "base", "y", p(0, side * 0.018, 0))
    knob = b.link("crank_knob", "plastic", S.cylinder(0.007 * k, 0.02 * k, p(0, side * 0.049, -la), "y", sections=12))
    b.continuous(knob, crank, "y", p(0, side * 0.039, -la))
    if b.chance(0.5):
        lever = b.link("anti_reverse", "plastic", S.box(p(0.004, 0.006, 0.012), p(-0.032, 0, -0.028)))
        b.revolute(lever, "base", "y", p(-0.031, 0, -0.025), -0.4, 0.4)
    return f"spinning reel, crank on the {'left' if side > 0 else 'right'}"
