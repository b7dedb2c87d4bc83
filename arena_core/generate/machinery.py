"""Mechanisms, second family: hand winches, pendulums (chains and cart-poles), rope blocks,
arbor presses, universal joints, hydraulic cylinders and toggle clamps."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("winch", "mechanisms")
def winch(b: Builder) -> str:
    """Hand winch: a cable or strap drum between two side plates (continuous), turned
    through a closed gear case by a crank (continuous) with one grip or two (a double-handled
    crank), each grip spinning on its pin (continuous), and on some a free-spool lever on the
    gear case (revolute).

    Hand winches of 0.5-1.5 t are 12-25 cm wide with drums 4-8 cm across between flanges
    8-15 cm across and cranks 15-30 cm long (typical manufacturers' range of trailer and
    utility winches).
    """
    rd, dl = b.dim(0.02, 0.04), b.dim(0.06, 0.12)
    rf = rd + b.dim(0.02, 0.035)
    zd, yc = rf + 0.02, dl / 2 + 0.01
    gc, zc = b.dim(0.025, 0.035), zd + rf + 0.01
    b.link("base", "metal", S.box((2 * rf + 0.04, 2 * yc, 0.008), (0, 0, 0.004)),
           *[S.box((2 * rf + 0.02, 0.006, zd + rf * 0.6), (0, s * (yc - 0.003), 0.008 + (zd + rf * 0.6) / 2))
             for s in (-1, 1)],
           S.box((2 * rf + 0.03, gc, zc + 0.025 - 0.008), (0, yc + gc / 2, 0.008 + (zc + 0.017) / 2)))
    strap = b.chance(0.4)
    wound = rd + (0.008 if strap else b.dim(0.006, 0.015))
    b.link("drum", "metal", S.cylinder(0.008, 2 * yc, (0, 0, zd), "y", sections=12),
           *[S.cylinder(rf, 0.004, (0, s * (dl / 2 - 0.002), zd), "y") for s in (-1, 1)],
           S.cylinder(min(wound, rf - 0.004), dl - 0.006, (0, 0, zd), "y", sections=20))
    b.continuous("drum", "base", "y", (0, 0, zd))
    arm, yo = b.dim(0.15, 0.3), yc + gc
    grips = b.pick((1, 1, 2))
    ends = [(arm, 0)] if grips == 1 else [(arm / 2, 0), (-arm / 2, 1)]
    b.link("crank", "metal", S.cylinder(0.012, 0.012, (0, yo + 0.009, zc), "y", sections=12),
           S.bar((min(x for x, _ in ends + [(0, 0)]), yo + 0.012, zc), (max(x for x, _ in ends), yo + 0.012, zc), 0.008, 0.02))
    b.continuous("crank", "base", "y", (0, yo + 0.003, zc))
    for x, k in ends:
        b.add("crank", S.cylinder(0.004, 0.012, (x, yo + 0.022, zc), "y", sections=8))
        grip = b.dim(0.07, 0.1)
        b.link(f"grip_{k}", "plastic", S.cylinder(0.012, grip, (x, yo + 0.029 + grip / 2, zc), "y"))
        b.continuous(f"grip_{k}", "crank", "y", (x, yo + 0.028, zc))
    lever = b.chance(0.5)
    if lever:
        b.link("free_spool_lever", "metal", S.box((0.05, 0.01, 0.008), (rf * 0.5 + 0.025, yc + gc / 2, zc + 0.031)),
               S.cylinder(0.006, 0.012, (rf * 0.5, yc + gc / 2, zc + 0.031), "y", sections=12))
        b.revolute("free_spool_lever", "base", (0, -1, 0), (rf * 0.5, yc + gc / 2, zc + 0.031), 0.0, 1.2)
    return (f"hand {'strap' if strap else 'cable'} winch with {grips} grip{'s' if grips > 1 else ''}"
            f"{' and a free-spool lever' if lever else ''}")


def _arm(b: Builder, name: str, parent: str, top, length: float, y: float, bob: float) -> tuple:
    """A pendulum arm hanging from ``top`` in the plane at ``y`` (8 mm thick), spinning
    freely about Y (continuous), with a disc ``bob`` of that radius at its end if > 0;
    returns its lower end."""
    x, z = top[0], top[2]
    solids = [S.box((0.016, 0.008, length), (x, y, z - length / 2)), S.cylinder(0.01, 0.008, (x, y, z), "y", sections=12)]
    if bob:
        solids.append(S.cylinder(bob, 0.008, (x, y, z - length), "y"))
    else:
        solids += [S.cylinder(0.01, 0.008, (x, y, z - length), "y", sections=12),
                   S.cylinder(0.004, 0.018, (x, y + 0.009, z - length), "y", sections=8)]
    b.link(name, "aluminum", *solids)
    b.continuous(name, parent, "y", (x, y, z))
    return (x, y, z - length)


@kind("pendulum", "mechanisms")
def pendulum(b: Builder) -> str:
    """Pendulum rig: a single, double or triple pendulum (a chain of arms spinning freely,
    continuous, each in its own plane so they pass each other) hung from a post, or a
    cart-pole (a cart sliding on a rail, prismatic, carrying one or two free poles).

    Teaching and demonstration pendulums have arms of 10-50 cm and bobs of 5-10 cm (typical
    laboratory-supplier range); cart-pole rigs run a cart 8-12 cm long on a 0.6-1.2 m rail.
    """
    if b.chance(0.6):
        n = b.count(1, 3)
        lengths = [b.dim(0.2, 0.5)] if n == 1 else [b.dim(0.1, 0.25) for _ in range(n)]
        bob = b.dim(0.025, 0.05)
        reach = sum(lengths) + bob
        zp = 0.015 + reach + 0.03
        b.link("base", "wood", S.box((2 * reach + 0.1, 0.16, 0.015), (0, -0.02, 0.0075)),
               S.box((0.04, 0.02, zp + 0.02), (0, -0.035, 0.015 + (zp + 0.005) / 2)),
               S.cylinder(0.005, 0.031, (0, -0.0095, zp), "y", sections=12))
        top, parent = (0.0, 0.0, zp), "base"
        for k, length in enumerate(lengths):
            top = _arm(b, f"arm_{k}", parent, top, length, 0.014 * k, bob if k == n - 1 else 0.0)
            top, parent = (top[0], 0.014 * (k + 1), top[2]), f"arm_{k}"
        return {1: "simple", 2: "double", 3: "triple"}[n] + " pendulum"
    poles = b.count(1, 2)
    lengths = [b.dim(0.15, 0.35) for _ in range(poles)]
    cw, rail = b.dim(0.08, 0.12), b.dim(0.6, 1.2)
    rail = max(rail, 2 * (sum(lengths) + 0.04) + cw)
    zr = sum(lengths) + 0.06
    b.link("base", "metal", S.box((rail, 0.02, 0.02), (0, 0, zr - 0.01)),
           *[S.box((0.03, 0.12, zr - 0.02), (s * (rail / 2 + 0.015), -0.02, (zr - 0.02) / 2)) for s in (-1, 1)],
           *[S.box((0.03, 0.03, 0.02), (s * (rail / 2 - 0.015), 0, zr + 0.01)) for s in (-1, 1)])
    b.link("cart", "aluminum", S.box((cw, 0.06, 0.03), (0, 0, zr + 0.016)),
           S.cylinder(0.006, 0.016, (0, 0.038, zr + 0.016), "y", sections=12))
    travel = min(rail / 2 - 0.03 - cw / 2 - 0.005, 1.3 * math.hypot(cw, sum(lengths)))
    b.prismatic("cart", "base", "x", -travel, travel)
    top, parent = (0.0, 0.05, zr + 0.016), "cart"
    for k, length in enumerate(lengths):
        y = 0.05 + 0.014 * k
        b.link(f"pole_{k}", "aluminum", S.box((0.012, 0.008, length), (0, y, top[2] + length / 2)),
               S.cylinder(0.009, 0.008, (0, y, top[2]), "y", sections=12),
               S.cylinder(0.004, 0.014, (0, y + 0.007, top[2] + length), "y", sections=8))
        b.continuous(f"pole_{k}", parent, "y", (0, y, top[2]))
        top, parent = (0, y, top[2] + length), f"pole_{k}"
    return f"cart-pole with {poles} pole{'s' if poles > 1 else ''}"


def _hook(x: float, y: float, z: float, s: float, up: bool) -> list:
    """Bars of a J hook whose shank starts at ``(x, y, z)`` and runs down (or up), ``s`` m
    across its throat."""
    sign = 1.0 if up else -1.0
    pts = [(0, 0), (0, 1.2), (0.25, 1.75), (0.75, 1.85), (1.0, 1.45), (1.0, 1.1)]
    pts = [(x + px * s, z + sign * pz * s) for px, pz in pts]
    return [S.bar((x0, y, z0), (x1, y, z1), 0.01, 0.01) for (x0, z0), (x1, z1) in zip(pts, pts[1:], strict=False)]


@kind("pulley", "mechanisms")
def pulley(b: Builder) -> str:
    """Rope block and tackle: an upper block hung from its hook with one to three sheaves
    (continuous each), the rope falls down to a lower block with as many sheaves, which is
    lowered from them (prismatic: the falls are drawn at their shortest), and the lower
    block's hook swivels (continuous) with a spring latch (revolute).

    Rope blocks for 8-16 mm rope have sheaves 5-15 cm across and 1.2-3 cm wide (typical
    manufacturers' range); hooks open 2.5-4 cm.
    """
    n = b.count(1, 3)
    rs, sw = b.dim(0.025, 0.075), b.dim(0.012, 0.03)
    rope = round(max(0.004, sw * 0.3), 4)
    pitch = sw + 0.012
    ys = [(k - (n - 1) / 2) * pitch for k in range(n)]
    drop = b.dim(0.3, 0.8)
    hook = b.dim(0.025, 0.04)
    zl = 2 * hook + rs + 0.05
    zu = zl + drop
    half = rs + 0.015

    def block(z: float) -> list:
        """Cheeks beside each sheave, the axle, and spacers over and under the sheaves."""
        return ([S.box((2 * half, 0.005, 2 * half), (0, y + s * (sw / 2 + 0.0055), z)) for y in ys for s in (-1, 1)]
                + [S.cylinder(0.006, n * pitch, (0, 0, z), "y", sections=12)]
                + [S.box((0.02, n * pitch, 0.012), (0, 0, z + s * (half - 0.006))) for s in (-1, 1)])

    upper = block(zu) + _hook(0, 0, zu + half, hook, True)
    falls = [S.rod((s * (rs + rope + 0.002), y, zu), (s * (rs + rope + 0.002), y, zl), rope) for y in ys for s in (-1, 1)]
    b.link("base", "metal", *upper, *falls)
    b.link("lower_block", "metal", *block(zl), S.cylinder(0.01, 0.02, (0, 0, zl - half - 0.01)))
    b.prismatic("lower_block", "base", (0, 0, -1), 0.0, b.dim(0.2, 0.6))
    for tag, parent, z in (("upper", "base", zu), ("lower", "lower_block", zl)):
        for k, y in enumerate(ys):
            b.link(f"sheave_{tag}_{k}", "metal", S.cylinder(rs, sw, (0, y, z), "y"))
            b.continuous(f"sheave_{tag}_{k}", parent, "y", (0, y, z))
    zh = zl - half - 0.02
    b.link("hook", "metal", S.cylinder(0.007, 0.01, (0, 0, zh + 0.005), sections=12), *_hook(0, 0, zh, hook, False))
    b.continuous("hook", "lower_block", "z", (0, 0, zh))
    pivot = (0.006, 0, zh - 0.3 * hook)
    b.link("latch", "metal", S.bar(pivot, (hook * 0.95, 0, zh - 1.05 * hook), 0.008, 0.003))
    b.revolute("latch", "hook", (0, 1, 0), pivot, 0.0, 0.5)
    return f"block and tackle with {n} sheave{'s' if n > 1 else ''} per block"


@kind("arbor_press", "mechanisms")
def arbor_press(b: Builder) -> str:
    """Arbor press: a cast frame (foot, column and head), a square ram sliding down through
    the head (prismatic) onto a table that turns (continuous) or is fixed, and the pinion's
    lever on the head's side (revolute) with one or two ball grips; some have a ram lock
    knob.

    Bench arbor presses of 0.5-3 t are 0.3-0.6 m tall with a 7-15 cm throat, a 19-38 mm
    square ram and a 0.25-0.5 m lever (typical manufacturers' range).
    """
    height, throat = b.dim(0.3, 0.6), b.dim(0.07, 0.15)
    ram, hw = b.dim(0.019, 0.038), b.dim(0.07, 0.12)
    cd = b.dim(0.05, 0.08)
    x0 = -throat - cd
    head_h = b.dim(0.09, 0.14)
    foot = (throat + cd + 0.1, max(hw + 0.04, 0.14), 0.03)
    b.link("base", "metal", S.box(foot, (x0 + foot[0] / 2, 0, 0.015)),
           S.box((cd, hw, height - head_h - 0.03), (x0 + cd / 2, 0, 0.03 + (height - head_h - 0.03) / 2)),
           S.box((cd + throat + ram / 2 + 0.03, hw, head_h), (x0 + (cd + throat + ram / 2 + 0.03) / 2, 0, height - head_h / 2)))
    table_top = 0.03 + 0.016
    turning = b.chance(0.6)
    b.link("table", "metal", S.cylinder(b.dim(0.045, min(0.075, throat - 0.01)), 0.015, (0, 0, 0.0385)))
    if turning:
        b.continuous("table", "base", "z", (0, 0, 0.031))
    else:
        b.fixed("table", "base")
    z_ram = b.dim(table_top + 0.05, height - head_h - 0.03)
    b.link("ram", "metal", S.box((ram, ram, height + 0.03 - z_ram), (0, 0, (z_ram + height + 0.03) / 2)))
    b.prismatic("ram", "base", (0, 0, -1), 0.0, z_ram - table_top - 0.005)
    yl, zp = hw / 2 + 0.015, height - head_h / 2
    length, rg = b.dim(0.25, 0.5), 0.018
    reach = length + rg
    limit = min(1.3, math.asin(min(1.0, (zp - table_top - 0.03) / reach)))
    grips = b.pick((1, 2))
    xs = [length] if grips == 1 else [length / 2, -length / 2]
    b.link("lever", "metal", S.cylinder(0.02, 0.02, (0, yl - 0.005, zp), "y"),
           S.rod((min(xs + [0.0]), yl, zp), (max(xs), yl, zp), 0.009),
           *[S.sphere(rg, (x, yl, zp), count=10) for x in xs])
    b.revolute("lever", "base", "y", (0, yl - 0.015, zp), -limit, limit)
    if b.chance(0.5):
        P.knob(b, "ram_lock", "base", (ram / 2 + 0.03, 0, zp), "x", 0.012, 0.015, limits=(0.0, 2 * math.pi))
    return f"arbor press with a {'turning' if turning else 'fixed'} table and {grips} grip{'s' if grips > 1 else ''}"


def _yoke(x_pins: float, x_plate: float, e: float, t: float, w: float, axis: str) -> list:
    """A U yoke: arms along X from its plate at ``x_plate`` to pins at ``x_pins`` on the
    ``axis`` ("y" or "z") line, ``e`` m from the center, ``t`` thick and ``w`` wide."""
    lo, hi = sorted((x_pins, x_plate))
    arm_len = hi - lo + w / 2
    xc = (lo - w / 2 + hi) / 2 if x_pins < x_plate else (lo + hi + w / 2) / 2
    solids = []
    for s in (-1, 1):
        off = s * (e + t / 2)
        center = (xc, off, 0) if axis == "y" else (xc, 0, off)
        size = (arm_len, t, w) if axis == "y" else (arm_len, w, t)
        solids.append(S.box(size, center))
    span = 2 * (e + t)
    solids.append(S.box((0.008, span, w) if axis == "y" else (0.008, w, span),
                        (x_plate + (0.004 if x_plate > x_pins else -0.004), 0, 0)))
    return solids


def _cross(x: float, e: float, t: float, rp: float) -> list:
    """A cross (spider) at ``x``: a block and pins along Y and Z reaching into the arms."""
    return [S.box((3.2 * rp, 3.2 * rp, 3.2 * rp), (x, 0, 0)),
            S.cylinder(rp, 2 * e + t, (x, 0, 0), "y", sections=12), S.cylinder(rp, 2 * e + t, (x, 0, 0), "z", sections=12)]


@kind("universal_joint", "mechanisms")
def universal_joint(b: Builder) -> str:
    """Cardan (universal) joint: an input shaft turning in one or two pillow blocks
    (continuous), its yoke carrying a cross (revolute) that carries the output yoke and shaft
    (revolute about the other pin); a double Cardan joint has a center yoke and a second cross.

    Joints for 10-40 mm shafts are 40-90 mm long (single and double joints as in DIN 808,
    sizes from the typical manufacturers' range), drawn here working to 23-34 degrees.
    """
    rsft = b.dim(0.005, 0.02)
    rp, t = rsft * 0.5, max(0.004, rsft * 0.5)
    e = 1.6 * rp + 0.004
    w = 2 * rp + 0.006
    a = e + t + w / 2 + 0.006
    double = b.chance(0.4)
    ls, li = b.dim(0.06, 0.15), b.dim(0.08, 0.2)
    limit = b.real(0.4, 0.6)
    x_out = 2 * a + 0.008 if double else 0.0
    reach = x_out + a + 0.008 + ls
    zc = reach * math.sin(limit) + e + t + 0.015
    blocks = b.pick((1, 2))
    xs_b = [-a - 0.03 - li / 2] if blocks == 1 else [-a - 0.03, -a - 0.01 - li]
    b.link("base", "metal", S.box((li + a + reach + 0.1, 0.08, 0.012), ((reach - li - a) / 2, 0, -zc + 0.006)),
           *[S.box((0.025, 0.05, zc - 0.012 + rsft + 0.012), (x, 0, (-zc + 0.012 + rsft + 0.012) / 2)) for x in xs_b])
    b.link("input_yoke", "metal", *_yoke(0.0, -a, e, t, w, "z"),
           S.cylinder(rsft, li, (-a - 0.008 - li / 2, 0, 0), "x"))
    b.continuous("input_yoke", "base", "x", (0, 0, 0))
    b.link("cross", "metal", *_cross(0.0, e, t, rp))
    b.revolute("cross", "input_yoke", "z", (0, 0, 0), -limit, limit)
    parent = "cross"
    if double:
        b.link("center_yoke", "metal", *_yoke(0.0, a, e, t, w, "y"), *_yoke(x_out, a + 0.008, e, t, w, "z"))
        b.revolute("center_yoke", "cross", "y", (0, 0, 0), -limit, limit)
        b.link("cross_2", "metal", *_cross(x_out, e, t, rp))
        b.revolute("cross_2", "center_yoke", "z", (x_out, 0, 0), -limit, limit)
        parent = "cross_2"
    b.link("output_yoke", "metal", *_yoke(x_out, x_out + a, e, t, w, "y"),
           S.cylinder(rsft, ls, (x_out + a + 0.008 + ls / 2, 0, 0), "x"))
    b.revolute("output_yoke", parent, "y", (x_out, 0, 0), -limit, limit)
    return f"{'double ' if double else ''}universal joint on {blocks} pillow block{'s' if blocks > 1 else ''}"


@kind("hydraulic_cylinder", "mechanisms")
def hydraulic_cylinder(b: Builder) -> str:
    """Hydraulic cylinder: a barrel with two ports, a rod (or a telescopic cylinder's two or
    three nested stages) sliding out (prismatic each), a rod eye, clevis or threaded end, and
    a rear clevis or middle trunnion on which the barrel swings (revolute) or a front flange
    (fixed).

    Bores of 25-100 mm with rods about half the bore (ISO 3320 series), strokes of 0.1-0.5 m
    (typical manufacturers' range), rear clevis and trunnion mountings as in ISO 6020-2.
    """
    stages, rod_ratio = b.pick((1, 1, 2, 3)), b.real(0.25, 0.35)
    bore = b.pick({1: (0.025, 0.032, 0.04, 0.05, 0.063, 0.08, 0.1), 2: (0.063, 0.08, 0.1), 3: (0.08, 0.1)}[stages])
    stroke = b.dim(0.1, 0.5)
    wall = max(0.005, bore * 0.1)
    R = bore / 2 + wall
    lb = stroke / stages + bore + 0.04
    zc = R + 0.03
    mount = b.pick(("clevis", "trunnion", "flange"))
    barrel = [S.tube(bore / 2, R, lb, (lb / 2, 0, zc), "x") if stages > 1 else S.cylinder(R, lb, (lb / 2, 0, zc), "x"),
              S.cylinder(R - 0.001, 0.012, (0.006, 0, zc), "x", sections=20),
              *[S.cylinder(0.008, 0.02, (x, 0, zc + R + 0.005), sections=12) for x in (0.03, lb - 0.03)]]
    if mount == "flange":
        flange = [S.box((0.015, 2 * R + 0.036, 0.02), (lb - 0.0065, 0, zc + s * (R + 0.008))) for s in (-1, 1)]
        flange += [S.box((0.015, 0.021, 2 * R + 0.01), (lb - 0.0065, s * (R + 0.0085), zc)) for s in (-1, 1)]
        b.link("base", "metal", *barrel, *flange)
        owner = "base"
    else:
        px = -0.02 if mount == "clevis" else lb / 2
        if mount == "clevis":
            barrel.append(S.box((0.04, 0.03, 0.03), (-0.015, 0, zc)))
            base = [S.box((0.08, 0.08, 0.012), (px, 0, 0.006))]
            base += [S.box((0.03, 0.008, zc + 0.01), (px, s * 0.021, 0.012 + (zc - 0.002) / 2)) for s in (-1, 1)]
        else:
            base = [S.box((0.06, 2 * R + 0.06, 0.012), (px, 0, 0.006))]
            base += [S.box((0.04, 0.015, zc + 0.01), (px, s * (R + 0.0135), 0.012 + (zc - 0.002) / 2)) for s in (-1, 1)]
            barrel += [S.cylinder(0.012, 0.01, (px, s * (R + 0.001), zc), "y") for s in (-1, 1)]
        b.link("base", "metal", *base)
        b.link("barrel", "metal", *barrel)
        b.revolute("barrel", "base", "y", (px, 0, zc), -0.35, 0.35)
        owner = "barrel"
    if stages == 1:  # only the rod goes inside: a sealed barrel
        b.cut(owner, S.cylinder(bore / 2, lb - 0.024, (lb / 2, 0, zc), "x"))
    parent, ri, x_end = owner, bore / 2, lb
    for k in range(stages):
        # a stage's wall is thicker than its collision sectors' chords dip into its bore, so
        # a stage two levels in stays clear of it
        last = k == stages - 1
        ro, length = min(ri - 0.002, bore * rod_ratio) if last else ri - 0.002, lb - 0.02 * (k + 1)
        wall_k = max(0.007, 0.012 * length + 0.003)
        center = (x_end + 0.02 - length / 2, 0, zc)
        name = "rod" if last else f"stage_{k}"
        b.link(name, "metal", S.tube(ro - wall_k, ro, length, center, "x") if stages - k > 2 else S.cylinder(ro, length, center, "x"))
        if not last and stages - k <= 2:  # nothing but its own child goes inside: sealed
            b.cut(name, S.cylinder(ro - wall_k, length - 0.01, center, "x"))
        b.prismatic(name, parent, "x", 0.0, length * 0.8)
        parent, ri, x_end = name, ro - wall_k, x_end + 0.02
    end = b.pick(("eye", "clevis", "thread"))
    if end == "eye":
        b.add("rod", S.cylinder(ro + 0.012, 0.02, (x_end + ro + 0.01, 0, zc), "y"))
    elif end == "clevis":
        b.add("rod", S.box((0.015, 2 * ro + 0.03, 2 * ro + 0.01), (x_end + 0.0075, 0, zc)),
              *[S.box((0.04, 0.008, 2 * ro + 0.01), (x_end + 0.035, s * (ro + 0.011), zc)) for s in (-1, 1)])
    else:
        b.add("rod", S.cylinder(ro * 0.6, 0.03, (x_end + 0.015, 0, zc), "x", sections=12))
    kind_ = "telescopic cylinder" if stages > 1 else "hydraulic cylinder"
    return f"{kind_} with a {mount} mount and a rod {end}"


@kind("toggle_clamp", "mechanisms")
def toggle_clamp(b: Builder) -> str:
    """Toggle clamp: a base with two cheeks, a handle straddling them hinged at their back
    (revolute), and either a hold-down arm hinged at their front (revolute) whose threaded
    spindle and pad screw up and down (helical), or a push-pull plunger sliding through a
    bushing (prismatic).

    Toggle clamps holding 90-450 kg have bases 4-9 cm long, arms 5-12 cm, handles 8-16 cm
    and M6-M12 spindles of 1-1.75 mm pitch (ISO 261 coarse threads; sizes from the typical
    manufacturers' range); arms open 90-110 degrees and handles 60-85.
    """
    w, lb, hp = b.dim(0.02, 0.035), b.dim(0.04, 0.09), b.dim(0.025, 0.04)
    t, xb, xf = 0.004, -lb * 0.4 + 0.006, lb * 0.4 - 0.006
    yh = w / 2 + t + 0.005
    b.link("base", "metal", S.box((lb, w + 2 * t + 0.024, 0.004), (0, 0, 0.002)),
           *[S.box((lb * 0.8, t, hp + 0.006), (0, s * (w / 2 + t / 2), 0.004 + (hp + 0.006) / 2)) for s in (-1, 1)],
           S.cylinder(0.003, w + 2 * t + 0.012, (xb, 0, hp), "y", sections=8))
    lh = b.dim(0.08, 0.16)
    xu = xb - lh * 0.55
    b.link("handle", "metal", *[S.box((xb + 0.008 - xu, 0.004, 0.01), ((xb + 0.008 + xu) / 2, s * yh, hp)) for s in (-1, 1)],
           S.box((0.008, 2 * yh + 0.004, 0.01), (xu, 0, hp)),
           S.rod((xu, 0, hp), (xb - lh, 0, hp), 0.004, sections=8),
           S.cylinder(0.009, lh * 0.4, (xb - lh * 0.8, 0, hp), "x"))
    b.revolute("handle", "base", "y", (xb, 0, hp), 0.0, b.real(1.0, 1.5))
    if b.chance(0.65):
        la = b.dim(max(0.05, lb * 0.6 + 0.03), 0.12)
        xs, r = xf + la - 0.012, b.pick((0.003, 0.004, 0.005, 0.006))
        b.link("arm", "metal", S.box((la + 0.006, w - 0.004, 0.008), (xf + la / 2 - 0.003, 0, hp)),
               S.cylinder(0.003, w + 2 * t + 0.012, (xf, 0, hp), "y", sections=8))
        b.revolute("arm", "base", (0, -1, 0), (xf, 0, hp), 0.0, b.real(1.5, 1.9))
        below = b.dim(0.008, hp - 0.014)
        b.link("spindle", "metal", S.cylinder(r, below + 0.02, (xs, 0, hp + 0.01 - (below + 0.02) / 2 + 0.005)),
               *[S.cylinder(r * 1.8, 0.004, (xs, 0, hp + s * 0.007), sections=6) for s in (-1, 1)],
               S.cylinder(r * 2.5, 0.006, (xs, 0, hp - below - 0.003)))
        pitch = {0.003: 0.001, 0.004: 0.00125, 0.005: 0.0015, 0.006: 0.00175}[r] / (2 * math.pi)
        b.helical("spindle", "arm", "z", (xs, 0, hp), -0.005 / pitch, 0.01 / pitch, pitch)
        return f"hold-down toggle clamp with an M{int(r * 2000)} spindle"
    xe = lb / 2 + 0.01
    b.add("base", S.box((0.012, w + 0.004, hp + 0.008), (xe, 0, 0.004 + (hp + 0.008) / 2)))
    rod = b.dim(0.004, 0.007)
    b.link("plunger", "metal", S.cylinder(rod, xe + 0.03 - (xb + 0.012), ((xe + 0.03 + xb + 0.012) / 2, 0, hp), "x"),
           S.cylinder(rod * 2, 0.006, (xe + 0.033, 0, hp), "x"))
    b.prismatic("plunger", "base", "x", 0.0, b.dim(0.02, 0.04))
    return "push-pull toggle clamp"
