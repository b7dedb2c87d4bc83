"""More office stationery: self-inking stamps, drafting compasses, binder and bulldog clips,
staple removers, laptop stands, books and rotary card files.

Conventions of :mod:`arena_core.generate.parts`: meters, Z up, the front faces +X.
"""

from __future__ import annotations

import math

from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _open_box(b: Builder, name: str, material: str, size, center, wall: float) -> str:
    """A link that is a box of ``size`` with a cavity open at the bottom (walls ``wall``)."""
    d, w, h = size
    cx, cy, cz = center
    b.link(name, material, S.box(size, center))
    b.cut(name, S.box((d - 2 * wall, w - 2 * wall, h), (cx, cy, cz - wall)))
    return name


@kind("rubber_stamp", "office_stationery")
def rubber_stamp(b: Builder) -> str:
    """Self-inking stamp: a hollow frame under a cap whose skirt slides down over it
    (prismatic), with 0 or 3-4 date bands turned by thumbwheels (continuous) and on some a
    clip-on cover under the die (prismatic).

    Self-inking stamps print 38 x 14 mm to 75 x 38 mm (Trodat Printy line, e.g. 4911 at
    38 x 14 mm and 4913 at 58 x 22 mm): frames 45-90 mm long, 20-50 mm wide and 35-50 mm tall,
    a plunger stroke of 8-15 mm (typical retail range); date bands are 4-6 mm wide.
    """
    length, width, fh = b.dim(0.045, 0.09), b.dim(0.02, 0.05), b.dim(0.035, 0.05)
    t, c, stroke = 0.003, 0.002, b.dim(0.008, 0.015)
    cover = b.chance(0.4)
    rim = 0.008 if cover else 0.0
    _open_box(b, "base", "plastic", (width, length, fh), (0, 0, fh / 2), t)
    b.add("base", S.box((width - 2 * t, length - 2 * t, 0.004), (0, 0, 0.004)))  # the die
    bands = b.pick((0, 0, 3, 4))
    if bands:
        bw = min(0.006, (length - 2 * t - 0.004) / bands - 0.0015)
        r = min(width / 2 - t - 0.002, (fh - 0.01) / 2)  # 2 mm under the frame's top edge
        pitch = bw + 0.0015
        for k in range(bands):
            y = (k - (bands - 1) / 2) * pitch
            band = b.link(f"date_band_{k}", "rubber",
                          S.cylinder(r, bw, (0, y, 0.008 + r), "y", sections=12))
            b.continuous(band, "base", "y", (0, y, 0.008 + r))
    # the cap's skirt slides over the frame 2 mm clear of it; at full stroke it stays 3 mm
    # above the cover's rim (or the table)
    ow, ol = width + 2 * (c + t), length + 2 * (c + t)
    z_skirt = stroke + rim + 0.003
    top = fh + stroke + c
    ch = b.dim(0.012, 0.02)
    b.link("plunger", "plastic", S.box((ow, ol, top + ch - z_skirt), (0, 0, (top + ch + z_skirt) / 2)))
    b.cut("plunger", S.box((width + 2 * c, length + 2 * c, top - z_skirt + 0.002),
                           (0, 0, (top + z_skirt) / 2 - 0.001)))
    grip = b.pick(("flat", "knob", "ridge"))
    if grip == "knob":
        b.add("plunger", S.sphere(min(ow, ol) * 0.35, (0, 0, top + ch), count=12))
    elif grip == "ridge":
        b.add("plunger", S.box((ow * 0.4, ol * 0.8, 0.006), (0, 0, top + ch + 0.003)))
    b.prismatic("plunger", "base", (0, 0, -1), 0.0, stroke)
    if cover:
        lid = b.link("cover", "plastic", S.box((ow, ol, rim + 0.002), (0, 0, (rim - 0.002) / 2)))
        b.cut(lid, S.box((width + 2 * c, length + 2 * c, rim), (0, 0, rim / 2 + 0.0005)))
        b.prismatic(lid, "base", (0, 0, -1), 0.0, b.dim(0.02, 0.04))
    dated = f" with {bands} date bands" if bands else ""
    return f"self-inking stamp{dated}" + (" and a cover" if cover else "")


def _leg(b: Builder, name: str, parent: str, side: float, top: float, bottom: float,
         lw: float, lt: float, axis) -> str:
    """One compass leg (or lower leg) hanging from a knuckle at ``top`` on its side ``side``."""
    x = side * (lt / 2 + 0.001)
    b.link(name, "metal", S.cylinder(lt / 2, lw, (x, 0, top), "y", sections=12),
           S.box((lt, lw, top - bottom), (x, 0, (top + bottom) / 2)))
    b.revolute(name, parent, axis, (x, 0, top), 0.0, b.real(0.5, 0.9))
    return name


@kind("drafting_compass", "office_stationery")
def drafting_compass(b: Builder) -> str:
    """Drafting compass: a head with a knurled grip (continuous), a needle leg and a lead
    leg each spreading outward on its own knuckle (revolute), some with knee joints
    (revolute) and a lead-clamp screw (continuous).

    Drafting compasses are 12-18 cm long with legs 4-6 mm thick and 6-9 mm wide, spreading to
    a 90-110 degree angle for circles up to 30 cm across (typical retail range of drawing
    instruments); the grip is 5-8 mm across.
    """
    length, lw, lt = b.dim(0.12, 0.18), b.dim(0.006, 0.009), b.dim(0.004, 0.006)
    top = length - 0.025
    head_w = 2 * lt + 0.006
    b.link("base", "metal", S.box((head_w, lw + 0.004, 0.01), (0, 0, top + lt / 2 + 0.0065)))
    gr = b.dim(0.0025, 0.004)
    grip = b.link("grip", "metal", S.cylinder(gr, 0.012, (0, 0, top + lt / 2 + 0.0175), sections=12))
    b.continuous(grip, "base", "z", (0, 0, top + lt / 2 + 0.0115))
    knees = b.chance(0.5)
    knee = 0.012 + 0.45 * top
    names = []
    for side, axis, tip in ((-1.0, (0, 1, 0), "needle"), (1.0, (0, -1, 0), "lead")):
        leg = _leg(b, f"{tip}_leg", "base", side, top, knee if knees else 0.012, lw, lt, axis)
        if knees:
            leg = _leg(b, f"{tip}_lower", leg, side, knee - lt / 2 - 0.0015, 0.012, lw, lt, axis)
        names.append(leg)
    x = -(lt / 2 + 0.001)
    b.add(names[0], S.cylinder(0.0006, 0.012, (x, 0, 0.006), sections=8))
    x = -x
    b.add(names[1], S.cylinder(lt / 2, 0.008, (x, 0, 0.008), sections=12),
          S.cone(0.0009, 0.006, (x, 0, 0.004), (0, 0, -1), sections=8))
    if b.chance(0.5):
        screw = b.link("lead_clamp", "metal",
                       S.cylinder(0.004, 0.004, (x + lt / 2 + 0.002, 0, 0.02), "x", sections=12))
        b.continuous(screw, names[1], "x", (x + lt / 2, 0, 0.02))
    return "drafting compass" + (" with knee joints" if knees else "")


@kind("binder_clip", "office_stationery")
def binder_clip(b: Builder) -> str:
    """Binder clip (a folded steel prism with two wire handles, each folding back on its jaw:
    revolute) or bulldog clip (a flat jaw opened by its lever: revolute).

    Binder clips come in 15, 19, 25, 32, 41 and 51 mm widths with mouths opening about half
    the width (mini to large clips; typical stationery range), steel 0.5-0.8 mm, handles
    about as long as the clip is wide; bulldog clips are 30-100 mm wide.
    """
    if b.chance(0.3):
        return _bulldog_clip(b)
    w = b.pick((0.015, 0.019, 0.025, 0.032, 0.041, 0.051))
    depth, mouth = b.dim(0.45, 0.6) * w, b.dim(0.35, 0.5) * w
    tb, g = 0.0008, 0.0015
    b.link("base", "metal",
           S.box((tb, w, mouth), (-depth, 0, 0)),
           S.bar((-depth, 0, mouth / 2), (0, 0, g), w, tb),
           S.bar((-depth, 0, -mouth / 2), (0, 0, -g), w, tb),
           S.cylinder(0.0012, w, (0, 0, g + 0.0004), "y", sections=8),
           S.cylinder(0.0012, w, (0, 0, -g - 0.0004), "y", sections=8))
    rw, lh = max(0.0006, w * 0.018), b.dim(0.8, 1.0) * w
    slope = math.atan2(mouth / 2 - g, depth)
    for name, sz, axis in (("handle_top", 1.0, (0, -1, 0)), ("handle_bottom", -1.0, (0, 1, 0))):
        z0 = sz * (g + 0.0004)
        ys = w / 2 + rw + 0.0008
        b.link(name, "metal", *[S.rod((0, sy * ys, z0), (0, sy * ys, z0 + sz * lh), rw, sections=8)
                                for sy in (-1, 1)],
               S.rod((0, -ys - rw, z0 + sz * lh), (0, ys + rw, z0 + sz * lh), rw, sections=8))
        # folded back, the cross wire stops 1 mm off the jaw
        fold = math.pi / 2 - slope - math.asin(min(0.9, (rw + tb + 0.002) / lh))
        b.revolute(name, "base", axis, (0, 0, z0), -0.4, fold)
    return f"{round(w * 1000)} mm binder clip"


def _bulldog_clip(b: Builder) -> str:
    """Bulldog clip: a flat lower jaw with pivot cheeks and a lever jaw above (revolute)."""
    w, length = b.dim(0.03, 0.1), b.dim(0.03, 0.06)
    t = 0.0012
    hz = 0.008
    b.link("base", "metal", S.box((length, w, t), (0, 0, t / 2)),
           *[S.box((0.008, t, hz), (-length / 2 + 0.006, sy * (w / 2 - t / 2), hz / 2 + t))
             for sy in (-1, 1)])
    b.link("lever", "metal", S.box((length - 0.004, w - 2 * t - 0.002, t), (0.002, 0, t + 0.0015 + t / 2)),
           S.bar((-length / 2 + 0.004, 0, t + 0.002), (-length / 2 - 0.012, 0, hz + 0.01), w * 0.6, t))
    b.revolute("lever", "base", (0, -1, 0), (-length / 2 + 0.006, 0, t + 0.002), 0.0, b.real(0.3, 0.5))
    return "bulldog clip"


@kind("staple_remover", "office_stationery")
def staple_remover(b: Builder) -> str:
    """Staple remover: pincer type (two grips with curved claws, the upper one pivoting on a
    rear pin: revolute) or a flat push-type remover with a sliding lock (prismatic).

    Pincer removers are 50-60 mm long and 20-25 mm wide, the jaws opening 25-35 degrees;
    push-type (spatula) removers are 100-150 mm long and 15-25 mm wide (typical retail range).
    """
    if b.chance(0.3):
        length, w = b.dim(0.1, 0.15), b.dim(0.015, 0.025)
        b.link("base", "plastic", S.box((length * 0.6, w, 0.012), (-length * 0.2, 0, 0.006)),
               S.bar((length * 0.1, 0, 0.006), (length / 2, 0, 0.0015), w * 0.8, 0.002))
        b.add("base", S.box((length * 0.2, w * 0.8, 0.002), (length * 0.4, 0, 0.001)))
        lock = b.link("lock", "plastic", S.box((0.015, w * 0.5, 0.004), (-length * 0.3, 0, 0.014)))
        b.prismatic(lock, "base", "x", 0.0, length * 0.25)
        return "push-type staple remover"
    length, w = b.dim(0.05, 0.06), b.dim(0.02, 0.025)
    t, gap = 0.004, 0.004
    cw = (w - 0.004) / 2 - 0.001  # claw plate width; the two claws of a jaw sit side by side

    def jaw(z_sign: float) -> list:
        zs = gap / 2 + t / 2
        parts = [S.box((length * 0.75, w, t), (-length * 0.12, 0, z_sign * zs))]
        for sy in (-1, 1):
            y = sy * (w / 4)
            parts.append(S.bar((length * 0.25, y, z_sign * zs), (length / 2, y, z_sign * 0.0005),
                               cw, 0.0012))
        return parts

    b.link("base", "plastic", *jaw(-1.0))
    b.add("base", S.cylinder(0.003, w, (-length / 2 + 0.004, 0, 0), "y", sections=12))
    b.link("upper_jaw", "plastic", *jaw(1.0))
    b.revolute("upper_jaw", "base", (0, -1, 0), (-length / 2 + 0.004, 0, 0), 0.0, b.real(0.4, 0.6))
    return "pincer staple remover"


@kind("laptop_stand", "office_stationery")
def laptop_stand(b: Builder) -> str:
    """Folding laptop stand: a platform with a front lip hinged at the front of a base plate
    (revolute, its back rising), a kickstand folding up out of a recess in the base
    (revolute) that stops short of the raised platform, some with ventilation slots and
    a swivel foot under the base (continuous).

    Laptop stands are 22-28 cm deep and 20-28 cm wide, tilting the platform up to 20-35
    degrees (typical retail range of folding aluminium and plastic risers); plates 5-8 mm.
    """
    depth, w = b.dim(0.22, 0.28), b.dim(0.2, 0.28)
    material = b.pick(("aluminum", "plastic", "wood"))
    tb = b.dim(0.006, 0.008)
    swivel = b.chance(0.35)
    z_b = 0.012 if swivel else 0.0
    plate = "base"
    if swivel:
        b.link("base", material, S.cylinder(min(depth, w) * 0.4, 0.011, (0, 0, 0.0055)))
        plate = "stand"
    z_t = z_b + tb
    b.link(plate, material, S.box((depth, w, tb), (0, 0, z_b + tb / 2)))
    if swivel:
        b.continuous(plate, "base", "z", (0, 0, z_b))
    tilt, lift = b.real(0.35, 0.6), b.real(0.9, 1.3)
    x_p = -depth / 2 + 0.015
    reach = depth / 2 - x_p
    # the kickstand's tip stays 4 mm under the platform raised to ``tilt`` all along its swing
    peak = 1.0 if lift + tilt >= math.pi / 2 else math.sin(lift + tilt)
    lp = min(depth - 0.04, (reach * math.tan(tilt) - 0.005) * math.cos(tilt) / peak)
    pw = round(w * 0.6, 3)
    b.cut(plate, S.box((lp + 0.004, pw + 0.004, 0.01), (x_p + lp / 2, 0, z_t - 0.0045 + 0.005)))
    b.link("kickstand", material, S.box((lp, pw, 0.003), (x_p + lp / 2 + 0.0005, 0, z_t - 0.003)))
    b.revolute("kickstand", plate, (0, -1, 0), (x_p, 0, z_t - 0.003), 0.0, lift)
    tp = 0.005
    b.link("platform", material, S.box((depth, w, tp), (0, 0, z_t + 0.001 + tp / 2)),
           S.box((0.008, w * 0.8, 0.015), (depth / 2 - 0.004, 0, z_t + 0.001 + tp + 0.0075)))
    slots = b.pick((0, 0, 3, 5))
    if slots:
        b.cut("platform", *[S.box((depth * 0.5, 0.008, 0.02), (-0.02, (k - (slots - 1) / 2) * w * 0.12, z_t + 0.003))
                            for k in range(slots)])
    b.revolute("platform", plate, (0, 1, 0), (depth / 2, 0, z_t + 0.001), 0.0, tilt)
    vents = f" with {slots} vent slots" if slots else ""
    return f"{material} folding laptop stand{vents}" + (" on a swivel foot" if swivel else "")


@kind("book", "office_stationery")
def book(b: Builder) -> str:
    """Book lying closed: a hardcover (front cover on the spine: revolute, half the time a
    loose first leaf under it: revolute) or a clipboard whose spring clip lifts (revolute).

    Hardcover books are 13-22 cm wide, 19-30 cm tall and 1-5 cm thick with 2-3 mm boards
    (octavo to quarto trade formats; typical publishing range); covers open 170-178 degrees.
    Clipboards hold ISO 216 A4 or US letter sheets on a 23 x 32 cm board 2-3 mm thick, the
    clip lifting about 30 degrees (typical retail range).
    """
    if b.chance(0.35):
        bw, bl, tb = b.dim(0.225, 0.235), b.dim(0.315, 0.33), b.dim(0.002, 0.003)
        b.link("base", b.pick(("wood", "plastic", "aluminum")), S.box((bw, bl, tb), (0, 0, tb / 2)))
        sheets = b.chance(0.6)
        if sheets:
            b.add("base", S.box((0.21, 0.297, 0.004), (0, -bl / 2 + 0.01 + 0.1485, tb + 0.002)))
        yp = bl / 2 - 0.02
        cw = b.dim(0.09, 0.13)
        b.add("base", S.box((cw * 0.8, 0.012, 0.006), (0, yp + 0.004, tb + 0.003)))
        clip = b.link("clip", "metal", S.box((cw, 0.03, 0.0015), (0, yp - 0.012, tb + 0.0105)),
                      S.box((cw * 0.6, 0.014, 0.0015), (0, yp + 0.01, tb + 0.0135)))
        b.revolute(clip, "base", (-1, 0, 0), (0, yp, tb + 0.01), 0.0, b.real(0.45, 0.6))
        return "clipboard" + (" with sheets" if sheets else "")
    width, height, pages = b.dim(0.13, 0.22), b.dim(0.19, 0.3), b.dim(0.01, 0.05)
    tc = b.dim(0.002, 0.003)
    b.link("base", "wood", S.box((width, height, tc), (0, 0, tc / 2)),
           S.box((tc, height, pages + 2 * tc), (-width / 2 - tc / 2, 0, pages / 2 + tc)))
    b.add("base", S.box((width - 0.006, height - 0.006, pages - 0.001), (-0.003, 0, tc + (pages - 0.001) / 2)))
    hinge = (-width / 2, 0, pages + tc)
    b.link("cover", "wood", S.box((width, height, tc), (0, 0, pages + 1.5 * tc)))
    b.revolute("cover", "base", (0, -1, 0), hinge, 0.0, b.real(2.95, 3.1))
    leaf = b.chance(0.5)
    if leaf:
        b.link("leaf", "wood", S.box((width - 0.008, height - 0.006, 0.0008),
                                     (-0.004, 0, tc + pages - 0.0005)))
        b.revolute("leaf", "base", (0, -1, 0), (-width / 2 + 0.001, 0, tc + pages - 0.0009), 0.0,
                   b.real(2.6, 2.8))
    return "hardcover book" + (" with a loose first leaf" if leaf else "")


@kind("rotary_card_file", "office_stationery")
def rotary_card_file(b: Builder) -> str:
    """Rotary card file: a fan of 12-18 cards on a hub turning between two side stands with
    its knobs (continuous), on some under a hinged dome cover turning about the same axle
    (revolute).

    Rotary card files hold 2 1/4 x 4 in (57 x 102 mm) or 3 x 5 in (76 x 127 mm) cards, the two
    Rolodex card sizes; the cover rolls back 60-75 degrees (typical retail range).
    """
    cw, ch = b.pick(((0.102, 0.057), (0.127, 0.076)))
    hub = 0.014
    reach = hub + ch
    zc = reach + b.dim(0.012, 0.02)
    sy = cw / 2 + 0.008
    b.link("base", b.pick(("plastic", "metal")), S.box((0.1, 2 * sy + 0.012, 0.008), (0, 0, 0.004)),
           *[S.box((0.03, 0.006, zc + 0.012), (0, s * sy, (zc + 0.012) / 2)) for s in (-1, 1)])
    cards = b.count(12, 18)
    drum = b.link("drum", "plastic", S.cylinder(hub, cw, (0, 0, zc), "y"),
                  S.cylinder(0.004, 2 * sy + 0.01, (0, 0, zc), "y", sections=12),
                  *[S.cylinder(0.012, 0.008, (0, s * (sy + 0.009), zc), "y", sections=12) for s in (-1, 1)])
    for k in range(cards):
        a = 2 * math.pi * k / cards
        direction = (math.cos(a), 0.0, math.sin(a))
        mid = [0.5 * (hub + reach) * c for c in direction]
        rot = S.rotation("y", -a)
        b.add(drum, S.box((ch, cw - 0.004, 0.0008), (mid[0], 0, zc + mid[2]), rotation=rot))
    b.continuous(drum, "base", "y", (0, 0, zc))
    covered = b.chance(0.4)
    if covered:
        r0 = reach + 0.006
        # the front-top 135 degrees of a shell round the cards, rolling back over the top;
        # opened, its back edge stays high above the base
        cover = b.link("cover", "plastic", S.tube(r0, r0 + 0.003, 2 * sy - 0.008, (0, 0, zc), "y"))
        b.cut(cover, S.box((2 * r0 + 0.01, 2 * sy, r0 + 0.01), (0, 0, zc - (r0 + 0.01) / 2)),
              S.box((r0, 2 * sy, 2 * r0 + 0.01), (-0.71 * r0 - r0 / 2, 0, zc)))
        b.revolute(cover, "base", (0, -1, 0), (0, 0, zc), 0.0, b.real(1.1, 1.3))
    return f"rotary card file with {cards} cards" + (" and a cover" if covered else "")
