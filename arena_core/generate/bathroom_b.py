"""Bathroom fixtures, continued: towel rails, toilet-roll holders, shower enclosures, vanity
units (ceramic and metal; front +X)."""

from __future__ import annotations

import math

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.bathroom import _mixer_lever
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


@kind("towel_rack", "bathroom_fixtures")
def towel_rack(b: Builder) -> str:
    """Swing-arm towel rail: 2-5 round or square arms stacked on one upright pivot post,
    each swinging out from folded flat along the wall to the other side (revolute, 0..pi);
    optionally a fixed shelf above.

    Sizes from the typical retail range of swing-arm towel rails (arms 0.3-0.5 m long,
    30-60 mm apart, pivot posts 0.15-0.3 m tall).
    """
    n, arm = b.count(2, 5), b.dim(0.3, 0.5)
    pitch = b.dim(0.03, 0.06)
    post_h = n * pitch + 0.04
    off = 0.035  # the pivot axis in front of the wall
    side = b.pick((-1.0, 1.0))  # which way the arms fold at rest
    b.link("base", "metal", S.box((0.01, 0.05, post_h + 0.04), (-off + 0.005, 0, (post_h + 0.04) / 2)),
           S.rod((0, 0, 0.02), (0, 0, post_h + 0.02), 0.006),
           S.box((off, 0.02, 0.012), (-off / 2, 0, 0.014)),
           S.box((off, 0.02, 0.012), (-off / 2, 0, post_h + 0.026)))
    shelf = b.chance(0.4)
    if shelf:
        b.add("base", S.box((0.12, 0.3, 0.01), (-off + 0.07, 0, post_h + 0.045)),
              S.box((0.08, 0.01, 0.03), (-off + 0.05, 0, post_h + 0.03)))
    square = b.chance(0.5)
    for k in range(n):
        z = 0.04 + (k + 0.5) * pitch
        hub = S.tube(0.0065, 0.013, min(0.02, pitch - 0.006), (0, 0, z))
        end = (0, side * arm, z)
        bar_ = (S.bar((0, side * 0.012, z), end, 0.014, 0.01) if square
                else S.rod((0, side * 0.012, z), end, 0.007))
        b.link(f"arm_{k}", "metal", hub, bar_, S.sphere(0.009, end, count=8))
        b.revolute(f"arm_{k}", "base", (0, 0, -side), (0, 0, z), 0.0, math.pi)
    return f"swing-arm towel rail with {n} {'square' if square else 'round'} arms" + (" and a shelf" if shelf else "")


@kind("toilet_paper_holder", "bathroom_fixtures")
def toilet_paper_holder(b: Builder) -> str:
    """Toilet-roll holder on a wall plate holding a hollow paper roll: two posts with a
    spring roller that shortens to come out (prismatic) and the roll spinning on it
    (continuous), optionally under a cover flap (revolute); or a single post with a pivot
    arm that swings up to let the roll off (revolute) and the roll spinning on the arm.

    Sizes from the typical retail range of holders and rolls (rolls 0.1-0.115 m wide and
    0.09-0.12 m across on a 40-45 mm core; posts 60-90 mm from the wall).
    """
    wr, R = b.dim(0.1, 0.115), b.dim(0.045, 0.06)
    xc, zc = R + 0.014, 0.0 + b.dim(0.05, 0.07)
    pt = 0.016  # post thickness
    gap = wr + 0.02
    pivot = b.chance(0.4)
    plate_w = gap + 2 * pt + 0.02
    b.link("base", "metal", S.box((0.01, plate_w, 0.06), (-0.005, 0, zc)))
    roll = [S.tube(0.021, R, wr, (xc, 0, zc), "y")]
    if pivot:
        # the roll's near end keeps 22 mm from the post's face: turned about the arm's pivot
        # it then stays out of the post (30 mm tall) at any lift
        yp, yr = -gap / 2 - pt / 2, 0.012
        b.add("base", S.box((xc + 0.015, pt, 0.03), ((xc + 0.015) / 2, yp, zc)))
        tip = yr + wr / 2 + 0.012
        arm = b.link("arm", "metal", S.rod((xc, yp + pt / 2, zc), (xc, tip, zc), 0.011),
                     S.sphere(0.014, (xc, tip, zc), count=10))
        b.revolute(arm, "base", "x", (xc, yp + pt / 2, zc), 0.0, b.real(1.1, 1.3))
        b.link("roll", "foam", S.tube(0.021, R, wr, (xc, yr, zc), "y"))
        b.continuous("roll", arm, "y", (xc, yr, zc))
        return "pivot-arm toilet roll holder"
    for sy in (-1, 1):
        b.add("base", S.box((xc + 0.015, pt, 0.03), ((xc + 0.015) / 2, sy * (gap / 2 + pt / 2), zc)))
    roller = b.link("roller", "plastic", S.rod((xc, -gap / 2 - 0.006, zc), (xc, gap / 2 + 0.006, zc), 0.011))
    b.prismatic(roller, "base", (0, -1, 0), 0.0, 0.012)
    b.link("roll", "foam", *roll)
    b.continuous("roll", "base", "y", (xc, 0, zc))
    if b.chance(0.5):
        top = zc + R + 0.008
        cover = b.link("cover", "metal", S.box((xc + R + 0.012, plate_w, 0.003), ((xc + R + 0.012) / 2, 0, top + 0.0015)),
                       S.box((0.003, plate_w, R * 0.8), (xc + R + 0.0105, 0, top + 0.003 - R * 0.4)))
        b.revolute(cover, "base", (0, -1, 0), (0.0, 0, top), 0.0, b.real(1.3, 1.6))
        return "two-post toilet roll holder with a spring roller and a cover"
    return "two-post toilet roll holder with a spring roller"


def _glass_leaf(b: Builder, name: str, parent: str, x: float, y0: float, y1: float, z0: float,
                z1: float, *, handle_side: float, handle_y: float) -> str:
    """A framed 8 mm glass leaf in the plane ``x`` over ``y0..y1`` x ``z0..z1`` with a bar
    handle on its ``handle_side`` (+1: the outside, +X) on the frame's upright at
    ``handle_y``."""
    yc, zc, wl, hl = (y0 + y1) / 2, (z0 + z1) / 2, y1 - y0, z1 - z0
    b.link(name, "aluminum", S.box((0.012, wl, 0.025), (x, yc, z0 + 0.0125)),
           S.box((0.012, wl, 0.025), (x, yc, z1 - 0.0125)),
           S.box((0.012, 0.02, hl), (x, y0 + 0.01, zc)), S.box((0.012, 0.02, hl), (x, y1 - 0.01, zc)))
    pane = b.link(f"{name}_glass", "glass", S.box((0.008, wl - 0.03, hl - 0.04), (x, yc, zc)))
    b.fixed(pane, name)
    grip = [S.rod((x + handle_side * 0.006, handle_y, zc - 0.12), (x + handle_side * 0.04, handle_y, zc - 0.12), 0.006),
            S.rod((x + handle_side * 0.006, handle_y, zc + 0.12), (x + handle_side * 0.04, handle_y, zc + 0.12), 0.006),
            S.rod((x + handle_side * 0.04, handle_y, zc - 0.13), (x + handle_side * 0.04, handle_y, zc + 0.13), 0.009)]
    b.add(name, *grip)
    return name


@kind("shower_enclosure", "bathroom_fixtures")
def shower_enclosure(b: Builder) -> str:
    """Corner or alcove shower enclosure on a hollow tray with a waste: a framed front with
    a hinged door beside a fixed panel, two sliding bypass doors on two tracks, or a
    bi-fold door (two leaves, two revolutes); a fixed glass side panel on corner models.

    Sizes from the typical retail range of enclosures and trays (trays 0.8-1.2 x 0.8-1.0 m,
    40-60 mm tall with a 20-30 mm deep dish; enclosures 1.85-2.0 m tall with 6-8 mm
    safety glass, the glazing EN 14428 requires of shower enclosures).
    """
    D, Wd, th = b.dim(0.8, 1.0), b.dim(0.8, 1.2), b.dim(0.04, 0.06)
    Hh = b.dim(1.85, 2.0)
    b.link("base", "ceramic", S.box((D, Wd, th), (0, 0, th / 2)))
    b.cut("base", S.box((D - 0.06, Wd - 0.06, 0.05), (0, 0, th)))
    b.add("base", S.cylinder(0.05, 0.006, (-D / 4, 0, th - 0.022)))
    xf = D / 2 - 0.015  # the front's plane
    top = th + Hh
    frame = b.link("frame", "aluminum",
                   *[S.box((0.03, 0.03, Hh), (xf, sy * (Wd / 2 - 0.015), th + Hh / 2)) for sy in (-1, 1)],
                   S.box((0.03, Wd, 0.03), (xf, 0, top - 0.015)))
    corner = b.chance(0.6)
    if corner:
        b.add(frame, S.box((0.03, 0.03, Hh), (-D / 2 + 0.015, Wd / 2 - 0.015, th + Hh / 2)),
              S.box((D, 0.03, 0.03), (0, Wd / 2 - 0.015, top - 0.015)))
        side = b.link("side_panel", "glass", S.box((D - 0.06, 0.008, Hh - 0.04), (0, Wd / 2 - 0.015, th + (Hh - 0.03) / 2)))
        b.fixed(side, frame)
    b.fixed(frame, "base", (xf, 0, th))
    y0, y1 = -Wd / 2 + 0.032, Wd / 2 - 0.032
    z0, z1 = th + 0.006, top - 0.034
    style = b.pick(("hinged", "sliding", "bifold"))
    if style == "sliding":
        mid = (y0 + y1) / 2
        a = _glass_leaf(b, "door_inner", "base", xf - 0.012, y0, mid + 0.04, z0, z1,
                        handle_side=-1.0, handle_y=mid + 0.03)
        c = _glass_leaf(b, "door_outer", "base", xf + 0.02, mid - 0.04, y1, z0, z1,
                        handle_side=1.0, handle_y=mid - 0.03)
        b.prismatic(a, "base", "y", 0.0, (y1 - y0) / 2 - 0.08)
        b.prismatic(c, "base", (0, -1, 0), 0.0, (y1 - y0) / 2 - 0.08)
        return f"{'corner' if corner else 'alcove'} shower enclosure with sliding doors"
    if style == "hinged":
        dw = min(y1 - y0, b.dim(0.6, 0.8))
        if y1 - y0 - dw > 0.1:
            panel = b.link("fixed_panel", "glass", S.box((0.008, y1 - y0 - dw - 0.004, z1 - z0), (xf, (y0 + dw + 0.004 + y1) / 2, (z0 + z1) / 2)))
            b.fixed(panel, frame)
        door = _glass_leaf(b, "door", "base", xf, y0, y0 + dw, z0, z1, handle_side=1.0,
                           handle_y=y0 + dw - 0.01)
        b.revolute(door, "base", (0, 0, -1), (xf + 0.006, y0, z0), 0.0, b.real(1.4, 1.7))
        return f"{'corner' if corner else 'alcove'} shower enclosure with a hinged door"
    mid = (y0 + y1) / 2
    leaf1 = _glass_leaf(b, "door_leaf_0", "base", xf, y0, mid - 0.002, z0, z1, handle_side=1.0,
                        handle_y=mid - 0.012)
    b.revolute(leaf1, "base", (0, 0, -1), (xf + 0.006, y0, z0), 0.0, b.real(1.2, 1.5))
    leaf2 = _glass_leaf(b, "door_leaf_1", leaf1, xf, mid + 0.002, y1, z0, z1, handle_side=1.0,
                        handle_y=y1 - 0.01)
    b.revolute(leaf2, leaf1, (0, 0, -1), (xf + 0.006, mid, z0), 0.0, b.real(2.3, 2.7))
    return f"{'corner' if corner else 'alcove'} shower enclosure with a bi-fold door"


@kind("vanity_unit", "bathroom_fixtures")
def vanity_unit(b: Builder) -> str:
    """Bathroom vanity: a carcass on legs, a plinth or hung on the wall, with 1-3 columns of
    doors, drawers or drawers over a door, under a ceramic top with one or two hollow basins,
    each with a pop-up plug (prismatic) and a single-lever tap (two revolutes).

    Sizes from the typical retail range (0.6-1.5 m wide, 0.45-0.55 m deep, 0.8-0.9 m to the
    basin's rim, within the 32-43 in (0.81-1.09 m) vanity heights the NKBA Bathroom
    Planning Guidelines recommend).
    """
    w, d, H = b.dim(0.6, 1.5), b.dim(0.45, 0.55), b.dim(0.8, 0.9)
    t, top_t = 0.018, b.dim(0.12, 0.15)
    mount = b.pick(("legs", "plinth", "wall"))
    z0 = {"legs": b.dim(0.12, 0.18), "plinth": b.dim(0.06, 0.1), "wall": b.dim(0.25, 0.35)}[mount]
    h = H - top_t - z0
    b.link("base", "wood", *P.carcass(w, d, h, t, z0=z0))
    if mount == "legs":
        b.add("base", *[S.cylinder(0.015, z0 + 0.001, (sx * (d / 2 - 0.04), sy * (w / 2 - 0.04), z0 / 2))
                        for sx in (-1, 1) for sy in (-1, 1)])
    elif mount == "plinth":
        b.add("base", S.box((d - 0.06, w - 0.04, z0 + 0.001), (-0.03, 0, z0 / 2)))
    basins = 2 if w > 1.1 and b.chance(0.6) else 1
    top = b.link("top", "ceramic", S.box((d + 0.01, w + 0.01, top_t), (0.005, 0, H - top_t / 2)))
    b.fixed(top, "base", (0, 0, H - top_t))
    style = b.pick(("bar", "knob", "edge"))
    for k in range(basins):
        yb = 0.0 if basins == 1 else (k - 0.5) * w / 2
        bw, bd = min(0.45, w / basins - 0.12), d - 0.17
        b.cut(top, S.box((bd, bw, top_t), (0.03, yb, H - top_t / 2 + 0.02)))
        fz = H - top_t + 0.02
        b.cut(top, S.cylinder(0.022, 0.008, (0.03, yb, fz)))
        plug = b.link(f"plug_{k}", "metal", S.cylinder(0.02, 0.008, (0.03, yb, fz)))
        b.prismatic(plug, top, "z", 0.0, 0.012, point=(0.03, yb, fz))
        tx = -d / 2 + 0.08  # the tap on the deck behind the basin, its lever over the deck
        b.add(top, S.cylinder(0.02, 0.07, (tx, yb, H + 0.035)),
              S.bar((tx, yb, H + 0.06), (tx + 0.09, yb, H + 0.045), 0.024, 0.018))
        _mixer_lever(b, f"tap_lever_{k}", top, (tx, yb, H + 0.08), b.dim(0.05, 0.07))
    n_cols = max(1, min(3, int(w / 0.4)))
    step = (w - 2 * t) / n_cols
    for c in range(n_cols):
        ya, yb = -w / 2 + t + c * step, -w / 2 + t + (c + 1) * step
        if c:
            b.add("base", S.box((d - t, t, h - 2 * t), (t / 2, ya, z0 + h / 2)))
        layout = b.pick(("door", "drawers", "drawer_door"))
        z_top, z_bot = z0 + h - t, z0 + t
        n_dr = {"door": 0, "drawers": b.count(2, 3), "drawer_door": 1}[layout]
        split = z_bot if layout == "drawers" else z_top - n_dr * min(0.16, (z_top - z_bot) / 3)
        for j in range(n_dr):
            zt = z_top - j * (z_top - split) / n_dr
            P.drawer(b, f"drawer_{c}_{j}", "base", x_face=d / 2, y0=ya + t / 2 * (c > 0), y1=yb,
                     z0=zt - (z_top - split) / n_dr, z1=zt, depth=d - 2 * t - 0.01, t=t,
                     material="wood", travel=0.7 * (d - 2 * t), handle=style)
        if split - z_bot > 0.1:
            P.door(b, f"door_{c}", "base", x_face=d / 2, y0=ya + t / 2 * (c > 0), y1=yb, z0=z_bot,
                   z1=split, t=t, hinge="left" if c % 2 == 0 else "right", material="wood",
                   max_angle=b.real(1.45, 1.9), handle=style)
    mount_name = {"legs": "on legs", "plinth": "on a plinth", "wall": "wall-hung"}[mount]
    return f"{mount_name} vanity unit with {basins} basin{'s' if basins > 1 else ''} and {n_cols} column{'s' if n_cols > 1 else ''}"
