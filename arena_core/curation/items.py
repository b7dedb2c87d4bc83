"""The per-object summary the curation stages work on (duplicates, subset, coverage).

A :class:`CurationItem` is plain data the flow builds from a normalized, verified object
record; the curation functions never read URDFs or meshes themselves.

Example:
    >>> import numpy as np
    >>> item = CurationItem(
    ...     object_id="sapien/41083", source="sapien", source_id="41083",
    ...     content_checksum="ab12", bbox_extent=np.array([0.5, 1.0, 0.8]), volume=0.3,
    ...     signature=None, joint_counts={"revolute": 2, "prismatic": 2, "fixed": 1},
    ...     verified=True, upstream_id="partnet:41083")
    >>> item.bbox_extent.tolist(), item.n_moving, item.joint_types
    ([1.0, 0.8, 0.5], 4, ('revolute', 'prismatic', 'fixed'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType

import numpy as np

from arena_core.curation.signature import ShapeSignature
from schemas.curation import CURATION_JOINT_TYPES
from schemas.errors import ArenaError

#: Moving-joint-count bins of the evaluation subset: ``(label, lowest, highest)``.
MOVING_BINS: tuple[tuple[str, int, float], ...] = (
    ("1", 1, 1), ("2-3", 2, 3), ("4-7", 4, 7), ("8-15", 8, 15), ("16+", 16, float("inf")),
)


class ItemError(ArenaError, ValueError):
    """A curation item with an invalid field (the message names it)."""


@dataclass(frozen=True, eq=False)
class CurationItem:
    """Summary of one object for curation.

    Attributes:
        object_id: unique id in the build (``source/source_id``).
        source, source_id: the library and its own id of the object.
        content_checksum: digest of the normalized object (equal => exact duplicate).
        bbox_extent: ``(3,)`` extents (m) of the normalized bounding box, stored sorted
            descending.
        volume: enclosed volume (m^3), or surface area (m^2) for open meshes; 0 if unknown.
        signature: :class:`ShapeSignature` of a surface sample, ``None`` without geometry.
        joint_counts: joint type -> count over :data:`CURATION_JOINT_TYPES`.
        verified: the object passed kinematic verification.
        source_priority: larger is preferred when a duplicate cluster keeps one member.
        upstream_id: shared id of the upstream object (``partnet:41083``) when known.
        category, supercategory: taxonomy assignment (``None`` if unresolved).
    """

    object_id: str
    source: str
    source_id: str
    content_checksum: str
    bbox_extent: np.ndarray
    volume: float
    signature: ShapeSignature | None
    joint_counts: Mapping[str, int] = field(default_factory=dict)
    verified: bool = False
    source_priority: int = 0
    upstream_id: str | None = None
    category: str | None = None
    supercategory: str | None = None

    def __post_init__(self) -> None:
        _check_item(self)
        extent = np.sort(np.asarray(self.bbox_extent, dtype=float))[::-1]
        object.__setattr__(self, "bbox_extent", extent)
        counts = {t: int(self.joint_counts.get(t, 0)) for t in CURATION_JOINT_TYPES}
        object.__setattr__(self, "joint_counts", MappingProxyType(counts))

    def __getstate__(self) -> dict:
        """Pickle state (the read-only joint counts as a plain dict)."""
        return {**self.__dict__, "joint_counts": dict(self.joint_counts)}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update({**state, "joint_counts": MappingProxyType(state["joint_counts"])})

    @cached_property
    def n_moving(self) -> int:
        """Number of non-fixed joints."""
        return sum(n for t, n in self.joint_counts.items() if t != "fixed")

    @property
    def joint_types(self) -> tuple[str, ...]:
        """Joint types present, in :data:`CURATION_JOINT_TYPES` order."""
        return tuple(t for t in CURATION_JOINT_TYPES if self.joint_counts[t] > 0)

    @property
    def moving_bin(self) -> str | None:
        """Label of the :data:`MOVING_BINS` bin of :attr:`n_moving` (``None`` for 0)."""
        return moving_bin(self.n_moving)


def moving_bin(n_moving: int) -> str | None:
    """Label of the moving-joint bin holding ``n_moving`` (``None`` when 0).

    >>> [moving_bin(n) for n in (0, 1, 3, 4, 15, 116)]
    [None, '1', '2-3', '4-7', '8-15', '16+']
    """
    for label, low, high in MOVING_BINS:
        if low <= n_moving <= high:
            return label
    return None


def _check_item(item: CurationItem) -> None:
    if not item.object_id:
        raise ItemError("object_id must be a non-empty string")
    extent = np.asarray(item.bbox_extent, dtype=float)
    if extent.shape != (3,) or not np.isfinite(extent).all() or (extent < 0).any():
        raise ItemError(
            f"{item.object_id}: bbox_extent must be 3 finite non-negative floats, got {extent!r}"
        )
    unknown = sorted(set(item.joint_counts) - set(CURATION_JOINT_TYPES))
    if unknown:
        raise ItemError(f"{item.object_id}: unknown joint types {unknown}")
    if any(int(n) < 0 for n in item.joint_counts.values()):
        counts = dict(item.joint_counts)
        raise ItemError(f"{item.object_id}: joint counts must be >= 0, got {counts}")
    if not np.isfinite(item.volume) or item.volume < 0:
        raise ItemError(f"{item.object_id}: volume must be finite and >= 0, got {item.volume}")


def item_from_record(record, *, features=None, source_priority: int = 0,
                     category: str | None = None, supercategory: str | None = None
                     ) -> CurationItem:
    """The curation item of an :class:`~schemas.record.ObjectRecord`.

    ``features`` (:class:`arena_core.curation.features.ObjectFeatures`) supply the geometry; without
    them the item carries a unit box and no signature (enough for subset and coverage).
    Joint counts come from the record's joints; the upstream id is namespaced
    ``partnet:<id>``; ``category``/``supercategory`` default to the record's.
    """
    counts: dict[str, int] = {}
    for joint in record.joints:
        counts[joint.type] = counts.get(joint.type, 0) + 1
    return CurationItem(
        object_id=record.object_id, source=record.source, source_id=record.source_id,
        content_checksum=record.checksum or record.object_id,
        bbox_extent=np.asarray(features.bbox_extent) if features else np.ones(3),
        volume=features.volume if features else 1.0,
        signature=features.signature if features else None, joint_counts=counts,
        verified=record.accepted, source_priority=source_priority,
        upstream_id=f"partnet:{record.upstream_id}" if record.upstream_id else None,
        category=category if category is not None else record.category,
        supercategory=supercategory if supercategory is not None else record.supercategory,
    )
