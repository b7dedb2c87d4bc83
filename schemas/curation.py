"""Curation records: taxonomy manifest, overrides, category assignments, duplicates, subset.

``manifests/taxonomy.yaml`` validates as :class:`Taxonomy`, ``manifests/overrides.yaml`` as
:class:`Overrides`. The stage outputs (:class:`Assignment`, :class:`ReviewRow`,
:class:`DuplicateRecord`, :class:`SubsetResult`) are what the flow writes and the release
ships; each carries the release format (:data:`schemas.release.FORMAT_VERSION`) where it is a file of its own.

Example:
    >>> Override(category="cabinet", reason="checked the renders").category
    'cabinet'
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, field_validator, model_validator

from schemas.release import FORMAT_VERSION

#: The fifteen supercategory ids of SPEC section 8, in the SPEC's order.
SUPERCATEGORY_IDS: tuple[str, ...] = (
    "storage_furniture",
    "furniture",
    "kitchen_appliances",
    "home_appliances",
    "electronics",
    "containers",
    "doors_windows",
    "bathroom_fixtures",
    "lighting",
    "tools",
    "office_stationery",
    "vehicles",
    "toys_recreation",
    "personal_accessories",
    "mechanisms",
)

#: The five one-DOF joint types the suite covers (``helical`` = revolute + pitch).
CURATION_JOINT_TYPES: tuple[str, ...] = ("revolute", "prismatic", "continuous", "helical", "fixed")

#: The rule that produced a category assignment, strongest first.
AssignmentRule = Literal[
    "override", "alias", "normalized_alias", "source_keyword", "name_keyword",
    "description_keyword", "structure_rule", "part_rule", "unresolved",
]

#: How a duplicate relates to the member its cluster keeps.
DuplicateRelation = Literal["exact", "same_annotation", "disagreeing_annotation"]

#: What linked a duplicate to its keeper (``transitive``: only through other members).
DuplicateEvidence = Literal["checksum", "upstream_id", "geometry", "transitive"]

_SNAKE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


def _check_snake(value: str, what: str) -> str:
    if not _SNAKE.match(value):
        raise ValueError(f"{what} {value!r} is not snake_case ([a-z0-9] words joined by '_')")
    return value


class CategorySpec(BaseModel):
    """One fine category: its snake_case id and the source names that mean it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    aliases: list[str] = Field(default_factory=list)
    description: str = ""

    @field_validator("id")
    @classmethod
    def _id_is_snake(cls, value: str) -> str:
        return _check_snake(value, "category id")


class SupercategorySpec(BaseModel):
    """One of the fifteen supercategories with its categories."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    description: str = ""
    categories: list[CategorySpec]


class PartRule(BaseModel):
    """Link-name / semantics tokens that suggest a category (``tokens`` are any-of)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tokens: list[str] = Field(min_length=1)
    category: str


#: A closed range ``[min, max]`` of a joint count (``max`` may be omitted: no upper bound).
CountRange = list[int]


class StructureRule(BaseModel):
    """Joint-structure bounds that decide between categories whose names are ambiguous.

    When the name or description matched one of ``refines`` (robot family names: "panda" is
    the Franka arm and its hand), an object whose structure meets every given bound gets
    ``category`` instead. The counts are of :class:`arena_core.curation.structure.Structure`
    (``dof``, ``revolute``, ``prismatic``, ``leaves``, ``tips``, ``virtual``, ``arm_joints``);
    each bound
    is ``[min]`` or ``[min, max]``, inclusive.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    category: str
    refines: list[str] = Field(min_length=1)
    dof: CountRange | None = None
    revolute: CountRange | None = None
    prismatic: CountRange | None = None
    leaves: CountRange | None = None
    tips: CountRange | None = None
    virtual: CountRange | None = None
    arm_joints: CountRange | None = None

    @field_validator("dof", "revolute", "prismatic", "leaves", "tips", "virtual", "arm_joints")
    @classmethod
    def _check_range(cls, value: CountRange | None) -> CountRange | None:
        if value is not None and not (1 <= len(value) <= 2 and 0 <= value[0] <= value[-1]):
            raise ValueError(f"a count range is [min] or [min, max] with 0 <= min <= max, "
                             f"got {value}")
        return value

    def bounds(self) -> dict[str, CountRange]:
        """The given bounds by structure field name."""
        names = ("dof", "revolute", "prismatic", "leaves", "tips", "virtual", "arm_joints")
        return {n: getattr(self, n) for n in names if getattr(self, n) is not None}


class Taxonomy(BaseModel):
    """``manifests/taxonomy.yaml``: supercategories -> categories -> aliases, part rules,
    structure rules.

    Validation: exactly the SPEC's fifteen supercategory ids, unique snake_case category
    ids, alias strings unique across the file (category ids included), part rules naming
    known categories. Alias uniqueness *after normalization* is checked by
    :func:`arena_core.curation.taxonomy.build_index`, which owns the normalization.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = 1
    supercategories: list[SupercategorySpec]
    part_rules: list[PartRule] = Field(default_factory=list)
    structure_rules: list[StructureRule] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check_consistency(self) -> Taxonomy:
        ids = [s.id for s in self.supercategories]
        if sorted(ids) != sorted(SUPERCATEGORY_IDS) or len(ids) != len(set(ids)):
            raise ValueError(
                f"supercategories must be exactly {list(SUPERCATEGORY_IDS)}, got {ids}"
            )
        categories: set[str] = set()
        owner: dict[str, str] = {}
        for sup in self.supercategories:
            for cat in sup.categories:
                if cat.id in categories:
                    raise ValueError(f"category {cat.id!r} is listed twice")
                categories.add(cat.id)
                for alias in [cat.id, *cat.aliases]:
                    if alias in owner and not (alias == cat.id and owner[alias] == cat.id):
                        raise ValueError(
                            f"alias {alias!r} of category {cat.id!r} is already used by "
                            f"category {owner[alias]!r}"
                        )
                    owner[alias] = cat.id
        for rule in self.part_rules:
            if rule.category not in categories:
                raise ValueError(
                    f"part rule {rule.tokens} names unknown category {rule.category!r}"
                )
        for srule in self.structure_rules:
            unknown = sorted({srule.category, *srule.refines} - categories)
            if unknown:
                raise ValueError(f"structure rule for {srule.category!r} names unknown "
                                 f"categories {unknown}")
        return self


class Override(BaseModel):
    """A human category decision for one object (always wins over every rule)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    category: str
    reason: str = ""


class Overrides(RootModel[dict[str, Override]]):
    """``manifests/overrides.yaml``: ``object_id -> Override``."""


class Assignment(BaseModel):
    """The category of one object and how it was decided.

    ``confidence`` is in ``[0, 1]`` (1 = a human or an exact source category);
    ``matched`` is the alias, keyword or token that fired (empty when unresolved).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    object_id: str | None = None
    source_category: str | None = None
    category: str | None
    supercategory: str | None
    confidence: float = Field(ge=0.0, le=1.0)
    rule: AssignmentRule
    matched: str = ""
    ambiguous: list[str] = Field(default_factory=list)


class ReviewRow(BaseModel):
    """One row of the review queue file (unresolved or low-confidence assignments)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    object_id: str | None
    source_category: str | None
    proposed_category: str | None
    proposed_supercategory: str | None
    confidence: float
    rule: AssignmentRule
    matched: str
    reason: str


class DuplicateRecord(BaseModel):
    """A member of a duplicate cluster that is not kept (the release counts it once).

    ``distance`` is the kinematic tree distance to the kept member (0 for exact copies);
    ``differing_joints`` names the joints that disagree (from the caller's metric).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    object_id: str
    duplicate_of: str
    relation: DuplicateRelation
    distance: float = Field(ge=0.0)
    differing_joints: list[str] = Field(default_factory=list)
    evidence: list[DuplicateEvidence]
    source: str
    keeper_source: str


class SubsetEntry(BaseModel):
    """One chosen object, in selection order, with the reason it was chosen."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    object_id: str
    order: int = Field(ge=0)
    category: str
    supercategory: str
    source: str
    joint_types: list[str]
    n_moving: int
    reason: str


class SubsetResult(BaseModel):
    """The evaluation subset with its provenance (``complete`` is False when short)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format_version: str = FORMAT_VERSION
    seed: int
    n_requested: int
    n_eligible: int
    complete: bool
    message: str
    entries: list[SubsetEntry]
    excluded: dict[str, int] = Field(default_factory=dict)

    @property
    def object_ids(self) -> list[str]:
        return [e.object_id for e in self.entries]
