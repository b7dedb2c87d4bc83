"""The curation stage of a build: taxonomy, duplicates and the evaluation subset, together.

Takes the processed objects (records + cached features), assigns every one a category,
finds duplicates among the accepted ones with the tree metric on their recorded joints
(no mesh is reloaded), and selects the subset from the accepted non-duplicates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from arena_core import tolerances as tol
from arena_core.benchmark import JointTree
from arena_core.curation.duplicates import DuplicateReport, find_duplicates
from arena_core.curation.items import CurationItem, item_from_record
from arena_core.curation.kinematics import tree_kinematic_distance
from arena_core.curation.structure import structure_of
from arena_core.curation.subset import select_subset
from arena_core.curation.taxonomy import TaxonomyIndex, assign_category, review_queue
from arena_core.features import ObjectFeatures
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
        return frozenset(self.duplicates.duplicate_ids)

    def categorized(self, record: ObjectRecord) -> ObjectRecord:
        """``record`` with the category and supercategory curation assigned."""
        found = self.assignments.get(record.object_id)
        if found is None:
            return record
        return record.model_copy(update={"category": found.category,
                                         "supercategory": found.supercategory})


def curate(
    objects: Iterable[tuple[ObjectRecord, ObjectFeatures | None]],
    *,
    taxonomy: TaxonomyIndex,
    overrides: Mapping[str, Override] | None = None,
    source_priority: Mapping[str, int] | None = None,
    subset_size: int = 200,
    seed: int = 0,
    previous_subset: Sequence[str] = (),
) -> Curated:
    """Curate ``objects`` (an iterable, consumed once: only small summaries are kept)."""
    priority = dict(source_priority or {})
    assignments, items, trees = {}, [], {}
    for record, features in objects:
        found = assign_category(record.category, index=taxonomy, name=record.name or "",
                                description=record.source_id, object_id=record.object_id,
                                overrides=overrides,
                                structure=structure_of(record.joints, record.links))
        assignments[record.object_id] = found
        if record.accepted and record.checksum is not None and features is not None:
            item = item_from_record(record, features=features,
                                    source_priority=priority.get(record.source, 0),
                                    category=found.category,
                                    supercategory=found.supercategory)
            items.append(item)
            trees[record.object_id] = joint_tree(record)
    items.sort(key=lambda item: item.object_id)
    duplicates = find_duplicates(items, kinematic_distance=tree_kinematic_distance(trees),
                                 max_geometry_distance=tol.GEOMETRY_ONLY_MAX_TREE)
    subset = select_subset(items, n=subset_size, seed=seed,
                           duplicate_ids=duplicates.duplicate_ids, previous=previous_subset)
    review = tuple(review_queue(list(assignments.values())))
    return Curated(dict(sorted(assignments.items())), duplicates, subset, review, tuple(items))


def joint_tree(record: ObjectRecord) -> JointTree:
    """The benchmark joint tree of a record (from its stored root-frame twists and limits)."""
    return JointTree.from_joints(record.joints)
