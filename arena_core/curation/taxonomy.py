"""Category assignment against the 15-supercategory taxonomy (``manifests/taxonomy.yaml``).

:func:`load_taxonomy` reads and validates the manifest into a :class:`TaxonomyIndex`
(lookup tables built once); :func:`assign_category` decides one object's category with
rules tried strongest first, and records which rule fired and how confident it is:

=====================  ==========  ==================================================
rule                   confidence  fires when
=====================  ==========  ==================================================
override               1.0         ``object_id`` is in ``manifests/overrides.yaml``
alias                  1.0         the source category equals an alias string
normalized_alias       0.95        it equals one after :func:`~.text.normalize`
source_keyword         0.85        an alias phrase occurs inside the source category
name_keyword           0.8         an alias phrase occurs in the object name
description_keyword    0.7         an alias phrase occurs in the description
structure_rule         0.75        a keyword rule named a category a structure rule
                                   refines, and the object's joints meet its bounds
part_rule              0.5         link names / ``semantics.txt`` tokens hit a part rule
unresolved             0.0         nothing fired (category ``None``)
=====================  ==========  ==================================================

Structure rules (``structure_rules`` in the manifest, file order, first match wins) settle
what robot names leave open: "panda" names the Franka arm and its two-finger hand, a
D'Claw is called a gripper. When a keyword rule picked a category that a rule ``refines``
and the object's :class:`~arena_core.curation.structure.Structure` (passed as
``structure``) meets the rule's bounds, the rule's category is taken instead. An exact
alias (a human's source category) is never refined.

Keyword search scans the text's tokens left to right, longest alias phrase first
("kitchen pot" beats "kitchen"). When one text names several categories the first is
taken, the others are listed in ``Assignment.ambiguous`` and the confidence is scaled by
:data:`AMBIGUITY_FACTOR`. :func:`review_queue` lists what a human should look at
(unresolved or below :data:`REVIEW_BELOW`); decisions go to ``overrides.yaml``.

Example:
    >>> from schemas.curation import SUPERCATEGORY_IDS, Taxonomy
    >>> index = build_index(Taxonomy.model_validate({"supercategories": [
    ...     {"id": s, "categories": [{"id": f"{s}_thing", "aliases": [f"{s.title()}Thing"]}]}
    ...     for s in SUPERCATEGORY_IDS]}))
    >>> assign_category("ToolsThing", index=index).rule
    'alias'
    >>> a = assign_category("Tools-Things", index=index)
    >>> a.category, a.supercategory, a.rule
    ('tools_thing', 'tools', 'normalized_alias')
    >>> assign_category(None, index=index, name="big tools thing 7").rule
    'name_keyword'
    >>> assign_category("Gizmo", index=index).category is None
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import ValidationError

from arena_core.curation.structure import Structure
from arena_core.util.fs import write_atomic
from arena_core.util.text import normalize, tokens
from schemas import yamlio
from schemas.curation import Assignment, Override, Overrides, ReviewRow, StructureRule, Taxonomy
from schemas.errors import ArenaError

#: Confidence of each rule (see the module table).
CONFIDENCE: Mapping[str, float] = {
    "override": 1.0,
    "alias": 1.0,
    "normalized_alias": 0.95,
    "source_keyword": 0.85,
    "name_keyword": 0.8,
    "description_keyword": 0.7,
    "structure_rule": 0.75,
    "part_rule": 0.5,
    "unresolved": 0.0,
}

#: Confidence multiplier when one text names several categories.
AMBIGUITY_FACTOR = 0.75

#: Assignments below this confidence go to the review queue.
REVIEW_BELOW = 0.65


class TaxonomyError(ArenaError, ValueError):
    """The taxonomy or overrides file is unreadable or inconsistent (message says where)."""


@dataclass(frozen=True)
class TaxonomyIndex:
    """Lookup tables of a validated :class:`~schemas.curation.Taxonomy`.

    ``exact``: alias string -> category; ``normalized``: normalized alias -> category;
    ``phrases``: alias token tuple -> category (keyword search); ``part_rules``:
    ``(token set, category)`` in file order; ``structure_rules`` in file order.
    """

    taxonomy: Taxonomy
    supercategory_of: Mapping[str, str]
    exact: Mapping[str, str]
    normalized: Mapping[str, str]
    phrases: Mapping[tuple[str, ...], str]
    max_phrase: int
    part_rules: tuple[tuple[frozenset[str], str], ...]
    structure_rules: tuple[StructureRule, ...] = ()

    @property
    def categories(self) -> tuple[str, ...]:
        """All category ids in file order."""
        return tuple(self.supercategory_of)

    @property
    def supercategories(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.taxonomy.supercategories)


def build_index(taxonomy: Taxonomy) -> TaxonomyIndex:
    """Build the lookup tables; raise :class:`TaxonomyError` on an ambiguous alias.

    Every alias (and category id) must normalize to a non-empty key that names exactly
    one category.
    """
    sup_of: dict[str, str] = {}
    exact: dict[str, str] = {}
    norm: dict[str, str] = {}
    for sup in taxonomy.supercategories:
        for cat in sup.categories:
            sup_of[cat.id] = sup.id
            for alias in (cat.id, *cat.aliases):
                exact[alias] = cat.id
                key = normalize(alias)
                if not key:
                    raise TaxonomyError(f"alias {alias!r} of {cat.id!r} normalizes to nothing")
                if norm.get(key, cat.id) != cat.id:
                    raise TaxonomyError(
                        f"alias {alias!r} of {cat.id!r} normalizes to {key!r}, which already "
                        f"names category {norm[key]!r}"
                    )
                norm[key] = cat.id
    phrases = {tuple(key.split("_")): cat for key, cat in norm.items()}
    rules = tuple(
        (frozenset(normalize(t) for t in rule.tokens), rule.category)
        for rule in taxonomy.part_rules
    )
    return TaxonomyIndex(
        taxonomy, sup_of, exact, norm, phrases, max(len(p) for p in phrases), rules,
        tuple(taxonomy.structure_rules),
    )


def load_taxonomy(path: str | Path) -> TaxonomyIndex:
    """Read, validate and index ``taxonomy.yaml``; raise :class:`TaxonomyError` if invalid."""
    data = _read_yaml(path)
    try:
        taxonomy = Taxonomy.model_validate(data)
    except ValidationError as exc:
        raise TaxonomyError(f"{path}: invalid taxonomy: {exc}") from exc
    return build_index(taxonomy)


def load_overrides(path: str | Path, *, index: TaxonomyIndex) -> dict[str, Override]:
    """Read ``overrides.yaml`` (``object_id -> {category, reason}``), checking categories."""
    data = _read_yaml(path)
    try:
        overrides = Overrides.model_validate(data if data is not None else {}).root
    except ValidationError as exc:
        raise TaxonomyError(f"{path}: invalid overrides: {exc}") from exc
    known = index.supercategory_of
    unknown = sorted(oid for oid, o in overrides.items() if o.category not in known)
    if unknown:
        raise TaxonomyError(f"{path}: overrides name unknown categories for {unknown[:5]}")
    return dict(overrides)


def assign_category(
    source_category: str | None,
    *,
    index: TaxonomyIndex,
    name: str = "",
    description: str = "",
    semantics: Sequence[str] = (),
    object_id: str | None = None,
    overrides: Mapping[str, Override] | None = None,
    structure: Structure | None = None,
) -> Assignment:
    """Assign one object's category by the first rule that fires (module table).

    Args:
        source_category: the source's own label (PartNet ``meta.json`` model_cat, a
            generator kind, ...) or ``None``.
        index: the taxonomy (:func:`load_taxonomy`).
        name: object/folder/robot name; description: free text from the source.
        semantics: link names and ``semantics.txt`` lines (``"link_0 hinge door"``).
        object_id: used to look up ``overrides`` (which always win).
        structure: the object's joint structure, for the structure rules (``None``: none
            apply).

    Deterministic: the same inputs give the same :class:`~schemas.curation.Assignment`.
    """
    echo = {"object_id": object_id, "source_category": source_category}
    if overrides and object_id is not None and object_id in overrides:
        category = overrides[object_id].category
        _check_category(category, index)
        return _assignment(index, category, "override", category, (), **echo)
    alias = _alias_rule(source_category, index)
    if alias is not None:
        return _assignment(index, *alias, (), **echo)
    for rule, text in (
        ("source_keyword", source_category or ""),
        ("name_keyword", name),
        ("description_keyword", description),
    ):
        found = _keyword_matches(tokens(text), index)
        if found:
            first, phrase = found[0]
            category = first
            refined = _structure_rule(first, structure, index)
            if refined is not None:
                category, rule, phrase = refined, "structure_rule", f"{phrase} + structure"
            others = tuple(sorted({c for c, _ in found[1:]} - {category, first}))
            return _assignment(index, category, rule, phrase, others, **echo)
    part = _part_rule(semantics, index)
    if part is not None:
        return _assignment(index, part[0], "part_rule", part[1], (), **echo)
    return Assignment(category=None, supercategory=None, confidence=0.0, rule="unresolved", **echo)


def review_queue(
    assignments: Iterable[Assignment], *, min_confidence: float = REVIEW_BELOW
) -> list[ReviewRow]:
    """Rows for the review queue: unresolved or below ``min_confidence``, sorted by id."""
    rows = []
    for a in assignments:
        if a.category is not None and a.confidence >= min_confidence:
            continue
        if a.category is None:
            reason = "no rule matched"
        elif a.ambiguous:
            reason = f"ambiguous: also matches {', '.join(a.ambiguous)}"
        else:
            reason = f"low confidence ({a.rule})"
        rows.append(ReviewRow(
            object_id=a.object_id, source_category=a.source_category,
            proposed_category=a.category, proposed_supercategory=a.supercategory,
            confidence=a.confidence, rule=a.rule, matched=a.matched, reason=reason,
        ))
    return sorted(rows, key=lambda r: (r.object_id or "", r.source_category or ""))


# ---------------------------------------------------------------------------- helpers
def write_review_queue(path: str | Path, rows: Sequence[ReviewRow]) -> None:
    """Write the review queue in ``overrides.yaml``'s format, with how to resolve it."""
    data = [r.model_dump(mode="json") for r in rows]
    header = ("# Taxonomy review queue of the last build: objects whose category is unresolved or\n"
              "# uncertain. Decide, then add `<object_id>: {category: ..., reason: ...}` to\n"
              f"# manifests/overrides.yaml (overrides always win). {len(data)} objects.\n")
    write_atomic(path, header + yaml.safe_dump(data, sort_keys=True))


def _assignment(
    index: TaxonomyIndex, category: str, rule: str, matched: str, ambiguous: tuple[str, ...],
    **echo: str | None,
) -> Assignment:
    confidence = round(CONFIDENCE[rule] * (AMBIGUITY_FACTOR if ambiguous else 1.0), 6)
    return Assignment(
        category=category, supercategory=index.supercategory_of[category],
        confidence=confidence, rule=rule, matched=matched, ambiguous=list(ambiguous), **echo,
    )


def _alias_rule(source_category: str | None, index: TaxonomyIndex) -> tuple[str, str, str] | None:
    """``(category, rule, matched)`` from an exact or normalized alias, else ``None``."""
    if not source_category:
        return None
    if source_category in index.exact:
        return index.exact[source_category], "alias", source_category
    key = normalize(source_category)
    if key in index.normalized:
        return index.normalized[key], "normalized_alias", key
    return None


def _keyword_matches(words: list[str], index: TaxonomyIndex) -> list[tuple[str, str]]:
    """Non-overlapping alias phrases in ``words``, leftmost-longest: ``[(category, phrase)]``."""
    found = []
    i = 0
    while i < len(words):
        for length in range(min(index.max_phrase, len(words) - i), 0, -1):
            phrase = tuple(words[i : i + length])
            if phrase in index.phrases:
                found.append((index.phrases[phrase], " ".join(phrase)))
                i += length
                break
        else:
            i += 1
    return found


def _structure_rule(category: str, structure: Structure | None,
                    index: TaxonomyIndex) -> str | None:
    """The category of the first structure rule that refines ``category`` and whose bounds
    ``structure`` meets, unless it is ``category`` itself; else ``None``."""
    if structure is None:
        return None
    for rule in index.structure_rules:
        if category in rule.refines and structure.meets(rule.bounds()):
            return rule.category if rule.category != category else None
    return None


def _part_rule(semantics: Sequence[str], index: TaxonomyIndex) -> tuple[str, str] | None:
    present = {t for line in semantics for t in tokens(line)}
    for rule_tokens, category in index.part_rules:
        hit = sorted(rule_tokens & present)
        if hit:
            return category, hit[0]
    return None


def _check_category(category: str, index: TaxonomyIndex) -> None:
    if category not in index.supercategory_of:
        raise TaxonomyError(f"override names unknown category {category!r}")


def _read_yaml(path: str | Path) -> object:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise TaxonomyError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        return yamlio.safe_load(text)
    except yaml.YAMLError as exc:
        raise TaxonomyError(f"{path}: not valid YAML: {exc}") from exc
