"""Containers: bottles and jars with screw caps (helical), boxes, trash cans, suitcases,
buckets, soap dispensers (lunch boxes, coolers, tool boxes and more:
:mod:`arena_core.generate.containers_b`)."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind

#: Largest cap travel (m) while unscrewing before it comes off the thread.
MAX_THREAD_TRAVEL = 0.03


def _screw_cap(b: Builder, parent: str, *, radius: float, z: float, height: float,
               pitch: float, turns: float, material: str = "plastic") -> str:
    """A closed cap over a neck ending at height ``z``: unscrews (helical, +Z) by ``turns``.

    ``pitch`` is meters per radian (right-hand thread: counter-clockwise seen from above
    raises the cap); the range stops where the cap would leave the thread.
    """
    cap = b.link("cap", material, S.tube(radius * 0.85, radius, height, (0, 0, z - height / 2 + 0.002)),
                 S.cylinder(radius, 0.003, (0, 0, z + 0.0035)))
    upper = min(turns * 2 * math.pi, MAX_THREAD_TRAVEL / pitch)
    b.helical(cap, parent, "z", (0, 0, z), 0.0, upper, pitch)
    return cap


def _pitch(b: Builder, low: float, high: float) -> float:
    """A thread pitch (m/rad) drawn log-uniformly in ``[low, high]``."""
    return float(math.exp(b.real(math.log(low), math.log(high))))


@kind("bottle", "containers")
def bottle(b: Builder) -> str:
    """Bottle: hollow body, shoulder, neck and a screw cap (helical joint).

    Drink and household bottles of 0.2-2 L are 5-10 cm across and 12-30 cm tall to the shoulder,
    with necks of 22-40 mm (PCO 1881 28 mm finish for soft drinks, 38 mm for juice and milk;
    retail range), walls of 2 mm (PET) or 4 mm (glass); a screw cap comes off in 0.6-1 turn at
    3-19 mm per turn (drawn per bottle).
    """
    r, h = b.dim(0.025, 0.05), b.dim(0.12, 0.3)
    neck_r = b.dim(0.011, min(0.02, r * 0.6))
    pitch = _pitch(b, 0.0005, 0.003)
    neck_l = max(0.015, min(MAX_THREAD_TRAVEL, pitch * 4 * math.pi) + 0.005)
    material = b.pick(("plastic", "glass"))
    wall = 0.002 if material == "plastic" else 0.004
    shoulder = r * 0.8
    b.link("base", material, S.tube(r - wall, r, h, (0, 0, h / 2)),
           S.cylinder(r, wall, (0, 0, wall / 2)),
           S.cone(r, shoulder * 1.2, (0, 0, h), "z"),
           S.tube(neck_r - wall, neck_r, neck_l + shoulder * 0.6, (0, 0, h + shoulder * 0.3 + neck_l / 2)))
    top = h + shoulder * 0.6 + neck_l
    _screw_cap(b, "base", radius=neck_r + 0.003, z=top, height=min(0.02, neck_l),
               pitch=pitch, turns=b.real(0.6, 1.0))
    return f"{material} bottle with a screw cap"


@kind("box", "containers")
def box(b: Builder) -> str:
    """Box: hinged lid, four cardboard flaps, or a sliding lid.

    Boxes are 10-50 cm long, 8-40 cm wide and 5-35 cm tall (retail range for storage, gift and
    shipping boxes; four-flap shipping boxes are the FEFCO 0201 regular slotted case), with
    walls of 3 mm (corrugated board) to 2 cm (wooden boxes); hinged lids open 90-125 degrees,
    flaps fold from flat out to 75-90 degrees in.
    """
    w, d, h = b.dim(0.1, 0.5), b.dim(0.08, 0.4), b.dim(0.05, 0.35)
    style = b.pick(("hinged", "flaps", "sliding"))
    material = {"hinged": b.pick(("wood", "plastic", "metal")), "flaps": "wood", "sliding": "wood"}[style]
    t = 0.003 if material in ("metal", "wood") and style == "flaps" else max(0.003, min(w, d) * 0.04)
    P.shell(b, "base", material, (d, w, h), (0, 0, h / 2), t, open_face="+z")
    if style == "hinged":
        lid = b.link("lid", material, S.box((d, w, t * 1.5), (0, 0, h + t * 0.75)))
        b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h), 0.0, b.real(1.6, 2.2))
    elif style == "sliding":
        lid = b.link("lid", material, S.box((d - 0.004, w - 2 * t, t), (0, 0, h + t / 2)))
        b.prismatic(lid, "base", "x", 0.0, d * 0.95)
    else:
        # Each flap stands on the middle of its wall. The front and back flaps are as wide as
        # the opening less 3 mm a side, so they fold in between the upright side flaps, and
        # the side flaps stop 3 mm short of the front and back flaps' planes; folded, two
        # opposite flaps meet in the middle with 4 mm between them.
        fx, fy = d / 2 - t / 2, w / 2 - t / 2
        lx, ly = fx - 0.002, fy - 0.002  # flap heights
        side_l, end_w = 2 * (fx - t / 2 - 0.0015 - 0.003), w - 2 * (t + 0.003)
        for name, axis, point, size, center in (
            ("flap_front", (0, 1, 0), (fx, 0, h), (0.003, end_w, lx), (fx, 0, h + lx / 2)),
            ("flap_back", (0, -1, 0), (-fx, 0, h), (0.003, end_w, lx), (-fx, 0, h + lx / 2)),
            ("flap_left", (1, 0, 0), (0, -fy, h), (side_l, 0.003, ly), (0, -fy, h + ly / 2)),
            ("flap_right", (-1, 0, 0), (0, fy, h), (side_l, 0.003, ly), (0, fy, h + ly / 2)),
        ):
            b.link(name, "wood", S.box(size, center))
            b.revolute(name, "base", axis, point, -math.pi / 2, b.real(1.3, 1.6))
        return "cardboard box with four open flaps"
    return f"{material} box with a {style} lid"


@kind("trash_can", "containers")
def trash_can(b: Builder) -> str:
    """Trash can: pedal bin (lid + pedal), swing-top, or wheeled bin (lid + two wheels).

    Two-wheeled bins of 80-240 L are 45-60 cm wide, 55-75 cm deep and 90-110 cm tall on 20 cm
    wheels, the lid flipping over 160-178 degrees (EN 840-1: 120 L bins about 48 x 55 x 93 cm,
    240 L about 58 x 73 x 107 cm); pedal and swing-top bins of 5-50 L are 20-40 cm across and
    25-65 cm tall (retail range), a pedal lid opening 75-100 degrees.
    """
    style = b.pick(("pedal", "swing", "wheelie"))
    if style == "wheelie":
        w, d, h = b.dim(0.45, 0.6), b.dim(0.55, 0.75), b.dim(0.9, 1.1)
        P.shell(b, "base", "plastic", (d, w, h - 0.05), (0, 0, 0.05 + (h - 0.05) / 2), 0.006,
                open_face="+z")
        lid = b.link("lid", "plastic", S.box((d + 0.04, w + 0.02, 0.02), (0.02, 0, h + 0.01)))
        b.revolute(lid, "base", (0, -1, 0), (-d / 2 - 0.01, 0, h), 0.0, b.real(2.8, 3.1))
        for side, sy in (("left", -1), ("right", 1)):
            P.wheel(b, f"wheel_{side}", "base", (-d / 2 - 0.02, sy * (w / 2 - 0.04), 0.1), "y", 0.1, 0.05)
        return "wheeled trash bin"
    r, h = b.dim(0.1, 0.2), b.dim(0.25, 0.65)
    b.link("base", "metal" if style == "pedal" else "plastic",
           S.tube(r - 0.002, r, h, (0, 0, h / 2)), S.cylinder(r, 0.003, (0, 0, 0.0015)))
    if style == "swing":
        b.add("base", S.tube(r * 0.9, r, 0.08, (0, 0, h + 0.04)))
        flap = b.link("flap", "plastic", S.box((r * 1.6, r * 1.6, 0.004), (0, 0, h + 0.05)))
        b.revolute(flap, "base", "y", (0, 0, h + 0.05), -0.8, 0.8)
        return "swing-top trash can"
    lid = b.link("lid", "metal", S.cylinder(r * 1.02, 0.01, (0, 0, h + 0.005)))
    b.revolute(lid, "base", (0, -1, 0), (-r, 0, h), 0.0, b.real(1.3, 1.8))
    pedal = b.link("pedal", "metal", S.box((0.08, 0.06, 0.008), (r + 0.04, 0, 0.03)))
    b.revolute(pedal, "base", "y", (r, 0, 0.03), 0.0, 0.35)
    return "pedal trash can"


@kind("suitcase", "containers")
def suitcase(b: Builder) -> str:
    """Upright suitcase: clamshell lid, two-stage telescoping handle (prismatic chain),
    carry handle, and two wheels or four spinner casters.

    Suitcases are 35-50 cm wide, 20-30 cm deep and 50-75 cm tall plus 7 cm of wheels (cabin size
    55 x 40 x 20-23 cm by most airlines' rules, following the IATA guideline of 56 x 45 x 25 cm;
    check-in sizes to 75-80 cm); the clamshell lid opens 90-150 degrees and the two-stage handle
    extends about 1.4 times the height.
    """
    w, d, h = b.dim(0.35, 0.5), b.dim(0.2, 0.3), b.dim(0.5, 0.75)
    z0 = 0.07
    P.shell(b, "base", "plastic", (d * 0.55, w, h), (-d * 0.225, 0, z0 + h / 2), 0.004)
    P.shell(b, "lid", "plastic", (d * 0.45, w, h), (d * 0.275 + 0.002, 0, z0 + h / 2), 0.004,
            open_face="-x")
    b.revolute("lid", "base", (0, 0, -1), (d / 2, -w / 2, z0 + h / 2), 0.0, b.real(1.6, 2.6))
    stage_l = h * 0.8
    # the handle's tubes run through square holes in the case's top, 3 mm clear of them
    # (box holes: the shell's collision pieces stay exact boxes)
    b.cut("base", *[S.box((0.022, 0.022, 0.03), (-d / 2 + 0.02, sy * w * 0.3, z0 + h))
                    for sy in (-1, 1)])
    inner = b.link("handle_inner", "aluminum",
                   *[S.rod((-d / 2 + 0.02, sy * w * 0.3, z0 + h - stage_l), (-d / 2 + 0.02, sy * w * 0.3, z0 + h + 0.02), 0.008)
                     for sy in (-1, 1)])
    b.prismatic(inner, "base", "z", 0.0, stage_l * 0.85)
    outer = b.link("handle_outer", "aluminum",
                   *[S.rod((-d / 2 + 0.02, sy * w * 0.3, z0 + h - stage_l + 0.05), (-d / 2 + 0.02, sy * w * 0.3, z0 + h + 0.03), 0.006)
                     for sy in (-1, 1)],
                   S.box((0.03, w * 0.65, 0.025), (-d / 2 + 0.02, 0, z0 + h + 0.045)))
    b.prismatic(outer, inner, "z", 0.0, stage_l * 0.85)
    carry = b.link("carry_handle", "plastic", S.box((0.03, 0.14, 0.015), (-d * 0.2, 0, z0 + h + 0.02)))
    b.revolute(carry, "base", (1, 0, 0), (-d * 0.2, -0.07, z0 + h), 0.0, 1.5)
    if b.chance(0.5):
        for sx in (-1, 1):
            for sy in (-1, 1):
                P.caster(b, f"caster_{'fb'[sx > 0]}{'lr'[sy > 0]}", "base",
                         (sx * d * 0.3 - (d * 0.05 if sx > 0 else 0), sy * (w / 2 - 0.04), z0), 0.025)
        return "spinner suitcase with a telescoping handle"
    for side, sy in (("left", -1), ("right", 1)):
        P.wheel(b, f"wheel_{side}", "base", (-d / 2 + 0.03, sy * (w / 2 - 0.03), 0.035), "y", 0.035, 0.025)
    return "two-wheeled suitcase with a telescoping handle"


@kind("jar", "containers")
def jar(b: Builder) -> str:
    """Jar: a hollow straight-sided glass body (3-4 mm walls and floor) closed by a screw band
    (helical, fine pitch, under a turn) that carries a flip-top lid on a rear hinge
    (revolute): with the lid flipped open the mouth is free, whether the band is on or off.

    Food and canning jars of 0.1-1 L are 7-14 cm across and 6-18 cm tall (retail range), with
    screw bands as wide as the mouth (the 70 mm regular and 86 mm wide-mouth canning finishes,
    wider storage-jar lids) that come off in a quarter to one turn at 2.5-7.5 mm per turn;
    flip-top lids open 110-160 degrees.
    """
    r, h = b.dim(0.035, 0.07), b.dim(0.06, 0.18)
    wall = b.dim(0.003, 0.004)
    b.link("base", "glass", S.tube(r - wall, r, h - wall / 2, (0, 0, wall / 2 + (h - wall / 2) / 2)),
           S.cylinder(r, wall, (0, 0, wall / 2)))
    band_r, skirt = r + 0.004, b.dim(0.008, 0.014)
    band = b.link("band", b.pick(("metal", "plastic")),
                  S.tube(r + 0.001, band_r, skirt, (0, 0, h + 0.003 - skirt / 2)),
                  S.tube(r - 0.006, band_r - 0.0005, 0.002, (0, 0, h + 0.0025)))
    pitch, turns = _pitch(b, 0.0004, 0.0012), b.real(0.3, 1.0)
    b.helical(band, "base", "z", (0, 0, h), 0.0, min(turns * 2 * math.pi, MAX_THREAD_TRAVEL / pitch),
              pitch)
    z_lid, lid_t = h + 0.0045, 0.005
    lid = b.link("lid", "plastic", S.cylinder(band_r, lid_t, (0, 0, z_lid + lid_t / 2)),
                 S.box((0.006, 0.016, lid_t), (-band_r - 0.002, 0, z_lid + lid_t / 2)),
                 S.box((0.008, 0.014, 0.003), (band_r + 0.003, 0, z_lid + 0.0015)))
    b.revolute(lid, band, (0, -1, 0), (-band_r - 0.005, 0, z_lid), 0.0, b.real(1.9, 2.8))
    return "glass jar with a flip-top lid on a screw band"


@kind("bucket", "containers")
def bucket(b: Builder) -> str:
    """Bucket with a bail handle swinging on two side pivots.

    Buckets of 5-20 L are 20-32 cm across and 20-35 cm tall (retail range; 10 L pails about 28
    cm across), the bail handle swinging 90 degrees either way on its side pivots.
    """
    r, h = b.dim(0.1, 0.16), b.dim(0.2, 0.35)
    b.link("base", "plastic", S.tube(r - 0.003, r, h, (0, 0, h / 2)), S.cylinder(r, 0.004, (0, 0, 0.002)))
    z = h - 0.02
    bail = b.link("bail", "metal", S.rod((0, -r - 0.004, z), (0, -r - 0.004, z + r * 0.6), 0.003),
                  S.rod((0, r + 0.004, z), (0, r + 0.004, z + r * 0.6), 0.003),
                  S.rod((0, -r - 0.004, z + r * 0.6), (0, r + 0.004, z + r * 0.6), 0.003))
    b.revolute(bail, "base", "y", (0, 0, z), -math.pi / 2, math.pi / 2)
    return "bucket with a bail handle"


@kind("soap_dispenser", "containers")
def soap_dispenser(b: Builder) -> str:
    """Pump bottle: a hollow body (2-3 mm walls, floor and top) with the pump in its neck:
    the pump head presses down (prismatic) and its nozzle turns to lock.

    Pump bottles of 250-500 mL are 6-9 cm across and 10-18 cm tall (retail range), with a lotion
    pump (28/410 or 24/410 neck finish) pressing down 8-15 mm and its nozzle turning a quarter
    turn to lock.
    """
    r, h = b.dim(0.03, 0.045), b.dim(0.1, 0.18)
    b.link("base", "plastic", S.tube(r - 0.002, r, h - 0.003, (0, 0, 0.002 + (h - 0.003) / 2)),
           S.cylinder(r, 0.003, (0, 0, 0.0015)), S.cylinder(r - 0.001, 0.002, (0, 0, h - 0.001)),
           S.cylinder(0.014, 0.016, (0, 0, h + 0.007)))
    stem = b.link("pump", "plastic", S.cylinder(0.004, 0.03, (0, 0, h + 0.02)))
    b.prismatic(stem, "base", (0, 0, -1), 0.0, b.dim(0.008, 0.015), point=(0, 0, h + 0.015))
    head = b.link("pump_head", "plastic", S.cylinder(0.012, 0.02, (0, 0, h + 0.045)),
                  S.rod((0, 0, h + 0.048), (0.045, 0, h + 0.044), 0.004))
    b.revolute(head, stem, "z", (0, 0, h + 0.035), 0.0, math.pi / 2)
    return "soap dispenser with a pump"
