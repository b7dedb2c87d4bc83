"""Reusable articulated parts: carcasses, hinged doors, drawers, handles, wheels, knobs, buttons.

Conventions shared by every kind (object frame at the stored state, meters, Z up): the
object's **front faces +X**, width runs along Y and height along Z. A front opening is the
rectangle ``y0..y1`` x ``z0..z1`` in the plane ``x = x_face``. Every part helper declares
its link(s) and joint(s) on the builder and returns the name of the moving link.

Physical conventions: a door hinges on the outer edge of its panel and opens outward
(``0 .. max_angle`` rad); a drawer slides out along +X by less than its depth; a button
travels inward by a few millimeters; wheels and free knobs are continuous.

Example:
    >>> import numpy as np
    >>> from arena_core.generate.builder import Builder
    >>> b = Builder(np.random.default_rng(1), flip_probability=0.0)
    >>> _ = b.link("base", "wood", *carcass(0.5, 0.4, 0.6, 0.018))
    >>> door(b, "door", "base", x_face=0.2, y0=-0.25, y1=0.25, z0=0.0, z1=0.6, t=0.018,
    ...      hinge="left", material="wood", max_angle=1.6, handle=None)
    'door'
    >>> b.build("cabinet", "test").obj.joints[0].axis_local.tolist()
    [0.0, 0.0, -1.0]
"""

from __future__ import annotations

import numpy as np
import trimesh

from arena_core.generate import meshing
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder

#: Gap (m) left between a moving panel and the opening it closes.
GAP = 0.002

#: Hinge side -> (axis, which edge the hinge line sits on) for a door facing +X.
_HINGES = {
    "left": ((0.0, 0.0, -1.0), "y0"), "right": ((0.0, 0.0, 1.0), "y1"),
    "bottom": ((0.0, 1.0, 0.0), "z0"), "top": ((0.0, -1.0, 0.0), "z1"),
}


def carcass(width: float, depth: float, height: float, t: float, *, z0: float = 0.0,
            back: bool = True, shelves: int = 0) -> list[trimesh.Trimesh]:
    """Open-front box of boards ``t`` thick: sides, top, bottom, back and shelves.

    Outer size ``depth`` (X) x ``width`` (Y) x ``height`` (Z), centered on the Z axis,
    standing on ``z = z0``; the front (``x = depth / 2``) is open.
    """
    w, d, h = width, depth, height
    zc = z0 + h / 2.0
    solids = [S.box((d, t, h), (0.0, -w / 2 + t / 2, zc)), S.box((d, t, h), (0.0, w / 2 - t / 2, zc)),
              S.box((d, w - 2 * t, t), (0.0, 0.0, z0 + t / 2)),
              S.box((d, w - 2 * t, t), (0.0, 0.0, z0 + h - t / 2))]
    if back:
        solids.append(S.box((t, w - 2 * t, h - 2 * t), (-d / 2 + t / 2, 0.0, zc)))
    for k in range(1, shelves + 1):
        z = z0 + h * k / (shelves + 1)
        solids.append(S.box((d - 2 * t, w - 2 * t, t), (-t / 2, 0.0, z)))
    return solids


def handle(center, *, length: float, vertical: bool, style: str = "bar",
           standoff: float = 0.03, radius: float = 0.006) -> list[trimesh.Trimesh]:
    """Solids of a handle on a front face whose plane passes through ``center`` (facing +X).

    Styles: ``bar`` (a bar on two posts), ``knob`` (a round knob), ``edge`` (a flat pull).
    """
    c = np.asarray(center, float)
    if style == "knob":
        return [S.cylinder(radius * 1.2, standoff, c + (standoff / 2, 0, 0), "x", sections=12),
                S.sphere(radius * 2.5, c + (standoff, 0, 0), count=10)]
    along = np.array([0.0, 0.0, 1.0]) if vertical else np.array([0.0, 1.0, 0.0])
    if style == "edge":
        size = (standoff, 4 * radius, length) if vertical else (standoff, length, 4 * radius)
        return [S.box(size, c + (standoff / 2, 0, 0))]
    ends = [c + along * length / 2, c - along * length / 2]
    posts = [S.rod(e, e + (standoff, 0, 0), radius * 0.8) for e in ends]
    grip = S.rod(ends[0] + (standoff, 0, 0) + along * radius,
                 ends[1] + (standoff, 0, 0) - along * radius, radius)
    return [*posts, grip]


def door(b: Builder, name: str, parent: str, *, x_face: float, y0: float, y1: float,
         z0: float, z1: float, t: float, hinge: str, material: str, max_angle: float,
         handle: str | None = "bar", glass: bool = False) -> str:
    """A panel closing the opening, hinged on one edge, opening outward ``0..max_angle``."""
    axis, edge = _HINGES[hinge]
    y0, y1, z0, z1 = y0 + GAP, y1 - GAP, z0 + GAP, z1 - GAP
    yc, zc = (y0 + y1) / 2, (z0 + z1) / 2
    b.link(name, material, S.box((t, y1 - y0, z1 - z0), (x_face + t / 2, yc, zc)))
    if glass:
        frame = min(0.06, 0.2 * (y1 - y0), 0.2 * (z1 - z0))
        b.cut(name, S.box((3 * t, y1 - y0 - 2 * frame, z1 - z0 - 2 * frame), (x_face, yc, zc)))
        pane = b.link(f"{name}_glass", "glass", S.box((t / 3, y1 - y0 - 2 * frame + 0.004,
                                                       z1 - z0 - 2 * frame + 0.004),
                                                      (x_face + t / 2, yc, zc)))
        b.fixed(pane, name)
    point = {"y0": (x_face + t, y0, zc), "y1": (x_face + t, y1, zc),
             "z0": (x_face + t, yc, z0), "z1": (x_face + t, yc, z1)}[edge]
    b.revolute(name, parent, axis, point, 0.0, max_angle)
    if handle is not None:
        inset = 0.05 if handle != "knob" else 0.04
        far = {"y0": (yc, y1 - inset, zc), "y1": (yc, y0 + inset, zc),
               "z0": (yc, yc, z1 - inset), "z1": (yc, yc, z0 + inset)}[edge]
        vertical = edge in ("y0", "y1")
        span = (z1 - z0) if vertical else (y1 - y0)
        attach_handle(b, name, (x_face + t, far[1], far[2]), length=min(0.3, 0.4 * span),
                      vertical=vertical, style=handle)
    return name


def attach_handle(b: Builder, owner: str, center, *, length: float, vertical: bool,
                  style: str) -> None:
    """Put a metal handle on ``owner``: half the time welded by a fixed joint, else merged."""
    solids = handle(center, length=max(length, 0.04), vertical=vertical, style=style)
    if b.chance(0.5):
        b.link(f"{owner}_handle", "metal", *solids)
        b.fixed(f"{owner}_handle", owner, center)
    else:
        b.add(owner, *solids)


def drawer(b: Builder, name: str, parent: str, *, x_face: float, y0: float, y1: float,
           z0: float, z1: float, depth: float, t: float, material: str,
           travel: float, handle: str | None = "bar") -> str:
    """A drawer box behind a front panel, sliding out along +X by ``0..travel`` m."""
    y0, y1, z0, z1 = y0 + GAP, y1 - GAP, z0 + GAP, z1 - GAP
    yc, zc, w, h = (y0 + y1) / 2, (z0 + z1) / 2, y1 - y0, z1 - z0
    wall = max(0.006, t / 2)
    inner_w, inner_h = w - 2 * t, h * 0.75
    xb = x_face - depth / 2
    zb = z0 + 0.01 + inner_h / 2
    solids = [S.box((t, w, h), (x_face + t / 2, yc, zc)),
              S.box((depth, wall, inner_h), (xb, yc - inner_w / 2 + wall / 2, zb)),
              S.box((depth, wall, inner_h), (xb, yc + inner_w / 2 - wall / 2, zb)),
              S.box((wall, inner_w, inner_h), (x_face - depth + wall / 2, yc, zb)),
              S.box((depth, inner_w, wall), (xb, yc, zb - inner_h / 2 + wall / 2))]
    b.link(name, material, *solids)
    b.prismatic(name, parent, "x", 0.0, travel, point=(x_face + t, yc, zc))
    if handle is not None:
        attach_handle(b, name, (x_face + t, yc, zc), length=min(0.25, 0.5 * w),
                      vertical=False, style=handle)
    return name


def wheel(b: Builder, name: str, parent: str, center, axis, radius: float, width: float, *,
          material: str = "rubber", spokes: int = 0) -> str:
    """A wheel spinning freely (continuous) about ``axis`` through ``center``."""
    if spokes:
        rim = S.tube(radius * 0.8, radius, width, center, axis)
        hub = S.cylinder(radius * 0.15, width * 1.2, center, axis, sections=12)
        ax = S.unit(axis)
        ref = np.cross(ax, (0, 0, 1.0)) if abs(ax[2]) < 0.9 else np.cross(ax, (1.0, 0, 0))
        ref /= S.length(ref)
        ends = [np.asarray(center) + radius * 0.85 * meshing.matmul3(S.rotation(ax, 2 * np.pi * k / spokes), ref)
                for k in range(spokes)]
        parts = [rim, hub, *(S.rod(center, e, radius * 0.03, sections=8) for e in ends)]
    else:
        parts = [S.cylinder(radius, width, center, axis)]
    b.link(name, material, *parts)
    b.continuous(name, parent, axis, center)
    return name


def caster(b: Builder, name: str, parent: str, top, radius: float) -> str:
    """A swivel caster under ``top``: fork swivels (continuous, Z) and the wheel spins."""
    top = np.asarray(top, float)
    width = radius * 0.8
    trail = radius * 0.6
    center = top + (-trail, 0.0, -1.3 * radius)
    fork = [S.cylinder(radius * 0.5, radius * 0.2, top - (0, 0, radius * 0.1), "z", sections=12),
            S.box((trail + radius * 0.4, width + 0.008, radius * 0.15),
                  top + (-trail / 2, 0, -radius * 0.27))]
    for side in (-1.0, 1.0):
        fork.append(S.box((radius * 0.3, 0.004, 1.3 * radius),
                          center + (0, side * (width / 2 + 0.004), radius * 0.55)))
    b.link(f"{name}_fork", "metal", *fork)
    b.continuous(f"{name}_fork", parent, "z", top, name=f"{name}_swivel")
    return wheel(b, name, f"{name}_fork", center, "y", radius, width)


def knob(b: Builder, name: str, parent: str, center, axis, radius: float, length: float, *,
         limits: tuple[float, float] | None = None, material: str = "plastic") -> str:
    """A round knob with a pointer ridge: continuous, or revolute within ``limits`` rad."""
    ax = S.unit(axis)
    c = np.asarray(center, float)
    body = S.cylinder(radius, length, c + ax * length / 2, ax)
    side = np.cross(ax, (0, 0, 1.0)) if abs(ax[2]) < 0.9 else np.array([1.0, 0, 0])
    ridge_dir = np.cross(ax, side)
    ridge = S.box((radius * 1.6, radius * 0.3, length * 0.5), (0, 0, 0),
                  rotation=np.column_stack([ridge_dir, np.cross(ax, ridge_dir), ax]))
    ridge.apply_translation(c + ax * (length + length * 0.2))
    b.link(name, material, body, ridge)
    if limits is None:
        b.continuous(name, parent, ax, c)
    else:
        b.revolute(name, parent, ax, c, *limits)
    return name


def button(b: Builder, name: str, parent: str, center, normal, size: float, travel: float, *,
           round_: bool = False, material: str = "plastic") -> str:
    """A push button on a face with outward ``normal``: travels inward ``0..travel`` m.

    Square buttons need an axis-aligned ``normal``; other normals get a round button.
    """
    n = S.unit(normal)
    c = np.asarray(center, float)
    height = max(travel * 2.0, 0.004)
    if round_ or np.count_nonzero(n) != 1:
        solid = S.cylinder(size / 2, height, c + n * height / 2, n, sections=12)
    else:
        solid = S.box(np.abs(n) * height + (1 - np.abs(n)) * size, c + n * height / 2)
    b.link(name, material, solid)
    b.prismatic(name, parent, -n, 0.0, travel, point=c)
    return name


def shell(b: Builder, name: str, material: str, size, center, wall: float, *,
          open_face: str | None = "+x") -> str:
    """A hollow box link: ``size`` ``(depth, width, height)`` with walls ``wall`` thick.

    ``open_face`` (``"+x"``, ``"+z"``, ...) is left open; ``None`` closes all six faces
    (the cavity is then sealed inside, which keeps the mass of a thin-walled housing).
    """
    size, center = np.asarray(size, float), np.asarray(center, float)
    inner = size - 2 * wall
    offset = np.zeros(3)
    if open_face is not None:
        k = "xyz".index(open_face[1])
        sign = 1.0 if open_face[0] == "+" else -1.0
        inner[k] += wall * 2
        offset[k] = sign * wall
    b.link(name, material, S.box(size, center))
    b.cut(name, S.box(inner, center + offset))
    return name
