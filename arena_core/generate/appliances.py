"""Kitchen appliances: refrigerators, ovens, microwaves, dishwashers, toasters, coffee
machines, kettles, rice cookers, blenders, stand mixers (hollow housings by boolean difference; front faces +X)."""

from __future__ import annotations

import math

import numpy as np

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


@kind("stand_mixer", "kitchen_appliances")
def stand_mixer(b: Builder) -> str:
    """Stand mixer: a hollow bowl, a flat beater spinning under the head (continuous) and a
    speed lever. Tilt-head models: the head tilts back on a hinge atop the column (revolute,
    up to where the beater still clears the bowl) and the bowl twist-locks on its plate
    (revolute) with a head lock lever. Bowl-lift models: the bowl rides down on a carriage
    (prismatic) worked by a side lever (revolute). Some have a flip-up attachment-hub cover.

    Sizes from manufacturers' published dimensions (KitchenAid Artisan tilt-head about
    0.35 x 0.22 x 0.36 m, Professional bowl-lift about 0.42 x 0.29 x 0.37 m; 4.3-6.6 litre
    bowls about 0.2-0.24 m across and 0.13-0.17 m deep).
    """
    lift = b.chance(0.4)
    fd, fw, fh = b.dim(0.33, 0.37), b.dim(0.2, 0.24), b.dim(0.03, 0.05)
    R, bd = b.dim(0.1, 0.12), b.dim(0.13, 0.17)  # bowl radius and depth
    cd, cw = b.dim(0.09, 0.12), b.dim(0.1, 0.13)  # column depth and width
    wall, gap = 0.004, (b.dim(0.03, 0.05) if lift else 0.0)
    xc = -fd / 2 + cd + R + 0.015
    zb = fh + 0.012 + gap  # the bowl's bottom
    rim = zb + bd
    zh = rim + 0.015  # the head's underside and, tilt-head, its hinge line
    hh, head_len = b.dim(0.1, 0.12), xc + R * 0.6 + fd / 2
    b.link("base", "metal", S.box((fd, fw, fh), (0, 0, fh / 2)),
           S.box((cd, cw, zh - fh), (-fd / 2 + cd / 2, 0, (zh + fh) / 2)),
           S.cylinder(R * 0.6, 0.012, (xc, 0, fh + 0.006)))
    head_solids = [S.box((head_len, cw, hh), (-fd / 2 + head_len / 2, 0, zh + hh / 2)),
                   S.cylinder(hh * 0.35, 0.03, (-fd / 2 + head_len + 0.015, 0, zh + hh * 0.55), "x")]
    xb = xc - 0.015  # the beater's shaft, a little behind the bowl's center
    bowl = S.tube(R - wall, R, bd - wall, (xc, 0, zb + wall + (bd - wall) / 2))
    bowl_parts = [bowl, S.cylinder(R, wall, (xc, 0, zb + wall / 2)),
                  S.bar((xc, R - 0.004, rim - 0.02), (xc, R + 0.03, rim - 0.03), 0.025, 0.01),
                  S.bar((xc, R + 0.03, rim - 0.03), (xc, R + 0.03, rim - 0.07), 0.025, 0.01)]
    rb, z_low = R - wall - 0.015 - 0.015, zb + wall + 0.012
    hinge = np.array([-fd / 2 + cd * 0.5, zh])
    if lift:
        b.add("base", *head_solids)
        bowl_parts.append(S.box((xc - R - (-fd / 2 + cd) - 0.001, cw * 0.8, 0.03),
                                ((xc - R + (-fd / 2 + cd) + 0.001) / 2, 0, zb + 0.04)))
        carriage = b.link("bowl", "metal", *bowl_parts)
        b.prismatic(carriage, "base", (0, 0, -1), 0.0, gap - 0.004)
        lever = b.link("lift_lever", "metal", S.bar((-fd / 2 + cd * 0.5, cw / 2 + 0.008, zb + 0.05),
                                                     (-fd / 2 + cd * 0.5 + 0.06, cw / 2 + 0.008, zb + 0.03), 0.01, 0.012))
        b.revolute(lever, "base", "y", (-fd / 2 + cd * 0.5, cw / 2 + 0.008, zb + 0.05), -1.0, 0.3)
        head = "base"
    else:
        head = b.link("head", "metal", *head_solids)
        limit = _beater_clearance(hinge, xb, rb, z_low, zh, xc, R, rim)
        b.revolute(head, "base", (0, -1, 0), (hinge[0], 0, zh), 0.0, limit)
        plate = b.link("bowl", "metal", *bowl_parts)
        b.revolute(plate, "base", "z", (xc, 0, fh), -b.real(0.3, 0.5), 0.0)
        lock = b.link("lock_lever", "metal", S.bar((hinge[0], cw / 2 + 0.006, zh - 0.03),
                                                    (hinge[0] + 0.04, cw / 2 + 0.006, zh - 0.03), 0.008, 0.01))
        b.revolute(lock, "base", "y", (hinge[0], cw / 2 + 0.006, zh - 0.03), -0.5, 0.5)
    beater = b.link("beater", "aluminum", S.rod((xb, 0, zh + 0.005), (xb, 0, z_low + 0.05), 0.006),
                    S.box((0.008, 2 * rb, 0.06), (xb, 0, z_low + 0.03)))
    b.cut(beater, S.box((0.02, 2 * rb - 0.024, 0.036), (xb, 0, z_low + 0.03)))
    b.continuous(beater, head, "z", (xb, 0, zh))
    speed = b.link("speed_lever", "metal", S.bar((-fd / 2 + 0.04, -cw / 2 - 0.006, zh + hh * 0.5),
                                                  (-fd / 2 + 0.09, -cw / 2 - 0.006, zh + hh * 0.5), 0.008, 0.01))
    b.revolute(speed, head, (0, -1, 0), (-fd / 2 + 0.04, -cw / 2 - 0.006, zh + hh * 0.5), -0.4, 0.4)
    if b.chance(0.5):
        cover = b.link("hub_cover", "metal", S.cylinder(hh * 0.3, 0.006, (-fd / 2 + head_len + 0.033, 0, zh + hh * 0.55), "x"))
        b.revolute(cover, head, (0, -1, 0), (-fd / 2 + head_len + 0.036, 0, zh + hh * 0.55 + hh * 0.3), 0.0, 1.4)
    return f"{'bowl-lift' if lift else 'tilt-head'} stand mixer"


def _beater_clearance(hinge, xb: float, rb: float, z_low: float, zh: float, xc: float,
                      R: float, rim: float) -> float:
    """Tilt (rad, a multiple of 0.01 up to 1.05) to which a head hinged at ``hinge`` (x, z)
    lifts its beater (a paddle ``rb`` m either side of the shaft at ``xb``, from ``z_low``
    up to the head's underside ``zh``) while the paddle keeps 8 mm inside a bowl of inner
    radius ``R`` (less its 4 mm wall) centred at ``xc`` until it is 8 mm over the rim."""
    zs = np.linspace(z_low, zh, 24)
    pts = np.array([(x, z) for z in zs for x in (xb - 0.006, xb + 0.006)]) - hinge
    inner = R - 0.004 - 0.008
    best = 0.0
    for k in range(1, 106):
        a = k / 100.0
        c, s = math.cos(a), math.sin(a)
        x = hinge[0] + pts[:, 0] * c - pts[:, 1] * s
        z = hinge[1] + pts[:, 0] * s + pts[:, 1] * c
        low = z < rim + 0.008
        if np.any(low & (np.sqrt((x - xc) ** 2 + rb * rb) > inner)):
            break
        best = a
    return best


def _hood_controls(b: Builder, parent: str, *, x: float, y: float, z: float,
                   room: float) -> str:
    """Controls on a front face (plane ``x``, facing +X) centred at ``(y, z)`` with ``room``
    m of face height: 3-5 push buttons, 1-2 knobs or a fan-speed slider; returns the style."""
    style = b.pick(("buttons", "knobs", "slider") if room >= 0.04 else ("buttons", "slider"))
    if style == "buttons":
        n = b.count(3, 5)
        for k in range(n):
            P.button(b, f"button_{k}", parent, (x, y + (k - (n - 1) / 2) * 0.024, z), "x",
                     0.012, 0.003, round_=b.chance(0.3))
    elif style == "knobs":
        n = b.count(1, 2)
        for k in range(n):
            P.knob(b, f"knob_{k}", parent, (x, y + (k - (n - 1) / 2) * 0.05, z), "x", 0.015,
                   0.015, limits=(0.0, b.real(1.5, 4.7)))
    else:
        b.cut(parent, S.box((0.02, 0.07, 0.005), (x, y, z)))
        tab = b.link("slider", "plastic", S.box((0.012, 0.004, 0.0035), (x - 0.002, y - 0.032, z)),
                     S.box((0.008, 0.012, 0.012), (x + 0.008, y - 0.032, z)))
        b.prismatic(tab, parent, "y", 0.0, 0.058, point=(x, y - 0.032, z))
    return style


@kind("range_hood", "kitchen_appliances")
def range_hood(b: Builder) -> str:
    """Cooker hood: a wall chimney hood (a hollow canopy open underneath, with 1-3 grease
    filters that swing down, under a chimney) or a slide-out hood whose visor pulls forward;
    push buttons, knobs or a slider for the fan.

    Hoods match the standard hob widths of 60, 70 and 90 cm (60-100 cm), are 45-55 cm deep
    (slide-out hoods 28-32 cm, their visor pulling out 15-20 cm) with a 5-12 cm canopy and a
    20-30 cm chimney reaching 40-80 cm up (retail range; EN 61591 tests cooking fume
    extractors, installation 65-75 cm over the hob).
    """
    w = b.dim(0.6, 1.0)
    if b.chance(0.6):
        d, hc = b.dim(0.45, 0.55), b.dim(0.05, 0.12)
        wall = 0.002
        P.shell(b, "base", "metal", (d, w, hc), (0, 0, hc / 2), wall, open_face="-z")
        cd, cw, ch = b.dim(0.2, 0.3), b.dim(0.22, 0.3), b.dim(0.4, 0.8)
        b.add("base", S.box((cd, cw, ch + 0.001), (-d / 2 + cd / 2, 0, hc + ch / 2 - 0.0005)))
        n = b.count(1, max(1, min(3, int(w / 0.3))))
        inner = w - 2 * wall - 0.006
        span = (inner - 0.003 * (n - 1)) / n
        xa, xf = -d / 2 + wall + 0.01, d / 2 - wall - 0.008
        for k in range(n):
            yc = -inner / 2 + span / 2 + k * (span + 0.003)
            flt = b.link(f"filter_{k}", "aluminum",
                         S.box((xf - xa, span, 0.006), ((xa + xf) / 2, yc, 0.007)))
            b.cut(flt, *[S.box((0.01, span - 0.03, 0.01), (xa + 0.02 + j * 0.025, yc, 0.007))
                         for j in range(int((xf - xa - 0.03) / 0.025))])
            b.revolute(flt, "base", "y", (xa, yc, 0.01), 0.0, b.real(0.9, 1.3))
        style = _hood_controls(b, "base", x=d / 2, y=w / 2 - 0.1, z=hc / 2, room=hc)
        return f"chimney hood with {n} filter{'s' if n > 1 else ''} and {style}"
    d, hh = b.dim(0.28, 0.32), b.dim(0.15, 0.2)
    wall = 0.002
    P.shell(b, "base", "metal", (d, w, hh), (0, 0, hh / 2), wall, open_face="-z")
    lip, iw = 0.045, w - 2 * wall - 0.006
    # the visor's tray runs in the open bottom through a slot along the front wall's foot
    b.cut("base", S.box((0.01, iw + 0.004, 0.028), (d / 2, 0, 0.0)))
    visor = b.link("visor", "metal", S.box((0.02, w, lip), (d / 2 + 0.011, 0, lip / 2)),
                   S.box((d - 2 * wall - 0.008, iw, 0.006), (0.007 + wall / 2, 0, 0.007)))
    b.prismatic(visor, "base", "x", 0.0, b.dim(0.15, 0.2))
    style = _hood_controls(b, visor, x=d / 2 + 0.021, y=w / 2 - 0.1, z=lip / 2, room=lip)
    return f"slide-out hood with {style}"


@kind("waffle_maker", "kitchen_appliances")
def waffle_maker(b: Builder) -> str:
    """Waffle maker or sandwich press: round or square plates with waffle wells, a lid on a
    rear hinge or on a floating hinge arm (a second hinge that lets it lie flat on a thick
    sandwich), a browning knob and on some a power rocker switch.

    Household waffle makers have round Belgian plates 17-24 cm across or square plates of two
    or four 10-12 cm waffles; the base stands 5-9 cm and the lid 4-7 cm tall (retail range);
    the lid opens 90-110 degrees, a floating hinge lets the lid rise 2-5 cm more.
    """
    round_ = b.chance(0.5)
    if round_:
        r = b.dim(0.095, 0.125)
        d = w = 2 * r + 0.02
    else:
        d, w = b.dim(0.22, 0.3), b.dim(0.22, 0.3)
    hb, tl = b.dim(0.05, 0.09), b.dim(0.04, 0.07)
    material = b.pick(("plastic", "metal"))
    zt = hb + 0.001
    if round_:
        base = b.link("base", material, S.cylinder(w / 2, hb, (0, 0, hb / 2)))
        lid_body = S.cylinder(w / 2 - 0.002, tl, (0, 0, zt + tl / 2))
        wells = [S.cylinder(r - 0.01, 0.02, (0, 0, hb))]
        lid_wells = [S.cylinder(r - 0.01, 0.02, (0, 0, zt))]
        b.add(base, S.box((0.03, w * 0.5, hb), (-w / 2 + 0.01, 0, hb / 2)))
    else:
        base = b.link("base", material, S.box((d, w, hb), (0, 0, hb / 2)))
        lid_body = S.box((d, w - 0.004, tl), (0, 0, zt + tl / 2))
        nx, ny = b.pick((1, 2)), 2
        cx, cy = (d - 0.03) / nx, (w - 0.03) / ny
        wells, lid_wells = [], []
        for i in range(nx):
            for j in range(ny):
                x = -d / 2 + 0.015 + cx * (i + 0.5)
                y = -w / 2 + 0.015 + cy * (j + 0.5)
                wells.append(S.box((cx - 0.012, cy - 0.012, 0.02), (x, y, hb)))
                lid_wells.append(S.box((cx - 0.012, cy - 0.012, 0.02), (x, y, zt)))
    b.cut(base, *wells)
    floating = b.chance(0.45)
    handle = S.bar((d / 2 - 0.01, 0, zt + tl / 2), (d / 2 + b.dim(0.05, 0.08), 0, zt + tl / 2), 0.035, 0.025)
    lid = b.link("lid", material, lid_body, handle)
    b.cut(lid, *lid_wells)
    rear = -d / 2
    if floating:
        # hinge brackets 5 mm outside the lid's sides, the arm pivoting on them 2 cm behind it
        ya = w / 2 + 0.006
        b.add(base, S.box((0.035, 2 * ya + 0.006, 0.02), (rear - 0.0125, 0, hb - 0.02)),
              *[S.box((0.03, 0.006, 0.03), (rear - 0.01, sy * ya, hb)) for sy in (-1, 1)])
        arm = b.link("hinge_arm", "metal",
                     *[S.bar((rear - 0.02, sy * (ya + 0.006), zt), (rear + 0.003, sy * (ya + 0.006), zt), 0.006, 0.012)
                       for sy in (-1, 1)],
                     S.bar((rear - 0.025, -ya - 0.009, zt), (rear - 0.025, ya + 0.009, zt), 0.01, 0.01))
        b.revolute(arm, base, (0, -1, 0), (rear - 0.02, 0, zt), 0.0, b.real(1.5, 1.8))
        b.revolute(lid, arm, (0, -1, 0), (rear, 0, zt), 0.0, b.real(0.3, 0.5))
    else:
        b.revolute(lid, base, (0, -1, 0), (rear, 0, zt), 0.0, b.real(1.6, 1.9))
    front = d / 2 if not round_ else w / 2 * math.cos(0.5)
    ky = w / 2 * math.sin(0.5) if round_ else w * 0.3
    P.knob(b, "browning_knob", base, (front, -ky, hb * 0.45), "x", 0.012, 0.012,
           limits=(0.0, 1.5 * math.pi))
    switch = b.chance(0.5)
    if switch:
        rocker = b.link("power_switch", "plastic",
                        S.box((0.008, 0.014, 0.02), (front + 0.004, ky, hb * 0.45)))
        b.revolute(rocker, base, "y", (front, ky, hb * 0.45), -0.25, 0.25)
    shape = "round" if round_ else "square"
    hinge = "a floating hinge" if floating else "a rear hinge"
    return f"{shape} waffle maker with {hinge}" + (" and a power switch" if switch else "")


@kind("air_fryer", "kitchen_appliances")
def air_fryer(b: Builder) -> str:
    """Basket air fryer: one or two (dual-zone) pull-out pans with a handle and a release
    button, and a control strip of knobs or push buttons above them.

    Basket air fryers of 2-6 L are 22-33 cm wide, 28-40 cm deep and 28-38 cm tall, dual-zone
    ones of 2 x 3-5 L 35-42 cm wide (retail range); the pan fills about half the height and
    pulls out 75-90% of its depth, the timer knob turns 0-60 min over 270-300 degrees.
    """
    dual = b.chance(0.35)
    w = b.dim(0.35, 0.42) if dual else b.dim(0.22, 0.33)
    d, h = b.dim(0.28, 0.4), b.dim(0.28, 0.38)
    wall, foot, t = 0.004, 0.015, 0.02
    b.link("base", "plastic", S.box((d, w, h - foot), (0, 0, foot + (h - foot) / 2)))
    for sx in (-1, 1):
        for sy in (-1, 1):
            b.add("base", S.cylinder(0.012, foot + 0.001, (sx * (d / 2 - 0.03), sy * (w / 2 - 0.03), foot / 2 + 0.0005)))
    n = 2 if dual else 1
    z0, z1 = foot + wall, foot + (h - foot) * b.real(0.48, 0.58)
    cw = (w - (n + 1) * wall) / n
    cd = d - t - 0.03
    for k in range(n):
        yc = -w / 2 + wall + cw / 2 + k * (cw + wall)
        zc = (z0 + z1) / 2
        b.cut("base", S.box((cd + 0.001, cw, z1 - z0), (d / 2 - cd / 2 + 0.0005, yc, zc)))
        pw, ph, pd = cw - 0.01, z1 - z0 - 0.01, cd - 0.005
        px = d / 2 - pd / 2
        grip_z = zc + 0.01
        drawer = b.link(f"basket_{k}", "plastic",
                        S.box((t, cw - 0.004, z1 - z0 - 0.004), (d / 2 + t / 2, yc, zc)),
                        S.box((pd, pw, ph), (px, yc, z0 + 0.005 + ph / 2)),
                        S.bar((d / 2 + t - 0.005, yc, grip_z), (d / 2 + t + 0.07, yc, grip_z), 0.035, 0.03))
        b.cut(drawer, S.box((pd - 0.008, pw - 0.008, ph), (px, yc, z0 + 0.009 + ph / 2)))
        b.prismatic(drawer, "base", "x", 0.0, b.real(0.75, 0.9) * pd, point=(d / 2 + t, yc, zc))
        P.button(b, f"release_{k}", drawer, (d / 2 + t + 0.05, yc, grip_z + 0.015), "z", 0.014,
                 0.003, round_=True)
    zc = (z1 + h) / 2
    if b.chance(0.5):
        n_k = b.count(1, 2)
        for k in range(n_k):
            P.knob(b, f"knob_{k}", "base", (d / 2, (k - (n_k - 1) / 2) * w * 0.4, zc), "x",
                   0.02, 0.018, limits=(0.0, b.real(4.7, 5.2)))
        return f"{'dual-zone ' if dual else ''}air fryer with {n_k} knob{'s' if n_k > 1 else ''}"
    n_b = b.count(2, 6)
    for k in range(n_b):
        P.button(b, f"button_{k}", "base", (d / 2, (k - (n_b - 1) / 2) * min(0.03, w * 0.8 / n_b), zc),
                 "x", 0.016, 0.002)
    return f"{'dual-zone ' if dual else ''}air fryer with {n_b} buttons"
