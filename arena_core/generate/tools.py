"""Hand tools: scissors, pliers, folding knives, vises, adjustable wrenches, bar clamps,
tape measures. Small tools lie flat (thickness along Z)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _lever_half(pivot, blade: float, handle: float, angle: float, z: float, t: float, *,
                blade_w: float, ring: float) -> list:
    """One half of a scissor-like tool: a blade ahead of ``pivot`` and a handle behind it,
    splayed by ``angle`` rad from the X axis, lying in the layer ``z .. z + t``."""
    p = np.asarray(pivot, float)
    fwd = np.array([math.cos(angle), math.sin(angle), 0.0])
    back = np.array([-math.cos(6 * angle), -math.sin(6 * angle), 0.0])  # handles splay apart
    zc = np.array([0, 0, z + t / 2])
    pieces = [S.bar(p + zc - fwd * 0.01, p + zc + fwd * blade, blade_w, t),
              S.bar(p + zc, p + zc + back * handle, blade_w * 0.8, t)]
    if ring > 0:
        pieces.append(S.tube(ring * 0.6, ring, t, p + zc + back * (handle + ring * 0.8), "z"))
    return pieces


@kind("scissors", "tools")
def scissors(b: Builder) -> str:
    """Scissors lying closed: the upper half opens about the pivot screw (revolute Z).

    Household and office scissors are 10-18 cm long (blades 6-12 cm, handles with finger rings
    24-36 mm across; retail range, office scissors usually 13-21 cm); the blades open 35-57
    degrees.
    """
    blade, handle, t = b.dim(0.06, 0.12), b.dim(0.04, 0.06), 0.0025
    ring = b.dim(0.012, 0.018)
    b.link("base", "metal", *_lever_half((0, 0, 0), blade, handle, -0.03, 0.0, t, blade_w=0.008, ring=ring))
    upper = b.link("upper_half", "metal",
                   *_lever_half((0, 0, 0), blade, handle, 0.03, t + 0.0003, t, blade_w=0.008, ring=ring))
    b.revolute(upper, "base", "z", (0, 0, 0), 0.0, b.real(0.6, 1.0))
    return "scissors"


@kind("pliers", "tools")
def pliers(b: Builder) -> str:
    """Pliers: short jaws, long handles, one revolute about the rivet.

    Combination and slip-joint pliers are 13-21 cm long with jaws of 3-6 cm (ISO 5746 engineer's
    pliers: 160, 180 and 200 mm sizes), 6 mm thick at the joint; the handles open 20-34 degrees.
    """
    jaw, handle, t = b.dim(0.03, 0.06), b.dim(0.1, 0.15), 0.006
    b.link("base", "metal", *_lever_half((0, 0, 0), jaw, handle, -0.04, 0.0, t, blade_w=0.012, ring=0.0))
    other = b.link("other_half", "metal",
                   *_lever_half((0, 0, 0), jaw, handle, 0.04, t + 0.0003, t, blade_w=0.012, ring=0.0))
    b.revolute(other, "base", "z", (0, 0, 0), 0.0, b.real(0.35, 0.6))
    return "pliers"


@kind("folding_knife", "tools")
def folding_knife(b: Builder) -> str:
    """Folding knife or multi-tool: 1-5 blades folded into the handle, each opening half a
    turn about a pivot at either end (revolute Z).

    Pocket knives and multi-tools are 8-11 cm long closed and 18-26 mm wide, with 1-5 blades
    (Victorinox Swiss Army knives: 84, 91 and 111 mm handles); each blade opens through 170-180
    degrees.
    """
    length, w = b.dim(0.08, 0.11), b.dim(0.018, 0.026)
    tools = b.count(1, 5)
    layer = 0.0025
    depth = layer * (tools + 2)
    b.link("base", "plastic", S.box((length, w, layer), (0, 0, layer / 2)),
           S.box((length, w, layer), (0, 0, depth - layer / 2)),
           S.box((0.01, w, depth), (0, 0, depth / 2)))
    for k in range(tools):
        z = layer * (k + 1) + layer / 2
        end = 1.0 if k % 2 == 0 else -1.0
        pivot = np.array([end * (length / 2 - 0.006), 0, z])
        tip = pivot - np.array([end * (length - 0.02), 0, 0])
        blade = b.link(f"blade_{k}", "metal", S.bar(pivot, tip, w * 0.7, layer * 0.8))
        b.revolute(blade, "base", (0, 0, end), pivot, 0.0, math.pi * b.real(0.95, 1.0))
    return "folding knife" if tools == 1 else f"multi-tool with {tools} blades"


@kind("vise", "tools")
def vise(b: Builder) -> str:
    """Bench vise: the screw turns and advances (helical) in a nut on the body, through a bore
    in the sliding jaw; the jaw slides (prismatic), the tommy bar slides through the screw
    head (prismatic). The bore and the nut's hole are square, 4 mm wider than the screw on
    every side, and the jaw's guide stops 1 cm short of the nut at full travel.

    Bench vises have jaws 8-15 cm wide (3-6 in, the retail sizes) opening 6-15 cm, driven by a
    screw of 2-4.4 mm lead (trapezoidal threads, ISO 2904 Tr 20 x 4 and similar); the tommy bar
    slides 6 cm either way through the screw's head.
    """
    w, travel = b.dim(0.08, 0.15), b.dim(0.06, 0.15)
    pitch = b.real(0.0003, 0.0007)
    body_l = travel + 0.12
    zs, rs, hole = 0.075, 0.008, 0.024  # screw axis height, screw radius, square hole side
    jaw_x = -body_l / 2 + 0.03 + 0.005
    end = jaw_x + body_l - 0.02
    guide = body_l - travel - 0.05  # the jaw's guide on the bed
    b.link("base", "metal", S.box((body_l, w * 0.5, 0.04), (0, 0, 0.02)),
           S.box((0.03, w, 0.07), (-body_l / 2 + 0.015, 0, 0.075)),
           S.box((0.015, 0.05, 0.06), (end - 0.0125, 0, 0.07)))
    b.cut("base", S.box((0.03, hole, hole), (end - 0.0125, 0, zs)))
    jaw = b.link("jaw", "metal", S.box((0.03, w, 0.07), (jaw_x + 0.015, 0, 0.075)),
                 S.box((guide, w * 0.4, 0.015), (jaw_x + guide / 2, 0, 0.0475)))
    b.cut(jaw, S.box((0.05, hole, hole), (jaw_x + 0.015, 0, zs)))
    b.prismatic(jaw, "base", "x", 0.0, travel, point=(jaw_x, 0, 0.075))
    screw = b.link("screw", "metal", S.cylinder(rs, body_l - 0.02, (jaw_x + (body_l - 0.02) / 2, 0, zs), "x"),
                   S.cylinder(0.016, 0.025, (end + 0.0125, 0, zs), "x"))
    b.helical(screw, "base", "x", (end, 0, zs), 0.0, travel / pitch, pitch)
    bar = b.link("tommy_bar", "metal", S.rod((end + 0.012, -0.08, zs), (end + 0.012, 0.08, zs), 0.005))
    b.prismatic(bar, screw, "y", -0.06, 0.06)
    return "bench vise with a screw"


@kind("adjustable_wrench", "tools")
def adjustable_wrench(b: Builder) -> str:
    """Adjustable wrench: the lower jaw slides (prismatic) as the worm turns (continuous).

    Adjustable wrenches are 15-30 cm long and 8-14 mm thick, opening to about 12% of the length
    (ISO 6787 adjustable spanners: 150 mm / 20 mm, 200 mm / 24 mm, 250 mm / 30 mm, 300 mm / 34
    mm); the worm turns freely.
    """
    length, t = b.dim(0.15, 0.3), b.dim(0.008, 0.014)
    head = length * 0.2
    b.link("base", "metal", S.bar((-length / 2, 0, t / 2), (length / 2 - head, 0, t / 2), 0.02, t),
           S.box((head, head * 0.35, t), (length / 2 - head / 2, head * 0.45, t / 2)))
    open_ = b.dim(0.005, head * 0.5)
    jaw = b.link("jaw", "metal", S.box((head * 0.8, head * 0.3, t), (length / 2 - head * 0.4, -open_ - head * 0.15 + 0.005, t / 2)))
    b.prismatic(jaw, "base", (0, -1, 0), -open_ + 0.002, head * 0.6)
    worm = b.link("worm", "metal", S.cylinder(0.006, 0.014, (length / 2 - head - 0.01, -0.004, t / 2), "y"))
    b.continuous(worm, "base", "y", (length / 2 - head - 0.01, -0.004, t / 2))
    return "adjustable wrench"


@kind("bar_clamp", "tools")
def bar_clamp(b: Builder) -> str:
    """F-clamp: the lower arm slides along the bar (prismatic), its screw turns and advances
    the pad (helical), and the handle is part of the screw.

    F-style bar clamps have bars of 15-45 cm and a throat of 6-12 cm (retail range: 150-1000 mm
    bars, 50-120 mm reach), the sliding arm running most of the bar and its screw (2.5-5 mm
    lead) advancing the pad up to 5 cm.
    """
    bar_l, reach = b.dim(0.15, 0.45), b.dim(0.06, 0.12)
    pitch = b.real(0.0004, 0.0008)
    b.link("base", "metal", S.box((0.008, 0.02, bar_l), (0, 0, bar_l / 2)),
           S.box((reach, 0.02, 0.015), (reach / 2, 0, bar_l - 0.0075)))
    z_arm = bar_l * b.real(0.2, 0.4)
    arm = b.link("sliding_arm", "metal", S.box((0.02, 0.026, 0.03), (0, 0, z_arm)),
                 S.box((reach, 0.02, 0.015), (reach / 2 + 0.01, 0, z_arm)))
    b.prismatic(arm, "base", "z", -z_arm + 0.03, bar_l - z_arm - 0.08, point=(0, 0, z_arm))
    x = reach * 0.75
    travel = min(0.05, bar_l - z_arm - 0.08)
    screw = b.link("screw", "metal", S.rod((x, 0, z_arm - 0.08), (x, 0, z_arm + 0.03), 0.005),
                   S.cylinder(0.012, 0.005, (x, 0, z_arm + 0.032)),
                   S.cylinder(0.012, 0.06, (x, 0, z_arm - 0.11)))
    b.helical(screw, arm, "z", (x, 0, z_arm), 0.0, travel / pitch, pitch)
    return "F-style bar clamp"


@kind("drill", "tools")
def drill(b: Builder) -> str:
    """Cordless drill: chuck (continuous), trigger (prismatic), direction switch
    (prismatic) and clutch ring (revolute).

    Cordless drill/drivers are 15-22 cm long and 18-26 cm tall with a 10 or 13 mm keyless chuck
    (retail range, 12-18 V compact drills); the trigger presses in 8 mm, the direction switch
    slides 8 mm either way, and the clutch ring turns 170-290 degrees over its 15-25 torque
    settings.
    """
    ln, h = b.dim(0.15, 0.22), b.dim(0.18, 0.26)
    grip_x = -ln * 0.25
    b.link("base", "plastic", S.box((ln, 0.055, 0.065), (0, 0, h - 0.0325)),
           S.bar((grip_x, 0, h - 0.06), (grip_x - 0.03, 0, 0.06), 0.045, 0.035),
           S.box((0.1, 0.07, 0.06), (grip_x - 0.02, 0, 0.03)))
    nose = (ln / 2, 0, h - 0.0325)
    ring = b.link("clutch_ring", "plastic", S.tube(0.021, 0.028, 0.015, (ln / 2 + 0.0075, 0, nose[2]), "x"))
    b.revolute(ring, "base", "x", nose, 0.0, b.real(3.0, 5.0))
    chuck = b.link("chuck", "metal", S.cylinder(0.02, 0.05, (ln / 2 + 0.04, 0, nose[2]), "x"),
                   S.cone(0.012, 0.02, (ln / 2 + 0.065, 0, nose[2]), "x"))
    b.continuous(chuck, "base", "x", nose)
    trigger = b.link("trigger", "plastic", S.box((0.015, 0.015, 0.03), (grip_x + 0.02, 0, h - 0.09)))
    b.prismatic(trigger, "base", (-1, 0, 0), 0.0, 0.008)
    switch = b.link("direction_switch", "plastic", S.box((0.01, 0.07, 0.01), (grip_x + 0.01, 0, h - 0.07)))
    b.prismatic(switch, "base", "y", -0.008, 0.008)
    return "cordless drill"
