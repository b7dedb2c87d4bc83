"""Toys and recreation: pianos (many keys), toy cars, skateboards, jack-in-the-boxes, toy trains,
music boxes; seesaws, swing sets, jointed dolls and accordions are in
:mod:`arena_core.generate.toys_b`."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Black keys follow white keys 0, 1, 3, 4, 5 of every octave (C#, D#, F#, G#, A#).
_BLACK_AFTER = (0, 1, 3, 4, 5)


@kind("piano", "toys_recreation")
def piano(b: Builder) -> str:
    """Keyboard instrument: 15-36 white and their black keys, each pivoting at its back end
    (revolute), plus a hinged key cover.

    Keys 20-24 mm wide and 10-15 cm long (a full-size piano's white key is 23.5 mm wide at a 165
    mm octave, about 15 cm long; toy pianos and mini keyboards have narrower, shorter keys),
    15-36 white keys (2-5 octaves), the case 8-12 cm tall (retail range); a key dips 8-12 mm at
    its front (a piano's key dip is about 10 mm), and the key cover opens 90-110 degrees.
    """
    whites = b.count(15, 36)
    kw, kl = b.dim(0.02, 0.024), b.dim(0.1, 0.15)
    w, d, h = whites * kw + 0.06, kl + 0.12, b.dim(0.08, 0.12)
    b.link("base", "wood", S.box((d, w, h), (0, 0, h / 2)))
    b.cut("base", S.box((kl + 0.02, whites * kw + 0.002, 0.05), (d / 2 - kl / 2 + 0.01, 0, h)))
    x_back, z_key = d / 2 - kl, h - 0.05 + 0.012
    # A white key is narrowed beside its black neighbours (1.5 mm from them) over their length
    # plus 2 mm, so a black key sits between two white keys' back parts, not on them.
    black_l, black_half, gap = kl * 0.6, kw * 0.55 / 2, 0.0015
    has_black = [k % 7 in _BLACK_AFTER and k < whites - 1 for k in range(whites)]
    for k in range(whites):
        y = -whites * kw / 2 + (k + 0.5) * kw
        y0 = y - kw / 2 + black_half + gap if k > 0 and has_black[k - 1] else y - kw * 0.46
        y1 = y + kw / 2 - black_half - gap if has_black[k] else y + kw * 0.46
        front_l = kl - black_l - 0.002
        key = b.link(f"white_{k}", "plastic",
                     S.box((front_l, kw * 0.92, 0.02), (x_back + kl - front_l / 2, y, z_key)),
                     S.box((kl - front_l, y1 - y0, 0.02), (x_back + (kl - front_l) / 2, (y0 + y1) / 2, z_key)))
        b.revolute(key, "base", "y", (x_back, y, z_key), 0.0, 0.08)
        if has_black[k]:
            yb = y + kw / 2
            black = b.link(f"black_{k}", "plastic", S.box((kl * 0.6, kw * 0.55, 0.02),
                                                         (x_back + kl * 0.3, yb, z_key + 0.015)))
            b.revolute(black, "base", "y", (x_back, yb, z_key + 0.015), 0.0, 0.08)
    cover = b.link("key_cover", "wood", S.box((kl + 0.03, w, 0.008), (d / 2 - kl / 2 - 0.005, 0, h + 0.02)))
    b.revolute(cover, "base", (0, -1, 0), (x_back - 0.02, 0, h + 0.016), 0.0, b.real(1.6, 1.9))
    n = sum(1 for j in range(whites) if j % 7 in _BLACK_AFTER and j < whites - 1)
    return f"toy piano with {whites + n} keys"


@kind("toy_car", "toys_recreation")
def toy_car(b: Builder) -> str:
    """Toy car: steerable front wheels (knuckle revolute + wheel continuous), rear wheels,
    opening doors and trunk.

    Toy and model cars are 12-35 cm long, 6-16 cm wide and 5-12 cm tall (1:24 to 1:12 scale die-
    cast models and push-along toys; retail range); the front wheels steer 29 degrees either
    way, doors open 69 degrees and the trunk 75 degrees.
    """
    ln, w, h = b.dim(0.12, 0.35), b.dim(0.06, 0.16), b.dim(0.05, 0.12)
    wr = min(h * 0.3, ln * 0.12)
    b.link("base", "plastic", S.box((ln, w, h * 0.5), (0, 0, wr + h * 0.25)),
           S.box((ln * 0.5, w * 0.9, h * 0.4), (-ln * 0.05, 0, wr + h * 0.7)))
    steer = b.chance(0.5)
    # A steered wheel turns about a kingpin half its radius inboard of its centre: within
    # 1.26 radii of the kingpin and 0.3 radii inboard of it, where the body has an arch.
    reach = 1.28 * wr + 0.003
    front_clear = ln * 0.32 - (reach if steer else wr)  # the front wheels' rearmost point
    for sx, axle in ((1, "front"), (-1, "rear")):
        for side, sy in (("left", -1), ("right", 1)):
            center = (sx * ln * 0.32, sy * (w / 2 + wr * 0.3), wr)
            parent = "base"
            if steer and axle == "front":
                inner = w / 2 - wr * 0.503 - 0.003
                b.cut("base", S.box((2 * reach, w / 2 + 0.01 - inner, wr + 0.013),
                                    (center[0], sy * (inner + w / 2 + 0.01) / 2, wr + (wr + 0.013) / 2 - 0.01)))
                parent = b.link(f"knuckle_{side}", "plastic", S.box((wr * 0.5, wr * 0.3, wr * 0.5),
                                                                   (center[0], sy * (w / 2 - wr * 0.2), wr)))
                b.revolute(parent, "base", "z", (center[0], sy * (w / 2 - wr * 0.2), wr), -0.5, 0.5)
            P.wheel(b, f"{axle}_wheel_{side}", parent, center, "y", wr, wr * 0.6)
    # Doors fit between the wheels (4 mm from each), hinged at their front edge.
    door_front = min(ln * 0.205, front_clear - 0.004)
    door_l = min(ln * 0.25, door_front - (-ln * 0.32 + wr + 0.004))
    doors = b.count(0, 2)
    for side, sy in (("left", -1), ("right", 1))[:doors]:
        door = b.link(f"door_{side}", "plastic", S.box((door_l, 0.003, h * 0.35),
                                                       (door_front - door_l / 2, sy * (w / 2 + 0.002), wr + h * 0.35)))
        b.revolute(door, "base", (0, 0, sy), (door_front, sy * (w / 2 + 0.0035), wr + h * 0.35), 0.0, 1.2)
    trunk = b.chance(0.5)
    if trunk:
        lid = b.link("trunk", "plastic", S.box((ln * 0.2, w * 0.8, 0.003), (-ln * 0.4, 0, wr + h * 0.5 + 0.0015)))
        b.revolute(lid, "base", "y", (-ln * 0.3, 0, wr + h * 0.5 + 0.003), 0.0, 1.3)
    return f"toy car with {doors} opening doors" + (" and a trunk" if trunk else "")


@kind("skateboard", "toys_recreation")
def skateboard(b: Builder) -> str:
    """Skateboard: two trucks pivoting about tilted kingpins (revolute), four wheels.

    Skateboard decks are 70-82 cm long and 19-22 cm wide (7.5-8.75 in by 28-32.5 in, the common
    retail sizes), 12 mm thick with kicked-up nose and tail, on 50-60 mm wheels; the trucks'
    pivots are tilted 50 degrees (standard trucks) and turn 14 degrees either way.
    """
    ln, w = b.dim(0.7, 0.82), b.dim(0.19, 0.22)
    wr = b.dim(0.025, 0.03)
    deck = 2 * wr + 0.035
    b.link("base", "wood", S.box((ln, w, 0.012), (0, 0, deck + 0.006)),
           S.box((0.12, w * 0.9, 0.012), (ln / 2 - 0.04, 0, deck + 0.02), rotation=S.rotation("y", -0.3)),
           S.box((0.12, w * 0.9, 0.012), (-ln / 2 + 0.04, 0, deck + 0.02), rotation=S.rotation("y", 0.3)))
    for end, sx in (("front", 1), ("back", -1)):
        x = sx * (ln / 2 - 0.13)
        axis = np.array([sx * math.cos(math.radians(50)), 0, math.sin(math.radians(50))])
        truck = b.link(f"{end}_truck", "aluminum", S.box((0.04, 0.05, deck - wr), (x, 0, wr + (deck - wr) / 2)),
                       S.rod((x, -w / 2 + 0.01, wr), (x, w / 2 - 0.01, wr), 0.006))
        b.revolute(truck, "base", axis, (x, 0, deck), -0.25, 0.25)
        for side, sy in (("left", -1), ("right", 1)):
            P.wheel(b, f"{end}_wheel_{side}", truck, (x, sy * (w / 2 + 0.005), wr), "y", wr, 0.03,
                    material="plastic")
    return "skateboard"


@kind("jack_in_the_box", "toys_recreation")
def jack_in_the_box(b: Builder) -> str:
    """Jack-in-the-box: crank (continuous), lid (revolute) and the jack on its spring (prismatic).

    Jack-in-the-box toys are cubes of 10-16 cm (retail range); the lid flips open 100-140
    degrees and the jack springs up to about 90% of the box's height, while the crank turns
    freely.
    """
    s = b.dim(0.1, 0.16)
    P.shell(b, "base", "wood", (s, s, s), (0, 0, s / 2), 0.006, open_face="+z")
    crank = b.link("crank", "metal", S.rod((0, s / 2, s / 2), (0, s / 2 + 0.02, s / 2), 0.003),
                   S.bar((0, s / 2 + 0.02, s / 2), (0, s / 2 + 0.02, s / 2 + 0.04), 0.006, 0.006),
                   S.rod((0, s / 2 + 0.02, s / 2 + 0.04), (0, s / 2 + 0.04, s / 2 + 0.04), 0.004))
    b.continuous(crank, "base", "y", (0, s / 2, s / 2))
    lid = b.link("lid", "wood", S.box((s, s, 0.006), (0, 0, s + 0.003)))
    b.revolute(lid, "base", (0, -1, 0), (-s / 2, 0, s), 0.0, b.real(1.8, 2.4))
    jack = b.link("jack", "foam", S.cylinder(s * 0.3, s * 0.6, (0, 0, s * 0.35)),
                  S.sphere(s * 0.2, (0, 0, s * 0.75), count=10))
    b.prismatic(jack, "base", "z", 0.0, s * 0.9)
    return "jack-in-the-box"


@kind("toy_train", "toys_recreation")
def toy_train(b: Builder) -> str:
    """Toy train: a locomotive and 1-3 wagons coupled by yawing hitches (revolute), every
    car on four wheels (continuous) — up to 20 joints.

    Wooden toy trains have cars 8-14 cm long and 5-7 cm wide on wheels of 2.5-3.5 cm (retail
    range, wooden railway toys), coupled with a hitch that lets neighbouring cars yaw 23 degrees
    either way.
    """
    cars = b.count(2, 4)
    cl, w = b.dim(0.08, 0.14), b.dim(0.05, 0.07)
    wr, gap = w * 0.25, 0.02
    x0 = (cars * (cl + gap)) / 2 - cl / 2
    prev = None
    for k in range(cars):
        x = x0 - k * (cl + gap)
        body = [S.box((cl, w, w * 0.5), (x, 0, wr + w * 0.3))]
        if k == 0:
            body += [S.cylinder(w * 0.35, cl * 0.6, (x + cl * 0.15, 0, wr + w * 0.7), "x"),
                     S.box((cl * 0.35, w, w * 0.7), (x - cl * 0.3, 0, wr + w * 0.85))]
        name = "base" if k == 0 else f"wagon_{k}"
        b.link(name, "wood", *body)
        if prev is not None:
            hitch = (x + cl / 2 + gap / 2, 0, wr + w * 0.2)
            b.add(name, S.bar((x + cl / 2, 0, hitch[2]), hitch, 0.01, 0.008))
            b.revolute(name, prev, "z", hitch, -0.4, 0.4)  # further, wheels of the two cars meet
        for sx in (-1, 1):
            for side, sy in (("left", -1), ("right", 1)):
                P.wheel(b, f"{name}_wheel_{'fb'[sx > 0]}{side[0]}", name,
                        (x + sx * cl * 0.3, sy * (w / 2 + 0.004), wr), "y", wr, 0.006, material="wood")
        prev = name
    return f"toy train with {cars - 1} wagon{'s' if cars > 2 else ''}"


@kind("music_box", "toys_recreation")
def music_box(b: Builder) -> str:
    """Music box: a hollow box whose lid opens (revolute; on some with a mirror inside,
    fixed), the movement's pinned cylinder (continuous) on a plate inside, a winding key on
    the back (continuous), and optionally a dancer on a spindle (continuous) and a drawer
    (prismatic); or an open hand-crank box: the crank (continuous) turns the cylinder.

    Keepsake music boxes are 0.1-0.25 m wide, 0.07-0.16 m deep and 0.06-0.12 m high with
    18- or 30-note movements (cylinders 10-14 mm across, 25-45 mm long); hand-crank boxes
    are 0.05-0.1 m wide (typical retail range, e.g. Sankyo, Reuge movements).
    """
    if b.chance(0.3):
        return _crank_music_box(b)
    w, d, h = b.dim(0.1, 0.25), b.dim(0.07, 0.16), b.dim(0.07, 0.12)
    t = 0.006
    material = b.pick(("wood", "wood", "metal", "plastic"))
    drawer = b.chance(0.4) and h >= 0.09
    dh = 0.03 if drawer else 0.0
    if drawer:
        b.link("base", material, *P.carcass(w, d, dh + t, t))
        P.shell(b, "box", material, (d, w, h - dh), (0, 0, dh + (h - dh) / 2), t, open_face="+z")
        b.fixed("box", "base", (0, 0, dh))
        P.drawer(b, "drawer", "base", x_face=d / 2, y0=-w / 2 + t, y1=w / 2 - t, z0=t, z1=dh + t,
                 depth=d - 0.02, t=t * 0.8, material=material, travel=0.7 * (d - 0.02), handle="knob")
        body = "box"
    else:
        P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), t, open_face="+z")
        body = "base"
    floor = dh + t
    cyl_r, cyl_l = b.dim(0.005, 0.007), b.dim(0.025, min(0.045, w * 0.3))
    x_cyl, y_cyl = -d / 2 + t + 0.004 + cyl_r + 0.006, w / 2 - t - 0.006 - cyl_l / 2
    z_cyl = floor + 0.006 + cyl_r + 0.003
    # the movement: a bed plate with the comb, fixed on the floor inside the box
    b.link("movement", "metal", S.box((2 * cyl_r + 0.02, cyl_l + 0.012, 0.006), (x_cyl, y_cyl, floor + 0.003)),
           S.box((0.004, cyl_l * 0.9, 0.008), (x_cyl + cyl_r + 0.006, y_cyl, floor + 0.008)))
    b.fixed("movement", body, (x_cyl, y_cyl, floor))
    cyl = b.link("cylinder", "metal", S.cylinder(cyl_r, cyl_l, (x_cyl, y_cyl, z_cyl), "y", sections=16))
    b.continuous(cyl, "movement", "y", (x_cyl, y_cyl, z_cyl))
    key_z = floor + (h - floor) * 0.45
    key = b.link("winding_key", "metal", S.rod((-d / 2 + 0.002, y_cyl, key_z), (-d / 2 - 0.012, y_cyl, key_z), 0.002, sections=8),
                 S.box((0.003, 0.022, 0.012), (-d / 2 - 0.014, y_cyl, key_z)))
    b.continuous(key, body, "x", (-d / 2, y_cyl, key_z))
    lid_t = b.dim(0.01, 0.02)
    lid = b.link("lid", material, S.box((d, w, lid_t), (0, 0, h + 0.001 + lid_t / 2)))
    b.revolute(lid, body, (0, -1, 0), (-d / 2, 0, h + 0.001), 0.0, b.real(1.6, 1.9))
    if b.chance(0.5):
        mirror = b.link("mirror", "glass", S.box((d * 0.7, w * 0.7, 0.002), (0, 0, h + 0.0005)))
        b.fixed(mirror, lid)
    dancer = b.chance(0.6) and h - floor >= 0.06
    if dancer:  # the dancer stands 4 mm under the mirror (or the lid)
        top = h - 0.004
        xd, yd = d * 0.1, -w * 0.15
        fig = b.link("dancer", "plastic", S.cylinder(0.002, 0.01, (xd, yd, floor + 0.005), sections=8),
                     S.cone(0.009, 0.014, (xd, yd, floor + 0.01), "z"),
                     S.cylinder(0.003, top - floor - 0.032, (xd, yd, (floor + 0.02 + top - 0.012) / 2), sections=8),
                     S.sphere(0.005, (xd, yd, top - 0.006), count=8))
        b.continuous(fig, body, "z", (xd, yd, floor))
    return "music box" + (" with a dancer" if dancer else "") + (" and a drawer" if drawer else "")


def _crank_music_box(b: Builder) -> str:
    """Hand-crank music box: an open-topped box, the cylinder turning inside (continuous),
    the crank on the side (continuous)."""
    w, d, h = b.dim(0.05, 0.1), b.dim(0.035, 0.06), b.dim(0.025, 0.04)
    t = 0.003
    material = b.pick(("wood", "metal"))
    P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), t, open_face="+z")
    cyl_r, cyl_l = b.dim(0.005, 0.007), round(w * 0.55, 3)
    zc = t + cyl_r + 0.004
    b.link("comb", "metal", S.box((0.004, cyl_l, 0.006), (cyl_r + 0.006, 0, t + 0.003)))
    b.fixed("comb", "base", (cyl_r + 0.006, 0, t))
    cyl = b.link("cylinder", "metal", S.cylinder(cyl_r, cyl_l, (0, 0, zc), "y", sections=16))
    b.continuous(cyl, "base", "y", (0, 0, zc))
    arm = b.dim(0.015, 0.025)
    crank = b.link("crank", "metal", S.rod((0, w / 2 - 0.001, zc), (0, w / 2 + 0.006, zc), 0.0015, sections=8),
                   S.bar((0, w / 2 + 0.006, zc), (0, w / 2 + 0.006, zc + arm), 0.004, 0.003),
                   S.cylinder(0.003, 0.012, (0, w / 2 + 0.014, zc + arm), "y", sections=8))
    b.continuous(crank, "base", "y", (0, w / 2, zc))
    return "hand-crank music box"
