"""Bathroom fixtures: faucets, toilets, sinks, showers (ceramic and metal; front +X)."""

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
    revolutes); the spout swivels (continuous) on half of them."""
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
    """Toilet: seat and lid on one hinge line, and a flush lever or push button."""
    d, w, h = b.dim(0.6, 0.72), b.dim(0.36, 0.42), b.dim(0.38, 0.43)
    tank_h = b.dim(0.3, 0.42)
    hinge_x = -d / 2 + 0.22
    gap = b.dim(0.005, 0.03)
    bowl_x = hinge_x + w / 2 + gap
    b.link("base", "ceramic", S.cylinder(0.12, h - 0.1, (bowl_x - 0.05, 0, (h - 0.1) / 2)),
           S.cylinder(w / 2, 0.1, (bowl_x, 0, h - 0.05)),
           S.box((0.2, w, tank_h), (-d / 2 + 0.1, 0, h + tank_h / 2 - 0.05)))
    b.cut("base", S.cylinder(w / 2 - 0.03, 0.09, (bowl_x, 0, h - 0.035)))
    bridge = gap + 0.05  # from just behind the hinge line into the ring
    seat = b.link("seat", "plastic", S.tube(w * 0.22, w / 2, 0.015, (bowl_x, 0, h + 0.0085)),
                  S.box((bridge, 0.1, 0.015), (hinge_x - 0.01 + bridge / 2, 0, h + 0.0085)))
    b.revolute(seat, "base", (0, -1, 0), (hinge_x, 0, h + 0.016), 0.0, b.real(1.6, 1.8))
    lid = b.link("lid", "plastic", S.cylinder(w / 2, 0.012, (bowl_x, 0, h + 0.023)),
                 S.box((bridge, 0.1, 0.012), (hinge_x - 0.01 + bridge / 2, 0, h + 0.023)))
    b.revolute(lid, "base", (0, -1, 0), (hinge_x, 0, h + 0.03), 0.0, b.real(1.65, 1.85))
    top = h + tank_h - 0.05
    if b.chance(0.5):
        lever = b.link("flush_lever", "metal", S.bar((-d / 2 + 0.2, -w / 2 + 0.05, top - 0.06),
                                                     (-d / 2 + 0.2 + 0.01, -w / 2 + 0.12, top - 0.06), 0.015, 0.01))
        b.revolute(lever, "base", (1, 0, 0), (-d / 2 + 0.2, -w / 2 + 0.05, top - 0.06), -0.6, 0.0)
        return "toilet with a flush lever"
    P.button(b, "flush_button", "base", (-d / 2 + 0.1, 0, top), "z", 0.04, 0.006, round_=True)
    return "toilet with a push-button flush"


@kind("sink", "bathroom_fixtures")
def sink(b: Builder) -> str:
    """Pedestal sink: basin with a pop-up stopper (prismatic) and a lever tap."""
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
    """Shower set: a head sliding on a wall rail (prismatic) and tilting, and a valve."""
    rail = b.dim(0.6, 1.0)
    z0 = b.dim(1.0, 1.3)
    b.link("base", "metal", S.rod((0, 0, z0), (0, 0, z0 + rail), 0.012),
           S.box((0.03, 0.05, 0.04), (-0.015, 0, z0)), S.box((0.03, 0.05, 0.04), (-0.015, 0, z0 + rail)),
           S.box((0.02, 0.25, 0.15), (-0.02, 0, z0 - 0.3)))
    b.add("base", S.box((0.02, 0.02, z0 - 0.375), (-0.02, 0, (z0 - 0.375) / 2)))
    slider = b.link("slider", "plastic", S.tube(0.013, 0.022, 0.05, (0, 0, z0 + 0.1)),
                    S.box((0.04, 0.02, 0.03), (0.04, 0, z0 + 0.1)))
    b.prismatic(slider, "base", "z", 0.0, rail - 0.2)
    head_r = b.dim(0.04, 0.1)
    head = b.link("head", "metal", S.rod((0.06, 0, z0 + 0.1), (0.06, 0, z0 + 0.1 - 0.22), 0.012),
                  S.cylinder(head_r, 0.02, (0.06 + head_r * 0.5, 0, z0 - 0.13), (0.5, 0, 1)))
    b.revolute(head, slider, "y", (0.06, 0, z0 + 0.1), -0.5, 0.5)
    P.knob(b, "valve", "base", (-0.01, 0, z0 - 0.3), "x", 0.03, 0.03, limits=(0.0, 1.5 * math.pi))
    return "shower set with a sliding head"
