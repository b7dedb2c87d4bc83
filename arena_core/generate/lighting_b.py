"""Lighting, continued: pendants, chandeliers, clamp lamps, lanterns, flashlights, track lights."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind
from arena_core.generate.lighting import _shade

E27_PITCH = 0.003629 / (2 * math.pi)  # m/rad: E26/E27 lamp-cap thread, 3.629 mm per turn
E14_PITCH = 0.002822 / (2 * math.pi)  # m/rad: E14 candle-cap thread, 2.822 mm per turn


def _bulb(b: Builder, name: str, parent: str, socket, *, radius: float, down: bool,
          pitch: float = E27_PITCH, turns: float = 3.0) -> str:
    """A glass bulb of ``radius`` (a capsule) in a socket at ``socket``, hanging below
    (``down``) or standing above it; it unscrews out of the socket (helical)."""
    sx, sy, sz = socket
    s = -1.0 if down else 1.0
    b.link(name, "glass", S.capsule(radius, radius * 0.6, (sx, sy, sz + s * radius * 1.3)))
    b.helical(name, parent, (0, 0, s), socket, 0.0, turns * 2 * math.pi, pitch)
    return name


def _staggered(mesh):
    """``mesh`` (a round part) turned 0.13 rad about the vertical through its center, so its
    facet edges do not line up with those of a coaxial part it meets (a boolean union of
    such edge-on-edge meetings leaves near-duplicate vertices)."""
    return S.turned(mesh, "z", 0.13, mesh.bounds.mean(axis=0))


@kind("pendant_light", "lighting")
def pendant_light(b: Builder) -> str:
    """Adjustable pendant: 1-3 drops from a round or bar canopy, each a fixed outer stem
    with a telescoping inner stem (prismatic), a drum or coolie shade tilting on a knuckle
    (revolute) and an E27 bulb that unscrews (helical).

    Sizes from the typical retail range of rod pendants (shades 0.2-0.4 m across, drops
    0.3-0.9 m, 0.1-0.3 m of height adjustment; 1-3 lights on a bar canopy).
    """
    n = b.pick((1, 1, 2, 3))
    sp = b.dim(0.35, 0.5)
    R = min(b.dim(0.1, 0.2), sp / 2 - 0.03) if n > 1 else b.dim(0.1, 0.2)
    depth = R * b.real(0.7, 1.1)
    drop, travel = b.dim(0.3, 0.8), b.dim(0.1, 0.3)
    ys = [(k - (n - 1) / 2) * sp for k in range(n)]
    canopy = (S.cylinder(0.07, 0.03, (0, 0, -0.015)) if n == 1
              else S.box((0.1, (n - 1) * sp + 0.14, 0.03), (0, 0, -0.015)))
    b.link("base", "metal", canopy)
    cone = b.chance(0.5)
    for k, y in enumerate(ys):
        z_out = -0.03 - drop  # the outer stem's lower end
        b.add("base", S.tube(0.0055, 0.009, drop + 0.002, (0, y, -0.03 - drop / 2 + 0.001)))
        zk = z_out - 0.022  # the knuckle
        inner = b.link(f"stem_{k}", "metal", S.cylinder(0.005, travel + 0.06, (0, y, z_out - 0.012 + (travel + 0.06) / 2)),
                       S.sphere(0.011, (0, y, zk), count=10))
        b.prismatic(inner, "base", (0, 0, -1), 0.0, travel, point=(0, y, z_out))
        top = zk - 0.012  # the shade's top
        if cone:  # a shallow coolie cone over the bulb
            depth = R * 0.45
            shade = [S.cone(R, depth, (0, y, top - depth), "z")]
        else:
            shade = [S.tube(R - 0.004, R, depth, (0, y, top - depth / 2)),
                     S.cylinder(R - 0.001, 0.005, (0, y, top - 0.003))]
        socket = top - (depth + 0.03 if cone else 0.03)
        sh = b.link(f"shade_{k}", "metal" if b.chance(0.7) else "glass", *shade,
                    _staggered(S.cylinder(0.02, top + 0.01 - socket, (0, y, (top + 0.01 + socket) / 2))))
        b.revolute(sh, inner, "y", (0, y, zk), -0.4, 0.4)
        _bulb(b, f"bulb_{k}", sh, (0, y, socket), radius=min(0.03, R * 0.3), down=True)
    return f"{n}-light adjustable pendant with {'cone' if cone else 'drum'} shades"


@kind("chandelier", "lighting")
def chandelier(b: Builder) -> str:
    """Chandelier hanging from a canopy on a rod: the body turns on its swivel
    (continuous) and carries one or two tiers of 3-6 rising arms, each ending in a candle
    cup whose E14 candle bulb unscrews (helical).

    Sizes from the typical retail range of candle chandeliers (0.45-0.9 m across,
    0.4-0.8 m tall bodies, 3-12 lights in one or two tiers).
    """
    drop = b.dim(0.2, 0.6)
    tiers = b.pick((1, 1, 2))
    b.link("base", "metal", S.cylinder(0.07, 0.03, (0, 0, -0.015)),
           S.rod((0, 0, -0.02), (0, 0, -0.03 - drop), 0.006))
    zt = -0.03 - drop  # the swivel
    col = b.dim(0.25, 0.4)
    body = b.link("body", "metal", _staggered(S.cylinder(0.012, 0.023, (0, 0, zt - 0.0115))),
                  S.cylinder(0.022, col, (0, 0, zt - 0.02 - col / 2)),
                  _staggered(S.sphere(0.045, (0, 0, zt - 0.03 - col), count=12)))
    b.continuous(body, "base", "z", (0, 0, zt))
    total = 0
    for t in range(tiers):
        n = b.count(3, 6) if t == 0 else b.count(3, 5)
        ra = b.dim(0.22, 0.4) * (0.6 if t else 1.0)
        z = zt - 0.02 - col * (0.8 if t == 0 else 0.45)
        for k, p in enumerate(S.ring_points(1.0, n, (0, 0, 0), "z", phase=t * math.pi / n)):
            ux, uy = float(p[0]), float(p[1])
            cup = (ux * ra, uy * ra, z + 0.01)
            b.add(body, S.rod((ux * 0.015, uy * 0.015, z), (cup[0], cup[1], cup[2] + 0.005), 0.006, sections=8),
                  S.cylinder(0.022, 0.012, (cup[0], cup[1], cup[2] + 0.006)),
                  _staggered(S.cylinder(0.011, 0.074, (cup[0], cup[1], cup[2] + 0.045))))
            _bulb(b, f"bulb_{t}_{k}", body, (cup[0], cup[1], cup[2] + 0.082), radius=0.016,
                  down=False, pitch=E14_PITCH, turns=b.real(2.0, 3.0))
        total += n
    return f"{total}-light chandelier with {tiers} tier{'s' if tiers > 1 else ''}"


@kind("clamp_lamp", "lighting")
def clamp_lamp(b: Builder) -> str:
    """Clamp-on task lamp: a C-clamp tightened by a screw (helical) or a spring clip whose
    jaw opens (revolute), a turret turning on the clamp (continuous), an arm leaning
    either way (revolute), a head tilting at its end (revolute) with a push switch
    (prismatic) and a bulb that unscrews (helical).

    Sizes from the typical retail range of clamp and clip lamps (jaws opening 30-60 mm,
    arms 0.25-0.45 m, shades 0.1-0.16 m across).
    """
    opening, arm = b.dim(0.03, 0.06), b.dim(0.25, 0.45)
    jt = 0.012  # jaw thickness
    if b.chance(0.6):
        top = opening + 2 * jt
        b.link("base", "metal", S.box((0.05, 0.04, jt), (0.01, 0, jt / 2)),
               S.box((0.012, 0.04, top), (-0.021, 0, top / 2)),
               S.box((0.05, 0.04, jt), (0.01, 0, top - jt / 2)))
        b.cut("base", S.cylinder(0.0045, 0.03, (0.015, 0, jt / 2)))
        travel = opening - 0.008
        screw = b.link("clamp_screw", "metal", S.rod((0.015, 0, jt + 0.002), (0.015, 0, -opening - 0.01), 0.004),
                       S.cylinder(0.01, 0.004, (0.015, 0, jt + 0.002)),
                       S.bar((0.015, -0.025, -opening - 0.01), (0.015, 0.025, -opening - 0.01), 0.008, 0.008))
        b.helical(screw, "base", "z", (0.015, 0, jt), 0.0, travel / (0.0015 / (2 * math.pi)),
                  0.0015 / (2 * math.pi))
        clamp = "screw clamp"
    else:
        top = opening + 2 * jt
        b.link("base", "metal", S.box((0.012, 0.04, top - jt - 0.002), (-0.021, 0, (top + jt + 0.002) / 2)),
               S.box((0.05, 0.04, jt), (0.01, 0, top - jt / 2)))
        jaw = b.link("clip_jaw", "plastic", S.box((0.05, 0.036, jt), (0.01, 0, jt / 2)),
                     S.box((0.04, 0.03, 0.008), (-0.045, 0, jt * 0.75)))
        b.revolute(jaw, "base", (0, -1, 0), (-0.015, 0, jt / 2), -0.35, 0.0)
        clamp = "spring clip"
    zt = top + 0.03
    turret = b.link("turret", "metal", S.cylinder(0.016, 0.03, (0.01, 0, top + 0.015)))
    b.continuous(turret, "base", "z", (0.01, 0, top))
    P.button(b, "switch", turret, (0.01, 0.016, top + 0.015), "y", 0.008, 0.002, round_=True)
    arm_l = b.link("arm", "metal", S.cylinder(0.011, 0.026, (0.01, 0, zt), "y"),
                   S.rod((0.01, 0, zt), (0.01, 0, zt + arm), 0.007))
    b.revolute(arm_l, turret, "y", (0.01, 0, zt), -0.7, 0.7)
    zh = zt + arm
    radius, depth = b.dim(0.05, 0.08), 0.09
    # the shade faces forward: tilted down 0.7 rad, its bulb keeps 3 cm from the arm below
    axis = S.unit((1, 0, -0.25))
    tube, back = _shade(np.array([0.01, 0, zh]) + axis * (0.6 * depth + 0.012), axis, radius, depth)
    head = b.link("head", "metal", S.cylinder(0.01, 0.024, (0.01, 0, zh), "y"), tube,
                  *S.moved([S.turned(back, axis, 0.13, (0.01, 0, zh))], axis * 0.002))
    # (the back cone turned and sunk 2 mm into the tube: no facets or faces shared with it)
    b.revolute(head, arm_l, "y", (0.01, 0, zh), -1.0, 0.7)
    socket = np.array([0.01, 0, zh]) + axis * (0.6 * depth + 0.012)
    bulb = b.link("bulb", "glass", S.capsule(0.018, 0.02, socket + axis * 0.035))
    b.helical(bulb, head, axis, socket, 0.0, 3 * 2 * math.pi, E27_PITCH)
    return f"clamp lamp on a {clamp}"


def _bail(b: Builder, parent: str, z: float, half: float, rise: float) -> str:
    """A wire bail pivoting on the Y axis at height ``z`` on pins ``half`` m either side of
    the center, ``rise`` m tall: it folds down either way (revolute, +-1.45 rad)."""
    bail = b.link("bail", "metal",
                  *[S.rod((0, s * half, z), (0, s * half, z + rise), 0.0025, sections=8) for s in (-1, 1)],
                  S.rod((0, -half - 0.0025, z + rise), (0, half + 0.0025, z + rise), 0.0025, sections=8))
    b.revolute(bail, parent, "y", (0, 0, z), -1.45, 1.45)
    return bail


@kind("lantern", "lighting")
def lantern(b: Builder) -> str:
    """Lantern: a square candle lantern (glazed on three sides, a glazed door hinged on a
    corner post, a candle that lifts off its spike) or a hurricane lantern (a glass globe
    raised by a lift lever (prismatic and revolute), a wick knob (continuous)); both carried
    by a folding bail (revolute).

    Sizes from the typical retail range of decorative candle lanterns (0.12-0.25 m square,
    0.25-0.5 m tall) and hurricane lanterns (about 0.25-0.4 m tall on 0.12-0.18 m founts,
    such as the Dietz No. 20 and No. 76).
    """
    if b.chance(0.5):
        return _hurricane(b)
    s, h = b.dim(0.12, 0.25), b.dim(0.2, 0.38)
    p = 0.012  # corner posts
    b.link("base", "metal", S.box((s, s, 0.02), (0, 0, 0.01)),
           *[S.box((p, p, h), (sx * (s / 2 - p / 2), sy * (s / 2 - p / 2), 0.02 + h / 2))
             for sx in (-1, 1) for sy in (-1, 1)],
           S.box((s, s, 0.012), (0, 0, 0.02 + h + 0.006)))
    roof_h = s * b.real(0.35, 0.55)
    zr = 0.02 + h + 0.012
    b.add("base", S.turned(S.cone(s * 0.78, roof_h, (0, 0, zr), "z", sections=4), "z", math.pi / 4, (0, 0, zr)),
          S.cylinder(0.018, 0.03, (0, 0, zr + roof_h * 0.75 + 0.015), sections=12))
    zc = zr + roof_h * 0.75 + 0.03
    for k, (size, center) in enumerate((((0.004, s - 2 * p, h - 0.004), (-s / 2 + p / 2, 0, 0.02 + h / 2)),
                                        ((s - 2 * p, 0.004, h - 0.004), (0, -s / 2 + p / 2, 0.02 + h / 2)),
                                        ((s - 2 * p, 0.004, h - 0.004), (0, s / 2 - p / 2, 0.02 + h / 2)))):
        pane = b.link(f"pane_{k}", "glass", S.box(size, center))
        b.fixed(pane, "base")
    hinge = b.pick(("left", "right"))
    P.door(b, "door", "base", x_face=s / 2, y0=-s / 2 + p, y1=s / 2 - p, z0=0.02, z1=0.02 + h, t=0.006,
           hinge=hinge, material="metal", max_angle=b.real(1.5, 2.2), handle="knob", glass=True)
    cr, ch = min(0.03, s * 0.2), h * b.real(0.35, 0.6)
    b.add("base", S.rod((0, 0, 0.02), (0, 0, 0.045), 0.002, sections=6))
    candle = b.link("candle", "plastic", S.cylinder(cr, ch, (0, 0, 0.021 + ch / 2)))
    b.prismatic(candle, "base", "z", 0.0, min(0.04, h - ch - 0.02))
    _bail(b, "base", zc - 0.012, 0.018 + 0.004, s * 0.5)
    return f"square candle lantern with a door hinged on the {hinge}"


def _hurricane(b: Builder) -> str:
    rf, hf = b.dim(0.07, 0.09), b.dim(0.05, 0.07)  # fount
    rg, hg = b.dim(0.045, rf - 0.02), b.dim(0.12, 0.18)  # globe, its frame standing on the fount
    burner = hf + 0.02
    zg = burner  # the globe's bottom
    cap_r, rframe = rg - 0.018, rg + 0.014
    z_cap = zg + hg + 0.006
    b.link("base", "metal", S.cylinder(rf, hf, (0, 0, hf / 2)),
           S.cylinder(0.03, 0.02, (0, 0, hf + 0.01), sections=12),
           S.cylinder(cap_r, 0.03, (0, 0, z_cap + 0.015)),
           S.cone(cap_r, 0.03, (0, 0, z_cap + 0.03), "z", sections=12))
    for sy in (-1, 1):
        b.add("base", S.rod((0, sy * rframe, hf - 0.01), (0, sy * rframe, z_cap + 0.02), 0.003, sections=8),
              S.rod((0, sy * rframe, z_cap + 0.02), (0, sy * (cap_r - 0.004), z_cap + 0.02), 0.003, sections=8))
    globe = b.link("globe", "glass", S.tube(rg - 0.003, rg, hg, (0, 0, zg + hg / 2 + 0.001)))
    lift = b.dim(0.02, 0.035)
    b.prismatic(globe, "base", "z", 0.0, lift)
    lever = b.link("lift_lever", "metal", S.bar((0, rframe + 0.006, hf + 0.03), (0.05, rframe + 0.006, hf + 0.015), 0.006, 0.004))
    b.revolute(lever, "base", "y", (0, rframe + 0.006, hf + 0.03), -0.6, 0.3)
    P.knob(b, "wick_knob", "base", (0.03, 0, hf + 0.008), "x", 0.008, 0.02)
    _bail(b, "base", z_cap + 0.02, rframe + 0.0055, max(0.07, rf * 1.2))  # on the frame's top
    return "hurricane lantern with a lifting globe"


@kind("flashlight", "lighting")
def flashlight(b: Builder) -> str:
    """Flashlight along X: a head fixed to the body, sliding to zoom (prismatic) or twisting
    to focus (helical), with a glass lens; a tail cap that unscrews (helical) with a click
    button in it (prismatic) or a side switch; on some a spring pocket clip (revolute).

    Sizes from the typical retail range of handheld flashlights (0.09-0.26 m long, 22-40 mm
    bodies, heads up to 1.8 times the body's diameter).
    """
    r, Lb = b.dim(0.011, 0.02), b.dim(0.08, 0.22)
    rh, lh = r * b.real(1.15, 1.8), b.dim(0.03, 0.06)
    lc = b.dim(0.02, 0.03)
    b.link("base", "aluminum", S.cylinder(r, Lb, (Lb / 2, 0, 0), "x"))
    head_x0 = Lb - 0.6 * lh  # where the head's sleeve starts
    head_solids = [S.tube(r + 0.0005, rh, lh, (head_x0 + lh / 2, 0, 0), "x"),
                   S.cylinder(rh - 0.0005, 0.006, (head_x0 + lh + 0.0025, 0, 0), "x")]
    mode = b.pick(("fixed", "zoom", "twist"))
    if mode == "fixed":
        b.add("base", *head_solids)
        head = "base"
    else:
        head = b.link("head", "aluminum", *head_solids)
        if mode == "zoom":
            b.prismatic(head, "base", "x", 0.0, b.dim(0.008, 0.015), point=(Lb, 0, 0))
        else:
            pitch = 0.0015 / (2 * math.pi)
            b.helical(head, "base", "x", (Lb, 0, 0), 0.0, b.real(2.0, 3.0) * 2 * math.pi, pitch)
    b.cut(head, S.cylinder(rh - 0.003, 0.008, (head_x0 + lh + 0.006, 0, 0), "x"))
    lens = b.link("lens", "glass", S.cylinder(rh - 0.0035, 0.003, (head_x0 + lh + 0.0035, 0, 0), "x"))
    b.fixed(lens, head)
    cap = b.link("tail_cap", "aluminum", S.tube(r + 0.0005, r + 0.003, lc, (-0.3 * lc + lc / 2, 0, 0), "x"),
                 S.cylinder(r + 0.0025, 0.0045, (-0.3 * lc - 0.00175, 0, 0), "x"))
    b.helical(cap, "base", (-1, 0, 0), (0, 0, 0), 0.0, b.real(3.0, 5.0) * 2 * math.pi,
              0.001 / (2 * math.pi))
    if b.chance(0.5):
        b.cut(cap, S.cylinder(0.0065, 0.006, (-0.3 * lc - 0.004, 0, 0), "x"))
        P.button(b, "tail_switch", cap, (-0.3 * lc - 0.004, 0, 0), (-1, 0, 0), 0.012, 0.002, round_=True)
        switch = "tail"
    else:
        P.button(b, "side_switch", "base", (head_x0 - 0.015, r, 0), "y", 0.01, 0.0015, round_=True)
        switch = "side"
    clip_x0 = 0.7 * lc + 0.005
    clip_l = min(0.05, 0.6 * (head_x0 - clip_x0))
    if clip_l > 0.02 and b.chance(0.6):
        clip = b.link("clip", "metal", S.box((clip_l, 0.008, 0.0015), (clip_x0 + clip_l / 2, 0, r + 0.0035)),
                      S.box((0.006, 0.008, 0.004), (clip_x0 + 0.003, 0, r + 0.0022)))
        b.revolute(clip, "base", (0, -1, 0), (clip_x0, 0, r + 0.0035), 0.0, 0.2)
    return f"flashlight with a {mode} head and a {switch} switch"


@kind("track_light", "lighting")
def track_light(b: Builder) -> str:
    """Track light: a ceiling track with 2-5 spotlights, each an adapter sliding along
    the track (prismatic) within its own stretch, a yoke turning under it (continuous) and
    a can tilting in the yoke (revolute) with a glass lens.

    Sizes from the typical retail range of single-circuit track systems (tracks 0.6-2.4 m,
    heads 50-90 mm across and 80-150 mm long).
    """
    Lt = b.dim(0.6, 2.0)
    n = b.count(2, max(2, min(5, int(Lt / 0.22))))
    rc, lc = b.dim(0.025, 0.045), b.dim(0.08, 0.15)
    b.link("base", "aluminum", S.box((0.034, Lt, 0.02), (0, 0, 0.0)),
           S.box((0.05, 0.08, 0.03), (0, Lt / 2 + 0.04, 0.005)))
    b.cut("base", S.box((0.012, Lt + 0.002, 0.008), (0, 0, -0.007)))
    seg = Lt / n
    reach = math.hypot(lc / 2, rc)  # the can's farthest point from its pivot
    drop = reach + 0.012  # the tilt axis below the yoke's bridge
    footprint = max(rc + 0.011, 0.029)
    # each head slides within its own stretch, and at most 2.5 times its size
    size = math.hypot(0.061 + drop + lc / 2, 2 * rc + 0.016)
    slide = max(0.0, min(seg / 2 - footprint - 0.006, 1.25 * size))
    for k in range(n):
        y = -Lt / 2 + seg * (k + 0.5)
        adapter = b.link(f"adapter_{k}", "plastic", S.box((0.026, 0.05, 0.02), (0, y, -0.021)),
                         S.box((0.01, 0.03, 0.008), (0, y, -0.007)))
        if slide > 0.01:
            b.prismatic(adapter, "base", "y", -slide, slide, point=(0, y, -0.011))
        else:
            b.fixed(adapter, "base", (0, y, -0.011))
        zy = -0.031 - 0.03  # the yoke's bridge
        zp = zy - drop  # the tilt axis
        half = rc + 0.006
        yoke = b.link(f"yoke_{k}", "metal", S.cylinder(0.007, 0.031, (0, y, -0.031 - 0.0155 + 0.0005)),
                      S.box((0.012, 2 * half + 0.004, 0.006), (0, y, zy)),
                      *[S.box((0.012, 0.004, drop + 0.003), (0, y + s * (half + 0.002), zy - drop / 2)) for s in (-1, 1)])
        b.continuous(yoke, adapter, "z", (0, y, -0.031))
        can = b.link(f"can_{k}", "metal", S.tube(rc - 0.002, rc, lc, (0, y, zp), "z"),
                     S.cylinder(rc - 0.0005, 0.004, (0, y, zp + lc / 2 - 0.0025)),
                     S.cylinder(0.006, 2 * half + 0.002, (0, y, zp), "y", sections=8))
        lens = b.link(f"lens_{k}", "glass", S.cylinder(rc - 0.0025, 0.003, (0, y, zp - lc / 2 + 0.006)))
        b.fixed(lens, can)
        b.revolute(can, yoke, "y", (0, y, zp), -1.5, 1.5)
    return f"track light with {n} spotlights"
