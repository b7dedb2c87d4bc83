"""Kitchen appliances: refrigerators, ovens, microwaves, dishwashers, toasters, coffee
machines, kettles, rice cookers, blenders (hollow housings by boolean difference; front faces +X).
Stand mixers, cooker hoods, waffle makers and air fryers are in
:mod:`arena_core.generate.appliances_b`."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("refrigerator", "kitchen_appliances")
def refrigerator(b: Builder) -> str:
    """Fridge: single, top-freezer, bottom-freezer-drawer, french-door or side-by-side.

    Household refrigerators are 55-95 cm wide (built-under and single-door 55-60 cm, french-door
    and side-by-side 75-91 cm), 60-75 cm deep and 140-195 cm tall (retail range; 60 cm wide
    fridge-freezers stand 176-203 cm tall), with the freezer taking 28-35% of the height; doors
    open 100-120 degrees, freezer drawers run out about 75% of their depth.
    """
    w, d, h, wall = b.dim(0.55, 0.95), b.dim(0.6, 0.75), b.dim(1.4, 1.95), 0.04
    layout = b.pick(("single", "top_freezer", "bottom_drawer", "french", "side_by_side"))
    if w < 0.75 and layout in ("french", "side_by_side"):
        layout = "top_freezer"
    P.shell(b, "base", "plastic", (d, w, h), (0, 0, h / 2), wall)
    xf, y0, y1 = d / 2, -w / 2 + wall / 2, w / 2 - wall / 2
    split = h * b.real(0.28, 0.35)
    b.add("base", S.box((d - wall, w - wall, wall), (0, 0, split)))
    dt, angle = b.dim(0.04, 0.07), b.real(1.75, 2.1)
    door = dict(x_face=xf, t=dt, material="plastic", max_angle=angle, handle="bar")
    if layout == "single":
        P.door(b, "door", "base", y0=y0, y1=y1, z0=0.02, z1=h - 0.01, hinge="left", **door)
    elif layout == "top_freezer":
        top = h - split
        P.door(b, "door", "base", y0=y0, y1=y1, z0=0.02, z1=top, hinge="left", **door)
        P.door(b, "freezer_door", "base", y0=y0, y1=y1, z0=top, z1=h - 0.01, hinge="left", **door)
    elif layout == "bottom_drawer":
        P.door(b, "door", "base", y0=y0, y1=y1, z0=split, z1=h - 0.01, hinge="right", **door)
        P.drawer(b, "freezer_drawer", "base", x_face=xf, y0=y0, y1=y1, z0=0.02, z1=split,
                 depth=d - 2 * wall, t=dt, material="plastic", travel=0.75 * (d - 2 * wall))
    else:
        z0 = split if layout == "french" else 0.02
        P.door(b, "door_left", "base", y0=y0, y1=0.0, z0=z0, z1=h - 0.01, hinge="left", **door)
        P.door(b, "door_right", "base", y0=0.0, y1=y1, z0=z0, z1=h - 0.01, hinge="right", **door)
        if layout == "french":
            P.drawer(b, "freezer_drawer", "base", x_face=xf, y0=y0, y1=y1, z0=0.02, z1=split,
                     depth=d - 2 * wall, t=dt, material="plastic", travel=0.75 * (d - 2 * wall))
    crispers = b.count(0, 2) if layout != "side_by_side" else 0
    if layout == "french" and crispers == 1:
        crispers = 2  # one behind each door: opening that door lets it out
    z_low = split + 0.03 if layout != "top_freezer" else 0.06
    # A door opened past 90 degrees swings its inner hinge edge up to its thickness into the
    # opening: the crispers keep 5 mm more than that from the hinge lines (+-(y1 - GAP)).
    span = y1 - P.GAP - dt - 0.005
    for k in range(crispers):
        yc = 0.0 if crispers == 1 else (k - 0.5) * span
        half = span / crispers - 0.01
        P.drawer(b, f"crisper_{k}", "base", x_face=xf - 0.06, y0=yc - half, y1=yc + half,
                 z0=z_low, z1=z_low + 0.18, depth=d - 0.2, t=0.01, material="plastic",
                 travel=0.6 * (d - 0.2), handle=None)
    return f"{layout.replace('_', '-')} refrigerator" + (f" with {crispers} crispers" if crispers else "")


@kind("oven", "kitchen_appliances")
def oven(b: Builder) -> str:
    """Range: drop-down oven door with a window, sliding racks, control knobs, maybe a drawer.

    Freestanding ranges are 50, 60, 76 (30 in) or 90 cm wide, 55-65 cm deep and 85-95 cm tall to
    the cooktop, level with the 90-91 cm worktop (NKBA kitchen planning: 36 in counter height);
    the door drops 86-92 degrees, racks pull out about half the depth, and control knobs turn
    about 270 degrees.
    """
    w, d, h, wall = b.dim(0.5, 0.9), b.dim(0.55, 0.65), b.dim(0.85, 0.95), 0.03
    P.shell(b, "base", "metal", (d, w, h), (0, 0, h / 2), 0.004, open_face=None)
    drawer_h = b.dim(0.12, 0.16) if b.chance(0.5) else 0.0
    z0, z1 = 0.04 + drawer_h, h - 0.15
    b.cut("base", S.box((d, w - 2 * wall, z1 - z0), (wall, 0, (z0 + z1) / 2)))
    P.door(b, "door", "base", x_face=d / 2, y0=-w / 2, y1=w / 2, z0=z0, z1=z1, t=0.04,
           hinge="bottom", material="metal", max_angle=b.real(1.5, 1.6), handle="bar",
           glass=True)
    racks = b.count(1, 2)
    for k in range(racks):
        z = z0 + (z1 - z0) * (k + 1) / (racks + 1)
        rack = b.link(f"rack_{k}", "metal")
        for j in range(7):
            y = -w / 2 + wall + 0.02 + (w - 2 * wall - 0.04) * j / 6
            b.add(rack, S.rod((-d / 2 + wall + 0.02, y, z), (d / 2 - 0.03, y, z), 0.003, sections=6))
        for x in (-d / 2 + wall + 0.02, d / 2 - 0.03):
            b.add(rack, S.rod((x, -w / 2 + wall + 0.01, z), (x, w / 2 - wall - 0.01, z), 0.004, sections=6))
        b.prismatic(rack, "base", "x", 0.0, 0.5 * d)
    knobs = b.count(3, 6)
    bounded = b.chance(0.5)
    for k in range(knobs):
        y = -w / 2 + w * (k + 0.5) / knobs
        P.knob(b, f"knob_{k}", "base", (d / 2, y, h - 0.075), "x", 0.02, 0.025,
               limits=(0.0, 1.5 * math.pi) if bounded else None)
    if drawer_h:
        P.drawer(b, "drawer", "base", x_face=d / 2, y0=-w / 2, y1=w / 2, z0=0.04,
                 z1=0.04 + drawer_h, depth=d - 0.1, t=0.02, material="metal",
                 travel=0.7 * (d - 0.1), handle="edge")
    return f"range oven with {knobs} knobs and {racks} racks"


@kind("microwave", "kitchen_appliances")
def microwave(b: Builder) -> str:
    """Microwave: side-hinged door with window, turntable (continuous), knob or buttons.

    Countertop microwave ovens are 42-60 cm wide, 32-45 cm deep and 25-35 cm tall with a 10-14
    cm control panel (retail range, 17-40 L); the side-hinged door opens 90-110 degrees, and the
    glass turntable is 24-36 cm across.
    """
    w, d, h = b.dim(0.42, 0.6), b.dim(0.32, 0.45), b.dim(0.25, 0.35)
    panel = b.dim(0.1, 0.14)
    P.shell(b, "base", "metal", (d, w, h), (0, 0, h / 2), 0.003, open_face=None)
    yc = w / 2 - panel
    b.cut("base", S.box((d, w - panel - 0.03, h - 0.04), (0.015, -panel / 2, h / 2)))
    P.door(b, "door", "base", x_face=d / 2, y0=-w / 2, y1=yc, z0=0.0, z1=h, t=0.03,
           hinge="left", material="plastic", max_angle=b.real(1.6, 1.9), handle=None,
           glass=True)
    plate_r = min(w - panel, d) * 0.4
    plate = b.link("turntable", "glass", S.cylinder(plate_r, 0.006, (0.0, -panel / 2, 0.035)))
    b.continuous(plate, "base", "z", (0.0, -panel / 2, 0.03))
    y_ctrl = w / 2 - panel / 2
    if b.chance(0.5):
        P.knob(b, "timer_knob", "base", (d / 2, y_ctrl, h * 0.6), "x", 0.022, 0.02,
               limits=(0.0, 1.8 * math.pi))
        P.knob(b, "power_knob", "base", (d / 2, y_ctrl, h * 0.3), "x", 0.022, 0.02,
               limits=(0.0, 1.5 * math.pi))
        return "microwave oven with two dials"
    rows = b.count(3, 5)
    for r in range(rows):
        for c in range(2):
            P.button(b, f"button_{r}_{c}", "base",
                     (d / 2, y_ctrl + (c - 0.5) * 0.035, h * 0.8 - r * 0.035), "x", 0.025, 0.002)
    return f"microwave oven with {2 * rows} buttons"


@kind("dishwasher", "kitchen_appliances")
def dishwasher(b: Builder) -> str:
    """Dishwasher: drop-down door with top controls (children of the door) and two racks.

    Built-in dishwashers are 45 cm (slimline) or 60 cm wide, 55-62 cm deep and 80-86 cm tall to
    fit under a worktop (NKBA kitchen planning: a 24 in / 61 cm opening; retail range), the door
    drops 86-92 degrees and the racks roll out 60-80% of the depth.
    """
    w, d, h = b.dim(0.45, 0.6), b.dim(0.55, 0.62), b.dim(0.8, 0.86)
    P.shell(b, "base", "metal", (d, w, h - 0.1), (0, 0, 0.1 + (h - 0.1) / 2), 0.01)
    b.add("base", S.box((d - 0.05, w - 0.02, 0.1), (-0.025, 0, 0.05)))
    P.door(b, "door", "base", x_face=d / 2, y0=-w / 2, y1=w / 2, z0=0.1, z1=h, t=0.05,
           hinge="bottom", material="metal", max_angle=b.real(1.5, 1.6), handle="edge")
    for k, z in enumerate((0.25, 0.55)):
        basket = b.link(f"rack_{k}", "plastic")
        for y in (-w / 2 + 0.03, w / 2 - 0.03):
            b.add(basket, S.box((d - 0.1, 0.01, 0.12), (-0.02, y, z)))
        b.add(basket, S.box((d - 0.1, w - 0.06, 0.01), (-0.02, 0, z - 0.06)))
        b.prismatic(basket, "base", "x", 0.0, b.real(0.6, 0.8) * d)
    buttons = b.count(2, 6)
    for k in range(buttons):
        y = -w / 2 + 0.08 + k * 0.035
        P.button(b, f"button_{k}", "door", (d / 2 + 0.02, y, h - 0.002), "z", 0.02, 0.002)
    return f"dishwasher with {buttons} buttons"


@kind("toaster", "kitchen_appliances")
def toaster(b: Builder) -> str:
    """Toaster: slots cut in a housing, a lever that slides down, browning knob, crumb tray.

    Pop-up toasters are 25-30 cm wide with two slots, 37-45 cm with four, 15-20 cm deep and
    18-22 cm tall, slots about 3 cm wide (retail range); the carriage lever travels about half
    the height (9-11 cm), the browning knob turns about 270 degrees.
    """
    slots = b.pick((2, 2, 4))
    w, d, h = b.dim(0.25, 0.3) * (1.5 if slots == 4 else 1.0), b.dim(0.15, 0.2), b.dim(0.18, 0.22)
    b.link("base", "metal", S.box((d, w, h - 0.01), (0, 0, 0.005 + (h - 0.01) / 2)))
    for k in range(slots):
        y = -w / 2 + w * (k + 0.5) / slots
        b.cut("base", S.box((d - 0.05, 0.03, h * 0.7), (0, y, h - h * 0.35 + 0.01)))
    # on the left end: the lever slides down a slot behind the middle, the browning knob sits
    # in front of the slot (>= 2 cm clear of the lever all the way down)
    lever = b.link("lever", "plastic", S.box((0.03, 0.05, 0.015), (-0.01, -w / 2 - 0.025, h * 0.8)))
    b.prismatic(lever, "base", (0, 0, -1), 0.0, h * 0.5)
    P.knob(b, "browning_knob", "base", (d / 2 - 0.035, -w / 2, h * 0.35), (0, -1, 0), 0.015, 0.015,
           limits=(0.0, 1.5 * math.pi))
    tray = b.link("crumb_tray", "metal", S.box((d - 0.02, w - 0.02, 0.004), (0, 0, 0.008)),
                  S.box((0.01, 0.04, 0.015), (d / 2 - 0.005, 0, 0.01)))
    b.prismatic(tray, "base", "x", 0.0, d * 0.9)
    return f"{slots}-slot toaster"


@kind("coffee_machine", "kitchen_appliances")
def coffee_machine(b: Builder) -> str:
    """Espresso machine: portafilter (bayonet revolute), steam wand, drip tray, tank lid.

    Home espresso machines are 25-38 cm wide, 25-35 cm deep and 30-42 cm tall (retail range);
    the 58 mm commercial or 51-54 mm home portafilter locks in with a 35-55 degree bayonet turn,
    and the steam wand swings about 35 degrees either way.
    """
    w, d, h = b.dim(0.25, 0.38), b.dim(0.25, 0.35), b.dim(0.3, 0.42)
    b.link("base", "metal", S.box((d, w, 0.03), (0, 0, 0.015)),
           S.box((d * 0.6, w, h - 0.03), (-d * 0.2, 0, 0.03 + (h - 0.03) / 2)),
           S.box((d * 0.45, w, 0.09), (d * 0.22, 0, h - 0.045)))
    gx, gz = d * 0.3, h - 0.09
    head = b.link("portafilter", "metal", S.cylinder(0.035, 0.03, (gx, 0, gz - 0.02)),
                  S.bar((gx, 0, gz - 0.02), (gx + 0.16, 0, gz - 0.04), 0.025, 0.02))
    b.revolute(head, "base", "z", (gx, 0, gz), 0.0, b.real(0.6, 1.0))
    wand = b.link("steam_wand", "metal", S.rod((gx, w / 2 - 0.03, gz), (gx + 0.02, w / 2 - 0.03, gz - 0.13), 0.005))
    b.revolute(wand, "base", "y", (gx, w / 2 - 0.03, gz), -0.6, 0.6)
    tray = b.link("drip_tray", "metal", S.box((d * 0.4, w * 0.8, 0.02), (d * 0.25, 0, 0.04)))
    b.prismatic(tray, "base", "x", 0.0, d * 0.35)
    lid = b.link("tank_lid", "plastic", S.box((d * 0.55, w * 0.9, 0.01), (-d * 0.2, 0, h + 0.005)))
    b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h), 0.0, b.real(1.4, 1.8))
    P.knob(b, "selector", "base", (d * 0.1, -w / 2, h - 0.045), (0, -1, 0), 0.02, 0.015,
           limits=(-0.8, 0.8))
    return "espresso machine"


@kind("kettle", "kitchen_appliances")
def kettle(b: Builder) -> str:
    """Electric kettle on its power base: a hollow water chamber (2-4 mm wall over a floor
    that holds the heating element) under a hinged lid as wide as the mouth, a rocker switch.

    Electric kettles hold 1.0-1.7 L: 14-20 cm across and 18-26 cm tall on their power base
    (retail range); the lid opens 75-100 degrees.
    """
    r, h = b.dim(0.07, 0.1), b.dim(0.18, 0.26)
    wall, floor, z0 = b.dim(0.002, 0.004), 0.008, 0.02
    top = z0 + h
    b.link("base", "plastic", S.tube(r - wall, r, h - floor + 0.001, (0, 0, z0 + floor + (h - floor - 0.001) / 2)),
           S.cylinder(r, floor, (0, 0, z0 + floor / 2)),
           S.bar((-r + wall / 2, 0, 0.05), (-r - 0.06, 0, 0.06), 0.025, 0.02),
           S.bar((-r - 0.06, 0, 0.06), (-r - 0.06, 0, h - 0.01), 0.025, 0.02),
           S.bar((-r - 0.06, 0, h - 0.01), (-r + wall / 2, 0, h + 0.01), 0.025, 0.02),
           S.cone(0.02, 0.07, (r - 0.01, 0, h - 0.02), (1, 0, 0.6)))
    power = b.link("power_base", "plastic", S.cylinder(r * 1.05, z0, (0, 0, z0 / 2)))
    b.fixed(power, "base", (0, 0, z0))
    lid_r = r - 0.001
    lid = b.link("lid", "plastic", S.cylinder(lid_r, 0.01, (0, 0, top + 0.0055)))
    b.revolute(lid, "base", (0, -1, 0), (-lid_r, 0, top + 0.0005), 0.0, b.real(1.3, 1.75))
    switch = b.link("switch", "plastic", S.box((0.02, 0.015, 0.01), (-r - 0.06, 0, 0.06)))
    b.revolute(switch, "base", "y", (-r - 0.06, 0, 0.06), -0.3, 0.3)
    return "electric kettle"


@kind("rice_cooker", "kitchen_appliances")
def rice_cooker(b: Builder) -> str:
    """Rice cooker: a hollow housing holding the inner pot (its cavity open at the top) under
    a domed lid on a rear hinge, released by a push button.

    Household rice cookers of 0.5-1.8 L (3-10 cups) are 24-32 cm across and 18-24 cm tall to the
    lid (retail range), the inner pot 20-30 mm inside the housing's outside (housing shell,
    insulation and the pot's 2-3 mm aluminium wall) and 60-75% of the height deep above the
    heating plate; the lid opens 70-90 degrees when its release button is pressed (4 mm
    travel).
    """
    r, h = b.dim(0.12, 0.16), b.dim(0.18, 0.24)
    pot_r, depth = r - b.dim(0.02, 0.03), h * b.real(0.6, 0.75)
    b.link("base", "plastic", S.tube(pot_r, r, depth + 0.002, (0, 0, h - depth / 2 - 0.001)),
           S.cylinder(r, h - depth, (0, 0, (h - depth) / 2)))
    lid = b.link("lid", "plastic", S.cylinder(r, 0.04, (0, 0, h + 0.02)),
                 S.sphere(r * 0.6, (0, 0, h + 0.035), count=12))
    b.revolute(lid, "base", (0, -1, 0), (-r, 0, h), 0.0, b.real(1.2, 1.6))
    P.button(b, "release_button", "base", (r, 0, h - 0.03), "x", 0.03, 0.004)
    return "rice cooker"


@kind("blender", "kitchen_appliances")
def blender(b: Builder) -> str:
    """Countertop blender: a round or square hollow jar that twist-locks on the motor base
    (revolute), a blade assembly spinning in it (continuous), a press-on lid (prismatic)
    with a filler cap (bayonet revolute or pull-out prismatic), and a speed knob or 2-5
    buttons on the base.

    Sizes from the typical retail range of 1.2-2 litre countertop blenders (bases about
    0.15-0.2 m wide and 0.1-0.15 m tall, jars 0.18-0.25 m tall and 0.11-0.16 m across).
    """
    bw, bh = b.dim(0.15, 0.2), b.dim(0.1, 0.15)
    r, jh = b.dim(0.055, min(0.08, bw / 2 - 0.01)), b.dim(0.18, 0.25)
    b.link("base", "plastic", S.box((bw, bw, bh), (0, 0, bh / 2)),
           S.cylinder(r * 0.9, 0.015, (0, 0, bh + 0.0075)))
    z0, wall = bh + 0.016, 0.005
    square = b.chance(0.4)
    if square:
        jar = b.link("jar", "glass" if b.chance(0.3) else "plastic",
                     S.box((2 * r, 2 * r, jh), (0, 0, z0 + jh / 2)))
        b.cut(jar, S.box((2 * r - 2 * wall, 2 * r - 2 * wall, jh), (0, 0, z0 + jh / 2 + 0.02)))
    else:
        jar = b.link("jar", "glass" if b.chance(0.3) else "plastic",
                     S.tube(r - wall, r, jh - 0.02, (0, 0, z0 + 0.02 + (jh - 0.02) / 2)),
                     S.cylinder(r, 0.02, (0, 0, z0 + 0.01)))
    ry = r + 0.045  # the handle on the right side
    b.add(jar, S.bar((0, r - 0.003, z0 + jh - 0.03), (0, ry, z0 + jh - 0.03), 0.02, 0.015),
          S.bar((0, r - 0.003, z0 + 0.05), (0, ry, z0 + 0.05), 0.02, 0.015),
          S.bar((0, ry, z0 + 0.045), (0, ry, z0 + jh - 0.025), 0.02, 0.015))
    b.revolute(jar, "base", "z", (0, 0, z0), -b.real(0.25, 0.4), 0.0)
    br = r - wall - 0.012
    blade = b.link("blade", "metal", S.cylinder(0.008, 0.02, (0, 0, z0 + 0.03)),
                   S.bar((-br, 0, z0 + 0.038), (br, 0, z0 + 0.034), 0.012, 0.002),
                   S.bar((0, -br * 0.8, z0 + 0.044), (0, br * 0.8, z0 + 0.048), 0.01, 0.002))
    b.continuous(blade, jar, "z", (0, 0, z0 + 0.02))
    top = z0 + jh
    lid_size = (2 * r + 0.004, 2 * r + 0.004, 0.012) if square else None
    lid = b.link("lid", "plastic", S.box(lid_size, (0, 0, top + 0.006)) if square
                 else S.cylinder(r + 0.002, 0.012, (0, 0, top + 0.006)))
    inner = 2 * r - 2 * wall - 0.004
    b.add(lid, S.box((inner, inner, 0.015), (0, 0, top - 0.0075)) if square
          else S.tube(r - wall - 0.01, r - wall - 0.002, 0.015, (0, 0, top - 0.0075)))
    cap_r = min(0.025, r * 0.4)
    b.cut(lid, S.cylinder(cap_r + 0.002, 0.05, (0, 0, top)))
    b.prismatic(lid, jar, "z", 0.0, b.dim(0.03, 0.05), point=(0, 0, top))
    cap = b.link("filler_cap", "plastic", S.cylinder(cap_r, 0.03, (0, 0, top + 0.003)),
                 S.cylinder(cap_r + 0.006, 0.006, (0, 0, top + 0.015)))
    if b.chance(0.5):
        b.revolute(cap, lid, "z", (0, 0, top + 0.012), 0.0, b.real(0.4, 0.8))
        cap_kind = "twist"
    else:
        b.prismatic(cap, lid, "z", 0.0, 0.04, point=(0, 0, top + 0.012))
        cap_kind = "pull-out"
    if b.chance(0.5):
        P.knob(b, "speed_knob", "base", (bw / 2, 0, bh * 0.5), "x", min(0.025, bh * 0.25), 0.02,
               limits=(-0.8, 1.6))
        controls = "a speed knob"
    else:
        n = b.count(2, 5)
        for k in range(n):
            P.button(b, f"button_{k}", "base", (bw / 2, (k - (n - 1) / 2) * bw * 0.8 / n, bh * 0.5),
                     "x", min(0.02, bw * 0.8 / n - 0.01), 0.003)
        controls = f"{n} buttons"
    return f"{'square' if square else 'round'}-jar blender with a {cap_kind} cap and {controls}"
