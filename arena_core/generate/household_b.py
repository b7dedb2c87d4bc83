"""Home appliances, continued: air conditioners, dehumidifiers, sewing machines, paper
shredders, air purifiers, humidifiers."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.household import _rotor
from arena_core.generate.kinds import kind


@kind("air_conditioner", "home_appliances")
def air_conditioner(b: Builder) -> str:
    """Air conditioner: a split-system indoor wall unit (front panel lifting on its top edge,
    air-outlet flap, 4-10 vertical vanes turning about Z, 1-2 filters pulled up through the
    top) or a window unit (2-6 horizontal louvres, two knobs, a sliding filter, two side
    curtains sliding out of slots in the sides).

    Sizes from the typical retail range: wall units about 0.7-1.1 m wide,
    0.25-0.32 m tall, 0.18-0.25 m deep; window units about 0.45-0.7 m wide, 0.3-0.45 m tall,
    0.35-0.7 m deep (typical 5,000-12,000 BTU/h retail range).
    """
    if b.chance(0.5):
        return _split_unit(b)
    w, h, d = b.dim(0.45, 0.7), b.dim(0.3, 0.45), b.dim(0.35, 0.7)
    b.link("base", "metal", S.box((d, w, h), (0, 0, h / 2)))
    ctrl = min(0.15, w * 0.25)  # control strip on the right
    gw = w - ctrl - 0.04  # grille width
    gy = -w / 2 + 0.02 + gw / 2
    z_split = h * 0.45
    b.cut("base", S.box((0.1, gw, h - z_split - 0.03), (d / 2, gy, (z_split + h - 0.03) / 2)))
    n = b.count(2, 6)
    pitch = (h - z_split - 0.03) / n
    slat = min(0.03, pitch * 0.9)
    for k in range(n):
        z = z_split + pitch * (k + 0.5)
        lv = b.link(f"louvre_{k}", "plastic", S.box((slat, gw - 0.006, 0.003), (d / 2 - 0.025, gy, z)))
        b.revolute(lv, "base", "y", (d / 2 - 0.025, gy, z), -0.6, 0.6)
    # the filter slides out of a slot in the left side behind 3-5 intake slots in the front
    zf = z_split * 0.8
    for k in range(b.count(3, 5)):
        b.cut("base", S.box((0.02, gw, 0.006), (d / 2 - 0.005, gy, z_split * 0.1 + zf * (k + 0.5) / 5)))
    b.cut("base", S.box((0.012, gw + 0.04, zf), (d / 2 - 0.02, gy - 0.02, z_split * 0.1 + zf / 2)))
    filt = b.link("filter", "plastic",
                  S.box((0.006, gw + 0.017, zf - 0.006), (d / 2 - 0.02, -w / 2 + (gw + 0.013) / 2, z_split * 0.1 + zf / 2)),
                  S.box((0.02, 0.01, 0.03), (d / 2 - 0.02, -w / 2 - 0.007, z_split * 0.1 + zf / 2)))
    b.prismatic(filt, "base", (0, -1, 0), 0.0, gw * 0.9)
    for k, name in enumerate(("mode_knob", "thermostat")):
        P.knob(b, name, "base", (d / 2, w / 2 - ctrl / 2 - 0.01, h * (0.7 - 0.35 * k)), "x",
               min(0.025, ctrl * 0.3), 0.02, limits=(0.0, 1.5 * math.pi))
    x_c, cw = -d * 0.15, b.dim(0.1, 0.2)
    for side, sy in (("left", -1), ("right", 1)):
        b.cut("base", S.box((0.016, cw + 0.03, h - 0.04), (x_c, sy * (w / 2 - cw / 2 + 0.005), h / 2)))
        curtain = b.link(f"curtain_{side}", "plastic",
                         S.box((0.01, cw, h - 0.05), (x_c, sy * (w / 2 - cw / 2 - 0.003), h / 2)))
        b.prismatic(curtain, "base", (0, sy, 0), 0.0, cw * 0.9)
    return f"window air conditioner with {n} louvres"


def _split_unit(b: Builder) -> str:
    w, h, d = b.dim(0.7, 1.1), b.dim(0.25, 0.32), b.dim(0.18, 0.25)
    b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)))
    ow, od = w - 0.12, min(0.08, d * 0.4)  # the outlet under the front
    ox = d / 2 - 0.012 - od / 2
    b.cut("base", S.box((od, ow, 0.1), (ox, 0, 0.0)))
    flap = b.link("flap", "plastic", S.box((od + 0.008, ow - 0.006, 0.004), (ox, 0, -0.003)))
    b.revolute(flap, "base", (0, -1, 0), (ox + od / 2 + 0.004, 0, -0.003), 0.0, b.real(1.0, 1.4))
    n = b.count(4, 10)
    vane_l = min(0.035, od - 0.012)
    for k in range(n):
        y = -ow / 2 + ow * (k + 0.5) / n
        vane = b.link(f"vane_{k}", "plastic", S.box((vane_l, 0.003, 0.035), (ox, y, 0.0225)))
        b.revolute(vane, "base", "z", (ox, y, 0.0225), -0.6, 0.6)
    panel = b.link("front_panel", "plastic", S.box((0.008, w - 0.01, h - 0.03), (d / 2 + 0.005, 0, h / 2 + 0.012)))
    b.revolute(panel, "base", (0, -1, 0), (d / 2 + 0.009, 0, h - 0.003), 0.0, b.real(1.0, 1.3))
    nf = b.count(1, 2)
    fw = (w - 0.2) / nf - 0.02
    for k in range(nf):
        y = -(w - 0.2) / 2 + (w - 0.2) * (k + 0.5) / nf
        b.cut("base", S.box((0.008, fw + 0.006, 1.2 * h + 0.02), (d / 2 - 0.035, y, h)))
        filt = b.link(f"filter_{k}", "plastic",
                      S.box((0.004, fw, h * 0.6), (d / 2 - 0.035, y, h - h * 0.3 + 0.002)),
                      S.box((0.012, 0.04, 0.01), (d / 2 - 0.035, y, h + 0.007)))
        b.prismatic(filt, "base", "z", 0.0, h * 0.5)
    return f"split air conditioner with {n} vanes and {nf} filter{'s' if nf > 1 else ''}"


@kind("dehumidifier", "home_appliances")
def dehumidifier(b: Builder) -> str:
    """Dehumidifier: a hollow water tank sliding out of the lower front (prismatic), an
    air-outlet flap on the top (revolute), a humidistat knob or 2-5 buttons on the top
    panel, a screw cap over the continuous-drain outlet on the back (helical), and on some
    four swivel casters.

    Sizes from the typical retail range of 10-30 litre/day compressor dehumidifiers (about
    0.3-0.4 m wide, 0.2-0.3 m deep, 0.45-0.65 m tall, 2-6 litre tanks).
    """
    w, d, h = b.dim(0.3, 0.4), b.dim(0.2, 0.3), b.dim(0.45, 0.65)
    casters = b.chance(0.4)
    z0 = 0.07 if casters else 0.0
    b.link("base", "plastic", S.box((d, w, h - z0), (0, 0, z0 + (h - z0) / 2)))
    tank_h = (h - z0) * b.real(0.3, 0.4)
    wall = 0.01
    b.cut("base", S.box((d - wall, w - 2 * wall, tank_h), (wall / 2 + 0.001, 0, z0 + wall + tank_h / 2)))
    td, tw, th = d - wall - 0.006, w - 2 * wall - 0.006, tank_h - 0.006
    tz = z0 + wall + 0.002 + th / 2
    tank = b.link("water_tank", "plastic", S.box((td, tw, th), (d / 2 - td / 2 + 0.002, 0, tz)))
    b.cut(tank, S.box((td - 0.024, tw - 0.006, th), (d / 2 - td / 2 - 0.008, 0, tz + 0.003)))
    b.cut(tank, S.box((0.03, tw * 0.4, 0.02), (d / 2 + 0.002, 0, tz + th / 2 - 0.01)))  # grip
    b.prismatic(tank, "base", "x", 0.0, td * 0.85)
    # louvred outlet: a flap hinged at its back edge in a recess of the top
    fw, fd = w * 0.6, d * 0.45
    fx = -d / 2 + 0.02 + fd / 2
    b.cut("base", S.box((fd + 0.006, fw + 0.006, 0.02), (fx, 0, h)))
    flap = b.link("outlet_flap", "plastic", S.box((fd, fw, 0.006), (fx, 0, h - 0.006)))
    b.revolute(flap, "base", (0, -1, 0), (fx - fd / 2, 0, h - 0.003), 0.0, b.real(0.9, 1.3))
    px = d / 2 - (d / 2 - (fx + fd / 2)) / 2  # control panel in front of the flap
    if b.chance(0.5):
        P.knob(b, "humidistat", "base", (px, 0, h), "z", min(0.025, (d / 2 - fx - fd / 2) * 0.35),
               0.015, limits=(0.0, 1.5 * math.pi))
        controls = "a humidistat knob"
    else:
        n = b.count(2, 5)
        for k in range(n):
            P.button(b, f"button_{k}", "base", (px, (k - (n - 1) / 2) * 0.035, h), "z", 0.018, 0.002)
        controls = f"{n} buttons"
    zc = z0 + wall + tank_h + 0.05
    b.add("base", S.cylinder(0.009, 0.012, (-d / 2 - 0.006, w * 0.25, zc), "x"))
    cap = b.link("drain_cap", "rubber", S.cylinder(0.013, 0.014, (-d / 2 - 0.017, w * 0.25, zc), "x"))
    b.helical(cap, "base", (-1, 0, 0), (-d / 2 - 0.01, w * 0.25, zc), 0.0, 2.5 * 2 * math.pi,
              0.002 / (2 * math.pi))
    if casters:
        for sx in (-1, 1):
            for sy in (-1, 1):
                P.caster(b, f"caster_{'bf'[sx > 0]}{'lr'[sy > 0]}", "base",
                         (sx * (d / 2 - 0.05), sy * (w / 2 - 0.05), z0), 0.022)
    return f"dehumidifier with {controls}" + (" on casters" if casters else "")


@kind("sewing_machine", "home_appliances")
def sewing_machine(b: Builder) -> str:
    """Domestic sewing machine: needle bar (prismatic), presser foot lifted by its own
    slide (prismatic) and lever (revolute), handwheel (continuous), 1-2 stitch dials, a
    reverse lever, a sliding bobbin cover, a bobbin winder (continuous), and on some a
    free arm with an accessory box that slides off to the left.

    Sizes from the typical retail range of domestic machines (about 0.38-0.45 m long,
    0.17-0.22 m deep, 0.28-0.32 m tall, 0.15-0.2 m throat).
    """
    w, d, h = b.dim(0.38, 0.45), b.dim(0.17, 0.22), b.dim(0.28, 0.32)
    bed_h, col_w, arm_d, arm_h = b.dim(0.06, 0.08), b.dim(0.1, 0.13), b.dim(0.1, 0.13), b.dim(0.08, 0.1)
    head_w = b.dim(0.07, 0.09)
    xa = -d / 2 + arm_d / 2
    z_hb = h - arm_h - 0.025
    xn, yn = -d / 2 + arm_d * 0.6, -w / 2 + 0.01 + head_w / 2
    free_arm = b.chance(0.5)
    box_len = b.dim(0.15, 0.2) if free_arm else 0.0
    y_bed = -w / 2 + box_len + (0.003 if free_arm else 0.0)
    b.link("base", "plastic", S.box((d, w / 2 - y_bed, bed_h), (0, (w / 2 + y_bed) / 2, bed_h / 2)),
           S.box((arm_d, col_w, h - bed_h), (xa, w / 2 - col_w / 2, (h + bed_h) / 2)),
           S.box((arm_d, w - 0.01, arm_h), (xa, 0.005, h - arm_h / 2)),
           S.box((arm_d, head_w, arm_h + 0.025), (xa, yn, h - (arm_h + 0.025) / 2)),
           S.rod((xa, w / 2 - col_w - 0.03, h), (xa, w / 2 - col_w - 0.03, h + 0.05), 0.003))
    if free_arm:  # the free arm under the needle, 3 mm inside the box around it
        b.add("base", S.box((0.08, y_bed + w / 2 - 0.023 + 0.001, bed_h - 0.01),
                            (xn + 0.01, (y_bed - w / 2 + 0.023) / 2, (bed_h - 0.01) / 2 + 0.01)))
        box = b.link("accessory_box", "plastic",
                     S.box((d / 2 - xn - 0.053, box_len, bed_h - 0.001), ((d / 2 + xn + 0.053) / 2, -w / 2 + box_len / 2, (bed_h - 0.001) / 2)),
                     S.box((xn - 0.033 + d / 2, box_len, bed_h - 0.001), ((xn - 0.033 - d / 2) / 2, -w / 2 + box_len / 2, (bed_h - 0.001) / 2)),
                     S.box((d, 0.02, bed_h - 0.001), (0, -w / 2 + 0.01, (bed_h - 0.001) / 2)))
        b.cut(box, S.box((d / 2 - xn - 0.07, box_len - 0.04, bed_h), ((d / 2 + xn + 0.053) / 2, -w / 2 + box_len / 2 + 0.01, bed_h / 2 + 0.006)))
        b.prismatic(box, "base", (0, -1, 0), 0.0, box_len - 0.02)
    b.cut("base", S.box((0.006, 0.006, 0.03), (xn, yn, bed_h)))  # needle hole
    needle = b.link("needle_bar", "metal", S.rod((xn, yn, z_hb + 0.02), (xn, yn, z_hb - 0.03), 0.004),
                    S.box((0.012, 0.01, 0.008), (xn + 0.002, yn, z_hb - 0.03)),
                    S.rod((xn, yn, z_hb - 0.03), (xn, yn, z_hb - 0.06), 0.0008, sections=6))
    b.prismatic(needle, "base", (0, 0, -1), 0.0, 0.025, point=(xn, yn, z_hb))
    foot = b.link("presser_foot", "metal",
                  S.box((0.03, 0.018, 0.004), (xn + 0.004, yn, bed_h + 0.003)),
                  S.rod((xn - 0.012, yn, bed_h + 0.003), (xn - 0.012, yn, z_hb + 0.02), 0.0035))
    b.cut(foot, S.box((0.006, 0.004, 0.01), (xn, yn, bed_h + 0.003)))
    b.prismatic(foot, "base", "z", 0.0, 0.008, point=(xn - 0.012, yn, z_hb))
    lever = b.link("presser_lever", "metal", S.box((0.006, 0.012, 0.04), (-d / 2 - 0.004, yn, z_hb + 0.005)))
    b.revolute(lever, "base", "y", (-d / 2 - 0.004, yn, z_hb + 0.025), 0.0, 0.8)
    cover_x0, cover_x1 = xn + 0.022, (xn + 0.045 if free_arm else min(xn + 0.07, d / 2 - 0.01))
    cover = b.link("bobbin_cover", "plastic", S.box((cover_x1 - cover_x0, 0.05 if not free_arm else 0.04, 0.002),
                                                    ((cover_x0 + cover_x1) / 2, yn, bed_h + 0.002)))
    b.prismatic(cover, "base", "x", 0.0, cover_x1 - cover_x0)
    wr = b.dim(0.05, 0.065)
    wz = max(h - arm_h / 2 - 0.01, bed_h + wr + 0.01)
    wheel = b.link("handwheel", "plastic", S.cylinder(wr, 0.025, (xa, w / 2 + 0.015, wz), "y"),
                   S.cylinder(0.007, 0.02, (xa + wr * 0.7, w / 2 + 0.035, wz), "y", sections=8))
    b.continuous(wheel, "base", "y", (xa, w / 2 + 0.015, wz))
    yc, x_face = w / 2 - col_w / 2, -d / 2 + arm_d
    dials = b.count(1, 2)
    for k in range(dials):
        P.knob(b, f"stitch_dial_{k}", "base", (x_face, yc + (k - (dials - 1) / 2) * col_w * 0.45, z_hb - 0.01),
               "x", min(0.022, col_w * 0.2), 0.015, limits=None if k == 0 else (0.0, 1.6 * math.pi))
    rev = b.link("reverse_lever", "plastic", S.box((0.03, 0.012, 0.008), (x_face + 0.016, yc, bed_h + 0.025)))
    b.revolute(rev, "base", "y", (x_face + 0.001, yc, bed_h + 0.025), 0.0, 0.5)
    winder = b.link("bobbin_winder", "metal", S.cylinder(0.011, 0.012, (xa, w / 2 - 0.025, h + 0.006)))
    b.continuous(winder, "base", "z", (xa, w / 2 - 0.025, h))
    return "sewing machine" + (" with a free arm and an accessory box" if free_arm else "")


@kind("paper_shredder", "home_appliances")
def paper_shredder(b: Builder) -> str:
    """Paper shredder: a cabinet with a pull-out bin (on some on four swivel casters) or a
    wastebasket whose cutting head lifts off; a rocker or a three-position slide switch.

    Office shredders are 30-50 cm wide, 22-40 cm deep and 40-75 cm tall with 15-40 L bins,
    personal basket shredders 28-38 cm wide, 15-22 cm deep, 30-45 cm tall (retail range); the
    feed slot is 22-24 cm wide to take A4 (210 mm, ISO 216) and US letter (216 mm) sheets,
    bins run out 70-85% of their depth, a lifted head clears the basket by 15-25 cm.
    """
    switch_style = b.pick(("rocker", "slide"))
    if b.chance(0.5):
        w, d, h = b.dim(0.3, 0.5), b.dim(0.22, 0.4), b.dim(0.4, 0.75)
        wall = 0.004
        casters = h > 0.55 and b.chance(0.6)
        b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)))
        if casters:
            for sx in (-1, 1):
                for sy in (-1, 1):
                    P.caster(b, f"caster_{'fb'[sx > 0]}{'lr'[sy > 0]}", "base",
                             (sx * (d / 2 - 0.04), sy * (w / 2 - 0.04), 0.0), 0.022)
        z_bin = h * b.real(0.65, 0.75)
        b.cut("base", S.box((d - wall, w - 2 * wall, z_bin - wall), (wall / 2 + 0.0005, 0, (wall + z_bin) / 2)))
        P.drawer(b, "bin", "base", x_face=d / 2, y0=-w / 2 + wall, y1=w / 2 - wall, z0=wall,
                 z1=z_bin, depth=d - 2 * wall - 0.01, t=0.01, material="plastic",
                 travel=b.real(0.7, 0.85) * (d - 0.02), handle=b.pick(("edge", None)))
        head = "base"
        top, xs = h, -d * 0.1
        name = "cabinet shredder with a pull-out bin" + (" on casters" if casters else "")
    else:
        w, d, hb = b.dim(0.28, 0.38), b.dim(0.15, 0.22), b.dim(0.22, 0.36)
        wall = 0.003
        P.shell(b, "base", "plastic", (d, w, hb), (0, 0, hb / 2), wall, open_face="+z")
        hh = b.dim(0.07, 0.1)
        head = b.link("head", "plastic", S.box((d + 0.008, w + 0.008, hh), (0, 0, hb + hh / 2)),
                      S.box((d - 2 * wall - 0.006, w - 2 * wall - 0.006, 0.021), (0, 0, hb - 0.01)))
        b.cut(head, S.box((0.04, min(0.1, w * 0.3), 0.03), (-d / 2, 0, hb + hh)))
        b.prismatic(head, "base", "z", 0.0, b.dim(0.15, 0.25))
        top, xs = hb + hh, d * 0.15
        name = "basket shredder with a lift-off head"
    slot = min(0.24, w - 0.06)
    b.cut(head, S.box((0.007, slot, 0.05), (xs, 0, top)))
    sy = w / 2 - 0.03 if slot / 2 + 0.045 <= w / 2 else 0.0
    sx = xs + 0.04 if sy == 0.0 else xs
    if switch_style == "rocker":
        rocker = b.link("power_switch", "plastic", S.box((0.024, 0.014, 0.008), (sx, sy, top + 0.004)))
        b.revolute(rocker, head, "y", (sx, sy, top), -0.25, 0.25)
    else:
        b.cut(head, S.box((0.04, 0.006, 0.02), (sx, sy, top)))
        tab = b.link("mode_switch", "plastic", S.box((0.004, 0.004, 0.012), (sx - 0.012, sy, top - 0.002)),
                     S.box((0.01, 0.012, 0.008), (sx - 0.012, sy, top + 0.004)))
        b.prismatic(tab, head, "x", 0.0, 0.024, point=(sx - 0.012, sy, top))
    return f"{name} and a {switch_style} switch"


@kind("air_purifier", "home_appliances")
def air_purifier(b: Builder) -> str:
    """Air purifier: a box tower whose front panel hinges open on either side over a filter
    cartridge that slides out, or a cylinder whose base cover twists off (bayonet) under a
    ring filter; a fan spinning under the top outlet grille, push buttons or a knob.

    Box purifiers are 25-45 cm wide, 18-30 cm deep and 45-80 cm tall, cylindrical ones 20-30
    cm across and 30-60 cm tall (retail range; their clean-air delivery rate is tested to
    ANSI/AHAM AC-1); front panels open 95-110 degrees, bayonet covers turn 20-35 degrees.
    """
    if b.chance(0.5):
        w, d, h = b.dim(0.25, 0.45), b.dim(0.18, 0.3), b.dim(0.45, 0.8)
        wall, t = 0.004, 0.012
        P.shell(b, "base", "plastic", (d, w, h), (0, 0, h / 2), wall)
        hinge = b.pick(("left", "right"))
        P.door(b, "front_panel", "base", x_face=d / 2, y0=-w / 2, y1=w / 2, z0=0.0, z1=h, t=t,
               hinge=hinge, material="plastic", max_angle=b.real(1.65, 1.9),
               handle=b.pick((None, "edge")))
        # an opened panel swings its hinge edge up to its thickness into the opening
        y0, y1 = -w / 2 + wall + 0.004, w / 2 - wall - 0.004
        if hinge == "left":
            y0 = -w / 2 + P.GAP + t + 0.006
        else:
            y1 = w / 2 - P.GAP - t - 0.006
        fh = (h - 2 * wall) * b.real(0.5, 0.65)
        fd = d - 2 * wall - 0.012
        fx = d / 2 - wall - 0.006 - fd / 2 + wall
        flt = b.link("filter", "foam", S.box((fd, y1 - y0, fh), (fx, (y0 + y1) / 2, wall + 0.004 + fh / 2)),
                     S.box((0.008, 0.05, 0.015), (fx + fd / 2 - 0.004, (y0 + y1) / 2, wall + 0.004 + fh - 0.02)))
        b.prismatic(flt, "base", "x", 0.0, 0.85 * fd)
        rr = min(d, w) / 2 - wall - 0.012
        zr = h - wall - 0.03
        _rotor(b, "fan", "base", (0, 0, zr), "z", rr, b.count(5, 9))
        b.cut("base", *[S.box((min(d, w) * 0.5, 0.008, 0.01), (0, (k - 2) * 0.02, h)) for k in range(5)])
        xb, top = -d / 2 + 0.025, h
        shape = f"tower air purifier with a {hinge}-hinged panel"
    else:
        r, h = b.dim(0.1, 0.15), b.dim(0.3, 0.6)
        wall, zc = 0.003, 0.025
        b.link("base", "plastic", S.tube(r - wall, r, h - zc, (0, 0, zc + (h - zc) / 2)),
               S.cylinder(r, 0.006, (0, 0, h - 0.003)))
        b.cut("base", *[S.box((r * 0.9, 0.007, 0.02), (0, (k - 2) * 0.016, h)) for k in range(5)])
        # the ring filter stands on the cover and comes out with it
        fh = h - zc - 0.09
        cover = b.link("base_cover", "plastic", S.cylinder(r, zc, (0, 0, zc / 2)),
                       S.tube(r - wall - 0.012, r - wall - 0.003, 0.015, (0, 0, zc + 0.0075)),
                       S.tube(r * 0.55, r - wall - 0.004, fh, (0, 0, zc - 0.001 + fh / 2)))
        b.revolute(cover, "base", "z", (0, 0, 0), 0.0, b.real(0.35, 0.6))
        _rotor(b, "fan", "base", (0, 0, h - 0.035), "z", r * 0.8, b.count(5, 9))
        xb, top = -r * 0.7, h
        shape = "cylindrical air purifier with a twist-off base"
    if b.chance(0.5):
        n = b.count(1, 4)
        for k in range(n):
            P.button(b, f"button_{k}", "base", (xb, (k - (n - 1) / 2) * 0.022, top), "z", 0.014,
                     0.002, round_=True)
        return f"{shape} and {n} button{'s' if n > 1 else ''}"
    P.knob(b, "speed_knob", "base", (xb, 0.0, top), "z", 0.016, 0.014, limits=(0.0, 4.0))
    return f"{shape} and a speed knob"


@kind("humidifier", "home_appliances")
def humidifier(b: Builder) -> str:
    """Ultrasonic humidifier: a round or square base with a mist basin and a knob or buttons,
    a hollow water tank that lifts off it (prismatic), a mist nozzle turning on the tank
    (continuous) and on some a screw fill cap beside it (helical).

    Ultrasonic humidifiers of 2-6 L are 16-30 cm across and 25-40 cm tall on a 6-10 cm base
    (retail range); the tank lifts 12-20 cm off its base, the nozzle turns all round, and a
    fill cap comes off in half a turn to a turn.
    """
    round_ = b.chance(0.5)
    R, hb, ht = b.dim(0.08, 0.15), b.dim(0.06, 0.1), b.dim(0.16, 0.3)
    x_face = R  # the front of the base (+X)
    if round_:
        b.link("base", "plastic", S.cylinder(R, hb, (0, 0, hb / 2)))
        b.cut("base", S.cylinder(R - 0.015, 0.02, (0, 0, hb)))
        tank = b.link("tank", "plastic", S.cylinder(R - 0.002, ht, (0, 0, hb + 0.001 + ht / 2)))
        b.cut(tank, S.cylinder(R - 0.005, ht - 0.006, (0, 0, hb + 0.001 + ht / 2)))
    else:
        b.link("base", "plastic", S.box((2 * R, 2 * R, hb), (0, 0, hb / 2)))
        b.cut("base", S.box((2 * R - 0.03, 2 * R - 0.03, 0.02), (0, 0, hb)))
        tank = b.link("tank", "plastic", S.box((2 * R - 0.004, 2 * R - 0.004, ht), (0, 0, hb + 0.001 + ht / 2)))
        b.cut(tank, S.box((2 * R - 0.01, 2 * R - 0.01, ht - 0.006), (0, 0, hb + 0.001 + ht / 2)))
    b.prismatic(tank, "base", "z", 0.0, b.dim(0.12, 0.2))
    top = hb + 0.001 + ht
    nozzle = b.link("nozzle", "plastic", S.cylinder(0.025, 0.03, (0, 0, top + 0.015)),
                    S.box((0.035, 0.015, 0.012), (0.0175, 0, top + 0.03)))
    b.continuous(nozzle, tank, "z", (0, 0, top))
    cap = b.chance(0.5)
    if cap:
        xc = -0.65 * R
        lid = b.link("fill_cap", "plastic", S.cylinder(0.015, 0.012, (xc, 0, top + 0.006)),
                     S.box((0.022, 0.004, 0.006), (xc, 0, top + 0.015)))
        pitch = 0.0005
        b.helical(lid, tank, "z", (xc, 0, top), 0.0, round(b.real(0.5, 1.0) * 2 * math.pi, 3), pitch)
    if b.chance(0.5):
        P.knob(b, "mist_knob", "base", (x_face, 0, hb / 2), "x", 0.018, 0.016, limits=(0.0, b.real(4.2, 5.0)))
        controls = "a knob"
    else:
        n = b.count(1, 3)
        for k in range(n):
            y = (k - (n - 1) / 2) * 0.022
            x = math.sqrt(R * R - y * y) if round_ else x_face  # on the round base's wall
            P.button(b, f"button_{k}", "base", (x, y, hb / 2), "x", 0.014, 0.002, round_=True)
        controls = f"{n} button{'s' if n > 1 else ''}"
    return f"{'round' if round_ else 'square'} humidifier with a lift-off tank, {controls}" + (
        " and a fill cap" if cap else "")
