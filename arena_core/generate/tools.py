"""Hand tools: scissors, pliers, folding knives, vises, adjustable wrenches, bar clamps,
drills, tape measures, caulking guns, folding saws. Small tools lie flat (thickness along Z)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
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


@kind("tape_measure", "tools")
def tape_measure(b: Builder) -> str:
    """Pocket tape measure standing on its base: a hollow case with the reel's round covers on
    its sides, the steel blade pulling out of the mouth (prismatic, up to its stored
    length), a blade lock (a slider, prismatic, or a push button), and on some a belt clip
    on the side (revolute).

    Pocket tapes: cases 55-90 mm long and 55-85 mm high, 30-45 mm thick, blades 13-32 mm
    (1/2-1 1/4 in) wide (typical retail range, e.g. Stanley, Milwaukee). The blade runs on
    the case's floor and through a slot in the nose, 1 mm clear of it.
    """
    ln, h, w = b.dim(0.055, 0.09), b.dim(0.055, 0.085), b.dim(0.03, 0.045)
    blade_w = b.dim(0.013, min(0.032, w - 0.01))
    wall = 0.0025
    r = min(h / 2, ln / 2) - 0.006
    material = b.pick(("plastic", "metal", "rubber"))
    x_reel = -ln / 2 + r + 0.006
    # a hollow case with the reel's round cover bulging from both sides
    b.link("base", material, S.box((ln, w, h), (0, 0, h / 2)),
           *[S.cylinder(r, 0.003, (x_reel, sy * (w / 2 + 0.0015), h / 2), "y") for sy in (-1, 1)])
    b.cut("base", S.box((ln - 2 * wall, w - 2 * wall, h - 2 * wall), (0, 0, h / 2)),
          S.box((wall + 0.002, blade_w + 0.002, 0.004), (ln / 2 - wall / 2, 0, wall + 0.0023)))  # the mouth
    stored = ln / 2 - x_reel  # the blade runs on the case's floor back to the reel
    blade_t = 0.0012
    z_b = wall + 0.0006 + blade_t / 2  # 0.6 mm over the floor
    blade = b.link("blade", "metal", S.box((stored, blade_w, blade_t), (ln / 2 + 0.003 - stored / 2, 0, z_b)),
                   S.box((0.0015, blade_w + 0.004, 0.012), (ln / 2 + 0.00375, 0, z_b + 0.006 - 0.0015)))
    b.prismatic(blade, "base", "x", 0.0, round(stored - 0.01, 3), point=(ln / 2, 0, z_b))
    if b.chance(0.5):  # a slider in a slot on the nose's top
        b.cut("base", S.box((0.016, 0.008, 0.006), (ln / 2 - 0.014, 0, h)))
        lock = b.link("lock", "plastic", S.box((0.008, 0.006, 0.006), (ln / 2 - 0.018, 0, h)),
                      S.box((0.012, 0.014, 0.003), (ln / 2 - 0.018, 0, h + 0.0045)))
        b.prismatic(lock, "base", "x", 0.0, 0.006)
        lock_name = "slide lock"
    else:
        P.button(b, "lock", "base", (ln / 2 - 0.014, 0, h), "z", 0.012, 0.003)
        lock_name = "push-button lock"
    if b.chance(0.6):  # a belt clip sprung against the side, hinged at its top
        clip_l = min(h * 0.7, 0.05)
        xc = ln / 2 - 0.012  # standing 2.75 mm off the reel's cover
        b.add("base", S.box((0.012, 0.006, 0.008), (xc, -w / 2 - 0.003, h - 0.008)))
        clip = b.link("belt_clip", "metal", S.box((0.012, 0.0015, clip_l), (xc, -w / 2 - 0.0065, h - 0.008 - clip_l / 2)))
        b.revolute(clip, "base", (-1, 0, 0), (xc, -w / 2 - 0.006, h - 0.008), 0.0, 0.3)
    return f"tape measure with a {lock_name}"


@kind("caulking_gun", "tools")
def caulking_gun(b: Builder) -> str:
    """Caulking gun lying on its side: an open cradle holding a cartridge (fixed), the
    plunger rod sliding through the frame (prismatic), the trigger (revolute), and on some
    a release plate (revolute) and a fold-out seal-puncture wire (revolute).

    Guns for 300 ml (10 oz) cartridges (50 mm across, 210-230 mm long) and for 600 ml
    sausages / quart cartridges (70 mm, 300 mm): cradles 0.23-0.33 m (typical retail range,
    e.g. Cox, Newborn). The trigger swings 12 mm or more below the rod.
    """
    big = b.chance(0.3)
    cr, cl = (0.035, b.dim(0.28, 0.3)) if big else (0.025, b.dim(0.21, 0.23))
    frame_r = cr + 0.004
    length = cl + 0.02
    zc = frame_r + 0.002  # the barrel's axis
    b.link("base", "metal", S.tube(frame_r - 0.0015, frame_r, length, (length / 2, 0, zc), "x"),
           S.box((0.006, 2 * frame_r, 2 * frame_r), (length + 0.003, 0, zc)),
           S.box((0.012, 2 * frame_r, 2 * frame_r), (-0.006, 0, zc)))
    # the cradle is open on top (from the axis up, so the tube's pieces are half-ring
    # sectors), the front plate has a slot for the nozzle
    b.cut("base", S.box((length - 0.02, 2 * frame_r + 0.01, frame_r + 0.01), (length / 2, 0, zc + frame_r / 2 + 0.005)),
          S.box((0.02, 0.014, frame_r + 0.01), (length + 0.003, 0, zc + frame_r / 2)))
    cart = b.link("cartridge", "plastic", S.cylinder(cr, cl - 0.004, (length / 2, 0, zc), "x"),
                  S.cone(0.007, 0.06, (length + 0.006, 0, zc), "x"))
    b.fixed(cart, "base", (length / 2, 0, zc))
    grip_l = b.dim(0.1, 0.13)
    # the handle hangs below the frame's back end; the trigger ahead of it
    b.add("base", S.bar((-0.012, 0, zc - frame_r + 0.01), (-0.03, 0, zc - frame_r - grip_l), 0.022, 0.03),
          S.box((0.05, 0.018, 0.03), (-0.03, 0, zc - frame_r + 0.002)))
    rod_l = cl + b.dim(0.08, 0.1)  # its ring stays 2 cm behind the release plate
    rod = b.link("plunger", "metal", S.rod((-rod_l + 0.06, 0, zc), (0.004, 0, zc), 0.004),
                 S.cylinder(cr - 0.003, 0.004, (0.006, 0, zc), "x"),
                 S.torus(0.018, 0.004, (-rod_l + 0.06 - 0.018, 0, zc), "y"))
    b.prismatic(rod, "base", "x", 0.0, round(cl - 0.03, 3), point=(0.004, 0, zc))
    pivot = (0.014, 0, zc - frame_r - 0.006)
    trigger = b.link("trigger", "metal", S.bar(pivot, (0.03, 0, zc - frame_r - grip_l * 0.9), 0.02, 0.012))
    b.revolute(trigger, "base", (0, 1, 0), pivot, 0.0, 0.2)
    extras = []
    if b.chance(0.5):  # the release plate behind the frame, pressed forward to free the rod
        plate = b.link("release", "metal", S.box((0.003, 0.016, 0.03), (-0.016, 0, zc + 0.006)))
        b.cut(plate, S.box((0.01, 0.012, 0.012), (-0.016, 0, zc)))  # the rod passes through
        b.revolute(plate, "base", (0, 1, 0), (-0.0145, 0, zc - 0.009), 0.0, 0.25)
        extras.append("release plate")
    if b.chance(0.5):  # the puncture wire folds out of the frame's side
        y = frame_r + 0.003
        wire = b.link("puncture_wire", "metal", S.rod((0.04, y, zc - frame_r * 0.6), (0.04 + 0.12, y, zc - frame_r * 0.6), 0.0015, sections=6))
        b.add("base", S.box((0.006, 0.004, 0.006), (0.04, y - 0.002, zc - frame_r * 0.6)))
        b.revolute(wire, "base", (0, -1, 0), (0.04, y, zc - frame_r * 0.6), 0.0, math.pi / 2)
        extras.append("puncture wire")
    return f"{'quart ' if big else ''}caulking gun" + (" with a " + " and a ".join(extras) if extras else "")


@kind("folding_saw", "tools")
def folding_saw(b: Builder) -> str:
    """Folding pruning saw lying on its side: the blade folds over the top into the slotted
    handle (revolute, half a turn), a lock button on the handle's side (prismatic), a
    straight or pistol-grip handle.

    Folding saws: blades 0.15-0.3 m long and 25-40 mm high, about 1.2-1.5 mm thick, handles
    0.2-0.35 m (typical retail range, e.g. Silky, Bahco, Corona). Folded, the blade lies in
    the handle's slot 1.5 mm from its walls and floor.
    """
    blade_l, blade_h = b.dim(0.15, 0.3), b.dim(0.025, 0.04)
    t = 0.0014
    handle_l = blade_l + b.dim(0.03, 0.05)
    hw, hh = b.dim(0.02, 0.028), blade_h + b.dim(0.012, 0.02)
    material = b.pick(("plastic", "rubber", "wood"))
    top = hh
    zp = top - blade_h / 2 - 0.003  # the pivot, half a blade under the top
    b.link("base", material, S.box((handle_l, hw, hh), (-handle_l / 2, 0, hh / 2)))
    slot_floor = zp - blade_h / 2 - 0.0015
    b.cut("base", S.box((blade_l + 0.01, t + 0.003, top - slot_floor + 0.01), (-blade_l / 2 - 0.002, 0, (slot_floor + top + 0.01) / 2)))
    pistol = b.chance(0.4)
    if pistol:
        b.add("base", S.box((0.1, hw, hh * 1.1), (-handle_l - 0.04, 0, hh * 0.2), rotation=S.rotation("y", -0.5)))
    blade = b.link("blade", "metal", S.cylinder(blade_h / 2 - 0.002, t, (0, 0, zp), "y"),
                   S.box((blade_l, t, blade_h), (blade_l / 2, 0, zp)))
    b.cut(blade, S.box((0.06, 0.01, 0.06), (blade_l, 0, zp + blade_h / 2), rotation=S.rotation("y", 0.6)))
    b.revolute(blade, "base", (0, -1, 0), (0, 0, zp), 0.0, math.pi - 0.01)
    P.button(b, "lock_button", "base", (-0.015, hw / 2, hh * 0.4), "y", 0.01, 0.003, round_=True)
    return "folding saw with a pistol grip" if pistol else "folding saw"
