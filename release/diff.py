"""Diff two releases object by object: the changelog of a release in motion units.

:func:`diff_releases` reads the ``full`` rows of both releases (no meshes are loaded) and
reports added and removed object ids and, for every object in both whose row differs:

* ``fields`` — changed metadata columns (:data:`FIELDS`: taxonomy, license, source,
  subset membership) as ``(old, new)``;
* ``checksum`` — the canonical-folder checksum ``(old, new)`` when it changed, and from
  the two object archives' zip directories (per-member CRC-32 and size, nothing
  extracted) whether the ``urdf`` text (or its MJCF twin) and the ``geometry`` (every other
  file) changed
  (``None`` when an archive cannot be read);
* ``verification`` — status ``(old, new)`` and issue codes added / removed;
* ``kinematics`` — ``E_alpha^{phi,tree}`` between the old and new joints (split norm
  ``alpha = 1``/m, ``kappa = pi``, from the rows' twists and limits, as
  :mod:`arena_core.metric.object_distance`), reported above ``tol.ORACLE``, and the joints that moved
  most: ``E^phi`` of each pair of the optimal matching, ``E^phi(J, J0)`` of a joint
  without a partner (added or removed joint);
* ``links`` — whether the mass properties changed.

:func:`diff_markdown` renders the changelog for the dataset card
(``write_release`` with ``ReleaseSpec(changelog_against=...)``) and :func:`diff_json` a
JSON-ready dict.
"""

from __future__ import annotations

import dataclasses
import os
import zipfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from arena_core.metric import joint_distance, motion
from arena_core.metric.object_distance import NORM, JointTree, tree_distance
from arena_core.util import tolerances as tol
from release.reader import ReleaseReadError, load_rows

#: Metadata columns compared as plain values.
FIELDS = ("category", "supercategory", "license", "license_class", "source", "source_id",
          "upstream_id", "name", "in_eval200")

#: Joints listed per changed object (largest motion change first).
TOP_JOINTS = 5

_COLUMNS = [*FIELDS, "checksum", "verification", "joints", "links", "urdf_path", "mjcf_path",
            "mesh_archive"]


@dataclass(frozen=True)
class JointChange:
    """One joint's motion change: ``E^phi`` between its old and new version (or to ``J0``)."""

    old_joint: str | None
    new_joint: str | None
    distance: float


@dataclass(frozen=True)
class VerificationChange:
    """Verification status ``(old, new)`` and the issue codes that appeared / disappeared."""

    status: tuple[str, str]
    codes_added: tuple[str, ...]
    codes_removed: tuple[str, ...]


@dataclass(frozen=True)
class ObjectChange:
    """What changed in one object present in both releases (see the module docstring)."""

    object_id: str
    fields: dict[str, tuple]
    checksum: tuple[str, str] | None
    urdf: bool | None
    geometry: bool | None
    verification: VerificationChange | None
    kinematics: float
    joints: tuple[JointChange, ...]
    links: bool

    @property
    def kinds(self) -> tuple[str, ...]:
        """Short names of what changed, in this order: taxonomy, metadata, geometry, urdf,
        content (checksum changed, archives unreadable), verification, kinematics, mass."""
        taxonomy = {"category", "supercategory"} & set(self.fields)
        unknown = self.checksum is not None and self.geometry is None
        flags = (("taxonomy", bool(taxonomy)), ("metadata", bool(set(self.fields) - taxonomy)),
                 ("geometry", bool(self.geometry)), ("urdf", bool(self.urdf)),
                 ("content", unknown), ("verification", self.verification is not None),
                 ("kinematics", self.kinematics > tol.ORACLE), ("mass", self.links))
        return tuple(name for name, on in flags if on)


@dataclass(frozen=True)
class ReleaseDiff:
    """Added, removed and changed objects between ``old`` and ``new`` (ids sorted)."""

    old: str
    new: str
    n_old: int
    n_new: int
    added: tuple[str, ...]
    removed: tuple[str, ...]
    changed: tuple[ObjectChange, ...]

    @property
    def unchanged(self) -> int:
        return self.n_old - len(self.removed) - len(self.changed)


def diff_releases(old: str | os.PathLike[str], new: str | os.PathLike[str]) -> ReleaseDiff:
    """Compare the ``full`` configs of the releases at ``old`` and ``new``.

    Raises:
        ReleaseReadError: either folder is not a readable release.
    """
    old_rows = {r["object_id"]: r for r in load_rows(old, columns=_COLUMNS)}
    new_rows = {r["object_id"]: r for r in load_rows(new, columns=_COLUMNS)}
    changed = []
    for oid in sorted(old_rows.keys() & new_rows.keys()):
        change = diff_rows(old_rows[oid], new_rows[oid], Path(old), Path(new))
        if change is not None:
            changed.append(change)
    return ReleaseDiff(str(old), str(new), len(old_rows), len(new_rows),
                       tuple(sorted(new_rows.keys() - old_rows.keys())),
                       tuple(sorted(old_rows.keys() - new_rows.keys())), tuple(changed))


def diff_rows(old: dict, new: dict, old_dir: Path | None = None,
              new_dir: Path | None = None) -> ObjectChange | None:
    """The :class:`ObjectChange` of one object's two rows, ``None`` if nothing changed.

    ``old_dir``/``new_dir`` locate the object archives (for ``urdf``/``geometry``).
    """
    fields = {f: (old.get(f), new.get(f)) for f in FIELDS if old.get(f) != new.get(f)}
    checksum = None if old["checksum"] == new["checksum"] else (old["checksum"], new["checksum"])
    urdf = geometry = False
    if checksum is not None:
        urdf, geometry = _archive_changes(old, new, old_dir, new_dir)
    verification = _verification_change(old["verification"], new["verification"])
    distance, joints = (0.0, ()) if old["joints"] == new["joints"] else (
        joint_changes(old["joints"], new["joints"]))
    links = old["links"] != new["links"]
    if not (fields or checksum or verification or distance > tol.ORACLE or links):
        return None
    return ObjectChange(old["object_id"], fields, checksum, urdf, geometry, verification,
                        distance, joints, links)


def joint_changes(old_joints: list, new_joints: list, *, top: int = TOP_JOINTS
                  ) -> tuple[float, tuple[JointChange, ...]]:
    """``E^phi,tree`` between two joint lists (row format) and the ``top`` joints that moved
    most (only changes above ``tol.ORACLE``), largest first."""
    a, b = JointTree.from_joints(old_joints), JointTree.from_joints(new_joints)
    motion_a, motion_b = motion(a.pairs, norm=NORM), motion(b.pairs, norm=NORM)
    result = tree_distance(a, b)
    value, matching = float(result.value), result.matching
    moves = [JointChange(old_joints[i]["name"], new_joints[k]["name"],
                         float(joint_distance(a.pairs[i], b.pairs[k], norm=NORM)))
             for i, k in matching]
    matched_a, matched_b = {i for i, _ in matching}, {k for _, k in matching}
    moves += [JointChange(j["name"], None, float(motion_a[i]))
              for i, j in enumerate(old_joints) if i not in matched_a]
    moves += [JointChange(None, j["name"], float(motion_b[k]))
              for k, j in enumerate(new_joints) if k not in matched_b]
    moves = sorted((m for m in moves if m.distance > tol.ORACLE),
                   key=lambda m: (-m.distance, m.old_joint or "", m.new_joint or ""))
    return value, tuple(moves[:top])


def _verification_change(old: dict | None, new: dict | None) -> VerificationChange | None:
    old, new = old or {}, new or {}
    codes_old = {i["code"] for i in old.get("issues") or ()}
    codes_new = {i["code"] for i in new.get("issues") or ()}
    status = (old.get("status"), new.get("status"))
    if status[0] == status[1] and codes_old == codes_new:
        return None
    return VerificationChange(status, tuple(sorted(codes_new - codes_old)),
                              tuple(sorted(codes_old - codes_new)))


def _archive_changes(old: dict, new: dict, old_dir: Path | None, new_dir: Path | None
                     ) -> tuple[bool | None, bool | None]:
    """``(urdf changed, other files changed)`` from the zip directories, ``None`` if unknown."""
    listing_old = _zip_listing(old_dir, old.get("mesh_archive"))
    listing_new = _zip_listing(new_dir, new.get("mesh_archive"))
    if listing_old is None or listing_new is None:
        return None, None
    # the MJCF is the URDF's twin (written from the same object): a change of the description
    urdf_old = [listing_old.pop(p, None) for p in (old["urdf_path"], old.get("mjcf_path"))]
    urdf_new = [listing_new.pop(p, None) for p in (new["urdf_path"], new.get("mjcf_path"))]
    return urdf_old != urdf_new, listing_old != listing_new


def _zip_listing(root: Path | None, relpath: str | None) -> dict[str, tuple[int, int]] | None:
    if root is None or not relpath:
        return None
    try:
        with zipfile.ZipFile(root / relpath) as zf:
            return {i.filename: (i.CRC, i.file_size) for i in zf.infolist() if not i.is_dir()}
    except (OSError, zipfile.BadZipFile):
        return None


#: Ids listed per section of the markdown changelog before "... and N more".
MAX_LISTED = 50


def diff_markdown(diff: ReleaseDiff, *, max_listed: int = MAX_LISTED) -> str:
    """The changelog as markdown (no top-level heading: the card adds ``## Changelog``)."""
    kinds = Counter(k for c in diff.changed for k in c.kinds)
    summary = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) or "none"
    lines = [f"{diff.n_old} objects before, {diff.n_new} after: {len(diff.added)} added, "
             f"{len(diff.removed)} removed, {len(diff.changed)} changed ({summary}), "
             f"{diff.unchanged} unchanged.", ""]
    for title, ids in (("Added", diff.added), ("Removed", diff.removed)):
        if ids:
            shown = ", ".join(f"`{i}`" for i in ids[:max_listed])
            more = f" ... and {len(ids) - max_listed} more" if len(ids) > max_listed else ""
            lines += [f"### {title} ({len(ids)})", "", shown + more, ""]
    if diff.changed:
        lines += [f"### Changed ({len(diff.changed)})", "",
                  "Motion changes are `E_alpha^phi,tree` (split norm, alpha = 1/m, kappa = pi) "
                  "between the old and new joints; per joint `E^phi`.", "",
                  "| object | what changed | details |", "| --- | --- | --- |"]
        ranked = sorted(diff.changed, key=lambda c: (-c.kinematics, c.object_id))
        lines += [f"| `{c.object_id}` | {', '.join(c.kinds)} | {_details(c)} |"
                  for c in ranked[:max_listed]]
        if len(ranked) > max_listed:
            lines.append(f"| ... | {len(ranked) - max_listed} more | |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _details(change: ObjectChange) -> str:
    parts = []
    if change.kinematics > tol.ORACLE:
        moved = "; ".join(f"{_joint_label(j)} {j.distance:.4g}" for j in change.joints)
        parts.append(f"E^phi,tree {change.kinematics:.4g} (moved most: {moved})")
    parts += [f"{k}: {_short(a)} -> {_short(b)}" for k, (a, b) in change.fields.items()]
    if change.verification is not None:
        v = change.verification
        codes = [f"+{c}" for c in v.codes_added] + [f"-{c}" for c in v.codes_removed]
        parts.append(f"verification {v.status[0]} -> {v.status[1]}"
                     + (f" ({', '.join(codes)})" if codes else ""))
    if change.checksum is not None:
        parts.append(f"checksum {change.checksum[0][:12]} -> {change.checksum[1][:12]}")
    return "; ".join(parts).replace("|", "\\|")


def _joint_label(j: JointChange) -> str:
    if j.old_joint is None:
        return f"+{j.new_joint}"
    if j.new_joint is None:
        return f"-{j.old_joint}"
    return j.old_joint if j.old_joint == j.new_joint else f"{j.old_joint}->{j.new_joint}"


def _short(value) -> str:
    text = "null" if value is None else str(value)
    return f"`{text[:60]}`"


def diff_json(diff: ReleaseDiff) -> dict:
    """A JSON-ready dict of ``diff`` (tuples become lists; ``kinds`` added per object)."""
    out = dataclasses.asdict(diff)
    out["unchanged"] = diff.unchanged
    for entry, change in zip(out["changed"], diff.changed, strict=True):
        entry["kinds"] = list(change.kinds)
        entry["fields"] = {k: list(v) for k, v in change.fields.items()}
    return out


__all__ = ["FIELDS", "JointChange", "ObjectChange", "ReleaseDiff", "ReleaseReadError",
           "VerificationChange", "diff_json", "diff_markdown", "diff_releases", "diff_rows",
           "joint_changes"]
