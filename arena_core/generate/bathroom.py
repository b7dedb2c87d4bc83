"""Bathroom fixtures: faucets, toilets, sinks, showers, bathtubs, bidets (ceramic and metal;
front +X)."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _cross_handle(b: Builder, name: str, parent: str, center, r: float) -> str:
    """A four-spoke tap handle turning freely (continuous) about +Z."""
    x, y, z = center
    handle = b.link(name, "metal", S.cylinder(r * 0.35, 0.03, (x, y, z + 0.015)),
                    S.bar((x - r, y, z + 0.03), (x + r, y, z + 0.03), 0.01, 0.012),
                    S.bar((x, y - r, z + 0.03), (x, y + r, z + 0.03), 0.01, 0.012))
    b.continuous(handle, parent, "z", (x, y, z))
    return handle


def _mixer_lever(b: Builder, prefix: str, parent: str, center, length: float) -> str:
    """Single-lever mixer: swivels left/right (temperature) then lifts (flow)."""
    x, y, z = center
    swivel = b.link(f"{prefix}_cartridge", "metal", S.cylinder(0.018, 0.025, (x, y, z + 0.0125)))
    b.revolute(swivel, parent, "z", (x, y, z), -b.real(0.6, 0.9), b.real(0.6, 0.9))
    lever = b.link(prefix, "metal", S.bar((x, y, z + 0.03), (x - length, y, z + 0.045), 0.012, 0.008))
    b.revolute(lever, swivel, (0, 1, 0), (x, y, z + 0.025), 0.0, b.real(0.35, 0.6))
    return lever


@kind("faucet", "bathroom_fixtures")
def faucet(b: Builder) -> str:
    """Faucet on a deck plate: two cross handles (continuous) or a single lever (two
    revolutes); the spout swivels (continuous) on half of them.

    Basin and kitchen faucets have a spout 12-30 cm tall reaching 10-22 cm (retail range;
    kitchen spouts the taller ones), two-handle sets at 15-20 cm centres (the US 4 in and 8 in
    spreads are 10 and 20 cm); a single-lever mixer (EN 817 mechanical mixing valves) swivels
    35-50 degrees either way for temperature and lifts 20-35 degrees for flow, its lever 7-11 cm
    long.
    """
    reach, height = b.dim(0.1, 0.22), b.dim(0.12, 0.3)
    b.link("base", "metal", S.box((0.06, 0.2, 0.012), (0, 0, 0.006)),
           S.cylinder(0.022, height * 0.5, (0, 0, 0.012 + height * 0.25)))
    spout = b.link("spout", "metal", S.cylinder(0.018, height * 0.5, (0, 0, 0.012 + height * 0.75)),
                   S.bar((0, 0, height - 0.01), (reach, 0, height - 0.03), 0.022, 0.02),
                   S.cylinder(0.011, 0.03, (reach, 0, height - 0.05)))
    swivel = b.chance(0.5)
    if swivel:
        b.continuous(spout, "base", "z", (0, 0, 0.012 + height * 0.5))
    else:
        b.fixed(spout, "base", (0, 0, 0.012 + height * 0.5))
    if b.chance(0.5):
        for side, sy in (("hot", -1), ("cold", 1)):
            _cross_handle(b, f"{side}_handle", "base", (0, sy * 0.075, 0.012), 0.03)
        kind_ = "two-handle"
    else:
        _mixer_lever(b, "lever", "spout", (-0.02, 0, height + 0.01), b.dim(0.07, 0.11))
        kind_ = "single-lever"
    return f"{kind_} faucet" + (" with a swivel spout" if swivel else "")


@kind("toilet", "bathroom_fixtures")
def toilet(b: Builder) -> str:
    """Toilet: a lid hinged a little in front of the tank and a seat hinged in front of the
    lid, and a flush lever on the tank's side or a push button on its top.

    The lid opens until it leans on the tank's top edge (or its far corner on the tank's
    face); the seat, hinged 2 cm in front of and 14 mm below the lid, opens to a little
    less and then stands in front of the open lid (so the seat lifts once the lid is up).

    Toilets are 60-72 cm deep and 36-42 cm wide at the bowl, the seat 38-43 cm high (standard
    15-16 in bowls; ICC A117.1/ADA accessible toilets 17-19 in, 430-485 mm, to the seat top),
    the tank 30-42 cm tall above the bowl (retail range); the lid and seat swing up 95-110
    degrees to lean on the tank, the flush lever turns down about 35 degrees and a dual-flush
    button presses 6 mm.
    """
    d, w, h = b.dim(0.6, 0.72), b.dim(0.36, 0.42), b.dim(0.38, 0.43)
    tank_h = b.dim(0.3, 0.42)
    tank_x = -d / 2 + 0.2  # the tank's front face
    lid_x = tank_x + b.dim(0.03, 0.05)  # the lid's hinge line, in front of the tank
    seat_x = lid_x + 0.02  # the seat's hinge line, in front of the lid's
    gap = b.dim(0.005, 0.03)
    bowl_x = seat_x + w / 2 + gap
    # the bowl, open on top, as a 2 cm floor and an 8 cm rim (each its own convex piece or
    # ring of sectors), and the neck to the tank up to the rim's inner face
    inner = w / 2 - 0.03
    b.link("base", "ceramic", S.cylinder(0.12, h - 0.1, (bowl_x - 0.05, 0, (h - 0.1) / 2)),
           S.cylinder(w / 2, 0.02, (bowl_x, 0, h - 0.09)),
           S.tube(inner, w / 2, 0.08, (bowl_x, 0, h - 0.04)),
           S.box((bowl_x - inner - tank_x, 0.16, 0.1), ((bowl_x - inner + tank_x) / 2, 0, h - 0.05)),
           S.box((0.2, w, tank_h), (-d / 2 + 0.1, 0, h + tank_h / 2 - 0.05)))
    seat_bridge = bowl_x - w / 2 + 0.05 - seat_x  # from the hinge line into the ring
    seat = b.link("seat", "plastic", S.tube(w * 0.22, w / 2, 0.015, (bowl_x, 0, h + 0.0085)),
                  S.box((seat_bridge, 0.1, 0.015), (seat_x + seat_bridge / 2, 0, h + 0.0085)))
    lid_bridge = bowl_x - w / 2 + 0.05 - lid_x
    lid = b.link("lid", "plastic", S.cylinder(w / 2, 0.012, (bowl_x, 0, h + 0.023)),
                 S.box((lid_bridge, 0.1, 0.012), (lid_x + lid_bridge / 2, 0, h + 0.023)))
    lid_top = 0.001  # the lid's top face below its hinge line (h + 0.03)
    lid_stop = _lean_angle(lid_x - tank_x, h + tank_h - 0.05 - (h + 0.03), bowl_x + w / 2 - lid_x,
                           lid_top)
    lid_upper = math.floor(lid_stop * 1000.0) / 1000.0 - 0.005
    b.revolute(seat, "base", (0, -1, 0), (seat_x, 0, h + 0.016), 0.0, lid_upper - 0.03)
    b.revolute(lid, "base", (0, -1, 0), (lid_x, 0, h + 0.03), 0.0, lid_upper)
    top = h + tank_h - 0.05
    if b.chance(0.5):
        side = -w / 2 - 0.006  # on the tank's left side face, pressed down about Y
        lever = b.link("flush_lever", "metal", S.bar((tank_x - 0.03, side, top - 0.06),
                                                     (tank_x - 0.1, side, top - 0.06), 0.01, 0.015))
        b.revolute(lever, "base", (0, 1, 0), (tank_x - 0.03, side, top - 0.06), -0.6, 0.0)
        return "toilet with a flush lever"
    P.button(b, "flush_button", "base", (-d / 2 + 0.1, 0, top), "z", 0.04, 0.006, round_=True)
    return "toilet with a push-button flush"


def _wall_tilt(room: float, head_r: float) -> float:
    """Largest tilt (rad, a multiple of 0.01 up to 0.5) towards the wall of a shower head
    hanging from its pivot (a 22 cm rod of radius 12 mm and a disk of ``head_r`` facing
    forward-down below it) that keeps every point of it at most ``room`` m behind the
    pivot (the wall side)."""
    t, n = (1.0 / 1.118, -0.5 / 1.118), (0.5 / 1.118, 1.0 / 1.118)
    cx, cz = head_r * 0.5, -0.23
    corners = [(-0.012, 0.0), (-0.012, -0.22)]  # the rod's back line, top and bottom
    corners += [(cx + a * head_r * t[0] + c * 0.01 * n[0], cz + a * head_r * t[1] + c * 0.01 * n[1])
                for a in (-1.0, 1.0) for c in (-1.0, 1.0)]
    best = 0.0
    for k in range(1, 51):
        angle = k / 100.0
        cos, sin = math.cos(angle), math.sin(angle)
        if min(x * cos + z * sin for x, z in corners) < -room:
            break
        best = angle
    return best


def _lean_angle(ahead: float, rise: float, length: float, offset: float) -> float:
    """Angle (rad) from closed at which a lid hinged ``ahead`` m in front of a wall whose top
    edge is ``rise`` m above the hinge line touches the wall: its back face (``offset`` m off
    the hinge line) on the wall's top edge, or its far corner (``length`` m from the hinge
    line) on the wall's face when it is shorter than that."""
    reach = math.hypot(ahead, rise)
    if math.sqrt(reach * reach - offset * offset) <= length:
        return math.atan2(rise, -ahead) + math.asin(offset / reach)
    return math.atan2(offset, length) + math.acos(-ahead / math.hypot(length, offset))


@kind("sink", "bathroom_fixtures")
def sink(b: Builder) -> str:
    """Pedestal sink: basin with a pop-up stopper (prismatic) and a lever tap.

    Pedestal washbasins are 45-65 cm wide and 35-50 cm deep with the rim 80-90 cm above the
    floor (retail range: 31-36 in in the US, 80-90 cm in Europe; ADA/ICC A117.1 accessible
    lavatories at most 34 in / 865 mm); the pop-up stopper rises about 15 mm, and the lever tap
    swivels 35-50 degrees either way and lifts 20-35.
    """
    w, d, h = b.dim(0.45, 0.65), b.dim(0.35, 0.5), b.dim(0.8, 0.9)
    b.link("base", "ceramic", S.cylinder(0.09, h - 0.15, (-0.05, 0, (h - 0.15) / 2)),
           S.box((d, w, 0.15), (0, 0, h - 0.075)))
    b.cut("base", S.box((d - 0.12, w - 0.1, 0.12), (0.03, 0, h - 0.05)))
    stopper = b.link("stopper", "metal", S.cylinder(0.02, 0.01, (0.03, 0, h - 0.105)))
    b.prismatic(stopper, "base", "z", 0.0, 0.015, point=(0.03, 0, h - 0.11))
    _mixer_lever(b, "tap_lever", "base", (-d / 2 + 0.03, 0, h), b.dim(0.06, 0.09))
    return "pedestal sink with a lever tap"


@kind("shower", "bathroom_fixtures")
def shower(b: Builder) -> str:
    """Shower set: a head sliding on a wall rail (prismatic) and tilting, and a valve.

    Shower slide rails are 60-100 cm long (retail range: 60, 70 and 90 cm rails) with their foot
    1.0-1.3 m above the floor, the hand shower sliding nearly the full rail and tilting; shower
    heads are 8-20 cm across, and the mixing valve turns about 270 degrees.
    """
    rail = b.dim(0.6, 1.0)
    z0 = b.dim(1.0, 1.3)
    b.link("base", "metal", S.rod((0, 0, z0), (0, 0, z0 + rail), 0.012),
           S.box((0.03, 0.05, 0.04), (-0.015, 0, z0)), S.box((0.03, 0.05, 0.04), (-0.015, 0, z0 + rail)),
           S.box((0.02, 0.25, 0.15), (-0.02, 0, z0 - 0.3)))
    b.add("base", S.box((0.02, 0.02, z0 - 0.375), (-0.02, 0, (z0 - 0.375) / 2)))
    # the holder's arm holds the head's pivot 8 cm off the wall, in front of the rail
    arm = 0.08
    slider = b.link("slider", "plastic", S.tube(0.013, 0.022, 0.05, (0, 0, z0 + 0.1)),
                    S.box((arm - 0.02, 0.02, 0.03), (0.02 + (arm - 0.02) / 2, 0, z0 + 0.1)))
    b.prismatic(slider, "base", "z", 0.0, rail - 0.2)
    head_r = b.dim(0.04, 0.1)
    head = b.link("head", "metal", S.rod((arm, 0, z0 + 0.1), (arm, 0, z0 + 0.1 - 0.22), 0.012),
                  S.cylinder(head_r, 0.02, (arm + head_r * 0.5, 0, z0 - 0.13), (0.5, 0, 1)))
    # tilting towards the wall (+) stops while the head clears the rail's front by 5 mm
    b.revolute(head, slider, "y", (arm, 0, z0 + 0.1), -0.5,
               _wall_tilt(arm - 0.012 - 0.005, head_r))
    P.knob(b, "valve", "base", (-0.01, 0, z0 - 0.3), "x", 0.03, 0.03, limits=(0.0, 1.5 * math.pi))
    return "shower set with a sliding head"


def _bath_taps(b: Builder, x: float, y: float, z: float, reach: float) -> str:
    """Deck-mounted bath filler at ``(x, y)`` on a deck at height ``z``, spout reaching
    ``reach`` m along +Y: two cross handles (continuous) with a pull-up diverter on the
    spout, or a single lever (two revolutes) with a pull-up diverter knob on the deck."""
    height = 0.09
    b.add("base", S.cylinder(0.022, height, (x, y, z + height / 2)),
          S.bar((x, y, z + height - 0.012), (x, y + reach, z + height - 0.03), 0.028, 0.022),
          S.cylinder(0.012, 0.025, (x, y + reach, z + height - 0.05)))
    if b.chance(0.5):
        for side, sx in (("hot", -1), ("cold", 1)):
            _cross_handle(b, f"{side}_handle", "base", (x + sx * 0.085, y, z), 0.03)
        knob = b.link("diverter", "metal", S.cylinder(0.008, 0.02, (x, y, z + height + 0.01)),
                      S.cylinder(0.014, 0.006, (x, y, z + height + 0.02)))
        b.prismatic(knob, "base", "z", 0.0, 0.015, point=(x, y, z + height))
        return "two-handle"
    _mixer_lever(b, "lever", "base", (x, y, z + height), b.dim(0.07, 0.1))
    knob = b.link("diverter", "metal", S.cylinder(0.006, 0.02, (x + 0.07, y, z + 0.01)),
                  S.cylinder(0.012, 0.01, (x + 0.07, y, z + 0.025)))
    b.prismatic(knob, "base", "z", 0.0, 0.015, point=(x + 0.07, y, z))
    return "single-lever"


@kind("bathtub", "bathroom_fixtures")
def bathtub(b: Builder) -> str:
    """Bathtub: an alcove tub (a box with an apron and a thick tap-end deck) or a
    freestanding tub on four feet or a plinth with a tap deck across its rim, hollowed to a
    basin; a pop-up drain plug (prismatic), an overflow
    lever (revolute) and deck-mounted taps with a diverter (two cross handles or a lever).

    Sizes from the typical retail range: alcove tubs 60-72 in (1.52-1.83 m) long, 30-32 in
    (0.76-0.81 m) wide, 14-20 in (0.36-0.51 m) tall; freestanding tubs 1.5-1.8 m long,
    0.7-0.8 m wide, 0.55-0.65 m tall to the rim with their feet.
    """
    free = b.chance(0.5)
    L, W = b.dim(1.52, 1.83), b.dim(0.7, 0.81)
    wall, floor = b.dim(0.05, 0.08), 0.05
    deck = b.dim(0.14, 0.18)  # the wall at the tap end (-Y)
    if free:
        legs = b.chance(0.6)
        z0 = b.dim(0.08, 0.12) if legs else 0.04
        H = b.dim(0.55, 0.65) - z0
        b.link("base", "ceramic", S.box((W, L, H), (0, 0, z0 + H / 2)))
        b.cut("base", S.box((W - 2 * wall, L - 2 * wall, H), (0, 0, z0 + floor + H / 2)))
        b.add("base", S.box((0.28, deck, 0.03), (0, -L / 2 + deck / 2 + 0.01, z0 + H + 0.015)))
        if legs:
            b.add("base", *[S.cylinder(0.035, z0 + 0.01, (sx * (W / 2 - 0.08), sy * (L / 2 - 0.12), (z0 + 0.01) / 2))
                            for sx in (-1, 1) for sy in (-1, 1)])
        else:
            b.add("base", S.box((W - 0.1, L - 0.1, z0 + 0.005), (0, 0, (z0 + 0.005) / 2)))
        end = -L / 2 + wall  # the inner face at the tap end
        deck_z = z0 + H + 0.03
        style = "freestanding tub" + (" on feet" if legs else " on a plinth")
    else:
        z0, H = 0.0, b.dim(0.36, 0.51)
        b.link("base", "ceramic", S.box((W, L, H), (0, 0, H / 2)))
        b.cut("base", S.box((W - 2 * wall, L - deck - wall, H), (0, (deck - wall) / 2, floor + H / 2)))
        end = -L / 2 + deck
        deck_z = H
        style = "alcove tub"
    fz = z0 + floor
    dy = end + 0.12
    b.cut("base", S.cylinder(0.028, 0.008, (0, dy, fz)))
    plug = b.link("drain_plug", "metal", S.cylinder(0.025, 0.01, (0, dy, fz + 0.001)))
    b.prismatic(plug, "base", "z", 0.0, 0.012, point=(0, dy, fz))
    oz = z0 + H - 0.1
    lever = b.link("overflow_lever", "metal", S.cylinder(0.035, 0.006, (0, end + 0.006, oz), "y"),
                   S.bar((0, end + 0.012, oz), (0, end + 0.012, oz - 0.03), 0.012, 0.008))
    b.revolute(lever, "base", "y", (0, end + 0.003, oz), -0.6, 0.6)
    taps = _bath_taps(b, 0.0, -L / 2 + deck / 2 - (0.0 if not free else -0.01), deck_z, deck / 2 + 0.08)
    return f"{style} with {taps} taps"


@kind("bidet", "bathroom_fixtures")
def bidet(b: Builder) -> str:
    """Bidet (floor-standing on a pedestal or wall-hung on a back block): a round hollow
    bowl with a pop-up plug (prismatic) worked by a pull rod (prismatic), and an over-rim
    mixer on the back deck: a swivelling spout (revolute) with a tilting spray nozzle
    (revolute) and a single lever (two revolutes), or a fixed spout and two cross handles.

    Sizes from the typical retail range of floor-standing and wall-hung bidets (about
    0.52-0.6 m deep, 0.35-0.4 m wide, 0.38-0.42 m to the rim).
    """
    d, w, h = b.dim(0.52, 0.6), b.dim(0.35, 0.4), b.dim(0.38, 0.42)
    R, bowl_h = w / 2, 0.14
    xb = d / 2 - R
    deck_x0 = -d / 2
    hung = b.chance(0.4)
    b.link("base", "ceramic", S.cylinder(R, bowl_h, (xb, 0, h - bowl_h / 2), sections=16),
           S.box((xb - R + 0.029 - deck_x0, w * 0.6, bowl_h), ((xb - R + 0.029 + deck_x0) / 2, 0, h - bowl_h / 2)))
    if hung:
        b.add("base", S.box((0.12, w * 0.8, h * 0.55), (deck_x0 + 0.06, 0, h - bowl_h - h * 0.55 / 2 + 0.001)))
    else:
        b.add("base", S.cylinder(0.1, h - bowl_h + 0.001, (xb - 0.04, 0, (h - bowl_h) / 2)),
              S.box((0.24, 0.22, 0.02), (xb - 0.04, 0, 0.01)))
    b.cut("base", S.cylinder(R - 0.03, 0.12, (xb, 0, h - 0.05), sections=16))
    fz = h - 0.11  # the basin's floor
    plug = b.link("plug", "metal", S.cylinder(0.02, 0.006, (xb, 0, fz + 0.0035)))
    b.prismatic(plug, "base", "z", 0.0, 0.012, point=(xb, 0, fz))
    tx = xb - R - 0.01  # the mixer on the deck behind the bowl
    rod = b.link("pop_up_rod", "metal", S.cylinder(0.004, 0.04, (tx - 0.045, 0, h + 0.01)),
                 S.turned(S.sphere(0.008, (tx - 0.045, 0, h + 0.03), count=8), "z", 0.13, (tx - 0.045, 0, 0)))
    b.prismatic(rod, "base", "z", 0.0, 0.015, point=(tx - 0.045, 0, h))
    height = 0.075
    if b.chance(0.5):
        spout = b.link("spout", "metal", S.cylinder(0.02, height, (tx, 0, h + height / 2)),
                       S.bar((tx, 0, h + height - 0.012), (tx + 0.07, 0, h + height - 0.025), 0.022, 0.018))
        b.revolute(spout, "base", "z", (tx, 0, h), -0.5, 0.5)
        nozzle = b.link("nozzle", "metal", S.turned(S.sphere(0.012, (tx + 0.075, 0, h + height - 0.03), count=8), "z", 0.13, (tx + 0.075, 0, 0)),
                        S.cylinder(0.007, 0.02, (tx + 0.075, 0, h + height - 0.045)))
        b.revolute(nozzle, spout, "y", (tx + 0.075, 0, h + height - 0.03), -0.4, 0.4)
        _mixer_lever(b, "lever", spout, (tx, 0, h + height + 0.01), b.dim(0.06, 0.08))
        return f"{'wall-hung' if hung else 'floor-standing'} bidet with a single-lever mixer"
    b.add("base", S.cylinder(0.02, height, (tx, 0, h + height / 2)),
          S.bar((tx, 0, h + height - 0.012), (tx + 0.07, 0, h + height - 0.025), 0.022, 0.018))
    for side, sy in (("hot", -1), ("cold", 1)):
        _cross_handle(b, f"{side}_handle", "base", (tx - 0.01, sy * 0.075, h), 0.028)
    return f"{'wall-hung' if hung else 'floor-standing'} bidet with two handles"
