"""``gapartnet``: GAPartNet objects (PartNet-Mobility folders re-annotated with GAParts).

Layout read (one object per folder of the root, or ``<id>.zip``, sorted by id)::

    <id>/mobility_annotation_gapartnet.urdf   the object (annotation variant: extra fixed links)
    <id>/link_annotation_gapartnet.json       per link: is_gapart, GAPart category, bbox
    <id>/semantics_gapartnet.txt              "link_0 hinge door" -> extras.semantics
    <id>/semantics.txt, meta.json, mobility_v2.json   the PartNet-Mobility originals

The folder name is the PartNet-Mobility id; it (or ``meta.json`` ``anno_id``) is kept as
``upstream_id`` so the same object ingested from PartNet-Mobility is found as a duplicate.
The other URDF variants (``mobility.urdf``, ``mobility_texture_gapartnet.urdf``) are listed
in ``extras.other_urdfs``; the PartNet-Mobility ``semantics.txt`` goes to
``extras.semantics_partnet``, the link annotations to ``extras.link_annotations``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flows.adapters.base import read_json, read_semantics
from flows.adapters.partnet_mobility import PartNetMobilityAdapter
from schemas.issues import Issue, issue

#: Keys kept from each ``link_annotation_gapartnet.json`` entry.
_ANNOTATION_KEYS = ("link_name", "is_gapart", "category", "bbox")


class GAPartNetAdapter(PartNetMobilityAdapter):
    """GAPartNet folders ``<id>/mobility_annotation_gapartnet.urdf`` under the root."""

    name = "gapartnet"
    urdf_name = "mobility_annotation_gapartnet.urdf"
    code = "gapartnet"
    plain_fallback = False

    def _annotations(self, folder: Path) -> tuple[dict[str, Any], list[Issue]]:
        """GAPart semantics and link annotations, plus the PartNet-Mobility semantics (as
        extras fields)."""
        extras: dict[str, Any] = {}
        issues: list[Issue] = []
        for name, key, code in (("semantics_gapartnet.txt", "semantics", "gapartnet.semantics"),
                                ("semantics.txt", "semantics_partnet", "pm.semantics")):
            path = folder / name
            if path.is_file():
                extras[key], found = read_semantics(path, code)
                issues += found
            elif key == "semantics":
                issues.append(issue("gapartnet.semantics.missing", f"no {name}", location="file"))
        annotations, found = _link_annotations(folder / "link_annotation_gapartnet.json")
        issues += found
        if annotations is not None:
            extras["link_annotations"] = annotations
        return extras, issues


def _link_annotations(path: Path) -> tuple[list[dict[str, Any]] | None, list[Issue]]:
    """Entries of ``link_annotation_gapartnet.json`` (a list of per-link mappings)."""
    if not path.is_file():
        return None, [issue("gapartnet.annotation.missing", f"no {path.name}", location="file")]
    data, issues = read_json(path, "gapartnet.annotation")
    if data is None:
        return None, issues
    if not isinstance(data, list) or not all(isinstance(e, dict) for e in data):
        return None, [issue("gapartnet.annotation.invalid", f"{path.name}: expected a list of "
                            f"per-link objects, got {type(data).__name__}", location="file")]
    return [{k: e[k] for k in _ANNOTATION_KEYS if k in e} for e in data], issues
