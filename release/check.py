"""Check a written release the way a user meets it: ``datasets``, materialize, the metric.

:func:`check_release` runs, and collects every problem it finds (it does not stop at the
first one):

1. **Integrity**: every file listed in ``SHA256SUMS`` exists with that digest, and no
   file is unlisted.
2. **Loading**: every config the card declares loads with the real
   ``datasets.load_dataset(folder, config)`` (into ``cache_dir``, a temporary folder by
   default); row counts match ``release_info.json``; ids are unique and the ``eval200``
   ids are ``full`` rows flagged ``in_eval200``. Each declared ``data_files`` pattern must
   carry the fingerprint of the shards it selects (:func:`release.card.shard_fingerprint`)
   and select exactly the files ``release_info.json`` lists, so no two contents share a
   ``datasets`` cache entry. ``eval200`` may be absent from the card only when the
   evaluation subset is empty (``datasets`` cannot load a split with no rows); an empty
   or short subset is not a problem.
3. **Re-scoring** a seeded sample of rows *as datasets returns them*: each row is
   materialized from its archive, read back with :func:`arena_core.formats.urdf.read.read_urdf`, and
   its ``E^phi,tree`` distance to the row's joints must be at most ``tol.ORACLE``; joint
   names/types/parents/children and the link mass properties must agree; the URDF must
   load in yourdfpy with its meshes. With ``canonical_dir`` (the build's canonical
   folders), ``arena_core.metric.compare.object_tree_distance`` to the canonical object is
   checked too.
4. **Engines**: every ``full`` row passed the ``engines`` stage in every engine its
   ``engines`` column lists (``report.engines`` counts the rows per engine).
5. **Issue codes**: ``reports/issue_codes.json`` (the catalog) is readable and explains
   every code in the rows' ``verification.issues``.

The caller fails the build when ``report.ok`` is false. Set ``HF_HUB_OFFLINE=1`` in the
caller's environment to be sure nothing is fetched (the folder is read locally anyway).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import yaml

from arena_core.metric.object_distance import JointTree, tree_distance
from arena_core.util import tolerances as tol
from arena_core.util.hashing import HashCache, file_sha256, hash_tree
from arena_core.verify.policy import is_error
from release.card import CONFIGS, data_pattern, shard_fingerprint
from release.reader import ReleaseReadError, materialize_row
from release.reports import ISSUE_CODES_FILE
from schemas import yamlio
from schemas.release import ReleaseCheck, RowCheck


def check_release(
    release_dir: str | os.PathLike[str],
    *,
    sample: int = 16,
    seed: int = 0,
    cache_dir: str | os.PathLike[str] | None = None,
    canonical_dir: str | os.PathLike[str] | None = None,
    verify_files: bool = True,
    hashes: str | os.PathLike[str] | None = None,
) -> ReleaseCheck:
    """Check the release at ``release_dir`` (see the module docstring); never raises for a
    bad release, every failure is a problem in the returned report.

    Args:
        sample: rows of ``full`` re-scored (all rows when larger than the release).
        seed: seeds the sample (``numpy.random.default_rng``).
        cache_dir: ``datasets`` cache; a temporary folder (removed after) by default.
        canonical_dir: folder holding the build's canonical folders ``<object_id>/``.
        verify_files: check ``SHA256SUMS`` (reads every file once).
        hashes: a file keeping the digests of the release's files between checks
            (:class:`arena_core.util.hashing.HashCache` without the ctime): a file with the
            same path, inode, size and mtime as when it was last checked is not read again,
            so a rewritten release whose unchanged archives are hard links of the checked
            ones is checked by reading only what was written anew.
    """
    release = Path(release_dir)
    report = ReleaseCheck(release=str(release))
    if verify_files:
        cache = None if hashes is None else HashCache.load(hashes, ctime=False)
        report.problems += _check_sums(release, cache)
        if cache is not None:
            cache.save(hashes)
    with tempfile.TemporaryDirectory(prefix="arena-check-") as scratch:
        loaded = _load_configs(release, Path(cache_dir) if cache_dir else Path(scratch) / "hf",
                               report)
        if loaded is None:
            return report
        full = loaded["full"]
        report.engines, found = engine_counts(full)
        report.problems += found + issue_code_problems(release, full)
        rng = np.random.default_rng(seed)
        picks = sorted(rng.choice(len(full), size=min(sample, len(full)), replace=False).tolist())
        for i in picks:
            row = full[int(i)]
            report.rows.append(rescore_row(row, release, Path(scratch) / f"row-{i}",
                                           canonical_dir=canonical_dir))
    return report


def engine_counts(full) -> tuple[dict[str, int], list[str]]:
    """Engine -> rows that load and move right in it, and a problem per released row that
    does not (every released object passed the ``engines`` stage, or it is not released).
    ``full``: the loaded ``datasets`` split, an Arrow table or a mapping of columns."""
    table = _arrow(full, ["object_id", "engines"])
    engines = table.column("engines").combine_chunks()
    flat = pc.list_flatten(engines)
    rows = pc.list_parent_indices(engines)
    names = pc.struct_field(flat, "engine")
    ok = pc.fill_null(pc.struct_field(flat, "ok"), False)
    sums = pa.table({"engine": names, "ok": pc.cast(ok, pa.int64())}).group_by(
        "engine").aggregate([("ok", "sum")])
    counts = dict(sorted(zip(sums.column("engine").to_pylist(),
                             sums.column("ok_sum").to_pylist(), strict=True)))
    bad_rows: dict[int, list[str]] = {}
    failed = pc.invert(ok)
    for row, name in zip(pc.filter(rows, failed).to_pylist(),
                         pc.filter(names, failed).to_pylist(), strict=True):
        bad_rows.setdefault(row, []).append(name)
    ids = table.column("object_id")
    failing = [f"object {ids[row].as_py()!r} is released but fails in {', '.join(sorted(bad))}"
               for row, bad in sorted(bad_rows.items())]
    return counts, failing[:20]


def issue_code_problems(release: Path, full) -> list[str]:
    """A problem when the shipped catalog is unreadable or misses a code the rows carry."""
    try:
        catalog = json.loads((release / ISSUE_CODES_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return [f"{ISSUE_CODES_FILE} unreadable: {exc}"]
    verification = _arrow(full, ["verification"]).column("verification").combine_chunks()
    issues = pc.list_flatten(pc.struct_field(verification, "issues"))
    used = set(pc.unique(pc.struct_field(issues, "code")).to_pylist()) - {None}
    missing = sorted(used - set(catalog))
    return [f"{ISSUE_CODES_FILE} does not list codes used by the rows: {missing[:10]}"
            ] if missing else []


def _arrow(full, columns: list[str]) -> pa.Table:
    """``columns`` of a loaded ``datasets`` split (its Arrow table, no row is converted to
    Python), of an Arrow table, or of a mapping of column lists."""
    if isinstance(full, pa.Table):
        return full.select(columns)
    data = getattr(full, "data", None)
    if data is not None and hasattr(data, "table"):
        return data.table.select(columns)
    return pa.table({c: full[c] for c in columns})


def _check_sums(release: Path, cache: HashCache | None = None) -> list[str]:
    """Every file listed in ``SHA256SUMS`` with its digest, and none unlisted (each file
    read once; with ``cache``, not at all when its stat did not change)."""
    sums_path = release / "SHA256SUMS"
    if not sums_path.is_file():
        return ["SHA256SUMS is missing"]
    listed = {}
    for line in sums_path.read_text(encoding="utf-8").splitlines():
        sha, _, path = line.partition("  ")
        listed[path] = sha
    present = {p: sha for p, _, sha in hash_tree(release, cache=cache) if p != "SHA256SUMS"}
    problems = [f"file not in SHA256SUMS: {p}" for p in sorted(present.keys() - listed.keys())]
    problems += [f"file listed in SHA256SUMS is missing: {p}"
                 for p in sorted(listed.keys() - present.keys())]
    for path in sorted(listed.keys() & present.keys()):
        if present[path] != listed[path]:
            problems.append(f"checksum mismatch: {path}")
    return problems


def _card_configs(release: Path, report: ReleaseCheck) -> dict[str, dict]:
    """The card's YAML ``configs`` by name (empty, with a problem, when unreadable)."""
    try:
        text = (release / "README.md").read_text(encoding="utf-8")
        match = re.match(r"^---\n(.*?)\n---\n", text, flags=re.S)
        meta = yamlio.safe_load(match.group(1)) if match else None
        return {c["config_name"]: c for c in meta["configs"]}
    except (OSError, ValueError, yaml.YAMLError, TypeError, KeyError) as exc:
        report.problems.append(f"README.md: no readable YAML `configs` ({type(exc).__name__})")
        return {}


def _check_pattern(release: Path, config: str, entry: dict, listed) -> list[str]:
    """The card's pattern of ``config`` is named after the content of the files it selects."""
    files = entry.get("data_files")
    if not (isinstance(files, list) and len(files) == 1 and isinstance(files[0], dict)):
        return [f"card config {config!r}: data_files must be one split with one pattern"]
    pattern, split = files[0].get("path"), files[0].get("split")
    if split != CONFIGS[config][0] or not isinstance(pattern, str):
        return [f"card config {config!r}: split must be {CONFIGS[config][0]!r} with a path"]
    try:
        matched = sorted(p.relative_to(release).as_posix() for p in release.glob(pattern)
                         if p.is_file())
    except (ValueError, NotImplementedError):  # an absolute or malformed pattern
        matched = []
    if not matched:
        return [f"card config {config!r}: pattern {pattern!r} matches no file"]
    fingerprint = shard_fingerprint([file_sha256(release / m) for m in matched])
    problems = []
    if pattern != data_pattern(config, fingerprint):
        problems.append(f"card config {config!r}: pattern {pattern!r} does not carry the "
                        f"content fingerprint {fingerprint} of its shards (datasets would "
                        "share a cache entry with other contents)")
    if listed is not None and sorted(listed) != matched:
        problems.append(f"card config {config!r}: pattern {pattern!r} selects {matched}, "
                        f"release_info.json lists {sorted(listed)}")
    return problems


def _load_configs(release: Path, cache_dir: Path, report: ReleaseCheck):
    """The card's configs through ``datasets``, with counts checked; None when loading fails."""
    import datasets

    datasets.disable_progress_bars()  # the build prints its own progress
    info = _read_info(release, report)
    declared = _card_configs(release, report)
    loaded = {}
    for config, (split, _) in CONFIGS.items():
        expected = info.get("counts", {}).get(config)
        if config not in declared:
            if config == "eval200" and expected == 0:
                report.counts[config] = 0  # an empty subset: not declared, nothing to load
                loaded[config] = None
                continue
            report.problems.append(f"README.md declares no config {config!r}")
            return None
        listed = _listed(info, config)
        report.problems += _check_pattern(release, config, declared[config], listed)
        try:
            ds = datasets.load_dataset(str(release), config, split=split, cache_dir=str(cache_dir))
        except Exception as exc:  # noqa: BLE001 - any loading failure fails the check
            report.problems.append(f"datasets cannot load config {config!r}: "
                                   f"{type(exc).__name__}: {str(exc)[:300]}")
            return None
        loaded[config] = ds
        report.counts[config] = ds.num_rows
        if expected is not None and expected != ds.num_rows:
            report.problems.append(f"config {config!r}: {ds.num_rows} rows, "
                                   f"release_info.json says {expected}")
    report.problems += _check_ids(loaded["full"], loaded["eval200"])
    return loaded


def _listed(info: dict, config: str) -> list | None:
    """The shard files ``release_info.json`` lists for ``config`` (None when it lists none)."""
    try:
        files = info["configs"][config]["files"]
    except (KeyError, TypeError):
        return None
    return files if isinstance(files, list) else None


def _read_info(release: Path, report: ReleaseCheck) -> dict:
    try:
        return json.loads((release / "release_info.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        report.problems.append(f"release_info.json unreadable: {exc}")
        return {}


def _check_ids(full, evalset) -> list[str]:
    """Unique ids; ``eval200`` (None when the card has none) = the rows flagged in_eval200."""
    table = _arrow(full, ["object_id", "in_eval200"])
    ids = table.column("object_id")
    problems = []
    if pc.count_distinct(ids).as_py() != len(ids):
        problems.append("config 'full': object ids are not unique")
    flagged = set(pc.filter(ids, pc.fill_null(table.column("in_eval200"), False)).to_pylist())
    eval_ids = set() if evalset is None else set(
        _arrow(evalset, ["object_id"]).column("object_id").to_pylist())
    if eval_ids != flagged:
        problems.append(f"config 'eval200' ids differ from the 'full' rows flagged in_eval200 "
                        f"({len(eval_ids ^ flagged)} differ)")
    return problems


def rescore_row(row: dict, release: Path, scratch: Path, *,
                canonical_dir: str | os.PathLike[str] | None = None) -> RowCheck:
    """Materialize ``row`` into ``scratch`` and compare the re-read object with the row."""
    from arena_core.formats.urdf.read import UrdfError, read_urdf

    check = RowCheck(object_id=row["object_id"])
    try:
        urdf = materialize_row(row, release / row["mesh_archive"], scratch)
        read = read_urdf(urdf)
    except (ReleaseReadError, UrdfError) as exc:
        check.problems.append(str(exc))
        return check
    check.problems += [f"re-read issue {i.code}: {i.message}" for i in read.issues
                       if is_error(i)]
    check.problems += _structure_problems(row, read.obj)
    check.distance = float(tree_distance(JointTree.from_joints(row["joints"]),
                                         JointTree.from_object(read.obj)).value)
    if not check.distance <= tol.ORACLE:
        check.problems.append(f"E^phi,tree(row, materialized) = {check.distance:.3g} > "
                              f"{tol.ORACLE:g}")
    if canonical_dir is not None:
        _compare_canonical(check, read.obj, Path(canonical_dir) / row["object_id"], row)
    check.problems += _yourdfpy_problems(urdf)
    return check


def _structure_problems(row: dict, obj) -> list[str]:
    want = [(j["name"], j["type"], j["parent"], j["child"]) for j in row["joints"]]
    got = [(j.name, j.type, j.parent, j.child) for j in obj.joints]
    problems = [] if want == got else ["joint names/types/parents/children differ from the row"]
    for link in row["links"]:
        props = obj.root_mass(link["name"]) if link["name"] in obj.links else None
        if (props is None) != (link["mass"] is None):
            problems.append(f"link {link['name']!r}: inertial present differs from the row")
        elif props is not None and not _close([props.mass, *props.com, *props.inertia.ravel()],
                                              [link["mass"], *link["com"],
                                               *np.ravel(link["inertia"])]):
            problems.append(f"link {link['name']!r}: mass properties differ from the row")
    return problems


def _close(a, b) -> bool:
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    scale = max(1.0, float(np.abs(b).max(initial=0.0)))
    return bool(np.allclose(a, b, rtol=tol.ROUND_TRIP, atol=tol.ROUND_TRIP * scale))


def _compare_canonical(check: RowCheck, obj, folder: Path, row: dict) -> None:
    from arena_core.formats.urdf.read import UrdfError, read_urdf

    try:
        canonical = read_urdf(folder / row["urdf_path"]).obj
    except UrdfError as exc:
        check.problems.append(f"canonical object unreadable: {exc}")
        return
    check.canonical_distance = float(tree_distance(JointTree.from_object(canonical),
                                                   JointTree.from_object(obj)).value)
    if not check.canonical_distance <= tol.ORACLE:
        check.problems.append(f"tree distance to the canonical object = "
                              f"{check.canonical_distance:.3g} > {tol.ORACLE:g}")


def _yourdfpy_problems(urdf: Path) -> list[str]:
    import yourdfpy

    try:
        model = yourdfpy.URDF.load(str(urdf), build_scene_graph=True, load_meshes=True)
    except Exception as exc:  # noqa: BLE001 - yourdfpy raises many types; any is a failure
        return [f"yourdfpy cannot load {urdf.name}: {type(exc).__name__}: {str(exc)[:200]}"]
    wanted = sum(1 for link in model.robot.links for v in link.visuals
                 if v.geometry is not None and v.geometry.mesh is not None)
    loaded = len(model.scene.geometry) if model.scene is not None else 0
    if wanted and loaded == 0:
        return [f"yourdfpy loaded none of the {wanted} visual meshes of {urdf.name}"]
    return []
