"""Home appliances, continued: flatbed scanners, hair dryers, clothes irons, garment
steamers and steam mops (front faces +X)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Hinge axis that lifts a flat part lying toward +X up toward +Z (lids, flaps).
LIFT = (0.0, -1.0, 0.0)


@kind("scanner", "home_appliances")
def scanner(b: Builder) -> str:
    """Flatbed scanner: a lid on rear hinges (revolute), maybe on book hinges that lift it
    (prismatic), maybe with a document feeder whose input tray folds up (revolute); 1-4 front
    buttons (prismatic).

    Flatbeds take A4 or US Letter (210 x 297 mm, ISO 216; 8.5 x 11 in) and are 25-32 cm wide,
    36-48 cm deep and 4-10 cm tall (retail range: Canon CanoScan LiDE and Epson Perfection
    models); lids open 80-100 degrees, book hinges lift 2-3 cm, feeder trays fold up 60-100
    degrees.
    """
    w, d, h = b.dim(0.25, 0.32), b.dim(0.36, 0.48), b.dim(0.04, 0.1)
    wall = 0.003
    P.shell(b, "base", "plastic", (d, w, h), (0, 0, h / 2), wall, open_face="+z")
    glass = b.link("platen", "glass", S.box((d - 2 * wall - 0.002, w - 2 * wall - 0.002, 0.004),
                                           (0, 0, h - 0.003)))
    b.fixed(glass, "base")
    lid_parent = "base"
    book = b.chance(0.4)
    if book:
        car = b.link("hinge_carriage", "plastic",
                     *(S.box((0.01, 0.04, 0.04), (-d / 2 - 0.006, sy * (w / 2 - 0.04), h - 0.015))
                       for sy in (-1, 1)))
        b.prismatic(car, "base", "z", 0.0, b.dim(0.02, 0.03), point=(-d / 2, 0, h))
        lid_parent = car
    feeder = b.chance(0.35)
    lt = b.dim(0.05, 0.08) if feeder else b.dim(0.012, 0.02)
    lid = b.link("lid", "plastic", S.box((d, w, lt), (0, 0, h + 0.0015 + lt / 2)))
    if feeder:
        b.cut(lid, S.box((d - 0.008, w - 0.008, lt - 0.008), (0, 0, h + 0.0015 + lt / 2)))
    pivot = (-d / 2, 0, h + 0.0015)
    b.revolute(lid, lid_parent, LIFT, pivot, 0.0, b.real(1.4, 1.7))
    if feeder:
        ft = lid + "_tray"
        b.link(ft, "plastic", S.box((d * 0.55, w * 0.8, 0.004), (-d / 2 + 0.02 + d * 0.275, 0, h + 0.0035 + lt + 0.002)))
        b.revolute(ft, lid, LIFT, (-d / 2 + 0.02, 0, h + 0.0015 + lt + 0.001), 0.0, b.real(1.0, 1.7))
    n = b.count(1, 4)
    for k in range(n):
        P.button(b, f"button_{k}", "base", (d / 2, w / 2 - 0.025 - k * 0.02, h * 0.5), "x",
                 0.012, 0.0015, round_=b.chance(0.5))
    return ("flatbed scanner" + (" with a document feeder" if feeder else "")
            + (" on book hinges" if book else ""))


@kind("hair_dryer", "home_appliances")
def hair_dryer(b: Builder) -> str:
    """Hair dryer: a fixed or folding handle (revolute), 1-2 slide switches (prismatic), a
    cool-shot button (prismatic), and a concentrator or diffuser turning on the barrel
    (continuous).

    Dryers are 18-27 cm long with barrels of 6-9 cm across and handles of 10-14 cm (retail
    range; 0.4-0.8 kg); travel dryers' handles fold 90 degrees, slide switches have 2-3
    positions over 8-12 mm; concentrator nozzles are 6-9 cm across the slot, diffusers
    11-15 cm across.
    """
    ln, r, hl = b.dim(0.18, 0.27), b.dim(0.03, 0.045), b.dim(0.1, 0.14)
    ht, hw = b.dim(0.028, 0.035), b.dim(0.025, 0.032)
    zc = hl + r + 0.02
    b.link("base", "plastic", S.tube(r - 0.003, r, ln, (0, 0, zc), "x", sections=12),
           S.cylinder(r - 0.0015, 0.004, (-ln / 2 + 0.003, 0, zc), "x"))
    xh = -ln / 2 + 0.06
    folding = b.chance(0.4)
    gap = ht / 2 + 0.01
    z_pivot = zc - r - gap
    b.add("base", S.box((ht, hw, r * 0.5 + gap), (xh, 0, (zc - r * 0.5 + z_pivot) / 2)))
    grip = S.box((ht, hw, hl - 0.02), (xh, 0, z_pivot - 0.002 - (hl - 0.02) / 2))
    holder = "base"
    if folding:
        holder = b.link("handle", "plastic", grip)
        b.revolute(holder, "base", (0, -1, 0), (xh, 0, z_pivot), 0.0, b.real(1.45, 1.55))
    else:
        b.add("base", S.box((ht, hw, gap + 0.01), (xh, 0, z_pivot)), grip)
    x_front = xh + ht / 2
    switches = b.count(1, 2)
    for k in range(switches):
        y = 0.0 if switches == 1 else (k - 0.5) * (hw / 2)
        zs = z_pivot - 0.03 - 0.002
        sw = b.link(f"switch_{k}", "plastic", S.box((0.004, 0.008 if switches > 1 else 0.01, 0.01),
                                                    (x_front + 0.002, y, zs)))
        b.prismatic(sw, holder, (0, 0, -1), 0.0, b.dim(0.008, 0.012), point=(x_front, y, zs))
    if b.chance(0.6):
        P.button(b, "cool_shot", holder, (x_front, 0, z_pivot - 0.062), "x", 0.008, 0.002)
    nozzle = b.pick(("none", "concentrator", "diffuser"))
    xf = ln / 2
    if nozzle == "concentrator":
        slot = b.dim(0.06, 0.09)
        part = b.link("concentrator", "plastic", S.cylinder(r + 0.003, 0.02, (xf + 0.011, 0, zc), "x", sections=16),
                      S.box((0.045, slot, 0.014), (xf + 0.016 + 0.0225, 0, zc)))
        b.continuous(part, "base", "x", (xf, 0, zc))
    elif nozzle == "diffuser":
        dr = b.dim(0.055, 0.075)
        part = b.link("diffuser", "plastic", S.cylinder(r + 0.003, 0.02, (xf + 0.011, 0, zc), "x", sections=16),
                      S.cone(dr, 0.03, (xf + 0.05, 0, zc), (-1, 0, 0), sections=16),
                      S.cylinder(dr, 0.03, (xf + 0.065, 0, zc), "x", sections=16))
        b.continuous(part, "base", "x", (xf, 0, zc))
    kind_name = "travel hair dryer" if folding else "hair dryer"
    return kind_name + ("" if nozzle == "none" else f" with a {nozzle}")


def _outline(length: float, width: float, x0: float, z0: float, height: float):
    """A prism ``height`` tall from ``z0`` on an iron's outline centered at ``x0``: a
    rectangle at the heel and a point at the nose (+X)."""
    pts = np.array([[-length / 2, -width / 2], [length / 6, -width / 2], [length / 2, 0.0],
                    [length / 6, width / 2], [-length / 2, width / 2]])
    order = np.argsort(np.arctan2(pts[:, 1], pts[:, 0]))
    return S.radial_prism(np.arctan2(pts[order, 1], pts[order, 0]),
                          np.hypot(pts[order, 0], pts[order, 1]), 0.0, height,
                          (x0, 0.0, z0 + height / 2), "z")


@kind("clothes_iron", "home_appliances")
def clothes_iron(b: Builder) -> str:
    """Steam iron: a temperature dial (revolute), 1-2 steam buttons (prismatic), maybe a
    steam slider (prismatic), a fill-hole flap (revolute) and a cord swivel (continuous).

    Steam irons are 25-31 cm long, 11-13 cm wide and 13-16 cm tall with soleplates 24-28 cm
    long (retail range: Philips, Rowenta and Tefal steam irons, 1.0-1.8 kg); the dial turns
    about 270 degrees, steam buttons press 3-4 mm, the flap opens 90-110 degrees.
    """
    ln, w = b.dim(0.24, 0.28), b.dim(0.11, 0.13)
    st = b.dim(0.006, 0.01)
    bh = b.dim(0.035, 0.05)
    b.link("base", "aluminum", _outline(ln, w, 0.0, 0.0, st))
    body = b.link("body", "plastic", _outline(ln * 0.92, w * 0.85, -ln * 0.02, st, bh))
    b.fixed(body, "base")
    top = st + bh
    x_rear, x_front = -ln * 0.38, ln * 0.12
    gh = b.dim(0.06, 0.08)
    b.add(body, S.box((0.03, 0.03, gh), (x_rear, 0, top + gh / 2 - 0.002)),
          S.bar((x_front, 0, top - 0.002), (x_front - 0.04, 0, top + gh), 0.028, 0.022),
          S.box((x_front - 0.04 - x_rear + 0.015, 0.028, 0.022), ((x_front - 0.04 + x_rear) / 2, 0, top + gh + 0.009)))
    P.knob(b, "temperature_dial", body, ((x_rear + x_front - 0.004) / 2, 0, top), "z", b.dim(0.016, 0.02), 0.01,
           limits=(0.0, 4.7))
    z_grip = top + gh + 0.02
    n = b.count(1, 2)
    for k in range(n):
        x = x_front - 0.045 - k * 0.02
        P.button(b, f"steam_button_{k}", body, (x, 0, z_grip), "z", 0.012, 0.0035, round_=True)
    xs = x_front - 0.045 - n * 0.02 - 0.02
    if xs - x_rear - 0.025 >= 0.01 and b.chance(0.6):
        slider = b.link("steam_slider", "plastic", S.box((0.012, 0.012, 0.006), (xs, 0, z_grip + 0.003)))
        b.prismatic(slider, body, (-1, 0, 0), 0.0, round(min(0.02, xs - x_rear - 0.025), 3))
    flap = b.link("fill_flap", "plastic", S.box((0.02, 0.024, 0.004), (x_front + 0.025, 0, top + 0.0025)))
    b.revolute(flap, body, LIFT, (x_front + 0.015, 0, top + 0.0005), 0.0, b.real(1.5, 1.9))
    swivel = b.chance(0.6)
    if swivel:
        xb = -ln * 0.02 - ln * 0.46
        sv = b.link("cord_swivel", "rubber", S.cylinder(0.009, 0.03, (xb - 0.016, 0, top - 0.01), "x"))
        b.continuous(sv, body, "x", (xb, 0, top - 0.01))
    return f"steam iron with {n} steam button{'s' if n > 1 else ''}" + (" and a cord swivel" if swivel else "")


@kind("garment_steamer", "home_appliances")
def garment_steamer(b: Builder) -> str:
    """Upright garment steamer: a telescoping pole of 2-3 sections (prismatic) with a hanger
    that swivels (continuous) or folds (revolute), a water tank that slides out (prismatic),
    1-2 foot switches (prismatic) and wheels (continuous).

    Upright steamers have bases 28-40 cm wide, 25-32 cm deep and 25-35 cm tall holding 1.5-2.5
    L tanks, square aluminium poles telescoping to 1.4-1.9 m, hangers 35-45 cm wide (retail range: Philips, Rowenta
    and Tefal upright steamers, 5-8 kg); wheels 5-7 cm across.
    """
    w, d, h = b.dim(0.28, 0.4), b.dim(0.25, 0.32), b.dim(0.25, 0.35)
    wheel_r = b.dim(0.025, 0.035)
    z0 = wheel_r
    wall, tw, th = 0.004, w * 0.55, h * 0.6
    zm, ztop = z0 + h / 2, z0 + h
    b.link("base", "plastic", S.box((d, w, wall), (0, 0, z0 + wall / 2)),
           S.box((d, w, wall), (0, 0, ztop - wall / 2)),
           *(S.box((d, wall, h - 2 * wall), (0, sy * (w / 2 - wall / 2), zm)) for sy in (-1, 1)),
           S.box((wall, w - 2 * wall, h - 2 * wall), (-d / 2 + wall / 2, 0, zm)),
           S.box((wall, w - 2 * wall, h - th - 0.012 - wall), (d / 2 - wall / 2, 0, (ztop - wall + z0 + th + 0.012) / 2)),
           *(S.box((wall, (w - tw) / 2 - wall - 0.003, th + 0.008), (d / 2 - wall / 2, sy * (w / 2 - (w - tw) / 4 - 0.0015), z0 + 0.004 + th / 2 + 0.004))
             for sy in (-1, 1)))
    xt, zt = d / 2 - d * 0.3 + 0.001, z0 + wall + 0.002 + th / 2
    tank = b.link("water_tank", "plastic", S.box((d * 0.6, tw, th), (xt, 0, zt)))
    b.cut(tank, S.box((d * 0.6 - 0.006, tw - 0.006, th - 0.006), (xt, 0, zt + 0.004)))
    b.prismatic(tank, "base", "x", 0.0, round(d * 0.5, 3))
    for k, sx in enumerate((-1, 1)):
        P.wheel(b, f"wheel_{k}", "base", (-d / 2 + wheel_r + 0.01, sx * (w / 2 + 0.012), wheel_r), "y",
                wheel_r, 0.02)
    b.add("base", S.rod((-d / 2 + wheel_r + 0.01, -w / 2 - 0.012, wheel_r), (-d / 2 + wheel_r + 0.01, w / 2 + 0.012, wheel_r), 0.005),
          *(S.box((0.02, 0.02, wheel_r), (d / 2 - 0.03, sy * (w / 2 - 0.03), wheel_r / 2)) for sy in (-1, 1)))
    top = z0 + h
    xp = -d / 2 + 0.05
    b.add("base", *_square_tube(0.042, 0.052, 0.12, (xp, 0, top + 0.06)))
    sections = b.count(2, 3)
    parent, sizes = "base", ((0.034, 0.039), (0.027, 0.032), (0.02, 0.025))
    seg = b.dim(0.45, 0.6)
    for k in range(sections):
        inner, outer = sizes[k]
        bottom = top + 0.01 + 0.01 * k
        ln = seg + 0.03 * k
        center = (xp, 0, bottom + ln / 2)
        solids = ([S.box((outer, outer, ln), center)] if k == sections - 1
                  else _square_tube(inner, outer, ln, center))
        name = b.link(f"pole_{k}", "aluminum", *solids)
        b.prismatic(name, parent, "z", 0.0, round(ln - 0.12, 3), point=(xp, 0, bottom))
        parent, pole_top = name, bottom + ln
    hw = b.dim(0.35, 0.45)
    hanger = b.link("hanger", "plastic", S.box((0.03, 0.03, 0.03), (xp, 0, pole_top + 0.017)),
                    S.bar((xp, -hw / 2, pole_top + 0.05), (xp, hw / 2, pole_top + 0.05), 0.02, 0.025),
                    S.box((0.016, 0.016, 0.04), (xp, 0, pole_top + 0.036)))
    if b.chance(0.5):
        b.continuous(hanger, parent, "z", (xp, 0, pole_top + 0.002))
    else:
        b.revolute(hanger, parent, "z", (xp, 0, pole_top + 0.002), -math.pi / 2, math.pi / 2)
    n = b.count(1, 2)
    for k in range(n):
        P.button(b, f"foot_switch_{k}", "base", (d / 2 - 0.04, (k - (n - 1) / 2) * 0.06 + w * 0.25, top), "z",
                 0.035, 0.004)
    return f"garment steamer with a {sections}-section pole"


def _square_tube(inner: float, outer: float, length: float, center) -> list:
    """Four walls of a square tube ``outer`` wide with an ``inner`` bore, along Z."""
    t, (x, y, z) = (outer - inner) / 2, center
    return [*(S.box((outer, t, length), (x, y + s * (outer - t) / 2, z)) for s in (-1, 1)),
            *(S.box((t, inner, length), (x + s * (outer - t) / 2, y, z)) for s in (-1, 1))]


@kind("steam_mop", "home_appliances")
def steam_mop(b: Builder) -> str:
    """Steam mop: a floor head with a swivel neck that tilts the body back (revolute) and
    side to side (revolute), a water tank lifting out of the body (prismatic), a fixed or
    telescoping handle (prismatic), a steam trigger (revolute) and a power button.

    Steam mops stand 1.1-1.25 m tall with heads 28-40 cm wide and 12-16 cm deep, 0.3-0.4 L
    tanks and 2-3 kg mass (retail range: Bissell PowerFresh, Shark and Vax steam mops); the
    neck tilts the body back about 65 degrees and 30 degrees to each side, telescoping
    handles extend 15-25 cm.
    """
    hw, hd, hh = b.dim(0.28, 0.4), b.dim(0.12, 0.16), b.dim(0.03, 0.04)
    b.link("base", "plastic", S.box((hd, hw, hh), (0, 0, hh / 2)),
           S.box((0.03, 0.05, 0.012), (0, 0, hh + 0.004)))
    b.cut("base", S.box((hd - 0.008, hw - 0.008, hh - 0.008), (0, 0, hh / 2)))
    z_tilt = hh + 0.02
    yoke = b.link("neck", "plastic", S.box((0.02, 0.04, 0.05), (0, 0, z_tilt + 0.02)),
                  S.cylinder(0.008, 0.06, (0, 0, z_tilt), "y", sections=12))
    b.revolute(yoke, "base", LIFT, (0, 0, z_tilt), -0.1, b.real(1.0, 1.1))
    z_side = z_tilt + 0.045
    bl, br = b.dim(0.5, 0.65), 0.035
    z0 = z_tilt + 0.08
    body = b.link("body", "plastic", S.box((2 * br, 2 * br, bl), (0, 0, z0 + bl / 2)),
                  S.box((0.02, 0.03, z0 - z_side + 0.01), (0, 0, (z0 + z_side) / 2 + 0.004)))
    b.cut(body, S.box((2 * br - 0.006, 2 * br - 0.006, bl - 0.2), (0, 0, z0 + bl / 2 - 0.05)))
    b.revolute(body, yoke, "x", (0, 0, z_side), -b.real(0.45, 0.55), b.real(0.45, 0.55))
    tank_h = bl * 0.35
    tank = b.link("water_tank", "plastic", S.box((0.03, 0.06, tank_h), (br + 0.0165, 0, z0 + 0.05 + tank_h / 2)))
    b.prismatic(tank, body, "z", 0.0, round(tank_h * 0.8, 3))
    P.button(b, "power_button", body, (br, 0, z0 + bl - 0.06), "x", 0.014, 0.002, round_=True)
    top = z0 + bl
    pole_l = b.dim(0.35, 0.45)
    holder, telescoping = body, b.chance(0.5)
    if telescoping:
        pole = b.link("handle_pole", "aluminum", S.cylinder(0.012, pole_l, (0, 0, top + pole_l / 2 - 0.1), sections=12))
        b.add(body, *_square_tube(0.03, 0.04, 0.08, (0, 0, top + 0.04)))
        b.prismatic(pole, body, "z", 0.0, b.dim(0.15, 0.25), point=(0, 0, top))
        holder = pole
    else:
        b.add(body, S.cylinder(0.012, pole_l, (0, 0, top + pole_l / 2 - 0.1), sections=12))
    z_grip = top + pole_l - 0.1
    b.add(holder, S.box((0.04, 0.035, 0.14), (0, 0, z_grip + 0.07)))
    trigger = b.link("trigger", "plastic", S.box((0.012, 0.016, 0.05), (0.028, 0, z_grip + 0.07)))
    b.revolute(trigger, holder, (0, 1, 0), (0.022, 0, z_grip + 0.095), 0.0, 0.25)
    return "steam mop" + (" with a telescoping handle" if telescoping else "")
