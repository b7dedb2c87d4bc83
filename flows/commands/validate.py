"""``arena validate PATH``: normalize and verify one contributed object, with a report.

PATH is an object folder (a PartNet-Mobility-style folder with ``mobility.urdf`` is
recognized: its ``meta.json`` gives the category and ids, ``semantics.txt`` and
``mobility_v2.json`` go to the checks), a URDF file, an MJCF file, or a ``.zip``/``.tar.gz``
archive (extracted safely by :func:`arena_core.formats.archive.extract_archive` into ``OUT/_input``,
with the size limits below, and removed afterwards). MJCF is recognized by content (root
element ``<mujoco>``), as a file or as a folder with no URDF, and read by the build's
``mjcf`` adapter (:mod:`flows.commands.validate_mjcf`; converted in ``OUT/_convert``,
removed afterwards); the report's ``file_format`` says which. The object is read,
normalized, written and verified by :func:`arena_core.pipeline.run.run_object`; the output
folder holds::

    OUT/<object_id>/object.urdf (+ meshes/)   the canonical object (source names kept)
    OUT/record.json                           the ObjectRecord (schemas.record)
    OUT/report.json, OUT/report.txt           the verification report

Exit codes: 0 accepted (warnings allowed), 1 rejected (an error issue; the report says
which), 2 usage error. Bad input never produces a traceback: whatever fails is reported
with a code. Nothing is written outside OUT.

``--against RELEASE`` adds the nearest objects of a release (``release.nearest``, by the
tree metric) to the report; ``--view`` then shows the object in ``arena view``
(:mod:`flows.commands.serving`) until Ctrl-C. Example::

    arena validate ../shared/realdata/sapien_repo/41083 --out /tmp/v41083
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena_core.util.fs import write_atomic
from arena_core.util.guard import exception_issue
from arena_core.util.input_limits import MAX_FOLDER_DEPTH
from flows.commands.common import jsonable
from flows.commands.serving import view_validated
from flows.commands.validate_mjcf import (
    MJCF_ROOT_LEVELS,
    Rejected,
    existing_files,
    file_root,
    folder_model,
    mjcf_root_tag,
    only_model,
    read_mjcf,
)
from flows.commands.validate_report import (
    failure_report,
    object_report,
    render_text,
    write_reports,
)
from flows.sandbox import DEFAULT_MEMORY_MIB, DEFAULT_SECONDS, Budget, Sandbox
from schemas.errors import ArenaError
from schemas.extras import SourceExtras
from schemas.issues import Issue, Severity, has_error, issue
from schemas.sources import ARCHIVE_SUFFIXES

#: File name endings handled as archives (any file zipfile recognizes is one too).
#: Folder levels below a lone URDF file searched for ``package.xml`` (its folder may be a
#: large shared one, such as the temporary directory).
URDF_PACKAGE_DEPTH = 2
#: Mesh files a lone URDF's root is widened to hold (:func:`urdf_file_root`).
MESH_SUFFIXES = (".obj", ".stl", ".dae", ".glb", ".gltf", ".ply", ".off")
#: Where an archive is extracted inside OUT (removed when done).
EXTRACT_DIR = "_input"
#: Where an MJCF model is converted to a URDF folder inside OUT (removed when done).
CONVERT_DIR = "_convert"

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


class UsageError(ArenaError, ValueError):
    """A command line that cannot be run (exit 2)."""


@dataclass
class Input:
    """The resolved input: the URDF, the folder its meshes must stay in, provenance
    (for MJCF: the converted URDF and its folder; ``shown`` is the MJCF file)."""

    kind: str
    urdf: Path
    root: Path
    provenance: dict[str, Any]
    extras: SourceExtras = field(default_factory=SourceExtras)
    packages: dict[str, Path] = field(default_factory=dict)
    issues: list[Issue] = field(default_factory=list)
    file_format: str = "urdf"
    shown: str | None = None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", type=Path,
                        help="object folder, URDF or MJCF file, or .zip/.tar.gz archive")
    parser.add_argument("--out", metavar="DIR", type=Path, default=None,
                        help="output folder (default: ./validated/<name>)")
    parser.add_argument("--json", action="store_true",
                        help="print the report as JSON instead of text")
    parser.add_argument("--against", metavar="RELEASE", default=None,
                        help="also list the nearest objects of this release (duplicates)")
    parser.add_argument("--urdf", metavar="FILE", default=None,
                        help="URDF (or MJCF) file to use, relative to the folder, when it "
                             "holds several")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="meters per file unit (default 1; 0.01 for centimeters)")
    parser.add_argument("--up-axis", choices=("z", "y"), default="z",
                        help="the up axis of the source (default z)")
    parser.add_argument("--license", default=None, help="license of the contribution (SPDX id)")
    parser.add_argument("--view", action="store_true",
                        help="then show the object in the local viewer (arena view) until Ctrl-C")
    parser.add_argument("--budget-memory", metavar="MIB", type=int, default=DEFAULT_MEMORY_MIB,
                        help="memory the object's work may use, in MiB above what the command "
                             f"uses at the start (default {DEFAULT_MEMORY_MIB}): "
                             "resource.memory / resource.crashed beyond")
    parser.add_argument("--budget-seconds", metavar="S", type=float, default=DEFAULT_SECONDS,
                        help=f"wall seconds the object's work may take (default "
                             f"{DEFAULT_SECONDS:g}): resource.timeout beyond")


def run(args: argparse.Namespace) -> int:
    try:
        nearest = _check_usage(args)
        out = _out_dir(args)
    except UsageError as exc:
        print(f"arena validate: error: {exc}", file=sys.stderr)
        return 2
    budget = Budget(memory_mib=args.budget_memory, seconds=args.budget_seconds)
    try:
        with Sandbox(lambda _: _validate(args, out), budget) as box:
            report, record = box.call(None)
        if nearest is not None and record is not None:  # the release is read here
            report["against"] = _against(nearest, args.against, record) if record.checksum \
                else {"release": args.against, "error": "the object could not be read; "
                      "no search"}
    except UsageError as exc:
        print(f"arena validate: error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - the contract: a code, never a traceback
        report = failure_report(str(args.path), exception_issue(exc, location="input"))
        _remove_work_folders(out)
    write_reports(report, out)
    _emit(json.dumps(report, indent=2) if args.json else render_text(report, out))
    if getattr(args, "view", False):
        return view_validated(out, int(report["exit_code"]))
    return int(report["exit_code"])


def _emit(text: str) -> None:
    """Print ``text``; a closed pipe (``arena validate ... | head``) is not an error."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # Python's documented SIGPIPE idiom


# ----------------------------------------------------------------------------- usage
def _check_usage(args: argparse.Namespace):
    """Validate the options; return ``release.nearest`` when ``--against`` is given."""
    path: Path = args.path
    if not path.exists():
        raise UsageError(f"{path}: no such file or folder")
    if not (path.is_file() or path.is_dir()):
        raise UsageError(f"{path}: not a regular file or folder")
    if args.budget_memory <= 0 or not (math.isfinite(args.budget_seconds)
                                       and args.budget_seconds > 0):
        raise UsageError("--budget-memory and --budget-seconds must be positive numbers")
    if not (math.isfinite(args.scale) and args.scale > 0):
        raise UsageError(f"--scale must be a positive number of meters per unit, got {args.scale}")
    if args.urdf is not None:
        _check_urdf_option(path, args.urdf)
    if args.against is None:
        return None
    from release.reader import nearest, parquet_files  # pandas and pyarrow: only when asked

    if not Path(args.against).is_dir():
        raise UsageError(f"--against {args.against}: no such release folder")
    try:
        parquet_files(args.against)
    except ValueError as exc:
        raise UsageError(f"--against {args.against}: {exc}") from None
    return nearest


def _check_urdf_option(folder: Path, wanted: str) -> Path:
    """The ``--urdf`` file inside ``folder`` (a usage error otherwise)."""
    if not folder.is_dir():
        raise UsageError("--urdf only applies when PATH is a folder")
    urdf = (folder / wanted).resolve()
    if not urdf.is_relative_to(folder.resolve()):
        raise UsageError(f"--urdf {wanted}: leaves the folder {folder}")
    if not urdf.is_file():
        raise UsageError(f"--urdf {wanted}: no such file in {folder}")
    return urdf


def object_name(path: Path) -> str:
    """A folder-safe object id from the input's name (``41083``, ``my_door``, ...).

    >>> object_name(Path("/x/My Door.tar.gz")), object_name(Path("a/mobility.urdf"))
    ('My_Door', 'a')
    >>> object_name(Path("metaworld/assets/objects/drawer.xml"))
    'drawer'
    """
    name = path.resolve().name
    for suffix in (*ARCHIVE_SUFFIXES, ".urdf", ".xml"):
        if name.lower().endswith(suffix) and len(name) > len(suffix):
            name = name[: -len(suffix)]
            break
    if path.suffix.lower() == ".urdf" and name in ("mobility", "model", "robot", "object"):
        name = path.resolve().parent.name or name
    cleaned = _UNSAFE.sub("_", name).strip("_-")[:100]
    return cleaned or "object"


def _out_dir(args: argparse.Namespace) -> Path:
    out = (args.out or Path("validated") / object_name(args.path)).resolve()
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: exists and is not a folder")
    source = args.path.resolve()
    if source.is_dir() and (out == source or out.is_relative_to(source)):
        raise UsageError(f"--out {out} is inside the input folder; choose another folder")
    names = {object_name(args.path), *([object_name(args.path / args.urdf)] if args.urdf else [])}
    managed = [out / EXTRACT_DIR, out / CONVERT_DIR, *(out / name for name in sorted(names))]
    if any(source == m or source.is_relative_to(m) for m in managed):
        raise UsageError(f"the input {source} lies where the output will be written")
    return out


# ----------------------------------------------------------------------------- pipeline
def _validate(args: argparse.Namespace, out: Path) -> tuple[dict[str, Any], Any]:
    """The report of the input and its record (None when no object was made of it); run in
    the budgeted child (:mod:`flows.sandbox`)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "record.json").unlink(missing_ok=True)  # never leave a stale record beside a report
    extract, convert = out / EXTRACT_DIR, out / CONVERT_DIR
    try:
        try:
            src = _resolve_input(args, extract, convert)
        except Rejected as exc:
            return failure_report(str(args.path), _issue(exc.code, str(exc),
                                                         severity="error")), None
        record = _object_record(src, out, args)
        write_atomic(out / "record.json", record.model_dump_json(indent=2) + "\n")
        shown = src.shown or src.urdf.relative_to(src.root).as_posix()
        return object_report(record, input_path=str(args.path), kind=src.kind, urdf=shown,
                             file_format=src.file_format), record
    finally:
        _remove_work_folders(out)


def _remove_work_folders(out: Path) -> None:
    """Remove the extraction and conversion folders of a validation in ``out``."""
    shutil.rmtree(out / EXTRACT_DIR, ignore_errors=True)
    shutil.rmtree(out / CONVERT_DIR, ignore_errors=True)


def _resolve_input(args: argparse.Namespace, extract: Path, convert: Path) -> Input:
    path = args.path.resolve()
    if path.is_dir():
        return _folder_input(path, args, convert, kind="folder")
    if _is_archive(path):
        from arena_core.formats.archive import ArchiveError, extract_object_archive

        shutil.rmtree(extract, ignore_errors=True)
        try:
            folder = _single_child(extract_object_archive(path, extract))
        except ArchiveError as exc:
            raise Rejected(exc.code, f"{path.name}: {exc.message}") from None
        return _folder_input(folder, args, convert, kind="archive", name=object_name(path))
    if mjcf_root_tag(path) is not None:
        return _mjcf_input(path, file_root(path), args, convert, kind="mjcf",
                           name=object_name(path))
    return _urdf_input(path, args)


def _is_archive(path: Path) -> bool:
    return path.name.lower().endswith(ARCHIVE_SUFFIXES) or zipfile.is_zipfile(path)


def _single_child(folder: Path) -> Path:
    """The folder itself, or its only entry when that is a folder (``obj.zip/obj/...``)."""
    children = [p for p in folder.iterdir() if not p.name.startswith(".")]
    if len(children) == 1 and children[0].is_dir() and not children[0].is_symlink():
        return children[0]
    return folder


def _urdf_input(path: Path, args: argparse.Namespace) -> Input:
    src = Input("urdf", path, urdf_file_root(path), _provenance(object_name(path), args))
    _find_packages(src, path.parent, max_depth=URDF_PACKAGE_DEPTH)
    return src


def urdf_file_root(urdf: Path) -> Path:
    """The root folder of a lone URDF file: its folder, widened to hold the meshes it names
    by relative path (synriard's ``urdf/X/X.urdf`` naming ``../../meshes/X/...``; a build
    reads the same file from its library's folder) when they lie within
    :data:`MJCF_ROOT_LEVELS` folders above it, as for a lone MJCF file. Nothing above that
    is looked at, only names with a mesh file's suffix count, and the root is never the file
    system's root or a folder right under it (``/tmp``, ``/home``: the file's folder then);
    a mesh farther out stays ``mesh.path.escapes``."""
    from flows.adapters.urdf_refs import mesh_filenames

    folder = urdf.parent
    top = ([folder, *folder.parents][:MJCF_ROOT_LEVELS + 1])[-1]
    named = [name for name in mesh_filenames(urdf)
             if "://" not in name and name.lower().endswith(MESH_SUFFIXES)]
    found = [p for name in named for p in existing_files(name, [folder], top)[:1]]
    root = Path(os.path.commonpath([str(folder), *map(str, found)]))
    return root if len(root.parts) > 2 else folder


def _folder_input(folder: Path, args: argparse.Namespace, convert: Path, *, kind: str,
                  name: str | None = None) -> Input:
    try:
        urdf = _choose_urdf(folder, args.urdf)
    except Rejected as exc:
        if exc.code != "input.no_urdf":
            raise
        return _mjcf_input(folder_model(folder, convert), folder, args, convert, kind=kind,
                           name=name or object_name(folder))
    if mjcf_root_tag(urdf) is not None:  # --urdf named an MJCF file
        return _mjcf_input(urdf, folder, args, convert, kind=kind, name=name or object_name(urdf))
    src = Input(kind, urdf, folder, _provenance(name or object_name(urdf), args))
    _find_packages(src, folder, within=folder if kind == "archive" else None)
    if urdf.parent / "mobility.urdf" == urdf:
        _partnet_side_files(urdf.parent, src)
    return src


def _choose_urdf(folder: Path, wanted: str | None) -> Path:
    from flows.adapters.urdf_refs import walk_files

    if wanted is not None:
        return _check_urdf_option(folder, wanted)
    top = folder / "mobility.urdf"
    if top.is_file() and not top.is_symlink():
        return top
    found = walk_files(folder, (".urdf",))
    shallow = [p for p in found if p.parent == folder] or found
    return only_model(folder, shallow, kind="URDF files", none="no .urdf file")


def _mjcf_input(xml: Path, root: Path, args: argparse.Namespace, convert: Path, *, kind: str,
                name: str) -> Input:
    """An MJCF model read by the ``mjcf`` adapter: the converted URDF folder to process."""
    shutil.rmtree(convert, ignore_errors=True)
    obj = read_mjcf(xml, root, convert, scale=args.scale, up_axis=args.up_axis)
    prov = {**_provenance(name, args), "files": [f.model_dump() for f in obj.files]}
    return Input(kind, obj.urdf_path, obj.root_dir, prov, extras=obj.extras,
                 issues=list(obj.issues), file_format="mjcf",
                 shown=xml.relative_to(root).as_posix())


def _find_packages(src: Input, folder: Path, *, max_depth: int = MAX_FOLDER_DEPTH,
                   within: Path | None = None) -> None:
    """ROS layouts, for a file and a folder alike: the object's root is the description
    that holds the URDF (:func:`~flows.adapters.ros_packages.description_root`, not above
    ``within``), else ``folder``; ``package://`` names resolve through the ``package.xml`` files under the
    larger of the two (``max_depth`` levels down when no package holds the URDF) and on the
    ROS search paths of the environment. Only the packages the URDF names are kept."""
    from flows.adapters.ros_packages import description_root, search_path_packages
    from flows.adapters.urdf_refs import mesh_filenames, used_package_names, used_packages

    names = mesh_filenames(src.urdf)
    package = description_root(src.urdf, stop=within, named=used_package_names(names))
    found = search_path_packages(os.environ)
    if package is not None:
        src.root = package
    if package is not None and folder.is_relative_to(package):
        found.update(_packages(package, src.issues))
    else:
        found.update(_packages(folder, src.issues, max_depth=max_depth))
    src.packages = {k: Path(v) for k, v in used_packages(names, found).items()}


def _packages(root: Path, issues: list[Issue], *, max_depth: int = MAX_FOLDER_DEPTH
              ) -> dict[str, Path]:
    from flows.adapters.urdf_refs import find_packages, too_deep_issue

    too_deep: list[Path] = []
    packages, package_issues = find_packages(root, max_depth=max_depth, too_deep=too_deep)
    issues.extend(package_issues.values())
    if too_deep and max_depth == MAX_FOLDER_DEPTH:
        issues.append(too_deep_issue(root, too_deep))
    return packages


def _partnet_side_files(folder: Path, src: Input) -> None:
    """``meta.json`` -> category/ids, ``semantics.txt`` and ``mobility_v2.json`` -> extras."""
    from flows.adapters.base import read_json, read_semantics
    from flows.adapters.partnet_mobility import pm_upstream_id

    def usable(name: str) -> Path | None:
        path = folder / name
        if path.is_symlink():
            src.issues.append(_issue("input.symlink_ignored", f"{name} is a symbolic link; "
                                     "not read", severity="warning"))
            return None
        return path if path.is_file() else None

    if (meta_path := usable("meta.json")) is not None:
        meta, found = read_json(meta_path, "pm.meta")
        src.issues += found
        meta = meta if isinstance(meta, dict) else {}
        src.provenance["source"] = "partnet_mobility"
        if meta.get("model_cat"):
            src.provenance["category"] = str(meta["model_cat"])
        upstream = pm_upstream_id(folder.name, has_meta=True)
        if upstream is not None:  # the adapters' rule, so --against finds the same ids
            src.provenance["upstream_id"] = upstream
    if (sem_path := usable("semantics.txt")) is not None:
        rows, found = read_semantics(sem_path, "pm.semantics")
        src.extras = src.extras.merged(semantics=rows)
        src.issues += found
    if (v2 := usable("mobility_v2.json")) is not None:
        src.extras = src.extras.merged(mobility_v2_path=v2)


def _provenance(name: str, args: argparse.Namespace) -> dict[str, Any]:
    prov: dict[str, Any] = {"object_id": name, "source": "contribution", "source_id": name}
    if args.license:
        prov["license"] = args.license
    return prov


def _object_record(src: Input, out: Path, args: argparse.Namespace):
    from arena_core.pipeline.run import run_object
    from schemas.record import ObjectRecord, VerificationReport

    if has_error(src.issues) and src.file_format == "mjcf":
        return ObjectRecord(**src.provenance,  # the model was refused: nothing to convert
                            verification=VerificationReport.from_issues(src.issues))
    record = run_object(src.urdf, out, root_dir=src.root, package_dirs=src.packages,
                        scale=args.scale, up_axis=args.up_axis,
                        provenance=src.provenance, extras=src.extras).record
    issues = [*src.issues, *record.verification.issues]
    return record.model_copy(update={"verification": VerificationReport.from_issues(issues)})


def _against(nearest, release: str, record) -> dict[str, Any]:
    try:
        return {"release": release, "nearest": jsonable(nearest(release, record))}
    except Exception as exc:  # noqa: BLE001 - a broken release must not hide the report
        return {"release": release, "error": f"{type(exc).__name__}: {str(exc)[:300]}"}


# ----------------------------------------------------------------------------- reports
def _issue(code: str, message: str, *, severity: Severity | None = None) -> Issue:
    return issue(code, message, severity=severity, location="input")
