"""The object list of the viewer: one summary per object, its filters and their facets.

A *summary* is the small dict the list page shows and filters on, made from a release row
(or a validated object's row) by :func:`summary`: ``object_id, source, source_id, name,
category, supercategory, joint_types, n_moving_joints, status, codes`` (the distinct issue
codes), ``engines`` (engine -> ok) and ``in_eval200``.

A :class:`Query` is parsed from the page's query string (:meth:`Query.parse`); every filter
given must hold (values of one filter repeated: any of them). Filters and their parameters:

=================  ===========================================================
``source``         the row's source (repeatable)
``supercategory``  one of the fifteen supercategories (repeatable)
``category``       the fine category (repeatable)
``joint_type``     a joint type the object has (repeatable: it has every one)
``moving_min``     at least this many moving joints
``moving_max``     at most this many moving joints
``status``         ``accepted`` or ``rejected``
``code``           an issue code the object carries (repeatable)
``engine``         ``NAME:ok`` or ``NAME:failed`` (``any:failed``: some engine failed)
``eval200``        ``yes`` or ``no``
``q``              text in the object id, source id or name (case-insensitive)
=================  ===========================================================

Example:
    >>> rows = [{"object_id": "a", "source": "generated", "joint_types": ["helical"],
    ...          "n_moving_joints": 1, "verification": {"status": "accepted", "issues": []},
    ...          "engines": [{"engine": "mujoco", "ok": True}], "in_eval200": True},
    ...         {"object_id": "b", "source": "sapien", "joint_types": ["revolute"],
    ...          "n_moving_joints": 3, "verification": {"status": "accepted", "issues": []},
    ...          "engines": [{"engine": "mujoco", "ok": False}], "in_eval200": False}]
    >>> items = [summary(r) for r in rows]
    >>> [s["object_id"] for s in Query.parse("joint_type=helical").select(items)]
    ['a']
    >>> [s["object_id"] for s in Query.parse("engine=mujoco:failed&moving_min=2").select(items)]
    ['b']
    >>> facets(items)["source"]
    {'generated': 1, 'sapien': 1}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from schemas.curation import CURATION_JOINT_TYPES
from schemas.errors import ArenaError

#: Filters that compare one summary field with one of the given values.
_EXACT = ("source", "supercategory", "category", "status")
#: Facets the list page offers as choices (field -> how to count it).
FACETS = ("source", "supercategory", "category", "joint_types", "n_moving_joints", "status",
          "codes", "engines", "in_eval200")
_ENGINE_STATES = ("ok", "failed")


class QueryError(ArenaError, ValueError):
    """A filter the list cannot apply (the message names the parameter and the value)."""


def summary(row: Mapping) -> dict:
    """The list entry of a release row (or a row-like dict of a validated object)."""
    verification = row.get("verification") or {}
    issues = verification.get("issues") or []
    return {
        "object_id": row["object_id"], "source": row.get("source"),
        "source_id": row.get("source_id"), "name": row.get("name"),
        "category": row.get("category"), "supercategory": row.get("supercategory"),
        "joint_types": list(row.get("joint_types") or []),
        "n_moving_joints": int(row.get("n_moving_joints") or 0),
        "status": verification.get("status"),
        "codes": sorted({i["code"] for i in issues}),
        "engines": {e["engine"]: bool(e["ok"]) for e in row.get("engines") or []},
        "in_eval200": bool(row.get("in_eval200")),
    }


@dataclass(frozen=True)
class Query:
    """The list filters (see the module docstring) and the page: ``offset``, ``limit``."""

    exact: dict[str, tuple[str, ...]] = field(default_factory=dict)
    joint_types: tuple[str, ...] = ()
    moving_min: int | None = None
    moving_max: int | None = None
    codes: tuple[str, ...] = ()
    engines: tuple[tuple[str, str], ...] = ()
    eval200: bool | None = None
    text: str = ""
    offset: int = 0
    limit: int = 60

    @classmethod
    def parse(cls, query_string: str) -> Query:
        """The query of a URL's query string.

        Raises:
            QueryError: an unknown parameter, a malformed number, joint type, engine
                state or yes/no value.

        >>> Query.parse("moving_min=x")
        Traceback (most recent call last):
        ...
        flows.view.catalog.QueryError: moving_min must be a non-negative integer, got 'x'
        """
        params = parse_qs(query_string, keep_blank_values=False)
        known = {*_EXACT, "joint_type", "moving_min", "moving_max", "code", "engine",
                 "eval200", "q", "offset", "limit"}
        unknown = sorted(set(params) - known)
        if unknown:
            raise QueryError(f"unknown filter {unknown[0]!r} (known: {', '.join(sorted(known))})")
        return cls(
            exact={k: tuple(params[k]) for k in _EXACT if k in params},
            joint_types=tuple(_joint_type(v) for v in params.get("joint_type", [])),
            moving_min=_count(params, "moving_min"), moving_max=_count(params, "moving_max"),
            codes=tuple(params.get("code", [])),
            engines=tuple(_engine(v) for v in params.get("engine", [])),
            eval200=_yes_no(params.get("eval200")), text=(params.get("q") or [""])[-1].lower(),
            offset=_count(params, "offset") or 0,
            limit=min(max(_count(params, "limit") or 60, 1), 500))

    def matches(self, item: Mapping) -> bool:
        """Whether the summary ``item`` passes every filter."""
        if any(item.get(k) not in values for k, values in self.exact.items()):
            return False
        if not set(self.joint_types) <= set(item["joint_types"]):
            return False
        n = item["n_moving_joints"]
        if (self.moving_min is not None and n < self.moving_min) or (
                self.moving_max is not None and n > self.moving_max):
            return False
        if self.codes and not set(self.codes) & set(item["codes"]):
            return False
        if not all(_engine_matches(item["engines"], name, state) for name, state in self.engines):
            return False
        if self.eval200 is not None and item["in_eval200"] != self.eval200:
            return False
        return not self.text or any(self.text in str(item.get(k) or "").lower()
                                    for k in ("object_id", "source_id", "name"))

    def select(self, items: Sequence[Mapping]) -> list[Mapping]:
        """Every item that matches, in the given order."""
        return [i for i in items if self.matches(i)]


def page(items: Sequence[Mapping], query: Query) -> dict:
    """The matching items of one page: ``{"total", "offset", "limit", "items"}``."""
    chosen = query.select(items)
    return {"total": len(chosen), "offset": query.offset, "limit": query.limit,
            "items": chosen[query.offset: query.offset + query.limit]}


def facets(items: Sequence[Mapping]) -> dict[str, dict]:
    """Per facet of :data:`FACETS`, value -> number of objects (engines: ``NAME:ok|failed``).

    >>> facets([{"source": "s", "supercategory": None, "category": "c", "joint_types": [],
    ...          "n_moving_joints": 0, "status": "accepted", "codes": ["x"],
    ...          "engines": {"pybullet": False}, "in_eval200": False}])["engines"]
    {'pybullet:failed': 1}
    """
    out: dict[str, Counter] = {name: Counter() for name in FACETS}
    for item in items:
        for name in ("source", "supercategory", "category", "status"):
            if item.get(name) is not None:
                out[name][item[name]] += 1
        out["joint_types"].update(item["joint_types"])
        out["n_moving_joints"][item["n_moving_joints"]] += 1
        out["codes"].update(item["codes"])
        out["engines"].update(f"{e}:{'ok' if ok else 'failed'}" for e, ok in item["engines"].items())
        out["in_eval200"]["yes" if item["in_eval200"] else "no"] += 1
    order = {t: k for k, t in enumerate(CURATION_JOINT_TYPES)}
    result = {name: dict(sorted(c.items())) for name, c in out.items()}
    result["joint_types"] = dict(sorted(out["joint_types"].items(), key=lambda kv: order[kv[0]]))
    return result


def _engine_matches(engines: Mapping[str, bool], name: str, state: str) -> bool:
    if name == "any":
        return any(engines.values()) if state == "ok" else not all(engines.values())
    return name in engines and engines[name] == (state == "ok")


def _count(params: Mapping[str, list[str]], key: str) -> int | None:
    if key not in params:
        return None
    value = params[key][-1]
    if not value.isdigit():
        raise QueryError(f"{key} must be a non-negative integer, got {value!r}")
    return int(value)


def _joint_type(value: str) -> str:
    if value not in CURATION_JOINT_TYPES:
        raise QueryError(f"joint_type must be one of {', '.join(CURATION_JOINT_TYPES)}, "
                         f"got {value!r}")
    return value


def _engine(value: str) -> tuple[str, str]:
    name, _, state = value.rpartition(":")
    if not name or state not in _ENGINE_STATES:
        raise QueryError(f"engine must be NAME:ok or NAME:failed, got {value!r}")
    return name, state


def _yes_no(values: list[str] | None) -> bool | None:
    if not values:
        return None
    if values[-1] not in ("yes", "no"):
        raise QueryError(f"eval200 must be yes or no, got {values[-1]!r}")
    return values[-1] == "yes"
