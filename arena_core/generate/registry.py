"""All kinds, their schedule, and :func:`generate_object` (one object from a kind and an rng).

Importing this module imports every family module, which registers its kinds. ``KINDS``
maps kind id -> :class:`~arena_core.generate.kinds.KindSpec` in **schedule order**: the
first kind of each of the fifteen supercategories, then the second of each, and so on
(supercategories that run out are skipped). :func:`kind_for_index` walks that order
round-robin, so the first 15 objects touch every supercategory and the first 30 every
joint type (a test checks it).

Example:
    >>> import numpy as np
    >>> g = generate_object("bottle", np.random.default_rng(3))
    >>> g.kind, g.joint_type_counts["helical"]
    ('bottle', 1)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from arena_core.generate import (  # noqa: F401  (imported to register their kinds)
    appliances,
    appliances_b,
    bathroom,
    bathroom_b,
    carry,
    containers,
    containers_b,
    cupboards,
    cupboards_b,
    desk_items,
    electronics,
    electronics_b,
    entrances,
    furniture,
    furniture_b,
    gadgets,
    games,
    hand_tools,
    household,
    household_b,
    housewares,
    kitchenware,
    lighting,
    lighting_b,
    luminaires,
    machinery,
    mechanisms,
    mechanisms_b,
    openings,
    personal,
    seating,
    stationery,
    stationery_b,
    storage,
    storage_b,
    tools,
    toys,
    toys_b,
    transport,
    vehicles,
    vehicles_b,
    vessels,
    washroom,
)
from arena_core.generate.builder import Builder, GeneratedObject
from arena_core.generate.kinds import REGISTERED, SUPERCATEGORIES, KindSpec
from schemas.errors import ArenaError


class UnknownKindError(ArenaError, ValueError):
    """A kind id that is not registered (the message lists the known ones)."""


def _schedule(specs: dict[str, KindSpec]) -> list[str]:
    by_super = {s: [k for k, v in specs.items() if v.supercategory == s] for s in SUPERCATEGORIES}
    order, rank = [], 0
    while len(order) < len(specs):
        order += [kinds[rank] for kinds in by_super.values() if rank < len(kinds)]
        rank += 1
    return order


#: kind id -> spec, in schedule order.
KINDS: dict[str, KindSpec] = {k: REGISTERED[k] for k in _schedule(REGISTERED)}


def _check_kinds(kinds: Sequence[str]) -> list[str]:
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        raise UnknownKindError(f"unknown kind(s) {unknown or '(none given)'}; known kinds: "
                               f"{', '.join(KINDS)}")
    return list(kinds)


def kind_for_index(index: int, kinds: Sequence[str] | None = None) -> str:
    """The kind of object number ``index`` (round-robin over ``kinds``, default all)."""
    order = list(KINDS) if kinds is None else _check_kinds(kinds)
    return order[index % len(order)]


def generate_object(kind: str, rng: np.random.Generator) -> GeneratedObject:
    """Generate one object of ``kind``; a pure function of ``(kind, rng state)``.

    Raises:
        UnknownKindError: ``kind`` is not registered.
    """
    _check_kinds([kind])
    b = Builder(rng)
    name = KINDS[kind].fn(b)
    return b.build(kind, name)
