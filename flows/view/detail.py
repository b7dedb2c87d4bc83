"""What the object page shows, from a row: sliders, kinematic tree, fields, issues.

The sliders come from the row's ``joints`` — arena_core's reading of the canonical URDF,
where a helical joint is one joint (the revolute joint ``J`` with ``pitch``; its
``J__pitch`` prismatic mimic and massless link are read back into it by
:func:`arena_core.model.helical.collapse`). So the page gets **one slider per moving joint that
no other joint drives**:

* revolute, prismatic: the joint's limits;
* continuous: one turn, ``[-pi, pi]``, and the slider wraps (the two ends are one pose);
* helical: the rotation's limits; the page turns ``J`` and the viewer's URDF moves the
  child along the axis by ``pitch * angle`` through ``J__pitch`` (its ``<mimic>``), so
  the part screws; an unlimited helical joint gets two turns each way and does not wrap
  (its translation is not periodic);
* a joint with ``mimic`` gets no slider: it follows its leader
  (``q = multiplier * q_leader + offset``) and is listed under the leader's slider.

An unbounded prismatic joint (never released: ``joint.limit.nonfinite``) gets
:data:`UNBOUNDED_TRAVEL` each way, marked ``unbounded``.

Example:
    >>> joints = [
    ...     {"name": "cap", "type": "helical", "parent": "base", "child": "lid",
    ...      "lower": 0.0, "upper": 12.0, "pitch": 0.002, "mimic": None},
    ...     {"name": "wheel", "type": "continuous", "parent": "base", "child": "w",
    ...      "lower": None, "upper": None, "pitch": 0.0, "mimic": None},
    ...     {"name": "twin", "type": "revolute", "parent": "base", "child": "t",
    ...      "lower": -1.0, "upper": 0.0, "pitch": 0.0,
    ...      "mimic": {"joint": "cap", "multiplier": -0.1, "offset": 0.0}}]
    >>> [(s["name"], round(s["min"], 3), round(s["max"], 3), s["wrap"]) for s in sliders(joints)]
    [('cap', 0.0, 12.0, False), ('wheel', -3.142, 3.142, True)]
    >>> sliders(joints)[0]["followers"]
    [{'name': 'twin', 'multiplier': -0.1, 'offset': 0.0}]
    >>> kinematic_tree(joints, ["base", "lid", "w", "t"])["children"][0]["joint"]["name"]
    'cap'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

#: Travel shown each way for a prismatic joint without finite limits (m).
UNBOUNDED_TRAVEL = 1.0
#: Turns shown each way for a helical joint without finite limits.
UNBOUNDED_TURNS = 2

#: Row columns listed in the object page's field table (the rest have their own sections).
FIELD_COLUMNS = ("object_id", "source", "source_id", "upstream_id", "source_version", "name",
                 "license", "license_class", "category", "supercategory", "urdf_path",
                 "mjcf_path", "n_links", "n_joints", "n_moving_joints", "joint_types",
                 "checksum", "oracle_distance", "mesh_archive", "mesh_archive_sha256",
                 "mesh_archive_bytes", "in_eval200", "eval_order", "eval_reason",
                 "format_version")


def sliders(joints: Sequence[Mapping]) -> list[dict]:
    """One slider per moving joint no other joint drives, in joint order (see the module
    docstring): ``name, type, child, min, max, value`` (the rest pose, 0 clamped into the
    range), ``unit`` (``rad`` or ``m``), ``pitch``, ``wrap``, ``unbounded`` and the
    ``followers`` it drives (mimic joints, transitively, with their composed coupling)."""
    out = []
    for j in joints:
        if j["type"] == "fixed" or j.get("mimic"):
            continue
        low, high, unbounded = _range(j)
        out.append({"name": j["name"], "type": j["type"], "child": j["child"],
                    "min": low, "max": high, "value": min(max(0.0, low), high),
                    "unit": "m" if j["type"] == "prismatic" else "rad",
                    "pitch": float(j.get("pitch") or 0.0),
                    "wrap": j["type"] == "continuous", "unbounded": unbounded,
                    "followers": followers(joints, j["name"])})
    return out


def followers(joints: Sequence[Mapping], leader: str) -> list[dict]:
    """The joints that mimic ``leader``, directly or through another mimic joint, each with
    ``q = multiplier * q_leader + offset`` composed along the chain (depth first)."""
    out, stack, seen = [], [(leader, 1.0, 0.0)], {leader}
    while stack:
        name, mult, off = stack.pop()
        for j in joints:
            mimic = j.get("mimic")
            if mimic and mimic["joint"] == name and j["name"] not in seen:
                seen.add(j["name"])
                m, o = float(mimic["multiplier"]), float(mimic["offset"])
                out.append({"name": j["name"], "multiplier": m * mult, "offset": m * off + o})
                stack.append((j["name"], m * mult, m * off + o))
    return out


def _range(joint: Mapping) -> tuple[float, float, bool]:
    lower, upper = joint.get("lower"), joint.get("upper")
    if lower is not None and upper is not None and math.isfinite(lower) and math.isfinite(upper):
        return float(lower), float(upper), False
    if joint["type"] == "prismatic":
        return -UNBOUNDED_TRAVEL, UNBOUNDED_TRAVEL, True
    turns = UNBOUNDED_TURNS if joint["type"] == "helical" else 0.5
    return -2 * math.pi * turns, 2 * math.pi * turns, joint["type"] != "continuous"


def kinematic_tree(joints: Sequence[Mapping], links: Sequence[str]) -> dict:
    """The tree from the root link: ``{"link", "children": [{"joint": {name, type},
    "link", "children"}]}`` (joints in row order). The root is the one link no joint has
    as its child (the first such link when the row is not a tree: the page shows it)."""
    children: dict[str, list[Mapping]] = {}
    for j in joints:
        children.setdefault(j["parent"], []).append(j)
    child_links = {j["child"] for j in joints}
    roots = [name for name in links if name not in child_links] or list(links[:1])

    def node(link: str, seen: frozenset) -> dict:
        below = [j for j in children.get(link, []) if j["child"] not in seen]
        return {"link": link, "children": [
            {"joint": {"name": j["name"], "type": j["type"]},
             **node(j["child"], seen | {j["child"]})} for j in below]}

    return node(roots[0], frozenset(roots[:1])) if roots else {"link": None, "children": []}


def fields(row: Mapping) -> list[list]:
    """``[[column, value], ...]`` of :data:`FIELD_COLUMNS` the row has, then its transform."""
    out = [[name, row[name]] for name in FIELD_COLUMNS if name in row]
    if row.get("transform") is not None:
        out.append(["transform", row["transform"]])
    return out


def issues(row: Mapping) -> list[dict]:
    """The verification issues: ``code, severity, location, message`` (and ``data`` text)."""
    return [dict(i) for i in (row.get("verification") or {}).get("issues") or []]


def duplicates(row: Mapping, records: Mapping[str, Mapping]) -> list[dict]:
    """The duplicates this object stands for, each with its record from
    ``reports/duplicates.json`` when there is one (``relation``, ``distance``, ...)."""
    return [{"object_id": d, **{k: v for k, v in records.get(d, {}).items() if k != "object_id"}}
            for d in row.get("duplicates") or []]
