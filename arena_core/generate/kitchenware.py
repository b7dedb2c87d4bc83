"""Kitchen appliances, second family: chest freezers, bread makers, citrus juicers, food
processors, gas grills, water dispensers and hand meat mincers."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("freezer", "kitchen_appliances")
def freezer(b: Builder) -> str:
    """Chest freezer: an insulated tub (50-75 mm walls) under a lid hinged along its back
    edge, 0-2 wire baskets hanging in the top of the tub that slide along it (prismatic), a
    thermostat dial, and on some a key lock and four swivel casters.

    Chest freezers of 100-500 L are 0.55-1.6 m wide, 0.55-0.75 m deep and 0.82-0.88 m tall
    (typical retail range); the counterbalanced lid stays open at 70-85 degrees, and the
    baskets are 20-30 cm wide and 15-25 cm deep.
    """
    w, d, h = b.dim(0.55, 1.6), b.dim(0.55, 0.75), b.dim(0.82, 0.88)
    wall = b.dim(0.05, 0.075)
    casters = b.chance(0.3)
    z0 = 0.065 if casters else 0.0
    b.link("base", "metal", S.box((d, w, h - z0), (0, 0, z0 + (h - z0) / 2)))
    b.cut("base", S.box((d - 2 * wall, w - 2 * wall, h), (0, 0, z0 + wall + h / 2)))
    lid_t = b.dim(0.05, 0.07)
    lid = b.link("lid", "metal", S.box((d, w, lid_t), (0, 0, h + 0.001 + lid_t / 2)),
                 S.box((0.02, min(0.4, w * 0.4), 0.015), (d / 2 + 0.01, 0, h + 0.001 + lid_t / 2)))
    b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h + 0.001), 0.0, b.real(1.2, 1.45))
    inner_w, inner_d = w - 2 * wall, d - 2 * wall
    baskets = b.count(0, 2) if inner_w > 0.7 else b.count(0, 1)
    if baskets:
        bw = min(b.dim(0.2, 0.3), inner_w * (0.45 if baskets == 1 else 0.35))
        bh = b.dim(0.15, 0.25)
        travel = inner_w - baskets * bw - 0.006 * (baskets + 1)
        for k in range(baskets):
            side = -1 if k == 0 else 1
            yc = side * (inner_w / 2 - 0.006 - bw / 2)
            P.shell(b, f"basket_{k}", "metal", (inner_d - 0.02, bw, bh), (0, yc, h - 0.006 - bh / 2),
                    0.004, open_face="+z")
            b.prismatic(f"basket_{k}", "base", (0, -side, 0), 0.0, travel)
    zk = z0 + (h - z0) * 0.3
    P.knob(b, "thermostat", "base", (d / 2, w / 2 - 0.07, zk), "x", 0.02, 0.015,
           limits=(0.0, 1.5 * math.pi))
    if b.chance(0.5):
        P.knob(b, "lock", "base", (d / 2, -w / 2 + 0.08, h - 0.04), "x", 0.009, 0.008,
               limits=(0.0, math.pi / 2), material="metal")
    if casters:
        for sx in (-1, 1):
            for sy in (-1, 1):
                P.caster(b, f"caster_{'bf'[sx > 0]}{'lr'[sy > 0]}", "base",
                         (sx * (d / 2 - 0.06), sy * (w / 2 - 0.06), z0), 0.026)
    return f"chest freezer with {baskets} basket{'s' if baskets != 1 else ''}"


@kind("bread_maker", "kitchen_appliances")
def bread_maker(b: Builder) -> str:
    """Bread machine: a housing with the baking chamber under a lid hinged at the back (with
    or without a window), a fixed loaf pan with one or two kneading paddles (continuous), and
    a row of 3-6 push buttons on the control panel in front of the lid.

    Bread machines for 0.5-1 kg loaves are 22-30 cm wide (36-44 cm for horizontal two-paddle
    pans), 30-42 cm deep and 28-36 cm tall (typical retail range); the lid opens 80-110
    degrees.
    """
    paddles = b.pick((1, 1, 2))
    w = b.dim(0.36, 0.44) if paddles == 2 else b.dim(0.22, 0.3)
    d, h = b.dim(0.3, 0.42), b.dim(0.28, 0.36)
    panel, wall = b.dim(0.08, 0.11), 0.012
    b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)))
    cx0, cx1 = -d / 2 + wall, d / 2 - panel - wall
    depth = h * 0.7
    b.cut("base", S.box((cx1 - cx0, w - 2 * wall, depth + 0.01), ((cx0 + cx1) / 2, 0, h - depth / 2 + 0.005)))
    pan_d, pan_w, pan_h = cx1 - cx0 - 0.02, w - 2 * wall - 0.02, depth - 0.013
    pan_z = h - 0.012 - pan_h / 2
    P.shell(b, "pan", "metal", (pan_d, pan_w, pan_h), ((cx0 + cx1) / 2, 0, pan_z), 0.003, open_face="+z")
    b.fixed("pan", "base")
    floor = pan_z - pan_h / 2 + 0.003
    reach = min(pan_d, pan_w / paddles) / 2 - 0.012
    for k in range(paddles):
        c = ((cx0 + cx1) / 2, (k - (paddles - 1) / 2) * pan_w / paddles, floor + 0.001)
        b.link(f"paddle_{k}", "metal", S.cylinder(0.006, 0.025, (c[0], c[1], c[2] + 0.0125), sections=12),
               S.box((reach, 0.006, 0.018), (c[0] + reach / 2, c[1], c[2] + 0.01)))
        b.continuous(f"paddle_{k}", "pan", "z", c)
    lid_x1, lid_t = d / 2 - panel - 0.002, 0.03
    lid_c = ((-d / 2 + lid_x1) / 2, 0, h + 0.001 + lid_t / 2)
    length = lid_x1 + d / 2
    grip = S.box((0.02, min(0.1, w * 0.4), 0.012), (lid_x1 + 0.01, 0, h + 0.022))
    window = b.chance(0.6)
    if window:  # a frame of four bars around a glass pane
        fx, fy = length * 0.25, w * 0.25
        bars = [S.box((fx, w, lid_t), (lid_c[0] + s * (length - fx) / 2, 0, lid_c[2])) for s in (-1, 1)]
        bars += [S.box((length - 2 * fx, fy, lid_t), (lid_c[0], s * (w - fy) / 2, lid_c[2])) for s in (-1, 1)]
        lid = b.link("lid", "plastic", *bars, grip)
        b.link("window", "glass", S.box((length - 2 * fx + 0.004, w - 2 * fy + 0.004, lid_t / 3), lid_c))
        b.fixed("window", lid)
    else:
        lid = b.link("lid", "plastic", S.box((length, w, lid_t), lid_c), grip)
    b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h + 0.001), 0.0, b.real(1.4, 1.9))
    n = b.count(3, 6)
    pitch = min(0.035, (w - 0.04) / n)
    for k in range(n):
        P.button(b, f"button_{k}", "base", (d / 2 - panel * 0.4, (k - (n - 1) / 2) * pitch, h), "z",
                 min(0.018, pitch - 0.008), 0.002)
    return (f"bread machine with {paddles} paddle{'s' if paddles > 1 else ''}, {n} buttons"
            f"{' and a lid window' if window else ''}")


@kind("juicer", "kitchen_appliances")
def juicer(b: Builder) -> str:
    """Citrus juicer: an electric juicer (a bowl on a motor base, a reamer cone that spins,
    continuous; a dust cover that lifts off or is hinged at the back, or none; a
    drip-stop flap on the spout), or a lever press (a cone on a collecting cup and a press
    arm hinged on a rear column, revolute).

    Electric citrus juicers are 15-22 cm across and 13-25 cm tall with reamer cones 7-10 cm
    across; lever presses stand 27-40 cm tall on a 15-22 cm base and their arm lifts 80-100
    degrees (typical retail ranges).
    """
    r, hb = b.dim(0.075, 0.11), b.dim(0.08, 0.12)
    rc, ch = b.dim(0.035, min(0.05, r - 0.02)), b.dim(0.045, 0.06)
    if b.chance(0.65):
        bowl_h = b.dim(0.05, 0.07)
        top = hb + bowl_h
        b.link("base", "plastic", S.cylinder(r, hb, (0, 0, hb / 2)),
               S.tube(r - 0.004, r, bowl_h, (0, 0, hb + bowl_h / 2)),
               S.box((0.04, 0.03, 0.015), (r + 0.015, 0, hb + 0.0075)))
        cone = b.link("reamer", "plastic", S.cylinder(rc, 0.012, (0, 0, hb + 0.007)),
                      S.cone(rc, ch, (0, 0, hb + 0.013)))
        b.continuous(cone, "base", "z", (0, 0, hb + 0.001))
        flap = b.link("drip_stop", "plastic", S.box((0.003, 0.026, 0.03), (r + 0.0365, 0, hb - 0.015)))
        b.revolute(flap, "base", (0, -1, 0), (r + 0.035, 0, hb), 0.0, 1.4)
        cover = b.pick(("none", "lift", "hinged"))
        if cover != "none":
            height = max(0.03, hb + 0.013 + ch + 0.015 - top)
            b.link("cover", "plastic", S.tube(r - 0.004, r, height, (0, 0, top + 0.001 + height / 2)),
                   S.cylinder(r, 0.004, (0, 0, top + 0.003 + height)))
            if cover == "lift":
                b.prismatic("cover", "base", "z", 0.0, b.dim(0.1, 0.2))
            else:
                b.revolute("cover", "base", (0, -1, 0), (-r - 0.002, 0, top + 0.001), 0.0, 1.7)
        return "electric citrus juicer" + ("" if cover == "none" else f" with a {cover} cover")
    base_w, col = b.dim(0.15, 0.22), b.dim(0.25, 0.38)
    xh = -base_w / 2 + 0.02
    cup_h = b.dim(0.05, 0.08)
    x1 = max(base_w / 2, 0.06 + rc + 0.03)
    b.link("base", "metal", S.box((x1 + base_w / 2, base_w, 0.02), ((x1 - base_w / 2) / 2, 0, 0.01)),
           S.box((0.04, 0.05, col - 0.013), (xh, 0, 0.01 + (col - 0.013) / 2)),
           S.tube(rc + 0.012, rc + 0.016, cup_h, (0.06, 0, 0.02 + cup_h / 2)),
           S.cylinder(rc + 0.016, 0.004, (0.06, 0, 0.022)),
           S.cone(rc, ch, (0.06, 0, 0.02 + cup_h - 0.01)))
    arm_t = 0.016
    zh = col + arm_t / 2 + 0.004
    tip = 0.06 + rc + 0.06
    dome_h = 0.04
    arm = b.link("arm", "metal", S.box((tip - xh, 0.03, arm_t), ((xh + tip) / 2, 0, zh)),
                 S.cylinder(0.012, 0.05, (xh, 0, zh), "y"),
                 S.rod((0.06, 0, zh), (0.06, 0, zh - 0.03), 0.008),
                 S.tube(rc + 0.004, rc + 0.008, dome_h, (0.06, 0, zh - 0.03 - dome_h / 2)),
                 S.cylinder(rc + 0.008, 0.004, (0.06, 0, zh - 0.03)))
    b.revolute(arm, "base", (0, -1, 0), (xh, 0, zh), 0.0, b.real(1.4, 1.7))
    return "lever citrus press"


@kind("food_processor", "kitchen_appliances")
def food_processor(b: Builder) -> str:
    """Food processor: a motor base, a bowl with a side handle, an S-blade spinning in it
    (continuous), a twist-lock lid (revolute about the bowl's axis) with a square feed chute
    and its pusher (prismatic), and two to four buttons or a speed dial.

    Food processors of 0.5-3.5 L are 16-26 cm wide, 18-28 cm deep and 30-45 cm tall with
    bowls 14-22 cm across and feed chutes 5-8 cm wide (typical retail range); the lid locks
    with a 20-35 degree turn.
    """
    r, bowl_h = b.dim(0.07, 0.11), b.dim(0.1, 0.16)
    bd, bw, bh = b.dim(max(0.18, 2 * r + 0.01), 0.28), b.dim(max(0.16, 2 * r), 0.26), b.dim(0.1, 0.16)
    b.link("base", "plastic", S.box((bd, bw, bh), (0, 0, bh / 2)))
    # the bowl is sealed under its lid (only the blade, which turns in it, goes inside)
    bowl = b.link("bowl", "plastic", S.cylinder(r, bowl_h, (0, 0, bh + bowl_h / 2)),
                  S.box((0.025, 0.02, 0.02), (0, r + 0.008, bh + bowl_h - 0.03)),
                  S.box((0.025, 0.02, 0.02), (0, r + 0.008, bh + 0.03)),
                  S.box((0.025, 0.018, bowl_h - 0.04), (0, r + 0.027, bh + bowl_h / 2)))
    b.cut(bowl, S.cylinder(r - 0.003, bowl_h - 0.006, (0, 0, bh + bowl_h / 2 + 0.001)))
    b.fixed(bowl, "base", (0, 0, bh))
    floor, rim = bh + 0.004, bh + bowl_h
    blade_top = floor + min(0.07, bowl_h * 0.5)
    reach = r - 0.012
    b.link("blade", "metal", S.cylinder(0.012, blade_top - floor - 0.001, (0, 0, (floor + blade_top) / 2 + 0.0005)),
           S.box((2 * reach, 0.02, 0.002), (0, 0, floor + 0.012)),
           S.box((0.02, 2 * reach, 0.002), (0, 0, floor + 0.03)))
    b.continuous("blade", bowl, "z", (0, 0, floor))
    ft_r, ft_h = b.dim(0.025, min(0.04, r * 0.45)), b.dim(0.06, 0.1)
    fx = r - ft_r - 0.008
    lid_z = rim + 0.001
    lid = b.link("lid", "plastic", S.cylinder(r + 0.002, 0.008, (0, 0, lid_z + 0.004)),
                 *[S.box((0.004, 2 * ft_r, ft_h), (fx + s * (ft_r - 0.002), 0, lid_z + ft_h / 2)) for s in (-1, 1)],
                 *[S.box((2 * ft_r - 0.008, 0.004, ft_h), (fx, s * (ft_r - 0.002), lid_z + ft_h / 2)) for s in (-1, 1)])
    b.revolute(lid, bowl, "z", (0, 0, lid_z), -b.real(0.35, 0.6), 0.0)
    pusher = b.link("pusher", "plastic",
                    S.box((2 * ft_r - 0.014, 2 * ft_r - 0.014, ft_h + 0.003), (fx, 0, lid_z + ft_h / 2 + 0.0105)),
                    S.box((2 * ft_r + 0.008, 2 * ft_r + 0.008, 0.01), (fx, 0, lid_z + ft_h + 0.008)))
    b.prismatic(pusher, lid, "z", 0.0, ft_h * 0.9)
    if b.chance(0.5):
        n = b.count(2, 4)
        for k in range(n):
            P.button(b, f"button_{k}", "base", (bd / 2, (k - (n - 1) / 2) * 0.032, bh * 0.45), "x",
                     0.022, 0.003)
        return f"food processor with {n} buttons"
    P.knob(b, "speed_dial", "base", (bd / 2, 0, bh * 0.45), "x", 0.022, 0.018, limits=(-1.2, 1.2))
    return "food processor with a speed dial"


@kind("grill", "kitchen_appliances")
def grill(b: Builder) -> str:
    """Gas grill on a cart: a firebox under a hood hinged at the back, 2-5 burner knobs
    (revolute), an igniter button on some, a cabinet cart with no, one or two doors, two
    wheels at the back, and 0-2 side shelves that fold down (revolute) or are fixed.

    Two- to five-burner gas grills have fireboxes 0.5-0.85 m wide and 0.4-0.55 m deep with
    the grate 0.86-0.95 m over the floor, hoods 0.2-0.28 m tall opening about 70-85 degrees,
    side shelves 0.25-0.4 m wide and wheels 16-20 cm across (typical retail range).
    """
    w, d = b.dim(0.5, 0.85), b.dim(0.4, 0.55)
    z_f, fbh = b.dim(0.86, 0.95), b.dim(0.18, 0.24)
    z_c, z0, t = z_f - fbh, 0.12, 0.015
    b.link("base", "metal", *P.carcass(w, d, z_c - z0, t, z0=z0),
           *[S.box((d, 0.004, fbh), (0, s * (w / 2 - 0.002), z_c + fbh / 2)) for s in (-1, 1)],
           *[S.box((0.004, w - 0.008, fbh), (s * (d / 2 - 0.002), 0, z_c + fbh / 2)) for s in (-1, 1)],
           S.box((d, w, 0.004), (0, 0, z_c + 0.002)),
           S.box((0.06, w, 0.1), (d / 2 + 0.03, 0, z_c + 0.05)),
           *[S.box((0.04, 0.04, z0), (d / 2 - 0.02, s * (w / 2 - 0.02), z0 / 2)) for s in (-1, 1)],
           S.rod((-d / 2 + 0.09, -w / 2 - 0.027, 0.09), (-d / 2 + 0.09, w / 2 + 0.027, 0.09), 0.01))
    for s, side in ((-1, "left"), (1, "right")):
        P.wheel(b, f"wheel_{side}", "base", (-d / 2 + 0.09, s * (w / 2 + 0.027), 0.09), "y", 0.09, 0.04)
    hh = b.dim(0.2, 0.28)
    P.shell(b, "hood", "metal", (d, w, hh), (0, 0, z_f + 0.002 + hh / 2), 0.004, open_face="-z")
    b.add("hood", *P.handle((d / 2, 0, z_f + 0.002 + hh * 0.45), length=w * 0.6, vertical=False))
    b.revolute("hood", "base", (0, -1, 0), (-d / 2, 0, z_f + 0.002), 0.0, b.real(1.2, 1.45))
    knobs = b.count(2, 5)
    pitch = (w - 0.08) / knobs
    for k in range(knobs):
        P.knob(b, f"knob_{k}", "base", (d / 2 + 0.06, -w / 2 + 0.04 + pitch * (k + 0.5), z_c + 0.05), "x",
               min(0.022, pitch * 0.3), 0.025, limits=(0.0, 1.5 * math.pi))
    if b.chance(0.5):
        P.button(b, "igniter", "base", (d / 2 + 0.06, w / 2 - 0.025, z_c + 0.085), "x", 0.012, 0.003,
                 round_=True)
    doors = b.count(0, 2)
    ys = [(-w / 2 + t, w / 2 - t)] if doors == 1 else [(-w / 2 + t, 0.0), (0.0, w / 2 - t)]
    for k in range(doors):
        hinge = b.pick(("left", "right")) if doors == 1 else ("left", "right")[k]
        P.door(b, f"door_{k}", "base", x_face=d / 2, y0=ys[k][0], y1=ys[k][1], z0=z0 + t,
               z1=z_c - t, t=t, hinge=hinge, material="metal", max_angle=b.real(1.4, 1.6))
    shelves = 0
    for s, side in ((-1, "left"), (1, "right")):
        if not b.chance(0.7):
            continue
        shelves += 1
        sw, zs = b.dim(0.25, 0.4), z_c + 0.1
        yin = s * (w / 2 + 0.003)
        b.link(f"shelf_{side}", "metal", S.box((d * 0.9, sw, 0.02), (0, yin + s * sw / 2, zs - 0.01)))
        if b.chance(0.6):
            b.revolute(f"shelf_{side}", "base", (-s, 0, 0), (0, yin, zs - 0.02), 0.0, 1.5)
        else:
            b.fixed(f"shelf_{side}", "base")
    return f"{knobs}-burner gas grill with {doors} door{'s' if doors != 1 else ''} and {shelves} shelves"


@kind("water_dispenser", "kitchen_appliances")
def water_dispenser(b: Builder) -> str:
    """Water cooler: a tower with a dispensing niche, two or three taps worked by paddle
    levers (revolute) or push buttons (prismatic), a drip tray that slides out, a door on
    the lower compartment hinged on either side, and on top-loading models an inverted
    19 L bottle on top (a solid body, as heavy as a full bottle; bottom-loading models keep
    it behind the door).

    Floor-standing water coolers for 11-19 L (3-5 US gallon) bottles are 0.28-0.34 m wide,
    0.3-0.38 m deep and 0.85-1.05 m tall without the bottle; the bottles are 0.26-0.28 m
    across and 0.48-0.5 m tall (typical retail range).
    """
    w, d, h = b.dim(0.28, 0.34), b.dim(0.3, 0.38), b.dim(0.85, 1.05)
    b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)))
    nd, nw, nh = b.dim(0.1, 0.14), w - 0.06, b.dim(0.2, 0.28)
    zn0 = h - 0.12 - nh
    b.cut("base", S.box((nd + 0.01, nw, nh), (d / 2 - nd / 2 + 0.005, 0, zn0 + nh / 2)))
    tray = b.link("drip_tray", "plastic", S.box((nd - 0.01, nw - 0.008, 0.004), (d / 2 - nd / 2 - 0.002, 0, zn0 + 0.003)),
                  *[S.box((nd - 0.01, 0.004, 0.018), (d / 2 - nd / 2 - 0.002, s * (nw / 2 - 0.006), zn0 + 0.01))
                    for s in (-1, 1)])
    b.prismatic(tray, "base", "x", 0.0, nd * 0.8)
    taps = b.pick((2, 2, 3))
    paddles = b.chance(0.5)
    xn = d / 2 - nd / 2
    for k in range(taps):
        y = (k - (taps - 1) / 2) * nw / taps
        b.add("base", S.cylinder(0.008, 0.025, (xn, y, zn0 + nh - 0.0125), sections=12))
        if paddles:
            b.link(f"tap_{k}", "plastic", S.box((0.004, 0.03, 0.05), (xn + 0.022, y, zn0 + nh - 0.035)),
                   S.cylinder(0.004, 0.03, (xn + 0.022, y, zn0 + nh - 0.01), "y", sections=8))
            b.revolute(f"tap_{k}", "base", "y", (xn + 0.022, y, zn0 + nh - 0.01), 0.0, 0.35)
        else:
            P.button(b, f"tap_{k}", "base", (d / 2, y, zn0 + nh + 0.05), "x", 0.02, 0.003, round_=True)
    if b.chance(0.5):
        br, bh = b.dim(0.13, 0.14), b.dim(0.48, 0.5)
        b.add("base", S.tube(0.03, 0.05, 0.03, (0, 0, h + 0.015)))
        bottle = b.link("bottle", "plastic", S.cylinder(br, bh - 0.12, (0, 0, h + 0.1 + (bh - 0.12) / 2)),
                        S.cone(br - 0.002, 0.078, (0, 0, h + 0.102), (0, 0, -1)),
                        S.cylinder(0.028, 0.08, (0, 0, h + 0.04), sections=20))
        b.fixed(bottle, "base")
        loading = "top-loading"
    else:
        loading = "bottom-loading"
    dz1 = zn0 - 0.06
    b.cut("base", S.box((d - 0.02, w - 0.02, dz1 - 0.06), (0.01, 0, 0.04 + (dz1 - 0.04) / 2)))
    P.door(b, "door", "base", x_face=d / 2, y0=-w / 2 + 0.005, y1=w / 2 - 0.005, z0=0.04, z1=dz1,
           t=0.012, hinge=b.pick(("left", "right")), material="plastic", max_angle=b.real(1.5, 1.9),
           handle=b.pick(("bar", "edge")))
    return f"{loading} water cooler with {taps} {'paddle taps' if paddles else 'push-button taps'}"


@kind("meat_grinder", "kitchen_appliances")
def meat_grinder(b: Builder) -> str:
    """Hand meat mincer: a horizontal barrel under a hopper, a crank at the back (continuous)
    with a spinning grip (continuous), a front ring nut that unscrews (helical) to free the
    cutting plate, and a table clamp whose screw tightens up (helical) or a suction foot
    with its lever (revolute).

    Hand mincers are sized by their plate: No. 5 about 54 mm across, No. 8 62 mm, No. 10 70
    mm and No. 22 82 mm, their barrels 12-20 cm long and cranks 12-20 cm (typical
    manufacturers' range); ring nuts have coarse threads of 3-5 mm per turn.
    """
    plate = b.pick((0.054, 0.062, 0.07, 0.082))
    r, length = plate / 2 + 0.004, b.dim(0.12, 0.2)
    clamp = b.chance(0.6)
    zt = 0.0 if not clamp else b.dim(0.03, 0.05) + 0.03  # the table top (the clamp's jaw)
    zb = zt + r + (b.dim(0.03, 0.06) if clamp else b.dim(0.05, 0.08))
    hop = b.dim(0.06, 0.1)
    b.link("base", "metal", S.cylinder(r, length, (0, 0, zb), "x"),
           S.box((0.05, 0.05, zb - zt - r + 0.01), (0, 0, zt + (zb - zt - r + 0.01) / 2)),
           *[S.box((hop, 0.004, hop * 0.7), (-0.01, s * (hop / 2 - 0.002), zb + r + hop * 0.35 - 0.005)) for s in (-1, 1)],
           *[S.box((0.004, hop, hop * 0.7), (-0.01 + s * (hop / 2 - 0.002), 0, zb + r + hop * 0.35 - 0.005)) for s in (-1, 1)])
    if clamp:
        gap, jaw = zt - 0.03, 0.012
        b.add("base", S.box((0.07, 0.05, 0.012), (0.01, 0, zt + 0.006)),
              S.box((0.015, 0.04, gap + 2 * jaw), (0.04, 0, zt - gap / 2)),
              S.box((0.06, 0.04, jaw), (0.015, 0, zt - gap - jaw / 2)))
        zs = zt - gap
        screw = b.link("clamp_screw", "metal", S.cylinder(0.005, jaw + 0.02, (0.0, 0, zs - jaw / 2 - 0.002)),
                       S.cylinder(0.012, 0.004, (0.0, 0, zs + 0.002 + 0.006)),
                       S.box((0.008, 0.06, 0.008), (0.0, 0, zs - jaw - 0.012)))
        pitch = 0.0025 / (2 * math.pi)
        b.helical(screw, "base", "z", (0.0, 0, zs), 0.0, (gap - 0.012) / pitch, pitch)
    else:
        b.add("base", S.cylinder(0.045, 0.012, (0, 0, 0.006)))
        lever = b.link("suction_lever", "plastic", S.box((0.03, 0.012, 0.008), (-0.04, 0, zb - r - 0.02)))
        b.revolute(lever, "base", (0, 1, 0), (-0.025, 0, zb - r - 0.024), 0.0, 1.2)
    nut = b.link("ring_nut", "metal", S.tube(r - 0.006, r + 0.006, 0.02, (length / 2 + 0.008, 0, zb), "x"),
                 S.cylinder(r - 0.004, 0.004, (length / 2 + 0.014, 0, zb), "x"))
    pitch = b.real(0.003, 0.005) / (2 * math.pi)
    b.helical(nut, "base", "x", (length / 2, 0, zb), 0.0, 0.015 / pitch, pitch)
    arm = b.dim(0.12, 0.2)
    xc = -length / 2 - 0.015
    b.link("crank", "metal", S.cylinder(0.01, 0.02, (xc + 0.005, 0, zb), "x", sections=12),
           S.bar((xc, 0, zb), (xc, 0, zb + arm), 0.01, 0.02))
    b.continuous("crank", "base", "x", (xc + 0.015, 0, zb))
    grip = b.dim(0.06, 0.09)
    b.link("grip", "wood", S.cylinder(0.013, grip, (xc - 0.008 - grip / 2, 0, zb + arm), "x"))
    b.continuous("grip", "crank", "x", (xc - 0.008, 0, zb + arm))
    return f"hand meat mincer No. {({0.054: 5, 0.062: 8, 0.07: 10, 0.082: 22})[plate]} with a {'table clamp' if clamp else 'suction foot'}"
