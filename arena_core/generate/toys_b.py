"""Toys and recreation, continued: seesaws, swing sets, jointed dolls, accordions (keys, bellows
folds, buttons)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind
from arena_core.generate.toys import _BLACK_AFTER


@kind("seesaw", "toys_recreation")
def seesaw(b: Builder) -> str:
    """Seesaw: one or two beams rocking on a fulcrum (revolute each), each with a seat and a
    handle at both ends, on some rubber bumpers under the seats (the beam stops 1 cm above).

    Seesaws: 1.5-3 m beams on a fulcrum 0.4-0.65 m high (typical retail and playground
    catalogue range); the bumpers are the shock-absorbing partial tires the U.S. CPSC Public
    Playground Safety Handbook asks for under fulcrum seesaws' seats.
    """
    beam_l, pivot_h = b.dim(1.5, 3.0), b.dim(0.4, 0.65)
    beams = b.pick((1, 1, 2))
    bw, bt = b.dim(0.18, 0.25), b.dim(0.04, 0.07)
    material = b.pick(("wood", "metal", "plastic"))
    pitch_y = bw + 0.25
    ys = [0.0] if beams == 1 else [-pitch_y / 2, pitch_y / 2]
    span = (beams - 1) * pitch_y + bw + 0.16
    # the fulcrum: two A-frame stands carrying the axle
    b.link("base", "metal", S.rod((0, -span / 2, pivot_h), (0, span / 2, pivot_h), 0.02))
    for sy in (-1, 1):
        y = sy * (span / 2 + 0.01)
        b.add("base", S.rod((-pivot_h * 0.5, y, 0.02), (0, y, pivot_h), 0.02),
              S.rod((pivot_h * 0.5, y, 0.02), (0, y, pivot_h), 0.02),
              S.box((pivot_h + 0.08, 0.05, 0.02), (0, y, 0.01)))
    bumpers = b.chance(0.5)
    half = beam_l / 2
    bump_h = 0.12 if bumpers else 0.0
    # the beam's end stops 1 cm above the ground, or the bumper
    limit = math.asin(max(0.05, pivot_h - bt / 2 - 0.01 - bump_h) / half)
    for k, y in enumerate(ys):
        beam = b.link(f"beam_{k}", material, S.box((beam_l, bw, bt), (0, y, pivot_h + 0.025 + bt / 2)),
                      S.box((0.12, 0.06, 0.05), (0, y, pivot_h)))
        for sx in (-1, 1):
            x = sx * (half - 0.2)
            b.add(beam, S.box((0.35, bw + 0.04, 0.03), (x, y, pivot_h + 0.025 + bt + 0.015)))
            hx = x - sx * 0.3
            b.add(beam, S.rod((hx, y, pivot_h + 0.025 + bt), (hx, y, pivot_h + bt + 0.3), 0.015),
                  S.rod((hx, y - 0.12, pivot_h + bt + 0.3), (hx, y + 0.12, pivot_h + bt + 0.3), 0.014))
            if bumpers:
                b.add("base", S.cylinder(0.12, bump_h, (x, y, bump_h / 2)))
        b.revolute(beam, "base", "y", (0, y, pivot_h), -limit, limit)
    return f"seesaw with {beams} beam{'s' if beams > 1 else ''}"


@kind("swing", "toys_recreation")
def swing(b: Builder) -> str:
    """Swing set: an A-frame with a top beam, and 1-3 swings hanging from it, each swinging
    about the beam (revolute): a belt seat, a toddler bucket seat (hollow), a trapeze bar or
    a tire swing that also spins on its swivel (continuous).

    Home swing sets have 2.0-2.4 m beams; seats hang 0.3-0.6 m above the ground and are
    spaced after the U.S. CPSC Public Playground Safety Handbook (0.61 m between swings,
    0.76 m from the frame).
    """
    n = b.count(1, 3)
    h = b.dim(2.0, 2.4)
    seat_z = b.dim(0.35, 0.6)
    kinds = [b.pick(("belt", "belt", "bucket", "trapeze", "tire")) for _ in range(n)]
    widths = [0.9 if k == "tire" else 0.5 for k in kinds]  # each swing's footprint along the beam
    beam_l = sum(widths) + 0.61 * (n - 1) + 2 * 0.76
    b.link("base", "wood" if b.chance(0.5) else "metal",
           S.box((0.1, beam_l + 0.2, 0.1), (0, 0, h - 0.05)))
    splay = h * 0.35
    for sy in (-1, 1):  # the A-frame legs at both ends
        y = sy * (beam_l / 2 + 0.05)
        b.add("base", S.rod((-splay, y, 0.03), (0, y, h - 0.05), 0.04), S.rod((splay, y, 0.03), (0, y, h - 0.05), 0.04),
              S.rod((-splay * 0.6, y, h * 0.4), (splay * 0.6, y, h * 0.4), 0.03))
    y = -beam_l / 2 + 0.76
    pivot_z = h - 0.1
    for k, (style, width) in enumerate(zip(kinds, widths, strict=True)):
        yc = y + width / 2
        y += width + 0.61
        name = f"swing_{k}"
        hangers = [S.rod((0, yc + sy * 0.22, pivot_z - 0.01), (0, yc + sy * 0.22, seat_z + 0.02), 0.006, sections=6)
                   for sy in (-1, 1)]
        if style == "belt":
            b.link(name, "rubber", *hangers, S.box((0.16, 0.48, 0.012), (0, yc, seat_z)))
        elif style == "trapeze":
            b.link(name, "metal", *hangers, S.rod((0, yc - 0.24, seat_z + 0.02), (0, yc + 0.24, seat_z + 0.02), 0.015))
        elif style == "bucket":
            # a 0.3 x 0.36 x 0.22 m box open on top, walls 1 cm: the floor in two halves, one
            # leg hole each (each half's pieces are the sectors about its hole), four walls
            b.link(name, "plastic", *[S.box((0.3, 0.18, 0.01), (0, yc + sy * 0.09, seat_z + 0.005)) for sy in (-1, 1)],
                   *[S.box((0.01, 0.36, 0.21), (sx * 0.145, yc, seat_z + 0.115)) for sx in (-1, 1)],
                   *[S.box((0.28, 0.01, 0.21), (0, yc + sy * 0.175, seat_z + 0.115)) for sy in (-1, 1)])
            b.cut(name, S.box((0.28, 0.34, 0.22), (0, yc, seat_z + 0.12)))  # trims the hangers' ends
            b.cut(name, *[S.cylinder(0.045, 0.05, (0, yc + sy * 0.07, seat_z), sections=16)
                          for sy in (-1, 1)])  # leg holes in the floor
            b.add(name, *[S.rod((0, yc + sy * 0.17, pivot_z - 0.01), (0, yc + sy * 0.17, seat_z + 0.2), 0.006, sections=6)
                          for sy in (-1, 1)])
        else:  # tire swing: a swivel on the beam, three chains to the tire
            r_t = 0.3
            swivel = b.link(f"{name}_swivel", "metal", S.cylinder(0.03, 0.06, (0, yc, pivot_z - 0.03), sections=12))
            b.revolute(swivel, "base", "y", (0, yc, pivot_z), -0.8, 0.8)
            top = np.array([0, yc, pivot_z - 0.06])
            chains = [S.rod(top, (r_t * 0.9 * math.cos(a), yc + r_t * 0.9 * math.sin(a), seat_z + 0.06), 0.005, sections=6)
                      for a in (0.0, 2.094, 4.189)]
            b.link(name, "rubber", *chains, S.torus(r_t, 0.08, (0, yc, seat_z)))
            b.continuous(name, swivel, "z", top)
            continue
        b.revolute(name, "base", "y", (0, yc, pivot_z), -b.real(1.0, 1.2), b.real(1.0, 1.2))
    return f"swing set with {n} swing{'s' if n > 1 else ''}"


@kind("doll", "toys_recreation")
def doll(b: Builder) -> str:
    """Jointed doll (artist's manikin) on a stand: waist, neck, shoulders, elbows, hips and
    knees (revolute), and on some wrists and ankles too: 10-14 joints.

    Wooden manikins are sold 0.2-0.4 m (8-16 in) tall and proportioned eight heads high
    (the academic canon, e.g. Loomis' *Figure Drawing for All It's Worth*): legs four heads,
    the torso and pelvis three, arms three. Arms hang outside the hips and legs, each limb
    in its own slab across the body, so limbs swing past each other; the stand's rod rises
    between the legs to the pelvis.
    """
    height = b.dim(0.2, 0.4)
    u = height / 8
    wrists, ankles = b.chance(0.5), b.chance(0.5)
    material = b.pick(("wood", "wood", "plastic"))
    plate_t = 0.01
    foot_z = plate_t + 0.01 + (0.5 * u if ankles else 0.0)  # the soles' height at rest
    hip_z = foot_z + 4 * u
    waist_z = hip_z + 0.6 * u
    leg_y, torso_w = 0.45 * u, 1.6 * u
    arm_y = torso_w / 2 + 0.27 * u
    b.link("base", material, S.cylinder(0.35 * height * 0.5 + 0.02, plate_t, (0, 0, plate_t / 2)),
           S.rod((0, 0, plate_t), (0, 0, hip_z - 0.1 * u), 0.003, sections=8),
           S.box((0.8 * u, 1.4 * u, 0.75 * u), (0, 0, hip_z + 0.2 * u)))
    torso = b.link("torso", material, S.box((0.9 * u, torso_w, 2.1 * u), (0, 0, waist_z + 0.05 * u + 1.05 * u)),
                   S.cylinder(0.3 * u, 0.25 * u, (0, 0, waist_z + 0.05 * u), sections=12))
    b.revolute(torso, "base", (0, -1, 0), (0, 0, waist_z), -b.real(0.3, 0.5), b.real(0.6, 0.9))
    neck_z = waist_z + 2.2 * u
    head = b.link("head", material, S.cylinder(0.15 * u, 0.35 * u, (0, 0, neck_z + 0.15 * u), sections=10),
                  S.sphere(0.45 * u, (0, 0, neck_z + 0.75 * u), count=12),
                  S.box((0.2 * u, 0.15 * u, 0.25 * u), (0.45 * u, 0, neck_z + 0.7 * u)))
    b.revolute(head, torso, "z", (0, 0, neck_z), -b.real(1.0, 1.3), b.real(1.0, 1.3))
    shoulder_z = waist_z + 1.9 * u
    for side, sy in (("left", 1), ("right", -1)):
        y = sy * arm_y
        upper = b.link(f"upper_arm_{side}", material, S.sphere(0.22 * u, (0, y, shoulder_z), count=10),
                       S.capsule(0.17 * u, 1.2 * u, (0, y, shoulder_z - 0.75 * u)))
        b.revolute(upper, torso, (0, -1, 0), (0, y, shoulder_z), -b.real(2.4, 3.0), b.real(2.6, 3.0))
        elbow_z = shoulder_z - 1.5 * u
        fore = b.link(f"forearm_{side}", material, S.capsule(0.15 * u, 1.0 * u, (0, y, elbow_z - 0.6 * u)))
        b.revolute(fore, upper, (0, -1, 0), (0, y, elbow_z), 0.0, b.real(2.0, 2.4))
        hand = [S.box((0.45 * u, 0.2 * u, 0.6 * u), (0, y, elbow_z - 1.55 * u))]
        if wrists:
            hand_link = b.link(f"hand_{side}", material, *hand)
            b.revolute(hand_link, fore, "z", (0, y, elbow_z - 1.25 * u), -b.real(1.2, 1.6), b.real(1.2, 1.6))
        else:
            b.add(fore, *hand)
        y = sy * leg_y
        thigh = b.link(f"thigh_{side}", material, S.sphere(0.24 * u, (0, y, hip_z), count=10),
                       S.capsule(0.22 * u, 1.5 * u, (0, y, hip_z - u)))
        b.revolute(thigh, "base", (0, -1, 0), (0, y, hip_z), -b.real(0.4, 0.7), b.real(1.6, 2.0))
        knee_z = hip_z - 2 * u
        shin = b.link(f"shin_{side}", material, S.capsule(0.18 * u, 1.4 * u, (0, y, knee_z - 0.9 * u)))
        b.revolute(shin, thigh, (0, -1, 0), (0, y, knee_z), -b.real(2.0, 2.3), 0.0)
        foot = [S.box((0.8 * u, 0.3 * u, 0.25 * u), (0.2 * u, y, foot_z + 0.125 * u))]
        if ankles:
            foot_link = b.link(f"foot_{side}", material, *foot)
            b.revolute(foot_link, shin, (0, -1, 0), (0, y, foot_z + 0.25 * u), -0.4, 0.4)
        else:
            b.add(shin, *foot)
    extra = " with " + " and ".join(n for n, on in (("wrists", wrists), ("ankles", ankles)) if on) \
        if wrists or ankles else ""
    return f"jointed manikin doll{extra}"


@kind("accordion", "toys_recreation")
def accordion(b: Builder) -> str:
    """Piano accordion standing upright: the treble box with 8-24 white keys and their black
    keys (revolute each), 8-16 bellows folds each sliding out of the one before (a chain of
    prismatic joints), the bass box on the last fold with a grid of 8-24 bass buttons and an
    air button (prismatic each): up to about 80 joints.

    Accordions from 0.25 m toys (8-17 treble keys) to full-size 41-key, 120-bass instruments
    about 0.45 m high and 0.18 m deep; keys 17-20 mm wide, bass buttons 9-11 mm across on
    12-14 mm centres, bellows pleats about 10 mm apart (typical instrument range, e.g.
    Hohner catalogues). A black key's press stops 0.5 mm short of the white keys under it.
    """
    toy = b.chance(0.4)
    h = b.dim(0.22, 0.3) if toy else b.dim(0.36, 0.46)
    d = b.dim(0.1, 0.13) if toy else b.dim(0.16, 0.19)
    tw, bw = b.dim(0.06, 0.09), b.dim(0.07, 0.1)
    kw = b.dim(0.017, 0.02)
    whites = min(b.count(8, 17) if toy else b.count(17, 24), int((h - 0.04) / kw))
    material = b.pick(("plastic", "wood"))
    P.shell(b, "base", material, (d, tw, h), (0, tw / 2, h / 2), 0.004, open_face="-y")
    kl, face = tw * 0.8, d / 2
    y_p = tw * 0.1
    z0 = (h - whites * kw) / 2
    black_l, black_half = kl * 0.6, kw * 0.275
    black_press = min(0.06, 0.0025 / black_l)
    has_black = [k % 7 in _BLACK_AFTER and k < whites - 1 for k in range(whites)]
    for k in range(whites):
        zc = z0 + (k + 0.5) * kw
        key = b.link(f"white_{k}", "plastic", S.box((0.01, kl, kw - 0.0015), (face + 0.006, y_p + kl / 2, zc)))
        b.revolute(key, "base", "z", (face + 0.001, y_p, zc), 0.0, 0.06)
        if has_black[k]:
            zb = zc + kw / 2
            black = b.link(f"black_{k}", "plastic", S.box((0.008, black_l, 2 * black_half),
                                                         (face + 0.014 + 0.004, y_p + black_l / 2, zb)))
            b.revolute(black, "base", "z", (face + 0.014, y_p, zb), 0.0, black_press)
    folds = b.count(8, 16)
    ft, gap = 0.006, 0.003
    opening = b.dim(0.01, 0.02)
    parent = "base"
    for k in range(folds):
        y1 = -k * (ft + gap) - gap
        inset = 0.004 if k % 2 else 0.0  # the pleats' inner and outer edges alternate
        fd, fh = d - 0.006 - 2 * inset, h - 0.006 - 2 * inset
        fold = b.link(f"fold_{k}", "foam", S.box((fd, ft, fh), (0, y1 - ft / 2, h / 2)))
        b.cut(fold, S.box((fd - 0.02, ft + 0.01, fh - 0.02), (0, y1 - ft / 2, h / 2)))
        b.prismatic(fold, parent, (0, -1, 0), 0.0, opening, point=(0, y1, h / 2))
        parent = fold
    y_bass = -folds * (ft + gap) - gap
    bass = "bass_box"
    P.shell(b, bass, material, (d, bw, h), (0, y_bass - bw / 2, h / 2), 0.004, open_face="+y")
    b.prismatic(bass, parent, (0, -1, 0), 0.0, opening, point=(0, y_bass, h / 2))
    rows, cols = b.count(2, 4), b.count(4, 6)
    pitch_b = b.dim(0.012, 0.014)
    for i in range(rows):
        for j in range(cols):
            y = y_bass - bw / 2 + (i - (rows - 1) / 2) * pitch_b
            z = h / 2 + (j - (cols - 1) / 2) * pitch_b + (i % 2) * pitch_b / 2
            P.button(b, f"bass_{i}_{j}", bass, (face, y, z), "x", 0.009, 0.003, round_=True)
    P.button(b, "air_button", bass, (0, y_bass - bw * 0.6, h), "z", 0.012, 0.004, round_=True)
    n = whites + sum(has_black)
    return f"{'toy ' if toy else ''}accordion with {n} keys and {rows * cols} bass buttons"
