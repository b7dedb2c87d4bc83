"""Electronics, continued: headphones, calculators, projectors, routers, radios."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.electronics import LIFT
from arena_core.generate.kinds import kind


@kind("headphones", "electronics")
def headphones(b: Builder) -> str:
    """Over-ear headphones standing on their cups: a headband arc with an extending slider
    at each end (prismatic), yokes that swivel the cups
    flat (revolute about the vertical) and cups tilting in them (revolute); some have a
    boom microphone (revolute) and a volume wheel (continuous).

    Sizes: headband radius 75-90 mm, cups 80-100 mm across and 25-40 mm thick, sliders
    20-35 mm of travel (typical retail over-ear headphones, e.g. Sony WH-1000XM, Audio-
    Technica ATH-M50x: 0.2-0.3 kg, cups about 90 mm).
    """
    R, rc, ct = b.dim(0.075, 0.09), b.dim(0.04, 0.05), b.dim(0.025, 0.04)
    band_w, band_t = b.dim(0.025, 0.04), b.dim(0.005, 0.008)
    end = b.real(1.25, 1.35)  # angle of the band's ends from the top (rad)
    ls = b.dim(0.025, 0.04)  # slider length below the band's end
    zc = 0.0
    band = b.pick(("metal", "plastic"))
    # an arc: a ring about X cut off below the height of its ends
    b.link("base", band, S.tube(R - band_t / 2, R + band_t / 2, band_w, (0, 0, zc), "x", sections=48))
    b.cut("base", S.box((band_w + 0.01, 2 * R + 0.05, R + 0.05),
                        (0, 0, zc + R * math.cos(end) - (R + 0.05) / 2)))
    b.add("base", S.box((band_w * 0.8, 0.03, 0.015), (0, 0, zc + R + band_t / 2 + 0.006)))
    mic_side = b.pick((-1, 1)) if b.chance(0.35) else 0
    wheel_side = (-mic_side if mic_side else b.pick((-1, 1))) if b.chance(0.4) else 0
    for side, sy in (("left", -1), ("right", 1)):
        ye, ze = sy * R * math.sin(end), zc + R * math.cos(end)
        # the slider runs up into the band's end, out of which it extends
        parent, top = "base", ze + 0.012
        zy = ze - ls
        slider = b.link(f"{side}_slider", "metal", S.box((0.014, 0.004, top - zy - 0.001), (0, ye, (top + zy + 0.001) / 2)))
        b.prismatic(slider, parent, (0, 0, -1), 0.0, b.dim(0.02, 0.035), point=(0, ye, ze))
        z_cup = zy - 0.005 - 0.012 - rc
        arm_x = rc + 0.007
        yoke = b.link(f"{side}_yoke", "plastic", S.box((2 * arm_x + 0.006, 0.008, 0.005), (0, ye, zy - 0.0025)),
                      *[S.box((0.006, 0.008, zy - 0.005 - z_cup + 0.004), (sx * arm_x, ye, (zy - 0.005 + z_cup - 0.004) / 2))
                        for sx in (-1, 1)])
        b.revolute(yoke, slider, "z", (0, ye, zy), 0.0, math.pi / 2)
        pad_y = ye - sy * (ct / 2 + 0.0075)
        cup = b.link(f"{side}_cup", "plastic", S.cylinder(rc, ct, (0, ye, z_cup), "y"),
                     *[S.cylinder(0.004, 0.007, (sx * (rc + 0.0035), ye, z_cup), "x", sections=8) for sx in (-1, 1)])
        pad = b.link(f"{side}_pad", "foam", S.cylinder(rc * 0.96, 0.016, (0, pad_y, z_cup), "y"))
        b.fixed(pad, cup)
        b.revolute(cup, yoke, "x", (0, ye, z_cup), -0.2, 0.2)
        outer = ye + sy * ct / 2
        if mic_side == sy:
            boom = b.link("boom_mic", "plastic", S.cylinder(0.007, 0.006, (0, outer + sy * 0.004, z_cup), "y"),
                          S.rod((0, outer + sy * 0.005, z_cup), (rc * 1.1, outer + sy * 0.005, z_cup - rc * 1.3), 0.0025),
                          S.capsule(0.005, 0.012, (rc * 1.1 + 0.004, outer + sy * 0.005, z_cup - rc * 1.3 - 0.004), (1, 0, -1)))
            b.revolute(boom, cup, (0, -sy, 0), (0, outer, z_cup), 0.0, b.real(1.2, 1.6))
        if wheel_side == sy:
            P.knob(b, "volume_wheel", cup, (rc * 0.45, outer, z_cup - rc * 0.45), (0, sy, 0), 0.007, 0.004)
    extras = [w for w, on in (("boom mic", mic_side), ("volume wheel", wheel_side)) if on]
    return "over-ear headphones" + (f" ({', '.join(extras)})" if extras else "")


@kind("calculator", "electronics")
def calculator(b: Builder) -> str:
    """Calculator lying flat, display toward -X: a grid of 20-50 keys, each pressing in
    (prismatic), a display window and solar strip, and on some a protective cover that
    swings open about the display end (revolute); basic (4-5 columns of large keys) or
    scientific (5-6 columns of 8-10 rows of small keys).

    Sizes: handheld 0.07-0.09 x 0.14-0.17 m, desktop 0.1-0.12 x 0.15-0.2 m, 10-15 mm thick,
    keys 10-16 mm on a 14-20 mm pitch (typical retail range, e.g. Casio fx-82 80 x 162 x
    14 mm, Casio desktop MS-20 103 x 150 mm).
    """
    scientific = b.chance(0.5)
    if scientific:
        cols, rows, pitch = b.count(5, 6), b.count(8, 10), b.dim(0.0125, 0.0145)
    else:
        cols, rows, pitch = b.count(4, 5), b.count(5, 6), b.dim(0.016, 0.02)
    key = round(pitch * b.real(0.7, 0.8), 4)
    w = cols * pitch + 0.012
    disp = b.dim(0.03, 0.045)
    ln = rows * pitch + disp + 0.02
    th = b.dim(0.01, 0.015)
    b.link("base", "plastic", S.box((ln, w, th), (0, 0, th / 2)))
    x_disp = -ln / 2 + 0.008 + disp / 2
    window = b.link("display", "glass", S.box((disp * 0.7, w - 0.016, 0.0012), (x_disp, 0, th + 0.0006)))
    b.fixed(window, "base")
    b.add("base", S.box((disp * 0.2, w * 0.4, 0.0008), (x_disp + disp * 0.42, w * 0.2, th + 0.0004)))
    x0 = -ln / 2 + disp + 0.014
    n = 0
    for r in range(rows):
        x = x0 + (r + 0.5) * pitch
        for c in range(cols):
            y = -w / 2 + 0.006 + (c + 0.5) * pitch
            P.button(b, f"key_{r}_{c}", "base", (x, y, th), "z", key, 0.0012)
            n += 1
    if b.chance(0.4):
        gap = 0.0045  # over the keys' tops (4 mm at most)
        cover = b.link("cover", "plastic", S.box((ln, w + 0.004, 0.0015), (0, 0, th + gap + 0.00075)),
                       *[S.box((ln, 0.0015, gap + 0.0015), (0, sy * (w / 2 + 0.00275), th + (gap + 0.0015) / 2 + 0.0005))
                         for sy in (-1, 1)])
        b.revolute(cover, "base", LIFT, (-ln / 2, 0, th + gap), 0.0, b.real(2.6, 3.1))
        return f"{'scientific' if scientific else 'basic'} calculator with {n} keys and a cover"
    return f"{'scientific' if scientific else 'basic'} calculator with {n} keys"


@kind("projector", "electronics")
def projector(b: Builder) -> str:
    """Video projector: a hollow housing with either a protruding lens barrel (a focus ring
    and on some a zoom ring, revolute, and a push-on lens cap, prismatic) or a recessed lens
    behind a sliding shutter with a focus thumb-wheel on top; one or two screw-out front feet
    (helical) or an elevator foot with its release button; 0-6 top buttons.

    Home and business projectors are 20-35 cm wide, 15-30 cm deep and 7-13 cm tall with lenses
    of 4-7 cm (retail range); focus rings turn about 90-270 degrees, zoom rings 45-90,
    adjustable feet screw out 10-20 mm (1.25-2 mm per turn), elevator feet drop 2-4 cm.
    """
    w, d, h = b.dim(0.2, 0.35), b.dim(0.15, 0.3), b.dim(0.07, 0.13)
    feet_h, wall = 0.012, 0.0025
    z0 = feet_h
    P.shell(b, "base", "plastic", (d, w, h), (0, 0, z0 + h / 2), wall, open_face=None)
    rl = min(b.dim(0.02, 0.035), h / 2 - 0.012)
    barrel = b.chance(0.55)
    yl = b.pick((-w / 4, 0.0, w / 4) if barrel else (-w / 4, w / 4))
    zl = z0 + h / 2
    for sy in (-1, 1):
        b.add("base", S.cylinder(0.01, feet_h + 0.001, (-d / 2 + 0.03, sy * (w / 2 - 0.03), feet_h / 2 + 0.0005)))
    b.cut("base", *[S.box((d * 0.3, 0.008, 0.004), (-d * 0.1, sy * w / 2, zl + (k - 2) * 0.009))
                    for sy in (-1, 1) for k in range(5)])
    if barrel:
        bl = b.dim(0.025, 0.045)
        b.add("base", S.cylinder(rl, bl + 0.002, (d / 2 + bl / 2 - 0.001, yl, zl), "x"),
              S.cylinder(rl * 0.8, 0.004, (d / 2 + bl + 0.001, yl, zl), "x"))
        zoom = b.chance(0.5) and bl > 0.03
        ring_l = (bl - 0.018) / (2 if zoom else 1)
        rings = [("focus_ring", d / 2 + bl - 0.016 - ring_l / 2, b.real(0.8, 2.4))]
        if zoom:
            rings.append(("zoom_ring", d / 2 + bl - 0.018 - ring_l * 1.5, b.real(0.4, 0.8)))
        for name, xr, reach in rings:
            ring = b.link(name, "rubber", S.tube(rl - 0.001, rl + 0.005, ring_l, (xr, yl, zl), "x"))
            b.revolute(ring, "base", "x", (xr, yl, zl), -reach / 2, reach / 2)
        lens = "a lens barrel with " + " and ".join(n.split("_")[0] for n, _, _ in rings) + " ring"
        if b.chance(0.6):
            cap = b.link("lens_cap", "plastic", S.tube(rl + 0.0005, rl + 0.003, 0.012, (d / 2 + bl - 0.004, yl, zl), "x"),
                         S.cylinder(rl + 0.003, 0.003, (d / 2 + bl + 0.0035, yl, zl), "x"))
            b.prismatic(cap, "base", "x", 0.0, b.dim(0.03, 0.05))
            lens += "s, a lens cap"
        else:
            lens += "s"
    else:
        b.cut("base", S.cylinder(rl + 0.002, 0.02, (d / 2, yl, zl), "x"))
        b.add("base", S.cylinder(rl + 0.004, 0.004, (d / 2 - wall - 0.002, yl, zl), "x"))
        glass = b.link("lens", "glass", S.cylinder(rl, 0.004, (d / 2 - 0.006, yl, zl), "x"))
        b.fixed(glass, "base")
        sign = 1.0 if yl < 0 else -1.0  # towards the middle
        side = 2 * rl + 0.012
        shutter = b.link("shutter", "plastic", S.box((0.004, side, side), (d / 2 + 0.0025, yl, zl)),
                         S.box((0.006, 0.006, side * 0.5), (d / 2 + 0.0075, yl + sign * (side / 2 - 0.006), zl)))
        b.prismatic(shutter, "base", (0, sign, 0), 0.0, round(side + 0.004, 3))
        xw, yw = d / 2 - 0.03, yl
        b.cut("base", S.box((0.03, 0.012, 0.02), (xw, yw, z0 + h)))
        wheel = b.link("focus_wheel", "rubber", S.cylinder(0.012, 0.008, (xw, yw, z0 + h - 0.006), "y"))
        b.revolute(wheel, "base", "y", (xw, yw, z0 + h - 0.006), -2.5, 2.5)
        lens = "a lens shutter and a focus wheel"
    if b.chance(0.5):
        n_f = b.count(1, 2)
        for k in range(n_f):
            y = 0.0 if n_f == 1 else (k - 0.5) * (w - 0.06)
            foot = b.link(f"foot_{k}", "rubber", S.cylinder(0.011, feet_h + 0.006, (d / 2 - 0.03, y, (feet_h + 0.006) / 2)))
            pitch = b.real(0.0002, 0.00032)
            b.helical(foot, "base", (0, 0, -1), (d / 2 - 0.03, y, feet_h), 0.0, round(b.dim(0.01, 0.02) / pitch, 2), pitch)
        feet = f"{n_f} screw feet"
    else:
        foot = b.link("elevator_foot", "plastic", S.box((0.012, 0.03, feet_h + 0.01), (d / 2 - 0.025, 0, (feet_h + 0.01) / 2)))
        b.prismatic(foot, "base", (0, 0, -1), 0.0, b.dim(0.02, 0.04))
        P.button(b, "foot_release", "base", (d / 2 - 0.03, -w / 2, z0 + 0.02), (0, -1, 0), 0.012, 0.003)
        feet = "an elevator foot"
    n_b = b.count(0, 6)
    for k in range(n_b):
        P.button(b, f"button_{k}", "base", (-d / 2 + 0.03, (k - (n_b - 1) / 2) * 0.022, z0 + h), "z",
                 0.014, 0.002, round_=True)
    return f"projector with {lens}, {feet} and {n_b} buttons"


@kind("router", "electronics")
def router(b: Builder) -> str:
    """Wi-Fi router: a flat hollow housing with 2-8 external antennas on knuckle hinges
    (tilting from flat back to flat forward, revolute, on some on a swivel too), along the
    back edge and on the sides; Ethernet ports at the back and 1-3 front buttons.

    Home routers are 15-35 cm wide, 10-22 cm deep and 2.5-5 cm tall, with 12-20 cm antennas
    (retail range: dual-band routers with 2-4 antennas, tri-band and gaming routers with
    6-8); antennas tilt 180 degrees and swivel about 90 degrees either way.
    """
    n = b.pick((2, 3, 4, 4, 6, 8))
    w = b.dim(0.25, 0.35) if n > 4 else b.dim(0.15, 0.3)
    d, h = b.dim(0.1, 0.22), b.dim(0.025, 0.05)
    z0, wall = 0.006, 0.002
    P.shell(b, "base", "plastic", (d, w, h), (0, 0, z0 + h / 2), wall, open_face=None)
    for sx in (-1, 1):
        for sy in (-1, 1):
            b.add("base", S.cylinder(0.008, z0 + 0.001, (sx * (d / 2 - 0.02), sy * (w / 2 - 0.02), z0 / 2 + 0.0005)))
    top = z0 + h
    zp, ln = top + 0.008, b.dim(0.12, 0.2)
    rear = min(n, 4)
    spots = [((-d / 2 - 0.007, -w / 2 + 0.02 + (w - 0.04) * k / max(rear - 1, 1) if rear > 1 else 0.0), "y")
             for k in range(rear)]
    per_side = (n - rear) // 2
    for k in range(per_side):
        x = -d / 2 + d * (k + 1) / (per_side + 1)
        spots += [((x, sy * (w / 2 + 0.007)), "x") for sy in (-1, 1)]
    swivel = b.chance(0.5)
    for k, ((x, y), axis) in enumerate(spots):
        # a lug 1 mm into the housing's face, level with its top, under the hinge
        b.add("base", S.box((0.016, 0.016, 0.01), (x, y, top - 0.005)))
        parent = "base"
        if swivel:
            parent = b.link(f"antenna_{k}_swivel", "plastic", S.cylinder(0.007, 0.01, (x, y, zp - 0.003)))
            b.revolute(parent, "base", "z", (x, y, zp - 0.008), -math.pi / 2, math.pi / 2)
        thick = (0.008, 0.014, ln) if axis == "y" else (0.014, 0.008, ln)
        ant = b.link(f"antenna_{k}", "plastic", S.box(thick, (x, y, zp - 0.004 + ln / 2)),
                     S.cylinder(0.004, 0.016, (x, y, zp), axis, sections=8))
        b.revolute(ant, parent, axis, (x, y, zp), -math.pi / 2, math.pi / 2)
    ports = b.count(2, 5)
    for k in range(ports):
        b.cut("base", S.box((0.012, 0.016, min(0.013, h * 0.4)), (-d / 2, (k - (ports - 1) / 2) * 0.022, z0 + h * 0.4)))
    n_b = b.count(1, 3)
    for k in range(n_b):
        P.button(b, f"button_{k}", "base", (d / 2, w / 2 - 0.025 - k * 0.02, z0 + h / 2), "x",
                 0.01, 0.0015, round_=True)
    return f"router with {n} antennas{' on swivels' if swivel else ''} and {n_b} buttons"


@kind("radio", "electronics")
def radio(b: Builder) -> str:
    """Portable radio or boombox: a hollow cabinet with speaker grilles, a carry handle that
    folds forward (revolute), tuning (continuous) and volume (revolute) knobs, a band slide
    switch (prismatic), a telescopic antenna that swings up from the top (revolute) and
    extends (prismatic), and on boomboxes a cassette door tilting out (revolute).

    Portable radios are 18-30 cm wide, 6-11 cm deep and 10-18 cm tall, boomboxes 30-50 cm wide,
    11-16 cm deep and 16-28 cm tall (retail range); the antenna swings up 90 degrees and its
    stage pulls out about 85% of its length, cassette doors tilt out 25-40 degrees.
    """
    boombox = b.chance(0.45)
    if boombox:
        w, d = b.dim(0.3, 0.5), b.dim(0.11, 0.16)
        h = round(w * b.real(0.5, 0.6), 3)
    else:
        w, d = b.dim(0.18, 0.3), b.dim(0.06, 0.11)
        h = round(w * b.real(0.55, 0.65), 3)
    wall = 0.0025
    P.shell(b, "base", "plastic", (d, w, h), (0, 0, h / 2), wall, open_face=None)
    rs = min(0.3 * h, 0.14 * w) if boombox else min(0.32 * h, 0.22 * w)
    centers = [-w / 2 + rs + 0.02, w / 2 - rs - 0.02] if boombox else [-w / 2 + rs + 0.015]
    b.cut("base", *[S.cylinder(rs, 0.003, (d / 2, y, h * 0.42), "x") for y in centers])
    zk = h - 0.03
    yk = (0.05, -0.05) if boombox else (w / 2 - 0.03, w / 2 - 0.03)
    zks = (zk, zk) if boombox else (zk, zk - 0.04)
    P.knob(b, "tuning_knob", "base", (d / 2, yk[0], zks[0]), "x", 0.012, 0.014)
    P.knob(b, "volume_knob", "base", (d / 2, yk[1], zks[1]), "x", 0.012, 0.014,
           limits=(0.0, b.real(4.2, 5.0)))
    if boombox:  # the band switch slides along the front between the knobs
        b.cut("base", S.box((0.01, 0.045, 0.005), (d / 2, 0.0, zk)))
        tab = b.link("band_switch", "plastic", S.box((0.01, 0.004, 0.0035), (d / 2 - 0.002, -0.016, zk)),
                     S.box((0.006, 0.01, 0.01), (d / 2 + 0.006, -0.016, zk)))
        b.prismatic(tab, "base", "y", 0.0, 0.032, point=(d / 2, -0.016, zk))
    else:  # ... or along the right end
        b.cut("base", S.box((0.045, 0.01, 0.005), (0.0, w / 2, h / 2)))
        tab = b.link("band_switch", "plastic", S.box((0.004, 0.01, 0.0035), (-0.016, w / 2 - 0.002, h / 2)),
                     S.box((0.01, 0.006, 0.01), (-0.016, w / 2 + 0.006, h / 2)))
        b.prismatic(tab, "base", "x", 0.0, 0.032, point=(-0.016, w / 2, h / 2))
    if boombox:
        half = min(0.06, centers[1] - rs - 0.02)
        z0, z1 = 0.02, min(0.09, zk - 0.035)
        b.cut("base", S.box((0.01, 2 * half, z1 - z0), (d / 2, 0, (z0 + z1) / 2)))
        P.door(b, "cassette_door", "base", x_face=d / 2, y0=-half, y1=half, z0=z0, z1=z1, t=0.004,
               hinge="bottom", material="plastic", max_angle=b.real(0.45, 0.7), handle=None)
    # a U handle standing on the top, folding forward over the front
    yh, hh = w / 2 - 0.04, b.dim(0.05, 0.08)
    grip = b.link("handle", "plastic",
                  *[S.rod((0, sy * yh, h), (0, sy * yh, h + hh), 0.006) for sy in (-1, 1)],
                  S.rod((0, -yh - 0.006, h + hh), (0, yh + 0.006, h + hh), 0.008))
    b.revolute(grip, "base", "y", (0, 0, h), 0.0, b.real(1.2, 1.45))
    # the antenna lies along the back of the top, pivoting on a lug at its right end
    xa, ya, za = -d / 2 + 0.01, w / 2 - 0.015, h + 0.006
    la = round(min(0.25, (w - 0.03) * b.real(0.6, 0.8)), 3)
    b.add("base", S.box((0.012, 0.012, 0.007), (xa, ya, h + 0.0025)))
    mast = b.link("antenna", "metal", S.cylinder(0.0045, la, (xa, ya - 0.004 - la / 2, za), "y",
                                                 sections=S.SMALL_SECTIONS),
                  S.sphere(0.005, (xa, ya, za), count=8))
    b.revolute(mast, "base", (-1, 0, 0), (xa, ya, za), 0.0, math.pi / 2)
    tip = b.link("antenna_tip", "metal", S.cylinder(0.0025, la - 0.01, (xa, ya - 0.004 - la / 2, za), "y",
                                                    sections=S.SMALL_SECTIONS),
                 S.sphere(0.004, (xa, ya - 0.004 - la - 0.002, za), count=8))
    b.prismatic(tip, mast, (0, -1, 0), 0.0, round(0.85 * la, 3))
    return ("boombox with a cassette door" if boombox else "portable radio") + " and a telescopic antenna"
