"""One object, end to end: read -> normalize -> write the canonical folder -> check -> record.

:func:`run_object` never raises for bad input: a URDF that cannot be read becomes a
rejected :class:`~schemas.record.ObjectRecord` carrying the reader's code, and every
problem found later is an issue in the record's verification report (``rejected`` iff
one is an error). The canonical folder is ``out_dir / object_id``::

    object.urdf                 arena URDF (arena_core.formats.urdf.write)
    object.xml                  the object's own MJCF (arena_core.formats.mjcf.write)
    meshes/<sha256[:16]>.<ext>  content-addressed copies (an .obj's .mtl and textures too,
                                references rewritten; dangling ones dropped); meshes in
                                other formats than .obj/.stl are converted to .obj

It is written atomically (a temporary folder inside ``out_dir``, then a rename); nothing
is written outside ``out_dir``. Content addressing makes the folder deterministic, and
running the canonical URDF again reproduces it byte for byte (same
:func:`folder_checksum`). The oracle (:mod:`arena_core.pipeline.normalize_oracle`) compares the re-read
canonical object with the transformed source, and, for an object converted from MJCF, the
MuJoCo oracle (:mod:`arena_core.pipeline.mjcf_oracle`) compares it with MuJoCo's own kinematics;
:func:`arena_core.verify.verify_object` runs on the re-read canonical object, and, when
nothing so far rejects it, the ``engines`` stage
(:func:`arena_core.pipeline.engine_stage.simulation_check`) loads it in MuJoCo (its MJCF and its
URDF), PyBullet, Pinocchio and yourdfpy and compares every link's motion; an object converted
from MJCF that MuJoCo finds unstable is judged against its source
(:func:`arena_core.pipeline.mjcf_stability.compare_with_source`).

Every mesh file is parsed once per object: one :class:`~arena_core.mesh.parts.MeshCache`
serves normalization, the mesh copy, the MJCF writer and verification, and it knows the
canonical copies by content, so the re-read object is served from the reads of its source
(the engines load the folder themselves: that is their check).
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
from pydantic import BaseModel, ValidationError

from arena_core.formats.mjcf.write import MJCF_FILE, write_mjcf
from arena_core.formats.urdf.read import ReadResult, UrdfError, read_urdf
from arena_core.formats.urdf.write import write_urdf
from arena_core.generate.collision_pending import SELF_COLLISION_PENDING
from arena_core.mesh.canonical_files import copy_meshes
from arena_core.mesh.decompose import DecomposeParams, PieceStore
from arena_core.mesh.parts import MeshCache
from arena_core.model.articulated import ArticulatedObject, joint_twists
from arena_core.pipeline.collision import CollisionResult, decompose_collisions
from arena_core.pipeline.engine_stage import simulation_check
from arena_core.pipeline.mjcf_oracle import mjcf_oracle
from arena_core.pipeline.mjcf_stability import compare_with_source
from arena_core.pipeline.normalize import Normalized, check_options, normalize_object
from arena_core.pipeline.normalize_oracle import oracle_issues
from arena_core.util.fs import RealPaths, is_within, replace_folder
from arena_core.util.guard import exception_issue
from arena_core.util.hashing import file_sha256, hash_tree, listing_sha256, tree_sha256
from arena_core.verify import issue_from_error, verify_object
from schemas.errors import ArenaError
from schemas.extras import SourceExtras
from schemas.files import SourceFile
from schemas.issues import Issue, has_error, issue
from schemas.record import (
    CollisionRecord,
    DynamicsRecord,
    EngineRecord,
    JointRecord,
    LinkRecord,
    MimicRecord,
    ObjectRecord,
    Provenance,
    TransformRecord,
    VerificationReport,
)

#: File name of the canonical URDF inside the object folder.
CANONICAL_URDF = "object.urdf"

_Record = TypeVar("_Record", bound=BaseModel)


class RunObjectError(ArenaError, ValueError):
    """Invalid arguments to :func:`run_object` (a caller bug, not bad input)."""


@dataclass(frozen=True)
class ObjectResult:
    """What :func:`run_object` made of one object: its record and, when the canonical URDF was
    written and read back, the object parsed from it (what its features are computed on)."""

    record: ObjectRecord
    canonical: ArticulatedObject | None = None


def run_object(
    urdf_path: str | os.PathLike,
    out_dir: str | os.PathLike,
    *,
    root_dir: str | os.PathLike | None = None,
    package_dirs: Mapping[str, str | os.PathLike] | None = None,
    scale: float = 1.0,
    up_axis: str = "z",
    provenance: Provenance | Mapping[str, Any],
    extras: SourceExtras | Mapping[str, Any] | None = None,
    cache: MeshCache | None = None,
    pieces: PieceStore | None = None,
    collision: DecomposeParams | None = None,
) -> ObjectResult:
    """Normalize, write, check and record one object (see the module docstring).

    Args:
        urdf_path: the source URDF.
        out_dir: folder that receives the canonical folder ``out_dir / object_id``.
        root_dir: folder every mesh must resolve inside (default: the URDF's folder).
        package_dirs: ``package://NAME`` -> folder.
        scale: meters per file unit; up_axis: ``"z"`` or ``"y"`` (the source's up axis).
        provenance: a :class:`~schemas.record.Provenance` or a mapping of its fields
            (``files`` ``None``: the URDF and the meshes it uses, hashed here).
        extras: the source's :class:`~schemas.extras.SourceExtras` or a mapping of its
            fields; the checks get what they read of it, ``canonical=True`` and the
            provenance's ``category``, the MuJoCo oracle its MJCF fields.
        cache: the object's mesh cache (a fresh one when ``None``): every stage reads its
            meshes through it, and the canonical copies are served from the reads of their
            sources, so each mesh file is parsed once; pass the same cache on to
            :func:`arena_core.curation.features.object_features`.
        pieces: where convex decompositions of collision meshes are kept and reused
            (:mod:`arena_core.pipeline.collision`; ``None``: a temporary store in
            ``out_dir``, removed when the object is written).
        collision: the decomposition's parameters (default
            :class:`~arena_core.mesh.decompose.DecomposeParams`).

    Raises:
        RunObjectError: ``provenance`` or ``extras`` is malformed (the message names the
            field); NormalizeError: bad ``scale``/``up_axis``.
    """
    prov = _validated(Provenance, provenance, "provenance")
    source_extras = _validated(SourceExtras, {} if extras is None else extras, "extras")
    check_options(scale, up_axis)
    base = Path(root_dir) if root_dir is not None else Path(urdf_path).resolve().parent
    try:
        read = read_urdf(urdf_path, root_dir=root_dir, package_dirs=package_dirs)
    except UrdfError as exc:
        unreadable = issue_from_error(exc, location="file")
        prov = _with_files(prov, [Path(urdf_path)], base, package_dirs)
        return ObjectResult(ObjectRecord(
            **prov.model_dump(), verification=VerificationReport.from_issues([unreadable])))
    prov = _with_files(prov, [Path(urdf_path), *_mesh_paths(read.obj)], base, package_dirs)
    folder = Path(out_dir) / prov.object_id
    try:
        with _piece_store(pieces, Path(out_dir)) as store:
            return _run_stages(read, folder, prov, scale=scale, up_axis=up_axis,
                               extras=source_extras,
                               cache=cache if cache is not None else MeshCache(),
                               pieces=store, collision=collision or DecomposeParams())
    except Exception as exc:  # noqa: BLE001 - one object's failure must not stop a build
        issues = [*read.issues, exception_issue(exc)]
        return ObjectResult(ObjectRecord(**prov.model_dump(), name=read.obj.name,
                                         verification=VerificationReport.from_issues(issues)))


def folder_checksum(folder: str | os.PathLike) -> str:
    """SHA-256 over the sorted relative paths, sizes and contents of every file in ``folder``."""
    return tree_sha256(folder)


def write_canonical_folder(obj: ArticulatedObject, folder: str | os.PathLike, *,
                           cache: MeshCache | None = None,
                           option: Mapping[str, str] | None = None
                           ) -> tuple[ArticulatedObject, list[Issue]]:
    """Write ``obj`` (meshes copied, URDF) to ``folder`` atomically, replacing it if present.

    ``cache``: the object's mesh cache (a fresh one when ``None``); ``option``: the MJCF
    ``<option>`` attributes of ``object.xml`` (an MJCF source's step). Returns the object as
    written (mesh filenames ``meshes/<sha16>.<ext>``, paths in ``folder``; unresolved and
    unconvertible meshes dropped) and the issues of the copy (dangling materials,
    ``mesh.converted``, ``mesh.convert_failed``).
    """
    folder = Path(folder)
    cache = cache if cache is not None else MeshCache()
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.tmp-", dir=folder.parent))
    try:
        names, issues = copy_meshes(obj, tmp, cache=cache)
        written = _with_mesh_files(obj, names, folder)
        write_urdf(written, tmp / CANONICAL_URDF)
        write_mjcf(_with_mesh_files(obj, names, tmp), tmp, cache=cache, option=option)
        os.chmod(tmp, 0o755)
        replace_folder(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return written, issues


# ----------------------------------------------------------------------------- pipeline
def _run_stages(read: ReadResult, folder: Path, prov: Provenance, *, scale: float,
                up_axis: str, extras: SourceExtras, cache: MeshCache, pieces: PieceStore,
                collision: DecomposeParams) -> ObjectResult:
    normalized = normalize_object(read.obj, scale=scale, up_axis=up_axis, cache=cache)
    collided = decompose_collisions(normalized.obj, store=pieces, cache=cache, params=collision)
    normalized = replace(normalized, obj=collided.obj)
    written, copy_issues = write_canonical_folder(normalized.obj, folder, cache=cache,
                                                  option=extras.mjcf_option)
    issues = [*read.issues, *normalized.issues, *collided.issues, *copy_issues]
    try:
        canonical = read_urdf(folder / CANONICAL_URDF)
    except UrdfError as exc:
        issues.append(issue("normalize.oracle", f"the canonical URDF cannot be read back: {exc}",
                            location="file"))
        return ObjectResult(_record(prov, written, normalized, issues, None, folder,
                                    collision=collided))
    distance, found = oracle_issues(read.obj, written, canonical.obj, normalized)
    source_found, source_engine = mjcf_oracle(canonical.obj, normalized, extras)  # MJCF only
    checked = verify_object(canonical.obj, extras=_verify_extras(extras, prov.category, cache))
    issues += canonical.issues + found + source_found + checked
    engines: list[EngineRecord] = [source_engine] if source_engine is not None else []
    if not has_error(issues):  # only an acceptable object is proven
        engine_issues, simulated = simulation_check(folder, CANONICAL_URDF, canonical.obj,
                                                    collision_severity=_collision_severity(extras))
        engine_issues = compare_with_source(engine_issues, extras)  # MJCF only
        issues, engines = issues + engine_issues, engines + simulated
    return ObjectResult(_record(prov, canonical.obj, normalized, issues, distance, folder,
                                engines, collision=collided), canonical.obj)


def _collision_severity(extras: SourceExtras) -> str:
    """Self-collision is an error for generated objects (their geometry is ours to get right)
    except kinds listed as pending in :mod:`arena_core.generate.collision_pending`, and a
    warning for real ones (real meshes often overlap slightly at rest; see
    docs/verification.md, "Self-collision")."""
    generated = extras.generator_version is not None
    return "error" if generated and extras.kind not in SELF_COLLISION_PENDING else "warning"


def _verify_extras(extras: SourceExtras, category: str | None, cache: MeshCache
                   ) -> dict[str, Any]:
    """The ``extras`` of :func:`~arena_core.verify.verify_object` for a canonical object: what
    its checks read of the source extras, the provenance's category and the mesh cache."""
    return {"canonical": True, "category": category, "mesh_cache": cache,
            "mobility_v2_path": extras.mobility_v2_path,
            "angle_units_known": extras.angle_units_known}


def _record(prov: Provenance, obj: ArticulatedObject, normalized: Normalized, issues: list[Issue],
            distance: float | None, folder: Path,
            engines: list[EngineRecord] | None = None, *,
            collision: CollisionResult | None = None) -> ObjectRecord:
    unique = list(dict.fromkeys(issues))
    t = normalized.transform
    transform = TransformRecord(rotation=t.rotation.tolist(), translation=t.translation.tolist(),
                                scale=t.scale, up_axis=t.up_axis)
    digests = hash_tree(folder)
    canonical_files = [SourceFile(path=p, sha256=h, size=n) for p, n, h in digests]
    return ObjectRecord(
        **prov.model_dump(), name=obj.name,
        links=_link_records(obj, normalized.mass_sources, collision),
        joints=_joint_records(obj), transform=transform,
        verification=VerificationReport.from_issues(unique), oracle_distance=distance,
        urdf=CANONICAL_URDF, checksum=listing_sha256(digests), canonical_files=canonical_files,
        renamed_links={k: v for k, v in sorted(normalized.link_names.items()) if k != v},
        mjcf=MJCF_FILE if (folder / MJCF_FILE).is_file() else None, engines=engines or [],
        decompositions=collision.decomposed if collision else 0,
        decomposition_cache_hits=collision.cache_hits if collision else 0)


def _link_records(obj: ArticulatedObject, sources: Mapping[str, str],
                  collision: CollisionResult | None = None) -> list[LinkRecord]:
    out = []
    for name in obj.links:
        props = obj.root_mass(name)
        fidelity = _collision_record(collision, name)
        if props is None:
            out.append(LinkRecord(name=name, collision=fidelity))
            continue
        out.append(LinkRecord(name=name, mass=float(props.mass), com=_floats(props.com),
                              inertia=_floats(props.inertia),
                              mass_source=sources.get(name, props.source), collision=fidelity))
    return out


def _collision_record(collision: CollisionResult | None, link: str) -> CollisionRecord | None:
    if collision is None or link not in collision.after:
        return None
    before, after = collision.before[link], collision.after[link]
    return CollisionRecord(size=after.size, standoff=after.standoff,
                           relative_standoff=after.relative_standoff,
                           added_volume=after.added, within=after.within, pieces=after.pieces,
                           source_standoff=before.standoff, source_added_volume=before.added,
                           source_within=before.within)


@contextmanager
def _piece_store(pieces: PieceStore | None, out_dir: Path) -> Iterator[PieceStore]:
    """``pieces``, or a temporary store inside ``out_dir`` for this object."""
    if pieces is not None:
        yield pieces
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".pieces-", dir=out_dir) as tmp:
        yield PieceStore(tmp)


def _joint_records(obj: ArticulatedObject) -> list[JointRecord]:
    axes, points = obj.axes(), obj.points()  # obj.twists() without computing them again
    twists = joint_twists([j.type for j in obj.joints], axes, points,
                          np.array([j.pitch for j in obj.joints], dtype=float))
    out = []
    for i, j in enumerate(obj.joints):
        finite = bool(np.isfinite(j.lower) and np.isfinite(j.upper))
        ends = [_floats(j.lower * twists[i]), _floats(j.upper * twists[i])] if finite else None
        mimic = None if j.mimic is None else MimicRecord(
            joint=j.mimic.joint, multiplier=j.mimic.multiplier, offset=j.mimic.offset)
        dynamics = None if j.dynamics is None else DynamicsRecord(**vars(j.dynamics))
        out.append(JointRecord(
            name=j.name, type=j.type, parent=j.parent, child=j.child, axis=_floats(axes[i]),
            origin=_floats(points[i]), pitch=float(j.pitch), lower=_finite(j.lower),
            upper=_finite(j.upper), effort=j.effort, velocity=j.velocity,
            twist=_floats(twists[i]), endpoints=ends, mimic=mimic, dynamics=dynamics))
    return out


def _floats(values) -> list:
    return (np.asarray(values, dtype=float) + 0.0).tolist()


def _finite(value: float) -> float | None:
    return float(value) if np.isfinite(value) else None


# ----------------------------------------------------------------------------- files
def _with_mesh_files(obj: ArticulatedObject, names: Mapping[str, str],
                     folder: Path) -> ArticulatedObject:
    links, paths = [], {name: str(folder / name) for name in set(names.values())}
    for link in obj.links.values():
        meshes = tuple(replace(m, filename=names[m.path], path=paths[names[m.path]])
                       for m in link.meshes if m.path is not None and m.path in names)
        links.append(replace(link, meshes=meshes))
    return ArticulatedObject.from_parts(obj.name, links, obj.joints, source_path=obj.source_path)



def _mesh_paths(obj: ArticulatedObject) -> list[str]:
    return sorted({m.path for link in obj.links.values() for m in link.meshes
                   if m.path is not None})


def _source_files(paths: list[str | os.PathLike], base: Path,
                  package_dirs: Mapping[str, str | os.PathLike] | None) -> list[SourceFile]:
    """Digests of the source files, named relative to ``base`` (or ``PKG/...`` for packages).

    A path that is no regular file is left out; each file is named by its real path (the
    folders' real paths are looked up once: :class:`~arena_core.util.fs.RealPaths`).
    """
    roots = [("", str(base.resolve()))] + [(f"{k}/", str(Path(v).resolve()))
                                           for k, v in (package_dirs or {}).items()]
    real_paths = RealPaths()
    out = {}
    for path in paths:
        info = _regular_stat(path)
        if info is None:
            continue
        real = real_paths(path)
        for prefix, root in roots:
            if is_within(real, root):
                rel = prefix + _relative(real, root)
                out[rel] = SourceFile(path=rel, sha256=file_sha256(real), size=info.st_size)
                break
    return [out[k] for k in sorted(out)]


def _regular_stat(path: str | os.PathLike) -> os.stat_result | None:
    """``os.stat(path)`` when ``Path(path).is_file()``, else ``None``; raises what it raises."""
    try:
        info = os.stat(path)
    except OSError as exc:
        if exc.errno not in _IGNORED_ERRNOS:
            raise
        return None
    except ValueError:  # a NUL byte in the name
        return None
    return info if stat.S_ISREG(info.st_mode) else None


#: The errors for which :meth:`pathlib.Path.is_file` answers ``False`` instead of raising.
_IGNORED_ERRNOS = frozenset({errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP})


def _relative(real: str, root: str) -> str:
    """``Path(real).relative_to(root).as_posix()`` for a real path inside the real ``root``."""
    if real.startswith("//") or root.startswith("//"):
        return Path(real).relative_to(root).as_posix()
    return real[len(root.rstrip("/")) + 1:]


def _with_files(prov: Provenance, paths: list[str | os.PathLike], base: Path,
                package_dirs: Mapping[str, str | os.PathLike] | None) -> Provenance:
    """``prov`` with ``files`` hashed from ``paths`` unless it names them."""
    if prov.files is not None:
        return prov
    return prov.model_copy(update={"files": _source_files(paths, base, package_dirs)})


# ----------------------------------------------------------------------------- arguments
def _validated(model: type[_Record], value: Any, name: str) -> _Record:
    """``value`` as a ``model`` record (a mapping is validated into one).

    Raises:
        RunObjectError: ``value`` is neither, or a field is invalid (named ``name.field``).
    """
    if isinstance(value, model):
        return value
    if not isinstance(value, Mapping):
        raise RunObjectError(f"{name}: expected a {model.__name__} or a mapping, "
                           f"got {type(value).__name__}")
    try:
        return model.model_validate(dict(value))
    except ValidationError as exc:
        raise RunObjectError("; ".join(_problems(exc, name))) from None


def _problems(exc: ValidationError, name: str) -> list[str]:
    """One ``name.field: message`` per error of ``exc``."""
    out = []
    for err in exc.errors(include_url=False):
        field = ".".join([name, *(str(p) for p in err["loc"])])
        if err["type"] == "extra_forbidden":
            message = "unknown field (check the spelling)"
        elif err["type"] == "missing":
            message = "required field is missing"
        elif err["type"] == "value_error":  # our validators name what they got
            message = err["msg"].removeprefix("Value error, ")
        else:
            message = f"{err['msg']}, got {repr(err['input'])[:80]}"
        out.append(f"{field}: {message}")
    return out
