"""The curation stage of a build: taxonomy, duplicates and the evaluation subset, together.

Takes the processed objects (records + cached features), assigns every one a category,
finds duplicates among the accepted ones with the tree metric on their recorded joints
(no mesh is reloaded), and selects the subset from the accepted non-duplicates.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass

from arena_core.curation.duplicates import DuplicateReport, KinematicDistance, find_duplicates
from arena_core.curation.features import ObjectFeatures
from arena_core.curation.items import CurationItem, item_from_record
from arena_core.curation.kinematics import tree_kinematic_distance
from arena_core.curation.structure import structure_of
from arena_core.curation.subset import select_subset
from arena_core.curation.taxonomy import TaxonomyIndex, assign_category, review_queue
from arena_core.metric.object_distance import JointTree
from arena_core.util import tolerances as tol
from schemas.curation import Assignment, Override, ReviewRow, SubsetResult
from schemas.record import ObjectRecord


@dataclass(frozen=True)
class Curated:
    """Records with their taxonomy filled in, and what curation decided about them."""

    assignments: dict[str, Assignment]
    duplicates: DuplicateReport
    subset: SubsetResult
    review: tuple[ReviewRow, ...]
    items: tuple[CurationItem, ...]

    @property
    def duplicate_ids(self) -> frozenset[str]:
        return self.duplicates.duplicate_ids

    def categorized(self, record: ObjectRecord) -> ObjectRecord:
        """``record`` with the category and supercategory curation assigned."""
        found = self.assignments.get(record.object_id)
        if found is None:
            return record
        return record.model_copy(update={"category": found.category,
                                         "supercategory": found.supercategory})


@dataclass(frozen=True)
class ObjectCuration:
    """What curation takes from one object, from its record and features alone.

    A function of the record, the features, the taxonomy, the overrides and the source
    priorities, never of the other objects: a build may keep it per stored object (by store
    key) and curate again from the kept ones (:func:`curate_summaries`), with the result of
    :func:`curate`. ``key`` identifies the object's content (its store key, or ``None``);
    it keys the cached kinematic distances of :func:`curate_summaries`.
    """

    object_id: str
    assignment: Assignment
    item: CurationItem | None = None
    tree: JointTree | None = None
    key: str | None = None


def summarize(record: ObjectRecord, features: ObjectFeatures | None, *,
              taxonomy: TaxonomyIndex, overrides: Mapping[str, Override] | None = None,
              source_priority: Mapping[str, int] | None = None,
              key: str | None = None) -> ObjectCuration:
    """The :class:`ObjectCuration` of one object: its category, and its curation item and
    joint tree when it is accepted with a checksum and features (a duplicate candidate)."""
    found = assign_category(record.category, index=taxonomy, name=record.name or "",
                            description=record.source_id, object_id=record.object_id,
                            overrides=overrides,
                            structure=structure_of(record.joints, record.links))
    if not (record.accepted and record.checksum is not None and features is not None):
        return ObjectCuration(record.object_id, found, key=key)
    item = item_from_record(record, features=features,
                            source_priority=(source_priority or {}).get(record.source, 0),
                            category=found.category, supercategory=found.supercategory)
    return ObjectCuration(record.object_id, found, item, joint_tree(record), key)


def curate(
    objects: Iterable[tuple[ObjectRecord, ObjectFeatures | None]],
    *,
    taxonomy: TaxonomyIndex,
    overrides: Mapping[str, Override] | None = None,
    source_priority: Mapping[str, int] | None = None,
    subset_size: int = 200,
    seed: int = 0,
    previous_subset: Sequence[str] = (),
    exact_sources: Collection[str] = (),
) -> Curated:
    """Curate ``objects`` (an iterable, consumed once: only small summaries are kept)."""
    summaries = (summarize(record, features, taxonomy=taxonomy, overrides=overrides,
                           source_priority=source_priority) for record, features in objects)
    return curate_summaries(summaries, subset_size=subset_size, seed=seed,
                            previous_subset=previous_subset, exact_sources=exact_sources)


def curate_summaries(
    summaries: Iterable[ObjectCuration],
    *,
    subset_size: int = 200,
    seed: int = 0,
    previous_subset: Sequence[str] = (),
    distances: MutableMapping[tuple[str, str], tuple[float, list[str]]] | None = None,
    exact_sources: Collection[str] = (),
) -> Curated:
    """Duplicates, subset and review queue of the per-object ``summaries`` (consumed once).

    ``distances``: kinematic distances by ``(key, key)`` of two summaries (both keyed),
    read and filled in, so a build computes only the pairs that involve a changed object.
    ``exact_sources``: sources whose objects fold into each other only when they move alike
    (:func:`~arena_core.curation.duplicates.find_duplicates`).
    """
    assignments, items, trees, keys = {}, [], {}, {}
    for one in summaries:
        assignments[one.object_id] = one.assignment
        if one.item is not None:
            items.append(one.item)
            trees[one.object_id] = one.tree
            keys[one.object_id] = one.key
    items.sort(key=lambda item: item.object_id)
    metric = tree_kinematic_distance(trees)
    if distances is not None:
        metric = _remembered(metric, keys, distances)
    duplicates = find_duplicates(items, kinematic_distance=metric,
                                 max_geometry_distance=tol.GEOMETRY_ONLY_MAX_TREE,
                                 exact_sources=exact_sources)
    subset = select_subset(items, n=subset_size, seed=seed,
                           duplicate_ids=duplicates.duplicate_ids, previous=previous_subset)
    review = tuple(review_queue(list(assignments.values())))
    return Curated(dict(sorted(assignments.items())), duplicates, subset, review, tuple(items))


def _remembered(metric: KinematicDistance, keys: Mapping[str, str | None],
                distances: MutableMapping[tuple[str, str], tuple[float, list[str]]]
                ) -> KinematicDistance:
    """``metric`` whose results for two keyed objects are kept in ``distances``."""

    def distance(a_id: str, b_id: str) -> tuple[float, list[str]]:
        pair = (keys.get(a_id), keys.get(b_id))
        if None in pair:
            return metric(a_id, b_id)
        if pair not in distances:
            value, differing = metric(a_id, b_id)
            distances[pair] = (float(value), list(differing))
        return distances[pair]

    return distance


def joint_tree(record: ObjectRecord) -> JointTree:
    """The benchmark joint tree of a record (from its stored root-frame twists and limits)."""
    return JointTree.from_joints(record.joints)
