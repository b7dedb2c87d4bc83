"""Exact and near duplicates: checksum groups, blocked candidate pairs, metric confirmation.

Pipeline (no step is quadratic in the library size):

1. **Exact**: items with equal ``content_checksum`` form a group; one representative per
   group (the best by :func:`keep_key`) takes part in the next steps.
2. **Candidates** (:func:`candidate_pairs`): pairs of representatives that share an
   ``upstream_id`` (evidence ``upstream_id``) or whose geometry signatures agree
   (evidence ``geometry``: every principal extent within ``extent_rtol`` and D2
   histograms within ``d2_tol`` in L1). Geometry search is a grid on the log principal
   extents (cell width ``log(1 + extent_rtol)``) and the D2 mean (width ``d2_tol / 2``,
   which bounds the mean's change for histograms ``d2_tol`` apart in L1), probing the
   3^4 neighbouring cells, so no qualifying pair is missed. A block (cell pair or
   upstream group) with more than ``max_block_pairs`` pairs is searched by a sorted
   neighbourhood of ``window`` items instead, so the pair count stays ``O(n window)``.
3. **Clusters**: candidate pairs are merged with union-find. Upstream-id pairs always
   merge (same upstream object); geometry-only pairs merge when their kinematic distance
   is at most ``max_geometry_distance`` (default: always, no metric call needed), and a
   pair of two objects of ``exact_sources`` (generated objects, whose joints are ground
   truth, not an annotation that may disagree) only when they move alike: at most
   ``same_annotation_tol`` (two objects of one shape that move differently are different
   objects).
4. **Keeper and relations**: each cluster keeps one member by :func:`keep_key` —
   verified kinematics first, then larger ``source_priority``, then more moving joints
   annotated, then the smaller ``object_id``. Every other member gets a
   :class:`~schemas.curation.DuplicateRecord`: ``exact`` (same checksum as the keeper,
   distance 0), ``same_annotation`` (``kinematic_distance(member, keeper)`` at most
   ``same_annotation_tol``) or ``disagreeing_annotation`` (with the differing joints).

``kinematic_distance(a_id, b_id) -> (distance, differing_joint_names)`` is supplied by
the caller (the flow wires the tree metric of ``arena_core.metric``); it is called once
per non-exact duplicate (plus once per geometry-only pair when
``max_geometry_distance`` is finite).
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd

from arena_core.curation.items import CurationItem
from arena_core.util import tolerances as tol
from schemas.curation import DuplicateRecord
from schemas.errors import ArenaError

#: ``kinematic_distance(a_id, b_id) -> (tree distance, names of the joints that differ)``.
KinematicDistance = Callable[[str, str], tuple[float, Sequence[str]]]

#: A block with more candidate pairs than this is searched by sorted neighbourhood.
MAX_BLOCK_PAIRS = 4096

#: Sorted-neighbourhood window (items) used for oversized blocks.
WINDOW = 16

_OFFSETS = tuple(o for o in itertools.product((-1, 0, 1), repeat=4) if o > (0, 0, 0, 0))


class DuplicateError(ArenaError, ValueError):
    """Invalid input to duplicate detection (duplicate ids, bad metric output, ...)."""


@dataclass(frozen=True)
class DuplicateReport:
    """Result of :func:`find_duplicates`.

    ``records``: one per non-kept member, sorted by object id; ``clusters``: each
    cluster's ids, keeper first then the others sorted; ``n_candidate_pairs``: pairs
    produced by blocking (over checksum representatives); ``n_metric_calls``: calls of
    ``kinematic_distance``.
    """

    records: tuple[DuplicateRecord, ...]
    clusters: tuple[tuple[str, ...], ...]
    n_items: int
    n_candidate_pairs: int
    n_metric_calls: int

    @cached_property
    def duplicate_ids(self) -> frozenset[str]:
        """Ids that the release does not count (members that are not kept; built once)."""
        return frozenset(r.object_id for r in self.records)


def keep_key(item: CurationItem) -> tuple:
    """Sort key of the keep policy (smallest is kept): verified, priority, joints, id."""
    return (not item.verified, -item.source_priority, -item.n_moving, item.object_id)


def find_duplicates(
    items: Sequence[CurationItem],
    *,
    kinematic_distance: KinematicDistance,
    same_annotation_tol: float = tol.SAME_ANNOTATION,
    extent_rtol: float = tol.DUPLICATE_EXTENT_RTOL,
    d2_tol: float = tol.DUPLICATE_D2_L1,
    max_geometry_distance: float = math.inf,
    max_block_pairs: int = MAX_BLOCK_PAIRS,
    window: int = WINDOW,
    exact_sources: Collection[str] = (),
) -> DuplicateReport:
    """Find exact and near duplicates among ``items`` (see the module docstring)."""
    _check_items(items)
    _check_options(same_annotation_tol=same_annotation_tol, extent_rtol=extent_rtol,
                   d2_tol=d2_tol, max_block_pairs=max_block_pairs, window=window)
    reps, rep_of = _checksum_groups(items)
    rep_items = [items[r] for r in reps]
    pairs = candidate_pairs(
        rep_items, extent_rtol=extent_rtol, d2_tol=d2_tol,
        max_block_pairs=max_block_pairs, window=window,
    )
    metric = _CountingMetric(kinematic_distance)
    parent = list(range(len(items)))
    for i, r in enumerate(rep_of):
        _union(parent, i, r)
    for (a, b), evidence in sorted(pairs.items()):
        ia, ib = reps[a], reps[b]
        if _find(parent, ia) == _find(parent, ib):
            continue
        geometry_only = "upstream_id" not in evidence
        exact = items[ia].source in exact_sources and items[ib].source in exact_sources
        limit = same_annotation_tol if exact else max_geometry_distance
        if geometry_only and math.isfinite(limit):
            distance, _ = metric(items[ia].object_id, items[ib].object_id)
            if distance > limit:
                continue
        _union(parent, ia, ib)
    records, clusters = _records(
        items, parent, metric, same_annotation_tol=same_annotation_tol,
        extent_rtol=extent_rtol, d2_tol=d2_tol,
    )
    return DuplicateReport(tuple(records), tuple(clusters), len(items), len(pairs), metric.calls)


def candidate_pairs(
    items: Sequence[CurationItem],
    *,
    extent_rtol: float = tol.DUPLICATE_EXTENT_RTOL,
    d2_tol: float = tol.DUPLICATE_D2_L1,
    max_block_pairs: int = MAX_BLOCK_PAIRS,
    window: int = WINDOW,
) -> dict[tuple[int, int], frozenset[str]]:
    """Blocked candidate pairs ``(i, j)``, ``i < j`` (indices into ``items``) -> evidence."""
    found: dict[tuple[int, int], set[str]] = defaultdict(set)
    for pair in _upstream_pairs(items, max_block_pairs, window):
        found[pair].add("upstream_id")
    for pair in _geometry_pairs(items, extent_rtol, d2_tol, max_block_pairs, window):
        found[pair].add("geometry")
    return {pair: frozenset(ev) for pair, ev in found.items()}


def duplicates_table(report: DuplicateReport) -> pd.DataFrame:
    """The duplicates report as a table (one row per record, sorted by object id)."""
    columns = list(DuplicateRecord.model_fields)
    rows = [r.model_dump() for r in report.records]
    table = pd.DataFrame(rows, columns=columns)
    table["differing_joints"] = table["differing_joints"].map(", ".join)
    table["evidence"] = table["evidence"].map(", ".join)
    return table


# ---------------------------------------------------------------------------- blocking
def _upstream_pairs(
    items: Sequence[CurationItem], max_block_pairs: int, window: int
) -> Iterator[tuple[int, int]]:
    groups: dict[str, list[int]] = defaultdict(list)
    for i, item in enumerate(items):
        if item.upstream_id:
            groups[item.upstream_id].append(i)
    for members in groups.values():
        yield from _block(members, members, items, max_block_pairs, window)


def _geometry_pairs(
    items: Sequence[CurationItem], extent_rtol: float, d2_tol: float,
    max_block_pairs: int, window: int,
) -> Iterator[tuple[int, int]]:
    idx = [i for i, item in enumerate(items) if item.signature is not None]
    if len(idx) < 2:
        return
    logs = np.array([items[i].signature.log_extents for i in idx])
    hists = np.array([items[i].signature.d2 for i in idx])
    centers = (np.arange(hists.shape[1]) + 0.5) / hists.shape[1]
    width_e = math.log1p(extent_rtol)
    keys = np.concatenate(
        [np.floor(logs / width_e), np.floor((hists @ centers) / (d2_tol / 2))[:, None]], axis=1
    ).astype(np.int64)
    cells: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for pos, key in enumerate(map(tuple, keys.tolist())):
        cells[key].append(pos)
    raw = [
        pair
        for here, other in _neighbour_blocks(cells)
        for pair in _block(here, other, items, max_block_pairs, window, idx)
    ]
    if not raw:
        return
    a, b = np.array(raw, dtype=np.int64).T
    close = np.max(np.abs(logs[a] - logs[b]), axis=1) <= width_e + tol.ROUND_TRIP
    close &= np.abs(hists[a] - hists[b]).sum(axis=1) <= d2_tol
    ids = np.asarray(idx)
    for i, j in zip(ids[a[close]].tolist(), ids[b[close]].tolist(), strict=True):
        yield (i, j) if i < j else (j, i)


def _neighbour_blocks(
    cells: dict[tuple[int, ...], list[int]],
) -> Iterator[tuple[list[int], list[int]]]:
    """Each cell with itself and with each occupied neighbour cell (each pair of cells once),
    cells in sorted order and neighbours in :data:`_OFFSETS` order. The neighbours of all
    cells are looked up at once (cell keys as mixed-radix integers, a sorted search)."""
    keys = sorted(cells)
    if not keys:
        return
    grid = np.array(keys, dtype=np.int64)
    low = grid.min(axis=0) - 1
    radix = grid.max(axis=0) - low + 2
    if float(np.prod(radix.astype(float))) >= 2.0**62:  # too wide to encode: one by one
        yield from _neighbour_blocks_by_tuple(cells, keys)
        return
    codes = _encode(grid, low, radix)  # increasing: the keys are sorted
    offsets = np.array(_OFFSETS, dtype=np.int64)
    for start in range(0, len(keys), 4096):
        here = grid[start:start + 4096]
        wanted = _encode(here[:, None, :] + offsets[None, :, :], low, radix)
        found = np.minimum(np.searchsorted(codes, wanted), len(codes) - 1)
        rows, cols = np.nonzero(codes[found] == wanted)  # row-major: by cell, then offset
        neighbours: dict[int, list[int]] = defaultdict(list)
        for row, other in zip(rows.tolist(), found[rows, cols].tolist(), strict=True):
            neighbours[row].append(other)
        for row, key in enumerate(keys[start:start + 4096]):
            yield cells[key], cells[key]
            for other in neighbours.get(row, ()):
                yield cells[key], cells[keys[other]]


def _encode(keys: np.ndarray, low: np.ndarray, radix: np.ndarray) -> np.ndarray:
    """Cell keys ``(..., 4)`` as one integer each (lexicographic order is kept)."""
    code = keys[..., 0] - low[0]
    for k in range(1, keys.shape[-1]):
        code = code * radix[k] + (keys[..., k] - low[k])
    return code


def _neighbour_blocks_by_tuple(
    cells: dict[tuple[int, ...], list[int]], keys: list[tuple[int, ...]],
) -> Iterator[tuple[list[int], list[int]]]:
    for key in keys:
        yield cells[key], cells[key]
        for offset in _OFFSETS:
            other = tuple(k + d for k, d in zip(key, offset, strict=True))
            if other in cells:
                yield cells[key], cells[other]


def _block(
    first: list[int], second: list[int], items: Sequence[CurationItem],
    max_block_pairs: int, window: int, idx: list[int] | None = None,
) -> Iterator[tuple[int, int]]:
    """Pairs between two blocks (the same list object = pairs within one block)."""
    same = first is second
    n_pairs = len(first) * (len(first) - 1) // 2 if same else len(first) * len(second)
    if n_pairs <= max_block_pairs:
        if same:
            yield from itertools.combinations(first, 2)
        else:
            yield from itertools.product(first, second)
        return
    item_of = (lambda p: items[idx[p]]) if idx is not None else (lambda p: items[p])
    side = {p: 0 for p in first}
    side.update({p: 1 for p in second} if not same else {})
    members = set(first) | set(second)
    order = sorted(members, key=lambda p: (item_of(p).volume, item_of(p).object_id))
    for k, a in enumerate(order):
        for b in order[k + 1 : k + 1 + window]:
            if same or side[a] != side[b]:
                yield a, b


# ---------------------------------------------------------------------------- clusters
def _records(
    items: Sequence[CurationItem], parent: list[int], metric: _CountingMetric, *,
    same_annotation_tol: float, extent_rtol: float, d2_tol: float,
) -> tuple[list[DuplicateRecord], list[tuple[str, ...]]]:
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(len(items)):
        groups[_find(parent, i)].append(i)
    records, clusters = [], []
    for members in groups.values():
        if len(members) < 2:
            continue
        keeper = min(members, key=lambda i: keep_key(items[i]))
        others = sorted((i for i in members if i != keeper), key=lambda i: items[i].object_id)
        clusters.append(tuple(items[i].object_id for i in [keeper, *others]))
        for i in others:
            records.append(_record(items[i], items[keeper], metric, same_annotation_tol,
                                   extent_rtol, d2_tol))
    records.sort(key=lambda r: r.object_id)
    clusters.sort()
    return records, clusters


def _record(
    item: CurationItem, keeper: CurationItem, metric: _CountingMetric,
    same_annotation_tol: float, extent_rtol: float, d2_tol: float,
) -> DuplicateRecord:
    evidence = _evidence(item, keeper, extent_rtol, d2_tol)
    if item.content_checksum == keeper.content_checksum:
        relation, distance, differing = "exact", 0.0, []
    else:
        distance, differing = metric(item.object_id, keeper.object_id)
        same = distance <= same_annotation_tol
        relation = "same_annotation" if same else "disagreeing_annotation"
        differing = [] if same else sorted(differing)
    return DuplicateRecord(
        object_id=item.object_id, duplicate_of=keeper.object_id, relation=relation,
        distance=distance, differing_joints=differing, evidence=evidence,
        source=item.source, keeper_source=keeper.source,
    )


def _evidence(a: CurationItem, b: CurationItem, extent_rtol: float, d2_tol: float) -> list[str]:
    evidence = []
    if a.content_checksum == b.content_checksum:
        evidence.append("checksum")
    if a.upstream_id and a.upstream_id == b.upstream_id:
        evidence.append("upstream_id")
    if a.signature is not None and b.signature is not None:
        ext = np.max(np.abs(a.signature.log_extents - b.signature.log_extents))
        d2 = np.abs(a.signature.d2 - b.signature.d2).sum()
        if ext <= math.log1p(extent_rtol) + tol.ROUND_TRIP and d2 <= d2_tol:
            evidence.append("geometry")
    return evidence or ["transitive"]


class _CountingMetric:
    """Wraps ``kinematic_distance``: validates its output, caches it, counts calls."""

    def __init__(self, fn: KinematicDistance) -> None:
        self._fn, self._cache, self.calls = fn, {}, 0

    def __call__(self, a: str, b: str) -> tuple[float, list[str]]:
        if (a, b) not in self._cache:
            self.calls += 1
            distance, differing = self._fn(a, b)
            distance = float(distance)
            if not math.isfinite(distance) or distance < -tol.ORACLE:
                raise DuplicateError(f"kinematic_distance({a!r}, {b!r}) returned {distance}")
            distance = max(distance, 0.0)  # rounding of an exact match (about -1e-16)
            self._cache[(a, b)] = (distance, [str(j) for j in differing])
        return self._cache[(a, b)]


def _checksum_groups(items: Sequence[CurationItem]) -> tuple[list[int], list[int]]:
    """Representatives (best by :func:`keep_key` per checksum) and each item's one."""
    best: dict[str, int] = {}
    for i, item in enumerate(items):
        j = best.get(item.content_checksum)
        if j is None or keep_key(item) < keep_key(items[j]):
            best[item.content_checksum] = i
    reps = sorted(best.values())
    return reps, [best[item.content_checksum] for item in items]


def _find(parent: list[int], i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def _union(parent: list[int], a: int, b: int) -> None:
    ra, rb = _find(parent, a), _find(parent, b)
    if ra != rb:
        parent[max(ra, rb)] = min(ra, rb)


def _check_items(items: Sequence[CurationItem]) -> None:
    seen: set[str] = set()
    for item in items:
        if not isinstance(item, CurationItem):
            raise DuplicateError(f"items must be CurationItem, got {type(item).__name__}")
        if item.object_id in seen:
            raise DuplicateError(f"object_id {item.object_id!r} appears twice")
        seen.add(item.object_id)


def _check_options(**options: float) -> None:
    for name, value in options.items():
        low_ok = value >= 0 if name == "same_annotation_tol" else value > 0
        if not (math.isfinite(value) and low_ok):
            raise DuplicateError(f"{name} must be a finite number > 0 (>= 0 for tolerances), "
                                 f"got {value!r}")
