"""Electronics: laptops, keyboards, cameras, remotes, monitors, flip phones, mice."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Hinge axis that lifts a flat part lying toward +X up toward +Z (lids, screens).
LIFT = (0.0, -1.0, 0.0)


@kind("laptop", "electronics")
def laptop(b: Builder) -> str:
    """Laptop: screen lid on a rear hinge, stored closed or open at a random angle.

    Laptops of 11-17 in screens are 28-38 cm wide and 19-26 cm deep, with a base 12-20 mm and a
    lid 5-9 mm thick (retail range); the hinge opens the lid to 115-150 degrees (drawn per
    laptop; some reach 180).
    """
    w, d, t = b.dim(0.28, 0.38), b.dim(0.19, 0.26), b.dim(0.012, 0.02)
    lt = b.dim(0.005, 0.009)
    b.link("base", "aluminum", S.box((d, w, t), (0, 0, t / 2)),
           S.box((d * 0.45, w * 0.85, 0.002), (0.0 - d * 0.12, 0, t + 0.0005)))
    hinge = (-d / 2, 0.0, t + 0.001)
    stored = b.real(1.4, 2.0) if b.chance(0.6) else 0.0
    panel = S.box((d, w, lt), (0, 0, t + 0.002 + lt / 2))
    screen = b.link("screen", "aluminum", S.turned(panel, LIFT, stored, hinge))
    upper = b.real(2.0, 2.6)
    b.revolute(screen, "base", LIFT, hinge, -stored, upper - stored)
    return f"laptop stored {'open' if stored else 'closed'}"


@kind("keyboard", "electronics")
def keyboard(b: Builder) -> str:
    """Computer keyboard: a plate of 30-80 keys, each pressing in (prismatic) by the travel
    of its switch type.

    Key pitch 18-20 mm (19.05 mm on full-size keyboards, ISO/IEC 9995 and ANSI layouts;
    18-19 mm on laptops). Travel by switch type: laptop scissor switches 1.0-2.0 mm,
    low-profile switches 2.5-3.2 mm, full-size mechanical switches 3.5-4.0 mm (Cherry MX:
    4 mm total travel); drawn per keyboard, so two keyboards of one layout move differently.
    """
    rows, cols = b.count(4, 6), b.count(10, 14)
    low, high = b.pick(((0.001, 0.002), (0.0025, 0.0032), (0.0035, 0.004)))
    pitch, travel = b.dim(0.018, 0.02), b.real(low, high)
    w, d = cols * pitch + 0.03, rows * pitch + 0.03
    b.link("base", "plastic", S.box((d, w, 0.015), (0, 0, 0.0075)))
    y0 = -w / 2 + 0.015
    space = (int(cols * 0.3), int(cols * 0.7))
    for r in range(rows):
        x = d / 2 - 0.015 - (r + 0.5) * pitch
        stagger = 0.25 * r if r < rows - 1 else 0.0  # key widths: exact in binary
        for c in range(cols):
            y = y0 + (c + 0.5 + stagger) * pitch
            if c + 1 + stagger > cols or (r == rows - 1 and space[0] < c < space[1]):
                continue
            name, size = f"key_{r}_{c}", (pitch * 0.85, pitch * 0.85, 0.008)
            if r == rows - 1 and c == space[0]:
                span = space[1] - space[0]
                name, y = "key_space", y0 + (space[0] + span / 2) * pitch
                size = (pitch * 0.85, pitch * (span - 0.15), 0.008)
            key = b.link(name, "plastic", S.box(size, (x, y, 0.019)))
            b.prismatic(key, "base", (0, 0, -1), 0.0, travel, point=(x, y, 0.023))
    return f"keyboard with {rows} rows of keys"


@kind("camera", "electronics")
def camera(b: Builder) -> str:
    """Camera: zoom ring (revolute), focus ring and mode dial (continuous), shutter button,
    flip-out screen (two revolutes), battery door.

    Mirrorless and DSLR bodies are 11-15 cm wide, 7-10 cm tall and 4-7 cm deep, with lenses of
    5-8 cm diameter and 3-8 cm length (retail range); a zoom ring turns 60-100 degrees end to
    end, tilting screens flip out 70-90 degrees and vari-angle ones swing out 180 degrees and
    turn 270.
    """
    w, d, h = b.dim(0.11, 0.15), b.dim(0.04, 0.07), b.dim(0.07, 0.1)
    lens_r, lens_l = b.dim(0.025, 0.04), b.dim(0.03, 0.08)
    b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)),
           S.cylinder(lens_r * 0.9, lens_l, (d / 2 + lens_l / 2, 0, h / 2), "x"))
    zoom = b.link("zoom_ring", "rubber", S.tube(lens_r * 0.9, lens_r, lens_l * 0.35,
                                               (d / 2 + lens_l * 0.3, 0, h / 2), "x"))
    b.revolute(zoom, "base", "x", (d / 2, 0, h / 2), 0.0, b.real(1.0, 1.8))
    focus = b.link("focus_ring", "rubber", S.tube(lens_r * 0.9, lens_r * 1.02, lens_l * 0.2,
                                                 (d / 2 + lens_l * 0.75, 0, h / 2), "x"))
    b.continuous(focus, "base", "x", (d / 2, 0, h / 2))
    P.knob(b, "mode_dial", "base", (0, -w * 0.3, h), "z", 0.012, 0.008)
    P.button(b, "shutter", "base", (0.0, w * 0.3, h), "z", 0.01, 0.0015, round_=True)
    scr_t = 0.006
    if b.chance(0.5):
        # hinged on its bottom edge against the back, the top tilting out and down
        screen = b.link("screen", "plastic", S.box((scr_t, w * 0.7, h * 0.75),
                                                   (-d / 2 - scr_t / 2 - 0.001, 0.0, h / 2)))
        b.revolute(screen, "base", LIFT, (-d / 2 - scr_t, 0, h / 2 - h * 0.375), 0.0,
                   b.real(1.2, 1.6))
        detail = "tilting screen"
    else:
        # A side hinge just off the body's left back edge swings the screen out about Z
        # (0..0.99 pi), then the screen turns about its width: closed against the back it
        # cannot turn, so it is stored swung out (90-170 degrees), free to turn there.
        hx, hy = -d / 2 - 0.004, -w / 2 - 0.004
        stored = b.real(0.5, 0.95) * math.pi
        arm = b.link("screen_hinge", "plastic", S.turned(
            S.cylinder(0.004, h * 0.75, (hx, hy, h / 2)), "z", stored, (hx, hy, h / 2)))
        screen = b.link("screen", "plastic", S.turned(
            S.box((scr_t, w * 0.7, h * 0.75), (hx, hy + 0.005 + w * 0.35, h / 2)), "z", stored,
            (hx, hy, h / 2)))
        b.revolute(arm, "base", "z", (hx, hy, h / 2), -stored, math.pi * 0.99 - stored)
        b.revolute(screen, arm, (-math.sin(stored), math.cos(stored), 0.0), (hx, hy, h / 2),
                   -math.pi / 2, math.pi)
        detail = "vari-angle screen stored swung out"
    door = b.link("battery_door", "plastic", S.box((d * 0.8, w * 0.25, 0.003), (0, w * 0.3, -0.0015)))
    b.revolute(door, "base", (-1, 0, 0), (0, w * 0.3 - w * 0.125, 0.0), 0.0, 1.6)
    return f"camera with a {detail}"


@kind("remote", "electronics")
def remote(b: Builder) -> str:
    """Remote control: a grid of push buttons and a sliding battery cover.

    A TV remote is 12-25 cm long, 4-6 cm wide and 1.5-2.5 cm thick (retail ranges); its
    rubber-dome buttons press in 1-2.5 mm (drawn per remote), and the battery cover slides
    off by 30-45% of the length.
    """
    rows, cols = b.count(4, 8), b.count(3, 4)
    w, ln, h = cols * 0.013 + 0.012, rows * 0.015 + 0.06, b.dim(0.015, 0.022)
    travel = b.real(0.001, 0.0025)
    b.link("base", "plastic", S.box((ln, w, h), (0, 0, h / 2)))
    P.button(b, "power", "base", (ln / 2 - 0.02, 0, h), "z", 0.009, travel, round_=True)
    for r in range(rows):
        for c in range(cols):
            x = ln / 2 - 0.045 - r * 0.015
            y = -w / 2 + 0.006 + (c + 0.5) * 0.013
            P.button(b, f"button_{r}_{c}", "base", (x, y, h), "z", 0.009, travel)
    cover = b.link("battery_cover", "plastic", S.box((ln * 0.45, w * 0.85, 0.002), (-ln * 0.2, 0, -0.001)))
    b.prismatic(cover, "base", (-1, 0, 0), 0.0, ln * b.real(0.3, 0.45))
    return f"remote control with {rows * cols + 1} buttons"


@kind("monitor", "electronics")
def monitor(b: Builder) -> str:
    """Monitor on an adjustable stand: swivel, height (prismatic), tilt and pivot.

    Desktop monitors of 23-32 in diagonal have a 16:9 panel 50-70 cm wide and 30-42 cm tall, 2-5
    cm thick (retail range), on a stand of VESA 100 x 100 mm mounting (VESA MIS/FDMI); ergonomic
    stands lift the screen 10-13 cm, swivel 35-57 degrees either way, tilt 5 degrees forward and
    17-23 degrees back, and pivot 90 degrees to portrait.
    """
    sw, sh, st = b.dim(0.5, 0.7), b.dim(0.3, 0.42), b.dim(0.02, 0.05)
    # At its highest (the stored state) the screen's center is high enough to turn to
    # portrait over the foot (half its diagonal and 2-7 cm more); lowered, its bottom edge
    # stays 2.5 cm over the foot.
    half_diagonal = math.hypot(sw, sh) / 2
    zc = round(half_diagonal + b.dim(0.02, 0.07) + 0.015, 3)
    b.link("base", "metal", S.box((0.18, 0.24, 0.015), (0, 0, 0.0075)))
    top = zc + 0.065
    stand = b.link("stand", "aluminum", S.box((0.04, 0.07, top - 0.015), (-0.05, 0, (top + 0.015) / 2)))
    b.revolute(stand, "base", "z", (0, 0, 0.015), -b.real(0.6, 1.0), b.real(0.6, 1.0))
    carriage = b.link("carriage", "plastic", S.box((0.03, 0.08, 0.08), (-0.015, 0, zc)))
    drop = min(0.12, round(zc - sh / 2 - 0.015 - 0.025, 3))
    b.prismatic(carriage, stand, "z", -drop, 0.0, point=(-0.015, 0, zc))
    # the tilt bracket holds the screen's back 3 cm in front of the tilt axis; tilting back,
    # the screen's lower edge stops 6 mm in front of the stand
    reach = 0.03
    tilt = b.link("tilt_bracket", "metal", S.box((0.01 + reach, 0.1, 0.1), (reach / 2 + 0.005, 0, zc)))
    b.revolute(tilt, carriage, "y", (0.01, 0, zc), -0.1,
               _tilt_limit(b.real(0.3, 0.4), reach, sh / 2, 0.04 - 0.006))
    face = 0.01 + reach  # the screen's back face
    screen = b.link("screen", "plastic", S.box((st, sw, sh), (face + st / 2, 0, zc)))
    pivot = b.chance(0.5)
    if pivot:
        b.revolute(screen, tilt, "x", (face, 0, zc), 0.0, math.pi / 2)
    else:
        b.fixed(screen, tilt, (face, 0, zc))
    return "monitor on a height-adjustable stand" + (" with pivot" if pivot else "")


def _tilt_limit(wanted: float, reach: float, drop: float, room: float) -> float:
    """Largest tilt (rad, a multiple of 0.01, at most ``wanted``) at which a screen whose back
    face is ``reach`` m in front of the tilt axis and whose lower edge is ``drop`` m below it
    keeps that edge less than ``room`` m behind the axis."""
    best = 0.0
    for k in range(1, int(wanted * 100) + 1):
        angle = k / 100.0
        if reach * math.cos(angle) - drop * math.sin(angle) < -room:
            break
        best = angle
    return best


@kind("flip_phone", "electronics")
def flip_phone(b: Builder) -> str:
    """Clamshell phone: top half on a hinge (stored open or closed) and a keypad.

    Clamshell phones are 45-55 mm wide and 85-100 mm long closed, each half 7-12 mm thick
    (retail range), opening to 160-175 degrees; the keypad's 3 x 4 keys (ITU-T E.161 layout)
    press in about 1 mm.
    """
    w, ln, t = b.dim(0.045, 0.055), b.dim(0.085, 0.1), b.dim(0.009, 0.012)
    b.link("base", "plastic", S.box((ln, w, t), (0, 0, t / 2)))
    # closed, the top half lies 1.5 mm above the keypad; the keys stand 0.8 mm proud of it
    hinge = (-ln / 2, 0, t + 0.001)
    stored = b.real(2.6, 3.0) if b.chance(0.5) else 0.0
    top = S.box((ln, w, t * 0.8), (0, 0, t + 0.0015 + t * 0.4))
    lid = b.link("top_half", "plastic", S.turned(top, LIFT, stored, hinge))
    fully_open = max(b.real(2.8, 3.05), stored + 0.05)
    b.revolute(lid, "base", LIFT, hinge, -stored, fully_open - stored)
    keys = 0
    for r in range(4):
        for c in range(3):
            P.button(b, f"key_{r}_{c}", "base",
                     (ln / 2 - 0.012 - r * 0.012, (c - 1) * 0.013, t - 0.0032), "z", 0.009, 0.001)
            keys += 1
    return f"flip phone stored {'open' if stored else 'closed'} with {keys} keys"


@kind("mouse", "electronics")
def mouse(b: Builder) -> str:
    """Computer mouse: two click buttons (small revolutes) and a scroll wheel (continuous).

    Computer mice are 10-12 cm long, 5.5-7 cm wide and 3-4 cm tall (retail range; gaming mice
    12-13 cm); a click button moves about 3 degrees (0.5-1 mm at the finger), and the scroll
    wheel is 18-25 mm across.
    """
    ln, w, h = b.dim(0.1, 0.12), b.dim(0.055, 0.07), b.dim(0.03, 0.04)
    b.link("base", "plastic", S.box((ln, w, h * 0.7), (0, 0, h * 0.35)))
    for side, sy in (("left", -1), ("right", 1)):
        btn = b.link(f"{side}_button", "plastic",
                     S.box((ln * 0.45, w / 2 - 0.006, h * 0.25), (ln * 0.25, sy * (w / 4 + 0.003), h * 0.83)))
        b.revolute(btn, "base", "y", (0.0, sy * (w / 4 + 0.003), h * 0.83), 0.0, 0.05)
    wheel = b.link("scroll_wheel", "rubber", S.cylinder(0.009, 0.006, (ln * 0.3, 0, h * 0.8), "y"))
    b.continuous(wheel, "base", "y", (ln * 0.3, 0, h * 0.8))
    return "computer mouse"
