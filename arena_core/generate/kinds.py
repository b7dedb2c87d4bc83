"""The kind registry: each kind generator registers its id, supercategory and function.

A kind generator is a function ``fn(b: Builder) -> str`` that declares the links and joints
of one object on the :class:`~arena_core.generate.builder.Builder` (drawing every random
choice from it) and returns a human-readable name. It is registered with :func:`kind`::

    @kind("bottle", "containers")
    def bottle(b): ...

Registration order inside a supercategory is the order kinds are scheduled in
(:mod:`arena_core.generate.registry`), so each family module lists its most
characteristic kind first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: The fifteen supercategory ids of SPEC section 8, in the order used for scheduling.
SUPERCATEGORIES = (
    "storage_furniture", "furniture", "kitchen_appliances", "home_appliances", "electronics",
    "containers", "doors_windows", "bathroom_fixtures", "lighting", "tools",
    "office_stationery", "vehicles", "toys_recreation", "personal_accessories", "mechanisms",
)


@dataclass(frozen=True)
class KindSpec:
    """One kind of generated object: its id (= category), intended supercategory, function."""

    kind: str
    supercategory: str
    fn: Callable


#: kind id -> spec, in registration order (filled when the family modules are imported).
REGISTERED: dict[str, KindSpec] = {}


def kind(kind_id: str, supercategory: str) -> Callable[[Callable], Callable]:
    """Decorator registering a kind generator under ``kind_id``.

    Raises:
        ValueError: the id is taken or the supercategory is not one of SPEC 8's fifteen.
    """
    if supercategory not in SUPERCATEGORIES:
        raise ValueError(f"kind {kind_id!r}: unknown supercategory {supercategory!r}")
    if kind_id in REGISTERED:
        raise ValueError(f"kind {kind_id!r} is registered twice")

    def register(fn: Callable) -> Callable:
        REGISTERED[kind_id] = KindSpec(kind_id, supercategory, fn)
        return fn

    return register
