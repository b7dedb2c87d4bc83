"""More personal accessories: nail clippers, razors, hair clips, cosmetic cases, hair
straighteners and glasses cases.

Conventions of :mod:`arena_core.generate.parts`: meters, Z up, the front faces +X.
"""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _tray_box(size, center, wall: float, *, open_top: bool) -> tuple:
    """A box of ``size`` and its cavity (open at the top or the bottom) for ``b.cut``."""
    d, w, h = size
    cx, cy, cz = center
    dz = wall if open_top else -wall
    return S.box(size, center), S.box((d - 2 * wall, w - 2 * wall, h), (cx, cy, cz + dz))


@kind("nail_clipper", "personal_accessories")
def nail_clipper(b: Builder) -> str:
    """Nail clipper: two steel jaws riveted at the back, a pin through them that swivels the
    lever round (revolute about Z), the lever tipping up on the pin (revolute), and on some
    a key ring at the back (revolute).

    Fingernail clippers are 55-65 mm long and 13-15 mm wide, toenail clippers 75-90 mm long
    and 15-18 mm wide (typical retail range); the lever swivels half a turn and lifts about
    30 degrees.
    """
    toe = b.chance(0.3)
    length = b.dim(0.075, 0.09) if toe else b.dim(0.055, 0.065)
    w = b.dim(0.015, 0.018) if toe else b.dim(0.013, 0.015)
    tj, hb = 0.0015, b.dim(0.006, 0.008)
    back = -length / 2
    b.link("base", "metal", S.box((length, w, tj), (0, 0, tj / 2)),
           S.bar((back + 0.006, 0, hb), (length / 2 - 0.001, 0, tj * 1.5 + 0.0005), w, tj),
           S.box((0.008, w, hb + tj / 2), (back + 0.004, 0, (hb + tj / 2) / 2)))
    top = hb + tj
    xp = length / 2 - (0.014 if toe else 0.012)
    pin = b.link("pin", "metal", S.cylinder(0.0012, top + 0.001, (xp, 0, (top + 0.001) / 2 + 0.0005), sections=8),
                 S.cylinder(0.0025, 0.0015, (xp, 0, top + 0.0008), sections=12))
    b.revolute(pin, "base", "z", (xp, 0, top), 0.0, math.pi)
    zl = top + 0.0017
    lever = b.link("lever", "metal", S.box((xp - back - 0.002, w * 0.9, 0.0015),
                                           ((xp + back + 0.002) / 2, 0, zl + 0.00075)),
                   S.box((0.004, w * 0.6, 0.0015), (xp + 0.002, 0, zl + 0.00075)))
    if b.chance(0.6):  # a file ground into the lever's top
        b.add(lever, S.box(((xp - back) * 0.5, w * 0.6, 0.0004), ((xp + back) / 2 - 0.004, 0, zl + 0.0017)))
    b.revolute(lever, pin, (0, 1, 0), (xp, 0, zl), 0.0, b.real(0.45, 0.6))
    ring = b.chance(0.4)
    if ring:
        r = b.dim(0.008, 0.011)
        hole = (back + 0.003, 0, hb / 2)
        b.link("key_ring", "metal", S.torus(r, 0.0008, (back + 0.003 - r, 0, hb / 2), "y"))
        b.revolute("key_ring", "base", "y", hole, -0.6, 0.6)
    return ("toenail" if toe else "fingernail") + " clipper" + (" with a key ring" if ring else "")


@kind("razor", "personal_accessories")
def razor(b: Builder) -> str:
    """Razor: a butterfly safety razor (two doors opening on the head: revolute, a twist
    knob: continuous), a folding straight razor (blade: revolute into its scales) or a
    cartridge razor (pivoting head: revolute, release button: prismatic).

    Double-edge safety razors are 85-110 mm long with a 42-45 mm head for 43 x 22 mm blades;
    straight razors have 75-80 mm blades 13-22 mm wide (4/8 to 7/8 in) folding into 130-160 mm
    scales; cartridge razors are 120-140 mm long (typical retail range).
    """
    style = b.pick(("safety", "straight", "cartridge"))
    if style == "safety":
        lh = b.dim(0.075, 0.1)
        r = b.dim(0.005, 0.007)
        b.link("base", "metal", S.cylinder(r, lh - 0.012, (0, 0, 0.012 + (lh - 0.012) / 2)),
               S.box((0.012, 0.044, 0.006), (0, 0, lh + 0.003)),
               S.box((0.022, 0.043, 0.0005), (0, 0, lh + 0.0063)))
        knob = b.link("knob", "metal", S.cylinder(r + 0.002, 0.0115, (0, 0, 0.00575)))
        b.continuous(knob, "base", "z", (0, 0, 0.012))
        zt = lh + 0.0095
        for name, sx, axis in (("door_left", -1.0, (0, 1, 0)), ("door_right", 1.0, (0, -1, 0))):
            b.link(name, "metal", S.box((0.011, 0.045, 0.002), (sx * 0.007, 0, zt - 0.001)),
                   S.box((0.001, 0.045, 0.0035), (sx * 0.012, 0, zt - 0.00375)))
            b.revolute(name, "base", axis, (sx * 0.0015, 0, zt), 0.0, b.real(1.1, 1.35))
        return "butterfly safety razor"
    if style == "straight":
        lh, bw = b.dim(0.13, 0.16), b.dim(0.013, 0.022)
        zc = bw / 2 + 0.002
        b.link("base", b.pick(("wood", "plastic")),
               *[S.box((lh, 0.003, bw + 0.004), (0, sy * 0.004, zc)) for sy in (-1, 1)],
               S.box((0.01, 0.005, bw * 0.6), (-lh / 2 + 0.005, 0, zc)),
               S.cylinder(0.002, 0.011, (lh / 2 - 0.008, 0, zc), "y", sections=8))
        pivot = lh / 2 - 0.008
        blade_l = min(b.dim(0.075, 0.08), lh - 0.03)
        blade = b.link("blade", "metal", S.box((blade_l, 0.002, bw), (pivot - blade_l / 2, 0, zc)),
                       S.box((0.018, 0.003, bw * 0.5), (pivot + 0.006, 0, zc)))
        b.revolute(blade, "base", (0, 1, 0), (pivot, 0, zc), 0.0, b.real(2.8, 3.1))
        return "folding straight razor"
    lh = b.dim(0.12, 0.14)
    b.link("base", "plastic", S.bar((-lh / 2, 0, 0.012), (lh / 2 - 0.012, 0, 0.006), 0.012, 0.008),
           *[S.box((0.012, 0.003, 0.006), (lh / 2 - 0.008, sy * 0.0225, 0.008)) for sy in (-1, 1)])
    blades = b.count(2, 5)
    head = b.link("cartridge", "plastic", S.box((0.012, 0.04, 0.007), (lh / 2 - 0.004, 0, 0.008)))
    for k in range(blades):
        b.add(head, S.box((0.0015, 0.038, 0.0006), (lh / 2 - 0.008 + k * 0.0075 / max(1, blades - 1), 0, 0.0117)))
    b.revolute(head, "base", "y", (lh / 2 - 0.006, 0, 0.008), -0.4, 0.4)
    if b.chance(0.6):
        P.button(b, "release", "base", (0.0, 0, 0.0125), (0, 0, 1), 0.007, 0.002)
    return f"{blades}-blade cartridge razor"


def _claw_jaw(sx: float, w: float, hz: float, reach: float, teeth: int, phase: float) -> list:
    """Solids of one jaw of a claw clip: a spine along Y at height ``hz``, a thumb grip above
    the hinge on the other side and ``teeth`` curved teeth on side ``sx``."""
    tw = min(0.005, w / (2 * teeth))
    parts = [S.box((0.006, w, 0.005), (sx * 0.004, 0, hz)),
             S.bar((sx * 0.002, 0, hz + 0.002), (-sx * 0.014, 0, hz + 0.016), w * 0.6, 0.003)]
    for k in range(teeth):
        y = -w / 2 + tw / 2 + (w - tw) * (k + phase) / teeth
        parts += [S.bar((sx * 0.004, y, hz), (sx * reach, y, hz * 0.45), tw, 0.003),
                  S.bar((sx * reach, y, hz * 0.45), (sx * reach * 0.15, y, 0.0015), tw, 0.003)]
    return parts


@kind("hair_clip", "personal_accessories")
def hair_clip(b: Builder) -> str:
    """Hair clip: a claw clip of two toothed jaws on a spring hinge (revolute), or a
    barrette whose clasp swings down from one end (revolute).

    Claw clips are 4-13 cm wide and 3-7 cm tall with 4-9 teeth a jaw, opening 30-35 degrees;
    barrettes are 5-10 cm long and 1-2 cm wide (typical retail range).
    """
    if b.chance(0.6):
        w, hz = b.dim(0.04, 0.13), b.dim(0.03, 0.07)
        teeth = max(4, min(9, int(w / 0.012)))
        reach = hz * b.real(0.35, 0.5)
        b.link("base", "plastic", *_claw_jaw(-1.0, w, hz, reach, teeth, 0.0),
               S.cylinder(0.004, w, (0, 0, hz), "y", sections=12))
        b.link("jaw", "plastic", *_claw_jaw(1.0, w, hz, reach, teeth, 0.5))
        b.revolute("jaw", "base", (0, -1, 0), (0, 0, hz), 0.0, b.real(0.5, 0.6))
        return f"claw clip with {teeth} teeth a jaw"
    length, w = b.dim(0.05, 0.1), b.dim(0.01, 0.02)
    b.link("base", b.pick(("metal", "plastic")),
           *[S.bar((0, y0 * length / 2, 0.008 - abs(y0) * 0.003), (0, y1 * length / 2, 0.008 - abs(y1) * 0.003),
                   w, 0.003) for y0, y1 in ((-1, -0.3), (-0.3, 0.3), (0.3, 1))])
    if b.chance(0.5):
        b.add("base", S.sphere(w * 0.45, (0, 0, 0.011), count=10))
    clasp = b.link("clasp", "metal", S.box((0.002, length * 0.9, 0.0012), (0, 0, 0.0035)))
    b.revolute(clasp, "base", (-1, 0, 0), (0, -length * 0.45, 0.0035), 0.0, b.real(0.4, 0.6))
    return "barrette"


def _folding_handle(b: Builder, name: str, parent: str, *, x: float, top: float, hw: float,
                    hl: float) -> str:
    """A U-shaped handle lying back on a lid from pivots at ``x`` (brackets added to
    ``parent``): folds up to upright (revolute)."""
    r = 0.004
    for sy in (-1, 1):
        b.add(parent, S.box((0.014, 0.005, 0.01), (x, sy * (hw / 2 + 0.0075), top + 0.005)))
    zr = top + r + 0.002
    b.link(name, "plastic", S.rod((x, -hw / 2 - 0.005, zr), (x, hw / 2 + 0.005, zr), r * 0.6, sections=8),
           *[S.rod((x, sy * hw / 2, zr), (x - hl, sy * hw / 2, zr), r, sections=8) for sy in (-1, 1)],
           S.rod((x - hl, -hw / 2 - r, zr), (x - hl, hw / 2 + r, zr), r * 1.5, sections=8))
    b.revolute(name, parent, (0, 1, 0), (x, 0, zr), 0.0, math.pi / 2)
    return name


@kind("cosmetic_case", "personal_accessories")
def cosmetic_case(b: Builder) -> str:
    """Cosmetic (train) case: a hard case whose lid hinges at the back (revolute) with a
    mirror inside (fixed), a folding carry handle (revolute), 0 or 2 front latches
    (revolute), a lift-out tray of 2-4 wells (prismatic) and on some a pull-out drawer at
    the bottom (prismatic).

    Train cases are 25-35 cm wide, 17-23 cm deep and 18-25 cm tall with 5-7 cm lids (typical
    retail range of aluminium and ABS makeup cases); the lid opens 95-105 degrees.
    """
    w, d, h = b.dim(0.25, 0.35), b.dim(0.17, 0.23), b.dim(0.18, 0.25)
    material = b.pick(("aluminum", "plastic"))
    t = 0.003
    drawer = b.chance(0.35)
    zd = b.dim(0.06, 0.08) if drawer else 0.0
    parts = [S.box((d, w, t), (0, 0, zd + t / 2)),
             *[S.box((t, w, h - zd), (sx * (d / 2 - t / 2), 0, (h + zd) / 2)) for sx in (-1, 1)],
             *[S.box((d - 2 * t, t, h - zd), (0, sy * (w / 2 - t / 2), (h + zd) / 2)) for sy in (-1, 1)]]
    if drawer:
        parts += P.carcass(w, d, zd, t)
    b.link("base", material, *parts)
    lh = b.dim(0.05, 0.07)
    lid_c = (0, 0, h + 0.002 + lh / 2)
    outer, cavity = _tray_box((d + 0.004, w + 0.004, lh), lid_c, t, open_top=False)
    b.link("lid", material, outer)
    b.cut("lid", cavity)
    b.revolute("lid", "base", (0, -1, 0), (-d / 2 - 0.002, 0, h + 0.002), 0.0, b.real(1.65, 1.8))
    b.link("mirror", "glass", S.box((d - 0.03, w - 0.03, 0.003), (0, 0, h + 0.002 + lh - t - 0.0015)))
    b.fixed("mirror", "lid")
    _folding_handle(b, "handle", "lid", x=d / 2 - 0.03, top=h + 0.002 + lh,
                    hw=min(0.12, w * 0.4), hl=min(0.08, d * 0.45))
    wells = b.count(2, 4)
    th = min(0.05, (h - zd) * 0.3)
    tw, td, z0 = w - 2 * t - 0.006, d - 2 * t - 0.006, h - th - 0.004
    b.link("tray", "plastic", S.box((td, tw, th), (0, 0, z0 + th / 2)))
    pitch = (tw - 0.004) / wells
    b.cut("tray", *[S.box((td - 0.008, pitch - 0.004, th), (0, -tw / 2 + 0.002 + pitch * (k + 0.5), z0 + th / 2 + 0.003))
                    for k in range(wells)])
    b.prismatic("tray", "base", "z", 0.0, th + 0.03)
    latches = b.chance(0.6)
    if latches:
        for sy in (-1, 1):
            name = f"latch_{'lr'[sy > 0]}"
            y = sy * w * 0.3
            b.link(name, "metal", S.box((0.002, 0.02, 0.03), (d / 2 + 0.004, y, h - 0.003)))
            b.revolute(name, "base", (0, 1, 0), (d / 2 + 0.003, y, h - 0.018), 0.0, b.real(1.2, 1.5))
    if drawer:
        P.drawer(b, "drawer", "base", x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t, z0=t, z1=zd - t,
                 depth=d - 2 * t, t=t, material=material, travel=round(0.75 * (d - 2 * t), 3),
                 handle="edge")
    extras = (" with latches" if latches else "") + (" and a drawer" if drawer else "")
    return f"{material} cosmetic case with a {wells}-well tray{extras}"


@kind("hair_straightener", "personal_accessories")
def hair_straightener(b: Builder) -> str:
    """Hair straightener (flat iron): two arms hinged at the back (revolute) with ceramic
    plates, a swivel cord connector (continuous), and optional lock slider (prismatic) and
    1-3 buttons (prismatic).

    Flat irons are 25-30 cm long with plates 9-12 cm long and 2.5-4.5 cm wide (1 to 1.75 in)
    and arms 3-5 cm wide, opening about 25 degrees (typical retail range).
    """
    length, aw = b.dim(0.25, 0.3), b.dim(0.03, 0.05)
    pw, pl = min(aw - 0.004, b.dim(0.025, 0.045)), b.dim(0.09, 0.12)
    th = 0.012
    back = -length / 2
    b.link("base", "plastic", S.box((length, aw, th), (0, 0, th / 2)),
           S.box((pl, pw, 0.003), (length / 2 - 0.015 - pl / 2, 0, th + 0.0015)))
    pivot = (back + 0.01, 0, th + 0.004)
    b.link("arm", "plastic", S.box((length - 0.002, aw, th), (0.001, 0, th + 0.004 + th / 2)),
           S.box((pl, pw, 0.0025), (length / 2 - 0.015 - pl / 2, 0, th + 0.0042)))
    b.revolute("arm", "base", (0, -1, 0), pivot, 0.0, b.real(0.4, 0.5))
    extras = []
    if b.chance(0.6):
        cord = b.link("swivel", "rubber", S.cylinder(0.007, 0.022, (back - 0.012, 0, th / 2), "x", sections=12),
                      S.cylinder(0.0035, 0.02, (back - 0.032, 0, th / 2), "x", sections=8))
        b.continuous(cord, "base", "x", (back, 0, th / 2))
        extras.append("a swivel cord")
    if b.chance(0.5):
        lock = b.link("lock", "plastic", S.box((0.012, 0.003, 0.005), (back + 0.04, -aw / 2 - 0.0015, th / 2)))
        b.prismatic(lock, "base", "x", 0.0, 0.01)
        extras.append("a lock")
    buttons = b.count(1, 3)
    top = th * 2 + 0.004
    for k in range(buttons):
        P.button(b, f"button_{k}", "arm", (back + 0.05 + k * 0.018, 0, top), (0, 0, 1), 0.008, 0.002,
                 round_=k == 0)
    return f"hair straightener with {buttons} button(s)" + "".join(f", {e}" for e in extras)


@kind("glasses_case", "personal_accessories")
def glasses_case(b: Builder) -> str:
    """Glasses case: a hard clamshell (lid on a back hinge: revolute), a sunglasses box with
    a sliding drawer (prismatic), or a case closed by a flap folding over from the back
    (revolute), some with a pocket clip.

    Hard glasses cases are 15-17 cm long, 5.5-7 cm deep and 3.5-5 cm tall (typical retail
    range); a clamshell opens 100-115 degrees, a flap turns back 150-160.
    """
    length, d, h = b.dim(0.15, 0.17), b.dim(0.055, 0.07), b.dim(0.035, 0.05)
    t = 0.002
    style = b.pick(("clamshell", "drawer", "flap"))
    material = b.pick(("plastic", "aluminum")) if style != "flap" else "plastic"
    if style == "drawer":
        b.link("base", material, *P.carcass(length, d, h, t))
        P.drawer(b, "drawer", "base", x_face=d / 2, y0=-length / 2 + t, y1=length / 2 - t, z0=t,
                 z1=h - t, depth=d - 2 * t, t=t, material=material, travel=round(0.8 * (d - 2 * t), 3),
                 handle=None)
        b.cut("drawer", S.box((0.006, 0.03, 0.012), (d / 2 + t / 2, 0, h - t - 0.006)))
        return "sunglasses box with a sliding drawer"
    lower = h * (0.55 if style == "clamshell" else 1.0)
    outer, cavity = _tray_box((d, length, lower), (0, 0, lower / 2), t, open_top=True)
    b.link("base", material, outer)
    b.cut("base", cavity)
    if style == "clamshell":
        upper = h - lower
        outer, cavity = _tray_box((d, length, upper), (0, 0, lower + 0.001 + upper / 2), t,
                                  open_top=False)
        b.link("lid", material, outer)
        b.cut("lid", cavity)
        b.revolute("lid", "base", (0, -1, 0), (-d / 2, 0, lower + 0.001), 0.0, b.real(1.75, 2.0))
    else:
        flap = b.link("lid", "plastic", S.box((d + 0.004, length, 0.002), (0.002, 0, h + 0.002)),
                      S.box((0.002, length, h * 0.4), (d / 2 + 0.003, 0, h + 0.003 - h * 0.2)))
        b.revolute(flap, "base", (0, -1, 0), (-d / 2, 0, h + 0.001), 0.0, b.real(2.6, 2.8))
    clip = b.chance(0.3)
    if clip:
        b.add("base", S.box((0.002, 0.012, lower * 0.8), (-d / 2 - 0.002, 0, lower * 0.5)))
    return f"{style} glasses case" + (" with a clip" if clip else "")


@kind("electric_shaver", "personal_accessories")
def electric_shaver(b: Builder) -> str:
    """Electric shaver: a handheld body with a power button (prismatic) and on some a
    pop-up trimmer on the back (prismatic), topped by a rotary head of three cutters
    (continuous) that flips open on a front hinge (revolute), or by a foil head whose 2-3
    foils float (prismatic).

    Electric shavers are 14-17 cm tall, 4.5-6 cm wide and 3-4.5 cm thick; rotary cutters are
    2.4-2.8 cm across, foils 8-12 mm wide floating 2-3 mm (typical retail range).
    """
    h, w, d = b.dim(0.12, 0.15), b.dim(0.045, 0.06), b.dim(0.03, 0.045)
    b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)))
    P.button(b, "power", "base", (d / 2, 0, h * 0.55), (1, 0, 0), 0.012, 0.002, round_=True)
    extras = ""
    if b.chance(0.5):
        trim = b.link("trimmer", "metal", S.box((0.004, w * 0.45, 0.03), (-d / 2 - 0.0025, 0, h - 0.035)))
        b.prismatic(trim, "base", "z", 0.0, 0.012)
        extras = " and a pop-up trimmer"
    if b.chance(0.55):
        rc = b.dim(0.012, 0.014)
        ring = 2 * rc / math.sqrt(3) + 0.0025  # cutter centres 5 mm apart edge to edge
        hd, hw = 2 * (ring + rc) + 0.006, max(w, 2 * (ring + rc) + 0.006)
        zh = h + 0.002
        b.link("head", "plastic", S.box((hd, hw, 0.014), (d / 2 - hd / 2 + 0.004, 0, zh + 0.007)))
        b.revolute("head", "base", (0, 1, 0), (d / 2 + 0.004, 0, zh), 0.0, b.real(1.3, 1.6))
        cx = d / 2 - hd / 2 + 0.004
        for k, (x, y, _) in enumerate(S.ring_points(ring, 3, (cx, 0, 0), phase=math.pi / 2)):
            cutter = b.link(f"cutter_{k}", "metal", S.cylinder(rc, 0.004, (x, y, zh + 0.016)),
                            S.cylinder(rc * 0.3, 0.0015, (x, y, zh + 0.01875), sections=12))
            b.continuous(cutter, "head", "z", (x, y, zh + 0.014))
        return "rotary electric shaver" + extras
    foils = b.count(2, 3)
    fw = b.dim(0.008, 0.012)
    fd = foils * (fw + 0.004) + 0.006
    zt = h + 0.012
    b.add("base", S.box((fd, w, 0.012), (0, 0, h + 0.006)))
    for k in range(foils):
        x = -fd / 2 + 0.005 + (fw + 0.004) * (k + 0.5)
        b.cut("base", S.box((fw + 0.002, w - 0.008, 0.014), (x, 0, zt - 0.006)))
        foil = b.link(f"foil_{k}", "metal", S.box((fw, w - 0.01, 0.012), (x, 0, zt - 0.003)),
                      S.cylinder(fw / 2, w - 0.01, (x, 0, zt + 0.003), "y"))
        b.prismatic(foil, "base", (0, 0, -1), 0.0, b.dim(0.002, 0.003))
    return f"{foils}-foil electric shaver" + extras


@kind("contact_lens_case", "personal_accessories")
def contact_lens_case(b: Builder) -> str:
    """Contact lens case: two wells on a bridge, closed by screw caps (helical, under a turn)
    or by flip lids on hinges at their back (revolute), some with a raised mark on the
    right cap.

    Lens cases are 55-75 mm long with wells 17-21 mm across and 10-14 mm tall (typical retail
    range); caps come off in half to one turn at 1.5-3 mm per turn, flip lids open about 120
    degrees.
    """
    r, hw = b.dim(0.0085, 0.0105), b.dim(0.01, 0.014)
    spacing = 2 * r + b.dim(0.008, 0.02)
    wall = 0.0012
    b.link("base", "plastic", S.box((2 * r * 0.8, spacing, 0.003), (0, 0, 0.0015)))
    for sy in (-1, 1):
        c = (0, sy * spacing / 2, 0)
        b.add("base", S.cylinder(r, 0.0015, (c[0], c[1], 0.00075), sections=12),
              S.tube(r - wall, r, hw, (c[0], c[1], hw / 2), sections=10))
    screw = b.chance(0.6)
    for sy, side in ((-1, "left"), (1, "right")):
        y = sy * spacing / 2
        rc = r + 0.0015
        if screw:
            # a solid cap on the rim (one convex piece), its thread hidden inside the well
            ch = b.dim(0.004, 0.006)
            cap = b.link(f"cap_{side}", "plastic", S.cylinder(rc, ch, (0, y, hw + 0.0003 + ch / 2), sections=12))
            pitch = b.real(0.0015, 0.003) / (2 * math.pi)
            b.helical(cap, "base", "z", (0, y, hw), 0.0, b.real(0.5, 1.0) * 2 * math.pi, pitch)
        else:
            cap = b.link(f"lid_{side}", "plastic", S.cylinder(rc, 0.002, (0, y, hw + 0.0015), sections=12),
                         S.box((0.004, 0.006, 0.002), (-rc - 0.0015, y, hw + 0.0015)))
            b.revolute(cap, "base", (0, 1, 0), (-rc - 0.0035, y, hw + 0.0005), 0.0, b.real(1.9, 2.2))
        if side == "right" and b.chance(0.5):
            b.add(cap, S.box((0.004, 0.004, 0.001), (0, y, (hw + 0.0003 + ch if screw else hw + 0.0025) + 0.0003)))
    return "contact lens case with " + ("screw caps" if screw else "flip lids")
