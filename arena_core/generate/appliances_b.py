"""Kitchen appliances, continued: stand mixers, cooker hoods, waffle makers, air fryers
(hollow housings by boolean difference; front faces +X, as in
:mod:`arena_core.generate.appliances`)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


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
