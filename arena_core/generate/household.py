"""Home appliances: washing machines, fans, printers, ceiling fans, radiators, vacuums,
tumble dryers (more in :mod:`arena_core.generate.household_b`)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import meshing
from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _rotor(b: Builder, name: str, parent: str, center, axis, radius: float, blades: int, *,
           material: str = "plastic") -> str:
    """A hub with ``blades`` flat blades spinning continuously about ``axis``."""
    ax = S.unit(axis)
    c = np.asarray(center, float)
    hub = S.cylinder(radius * 0.15, radius * 0.12, c, ax, sections=16)
    ref = np.cross(ax, (0, 0, 1.0)) if abs(ax[2]) < 0.9 else np.array([1.0, 0, 0])
    ref /= S.length(ref)
    pieces = [hub]
    for k in range(blades):
        radial = meshing.matmul3(S.rotation(ax, 2 * np.pi * k / blades), ref)
        tangent = np.cross(ax, radial)
        pitch = S.rotation(radial, 0.3)
        rot = meshing.matmul3(pitch, np.column_stack([radial, tangent, ax]))
        pieces.append(S.box((radius * 0.85, radius * 0.3, 0.004), c + radial * radius * 0.55,
                            rotation=rot))
    b.link(name, material, *pieces)
    b.continuous(name, parent, ax, c)
    return name


@kind("washing_machine", "home_appliances")
def washing_machine(b: Builder) -> str:
    """Front loader (round door, drum about X, detergent drawer) or top loader (lid, drum about Z).

    Domestic washing machines are 60 cm wide (55-62 cm), 50-65 cm deep and 82-90 cm tall to fit
    under an 85-90 cm worktop (retail range, 6-10 kg drums); a front-loader's porthole is 30-34
    cm across and opens 85-110 degrees, a top-loader's lid about 80-90 degrees.
    """
    w, d, h = b.dim(0.55, 0.62), b.dim(0.5, 0.65), b.dim(0.82, 0.9)
    P.shell(b, "base", "metal", (d, w, h), (0, 0, h / 2), 0.004, open_face=None)
    drum_r = min(w, h) * 0.36
    if b.chance(0.7):
        zc = h * 0.45
        b.cut("base", S.cylinder(drum_r * 0.85, 0.2, (d / 2, 0, zc), "x"))
        drum = b.link("drum", "metal", S.tube(drum_r - 0.005, drum_r, d * 0.6, (0.0, 0, zc), "x"),
                      S.cylinder(drum_r, 0.005, (-d * 0.3, 0, zc), "x"))
        b.continuous(drum, "base", "x", (0, 0, zc))
        ring = b.link("door", "plastic", S.tube(drum_r * 0.75, drum_r * 0.95, 0.04, (d / 2 + 0.02, 0, zc), "x"))
        glass = b.link("door_glass", "glass", S.cylinder(drum_r * 0.76, 0.01, (d / 2 + 0.02, 0, zc), "x"))
        b.revolute(ring, "base", (0, 0, -1), (d / 2 + 0.04, -drum_r * 0.95, zc), 0.0, b.real(1.5, 1.9))
        b.fixed(glass, ring)
        P.drawer(b, "detergent_drawer", "base", x_face=d / 2, y0=-w / 2 + 0.02, y1=-w / 2 + 0.22,
                 z0=h - 0.1, z1=h - 0.02, depth=0.25, t=0.01, material="plastic",
                 travel=0.18, handle=None)
        P.knob(b, "program_knob", "base", (d / 2, w / 2 - 0.1, h - 0.06), "x", 0.03, 0.025)
        return "front-loading washing machine"
    b.cut("base", S.cylinder(drum_r, 0.2, (0, 0, h), "z"))
    drum = b.link("drum", "metal", S.tube(drum_r - 0.01, drum_r - 0.005, h * 0.6, (0, 0, h * 0.55)),
                  S.cylinder(drum_r - 0.005, 0.005, (0, 0, h * 0.25)))
    b.continuous(drum, "base", "z", (0, 0, h * 0.5))
    lid = b.link("lid", "plastic", S.box((d - 0.125, w - 0.04, 0.02), (0.04, 0, h + 0.01)))
    # the lid opens to just short of upright and the knob sits on top of the control panel,
    # behind the hinge line: a knob on the panel's front face blocked the opening lid
    b.revolute(lid, "base", (0, -1, 0), (-d / 2 + 0.1, 0, h), 0.0, b.real(1.4, 1.55))
    b.add("base", S.box((0.1, w, 0.12), (-d / 2 + 0.05, 0, h + 0.06)))
    P.knob(b, "program_knob", "base", (-d / 2 + 0.04, 0.0, h + 0.12), "z", 0.025, 0.025)
    return "top-loading washing machine"


@kind("fan", "home_appliances")
def fan(b: Builder) -> str:
    """Desk or pedestal fan: telescoping pole, oscillation, tilt and a spinning rotor.

    The motor sits on the yoke with the rotor 7 cm and the guard 8.5 cm in front of the tilt
    axis; the head stands high enough that the guard clears the foot at any tilt, and its
    tilt stops (down at most 0.3 rad, up 0.3-0.6 rad) while the guard, its spokes, the rotor
    and the motor keep 6 mm from the pole.

    Desk fans of 23-40 cm (9-16 in) and pedestal fans of 30-50 cm (12-20 in) blade sweep (retail
    range); pedestal fans stand 1.0-1.4 m tall, telescoping 15-30 cm, and oscillate 70-120
    degrees in all (drawn 35-57 degrees either way).
    """
    standing = b.chance(0.5)
    pole_h = b.dim(0.7, 1.0) if standing else b.dim(0.15, 0.25)
    radius = b.dim(0.15, 0.25)
    ring, guard_x, rotor_x, motor = radius * 1.05, 0.085, 0.07, (-0.1, 0.04, 0.06)
    lift = 0.05 + radius * 0.3  # the tilt axis above the pole's top
    # the guard's lowest reach (at any tilt) 2 cm over the foot's top (4 cm)
    z_top = max(pole_h, round(0.06 + math.hypot(ring + 0.006, guard_x) + 0.006 - lift, 3))
    b.link("base", "plastic", S.cylinder(b.dim(0.14, 0.2), 0.04, (0, 0, 0.02)))
    parent = "base"
    if standing:
        b.add("base", S.cylinder(0.02, z_top * 0.6, (0, 0, z_top * 0.3)))
        # the inner pole reaches down into the outer one, deeper than it rises
        b.link("pole", "metal", S.cylinder(0.014, z_top * 0.9, (0, 0, z_top * 0.55)))
        b.prismatic("pole", "base", "z", 0.0, b.dim(0.15, 0.3), point=(0, 0, z_top * 0.6))
        parent = "pole"
    else:
        b.add("base", S.cylinder(0.02, z_top, (0, 0, z_top / 2)))
    zc = z_top + lift
    yoke = b.link("yoke", "plastic", S.cylinder(0.025, lift, (0, 0, z_top + lift / 2)))
    b.revolute(yoke, parent, "z", (0, 0, z_top), -b.real(0.6, 1.0), b.real(0.6, 1.0))
    head = b.link("head", "plastic", S.cylinder(motor[2], motor[1] - motor[0],
                                                ((motor[0] + motor[1]) / 2, 0, zc), "x"),
                  S.torus(ring, 0.006, (guard_x, 0, zc), "x"))
    for k in range(8):
        end = np.array([guard_x, 0, zc]) + S.ring_points(ring, 8, (0, 0, 0), "x")[k]
        b.add(head, S.rod((motor[1], 0, zc), end, 0.003, sections=6))
    outline = _fan_outline(ring, guard_x, rotor_x, radius, motor)
    down = _tilt_room(outline, -1.0, 0.3, -lift + 0.005, 0.02 + 0.006)
    up = _tilt_room(outline, 1.0, b.real(0.3, 0.6), -lift + 0.005, 0.02 + 0.006)
    b.revolute(head, yoke, (0, -1, 0), (0, 0, zc), -down, up)
    blades = b.count(3, 5)
    _rotor(b, "rotor", head, (rotor_x, 0, zc), "x", radius, blades)
    return f"{'pedestal' if standing else 'desk'} fan with {blades} blades"


def _fan_outline(ring: float, guard_x: float, rotor_x: float, radius: float,
                 motor: tuple[float, float, float]) -> list[tuple[float, float, float]]:
    """Points ``(x, z, r)`` (about the tilt axis, in the plane Y = 0; ``r`` the solid's
    half thickness there) bounding a fan head: the guard's rim and spokes, the rotor's
    swept disk and the motor's outline."""
    pts = []
    for sign in (-1.0, 1.0):
        pts += [(guard_x, sign * ring, 0.006), (rotor_x - 0.012, sign * radius, 0.002),
                (rotor_x + 0.012, sign * radius, 0.002)]
        pts += [(motor[1] + (guard_x - motor[1]) * k / 10, sign * ring * k / 10, 0.003)
                for k in range(11)]
        pts += [(motor[0] + (motor[1] - motor[0]) * k / 10, sign * motor[2], 0.0)
                for k in range(11)]
    return pts


def _tilt_room(outline: list[tuple[float, float, float]], sign: float, wanted: float,
               below: float, room: float) -> float:
    """Largest tilt (rad, a multiple of 0.01, at most ``wanted``) of a head about its tilt
    axis (``sign`` +1: its front up) at which no point of ``outline`` lower than ``below``
    (relative to the axis) comes within ``room`` m of the vertical line under the axis."""
    best = 0.0
    for k in range(1, int(round(wanted * 100)) + 1):
        angle = sign * k / 100.0
        cos, sin = math.cos(angle), math.sin(angle)
        if any(x * sin + z * cos - r < below and abs(x * cos - z * sin) - r < room
               for x, z, r in outline):
            break
        best = k / 100.0
    return best


@kind("printer", "home_appliances")
def printer(b: Builder) -> str:
    """Printer: scanner lid (revolute), paper cassette (prismatic), output flap, buttons.

    Inkjet and laser all-in-one printers are 38-50 cm wide, 30-42 cm deep and 15-30 cm tall
    (retail range, A4/letter paper: a cassette of 21-22 cm x 28-30 cm pulling out about 60% of
    the depth); the scanner lid opens 70-90 degrees.
    """
    w, d, h = b.dim(0.38, 0.5), b.dim(0.3, 0.42), b.dim(0.15, 0.3)
    b.link("base", "plastic", S.box((d, w, h), (0, 0, h / 2)))
    b.cut("base", S.box((0.1, w * 0.7, 0.03), (d / 2, 0, h * 0.55)))
    # the scanner lid covers the top behind a 7 cm control strip that carries the buttons
    lid = b.link("scanner_lid", "plastic", S.box((d - 0.07, w, 0.025), (-0.035, 0, h + 0.0125)))
    b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h), 0.0, b.real(1.2, 1.6))
    P.drawer(b, "paper_tray", "base", x_face=d / 2, y0=-w * 0.4, y1=w * 0.4, z0=0.01,
             z1=h * 0.35, depth=d * 0.8, t=0.01, material="plastic", travel=d * 0.6,
             handle=None)
    flap = b.link("output_flap", "plastic", S.box((0.01, w * 0.7, h * 0.15), (d / 2 + 0.005, 0, h * 0.45)))
    b.revolute(flap, "base", "y", (d / 2 + 0.01, 0, h * 0.45 - h * 0.075), 0.0, 1.57)
    n = b.count(1, 4)
    for k in range(n):
        P.button(b, f"button_{k}", "base", (d / 2 - 0.035, w / 2 - 0.03 - k * 0.03, h), "z",
                 0.015, 0.002, round_=True)
    return f"printer with {n} buttons"


@kind("ceiling_fan", "home_appliances")
def ceiling_fan(b: Builder) -> str:
    """Ceiling fan (hanging from its canopy): motor housing, rotor, optional pull-chain light.

    Ceiling fans sweep 90-140 cm (36-56 in; 42-52 in the most common) on a downrod of 15-45 cm
    (retail range), keeping the blades at least 2.1 m (7 ft) above the floor (manufacturers'
    installation guides); the pull chain pulls down about 2 cm.
    """
    drop, radius = b.dim(0.15, 0.45), b.dim(0.45, 0.7)
    blades = b.count(3, 5)
    top = drop + 0.2
    b.link("base", "metal", S.cylinder(0.07, 0.04, (0, 0, top - 0.02)),
           S.rod((0, 0, top), (0, 0, 0.15), 0.01), S.cylinder(0.05, 0.12, (0, 0, 0.06)))
    _rotor(b, "rotor", "base", (0, 0, 0.14), "z", radius, blades, material="wood")
    chain = b.link("pull_chain", "metal", S.rod((0.03, 0, 0.0), (0.03, 0, -0.12), 0.002, sections=6))
    b.prismatic(chain, "base", (0, 0, -1), 0.0, 0.02, point=(0.03, 0, 0.0))
    return f"{blades}-blade ceiling fan"


@kind("radiator", "home_appliances")
def radiator(b: Builder) -> str:
    """Oil-filled radiator heater on four wheels with thermostat and power knobs.

    Oil-filled radiators have 7-13 fins of 4.5-6 cm pitch, stand 50-65 cm tall and 12-16 cm deep
    (retail range, 1-2.5 kW) on four castors of 5 cm; the thermostat knob turns about 290
    degrees, the power selector a quarter turn.
    """
    fins, fin_w = b.count(7, 13), b.dim(0.045, 0.06)
    h, d = b.dim(0.5, 0.65), b.dim(0.12, 0.16)
    w = fins * fin_w
    b.link("base", "metal", *[S.box((d, fin_w * 0.5, h - 0.08),
                                    (0, -w / 2 + fin_w * (k + 0.5), 0.08 + (h - 0.08) / 2))
                              for k in range(fins)])
    b.add("base", S.box((d * 0.4, w, 0.03), (0, 0, 0.1)), S.box((d * 0.4, w, 0.03), (0, 0, h - 0.02)))
    b.add("base", S.box((0.1, 0.08, 0.04), (0, w / 2 + 0.04, h - 0.1)))
    for sx in (-1, 1):
        for sy in (-1, 1):
            P.wheel(b, f"wheel_{'fb'[sx > 0]}{'lr'[sy > 0]}", "base", (sx * d * 0.8, sy * w * 0.35, 0.025),
                    "y", 0.025, 0.015)
            b.add("base", S.rod((sx * d * 0.8, sy * w * 0.35, 0.025), (0, sy * w * 0.35, 0.1), 0.006))
    P.knob(b, "thermostat", "base", (-0.025, w / 2 + 0.08, h - 0.1), "y", 0.016, 0.015,
           limits=(0.0, 1.6 * math.pi))
    P.knob(b, "power", "base", (0.025, w / 2 + 0.08, h - 0.1), "y", 0.012, 0.015,
           limits=(0.0, 0.5 * math.pi))
    return f"{fins}-fin oil radiator"


@kind("vacuum", "home_appliances")
def vacuum(b: Builder) -> str:
    """Upright vacuum: floor head with wheels and brush roll, tilting body, telescoping handle.

    Upright vacuum cleaners have a floor head 25-35 cm wide and 20-28 cm deep (brush roll 22-32
    cm) and a body of 50-70 cm under a handle at 100-120 cm (retail range); the body reclines
    45-63 degrees from upright and the handle telescopes 10-25 cm.
    """
    hw, hd = b.dim(0.25, 0.35), b.dim(0.2, 0.28)
    b.link("base", "plastic", S.box((hd, hw, 0.06), (0, 0, 0.05)))
    P.wheel(b, "wheel_left", "base", (-hd / 2, -hw / 2 - 0.015, 0.04), "y", 0.04, 0.025)
    P.wheel(b, "wheel_right", "base", (-hd / 2, hw / 2 + 0.015, 0.04), "y", 0.04, 0.025)
    brush = b.link("brush_roll", "rubber", S.cylinder(0.02, hw - 0.03, (hd / 2 - 0.04, 0, 0.025), "y"))
    b.continuous(brush, "base", "y", (hd / 2 - 0.04, 0, 0.025))
    body_h = b.dim(0.5, 0.7)
    body = b.link("body", "plastic", S.box((0.12, 0.18, body_h), (-hd / 2 + 0.02, 0, 0.1 + body_h / 2)))
    b.revolute(body, "base", (0, -1, 0), (-hd / 2 + 0.02, 0, 0.08), 0.0, b.real(0.8, 1.1))
    handle = b.link("handle", "aluminum", S.rod((-hd / 2 + 0.02, 0, 0.1 + body_h - 0.2),
                                                (-hd / 2 + 0.02, 0, 0.1 + body_h + 0.35), 0.012),
                    S.box((0.04, 0.12, 0.03), (-hd / 2 + 0.02, 0, 0.1 + body_h + 0.36)))
    b.prismatic(handle, body, "z", 0.0, b.dim(0.1, 0.25))
    return "upright vacuum cleaner"


def _leveling_feet(b: Builder, d: float, w: float, foot_h: float) -> None:
    """Four screw-in leveling feet under the corners of a ``d`` x ``w`` housing standing
    ``foot_h`` m up: each unscrews downward (helical, M10 thread: 1.5 mm per turn)."""
    for sx in (-1, 1):
        for sy in (-1, 1):
            x, y = sx * (d / 2 - 0.05), sy * (w / 2 - 0.05)
            foot = b.link(f"foot_{'bf'[sx > 0]}{'lr'[sy > 0]}", "rubber",
                          S.cylinder(0.02, foot_h, (x, y, foot_h / 2), sections=12))
            b.helical(foot, "base", (0, 0, -1), (x, y, foot_h), 0.0, 4 * 2 * math.pi,
                      0.0015 / (2 * math.pi))


@kind("clothes_dryer", "home_appliances")
def clothes_dryer(b: Builder) -> str:
    """Front-loading tumble dryer: a drum (continuous) behind a round hole, a round or
    square door hinged on the left or right, a lint filter pulled up from the top (vented)
    or a water tank drawer (condenser), a program knob, 1-4 buttons and four screw feet.

    Sizes from the typical range of full-size dryers: 600 mm European modules (595-600 mm
    wide, 550-650 mm deep, 840-850 mm tall) to 27-inch North American models (about 690 mm
    wide, 700-760 mm deep, 960-1000 mm tall).
    """
    w, d, h = b.dim(0.595, 0.69), b.dim(0.55, 0.76), b.dim(0.84, 1.0)
    foot_h = 0.03
    P.shell(b, "base", "metal", (d, w, h - foot_h), (0, 0, foot_h + (h - foot_h) / 2), 0.004,
            open_face=None)
    drum_r = min(w, h) * b.real(0.3, 0.34)
    zc = foot_h + (h - foot_h) * 0.45
    b.cut("base", S.cylinder(drum_r * 0.85, 0.2, (d / 2, 0, zc), "x"))
    drum = b.link("drum", "metal", S.tube(drum_r - 0.005, drum_r, d * 0.6, (0.0, 0, zc), "x"),
                  S.cylinder(drum_r, 0.005, (-d * 0.3, 0, zc), "x"))
    b.continuous(drum, "base", "x", (0, 0, zc))
    hinge = b.pick(("left", "right"))
    side = -1.0 if hinge == "left" else 1.0
    rd, xf = drum_r * 1.02, d / 2
    if b.chance(0.5):
        door = b.link("door", "plastic", S.tube(drum_r * 0.7, rd, 0.04, (xf + 0.022, 0, zc), "x"))
        glass = b.link("door_glass", "glass", S.cylinder(drum_r * 0.71, 0.012, (xf + 0.022, 0, zc), "x"))
        b.fixed(glass, door)
        shape = "round"
    else:
        door = b.link("door", "metal", S.box((0.04, 2 * rd, 2 * rd), (xf + 0.022, 0, zc)))
        shape = "square"
    b.add(door, S.box((0.02, 0.03, 0.08), (xf + 0.05, -side * rd * 0.8, zc)))
    axis = (0, 0, -1) if hinge == "left" else (0, 0, 1)
    b.revolute(door, "base", axis, (xf + 0.042, side * rd, zc), 0.0, b.real(1.5, 1.9))
    panel_z = h - 0.07
    P.knob(b, "program_knob", "base", (xf, -side * w * 0.25, panel_z), "x", 0.03, 0.025,
           limits=None if b.chance(0.5) else (0.0, 1.7 * math.pi))
    n = b.count(1, 4)
    for k in range(n):
        P.button(b, f"button_{k}", "base", (xf, side * (w * 0.05 + k * 0.035), panel_z), "x",
                 0.022, 0.003)
    if b.chance(0.5):
        b.cut("base", S.box((0.008, w * 0.45, 0.2), (xf - 0.06, side * w * 0.15, h)))
        lint = b.link("lint_filter", "plastic",
                      S.box((0.004, w * 0.45 - 0.006, 0.12), (xf - 0.06, side * w * 0.15, h - 0.058)),
                      S.box((0.02, w * 0.2, 0.012), (xf - 0.06, side * w * 0.15, h + 0.006)))
        b.prismatic(lint, "base", "z", 0.0, 0.11)
        style = "vented"
    else:
        y0 = -w / 2 + 0.03 if b.chance(0.5) else w / 2 - 0.03 - w * 0.4
        b.cut("base", S.box((0.31, w * 0.4, 0.07), (xf - 0.145, y0 + w * 0.2, h - 0.145)))
        P.drawer(b, "water_tank", "base", x_face=xf, y0=y0, y1=y0 + w * 0.4, z0=h - 0.18,
                 z1=h - 0.11, depth=0.28, t=0.012, material="plastic", travel=0.22, handle=None)
        style = "condenser"
    _leveling_feet(b, d, w, foot_h)
    return f"{style} tumble dryer with a {shape} door hinged on the {hinge}"
