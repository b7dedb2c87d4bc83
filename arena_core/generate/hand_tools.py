"""More hand tools: vernier/dial/digital calipers, folding rules, bottle jacks, corkscrews,
step ladders, screwdrivers, kitchen tongs. Small tools lie flat (thickness along Z)."""

from __future__ import annotations

import math

import numpy as np
import trimesh

from arena_core.generate import meshing
from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("caliper", "tools")
def caliper(b: Builder) -> str:
    """Caliper lying flat: the slider with its jaws and depth rod runs along the beam
    (prismatic) over the measuring range; a thumb wheel (continuous) and a lock screw
    (continuous) on the slider; a vernier scale, a dial with a turning bezel (continuous) or
    a digital readout with 2-3 push buttons (prismatic).

    ISO 13385-1 (vernier, dial and digital callipers): measuring ranges 150, 200 and 300 mm;
    beams 14-20 mm wide and 3.5-4.5 mm thick, outside jaws 35-90 mm long, sliders 70-110 mm
    (manufacturers' ranges, e.g. Mitutoyo 530/505/500 series).
    """
    span = b.pick((0.15, 0.2, 0.3))
    style = b.pick(("vernier", "dial", "digital"))
    w, t = b.dim(0.014, 0.02), b.dim(0.0035, 0.0045)
    sl = b.dim(0.07, 0.085) if style == "vernier" else b.dim(0.085, 0.11)
    jaw, jw = b.dim(0.035, 0.045) + (span - 0.15) * 0.3, 0.012
    beam_l = jw + span + sl + 0.015
    b.link("base", "metal", S.box((beam_l, w, t), (beam_l / 2, 0, t / 2)),
           S.box((jw, jaw, t), (jw / 2, -w / 2 - jaw / 2, t / 2)),
           S.box((jw * 0.6, 0.018, t * 0.7), (jw * 0.7, w / 2 + 0.009, t / 2)))
    top = t + 0.003
    slider = b.link("slider", "metal", S.box((sl, w + 0.004, 0.003), (jw + sl / 2, 0, t + 0.0015)),
                    *[S.box((sl, 0.002, top), (jw + sl / 2, sy * (w / 2 + 0.001), top / 2)) for sy in (-1, 1)],
                    S.box((jw, jaw, t), (jw * 1.5, -w / 2 - jaw / 2, t / 2)),
                    S.box((jw * 0.6, 0.018, t * 0.7), (jw * 1.3, w / 2 + 0.009, t / 2)),
                    S.box((beam_l - jw - sl, 0.0015, 0.0015), ((beam_l + jw + sl) / 2, 0, t - 0.001)))
    b.prismatic(slider, "base", "x", 0.0, span, point=(jw, 0, t / 2))
    readout = ""
    if style == "dial":
        r = min(0.022, sl * 0.25)
        xd = jw + sl * 0.45
        b.add(slider, S.cylinder(r, 0.006, (xd, 0, top + 0.003)))
        bezel = b.link("bezel", "plastic", S.tube(r - 0.003, r + 0.001, 0.004, (xd, 0, top + 0.008)))
        b.continuous(bezel, slider, "z", (xd, 0, top + 0.006))
        top += 0.006
        readout = " with a dial"
    elif style == "digital":
        b.add(slider, S.box((sl * 0.8, w + 0.012, 0.008), (jw + sl * 0.45, 0, top + 0.004)))
        top += 0.008
        keys = b.count(2, 3)
        for k in range(keys):
            P.button(b, f"button_{k}", slider, (jw + sl * (0.15 + 0.2 * k), w / 2 + 0.001, top), "z", 0.006, 0.0015)
        readout = f" with a digital readout and {keys} buttons"
    wheel = b.link("thumb_wheel", "metal", S.cylinder(0.005, 0.003, (jw + sl * 0.85, -w / 2 - 0.0075, t / 2), sections=12))
    b.continuous(wheel, slider, "z", (jw + sl * 0.85, -w / 2 - 0.0075, t / 2))
    lock = b.link("lock_screw", "metal", S.cylinder(0.0035, 0.005, (jw + sl * 0.92, 0, top + 0.0025), sections=12))
    b.continuous(lock, slider, "z", (jw + sl * 0.92, 0, top))
    return f"{int(span * 1000)} mm {style} caliper{readout}"


def _stadium(length: float, width: float, t: float, center) -> object:
    """A flat bar ``length`` x ``width`` with round ends, ``t`` thick along Z (one convex
    prism, no boolean)."""
    a, r = (length - width) / 2, width / 2
    angles = np.linspace(0.0, 2 * np.pi, 28, endpoint=False)
    cos, sin = np.cos(angles), np.abs(np.sin(angles))
    flat = r / np.maximum(sin, 1e-9)
    cap = a * np.abs(cos) + np.sqrt(np.maximum(r * r - (a * sin) ** 2, 0.0))
    radii = np.where(np.abs(flat * cos) <= a, flat, cap)
    return S.radial_prism(angles, radii, 0.0, t, center, "z")


@kind("folding_ruler", "tools")
def folding_ruler(b: Builder) -> str:
    """Folding (zigzag) rule lying folded: 5-8 segments stacked one per layer, each opening
    half a turn about its rivet at alternate ends (revolute Z); on some the bottom segment
    carries a brass slide that pulls out (prismatic).

    Folding rules of 1 and 2 m have 5-10 segments of 0.1-0.2 m, 15-17 mm wide and 3-3.5 mm
    thick in wood, 2.5 mm in aluminium or glass fibre (typical retail range, e.g. Stabila,
    Hultafors; EU Measuring Instruments Directive accuracy class III).
    """
    n = b.count(5, 8)
    s, w = b.dim(0.1, 0.2), b.dim(0.015, 0.017)
    material = b.pick(("wood", "wood", "aluminum", "plastic"))
    t = b.dim(0.003, 0.0035) if material == "wood" else 0.0025
    pitch = t + 0.0006
    parent = "base"
    for k in range(n):
        z = k * pitch + t / 2
        name = b.link("base" if k == 0 else f"segment_{k}", material, _stadium(s, w, t, (s / 2, 0, z)))
        if k:
            x = s - w / 2 if k % 2 else w / 2
            b.revolute(name, parent, (0, 0, 1 if k % 2 else -1), (x, 0, z), 0.0, math.pi)
        parent = name
    slide = b.chance(0.4)
    if slide:
        ln = s * 0.7
        rod = b.link("slide", "metal", S.box((ln, 0.004, 0.0012), (w + ln / 2, -w / 2 + 0.003, t - 0.001)))
        b.prismatic(rod, "base", "x", -round(ln - 0.02, 3), 0.0)
    return f"folding rule of {n} segments" + (" with a slide" if slide else "")


def _jack_ram(b: Builder, name: str, parent: str, r: float, z0: float, z1: float, lift: float,
              bore: float) -> str:
    """A ram cylinder from ``z0`` to ``z1`` rising ``lift`` m; bored ``bore`` m if > 0."""
    center = (0, 0, (z0 + z1) / 2)
    b.link(name, "metal", S.tube(bore, r, z1 - z0, center, sections=12) if bore > 0
           else S.cylinder(r, z1 - z0, center, sections=16))
    b.prismatic(name, parent, "z", 0.0, lift, point=(0, 0, z1))
    return name


@kind("car_jack", "tools")
def car_jack(b: Builder) -> str:
    """Hydraulic bottle jack: a body on a base plate, one ram or two telescoping rams
    (prismatic), on most an extension screw in the top ram (helical), the pump lever socket
    on the side (revolute), on some its handle in the socket, and the release valve on the
    base (continuous).

    ASME PASE (portable automotive service equipment) bottle jacks of 2-20 t: closed heights
    0.18-0.24 m, lifts 0.09-0.15 m, extension screws 40-80 mm, rams 32-60 mm across
    (manufacturers' ranges, e.g. Torin, Hein-Werner).
    """
    h0, tp = b.dim(0.18, 0.24), b.dim(0.012, 0.02)
    rr = b.dim(0.024, 0.032)
    rb = rr + b.dim(0.012, 0.02)
    double, screw = b.chance(0.35), b.chance(0.75)
    side = 2 * rb + b.dim(0.03, 0.05)
    body_top = h0 - tp - 0.032 - (0.01 if double else 0.0) + tp
    body = (0, 0, (tp + body_top) / 2)  # bored where a second ram or a screw rides in the ram
    b.link("base", "metal", S.box((side, side, tp), (0, 0, tp / 2)),
           S.tube(rr + 0.0005, rb, body_top - tp, body, sections=8) if double or screw
           else S.cylinder(rb, body_top - tp, body, sections=16),
           S.box((0.02, 0.02, body_top * 0.5), (rb + 0.008, 0, tp + body_top * 0.25)))
    hb = body_top - tp
    lift = round(b.real(0.45, 0.6) * hb, 3)
    top_r = rr - 0.009 if double else rr
    ram = _jack_ram(b, "ram", "base", rr, tp + 0.003, body_top + 0.02, lift,
                    top_r + 0.0005 if double else 0.0)
    ram_top = body_top + 0.02
    if double:
        ram = _jack_ram(b, "inner_ram", ram, top_r, tp + 0.005, ram_top + 0.01, round(lift * 0.8, 3), 0.0)
        ram_top += 0.01
    if screw:
        ext = b.dim(0.04, min(0.08, hb - 0.04))
        pitch = b.real(0.003, 0.005) / (2 * math.pi)
        rs = top_r - 0.008 if double else rr - 0.01
        head = b.link("extension_screw", "metal", S.cylinder(rs, ext + 0.01, (0, 0, ram_top - (ext + 0.01) / 2)),
                      S.cylinder(top_r * 0.85, 0.012, (0, 0, ram_top + 0.006)))
        b.helical(head, ram, "z", (0, 0, ram_top), 0.0, round(ext / pitch, 3), pitch)
    else:
        b.add(ram, S.cylinder(top_r * 0.85, 0.012, (0, 0, ram_top + 0.006)))
    zp = tp + body_top * 0.5 + 0.004
    xp = rb + 0.008
    sock = b.dim(0.08, 0.12)
    lever = [S.cylinder(0.008, 0.016, (xp, 0, zp), "y", sections=12), S.cylinder(0.009, sock, (xp + sock / 2, 0, zp), "x", sections=12)]
    handle = b.chance(0.5)
    if handle:
        lever.append(S.rod((xp + sock * 0.6, 0, zp), (xp + sock + b.dim(0.25, 0.45), 0, zp), 0.005))
    b.link("pump_lever", "metal", *lever)
    b.revolute("pump_lever", "base", (0, -1, 0), (xp, 0, zp), -0.15, 0.5)
    valve = b.link("release_valve", "metal", S.cylinder(0.005, 0.012, (0, -side / 2 - 0.006, tp / 2), "y", sections=12),
                   S.box((0.004, 0.004, 0.016), (0, -side / 2 - 0.011, tp / 2)))
    b.continuous(valve, "base", "y", (0, -side / 2, tp / 2))
    stages = "telescopic" if double else "single-ram"
    return f"{stages} bottle jack" + (" with an extension screw" if screw else "") + (" and its handle" if handle else "")


def _turned(profile: list, sections: int = S.SMALL_SECTIONS) -> trimesh.Trimesh:
    """A solid of revolution about the Z axis from a closed ``(radius, z)`` profile running
    counter-clockwise from and back to the axis (one mesh: no boolean)."""
    pose = np.eye(4)
    mesh = trimesh.Trimesh(*meshing.revolve(profile, sections, pose), process=False)
    mesh.metadata["revolution"] = pose
    return mesh


def _winged_corkscrew(b: Builder) -> str:
    """The bell and rack column (base), the worm and its handle screwing down (helical),
    two wings rising on either side (revolute)."""
    rb, hb = b.dim(0.019, 0.023), b.dim(0.055, 0.07)
    rc, hc = b.dim(0.009, 0.011), b.dim(0.03, 0.045)
    top = hb + hc
    b.link("base", "metal", S.tube(rb - 0.0025, rb, hb, (0, 0, hb / 2), sections=16),
           S.cylinder(rc, hc + 0.004, (0, 0, top - (hc + 0.004) / 2), sections=12))
    lw = b.dim(0.045, 0.055)
    travel = round(lw * 0.8, 3)
    zh = top + 0.008 + travel
    pitch = b.real(0.0035, 0.0045) / (2 * math.pi)
    turns = int(lw / 0.004)
    thread = [(0.0015 + 0.003 * (k % 2), 0.012 + lw * k / (2 * turns)) for k in range(1, 2 * turns)]
    span = b.dim(0.03, 0.04)
    b.link("worm", "metal", _turned([(0, 0.008), *thread, (0.004, 0.01 + lw), (0.004, zh), (0, zh)]),
           S.bar((0, -span, zh + 0.004), (0, span, zh + 0.004), 0.008, 0.008))
    b.helical("worm", "base", (0, 0, -1), (0, 0, zh), 0.0, round(travel / pitch, 3), pitch)
    lw_ = b.dim(0.09, 0.12)
    for side, sx in (("left", -1), ("right", 1)):
        xp, zp = sx * (rc + 0.009), top - 0.009
        wing = b.link(f"wing_{side}", "metal", S.cylinder(0.008, 0.008, (xp, 0, zp), "y"),
                      S.bar((xp, 0, zp), (sx * (rb + 0.008), 0, zp - lw_), 0.006, 0.007),
                      S.box((0.012, 0.008, 0.025), (sx * (rb + 0.01), 0, zp - lw_)))
        b.revolute(wing, "base", (0, -sx, 0), (xp, 0, zp), 0.0, b.real(2.2, 2.5))
    return "winged corkscrew"


def _waiters_corkscrew(b: Builder) -> str:
    """The handle (base) with the worm folding out of its slot (revolute), the lever at the
    far end (revolute) and on some a foil knife folding from the side (revolute)."""
    ln, w, h = b.dim(0.11, 0.125), b.dim(0.011, 0.014), b.dim(0.012, 0.016)
    b.link("base", b.pick(("wood", "plastic", "metal")), S.box((ln, w, h), (0, 0, h / 2)))
    b.cut("base", S.box((0.06, 0.006, h), (0.028, 0, h / 2 + 0.004)))
    lw = b.dim(0.045, 0.05)
    worm = b.link("worm", "metal", S.rod((0.004, 0, h - 0.004), (0.004 + lw, 0, h - 0.004), 0.0015, sections=8),
                  S.cylinder(0.0025, 0.005, (0.004, 0, h - 0.004), "y", sections=8))
    b.revolute(worm, "base", (0, -1, 0), (0.004, 0, h - 0.004), 0.0, math.pi / 2)
    ll = b.dim(0.035, 0.045)
    lever = b.link("lever", "metal", S.box((ll, w * 0.8, 0.003), (-ln / 2 + ll / 2, 0, h + 0.0015)))
    b.revolute(lever, "base", (0, -1, 0), (-ln / 2, 0, h), 0.0, b.real(1.6, 1.9))
    knife = b.chance(0.7)
    if knife:
        blade = b.link("foil_knife", "metal", S.box((0.035, 0.0012, h * 0.6), (ln / 2 - 0.0185, w / 2 + 0.0016, h / 2)))
        b.revolute(blade, "base", (0, 0, 1), (ln / 2 - 0.002, w / 2 + 0.0016, h / 2), 0.0, math.pi * 0.95)
    return "waiter's corkscrew" + (" with a foil knife" if knife else "")


@kind("corkscrew", "tools")
def corkscrew(b: Builder) -> str:
    """Corkscrew: a winged corkscrew (the worm screws down, helical; two wings rise,
    revolute) or a waiter's friend lying flat (worm, lever and foil knife fold out,
    revolute).

    Winged corkscrews are 0.17-0.2 m tall closed with bells fitting the 18.5 mm lip of a CETIE
    GME 13 wine-bottle finish; waiter's friends are 0.11-0.125 m long; worms are 45-55 mm for
    corks of 38-54 mm (typical retail range).
    """
    return _winged_corkscrew(b) if b.chance(0.5) else _waiters_corkscrew(b)


@kind("ladder", "tools")
def ladder(b: Builder) -> str:
    """Step ladder standing open: the front frame with 2-6 steps and the top cap (base), the
    rear frame with 1-2 braces folding shut against it (revolute about the top hinge), on
    some with wheels on its feet (continuous) and a tool tray on the cap.

    EN 131-1 and ANSI A14.2 step ladders: steps at most 0.3 m apart (0.24-0.28 m here) and at
    least 80 mm deep, at least 280 mm wide inside at the top; 0.6-1.8 m tall, frames splayed
    12-17 degrees from vertical (aluminium; retail 2-6 steps).
    """
    steps = b.count(2, 6)
    rise, w = b.dim(0.24, 0.28), b.dim(0.36, 0.5)
    h = rise * (steps + 1)
    bf, br = b.real(0.21, 0.3), b.real(0.21, 0.3)
    rt, rd = b.dim(0.02, 0.028), b.dim(0.06, 0.08)
    sd = b.dim(0.08, 0.1)
    yr = w / 2 - rt / 2
    rails = [S.bar((h * math.tan(bf), sy * yr, 0), (0.02, sy * yr, h), rt, rd) for sy in (-1, 1)]
    treads = []
    for k in range(1, steps + 1):
        z = rise * k
        x = (h - z) * math.tan(bf) + 0.02 * z / h
        treads.append(S.box((sd, w - 2 * rt + 0.004, 0.03), (x - sd / 2 + rd / 2, 0, z)))
    cap = S.box((0.16, w + 0.03, 0.05), (0.02, 0, h + 0.01))
    b.link("base", "aluminum", *rails, *treads, cap)
    if b.chance(0.4):
        b.cut("base", S.box((0.13, w - 0.02, 0.04), (0.02, 0, h + 0.03)))
    yl = w / 2 + 0.006 + rt / 2
    zh = h - 0.02
    foot = -(zh - 0.0) * math.tan(br)
    legs = [S.bar((-0.03, sy * yl, zh), (foot, sy * yl, 0), rt, rd * 0.8) for sy in (-1, 1)]
    braces = b.count(1, 2)
    for k in range(braces):
        z = h * (0.15 + 0.3 * k)
        x = -0.03 + (foot + 0.03) * (zh - z) / zh
        legs.append(S.box((0.02, 2 * yl, 0.03), (x, 0, z)))
    b.link("rear_frame", "aluminum", *legs)
    b.revolute("rear_frame", "base", (0, 1, 0), (-0.03, 0, zh), 0.0, round((bf + br) * 0.5, 3))
    wheels = b.chance(0.3)
    if wheels:
        for side, sy in (("left", -1), ("right", 1)):
            P.wheel(b, f"wheel_{side}", "rear_frame", (foot - 0.04, sy * (yl + rt / 2 + 0.012), 0.04), "y", 0.035, 0.018)
    return f"step ladder with {steps} steps" + (" on wheels" if wheels else "")


@kind("screwdriver", "tools")
def screwdriver(b: Builder) -> str:
    """Screwdriver lying on its side: a ratchet driver (the shaft turns, continuous; the
    selector ring turns between its three positions, revolute; the bit-storage cap flips,
    revolute, or screws off, helical), a precision driver with a swivel top cap
    (continuous), or a bit driver whose bit pulls out of the magnetic holder (prismatic).

    ISO 2380 (slotted) and ISO 8764 (cross-recessed) screwdrivers: blades 25-200 mm long,
    3-8 mm across; handles 75-130 mm long and 25-40 mm across (precision drivers 12-18 mm)
    (manufacturers' ranges, e.g. Wera, Wiha, Stanley).
    """
    style = b.pick(("ratchet", "precision", "bit"))
    rh = b.dim(0.006, 0.009) if style == "precision" else b.dim(0.0125, 0.02)
    lh = b.dim(0.075, 0.13)
    rs = b.dim(0.0015, 0.0022) if style == "precision" else b.dim(0.0025, 0.004)
    ls = b.dim(0.025, 0.2)
    z = rh
    b.link("base", "plastic", S.cylinder(rh, lh, (lh / 2, 0, z), "x"),
           S.cylinder(rh * 0.6, 0.015, (lh + 0.0075, 0, z), "x"))
    tip = S.box((0.008, rs * 1.6, rs * 0.5), (lh + 0.015 + ls + 0.004, 0, z))
    shaft = [S.cylinder(rs, ls + 0.03, (lh + 0.015 + ls / 2 - 0.015, 0, z), "x"), tip]
    name = f"{style} screwdriver"
    if style == "ratchet":
        b.link("shaft", "metal", *shaft)
        b.continuous("shaft", "base", "x", (lh, 0, z))
        ring = b.link("selector_ring", "plastic", S.tube(rh * 0.6, rh * 0.85, 0.008, (lh + 0.006, 0, z), "x"))
        b.revolute(ring, "base", "x", (lh, 0, z), -0.5, 0.5)
    else:
        b.add("base", *shaft[:1])
        if style == "bit":
            b.link("bit", "metal", S.cylinder(rs * 0.8, 0.025, (lh + 0.015 + ls + 0.012, 0, z), "x", sections=6),
                   S.box((0.006, rs * 1.4, rs * 0.45), (lh + 0.015 + ls + 0.027, 0, z)))
            b.prismatic("bit", "base", "x", 0.0, 0.02)
        else:
            b.add("base", tip)
    cap = b.pick(("flip", "screw", "none")) if style != "precision" else "swivel"
    if cap == "flip":
        b.cut("base", S.cylinder(rh * 0.6, lh * 0.5, (lh * 0.25 - 0.002, 0, z), "x"))
        b.link("cap", "plastic", S.cylinder(rh * 0.8, 0.005, (-0.0025, 0, z), "x"))
        b.revolute("cap", "base", (0, -1, 0), (0.0, 0, z + rh * 0.8), 0.0, 1.9)
    elif cap == "screw":
        b.link("cap", "plastic", S.cylinder(rh * 0.9, 0.012, (-0.004, 0, z), "x"))
        pitch = 0.0015 / (2 * math.pi)
        b.helical("cap", "base", (-1, 0, 0), (0.0, 0, z), 0.0, round(0.008 / pitch, 3), pitch)
    elif cap == "swivel":
        b.link("cap", "plastic", S.cylinder(rh * 0.95, 0.008, (-0.004, 0, z), "x"))
        b.continuous("cap", "base", "x", (0.0, 0, z))
    return name + ("" if cap in ("none", "swivel") else f" with a {cap} cap")


@kind("tongs", "tools")
def tongs(b: Builder) -> str:
    """Kitchen tongs lying flat and sprung open: one arm with the hinge block (base), the
    other arm closing about the hinge pin (revolute), on most a locking pull tab sliding on
    the hinge block (prismatic), with scalloped metal heads or silicone tips (fixed).

    Kitchen tongs are 0.18-0.4 m long (7-16 in), arms 18-25 mm wide, sprung open 60-90 mm at
    the tips (typical retail range, e.g. OXO, Winco); stainless strips bent into channels,
    modelled 3 mm thick.
    """
    ln, w, gap = b.dim(0.18, 0.4), b.dim(0.018, 0.025), b.dim(0.06, 0.09)
    t, hb = 0.003, 0.035
    half = math.asin(gap / 2 / ln)
    tips = b.pick(("scalloped", "silicone"))
    arms = []
    for sy in (-1, 1):
        end = (ln * math.cos(half), sy * ln * math.sin(half), t / 2)
        arm = [S.bar((hb * 0.5, sy * w * 0.3, t / 2), end, w, t)]
        if tips == "scalloped":
            arm.append(S.box((0.04, w * 1.6, t), (end[0] - 0.02, end[1], t / 2)))
        arms.append((arm, end))
    b.link("base", "metal", S.box((hb, w * 1.4, 2 * t + 0.006), (0, 0, t + 0.003)), *arms[0][0])
    other = b.link("arm", "metal", *arms[1][0])
    b.revolute(other, "base", (0, 0, -1), (0, 0, t / 2), 0.0, round(2 * half * 0.9, 4))
    if tips == "silicone":
        for name, parent, (_, end) in (("tip_base", "base", arms[0]), ("tip_arm", other, arms[1])):
            pad = b.link(name, "rubber", S.box((0.05, w * 1.3, t + 0.004), (end[0] - 0.025, end[1], t / 2)))
            b.fixed(pad, parent, (end[0] - 0.025, end[1], t / 2))
    lock = b.chance(0.7)
    if lock:
        tab = b.link("lock_tab", "metal", S.box((0.02, w * 0.8, 0.003), (-hb * 0.1, 0, 2 * t + 0.0075)),
                     S.torus(0.007, 0.0015, (-hb * 0.1 - 0.02, 0, 2 * t + 0.0075), "z"))
        b.prismatic(tab, "base", (-1, 0, 0), 0.0, 0.01)
    return f"kitchen tongs with {tips} tips" + (" and a lock" if lock else "")
