"""Vehicles: carts, strollers, bicycles, wheelchairs, kick scooters (wheels continuous)."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("cart", "vehicles")
def cart(b: Builder) -> str:
    """Shopping or utility cart: basket/shelves on a frame, rear wheels (continuous), front
    swivel casters, and a fold-down child seat on shopping carts.

    Shopping trolleys (EN 1929-1) and utility carts are 60-100 cm long and 40-60 cm wide with
    the push handle about 1.0-1.1 m high, on wheels and casters of 100-160 mm (retail range:
    supermarket trolleys 90-100 x 55-60 cm, 125 mm castors); the child seat folds down 86
    degrees.
    """
    ln, w = b.dim(0.6, 1.0), b.dim(0.4, 0.6)
    wheel_r = b.dim(0.05, 0.08)
    deck = 2.6 * wheel_r + 0.04
    shopping = b.chance(0.5)
    b.link("base", "metal", S.box((ln, w, 0.02), (0, 0, deck)))
    if shopping:
        P.shell(b, "basket", "metal", (ln, w, 0.35), (0, 0, deck + 0.45), 0.004, open_face="+z")
        b.fixed("basket", "base", (0, 0, deck + 0.3))
        for sy in (-1, 1):
            b.add("base", S.rod((-ln / 2, sy * w / 2, deck), (-ln / 2, sy * w / 2, deck + 0.8), 0.01))
        b.add("base", S.rod((-ln / 2 - 0.05, -w / 2, deck + 0.85), (-ln / 2 - 0.05, w / 2, deck + 0.85), 0.014))
        seat = b.link("child_seat", "plastic", S.box((0.01, w * 0.8, 0.2), (-ln / 2 + 0.03, 0, deck + 0.55)))
        b.revolute(seat, "basket", (0, 1, 0), (-ln / 2 + 0.03, 0, deck + 0.65), 0.0, 1.5)
    else:
        b.add("base", S.box((ln, w, 0.02), (0, 0, deck + 0.45)))
        for sx in (-1, 1):
            for sy in (-1, 1):
                b.add("base", S.rod((sx * (ln / 2 - 0.02), sy * (w / 2 - 0.02), deck),
                                    (sx * (ln / 2 - 0.02), sy * (w / 2 - 0.02), deck + 0.45), 0.01))
        b.add("base", S.rod((-ln / 2, -w / 2 + 0.02, deck + 0.45), (-ln / 2 - 0.08, -w / 2 + 0.02, deck + 0.9), 0.012),
              S.rod((-ln / 2, w / 2 - 0.02, deck + 0.45), (-ln / 2 - 0.08, w / 2 - 0.02, deck + 0.9), 0.012),
              S.rod((-ln / 2 - 0.08, -w / 2, deck + 0.9), (-ln / 2 - 0.08, w / 2, deck + 0.9), 0.014))
    for side, sy in (("left", -1), ("right", 1)):
        center = (-ln / 2 + 0.08, sy * (w / 2 - 0.04), wheel_r)
        b.add("base", S.box((0.03, 0.03, deck - wheel_r), (center[0], center[1] - sy * 0.03, (deck + wheel_r) / 2)))
        P.wheel(b, f"rear_wheel_{side}", "base", center, "y", wheel_r, 0.03)
        P.caster(b, f"front_caster_{side}", "base", (ln / 2 - 0.08, sy * (w / 2 - 0.04), deck - 0.01),
                 wheel_r)
    return "shopping cart" if shopping else "utility cart"


@kind("stroller", "vehicles")
def stroller(b: Builder) -> str:
    """Stroller: wheels, front swivel casters, folding canopy, adjustable handle, footrest.

    Strollers (EN 1888-1 wheeled child conveyances) are 70-90 cm long and 45-60 cm wide on
    wheels of 16-28 cm, the push handle 95-110 cm high adjusting about 23 degrees either way
    (retail range); the canopy folds back 70 degrees and the footrest tilts 70 degrees down.
    """
    ln, w = b.dim(0.7, 0.9), b.dim(0.45, 0.6)
    wheel_r = b.dim(0.08, 0.14)
    seat_z = wheel_r * 2 + 0.3
    b.link("base", "aluminum", S.rod((-ln / 2, -w / 2, wheel_r), (ln / 2, -w / 2, seat_z), 0.012),
           S.rod((-ln / 2, w / 2, wheel_r), (ln / 2, w / 2, seat_z), 0.012),
           S.rod((-ln / 2, -w / 2, wheel_r), (-ln / 2, w / 2, wheel_r), 0.012),
           S.box((0.35, w - 0.04, 0.03), (0.0, 0, seat_z - 0.1)),
           S.box((0.03, w - 0.04, 0.35), (-0.17, 0, seat_z + 0.08)))
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"rear_wheel_{side}", "base", (-ln / 2, sy * (w / 2 + 0.03), wheel_r), "y", wheel_r, 0.035,
                spokes=6)
        P.caster(b, f"front_caster_{side}", "base", (ln / 2 - 0.1, sy * w / 2, wheel_r * 0.8 + 0.06),
                 wheel_r * 0.6)
        b.add("base", S.rod((ln / 2 - 0.1, sy * w / 2, wheel_r * 0.8 + 0.06), (ln / 2 - 0.1, sy * w / 2, seat_z - 0.1), 0.01))
    handle = b.link("handle", "aluminum", S.rod((-0.17, -w / 2, seat_z), (-0.45, -w / 2, seat_z + 0.5), 0.011),
                    S.rod((-0.17, w / 2, seat_z), (-0.45, w / 2, seat_z + 0.5), 0.011),
                    S.rod((-0.45, -w / 2, seat_z + 0.5), (-0.45, w / 2, seat_z + 0.5), 0.014))
    b.revolute(handle, "base", "y", (-0.17, 0, seat_z), -0.4, 0.4)
    canopy = b.link("canopy", "foam", S.tube(0.2, 0.205, w - 0.02, (-0.17, 0, seat_z + 0.25), "y"))
    b.cut(canopy, S.box((0.5, w, 0.5), (0.05, 0, seat_z + 0.1)))
    b.revolute(canopy, "base", (0, -1, 0), (-0.17, 0, seat_z + 0.25), -1.2, 0.0)
    foot = b.link("footrest", "plastic", S.box((0.12, w * 0.6, 0.015), (0.25, 0, seat_z - 0.18)))
    b.revolute(foot, "base", (0, -1, 0), (0.19, 0, seat_z - 0.18), -1.2, 0.2)
    return "stroller with a canopy"


@kind("bicycle", "vehicles")
def bicycle(b: Builder) -> str:
    """Bicycle: steering fork on the tilted head tube, both wheels, crank, two pedals,
    seat post (prismatic) and kickstand; eight joints along and off the frame.

    Bicycle wheels are 50-70 cm across (ISO 5775/ETRTO bead seat diameters 406 mm for 20 in to
    622 mm for 700C and 29 in), wheelbases 0.9-1.1 m, head angles 68-74 degrees and cranks
    165-175 mm (retail range; ISO 4210 city, mountain and racing bicycles); the handlebar turns
    about 70 degrees either way, the seat post rises 8-15 cm above its minimum insertion mark,
    and the kickstand folds 75 degrees.
    """
    wr, wheelbase = b.dim(0.25, 0.35), b.dim(0.9, 1.1)
    rear, front = np.array([-wheelbase / 2, 0, wr]), np.array([wheelbase / 2, 0, wr])
    bb = np.array([-0.05, 0, wr * 0.95])
    head_angle = math.radians(b.real(68, 74))
    axis = np.array([-math.cos(head_angle), 0, math.sin(head_angle)])
    # The steering axis passes through the front axle: the wheel turns inside a ball of its
    # radius, and the head tube starts 8 cm beyond it. The fork's blades, the chain and seat
    # stays straddle the wheels.
    head_bottom = front + axis * (wr + 0.08)
    head_top = head_bottom + axis * 0.15
    seat = bb + np.array([-0.12, 0, 0.5])
    b.link("base", "aluminum", S.rod(bb, seat, 0.015), S.rod(bb, head_bottom, 0.018),
           S.rod(seat, head_top, 0.016), S.rod(head_bottom, head_top, 0.02))
    for sy in (-1, 1):
        b.add("base", S.rod(rear + (0, sy * 0.035, 0), bb + (0, sy * 0.02, 0), 0.01),
              S.rod(rear + (0, sy * 0.035, 0), seat + (0, sy * 0.012, -0.03), 0.008))
    fork = b.link("fork", "aluminum", S.rod(head_bottom - (0, 0.045, 0), head_bottom + (0, 0.045, 0), 0.014),
                  S.rod(front - (0, 0.04, 0), front + (0, 0.04, 0), 0.005),
                  S.rod(head_top, head_top + axis * 0.1, 0.012),
                  S.rod(head_top + axis * 0.1 - (0, 0.25, 0), head_top + axis * 0.1 + (0, 0.25, 0), 0.012))
    for sy in (-1, 1):
        b.add(fork, S.rod(head_bottom + (0, sy * 0.035, 0), front + (0, sy * 0.035, 0), 0.008))
    b.revolute(fork, "base", axis, head_bottom, -1.2, 1.2)
    P.wheel(b, "front_wheel", fork, front, "y", wr, 0.03, spokes=12)
    P.wheel(b, "rear_wheel", "base", rear, "y", wr, 0.035, spokes=12)
    crank = b.link("crank", "metal", S.cylinder(0.09, 0.008, bb + (0, 0.05, 0), "y"),
                   S.bar(bb + (0, 0.06, 0), bb + (0, 0.06, -0.17), 0.02, 0.01),
                   S.bar(bb + (0, -0.06, 0), bb + (0, -0.06, 0.17), 0.02, 0.01),
                   S.rod(bb + (0, -0.07, 0), bb + (0, 0.07, 0), 0.012))
    b.continuous(crank, "base", "y", bb)
    for side, sy, dz in (("left", -1, 0.17), ("right", 1, -0.17)):
        pedal = b.link(f"pedal_{side}", "plastic", S.box((0.1, 0.08, 0.02), bb + (0, sy * 0.12, dz)))
        b.continuous(pedal, crank, "y", bb + (0, sy * 0.08, dz))
    post = b.link("seat_post", "aluminum", S.rod(seat - (0, 0, 0.1), seat + (0, 0, 0.12), 0.012),
                  S.box((0.25, 0.14, 0.05), seat + (0, 0, 0.145)))
    b.prismatic(post, "base", (seat - bb) / S.length(seat - bb), 0.0, b.dim(0.08, 0.15))
    # The kickstand hangs under the left chain stay, inboard of the crank arm (7 mm).
    stand = b.link("kickstand", "aluminum", S.rod(bb + (-0.06, -0.03, -0.035), bb + (-0.3, -0.035, -0.05), 0.008))
    b.revolute(stand, "base", (0, 0, 1), bb + (-0.06, -0.03, -0.035), 0.0, 1.3)
    return "bicycle"


@kind("wheelchair", "vehicles")
def wheelchair(b: Builder) -> str:
    """Wheelchair: two push wheels, two front casters, two swing-away footrests, brakes.

    Manual wheelchairs are 55-70 cm wide with the seat 45-52 cm high on 24 in push wheels of
    56-64 cm (ISO 7193: at most 70 cm wide and 120 cm long; ISO 7176-5 dimensions; ISO 5775 540
    mm rims); the swing-away footrests swing out 80 degrees, the brakes lever 30 degrees.
    """
    w, seat_z = b.dim(0.55, 0.7), b.dim(0.45, 0.52)
    wr = b.dim(0.28, 0.32)
    b.link("base", "aluminum", S.box((0.45, w - 0.1, 0.03), (0, 0, seat_z)),
           S.box((0.03, w - 0.1, 0.45), (-0.22, 0, seat_z + 0.225)))
    for sy in (-1, 1):
        y = sy * (w / 2 - 0.05)
        b.add("base", S.rod((-0.22, y, seat_z + 0.45), (-0.3, y, seat_z + 0.55), 0.011),
              S.rod((-0.22, y, seat_z), (0.22, y, 0.16), 0.011), S.rod((-0.12, y, wr), (-0.12, y, seat_z), 0.011))
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"wheel_{side}", "base", (-0.12, sy * (w / 2 + 0.02), wr), "y", wr, 0.03, spokes=10)
        P.caster(b, f"caster_{side}", "base", (0.22, sy * (w / 2 - 0.05), 0.16), 0.07)
        # The caster swivels within 12 cm of its axis below 17 cm; the footrest's hanger
        # reaches its plate 17 cm ahead of its pivot, clear of that at every swing angle.
        rest = b.link(f"footrest_{side}", "aluminum", S.rod((0.23, sy * (w / 2 - 0.05), seat_z - 0.02),
                                                           (0.4, sy * (w / 2 - 0.05), 0.13), 0.01),
                      S.box((0.12, 0.1, 0.01), (0.46, sy * (w / 2 - 0.1), 0.125)))
        b.revolute(rest, "base", (0, 0, -sy), (0.23, sy * (w / 2 - 0.05), seat_z - 0.02), 0.0, 1.4)
        brake = b.link(f"brake_{side}", "metal", S.bar((-0.05, sy * (w / 2 - 0.02), seat_z - 0.05),
                                                       (0.05, sy * (w / 2 - 0.02), seat_z + 0.05), 0.015, 0.01))
        b.revolute(brake, "base", "y", (-0.05, sy * (w / 2 - 0.02), seat_z - 0.05), -0.5, 0.0)
    return "manual wheelchair"


@kind("scooter", "vehicles")
def scooter(b: Builder) -> str:
    """Kick scooter: steering column on a tilted head (revolute), fold hinge, handlebar
    height (prismatic), front and rear wheels (continuous), rear brake (revolute).

    Kick scooters (EN 14619) are 75-100 cm long overall with decks of 55-75 cm and 12 cm wide,
    on wheels of 120-200 mm (retail range); the steering head is raked 5-15 degrees, the bars
    turn 40-63 degrees either way and rise 10-25 cm on the stem, the stem folds flat over the
    deck, and the rear fender brake presses 9 degrees.
    """
    ln, wr = b.dim(0.55, 0.75), b.dim(0.06, 0.1)
    deck_z = wr + 0.03
    b.link("base", "aluminum", S.box((ln, 0.12, 0.03), (0, 0, deck_z)))
    P.wheel(b, "rear_wheel", "base", (-ln / 2 - 0.02, 0, wr), "y", wr, 0.025)
    tilt = math.radians(b.real(5, 15))
    axis = np.array([-math.sin(tilt), 0, math.cos(tilt)])
    # The front axle is 3 cm ahead of the deck and the steering axis passes through it, so the
    # wheel turns inside a ball of its radius; the fold hinge sits 7 cm above that ball,
    # carried by two cheeks from the deck's nose (the wheel and the fork's blades turn and
    # the stem folds between them). Folded, the stem lies level over the deck.
    axle = np.array([ln / 2 + wr + 0.03, 0, wr])
    head = axle + axis * (wr + 0.07)
    for sy in (-1, 1):
        b.add("base", S.bar((ln / 2 - 0.03, sy * 0.04, deck_z), head + (0, sy * 0.04, 0), 0.01, 0.03))
    hinge = b.link("fold_hinge", "aluminum", S.box((0.05, 0.06, 0.05), head))
    b.revolute(hinge, "base", (0, 1, 0), head, -(math.pi / 2 - tilt), 0.0)
    column = b.link("column", "aluminum", S.rod(head + axis * 0.02, head + axis * 0.6, 0.016),
                    S.rod(axle - (0, 0.03, 0), axle + (0, 0.03, 0), 0.004))
    for sy in (-1, 1):
        b.add(column, S.rod(head + (0, sy * 0.0235, 0), axle + (0, sy * 0.0235, 0), 0.006))
    b.revolute(column, hinge, axis, head, -b.real(0.7, 1.1), b.real(0.7, 1.1))
    P.wheel(b, "front_wheel", column, axle, "y", wr, 0.025)
    bar = b.link("handlebar", "aluminum", S.rod(head + axis * 0.4, head + axis * 0.85, 0.012),
                 S.rod(head + axis * 0.85 - (0, 0.22, 0), head + axis * 0.85 + (0, 0.22, 0), 0.012))
    b.prismatic(bar, column, axis, 0.0, b.dim(0.1, 0.25))
    brake = b.link("brake", "metal", S.box((0.12, 0.06, 0.005), (-ln / 2 - 0.01, 0, wr * 2 + 0.01)))
    b.revolute(brake, "base", (0, 1, 0), (-ln / 2 + 0.05, 0, wr * 2 + 0.01), 0.0, 0.15)
    return "kick scooter"
