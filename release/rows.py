"""One parquet row per object: the record, the canonical URDF text and where its meshes are.

:func:`object_row` turns an :class:`~schemas.record.ObjectRecord` and its canonical folder
into a plain dict whose shape is :data:`ROW_SCHEMA` (a pyarrow schema; nested columns are
lists of structs, every vector a list of float64). Conventions are the record's: meters,
radians, kg, kg m^2 about the COM with root-frame axes, twists ``(omega, v)`` in the root
frame at the stored state; a non-finite limit is null (a continuous joint has
``lower = upper = null`` and ``endpoints = null``). An issue's ``data`` (its structured
facts, any JSON) is stored as JSON text, null when the issue has none.

:mod:`release.writer` writes the rows sorted by ``object_id`` (streamed, one shard at a
time), so the same rows always give the same bytes.
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import pyarrow as pa

from arena_core.util.hashing import listing_sha256
from schemas.curation import CURATION_JOINT_TYPES
from schemas.errors import ArenaError
from schemas.licenses import classify_license
from schemas.record import ObjectRecord

_VEC = pa.list_(pa.float64())
_MAT = pa.list_(_VEC)

ISSUE_TYPE = pa.struct([("code", pa.string()), ("severity", pa.string()),
                        ("location", pa.string()), ("message", pa.string()),
                        ("data", pa.string())])

JOINT_TYPE = pa.struct([
    ("name", pa.string()), ("type", pa.string()), ("parent", pa.string()),
    ("child", pa.string()), ("axis", _VEC), ("origin", _VEC), ("pitch", pa.float64()),
    ("lower", pa.float64()), ("upper", pa.float64()), ("effort", pa.float64()),
    ("velocity", pa.float64()), ("twist", _VEC), ("endpoints", _MAT),
    ("mimic", pa.struct([("joint", pa.string()), ("multiplier", pa.float64()),
                         ("offset", pa.float64())])),
    ("dynamics", pa.struct([(name, pa.float64()) for name in (
        "damping", "friction", "armature", "stiffness", "springref")])),
])

COLLISION_TYPE = pa.struct([
    ("size", pa.float64()), ("standoff", pa.float64()), ("relative_standoff", pa.float64()),
    ("added_volume", pa.float64()), ("within", pa.bool_()), ("pieces", pa.int32()),
    ("source_standoff", pa.float64()), ("source_added_volume", pa.float64()),
    ("source_within", pa.bool_())])

LINK_TYPE = pa.struct([("name", pa.string()), ("mass", pa.float64()), ("com", _VEC),
                       ("inertia", _MAT), ("mass_source", pa.string()),
                       ("collision", COLLISION_TYPE)])

ENGINE_TYPE = pa.struct([("engine", pa.string()), ("version", pa.string()),
                         ("loaded", pa.bool_()), ("ok", pa.bool_()),
                         ("max_pose_error", pa.float64())])

#: The self-collision findings the card counts per source (arena_core.engines.self_collision).
COLLISION_CODES = ("collision.rest.penetration", "collision.joint.blocked")

FILE_TYPE = pa.struct([("path", pa.string()), ("sha256", pa.string()), ("size", pa.int64())])

#: Column -> (arrow type, meaning). The order is the column order of the parquet files.
COLUMNS: dict[str, tuple[pa.DataType, str]] = {
    "object_id": (pa.string(), "unique id of the object in the suite (rows are sorted by it)"),
    "source": (pa.string(), "library the object comes from (`generated` for ours)"),
    "source_id": (pa.string(), "the library's own id of the object"),
    "upstream_id": (pa.string(), "shared id of the upstream object when known (`partnet:41083`)"),
    "source_version": (pa.string(), "version of the source library, if declared"),
    "name": (pa.string(), "the URDF robot name"),
    "license": (pa.string(), "license of the object (SPDX id or the library's terms)"),
    "license_class": (pa.string(), "`permissive`, `non-commercial`, `copyleft` or `unknown`"),
    "category": (pa.string(), "fine category (taxonomy in `manifests/taxonomy.yaml`)"),
    "supercategory": (pa.string(), "one of the 15 supercategories"),
    "urdf": (pa.string(), "the canonical URDF text (arena URDF v1; meshes under `meshes/`)"),
    "urdf_path": (pa.string(), "file name of the URDF inside the object archive"),
    "mjcf_path": (pa.string(), "file name of the object's own MJCF (MuJoCo) inside the archive"),
    "joints": (pa.list_(JOINT_TYPE), "joints in the root frame at rest: name, type, parent, "
               "child, unit `axis` (3), `origin` point on the axis (3, m), `pitch` (m/rad), "
               "`lower`/`upper` (rad or m, null if infinite), effort, velocity, unit `twist` "
               "(6), `endpoints` [lower*twist, upper*twist] (2x6, null if a limit is "
               "infinite), mimic, `dynamics` (damping, friction, armature, stiffness, "
               "springref of the source; null when it gives none)"),
    "links": (pa.list_(LINK_TYPE), "links: name, `mass` (kg), `com` (3, m, root frame), "
              "`inertia` (3x3, kg m^2 about the COM, root-frame axes), `mass_source` "
              "(`urdf`, `mesh_volume`, `convex_hull`, `default`, `placeholder`: an explicit "
              "negligible inertial on a link with none, so no engine invents one), "
              "`collision`: the fidelity of its collision geometry as engines use it (each "
              "piece's convex hull): `standoff` from the source collision surface (m; "
              "`relative_standoff` of the link's diagonal `size`), `added_volume` (fraction "
              "of the link's hull), `within` max(1 cm, 5%), `pieces`, and the `source_*` "
              "figures before decomposition (null: no collision geometry)"),
    "n_links": (pa.int32(), "number of links"),
    "n_joints": (pa.int32(), "number of joints (fixed included)"),
    "n_moving_joints": (pa.int32(), "number of non-fixed joints"),
    "joint_types": (pa.list_(pa.string()), "joint types present (revolute, prismatic, "
                    "continuous, helical, fixed order)"),
    "transform": (pa.struct([("rotation", _MAT), ("translation", _VEC), ("scale", pa.float64()),
                             ("up_axis", pa.string())]),
                  "the exact normalization x -> rotation @ (scale * x) + translation"),
    "checksum": (pa.string(), "sha256 of the canonical folder (relative paths, sizes, contents)"),
    "verification": (pa.struct([("status", pa.string()), ("issues", pa.list_(ISSUE_TYPE))]),
                     "verification status and the issues found (warnings and infos; "
                     "`data`: the issue's facts as JSON text, codes in `reports/issue_codes.json`)"),
    "oracle_distance": (pa.float64(), "metric distance between the transformed source and "
                        "the canonical joints (0 up to 1e-9)"),
    "engines": (pa.list_(ENGINE_TYPE), "how each engine loaded and moved the object: "
                "`mujoco_mjcf` (its `object.xml`), `mujoco` (MuJoCo's URDF import), `pybullet`, "
                "`pinocchio`, `yourdfpy`; `loaded`, `ok` (every link's pose within 1e-9 of "
                "arena_core's forward kinematics at 6 configurations, 1e-6 for PyBullet's "
                "float32 API; 1 s of MuJoCo simulation finite) and `max_pose_error`, the worst "
                "link-pose error (m, or rad; the same measure for every engine), null when "
                "the engine did not load or could not move the object"),
    "source_files": (pa.list_(FILE_TYPE), "source files the object was read from, with sha256"),
    "mesh_archive": (pa.string(), "path of the object's zip (URDF + meshes) in this repository"),
    "mesh_archive_sha256": (pa.string(), "sha256 of that zip"),
    "mesh_archive_bytes": (pa.int64(), "size of that zip in bytes"),
    "duplicate_of": (pa.string(), "always null here: duplicates are not released, their keeper is"),
    "duplicates": (pa.list_(pa.string()), "ids of the duplicates this object stands for "
                   "(see `reports/duplicates.md`)"),
    "in_eval200": (pa.bool_(), "whether the object is in the evaluation subset"),
    "eval_order": (pa.int32(), "selection order in the evaluation subset (null if not in it)"),
    "eval_reason": (pa.string(), "why the subset selection chose it (null if not in it)"),
    "format_version": (pa.string(), "release format version (schemas.release.FORMAT_VERSION)"),
}

ROW_SCHEMA = pa.schema([pa.field(name, kind) for name, (kind, _) in COLUMNS.items()])

#: Column -> meaning, for the dataset card.
COLUMN_DOCS = {name: doc for name, (_, doc) in COLUMNS.items()}


class RowError(ArenaError, ValueError):
    """A record that cannot become a release row (the message names the object and field)."""


def object_row(
    record: ObjectRecord,
    folder: str | os.PathLike[str],
    *,
    mesh_archive: str,
    archive_sha256: str,
    archive_bytes: int,
    duplicates: Sequence[str] = (),
    subset_entry: Mapping | None = None,
) -> dict:
    """The release row of ``record`` whose canonical folder is ``folder``.

    ``subset_entry`` (``order``, ``reason``) marks a member of the evaluation subset.

    Raises:
        RowError: the record is not accepted, has no checksum or URDF, or the URDF file
            is missing from ``folder``.
    """
    _check_record(record, Path(folder))
    return {
        **record_fields(record),
        "urdf": (Path(folder) / record.urdf).read_text(encoding="utf-8"),
        "mesh_archive": mesh_archive,
        "mesh_archive_sha256": archive_sha256, "mesh_archive_bytes": int(archive_bytes),
        "duplicate_of": None, "duplicates": sorted(duplicates),
        "in_eval200": subset_entry is not None,
        "eval_order": None if subset_entry is None else int(subset_entry["order"]),
        "eval_reason": None if subset_entry is None else str(subset_entry["reason"]),
    }


def record_fields(record: ObjectRecord) -> dict:
    """The columns of a row that come from the record alone (any record, accepted or not):
    everything but the URDF text, the archive, duplicates and the subset."""
    data = record.model_dump(mode="python")
    joints = data["joints"]
    types = {j["type"] for j in joints}
    return {
        "object_id": record.object_id, "source": record.source, "source_id": record.source_id,
        "upstream_id": record.upstream_id, "source_version": record.version, "name": record.name,
        "license": record.license, "license_class": _license_class(record),
        "category": record.category, "supercategory": record.supercategory,
        "urdf_path": record.urdf, "mjcf_path": record.mjcf, "joints": joints, "links": data["links"],
        "n_links": len(record.links), "n_joints": len(joints),
        "n_moving_joints": sum(1 for j in joints if j["type"] != "fixed"),
        "joint_types": [t for t in CURATION_JOINT_TYPES if t in types],
        "transform": data["transform"], "checksum": record.checksum,
        "verification": _verification(data["verification"]),
        "oracle_distance": record.oracle_distance,
        "engines": data["engines"],
        "source_files": data["files"],
        "format_version": record.format_version,
    }


def row_summary(row: Mapping, record: ObjectRecord, folder: str | os.PathLike[str]) -> dict:
    """The few fields of a row that the card, figures and side files need (kept in memory).

    Keys: ``object_id, source, source_id, license, license_class, category,
    supercategory, checksum, n_moving_joints, joint_counts`` (type -> count), ``engines``
    (engine -> ok), ``collisions`` (the object's self-collision codes, :data:`COLLISION_CODES`),
    ``collision_fidelity`` (per link with collision geometry: within its fidelity tolerance),
    ``engine_versions`` (engine -> the version that checked the object),
    ``files_digest`` (listing digest of the source files), ``folder`` and ``urdf_path``.
    """
    counts = Counter(j["type"] for j in row["joints"])
    keys = ("object_id", "source", "source_id", "license", "license_class", "category",
            "supercategory", "checksum", "n_moving_joints", "urdf_path", "in_eval200")
    return {**{k: row[k] for k in keys},
            "joint_counts": {t: counts[t] for t in CURATION_JOINT_TYPES if counts[t]},
            "engines": {e["engine"]: bool(e["ok"]) for e in row["engines"]},
            "collisions": sorted({i.code for i in record.verification.issues
                                  if i.code in COLLISION_CODES}),
            "engine_versions": {e["engine"]: e["version"] for e in row["engines"]},
            "collision_fidelity": [bool(link["collision"]["within"]) for link in row["links"]
                                   if link.get("collision") is not None],
            "files_digest": listing_sha256((f.path, f.size, f.sha256) for f in record.files),
            "folder": Path(folder)}


def _verification(report: Mapping) -> dict:
    """The record's verification with each issue's ``data`` as JSON text (or null;
    non-finite numbers become null, as in JSON)."""
    issues = [{**i, "data": None if i.get("data") is None else
               json.dumps(_finite(i["data"]), sort_keys=True, allow_nan=False)}
              for i in report["issues"]]
    return {**report, "issues": issues}


def _finite(value):
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def _license_class(record: ObjectRecord) -> str | None:
    """The record's license class, else the class of its license id (None without one)."""
    if record.license_class is not None or record.license is None:
        return record.license_class
    return classify_license(record.license)


def _check_record(record: ObjectRecord, folder: Path) -> None:
    where = f"object {record.object_id!r}"
    if not record.accepted:
        raise RowError(f"{where}: verification status is {record.verification.status!r}; "
                       "only accepted objects are released")
    if record.checksum is None or record.urdf is None:
        raise RowError(f"{where}: the record has no canonical folder (checksum/urdf missing)")
    if not (folder / record.urdf).is_file():
        raise RowError(f"{where}: canonical URDF {record.urdf!r} not found in {folder}")
