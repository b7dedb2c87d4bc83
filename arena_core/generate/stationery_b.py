"""Office stationery, continued: desk organizers, pencil sharpeners, paper cutters, tape
dispensers."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _small_drawer(b: Builder, name: str, parent: str, *, x_face: float, y0: float, y1: float,
                  z0: float, z1: float, depth: float, material: str, knob: bool) -> str:
    """A small drawer (front, walls, floor) sliding out +X by 80% of its depth, with a
    round knob or a finger notch cut in its front's top edge."""
    g = 0.0015
    y0, y1, z0, z1 = y0 + g, y1 - g, z0 + g, z1 - g
    yc, zc, w, h = (y0 + y1) / 2, (z0 + z1) / 2, y1 - y0, z1 - z0
    ft, wall = 0.006, 0.003
    b.link(name, material, S.box((ft, w, h), (x_face + ft / 2, yc, zc)),
           S.box((depth, w - 0.004, h - 0.006), (x_face - depth / 2 + 0.001, yc, z0 + (h - 0.006) / 2)))
    b.cut(name, S.box((depth - wall - 0.001, w - 0.004 - 2 * wall, h), (x_face - (depth - wall) / 2 + 0.0005, yc,
                                                                        z0 + wall + h / 2)))
    if knob:
        b.add(name, S.cylinder(0.003, 0.006, (x_face + ft + 0.003, yc, zc), "x", sections=8),
              S.sphere(min(0.007, h / 4), (x_face + ft + 0.007, yc, zc), count=8))
    else:
        notch = min(0.012, h / 3)
        b.cut(name, S.box((0.02, 2.5 * notch, 2 * notch), (x_face + ft / 2, yc, z1)))
    b.prismatic(name, parent, "x", 0.0, round(0.8 * depth, 3), point=(x_face + ft, yc, zc))
    return name


@kind("desk_organizer", "office_stationery")
def desk_organizer(b: Builder) -> str:
    """Desk organizer: a small chest of 1-3 rows x 1-3 columns of drawers (hollow,
    prismatic) under a top of pen cups and tray slots cut into a block, or under a
    compartment with a hinged lid (revolute).

    Sizes: 0.15-0.35 m wide, 0.12-0.25 m deep, drawers 35-70 mm high (typical retail range
    of desktop drawer organizers and mini chests).
    """
    w, d = b.dim(0.15, 0.35), b.dim(0.12, 0.25)
    rows, cols = b.count(1, 3), b.count(1, 3) if w > 0.2 else 1
    dh = b.dim(0.035, 0.07)
    t = 0.006
    material = b.pick(("wood", "plastic"))
    knob = b.chance(0.6)
    h = rows * dh + 2 * t
    b.link("base", material, *P.carcass(w, d, h, t))
    step = (w - 2 * t) / cols
    for c in range(1, cols):
        b.add("base", S.box((d - t, t, h - 2 * t), (t / 2, -w / 2 + t + c * step, h / 2)))
    for r in range(rows - 1):
        b.add("base", S.box((d - t, w - 2 * t, 0.003), (t / 2, 0, t + (r + 1) * dh)))
    for r in range(rows):
        for c in range(cols):
            y0 = -w / 2 + t + c * step + (t / 2 if c else 0.0)
            y1 = -w / 2 + t + (c + 1) * step - (t / 2 if c < cols - 1 else 0.0)
            z1 = h - t - r * dh - (0.0015 if r else 0.0)
            z0 = h - t - (r + 1) * dh + (0.0015 if r < rows - 1 else 0.0)
            _small_drawer(b, f"drawer_{r}_{c}", "base", x_face=d / 2 - 0.001, y0=y0, y1=y1,
                          z0=z0, z1=z1, depth=d - t - 0.01, material=material, knob=knob)
    top = b.pick(("cups", "lid", "none"))
    if top == "cups":
        bh = b.dim(0.06, 0.12)
        caddy = b.link("caddy", material, S.box((d, w, bh), (0, 0, h + bh / 2)))
        b.fixed(caddy, "base")
        n = max(2, int(w / 0.07))
        for k in range(n):
            y = -w / 2 + w * (k + 0.5) / n
            # square cups and long slots (box cavities: the caddy splits into exact boxes)
            size = min(0.05, w / n - 0.012) if k % 2 == 0 else w / n - 0.012
            b.cut(caddy, S.box((d * 0.45 if k % 2 else size, size, bh), (d * 0.2, y, h + 0.006 + bh / 2)))
        b.cut(caddy, S.box((d * 0.35, w - 0.02, bh), (-d * 0.3, 0, h + 0.006 + bh / 2)))
        return f"desk organizer with {rows * cols} drawers and pen cups"
    if top == "lid":
        bh = b.dim(0.04, 0.07)
        b.add("base", S.box((d, w, bh), (0, 0, h + bh / 2)))
        b.cut("base", S.box((d - 2 * t, w - 2 * t, bh), (0, 0, h + 0.004 + bh / 2)))
        lid = b.link("lid", material, S.box((d, w, 0.006), (0, 0, h + bh + 0.004)))
        b.add(lid, S.box((0.008, w * 0.3, 0.006), (d / 2 + 0.003, 0, h + bh + 0.001)))
        b.revolute(lid, "base", (0, -1, 0), (-d / 2, 0, h + bh + 0.001), 0.0, b.real(1.6, 2.0))
        return f"desk organizer with {rows * cols} drawers and a lidded compartment"
    return f"desk organizer with {rows * cols} drawers"


@kind("pencil_sharpener", "office_stationery")
def pencil_sharpener(b: Builder) -> str:
    """Crank pencil sharpener: a side crank (continuous) with a spinning grip
    (continuous), a pencil-size selector dial on the front (revolute), a shavings drawer
    (hollow, prismatic) and a desk clamp whose screw tightens (helical), or rubber feet.

    Sizes: bodies 0.09-0.13 m deep, 0.06-0.09 m wide, 0.09-0.13 m high, cranks 50-75 mm
    (typical retail range of manual crank sharpeners, e.g. X-ACTO, Carl Angel-5).
    """
    d, w, h = b.dim(0.09, 0.13), b.dim(0.06, 0.09), b.dim(0.09, 0.13)
    arm = b.dim(0.05, 0.075)
    zc = max(round(h * 0.62, 3), arm + 0.02)
    material = b.pick(("plastic", "metal"))
    wall = 0.003
    dh = round(min(0.045, h * 0.35), 3)
    b.link("base", material, S.box((d, w, h), (0, 0, h / 2)))
    b.cut("base", S.box((d - wall, w - 2 * wall, dh + 0.003), (wall / 2 + 0.001, 0, wall + (dh + 0.003) / 2)))
    b.add("base", S.cylinder(0.012, 0.008, (0, w / 2 + 0.004, zc), "y"))
    _small_drawer(b, "shavings_drawer", "base", x_face=d / 2 - 0.006, y0=-w / 2 + wall,
                  y1=w / 2 - wall, z0=wall, z1=wall + dh + 0.003, depth=d - wall - 0.012,
                  material="plastic", knob=False)
    zd = (zc + h) / 2 if h - zc > 0.04 else zc
    P.knob(b, "selector", "base", (d / 2, 0, max(zd, wall + dh + 0.03)), "x",
           min(0.022, w / 2 - 0.006, (h - wall - dh - 0.01) / 2), 0.008, limits=(0.0, b.pick((4, 5, 6)) * math.pi / 3))
    yc = w / 2 + 0.008
    crank = b.link("crank", "metal", S.cylinder(0.01, 0.012, (0, yc + 0.006, zc), "y"),
                   S.bar((0, yc + 0.016, zc), (arm, yc + 0.016, zc), 0.008, 0.012))
    b.continuous(crank, "base", "y", (0, yc, zc))
    grip = b.link("grip", "plastic", S.cylinder(0.009, 0.035, (arm, yc + 0.04, zc), "y"))
    b.continuous(grip, crank, "y", (arm, yc + 0.02, zc))
    if b.chance(0.5):
        # a C-clamp under the back: upper jaw, spine, lower jaw; the screw rises through
        # the lower jaw until its pad is 2 mm under the upper jaw
        xs = -d / 2 + 0.012
        b.add("base", S.box((0.06, w * 0.6, 0.004), (-d / 2 + 0.0, 0, -0.002)),
              S.box((0.006, w * 0.6, 0.066), (-d / 2 - 0.027, 0, -0.033)),
              S.box((0.06, w * 0.6, 0.006), (-d / 2, 0, -0.063)))
        b.cut("base", S.cylinder(0.007, 0.02, (xs, 0, -0.063)))
        screw = b.link("clamp_screw", "metal", S.cylinder(0.004, 0.07, (xs, 0, -0.061)),
                       S.cylinder(0.012, 0.004, (xs, 0, -0.028)),
                       S.rod((xs, -0.025, -0.094), (xs, 0.025, -0.094), 0.004))
        pitch = b.real(0.0003, 0.0005)
        b.helical(screw, "base", "z", (xs, 0, -0.06), 0.0, round(0.02 / pitch, 2), pitch)
        return "crank pencil sharpener with a desk clamp"
    b.add("base", *[S.cylinder(0.006, 0.003, (sx * (d / 2 - 0.012), sy * (w / 2 - 0.012), -0.0015))
                    for sx in (-1, 1) for sy in (-1, 1)])
    return "crank pencil sharpener on rubber feet"


@kind("paper_cutter", "office_stationery")
def paper_cutter(b: Builder) -> str:
    """Paper cutter: a guillotine whose blade arm lifts on a back pivot (revolute) over a
    board with a sliding back gauge (prismatic), or a rotary trimmer whose rail lifts on
    its back post (revolute) and carries a cutting head sliding along it (prismatic).

    Sizes: boards 0.3-0.6 m long (A4 to A3 cutting length) and 0.22-0.4 m wide (typical
    retail range of office guillotines and rotary trimmers).
    """
    ln, w = b.dim(0.3, 0.6), b.dim(0.22, 0.4)
    bt = b.dim(0.012, 0.02)
    material = b.pick(("wood", "plastic", "metal"))
    b.link("base", material, S.box((ln, w, bt), (0, 0, bt / 2)))
    for k in range(1, int(ln / 0.05)):
        b.add("base", S.box((0.002, w * 0.7, 0.0006), (-ln / 2 + 0.05 * k, -0.03, bt + 0.0003)))
    ye = w / 2 - 0.015  # cutting edge line
    if b.chance(0.55):
        b.add("base", S.box((0.03, 0.025, 0.03), (-ln / 2 + 0.015, ye, bt + 0.015)))
        blade = b.link("blade_arm", "metal",
                       S.box((ln - 0.035, 0.006, 0.02), (0.0125, ye + 0.0155, bt + 0.012)))
        # the handle rises from the arm's front end
        b.add(blade, S.rod((ln / 2 - 0.03, ye + 0.0155, bt + 0.02), (ln / 2 - 0.03, ye + 0.0155, bt + 0.06), 0.006),
              S.rod((ln / 2 - 0.045, ye + 0.0155, bt + 0.065), (ln / 2 - 0.005, ye + 0.0155, bt + 0.065), 0.012))
        b.revolute(blade, "base", (0, -1, 0), (-ln / 2 + 0.015, ye + 0.0155, bt + 0.015), 0.0,
                   b.real(1.2, 1.5))
        gauge = b.link("back_gauge", "aluminum", S.box((0.02, w - 0.08, 0.02),
                                                       (-ln / 2 + 0.05, -0.04, bt + 0.0105)))
        b.prismatic(gauge, "base", "x", 0.0, round(ln * b.real(0.5, 0.7), 3))
        return "guillotine paper cutter with a back gauge"
    post = 0.03
    rail_z = bt + 0.025
    b.add("base", S.box((0.03, 0.05, post), (-ln / 2 + 0.015, ye, bt + post / 2)))
    rail = b.link("rail", "aluminum", S.box((ln - 0.04, 0.03, 0.012), (0.0, ye, rail_z)))
    b.revolute(rail, "base", (0, -1, 0), (-ln / 2 + 0.02, ye, rail_z), 0.0, b.real(0.5, 0.9))
    hl = 0.07
    head = b.link("cutting_head", "plastic", S.box((hl, 0.05, 0.03), (-ln / 2 + 0.02 + hl / 2 + 0.003, ye, rail_z + 0.021)),
                  S.cylinder(0.012, 0.03, (-ln / 2 + 0.02 + hl / 2 + 0.003, ye, rail_z + 0.05)))
    # the head runs the rail's length, at most 2.8 times its own size (a plausible slide)
    diagonal = math.sqrt(hl * hl + 0.05 * 0.05 + 0.059 * 0.059)  # box and knob: 59 mm tall
    b.prismatic(head, rail, "x", 0.0, round(min(ln - 0.04 - hl - 0.006, 2.8 * diagonal), 3))
    if b.chance(0.5):
        arm = b.link("extension_arm", "aluminum", S.box((0.25 * ln, 0.015, 0.008),
                                                        (-ln / 2 + 0.15 * ln, -w / 2 + 0.0075 + 0.003, bt - 0.004)))
        b.cut("base", S.box((0.25 * ln + 0.004, 0.021, 0.012), (-ln / 2 + 0.15 * ln, -w / 2 + 0.0105, bt - 0.004)))
        b.prismatic(arm, "base", (0, -1, 0), 0.0, round(0.2 * ln, 3))
        return "rotary paper trimmer with an extension arm"
    return "rotary paper trimmer"


@kind("tape_dispenser", "office_stationery")
def tape_dispenser(b: Builder) -> str:
    """Tape dispenser: a weighted desk dispenser whose tape roll turns on its hub
    (continuous) behind a serrated blade, or a packing-tape gun with a pistol grip, the
    roll (continuous), a pressing roller (continuous) and a blade guard (revolute).

    Sizes: desk rolls 19-25 mm wide on 25 mm (1 in) cores, 60-75 mm across; packing rolls
    48-50 mm wide on 76 mm (3 in) cores, 0.1-0.12 m across (typical retail range, e.g.
    Scotch C-38 desk dispensers and H-180 tape guns).
    """
    if b.chance(0.55):
        tw, rr = b.dim(0.019, 0.025), b.dim(0.03, 0.0375)
        ln, hz = b.dim(0.12, 0.16), rr + b.dim(0.024, 0.03)
        ln = max(ln, round(2 * rr + 0.085, 3))  # the roll stays 2.5 cm behind the blade block
        side = 0.006
        w = tw + 2 * side + 0.008
        b.link("base", b.pick(("plastic", "metal")), S.box((ln, w, 0.02), (0, 0, 0.01)),
               *[S.box((rr * 2 + 0.02, side, hz + 0.005 - 0.02), (-ln / 2 + rr + 0.015, sy * (w / 2 - side / 2),
                                                                   0.02 + (hz + 0.005 - 0.02) / 2)) for sy in (-1, 1)],
               S.box((0.03, w, 0.035), (ln / 2 - 0.015, 0, 0.0375)),
               S.box((0.004, w, 0.012), (ln / 2 - 0.002, 0, 0.061)))
        xc = -ln / 2 + rr + 0.015
        roll = b.link("tape_roll", "plastic", S.tube(0.0125, rr, tw, (xc, 0, hz), "y"),
                      S.cylinder(0.0126, w - 2 * side - 0.003, (xc, 0, hz), "y"))
        b.continuous(roll, "base", "y", (xc, 0, hz))
        return "desk tape dispenser"
    tw, rr = b.dim(0.048, 0.05), b.dim(0.05, 0.06)
    plate = 0.004
    zc = rr + 0.12
    yp = -tw / 2 - 0.006 - plate / 2  # the side plate, left of the roll
    b.link("base", "metal", S.box((0.205, plate, 0.05), (0.0125, yp, zc - 0.01)),
           S.box((0.05, plate, rr + 0.02), (0.0, yp, zc)),
           # the pistol grip hangs under the plate, outside it
           S.box((0.03, 0.03, 0.115), (-0.01, yp - plate / 2 - 0.015, zc - 0.03 - 0.0575)),
           S.cylinder(0.008, tw + 0.012 + plate, (0, -plate / 2, zc), "y"))
    roll = b.link("tape_roll", "plastic", S.tube(0.038, rr, tw, (0, 0, zc), "y"))
    b.continuous(roll, "base", "y", (0, 0, zc))
    xr, zr = 0.085, zc - 0.02
    b.add("base", S.rod((xr, -tw / 2 - 0.006, zr), (xr, -tw / 2 - 0.006 - plate, zr), 0.004))
    roller = b.link("roller", "rubber", S.cylinder(0.011, tw, (xr, 0, zr), "y"))
    b.continuous(roller, "base", "y", (xr, 0, zr))
    b.add("base", S.box((0.02, plate, 0.02), (xr, -tw / 2 - 0.006 - plate / 2, zr)))
    xb = xr + 0.02
    b.add("base", S.box((0.004, tw + 0.012, 0.014), (xb, -plate / 2, zr - 0.016)))
    guard = b.link("blade_guard", "plastic", S.box((0.003, tw + 0.008, 0.02), (xb + 0.0045, 0, zr - 0.02)))
    b.revolute(guard, "base", (0, -1, 0), (xb + 0.003, 0, zr - 0.01), 0.0, 1.2)
    return "packing tape gun"
