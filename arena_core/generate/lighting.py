"""Lighting: articulated desk lamps (chains of revolutes), floor lamps, wall lamps, table lamps."""

from __future__ import annotations

import math

import numpy as np

from arena_core.generate import parts as P
from arena_core.generate import shapes as S
from arena_core.generate.builder import Builder
from arena_core.generate.kinds import kind


def _shade(center, axis, radius: float, depth: float) -> list:
    """A conical shade opening along ``axis`` with a socket behind it."""
    ax = S.unit(axis)
    c = np.asarray(center, float)
    return [S.tube(radius * 0.9, radius, depth, c + ax * depth / 2, ax),
            S.cone(radius, depth * 0.6, c, -ax)]


@kind("desk_lamp", "lighting")
def desk_lamp(b: Builder) -> str:
    """Architect lamp: base swivel, lower arm, upper arm and head, each a revolute (plus a
    fixed bulb and a push switch)."""
    l1, l2 = b.dim(0.25, 0.4), b.dim(0.25, 0.4)
    base_r, bz = b.dim(0.07, 0.1), 0.03
    b.link("base", "metal", S.cylinder(base_r, bz, (0, 0, bz / 2)))
    P.button(b, "switch", "base", (base_r * 0.6, 0, bz), "z", 0.012, 0.003, round_=True)
    turret = b.link("turret", "metal", S.cylinder(0.02, 0.05, (0, 0, bz + 0.025)))
    if b.chance(0.5):
        b.continuous(turret, "base", "z", (0, 0, bz))
    else:
        b.revolute(turret, "base", "z", (0, 0, bz), -math.pi * 0.75, math.pi * 0.75)
    a1 = b.real(0.2, 0.5)
    j1 = np.array([0.0, 0.0, bz + 0.05])
    e1 = j1 + l1 * np.array([math.sin(a1), 0, math.cos(a1)])
    lower = b.link("lower_arm", "aluminum", S.rod(j1, e1, 0.009),
                   S.cylinder(0.012, 0.03, j1, "y"))
    b.revolute(lower, turret, "y", j1, -0.6 - a1, 1.0 - a1)
    a2 = b.real(1.6, 2.2)
    e2 = e1 + l2 * np.array([math.sin(a2), 0, math.cos(a2)])
    upper = b.link("upper_arm", "aluminum", S.rod(e1, e2, 0.008), S.cylinder(0.011, 0.028, e1, "y"))
    b.revolute(upper, lower, "y", e1, -1.2, 0.9)
    head = b.link("head", "metal", *_shade(e2 + (0, 0, -0.03), (0.3, 0, -1), b.dim(0.05, 0.08), 0.07))
    b.add(head, S.cylinder(0.01, 0.025, e2, "y"))
    b.revolute(head, upper, "y", e2, -0.8, 0.8)
    bulb = b.link("bulb", "glass", S.sphere(0.022, e2 + np.array([0.3, 0, -1]) / math.hypot(0.3, 1) * 0.05 + (0, 0, -0.03), count=10))
    b.fixed(bulb, head)
    return "articulated desk lamp"


@kind("floor_lamp", "lighting")
def floor_lamp(b: Builder) -> str:
    """Floor lamp: telescoping pole (prismatic), tilting shade, dimmer knob."""
    h, base_r = b.dim(1.0, 1.4), b.dim(0.12, 0.18)
    b.link("base", "metal", S.cylinder(base_r, 0.025, (0, 0, 0.0125)),
           S.tube(0.011, 0.016, h * 0.6, (0, 0, 0.025 + h * 0.3)))
    pole = b.link("pole", "metal", S.cylinder(0.01, h * 0.5, (0, 0, h * 0.6)))
    b.prismatic(pole, "base", "z", 0.0, b.dim(0.15, 0.35), point=(0, 0, h * 0.6))
    top = h * 0.85
    shade = b.link("shade", "metal", *_shade((0.04, 0, top - 0.02), (1, 0, -0.4), b.dim(0.1, 0.18), 0.15),
                   S.cylinder(0.012, 0.03, (0, 0, top), "y"))
    b.revolute(shade, pole, "y", (0, 0, top), -0.3, 0.3)  # further, a wide shade meets the base tube
    P.knob(b, "dimmer", "base", (0, 0.016, h * 0.4), "y", 0.012, 0.012, limits=(0.0, 1.5 * math.pi))
    return "telescoping floor lamp"


@kind("wall_lamp", "lighting")
def wall_lamp(b: Builder) -> str:
    """Swing-arm wall lamp: wall plate, swinging arm (revolute Z), tilting shade."""
    arm = b.dim(0.25, 0.6)
    b.link("base", "metal", S.box((0.02, 0.08, 0.14), (-0.01, 0, 0.07)))
    swing = b.link("arm", "metal", S.rod((0.01, 0, 0.07), (arm, 0, 0.07), 0.008),
                   S.cylinder(0.012, 0.04, (0.01, 0, 0.07)))
    b.revolute(swing, "base", "z", (0.01, 0, 0.07), -1.4, 1.4)
    shade = b.link("shade", "metal", *_shade((arm, 0, 0.04), (0, 0, -1), b.dim(0.06, 0.1), 0.1))
    b.revolute(shade, swing, "y", (arm, 0, 0.07), -0.6, 0.6)
    return "swing-arm wall lamp"


@kind("table_lamp", "lighting")
def table_lamp(b: Builder) -> str:
    """Table lamp: ceramic body, shade on a harp (fixed), pull-chain switch (prismatic) and
    a bulb that unscrews from its socket (helical, 3.6 mm per turn)."""
    h, r = b.dim(0.3, 0.5), b.dim(0.06, 0.12)
    b.link("base", "ceramic", S.cylinder(r, h * 0.55, (0, 0, h * 0.275)),
           S.rod((0, 0, h * 0.55), (0, 0, h * 0.85), 0.006))
    shade_r = r * b.real(1.5, 2.2)
    shade = b.link("shade", "plastic", S.tube(shade_r * 0.97, shade_r, h * 0.35, (0, 0, h * 0.8)))
    b.fixed(shade, "base", (0, 0, h * 0.8))
    chain = b.link("pull_chain", "metal", S.rod((0.02, 0, h * 0.78), (0.02, 0, h * 0.66), 0.0015, sections=6))
    b.prismatic(chain, "base", (0, 0, -1), 0.0, 0.015, point=(0.02, 0, h * 0.78))
    socket = h * 0.85
    bulb = b.link("bulb", "glass", S.cylinder(0.013, 0.02, (0, 0, socket + 0.01)),
                  S.sphere(0.03, (0, 0, socket + 0.045), count=12))
    pitch = 0.0036 / (2 * math.pi)  # E26/E27 screw base: 3.6 mm per turn
    b.helical(bulb, "base", "z", (0, 0, socket), 0.0, b.real(3.0, 4.0) * 2 * math.pi, pitch)
    return "table lamp with a pull chain and a screw-in bulb"
