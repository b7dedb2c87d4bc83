"""Electronics, continued: desktop computers, USB flash drives, webcams, walkie-talkies,
cassette players, DVD players, tablets, loudspeakers and microphones (front faces +X)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Hinge axis that lifts a flat part lying toward +X up toward +Z (lids, flaps).
LIFT = (0.0, -1.0, 0.0)


@kind("desktop_computer", "electronics")
def desktop_computer(b: Builder) -> str:
    """PC tower: a side panel that swings open or slides off, 0-2 optical-drive trays and a
    power button.

    Mid and mini towers are 17-23 cm wide, 35-50 cm deep and 35-50 cm tall (retail range of
    ATX and micro-ATX cases) with sheet walls of 1-3 mm; a 5.25 in drive bay is 146 mm wide
    and 41.3 mm tall (SFF-8551), its tray running out about 15 cm; hinged side panels open
    90-110 degrees, slide-off panels move back most of the case depth.
    """
    w, d, h = b.dim(0.17, 0.23), b.dim(0.35, 0.5), b.dim(0.35, 0.5)
    wall = 0.003
    P.shell(b, "base", "aluminum", (d, w, h), (0, 0, h / 2 + 0.015), wall, open_face="+y")
    for sx in (-1, 1):
        for sy in (-1, 1):
            b.add("base", S.cylinder(0.012, 0.016, (sx * (d / 2 - 0.03), sy * (w / 2 - 0.03), 0.008)))
    z_top = h + 0.015
    y_panel = w / 2 + 0.001 + 0.0015
    panel = b.link("side_panel", "aluminum",
                   S.box((d - 0.004, 0.003, h - 0.004), (0, y_panel, z_top - h / 2)))
    hinged = b.chance(0.5)
    if hinged:
        b.revolute(panel, "base", "z", (-d / 2, w / 2 + 0.004, z_top - h / 2), 0.0,
                   b.real(1.5, 1.9))
    else:
        b.prismatic(panel, "base", (-1, 0, 0), 0.0, round(d * b.real(0.6, 0.9), 3))
    trays = b.count(0, 2)
    for k in range(trays):
        zc = z_top - 0.05 - k * 0.045
        b.cut("base", S.box((0.02, 0.148, 0.02), (d / 2, 0, zc)))
        tray = b.link(f"disc_tray_{k}", "plastic",
                      S.box((0.006, 0.144, 0.016), (d / 2 - 0.003, 0, zc)),
                      S.box((0.15, 0.13, 0.004), (d / 2 - 0.006 - 0.075, 0, zc)))
        b.prismatic(tray, "base", "x", 0.0, b.dim(0.13, 0.15), point=(d / 2, 0, zc))
    z_button = z_top - 0.05 - trays * 0.045 - 0.02
    P.button(b, "power_button", "base", (d / 2, 0, z_button), "x", b.dim(0.01, 0.02),
             0.002, round_=b.chance(0.6))
    style = "hinged" if hinged else "sliding"
    return f"PC tower with a {style} side panel and {trays} drive tray{'s' if trays != 1 else ''}"


@kind("usb_drive", "electronics")
def usb_drive(b: Builder) -> str:
    """USB flash drive: a pull-off cap (prismatic), a swivel cover (revolute about the
    pivot) or a connector that slides out of the body (prismatic slider).

    A USB Standard-A plug is 12.0 mm wide and 4.5 mm thick, about 12 mm long (USB 2.0
    specification, Standard-A plug); drive bodies are 35-60 mm long, 15-22 mm wide and 7-11 mm
    thick (retail range); a swivel cover turns 180 degrees, a slider moves the plug out 12-15 mm.
    """
    ln, w, t = b.dim(0.035, 0.06), b.dim(0.015, 0.022), b.dim(0.007, 0.011)
    style = b.pick(("cap", "swivel", "slider"))
    plug = (0.012, 0.012, 0.0045)
    t = max(t, 0.009) if style == "slider" else t  # room for the plug's channel
    zc = t / 2
    if style == "slider":
        b.link("base", "plastic", S.box((ln, w, t), (0, 0, zc)))
        b.cut("base", S.box((ln - 0.002, 0.0135, 0.0055), (0.003, 0, zc)),
              S.box((ln * 0.7, 0.005, t), (0, 0, t)))
        travel = b.dim(0.012, 0.015)
        x_thumb = -0.35 * ln + 0.003
        rear = x_thumb - 0.002
        slider = b.link("slider", "metal",
                        S.box(plug, (ln / 2 - plug[0] / 2 - 0.001, 0, zc)),
                        S.box((ln / 2 - 0.013 - rear, 0.012, 0.0045), ((ln / 2 - 0.013 + rear) / 2, 0, zc)),
                        S.box((0.004, 0.003, t / 2 + 0.0015), (x_thumb, 0, (zc + t + 0.0015) / 2)))
        b.prismatic(slider, "base", "x", 0.0, travel, point=(ln / 2, 0, zc))
        return "retractable USB flash drive"
    b.link("base", "plastic", S.box((ln, w, t), (0, 0, zc)),
           S.box(plug, (ln / 2 + plug[0] / 2, 0, zc)))
    if style == "cap":
        cap_l = plug[0] + 0.005
        cap = b.link("cap", "plastic", S.box((cap_l, w, t), (ln / 2 + 0.001 + cap_l / 2, 0, zc)))
        b.cut(cap, S.box((plug[0] + 0.002, plug[1] + 0.001, plug[2] + 0.001),
                         (ln / 2 + 0.001 + (plug[0] + 0.002) / 2 - 0.001, 0, zc)))
        b.prismatic(cap, "base", "x", 0.0, b.dim(0.02, 0.03))
        return "USB flash drive with a cap"
    pivot = (-ln / 2 + 0.006, 0.0)
    reach = math.hypot(ln / 2 + plug[0] - pivot[0], plug[1] / 2) + 0.003
    plates = [S.box((reach + 0.004, w - 0.002, 0.0008), (pivot[0] + (reach + 0.004) / 2 - 0.002, 0,
                                                         zc + sz * (t / 2 + 0.0009)))
              for sz in (-1, 1)]
    strap = S.box((0.0008, w - 0.002, t + 0.0026), (pivot[0] + reach + 0.0024, 0, zc))
    cover = b.link("swivel_cover", "metal", *plates, strap)
    b.revolute(cover, "base", "z", (pivot[0], pivot[1], zc), 0.0, math.pi)
    return "USB flash drive with a swivel cover"


@kind("webcam", "electronics")
def webcam(b: Builder) -> str:
    """Webcam on a monitor clip: a folding clip leg (revolute), the head swivelling on its
    mount (revolute about Z, optional) and tilting (revolute), optional privacy shutter.

    Webcam heads are 70-100 mm wide, 24-35 mm tall and 22-35 mm deep with lenses of 16-24 mm
    across (typical retail range; Logitech C920 94 mm wide, C270 73 mm wide); the clip's
    leg folds 80-90 degrees, the head tilts about 25 degrees each way and swivels up to 90
    degrees each way.
    """
    hw, hh, hd = b.dim(0.07, 0.1), b.dim(0.024, 0.035), b.dim(0.022, 0.035)
    cd, cw = b.dim(0.025, 0.04), b.dim(0.03, 0.05)
    b.link("base", "plastic", S.box((cd, cw, 0.008), (0, 0, 0.004)),
           S.box((0.005, cw, 0.03), (cd / 2 - 0.0025, 0, -0.011)))
    leg_l = b.dim(0.04, 0.06)
    leg = b.link("clip_leg", "plastic", S.box((0.005, cw, leg_l), (-cd / 2 - 0.0035, 0, -leg_l / 2)))
    b.revolute(leg, "base", "y", (-cd / 2 - 0.001, 0, 0.0), 0.0, b.real(1.4, 1.55))
    mount = "base"
    swivel = b.chance(0.6)
    if swivel:
        mount = b.link("swivel", "plastic", S.cylinder(0.008, 0.008, (0, 0, 0.0135), sections=12))
        b.revolute(mount, "base", "z", (0, 0, 0.009), -b.real(1.2, 1.57), b.real(1.2, 1.57))
    z_tilt = 0.02
    lens_r = b.dim(0.008, 0.012)
    zc = z_tilt + 0.003 + hh / 2
    head = b.link("head", "plastic", S.box((hd, hw, hh), (0, 0, zc)),
                  S.cylinder(lens_r, 0.004, (hd / 2 + 0.002, 0, zc), "x"))
    b.revolute(head, mount, "y", (0, 0, z_tilt), -b.real(0.35, 0.45), b.real(0.35, 0.45))
    if b.chance(0.5):
        s = 2 * lens_r + 0.004
        shutter = b.link("privacy_shutter", "plastic",
                         S.box((0.0015, s, s), (hd / 2 + 0.0055, 0, zc)))
        b.prismatic(shutter, head, "y", 0.0, round(s + 0.002, 3))
    return "webcam on a monitor clip" + (" with a swivel mount" if swivel else "")


@kind("walkie_talkie", "electronics")
def walkie_talkie(b: Builder) -> str:
    """Walkie-talkie: channel and volume knobs (revolute), push-to-talk button (prismatic),
    fixed or telescoping antenna (prismatic), optional belt clip (revolute) and menu keys.

    Handheld PMR446/FRS radios are 50-65 mm wide, 28-40 mm deep and 100-150 mm tall without
    the antenna (retail range); stub antennas are 50-90 mm, telescoping ones extend 8-15 cm;
    a channel selector turns 16 detents (about 330 degrees), a belt clip opens 15-20 degrees.
    """
    w, d, h = b.dim(0.05, 0.065), b.dim(0.028, 0.04), b.dim(0.1, 0.15)
    b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)))
    ya, stub = -w / 2 + 0.01, b.dim(0.05, 0.09)
    b.add("base", S.tube(0.0035, 0.0055, stub, (0, ya, h + stub / 2)))
    telescoping = b.chance(0.4)
    if telescoping:
        rod = b.link("antenna", "metal", S.cylinder(0.002, stub, (0, ya, h + stub / 2 + 0.004)),
                     S.cylinder(0.003, 0.006, (0, ya, h + stub + 0.005), sections=12))
        b.prismatic(rod, "base", "z", 0.0, round(stub * 0.9, 3), point=(0, ya, h + stub))
    knobs = b.count(1, 2)
    for k, y in enumerate((w / 2 - 0.0085, 0.0)[:knobs]):
        limits = (0.0, 5.76) if k == 0 else (0.0, 4.7)
        P.knob(b, ("channel_knob", "volume_knob")[k], "base", (0, y, h), "z", 0.0065,
               b.dim(0.008, 0.014), limits=limits)
    ptt_l = b.dim(0.025, 0.035)
    ptt = b.link("ptt_button", "rubber", S.box((d * 0.5, 0.004, ptt_l), (0, -w / 2 - 0.002, h * 0.65)))
    b.prismatic(ptt, "base", "y", 0.0, 0.0015, point=(0, -w / 2, h * 0.65))
    keys = b.count(0, 3)
    for k in range(keys):
        y = (k - (keys - 1) / 2) * 0.014
        P.button(b, f"menu_key_{k}", "base", (d / 2, y, h * 0.3), "x", 0.01, 0.0012)
    if b.chance(0.6):
        clip_l = b.dim(0.05, 0.07)
        z_pivot = h * 0.8
        clip = b.link("belt_clip", "plastic",
                      S.box((0.004, w * 0.5, clip_l), (-d / 2 - 0.006, 0, z_pivot - clip_l / 2)),
                      S.box((0.006, w * 0.5, 0.008), (-d / 2 - 0.003, 0, z_pivot + 0.002)))
        b.revolute(clip, "base", "y", (-d / 2 - 0.001, 0, z_pivot), 0.0, b.real(0.25, 0.35))
    antenna = "telescoping" if telescoping else "stub"
    return f"walkie-talkie with a {antenna} antenna and {knobs} knob{'s' if knobs > 1 else ''}"


@kind("cassette_player", "electronics")
def cassette_player(b: Builder) -> str:
    """Portable cassette player: a hinged lid over the cassette well (revolute), 3-6 transport
    keys (prismatic), a volume wheel (continuous), maybe a tape in the well.

    A compact cassette is 100.4 x 63.8 x 12 mm (IEC 60094-7); portable players are 110-130 mm
    by 78-95 mm and 28-36 mm thick (retail range: Sony Walkman WM-series about 110 x 80 x 30
    mm); the lid opens 70-100 degrees and the piano keys press in 3-5 mm.
    """
    w, d, t = b.dim(0.112, 0.13), b.dim(0.078, 0.095), b.dim(0.028, 0.036)
    b.link("base", "plastic", S.box((d, w, t), (0, 0, t / 2)))
    well_d = 0.066
    xw = -d / 2 + 0.004 + well_d / 2
    b.cut("base", S.box((well_d, 0.104, 0.016), (xw, 0, t - 0.008 + 0.001)))
    tape = b.chance(0.5)
    if tape:
        cassette = b.link("cassette", "plastic", S.box((0.0638, 0.1004, 0.012), (xw, 0, t - 0.0085)))
        b.cut(cassette, *(S.cylinder(0.006, 0.02, (xw, sy * 0.021, t - 0.0085)) for sy in (-1, 1)))
        b.fixed(cassette, "base")
    lid = b.link("lid", "plastic", S.box((d - 0.002, w - 0.002, 0.004), (0, 0, t + 0.0025)))
    b.revolute(lid, "base", LIFT, (-d / 2, 0, t + 0.0005), 0.0, b.real(1.2, 1.7))
    keys = b.count(3, 6)
    pitch = min(0.018, (w - 0.02) / keys)
    travel = b.real(0.003, 0.005)
    for k in range(keys):
        y = (k - (keys - 1) / 2) * pitch
        key = b.link(f"key_{k}", "plastic",
                     S.box((0.008, pitch - 0.003, t * 0.35), (d / 2 + 0.004, y, t * 0.55)))
        b.prismatic(key, "base", (-1, 0, 0), 0.0, travel, point=(d / 2, y, t * 0.55))
    wheel_r = b.dim(0.008, 0.012)
    xv = d / 2 - 0.015
    wheel = b.link("volume_wheel", "plastic",
                   S.cylinder(wheel_r, 0.004, (xv, w / 2 - 0.002, t * 0.5), "y"))
    b.cut("base", S.box((2 * wheel_r + 0.004, 0.006, 2 * wheel_r + 0.004), (xv, w / 2 - 0.002, t * 0.5)))
    b.continuous(wheel, "base", "y", (xv, w / 2 - 0.002, t * 0.5))
    return f"portable cassette player with {keys} keys" + (" and a tape" if tape else "")


@kind("dvd_player", "electronics")
def dvd_player(b: Builder) -> str:
    """DVD or Blu-ray player: a disc tray that runs out of the front (prismatic), 2-5 front
    buttons (prismatic), optional flap over the front jacks (revolute).

    Players are 36-43 cm wide (430 mm full-size hi-fi width), 20-30 cm deep and 4-7 cm tall
    (retail range); discs are 120 mm across (ECMA-267 / ISO/IEC 16448), so trays are about 13
    cm wide and run out 12-15 cm; a jack flap folds down 80-90 degrees.
    """
    w, d, h = b.dim(0.36, 0.43), b.dim(0.2, 0.3), b.dim(0.04, 0.07)
    P.shell(b, "base", "metal", (d, w, h), (0, 0, h / 2 + 0.006), 0.0015, open_face=None)
    for sx in (-1, 1):
        for sy in (-1, 1):
            b.add("base", S.cylinder(0.012, 0.006, (sx * (d / 2 - 0.03), sy * (w / 2 - 0.04), 0.003),
                                      sections=12))
    side = b.pick((-1.0, 1.0))
    yt = side * (w / 2 - 0.1)
    zt = 0.006 + h * 0.6
    bay_d = 0.16
    b.cut("base", S.box((bay_d + 0.01, 0.14, 0.016), (d / 2 - bay_d / 2 + 0.005, yt, zt)))
    tray = b.link("disc_tray", "plastic", S.box((bay_d - 0.004, 0.136, 0.01), (d / 2 - bay_d / 2 + 0.002, yt, zt)))
    b.cut(tray, S.cylinder(0.0605, 0.01, (d / 2 - bay_d / 2 + 0.002, yt, zt + 0.0075), sections=16))
    b.prismatic(tray, "base", "x", 0.0, b.dim(0.12, 0.15), point=(d / 2, yt, zt))
    n = b.count(2, 5)
    for k in range(n):
        P.button(b, f"button_{k}", "base", (d / 2, -side * (0.02 + 0.022 * k), 0.006 + h * 0.35),
                 "x", 0.012, 0.002, round_=True)
    if 0.03 + 0.022 * n + 0.075 < w / 2 and b.chance(0.5):
        yf = -side * (w / 2 - 0.045)
        zf = 0.006 + h * 0.15
        flap = b.link("jack_flap", "plastic", S.box((0.003, 0.06, h * 0.3), (d / 2 + 0.0025, yf, zf + h * 0.15)))
        b.revolute(flap, "base", LIFT, (d / 2 + 0.004, yf, zf), 0.0, b.real(1.4, 1.57))
    kind_name = b.pick(("DVD", "Blu-ray"))
    return f"{kind_name} player with {n} front buttons"


@kind("tablet", "electronics")
def tablet(b: Builder) -> str:
    """Tablet computer lying screen up: power and volume buttons (prismatic) and a cover
    that opens to the side, either one folio panel or a smart cover of 3-4 folding strips
    (a chain of revolutes).

    Tablets of 7-13 in are 12-22 cm by 20-29 cm and 6-9 mm thick (manufacturers' published
    sizes: iPad Air 10.9 in 248 x 179 x 6.1 mm, iPad mini 195 x 135 x 6.3 mm); covers are 1-3 mm
    thick and open 180 degrees, each strip of a smart cover folding up to 180 degrees on the
    next; buttons press 0.5-1 mm.
    """
    ln, w, t = b.dim(0.2, 0.29), b.dim(0.12, 0.22), b.dim(0.006, 0.009)
    b.link("base", "aluminum", S.box((ln, w, t), (0, 0, t / 2)),
           S.box((0.025, 0.025, 0.002), (-ln / 2 + 0.025, -w / 2 + 0.025, -0.0005)))
    P.button(b, "power_button", "base", (ln / 2, -w / 2 + 0.03, t / 2), "x", 0.004, 0.0008)
    for k in range(2):
        vol = b.link(f"volume_button_{k}", "aluminum",
                     S.box((0.012, 0.002, 0.003), (ln / 2 - 0.03 - k * 0.016, w / 2 + 0.001, t / 2)))
        b.prismatic(vol, "base", (0, -1, 0), 0.0, 0.0008, point=(ln / 2 - 0.03 - k * 0.016, w / 2, t / 2))
    cover = b.pick(("none", "folio", "smart"))
    if cover == "none":
        return "tablet"
    ct = b.dim(0.0015, 0.003)
    z_hinge = t + 0.001 + ct
    strips = 1 if cover == "folio" else b.count(3, 4)
    width = w / strips
    parent = "base"
    for k in range(strips):
        y0 = -w / 2 + k * width
        strip = b.link(f"cover_{k}", "plastic",
                       S.box((ln, width - 0.002, ct), (0, y0 + width / 2, t + 0.001 + ct / 2)))
        b.revolute(strip, parent, "x", (0, y0, z_hinge), 0.0, math.pi - 0.05)
        parent = strip
    return f"tablet with a {'folio' if cover == 'folio' else f'{strips}-fold smart'} cover"


@kind("speaker", "electronics")
def speaker(b: Builder) -> str:
    """Loudspeaker: a portable box speaker with top buttons (prismatic) and a folding carry
    handle (revolute), or a party speaker on wheels (continuous) with a telescoping trolley
    handle (prismatic) and 1-3 knobs (continuous); front grille.

    Portable speakers are 15-30 cm wide, 7-12 cm deep and 8-18 cm tall; party speakers 30-45
    cm wide, 28-40 cm deep and 55-90 cm tall (retail range: JBL Flip/Charge/PartyBox,
    Sony SRS), with trolley handles pulling out 25-40 cm and wheels 10-14 cm across.
    """
    party = b.chance(0.5)
    if party:
        w, d, h = b.dim(0.3, 0.45), b.dim(0.28, 0.4), b.dim(0.55, 0.9)
        wall, material = 0.015, "wood"
    else:
        w, d, h = b.dim(0.15, 0.3), b.dim(0.07, 0.12), b.dim(0.08, 0.18)
        wall, material = 0.004, "plastic"
    z0 = 0.01
    P.shell(b, "base", material, (d, w, h), (0, 0, z0 + h / 2), wall, open_face=None)
    grille = b.link("grille", "aluminum", S.box((0.0015, w - 0.02, h - 0.02), (d / 2 + 0.00075, 0, z0 + h / 2)))
    b.fixed(grille, "base")
    top = z0 + h
    if not party:
        b.add("base", *(S.box((d * 0.6, 0.02, z0), (0, sy * (w / 2 - 0.02), z0 / 2)) for sy in (-1, 1)))
        n = b.count(3, 5)
        for k in range(n):
            P.button(b, f"button_{k}", "base", (0, (k - (n - 1) / 2) * 0.02, top), "z", 0.012,
                     0.0015, round_=True)
        span = min(w * 0.8, 0.03 * n + 0.06)
        grip = b.link("carry_handle", "rubber",
                      S.box((0.01, 0.012, 0.03), (-d / 2 - 0.008, -span / 2, top - 0.02)),
                      S.box((0.01, 0.012, 0.03), (-d / 2 - 0.008, span / 2, top - 0.02)),
                      S.box((0.01, span + 0.012, 0.012), (-d / 2 - 0.008, 0, top + 0.001)))
        b.revolute(grip, "base", LIFT, (-d / 2 - 0.008, 0, top - 0.03), 0.0, math.pi / 2)
        return f"portable speaker with {n} buttons and a carry handle"
    wheel_r = b.dim(0.05, 0.07)
    for k, sy in enumerate((-1, 1)):
        P.wheel(b, f"wheel_{k}", "base", (-d / 2 + wheel_r * 0.6, sy * (w / 2 + 0.016), wheel_r),
                "y", wheel_r, 0.028)
    b.add("base", S.rod((-d / 2 + wheel_r * 0.6, -w / 2 - 0.016, wheel_r), (-d / 2 + wheel_r * 0.6, w / 2 + 0.016, wheel_r), 0.008),
          *(S.box((0.04, 0.04, z0 + 0.005), (d / 2 - 0.04, sy * (w / 2 - 0.04), (z0 + 0.005) / 2))
            for sy in (-1, 1)))
    tube = h * 0.7
    trolley = b.link("trolley_handle", "aluminum",
                     *(S.box((0.015, 0.015, tube), (-d / 2 - 0.012, sy * w * 0.3, top - tube / 2 + 0.03))
                       for sy in (-1, 1)),
                     S.box((0.03, w * 0.6 + 0.015, 0.025), (-d / 2 - 0.012, 0, top + 0.0425)))
    b.add("base", *(S.box((0.006, 0.03, 0.04), (-d / 2 - 0.003, sy * w * 0.3, top - 0.03)) for sy in (-1, 1)))
    b.prismatic(trolley, "base", "z", 0.0, b.dim(0.25, min(0.4, tube - 0.1)), point=(-d / 2, 0, top))
    knobs = b.count(1, 3)
    for k in range(knobs):
        P.knob(b, f"knob_{k}", "base", (0.0, (k - (knobs - 1) / 2) * 0.06, top), "z", 0.018, 0.02)
    return f"party speaker on wheels with {knobs} knob{'s' if knobs > 1 else ''}"


@kind("microphone", "electronics")
def microphone(b: Builder) -> str:
    """Studio microphone with a gain knob (continuous): on a weighted desk stand whose yoke
    swivels and tilts the microphone (revolute), or hanging from a boom arm clamped to a desk
    (clamp screw helical, mast swivel continuous, two arm hinges and a tilting mount,
    revolute).

    USB and broadcast microphones are 4-6 cm across and 12-19 cm long (typical retail
    range); desk stands have 12-16 cm bases and 10-15 cm posts; boom arms reach 2 x 35-45
    cm, their clamps take desks 40-55 mm thick with a screw of 1.5-2 mm pitch; mounts tilt
    about 45 degrees each way.
    """
    mr, ml = b.dim(0.022, 0.03), b.dim(0.12, 0.19)
    if b.chance(0.5):
        (holder, pivot), hanging = _boom_arm(b, mr), True
    else:
        br, post = b.dim(0.06, 0.08), b.dim(0.1, 0.15)
        b.link("base", "aluminum", S.cylinder(br, 0.02, (0, 0, 0.01)),
               S.cylinder(0.008, post, (0, 0, 0.02 + post / 2), sections=12))
        z = 0.02 + post
        holder = b.link("yoke", "metal", S.box((0.012, 2 * mr + 0.02, 0.008), (0, 0, z + 0.004)),
                        *(S.box((0.012, 0.006, mr + 0.01), (0, sy * (mr + 0.007), z + 0.008 + (mr + 0.01) / 2))
                          for sy in (-1, 1)))
        b.revolute(holder, "base", "z", (0, 0, z), -math.pi / 2, math.pi / 2)
        pivot, hanging = np.array([0.0, 0.0, z + 0.014 + mr]), False
    half = ml / 2 - mr
    body_c = pivot + (0, 0, -half if hanging else half)
    mic = b.link("microphone_body", "plastic", S.capsule(mr, ml - 2 * mr, body_c, "z"))
    b.revolute(mic, holder, "y", pivot, -0.75, 0.75)
    P.knob(b, "gain_knob", mic, body_c + (mr - 0.002, 0, 0), "x", 0.007, 0.006)
    return "studio microphone " + ("on a boom arm" if hanging else "on a desk stand")


def _boom_arm(b: Builder, mr: float) -> tuple[str, np.ndarray]:
    """A desk clamp (``base``) with its screw, mast and two arms; returns the upper arm and
    the point under its tip where a microphone of radius ``mr`` hangs."""
    jaw = b.dim(0.04, 0.055)
    b.link("base", "metal", S.box((0.06, 0.05, 0.012), (0, 0, jaw + 0.018)),
           S.box((0.012, 0.05, jaw + 0.03), (-0.024, 0, (jaw + 0.03) / 2)),
           S.box((0.06, 0.05, 0.012), (0, 0, 0.006)),
           S.cylinder(0.012, 0.05, (0, 0, jaw + 0.049), sections=12))
    pitch = b.real(0.0015, 0.002) / (2 * math.pi)
    screw = b.link("clamp_screw", "metal",
                   S.cylinder(0.005, jaw * 0.5, (0.01, 0, 0.012 + jaw * 0.25), sections=12),
                   S.cylinder(0.012, 0.01, (0.01, 0, 0.017 + jaw * 0.5), sections=12),
                   S.cylinder(0.015, 0.008, (0.01, 0, -0.006), sections=12))
    b.helical(screw, "base", "z", (0.01, 0, 0.012), 0.0, (jaw * 0.5 - 0.012) / pitch, pitch)
    z_m = jaw + 0.074
    mast = b.link("mast", "metal", S.cylinder(0.01, 0.06, (0, 0, z_m + 0.03), sections=12))
    b.continuous(mast, "base", "z", (0, 0, z_m))
    l1, l2 = b.dim(0.35, 0.45), b.dim(0.35, 0.45)
    shoulder = np.array([0.0, 0.0, z_m + 0.06])
    elbow = shoulder + l1 * np.array([math.cos(0.9), 0.0, math.sin(0.9)])
    tip = elbow + l2 * np.array([math.cos(-0.35), 0.0, math.sin(-0.35)])
    lower = b.link("lower_arm", "metal", S.bar(shoulder + (0, 0.02, 0), elbow + (0, 0.02, 0), 0.012, 0.02))
    b.revolute(lower, mast, "y", shoulder, -0.4, 0.4)
    side = np.array([0.0, 0.04, 0.0])
    upper = b.link("upper_arm", "metal", S.bar(elbow + side, tip + side, 0.012, 0.02),
                   S.box((0.012, 0.012, 0.02 + mr), tip + side - (0, 0, (0.02 + mr) / 2)))
    b.revolute(upper, lower, "y", elbow, -0.5, 0.5)
    return upper, tip + side - (0, 0, 0.02 + mr)
