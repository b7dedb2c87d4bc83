"""Vehicles: carts, strollers, bicycles, wheelchairs, kick scooters, wheelbarrows, hand trucks,
tricycles, pull wagons, forklifts (wheels continuous)."""

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


@kind("wheelbarrow", "vehicles")
def wheelbarrow(b: Builder) -> str:
    """Wheelbarrow: a hollow tray with a sloped front on two handle shafts, one front wheel
    or two side by side (continuous each), two rear legs, and on some a stand that folds
    down under the tray (revolute).

    Contractor and garden barrows: 85-170 l trays (0.55-0.75 m wide, 0.2-0.3 m deep),
    1.4-1.6 m long overall, 0.35-0.4 m wheels (14-16 in; typical retail range, e.g.
    Jackson, True Temper).
    """
    w, depth = b.dim(0.55, 0.75), b.dim(0.2, 0.3)
    tray_l = b.dim(0.7, 0.95)
    wr = b.dim(0.175, 0.2)
    twin = b.chance(0.3)
    z0 = wr + 0.12  # the tray's floor
    material = b.pick(("metal", "plastic"))
    wall = 0.004 if material == "metal" else 0.006
    # the tray, open on top: its floor and four walls, each a box (its own convex piece once
    # the sloped front cuts it)
    rise = depth - wall
    b.link("base", material, S.box((tray_l, w, wall), (0, 0, z0 + wall / 2)),
           *[S.box((tray_l, wall, rise), (0, sy * (w - wall) / 2, z0 + wall + rise / 2)) for sy in (-1, 1)],
           *[S.box((wall, w - 2 * wall, rise), (sx * (tray_l - wall) / 2, 0, z0 + wall + rise / 2))
             for sx in (-1, 1)])
    # the front slopes forward by phi from vertical: the box is cut along that plane (normal
    # ``n``, through the floor's front edge) and closed by a plate inside it
    phi = b.real(0.5, 0.7)
    a = depth * math.tan(phi)
    n = np.array([math.cos(phi), 0.0, -math.sin(phi)])
    mid = np.array([tray_l / 2 - a / 2, 0.0, z0 + depth / 2])
    turn = S.rotation("y", phi)
    b.cut("base", S.box((0.4, w + 0.02, depth * 3), mid + n * 0.2, rotation=turn))
    b.add("base", S.box((2 * wall, w, depth / math.cos(phi)), mid, rotation=turn))  # half of it cut
    # the axle sits 15 mm more than the wheel's radius ahead of that plane
    x_axle = tray_l / 2 - a + (wr + 0.015 + math.sin(phi) * (wr - z0)) / math.cos(phi)
    handle_y = w / 2 - 0.06 if not twin else w / 2 - 0.03
    back = -tray_l / 2 - b.dim(0.35, 0.5)
    for sy in (-1, 1):  # the shafts run under the tray from the axle to the grips
        y = sy * handle_y
        under = (-tray_l / 2, y, z0 - 0.017)
        b.add("base", S.rod((x_axle, y, wr), under, 0.016), S.rod(under, (back, y, z0 + 0.03), 0.016),
              S.capsule(0.019, 0.11, (back - 0.04, y, z0 + 0.03), "x"),
              S.rod((-tray_l / 2 + 0.08, y, z0 - 0.02), (-tray_l / 2 + 0.12, y, 0.02), 0.012),
              S.box((0.05, 0.03, 0.02), (-tray_l / 2 + 0.12, y, 0.01)))
    if twin:
        for side, sy in (("left", -1), ("right", 1)):
            P.wheel(b, f"wheel_{side}", "base", (x_axle, sy * (handle_y - 0.06), wr), "y", wr, 0.07, spokes=0)
        b.add("base", S.rod((x_axle, -handle_y, wr), (x_axle, handle_y, wr), 0.01))
    else:
        P.wheel(b, "wheel", "base", (x_axle, 0, wr), "y", wr, 0.085, spokes=b.pick((0, 0, 8)))
        b.add("base", S.rod((x_axle, -handle_y, wr), (x_axle, handle_y, wr), 0.009),
              *[S.rod((x_axle - 0.02, sy * handle_y, wr), (x_axle - 0.02, sy * 0.055, wr), 0.006) for sy in (-1, 1)])
    return "twin-wheel wheelbarrow" if twin else "wheelbarrow"


@kind("hand_truck", "vehicles")
def hand_truck(b: Builder) -> str:
    """Hand truck (dolly): an upright frame on two wheels (continuous each) with a nose plate
    at its foot; the nose plate is welded on or folds up against the frame (revolute), and
    folding models have a telescoping handle (prismatic) in hollow uprights.

    Two-wheel hand trucks: 1.1-1.3 m tall, 0.35-0.5 m wide, nose plates 0.18-0.36 m deep,
    wheels 0.2-0.26 m (8-10 in) across; folding aluminium ones 0.9-1.0 m with 0.15-0.18 m
    wheels (typical retail range, e.g. Harper, Milwaukee, Magna Cart).
    """
    folding = b.chance(0.5)
    h = b.dim(0.9, 1.0) if folding else b.dim(1.1, 1.3)
    w = b.dim(0.35, 0.5)
    wr = b.dim(0.075, 0.09) if folding else b.dim(0.1, 0.13)
    nose_d, t = b.dim(0.18, 0.36), 0.008
    tube = 0.014
    material = "aluminum" if folding else "metal"
    b.link("base", material)
    uprights = [S.rod((0, sy * w / 2, 0.012), (0, sy * w / 2, h), tube) for sy in (-1, 1)]
    if folding:
        b.add("base", *[S.tube(0.009, tube, h - 0.012, (0, sy * w / 2, 0.012 + (h - 0.012) / 2)) for sy in (-1, 1)])
    else:
        b.add("base", *uprights, S.rod((0, -w / 2, h), (0, w / 2, h), tube))
        if b.chance(0.5):  # a loop handle bent back over the frame
            b.add("base", *[S.rod((0, sy * w / 2, h), (-0.12, sy * w * 0.3, h + 0.15), 0.012) for sy in (-1, 1)],
                  S.rod((-0.12, -w * 0.3, h + 0.15), (-0.12, w * 0.3, h + 0.15), 0.014))
    rungs = b.count(2, 4)
    b.add("base", *[S.rod((-0.012, -w / 2 + 0.012, z), (-0.012, w / 2 - 0.012, z), 0.009)
                    for z in np.linspace(0.15, h - 0.15, rungs)])
    x_axle = -wr * 0.9
    yw = w / 2 + 0.015 + 0.03  # the wheels' mid-planes, 15 mm outside the frame
    for side, sy in (("left", -1), ("right", 1)):
        b.add("base", S.bar((0, sy * w / 2, wr + 0.1), (x_axle, sy * w / 2, wr), 0.02, 0.012))
        P.wheel(b, f"wheel_{side}", "base", (x_axle, sy * yw, wr), "y", wr, 0.06, spokes=0)
    b.add("base", S.rod((x_axle, -yw + 0.03, wr), (x_axle, yw - 0.03, wr), 0.008))
    plate = [S.box((nose_d, w, t), (0.016 + nose_d / 2, 0, t / 2))]
    if folding or b.chance(0.5):
        b.add("base", S.box((0.03, w, 0.03), (0.0, 0, 0.027)))
        nose = b.link("nose_plate", material, *plate)
        b.revolute(nose, "base", (0, -1, 0), (0.016, 0, t), 0.0, math.pi / 2)
    else:
        b.add("base", *plate, S.box((0.03, w, 0.03), (0.0, 0, 0.027)))
    if folding:
        lift = b.dim(0.25, 0.4)
        handle = b.link("handle", "aluminum",
                        *[S.rod((0, sy * w / 2, h - lift), (0, sy * w / 2, h + 0.03), 0.0075) for sy in (-1, 1)],
                        S.rod((0, -w / 2 - 0.008, h + 0.03), (0, w / 2 + 0.008, h + 0.03), 0.012))
        b.prismatic(handle, "base", "z", 0.0, lift - 0.03)
    return "folding hand truck" if folding else "hand truck"


@kind("tricycle", "vehicles")
def tricycle(b: Builder) -> str:
    """Child's tricycle: steering fork with handlebar (revolute), front wheel with the crank
    on its hub (continuous), two pedals (continuous), two rear wheels (continuous), and
    optionally a rear basket (a hollow box) and a parent push handle that telescopes
    (prismatic).

    Toddler tricycles: 0.25-0.3 m (10-12 in) front wheels, 0.15-0.2 m rear wheels on a
    0.4-0.5 m track, seats 0.3-0.4 m high, 0.55-0.7 m to the handlebar (typical retail
    range, e.g. Radio Flyer, Schwinn). The steering axis passes through the front axle, so
    the wheel and the pedals turn inside a ball about it that the frame stays out of.
    """
    wr, rr = b.dim(0.125, 0.15), b.dim(0.075, 0.1)
    track, wheelbase = b.dim(0.4, 0.5), b.dim(0.5, 0.65)
    crank = b.dim(0.05, 0.07)
    tilt = math.radians(b.real(10, 20))
    axis = np.array([-math.sin(tilt), 0, math.cos(tilt)])
    front = np.array([wheelbase / 2, 0, wr])
    rear_x = -wheelbase / 2
    half_w, blade = 0.025, 0.037  # the wheel's half width; the fork blades' offset
    pedal_out = blade + 0.028 + 0.05  # the pedals' outer faces
    ball = max(wr, math.hypot(crank + 0.025, pedal_out)) + 0.03
    head_bottom = front + axis * ball
    head_top = head_bottom + axis * 0.1
    seat = np.array([rear_x + wheelbase * 0.35, 0, max(b.dim(0.3, 0.4), head_bottom[2] + 0.08)])
    b.link("base", "metal", S.rod(head_bottom, head_top, 0.02),
           S.rod(head_bottom, (seat[0], 0, head_bottom[2]), 0.018),
           S.rod((seat[0], 0, head_bottom[2]), (rear_x, 0, rr), 0.018),
           S.rod((rear_x, -track / 2 + 0.03, rr), (rear_x, track / 2 - 0.03, rr), 0.012),
           S.rod((seat[0], 0, head_bottom[2]), seat - (0, 0, 0.02), 0.014),
           S.box((0.2, 0.16, 0.04), seat + (0, 0, 0.0)))
    bar_h = head_top + axis * 0.2
    fork = b.link("fork", "metal", S.rod(head_bottom - axis * 0.02, head_bottom + (0, -blade, 0) - axis * 0.02, 0.01),
                  S.rod(head_bottom - axis * 0.02, head_bottom + (0, blade, 0) - axis * 0.02, 0.01),
                  S.rod(head_top + axis * 0.01, bar_h, 0.012),
                  S.rod(bar_h - (0, 0.2, 0), bar_h + (0, 0.2, 0), 0.012),
                  *[S.capsule(0.016, 0.08, bar_h + (0, sy * 0.16, 0), "y") for sy in (-1, 1)])
    for sy in (-1, 1):
        b.add(fork, S.rod(head_bottom + (0, sy * blade, 0) - axis * 0.02, front + (0, sy * blade, 0), 0.008))
    steer = b.real(0.8, 1.1)
    b.revolute(fork, "base", axis, head_bottom, -steer, steer)
    wheel = P.wheel(b, "front_wheel", fork, front, "y", wr, 2 * half_w - 0.004, spokes=b.pick((0, 6)))
    # the crank: an axle through the blades, an arm each side (opposite), a pedal on each
    b.add(wheel, S.rod(front - (0, blade + 0.02, 0), front + (0, blade + 0.02, 0), 0.007))
    for side, sy in (("left", -1), ("right", 1)):
        arm_y = sy * (blade + 0.018)
        tip = front + (0, arm_y, -sy * crank)
        b.add(wheel, S.bar(front + (0, arm_y, 0), tip, 0.016, 0.008))
        pedal = b.link(f"pedal_{side}", "plastic", S.box((0.06, 0.05, 0.02), tip + (0, sy * 0.033, 0)))
        b.continuous(pedal, wheel, "y", tip + (0, sy * 0.008, 0))
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"rear_wheel_{side}", "base", (rear_x, sy * (track / 2 + 0.02), rr), "y", rr, 0.035)
    extras = []
    if b.chance(0.5):  # a basket behind the rear axle
        bw = track - 0.08
        P.shell(b, "basket", "plastic", (0.16, bw, 0.1), (rear_x - 0.1, 0, rr + 0.07), 0.004, open_face="+z")
        b.add("basket", S.box((0.09, 0.02, 0.02), (rear_x - 0.045, 0, rr + 0.01)))
        b.fixed("basket", "base", (rear_x, 0, rr))
        extras.append("a basket")
    if b.chance(0.5):  # the parent handle rises from a socket on the frame behind the seat
        x_h = seat[0] - 0.125
        z_f = head_bottom[2] + (rr - head_bottom[2]) * (seat[0] - x_h) / (seat[0] - rear_x)
        z_top = seat[2] + 0.05
        b.add("base", S.tube(0.011, 0.016, z_top - z_f, (x_h, 0, (z_top + z_f) / 2)))
        pole = b.link("push_handle", "aluminum", S.rod((x_h, 0, z_f + 0.03), (x_h, 0, z_top + 0.45), 0.009),
                      S.capsule(0.018, 0.1, (x_h, 0, z_top + 0.47), "y"))
        b.prismatic(pole, "base", "z", 0.0, b.dim(0.1, 0.25))
        extras.append("a push handle")
    return "tricycle" + (" with " + " and ".join(extras) if extras else "")


@kind("wagon", "vehicles")
def wagon(b: Builder) -> str:
    """Pull wagon: a hollow bed on a rear axle (two wheels, continuous), a front axle on a
    fifth-wheel steering bracket (revolute about Z) with its two wheels (continuous) and the
    pull handle (revolute), and on some a tailgate that folds down (revolute).

    Children's and garden pull wagons: beds 0.8-1.1 m by 0.4-0.55 m with 0.12-0.25 m sides,
    0.2-0.26 m (8-10 in) wheels, 0.7-1.0 m handles (typical retail range, e.g. Radio Flyer,
    Gorilla Carts). The front wheels turn under the bed, 15 mm below it.
    """
    ln, w, side_h = b.dim(0.8, 1.1), b.dim(0.4, 0.55), b.dim(0.12, 0.25)
    wr = b.dim(0.1, 0.13)
    z_bed = 2 * wr + 0.015 + 0.02  # the bed's underside
    material = b.pick(("wood", "plastic", "metal"))
    wall = 0.012 if material == "wood" else 0.004
    P.shell(b, "base", material, (ln, w, side_h), (0, 0, z_bed + side_h / 2), wall, open_face="+z")
    tailgate = b.chance(0.5)
    if tailgate:  # the back wall becomes a gate hinged on the floor's back edge
        b.cut("base", S.box((wall * 3, w - 2 * wall, side_h), (-ln / 2, 0, z_bed + wall + side_h / 2 + 0.001)))
        gate = b.link("tailgate", material, S.box((wall, w - 2 * wall - 0.004, side_h - wall - 0.002),
                                                   (-ln / 2 + wall / 2, 0, z_bed + wall + (side_h - wall) / 2 + 0.001)))
        b.revolute(gate, "base", (0, 1, 0), (-ln / 2, 0, z_bed + wall), 0.0, math.pi / 2)
    x_rear, x_front = -ln / 2 + wr + 0.03, ln / 2 - wr - 0.06
    b.add("base", S.box((0.05, w * 0.6, 0.02), (x_rear, 0, z_bed - 0.01)),
          *[S.box((0.03, 0.02, z_bed - wr), (x_rear, sy * w * 0.25, wr + (z_bed - wr) / 2)) for sy in (-1, 1)],
          S.rod((x_rear, -w / 2 - 0.01, wr), (x_rear, w / 2 + 0.01, wr), 0.009),
          S.cylinder(0.06, 0.01, (x_front, 0, z_bed - 0.005)))
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"rear_wheel_{side}", "base", (x_rear, sy * (w / 2 + 0.03), wr), "y", wr, 0.04)
    # the bracket: a turntable plate under the bed, its axle and the handle's clevis ahead
    arm = ln / 2 + 0.03 - x_front  # the handle's pivot is 3 cm ahead of the bed
    bracket = b.link("steering", "metal", S.cylinder(0.06, 0.01, (x_front, 0, z_bed - 0.016)),
                     *[S.box((0.03, 0.02, z_bed - 0.021 - wr), (x_front, sy * w * 0.25, wr + (z_bed - 0.021 - wr) / 2)) for sy in (-1, 1)],
                     S.rod((x_front, -w / 2 - 0.01, wr), (x_front, w / 2 + 0.01, wr), 0.009),
                     S.bar((x_front, 0, wr), (x_front + arm, 0, wr), 0.04, 0.015))
    b.revolute(bracket, "base", "z", (x_front, 0, z_bed - 0.011), -0.6, 0.6)
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"front_wheel_{side}", bracket, (x_front, sy * (w / 2 + 0.03), wr), "y", wr, 0.04)
    handle_l = b.dim(0.7, 1.0)
    rest = b.real(0.3, 0.6)  # the handle's pitch above the horizontal, at rest
    pivot = np.array([x_front + arm, 0, wr])
    tip = pivot + handle_l * np.array([math.cos(rest), 0, math.sin(rest)])
    grip = b.pick(("T", "loop"))
    parts = [S.rod(pivot, tip, 0.01), S.cylinder(0.012, 0.03, pivot, "y", sections=12)]
    if grip == "T":
        parts.append(S.capsule(0.015, 0.16, tip, "y"))
    else:
        ring = S.torus(0.06, 0.01, tip + np.array([math.cos(rest), 0, math.sin(rest)]) * 0.06, "y")
        parts.append(ring)
    handle = b.link("handle", "metal", *parts)
    # from 0.1 rad above the ground to upright (the bed's front is 3 cm or more behind the pivot)
    b.revolute(handle, bracket, (0, -1, 0), pivot, -(rest - 0.1), math.pi / 2 - rest)
    return "pull wagon with a tailgate" if tailgate else "pull wagon"


@kind("forklift", "vehicles")
def forklift(b: Builder) -> str:
    """Counterbalance forklift: front wheels (continuous), rear wheels on steering knuckles
    (revolute about Z, then continuous), a mast that tilts (revolute) with on some a second
    telescoping stage (prismatic), the fork carriage lifting on it (prismatic), two forks
    welded on or sliding sideways on a fork positioner (prismatic each), and the steering
    wheel (continuous): 8-12 joints.

    Proportions of 1.5-3 t counterbalance trucks from manufacturers' specification sheets
    (e.g. Toyota, Linde, Hyster): 1.0-1.25 m wide, 1.3-1.7 m wheelbase, 0.5-0.66 m front and
    0.38-0.48 m rear tyres, 0.9-1.2 m forks, a 2.0-2.2 m overhead guard, a 1.9-2.3 m lowered
    mast tilting 5-6 degrees forward and 6-8 back. The body and the guard stop short of the
    mast's backward sweep; the chassis spine between the rear wheels clears their steering
    circles; the forks rest 3 cm above the ground.
    """
    wf, wr = b.dim(0.25, 0.33), b.dim(0.19, 0.24)
    wwf, wwr = 0.2, 0.16
    width, base_l = b.dim(1.0, 1.25), b.dim(1.3, 1.7)
    mast_h, guard_h = b.dim(1.9, 2.3), b.dim(2.0, 2.2)
    fwd, back = b.real(0.085, 0.1), b.real(0.1, 0.14)
    x_m = wf + 0.08  # the mast's back face
    z_p = wf  # the tilt pivot
    z_u = 2 * max(wf, wr) + 0.03  # the body's underside
    z_h = z_u + b.dim(0.35, 0.5)  # the hood
    x_r = -base_l
    y_r = width / 2 - wwr / 2 - 0.03
    sweep = math.hypot(wr, wwr / 2 + 0.03) + 0.03
    spine = min(width / 2 - wwf - 0.03, y_r - sweep)
    x_bf = x_m + 0.05 - (z_h - z_p) * math.sin(back) - 0.05  # the body's front
    b.link("base", "metal", S.box((x_bf - x_r + 0.35, 2 * spine, z_u + 0.02 - 0.15), ((x_bf + x_r - 0.35) / 2, 0, (z_u + 0.02 + 0.15) / 2)),
           S.box((x_bf - x_r + 0.45, width - 0.04, z_h - z_u), ((x_bf + x_r - 0.45) / 2, 0, (z_h + z_u) / 2)),
           S.box((0.5, width - 0.04, 0.25), (x_r - 0.2, 0, z_h + 0.1)),  # the counterweight
           S.rod((0, -width / 2 + wwf, wf), (0, width / 2 - wwf, wf), 0.04))
    rail_y = b.dim(0.32, 0.4)
    for sy in (-1, 1):  # the tilt brackets from the chassis to the pivot
        b.add("base", S.box((x_m + 0.05 - x_bf + 0.02, 0.04, 0.08), ((x_m + 0.05 + x_bf - 0.02) / 2, sy * rail_y, z_p)))
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"front_wheel_{side}", "base", (0, sy * (width / 2 - wwf / 2), wf), "y", wf, wwf - 0.01)
        yk = sy * y_r
        knuckle = b.link(f"knuckle_{side}", "metal", S.rod((x_r, yk, z_u + 0.01), (x_r, yk, 2 * wr + 0.015), 0.025),
                         S.box((0.06, 0.012, 2 * wr + 0.03 - wr), (x_r, yk - sy * (wwr / 2 + 0.014), wr + (wr + 0.03) / 2)),
                         S.box((0.06, wwr / 2 + 0.02, 0.02), (x_r, yk - sy * (wwr / 4 + 0.01), 2 * wr + 0.025)))
        steer = b.real(1.0, 1.25)
        b.revolute(knuckle, "base", "z", (x_r, yk, z_u), -steer, steer)
        P.wheel(b, f"rear_wheel_{side}", knuckle, (x_r, yk, wr), "y", wr, wwr - 0.01)
    # the overhead guard: four posts and a roof with openings
    x_g = x_m - (guard_h - z_p) * math.sin(back) - 0.1  # 10 cm behind the tilted-back mast
    roof_l = min(b.dim(0.9, 1.1), x_g - x_r + 0.2)
    for x in (x_g - 0.03, x_g - roof_l + 0.03):
        for sy in (-1, 1):
            b.add("base", S.rod((x, sy * (width / 2 - 0.08), z_h), (x, sy * (width / 2 - 0.08), guard_h - 0.02), 0.03))
    b.add("base", S.box((roof_l, width - 0.1, 0.04), (x_g - roof_l / 2, 0, guard_h - 0.02)),
          S.box((0.4, 0.45, 0.1), (x_g - roof_l * 0.6, 0, z_h + 0.05)))  # the seat
    b.cut("base", *[S.box((roof_l / 3 - 0.06, width - 0.22, 0.06), (x_g - roof_l * (2 * k + 1) / 6, 0, guard_h - 0.02))
                    for k in range(3)])
    col0 = np.array([x_bf - 0.12, 0, z_h])
    col1 = col0 + np.array([-0.2, 0, 0.3])
    b.add("base", S.rod(col0, col1, 0.025))
    axis = (col1 - col0) / S.length(col1 - col0)
    wheel = b.link("steering_wheel", "plastic", S.torus(0.15, 0.015, col1 + axis * 0.03, axis),
                   S.bar(col1 + axis * 0.03 - (0, 0.15, 0), col1 + axis * 0.03 + (0, 0.15, 0), 0.02, 0.01),
                   S.cylinder(0.03, 0.04, col1 + axis * 0.02, axis, sections=12))
    b.continuous(wheel, "base", axis, col1)
    # the mast: two outer rails with cross members
    mast = b.link("mast", "metal", *[S.box((0.1, 0.06, mast_h), (x_m + 0.05, sy * rail_y, 0.06 + mast_h / 2)) for sy in (-1, 1)],
                  S.box((0.06, 2 * rail_y, 0.08), (x_m + 0.03, 0, mast_h + 0.02)),
                  S.box((0.06, 2 * rail_y, 0.08), (x_m + 0.03, 0, 0.1)))
    b.revolute(mast, "base", (0, 1, 0), (x_m + 0.05, 0, z_p), -back, fwd)
    parent, stages = mast, 1
    if b.chance(0.5):
        inner = b.link("inner_mast", "metal", *[S.box((0.07, 0.05, mast_h - 0.06), (x_m + 0.055, sy * (rail_y - 0.07), 0.17 + (mast_h - 0.06) / 2))
                                                for sy in (-1, 1)],
                       S.box((0.05, 2 * rail_y - 0.14, 0.06), (x_m + 0.055, 0, mast_h + 0.08)))
        b.prismatic(inner, mast, "z", 0.0, round(mast_h - 0.4, 3))
        parent, stages = inner, 2
    cw = rail_y + 0.12
    x_c = x_m + 0.105
    carriage = b.link("carriage", "metal", S.box((0.04, 2 * cw, 0.45), (x_c + 0.02, 0, 0.1 + 0.225)),
                      *[S.rod((x_c + 0.02, y, 0.55), (x_c + 0.02, y, 1.2), 0.012) for y in np.linspace(-cw + 0.02, cw - 0.02, 5)],
                      S.rod((x_c + 0.02, -cw, 1.2), (x_c + 0.02, cw, 1.2), 0.015))
    b.prismatic(carriage, parent, "z", 0.0, round(mast_h - 0.75, 3))
    fork_l, tine_w = b.dim(0.9, 1.2), b.dim(0.1, 0.12)
    spread = b.dim(0.45, 2 * cw - tine_w - 0.04)
    positioner = b.chance(0.4)
    for side, sy in (("left", -1), ("right", 1)):
        y = sy * spread / 2
        tine = [S.box((0.045, tine_w, 0.5), (x_c + 0.0625, y, 0.03 + 0.25)),
                S.box((fork_l, tine_w, 0.045), (x_c + 0.04 + fork_l / 2, y, 0.03 + 0.0225))]
        if positioner:  # each fork slides from 5 mm off the middle to the carriage's edge
            fork = b.link(f"fork_{side}", "metal", *tine)
            inward = spread / 2 - tine_w / 2 - 0.005
            outward = max(0.0, cw - spread / 2 - tine_w / 2)
            b.prismatic(fork, carriage, (0, -sy, 0), -outward, inward, point=(x_c + 0.04, y, 0.3))
        else:
            b.add(carriage, *tine)
    return f"forklift with a {stages}-stage mast" + (" and a fork positioner" if positioner else "")
