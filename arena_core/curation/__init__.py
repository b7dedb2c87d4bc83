"""Curation: taxonomy assignment, duplicate detection, evaluation subset, coverage.

Pure functions over plain per-object summaries (:class:`CurationItem`); the flow builds
the items from normalized records and writes what these functions return.
"""

from arena_core.curation.coverage import (
    coverage_figure,
    coverage_markdown,
    coverage_plot,
    coverage_table,
    source_colors,
)
from arena_core.curation.duplicates import (
    DuplicateError,
    DuplicateReport,
    KinematicDistance,
    candidate_pairs,
    duplicates_table,
    find_duplicates,
    keep_key,
)
from arena_core.curation.items import MOVING_BINS, CurationItem, ItemError, moving_bin
from arena_core.curation.kinematics import KinematicsError, tree_kinematic_distance
from arena_core.curation.signature import (
    ShapeSignature,
    SignatureError,
    shape_signature,
    signature_distance,
)
from arena_core.curation.structure import Structure, structure_of
from arena_core.curation.subset import SUBSET_SIZE, SubsetError, hash_rank, select_subset
from arena_core.curation.taxonomy import (
    TaxonomyError,
    TaxonomyIndex,
    assign_category,
    build_index,
    load_overrides,
    load_taxonomy,
    review_queue,
)
from arena_core.util.text import normalize, tokens

__all__ = [
    "KinematicsError",
    "tree_kinematic_distance",
    "MOVING_BINS",
    "SUBSET_SIZE",
    "CurationItem",
    "DuplicateError",
    "DuplicateReport",
    "ItemError",
    "KinematicDistance",
    "ShapeSignature",
    "SignatureError",
    "Structure",
    "SubsetError",
    "TaxonomyError",
    "TaxonomyIndex",
    "assign_category",
    "build_index",
    "candidate_pairs",
    "coverage_figure",
    "coverage_plot",
    "coverage_markdown",
    "coverage_table",
    "source_colors",
    "duplicates_table",
    "find_duplicates",
    "hash_rank",
    "keep_key",
    "load_overrides",
    "load_taxonomy",
    "moving_bin",
    "normalize",
    "review_queue",
    "select_subset",
    "shape_signature",
    "signature_distance",
    "structure_of",
    "tokens",
]
