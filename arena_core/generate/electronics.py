"""Electronics: laptops, keyboards, cameras, remotes, monitors, flip phones, mice, DJ mixers,
game controllers (the rest in :mod:`arena_core.generate.electronics_b`)."""

from __future__ import annotations

import math

import numpy as np

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


def _dial(b: Builder, name: str, parent: str, center, radius: float, height: float) -> str:
    """A rotary knob standing on a top face at ``center``: one prism whose outline bulges
    into a pointer, turning about +Z within about 300 degrees (revolute)."""
    angles = np.arange(16) * (2 * math.pi / 16)
    radii = np.full(16, radius)
    radii[0] = radius * 1.25
    c = np.asarray(center, float)
    b.link(name, "plastic", S.radial_prism(angles, radii, 0.0, height, c + (0, 0, height / 2), "z"))
    b.revolute(name, parent, "z", c, -2.6, 2.6)
    return name


@kind("dj_mixer", "electronics")
def dj_mixer(b: Builder) -> str:
    """DJ mixer: 2-4 channel strips, each a column of 3-5 rotary knobs (gain, EQ, filter:
    revolute, about 300 degrees), a cue button and a channel fader sliding in a slot
    (prismatic), some with an input toggle; a crossfader (prismatic) at the front and a
    master column of 3-4 knobs: 14-36 moving joints.

    Sizes: channel strips 38-60 mm wide, 45-60 mm channel faders, crossfader 45-60 mm
    travel, bodies 0.3-0.42 m deep and 0.06-0.11 m high (manufacturers' published sizes,
    e.g. Pioneer DJM-250/450/900, Allen & Heath Xone:23).
    """
    n_ch, knobs = b.count(2, 4), b.count(3, 5)
    pitch, r = b.dim(0.038, 0.06), b.dim(0.008, 0.011)
    fader, xfade = b.pick((0.045, 0.06)), b.pick((0.045, 0.06))
    toggles = b.chance(0.5)
    master_w = b.dim(0.06, 0.09)
    w = n_ch * pitch + master_w + 0.04
    kstep = 2 * r + b.dim(0.008, 0.014)
    d = round(0.035 + 0.03 + fader + 0.035 + knobs * kstep + (0.03 if toggles else 0.0) + 0.03, 3)
    d = max(d, 0.3)
    h = b.dim(0.06, 0.11)
    P.shell(b, "base", "metal", (d, w, h), (0, 0, h / 2), 0.003, open_face=None)
    y_ch0 = -w / 2 + 0.02 + pitch / 2
    x_front = d / 2 - 0.035
    x_fader = x_front - 0.03  # channel faders rest toward the front (closed)
    slots = []
    for c in range(n_ch):
        y = y_ch0 + c * pitch
        slots.append(S.box((fader + 0.014, 0.004, 0.02), (x_fader - fader / 2, y, h)))
        cap = b.link(f"fader_{c}", "plastic", S.box((0.012, min(0.024, pitch - 0.012), 0.012), (x_fader, y, h + 0.01)),
                     S.box((0.004, 0.0025, 0.016), (x_fader, y, h - 0.004)))
        b.prismatic(cap, "base", (-1, 0, 0), 0.0, fader, point=(x_fader, y, h))
        x = x_fader - fader - 0.025
        P.button(b, f"cue_{c}", "base", (x, y, h), "z", 0.012, 0.002)
        for k in range(knobs):
            xk = x - 0.02 - r - k * kstep
            _dial(b, f"knob_{c}_{k}", "base", (xk, y, h), r, 0.014)
        if toggles:
            xt = x - 0.02 - r - (knobs - 1) * kstep - r - 0.02
            b.add("base", S.box((0.012, 0.008, 0.004), (xt, y, h + 0.002)))
            lever = b.link(f"toggle_{c}", "metal", S.rod((xt, y, h + 0.003), (xt, y, h + 0.016), 0.0018),
                           S.sphere(0.003, (xt, y, h + 0.016), count=8))
            b.revolute(lever, "base", "y", (xt, y, h + 0.004), -0.35, 0.35)
    b.cut("base", *slots)
    # the crossfader runs in a slot of its own raised plate (its own link: the slot's
    # ends never meet the channel slots' edges in one part)
    yx = y_ch0 + (n_ch - 1) * pitch / 2
    plate = b.link("crossfader_plate", "metal", S.box((0.024, xfade + 0.06, 0.004), (x_front, yx, h + 0.002)))
    b.cut(plate, S.box((0.004, xfade + 0.016, 0.01), (x_front, yx, h + 0.002)))
    b.fixed(plate, "base")
    cross = b.link("crossfader", "plastic", S.box((0.024, 0.012, 0.012), (x_front, yx, h + 0.014)),
                   S.box((0.0025, 0.004, 0.012), (x_front, yx, h + 0.002)))
    b.prismatic(cross, "base", "y", -xfade / 2, xfade / 2, point=(x_front, yx, h + 0.004))
    ym = w / 2 - 0.02 - master_w / 2
    n_master = b.count(3, 4)
    for k in range(n_master):
        _dial(b, f"master_knob_{k}", "base", (x_fader - k * (2 * r + 0.02), ym, h), r * 1.15, 0.016)
    b.add("base", S.box((0.08, 0.02, 0.003), (x_fader - n_master * (2 * r + 0.02) - 0.05, ym, h + 0.0015)))
    joints = n_ch * (knobs + 2 + (1 if toggles else 0)) + 1 + n_master
    return f"{n_ch}-channel DJ mixer with {joints} controls"


def _thumbstick(b: Builder, name: str, at, *, click: bool) -> None:
    """A thumbstick on the top face at ``at``: a dome tilting about X, the stick on it
    tilting about Y (two revolutes, +-0.4 rad about a pivot 4 mm over the face) and maybe
    a cap that clicks down (prismatic)."""
    x, y, z = at
    pivot = (x, y, z + 0.004)
    dome = b.link(f"{name}_gimbal", "plastic", S.sphere(0.007, (x, y, z + 0.002), count=10))
    b.revolute(dome, "base", "x", pivot, -0.4, 0.4)
    stick = b.link(name, "plastic", S.cylinder(0.003, 0.01, (x, y, z + 0.009), sections=8))
    b.revolute(stick, dome, "y", pivot, -0.4, 0.4)
    cap = [S.cylinder(0.0095, 0.005, (x, y, z + 0.0145))]
    if click:
        b.link(f"{name}_cap", "rubber", *cap)
        b.prismatic(f"{name}_cap", stick, (0, 0, -1), 0.0, 0.0015, point=(x, y, z + 0.012))
    else:
        b.add(stick, *cap)


@kind("game_controller", "electronics")
def game_controller(b: Builder) -> str:
    """Gamepad lying flat: two thumbsticks (two revolutes each, some clicking: prismatic),
    a d-pad of four buttons or one rocking cross (two revolutes), 2-6 face buttons,
    start/select/home buttons (prismatic), two shoulder bumpers (prismatic) and two
    triggers (revolute); offset (Xbox-like) or symmetric (PlayStation-like) sticks.

    Sizes: bodies 0.14-0.16 m wide with grips, 0.095-0.11 m front to back, sticks 19 mm
    caps with about 25 degrees of throw (Sony DualShock 4 and Microsoft Xbox controllers'
    published dimensions, 160 x 98 x 49 mm and 153 x 104 x 61 mm).
    """
    lx, ly, hz = b.dim(0.055, 0.065), b.dim(0.1, 0.12), b.dim(0.025, 0.032)
    grip_r, grip_l = b.dim(0.016, 0.02), b.dim(0.03, 0.045)
    b.link("base", "plastic", S.box((lx, ly, hz), (0, 0, hz / 2)))
    for sy in (-1, 1):
        a = math.radians(b.real(25, 35))
        # the grips hang from the back corners, their tops 1.5 mm under the top face
        # (the buttons and sticks near the corners stand over it)
        start = (-lx / 2 + 0.006, sy * (ly / 2 - 0.006), hz - 0.0015 - grip_r)
        axis = (-math.cos(a), sy * math.sin(a), -0.25)
        norm = math.sqrt(sum(v * v for v in axis))
        end = tuple(s + v / norm * grip_l for s, v in zip(start, axis, strict=True))
        b.add("base", S.capsule(grip_r, grip_l, tuple((s + e) / 2 for s, e in zip(start, end, strict=True)), axis))
    layout = b.pick(("offset", "symmetric"))
    click = b.chance(0.7)
    ycl = ly * 0.3
    if layout == "offset":
        left_stick, dpad, face, right_stick = (lx * 0.2, -ycl), (-lx * 0.2, -ycl), (lx * 0.2, ycl), (-lx * 0.2, ycl * 0.75)
    else:
        left_stick, right_stick = (-lx * 0.28, -ly * 0.22), (-lx * 0.28, ly * 0.22)
        dpad, face = (lx * 0.2, -ycl), (lx * 0.2, ycl)
    for name, (x, y) in (("left_stick", left_stick), ("right_stick", right_stick)):
        _thumbstick(b, name, (x, y, hz), click=click)
    if b.chance(0.5):
        for k, (dx, dy) in enumerate(((1, 0), (-1, 0), (0, 1), (0, -1))):
            P.button(b, f"dpad_{'udrl'[k]}", "base", (dpad[0] + dx * 0.009, dpad[1] + dy * 0.009, hz),
                     "z", 0.0075, 0.0015)
        pad = "four-button d-pad"
    else:
        x, y = dpad
        rock = b.link("dpad_tilt", "plastic", S.cylinder(0.003, 0.003, (x, y, hz + 0.0015), sections=8))
        b.revolute(rock, "base", "x", (x, y, hz + 0.002), -0.12, 0.12)
        cross = b.link("dpad", "plastic", S.box((0.026, 0.008, 0.004), (x, y, hz + 0.005)),
                       S.box((0.008, 0.026, 0.004), (x, y, hz + 0.005)))
        b.revolute(cross, rock, "y", (x, y, hz + 0.002), -0.12, 0.12)
        pad = "rocking d-pad"
    n_face = b.pick((2, 4, 4, 6))
    if n_face == 4:
        spots = [(0.01, 0), (-0.01, 0), (0, 0.01), (0, -0.01)]
    elif n_face == 2:
        spots = [(0.005, 0.008), (-0.005, -0.008)]
    else:
        spots = [(dx, dy) for dx in (0.006, -0.006) for dy in (-0.011, 0.0, 0.011)]
    for k, (dx, dy) in enumerate(spots):
        P.button(b, f"face_{k}", "base", (face[0] + dx, face[1] + dy, hz), "z", 0.0085, 0.0015, round_=True)
    for k, y in enumerate((-0.012, 0.012)):
        P.button(b, ("select", "start")[k], "base", (lx * 0.15, y, hz), "z", 0.006, 0.001, round_=True)
    P.button(b, "home", "base", (-lx * 0.3 if layout == "offset" else -lx * 0.28, 0.0, hz), "z", 0.009, 0.001,
             round_=True)
    xf = lx / 2
    th = hz * 0.5
    for side, sy in (("left", -1), ("right", 1)):
        y = sy * (ly / 2 - 0.018)
        trig = b.link(f"{side}_trigger", "plastic", S.box((0.011, 0.022, th), (xf + 0.0065, y, th / 2 + 0.002)))
        b.revolute(trig, "base", (0, 1, 0), (xf + 0.001, y, th + 0.002), 0.0, 0.35)
        bump = b.link(f"{side}_bumper", "plastic", S.box((0.007, 0.026, hz - th - 0.006),
                                                         (xf + 0.0045, y, th + 0.005 + (hz - th - 0.006) / 2)))
        b.prismatic(bump, "base", (-1, 0, 0), 0.0, 0.002)
    return f"{layout}-stick game controller with a {pad} and {n_face} face buttons"
