"""The evaluation subset: N objects (default 200) chosen greedily for coverage, then balance.

Eligible: verified, not a duplicate, with a category, with at least one moving joint.
Every step picks the eligible object with the largest **gain**, a tuple compared
lexicographically and computed only from what is already selected:

1. covers a new supercategory (1/0);
2. covers a new category (1/0);
3. number of its joint types not yet covered (all five types, ``fixed`` included);
4. covers a new moving-joint bin (1, 2-3, 4-7, 8-15, 16+) (1/0);
5. covers a new source (1/0);
6. balance, each as minus a count among the selected: its supercategory, the rarest of
   its moving joint types, its bin, its source, its category.

Ties go to (a) the earlier position in ``previous`` (the last published subset, in
order; objects not in it come after), then (b) the seeded hash rank
``blake2b(f"{seed}:{object_id}")``, which depends on the object alone, never on the rest
of the library, then (c) the object id.

**Stability.** Let ``P = select(S)`` and add objects ``A``. Run
``select(S + A, previous=P)``. At each step, as long as the selections agree, the
selected state is the same, so every old object has the gain it had before. The old
winner ``p_t`` had the largest gain among ``S`` and is the earliest remaining member of
``P``, so it beats every old object (equal gain -> earlier in ``previous``) and every
added object whose gain is not strictly larger. Hence the subset changes only at a step
where an added object strictly improves the gain — i.e. where coverage or balance
improves — and ``select(S, previous=select(S)) == select(S)``. (Two legitimate other
changes: an added object that becomes the keeper of a selected object's duplicate
cluster makes that object ineligible, and a short subset grows when objects are added.)
Without ``previous`` the result is reproducible for ``(items, n, seed)``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

import numpy as np

from arena_core.curation.items import MOVING_BINS, CurationItem
from schemas.curation import CURATION_JOINT_TYPES, SubsetEntry, SubsetResult
from schemas.errors import ArenaError

#: Default size of the evaluation subset.
SUBSET_SIZE = 200

_MOVING_COLUMNS = np.array([k for k, t in enumerate(CURATION_JOINT_TYPES) if t != "fixed"])
_BIN_LABELS = tuple(label for label, _, _ in MOVING_BINS)


class SubsetError(ArenaError, ValueError):
    """Invalid subset request (negative size, duplicate ids, ...)."""


def hash_rank(object_id: str, seed: int) -> int:
    """Seeded rank of one object, independent of every other object (smaller first).

    >>> hash_rank("a", 0) == hash_rank("a", 0) != hash_rank("a", 1)
    True
    """
    digest = hashlib.blake2b(f"{seed}:{object_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def select_subset(
    items: Sequence[CurationItem],
    *,
    n: int = SUBSET_SIZE,
    seed: int = 0,
    duplicate_ids: Iterable[str] = (),
    previous: Sequence[str] = (),
) -> SubsetResult:
    """Choose ``n`` eligible items (module docstring); fewer if fewer are eligible.

    Args:
        items: the library; duplicate_ids: ids the duplicates stage did not keep.
        previous: the prior subset's ids in selection order (stability, see above).

    Returns a :class:`~schemas.curation.SubsetResult` whose entries are in selection
    order with the reason each was chosen; ``complete`` is False and ``message`` says
    so when fewer than ``n`` objects are eligible (no padding).
    """
    if n < 0:
        raise SubsetError(f"n must be >= 0, got {n}")
    eligible, excluded = _eligible(items, set(duplicate_ids))
    features = _Features(eligible, seed, previous)
    order, reasons = features.greedy(min(n, len(eligible)))
    entries = [_entry(eligible[i], k, reasons[k]) for k, i in enumerate(order)]
    complete = len(eligible) >= n
    message = (
        f"selected {len(entries)} of {len(eligible)} eligible objects"
        if complete
        else f"only {len(eligible)} eligible objects (< {n} requested): all taken, no padding"
    )
    return SubsetResult(
        seed=seed, n_requested=n, n_eligible=len(eligible), complete=complete,
        message=message, entries=entries, excluded=excluded,
    )


def _eligible(
    items: Sequence[CurationItem], duplicates: set[str]
) -> tuple[list[CurationItem], dict[str, int]]:
    excluded = {"not_verified": 0, "duplicate": 0, "no_category": 0, "no_moving_joint": 0}
    keep, seen = [], set()
    for item in items:
        if item.object_id in seen:
            raise SubsetError(f"object_id {item.object_id!r} appears twice")
        seen.add(item.object_id)
        reason = (
            "not_verified" if not item.verified
            else "duplicate" if item.object_id in duplicates
            else "no_category" if item.category is None or item.supercategory is None
            else "no_moving_joint" if item.n_moving == 0
            else None
        )
        if reason is None:
            keep.append(item)
        else:
            excluded[reason] += 1
    return keep, excluded


class _Features:
    """Integer codes of the eligible items' features and the greedy selection."""

    def __init__(self, items: list[CurationItem], seed: int, previous: Sequence[str]) -> None:
        self.items = items
        self.sup, self.sup_names = _codes([it.supercategory for it in items])
        self.cat, self.cat_names = _codes([it.category for it in items])
        self.src, self.src_names = _codes([it.source for it in items])
        self.bin = np.array([_BIN_LABELS.index(it.moving_bin) for it in items], dtype=np.int64)
        self.types = np.array(
            [[it.joint_counts[t] > 0 for t in CURATION_JOINT_TYPES] for it in items], dtype=bool
        ).reshape(len(items), len(CURATION_JOINT_TYPES))
        position = {oid: k for k, oid in enumerate(previous)}
        self.tie = [
            (position.get(it.object_id, len(position)), hash_rank(it.object_id, seed), it.object_id)
            for it in items
        ]

    def greedy(self, n: int) -> tuple[list[int], list[str]]:
        counts = {
            "sup": np.zeros(len(self.sup_names), np.int64),
            "cat": np.zeros(len(self.cat_names), np.int64),
            "src": np.zeros(len(self.src_names), np.int64),
            "bin": np.zeros(len(_BIN_LABELS), np.int64),
            "type": np.zeros(len(CURATION_JOINT_TYPES), np.int64),
        }
        free = np.ones(len(self.items), dtype=bool)
        order, reasons = [], []
        for _ in range(n):
            gains = self._gains(counts)
            best = self._argbest(gains, free)
            order.append(best)
            reasons.append(self._reason(best, gains[best], counts["type"]))
            free[best] = False
            for key, codes in (("sup", self.sup), ("cat", self.cat), ("src", self.src),
                               ("bin", self.bin)):
                counts[key][codes[best]] += 1
            counts["type"] += self.types[best]
        return order, reasons

    def _gains(self, c: dict[str, np.ndarray]) -> np.ndarray:
        """``(n_items, 10)`` int gains given the selected counts ``c`` (module list)."""
        moving = self.types[:, _MOVING_COLUMNS]
        big = np.iinfo(np.int64).max
        rarest = np.where(moving, c["type"][None, _MOVING_COLUMNS], big).min(axis=1)
        return np.stack([
            c["sup"][self.sup] == 0,
            c["cat"][self.cat] == 0,
            (self.types & (c["type"] == 0)[None, :]).sum(axis=1),
            c["bin"][self.bin] == 0,
            c["src"][self.src] == 0,
            -c["sup"][self.sup],
            -rarest,
            -c["bin"][self.bin],
            -c["src"][self.src],
            -c["cat"][self.cat],
        ], axis=1).astype(np.int64)

    def _argbest(self, gains: np.ndarray, free: np.ndarray) -> int:
        mask = free.copy()
        for col in range(gains.shape[1]):
            column = gains[:, col]
            mask &= column == column[mask].max()
        candidates = np.flatnonzero(mask).tolist()
        return min(candidates, key=self.tie.__getitem__)

    def _reason(self, i: int, gain: np.ndarray, type_counts: np.ndarray) -> str:
        item = self.items[i]
        if gain[0]:
            return f"covers new supercategory {item.supercategory}"
        if gain[1]:
            return f"covers new category {item.category}"
        if gain[2]:
            new = [t for t, n in zip(CURATION_JOINT_TYPES, type_counts, strict=True) if n == 0]
            return f"adds joint types {', '.join(t for t in item.joint_types if t in new)}"
        if gain[3]:
            return f"covers new moving-joint bin {item.moving_bin}"
        if gain[4]:
            return f"covers new source {item.source}"
        return (
            f"balance: {-gain[5]} already from {item.supercategory}, {-gain[7]} in bin "
            f"{item.moving_bin}, {-gain[8]} from {item.source}"
        )


def _codes(values: list[str]) -> tuple[np.ndarray, list[str]]:
    names = sorted(set(values))
    lookup = {v: k for k, v in enumerate(names)}
    return np.array([lookup[v] for v in values], dtype=np.int64), names


def _entry(item: CurationItem, order: int, reason: str) -> SubsetEntry:
    return SubsetEntry(
        object_id=item.object_id, order=order, category=item.category,
        supercategory=item.supercategory, source=item.source,
        joint_types=list(item.joint_types), n_moving=item.n_moving, reason=reason,
    )
