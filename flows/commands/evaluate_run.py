"""Score every method's predictions against a release's ground truth (``arena evaluate``).

Layout read: ``PREDICTIONS/<method>/<object_id>/`` holds one predicted object (a URDF,
any name, in the ground truth's object frame and stored state), optional
``PREDICTIONS/<method>/meta.json`` (a JSON object, e.g. ``{"modality": "image"}``;
``"predicts_limits": false`` declares a method that predicts no motion limits).

Limits (the dagger protocol, :mod:`arena_core.evaluate.impute`): a prediction that
declares no limits is scored with each joint's limits imputed from the ground truth, and
its outcome says so (``imputed_limits``); with ``"predicts_limits": false`` every
prediction of the method is. Whether a whole method is scored this way is decided over
all its outcomes by :func:`resolve_imputation`.

The ground truth of each object of the config is materialized from its release archive
into a per-run cache folder (once per object, whatever the number of methods) and read
with :func:`arena_core.formats.urdf.read.read_urdf`. Work is split into chunks of objects; each chunk
scores all methods on its objects, in this process (``workers=1``) or in a process pool
(a fork server that imports the scoring modules once; spawn where there is none).
Results do not depend on the number of workers. A prediction that is missing, unreadable or unscorable becomes an
:class:`Outcome` with a status and reason, never an exception.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

#: Release columns the scoring needs (plus the taxonomy for the breakdown).
ROW_COLUMNS = ("urdf", "urdf_path", "mesh_archive", "mesh_archive_sha256", "checksum",
               "category", "supercategory")

#: Objects per unit of work sent to a worker.
CHUNK = 8

#: Scorings below which a process pool costs more than it saves (a worker needs ~2 s to
#: import numpy/scipy/pyarrow; one scoring takes ~10-50 ms).
MIN_PARALLEL = 200

#: Modules the fork server imports once for all workers.
_PRELOAD = ("flows.commands.evaluate_run", "arena_core.metric.compare", "arena_core.evaluate",
            "arena_core.formats.urdf.read", "release.reader")

#: Outcome statuses; only ``ok`` is a valid articulated output.
STATUSES = ("ok", "missing", "unreadable", "unscorable", "not_articulated")


@dataclass(frozen=True)
class Method:
    """A method folder: name, path and its ``meta.json`` (``{}`` when absent)."""

    name: str
    path: Path
    meta: dict
    meta_error: str | None = None

    @property
    def declares_no_limits(self) -> bool:
        """``meta.json`` says the method predicts no motion limits."""
        return self.meta.get("predicts_limits") is False


@dataclass(frozen=True)
class Outcome:
    """One (method, object): status, reason, the prediction file and its score."""

    method: str
    object_id: str
    status: str
    reason: str | None
    prediction: str | None
    score: object | None  # arena_core.metric.compare.ObjectScore
    imputed_limits: bool = False
    declares_limits: bool | None = None  # arena_core.evaluate.impute.declared_limits


@dataclass(frozen=True)
class GroundTruthError:
    """An object of the release whose ground truth could not be materialized or read."""

    object_id: str
    reason: str


def discover_methods(pred_dir: Path, only: Sequence[str] | None = None) -> list[Method]:
    """The method folders of ``pred_dir`` (sorted; hidden folders skipped).

    ``only`` restricts to those names (unknown names raise ``ValueError``).
    """
    found = sorted(p for p in pred_dir.iterdir() if p.is_dir() and not p.name.startswith("."))
    if only:
        names = {p.name for p in found}
        unknown = sorted(set(only) - names)
        if unknown:
            raise ValueError(f"no prediction folder for method(s) {unknown} in {pred_dir}")
        found = [p for p in found if p.name in set(only)]
    return [_method(p) for p in found]


def _method(path: Path) -> Method:
    meta_path = path / "meta.json"
    if not meta_path.is_file():
        return Method(path.name, path, {})
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return Method(path.name, path, {}, f"meta.json unreadable: {exc}")
    if not isinstance(meta, dict):
        return Method(path.name, path, {}, "meta.json is not a JSON object")
    return Method(path.name, path, meta)


def unexpected_folders(method: Method, object_ids: set[str]) -> list[str]:
    """Sorted subfolders of a method folder that name no object of the config."""
    return sorted(p.name for p in method.path.iterdir()
                  if p.is_dir() and not p.name.startswith(".") and p.name not in object_ids)


def find_prediction(folder: Path, preferred: str) -> tuple[Path | None, str, str | None]:
    """``(urdf, "ok", None)`` or ``(None, status, reason)`` for one prediction folder.

    The folder's URDF files at the top level (else anywhere below): exactly one is used;
    among several, the one named like the ground truth's ``preferred`` file. No folder
    or no URDF is ``missing``; several candidates are ``unreadable`` (ambiguous).
    """
    if not folder.is_dir():
        return None, "missing", "no prediction folder"
    urdfs = sorted(p for p in folder.glob("*.urdf") if p.is_file())
    if not urdfs:
        urdfs = sorted(p for p in folder.rglob("*.urdf") if p.is_file())
    if not urdfs:
        return None, "missing", "no URDF file in the prediction folder"
    if len(urdfs) == 1:
        return urdfs[0], "ok", None
    named = [p for p in urdfs if p.name == Path(preferred).name]
    if len(named) == 1:
        return named[0], "ok", None
    names = ", ".join(p.relative_to(folder).as_posix() for p in urdfs[:5])
    return None, "unreadable", f"several URDF files, none named {Path(preferred).name!r}: {names}"


def score_prediction(method: str, object_id: str, gt, folder: Path, preferred: str, *,
                     alpha: float, kappa: float, impute: bool = False) -> Outcome:
    """Score the prediction in ``folder`` against the ground-truth object ``gt``.

    Its limits are imputed from the ground truth when ``impute`` or when it declares
    none (:func:`~arena_core.evaluate.impute.predicts_no_limits`).
    """
    from arena_core.evaluate import declared_limits, impute_limits, is_articulated
    from arena_core.formats.urdf.read import UrdfError, read_urdf
    from arena_core.metric.compare import score_objects

    path, status, reason = find_prediction(folder, preferred)
    if path is None:
        return Outcome(method, object_id, status, reason, None, None)
    try:
        pred = read_urdf(path).obj
    except UrdfError as exc:
        return Outcome(method, object_id, "unreadable", f"{exc.code}: {exc}", str(path), None)
    except Exception as exc:  # noqa: BLE001 - one bad prediction must not stop the run
        return Outcome(method, object_id, "unreadable", _exc(exc), str(path), None)
    declares = declared_limits(pred)
    imputed = impute or declares is False
    try:
        if imputed:
            pred = impute_limits(gt, pred, alpha=alpha, kappa=kappa)
        score = score_objects(gt, pred, alpha=alpha, kappa=kappa)
    except Exception as exc:  # noqa: BLE001 - CompareError, bad arrays, search failures
        return Outcome(method, object_id, "unscorable", _exc(exc), str(path), None, imputed,
                       declares)
    if not is_articulated(score):
        return Outcome(method, object_id, "not_articulated", "the prediction has no moving "
                       "joint", str(path), score, imputed, declares)
    return Outcome(method, object_id, "ok", None, str(path), score, imputed, declares)


def resolve_imputation(methods: Sequence[Method], outcomes: list[Outcome]
                       ) -> tuple[dict[str, str | None], list[Outcome]]:
    """Which methods are scored with imputed limits, and the outcomes made consistent.

    A method is when its ``meta.json`` declares it (``"meta.json"``) or when none of its
    predictions declares a finite limit and one declares none (``"predictions"``;
    all-continuous predictions say nothing either way and are scored as they are). For
    any other method a prediction without limits is ``unscorable`` (limits missing), as
    it would be without the protocol. Returns ``({method: reason or None}, outcomes)``.
    """
    how: dict[str, str | None] = {}
    for m in methods:
        declared = {o.declares_limits for o in outcomes if o.method == m.name}
        if m.declares_no_limits:
            how[m.name] = "meta.json"
        elif False in declared and True not in declared:
            how[m.name] = "predictions"
        else:
            how[m.name] = None
    fixed = [o if how.get(o.method) or not o.imputed_limits else Outcome(
        o.method, o.object_id, "unscorable", "joint.limit.missing: joints without limits (the "
        "method's other predictions declare limits; limits are imputed only for a method "
        "that predicts none)", o.prediction, None, False, False) for o in outcomes]
    return how, fixed


def _exc(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc)[:300]}"


def load_ground_truth(release_dir: Path, row: dict, cache: Path):
    """Materialize ``row`` into ``cache/<object_id>`` and read it (an ArticulatedObject).

    Raises:
        ValueError: the archive is missing or corrupt, or the URDF cannot be read.
    """
    from arena_core.formats.urdf.read import read_urdf
    from release.reader import materialize_row

    out = cache / row["object_id"]
    urdf = materialize_row(row, release_dir / row["mesh_archive"], out, overwrite=True)
    return read_urdf(urdf).obj


def score_chunk(release_dir: str, rows: list[dict], methods: list[tuple[str, str, bool]],
                cache: str, alpha: float, kappa: float
                ) -> tuple[list[Outcome], list[GroundTruthError]]:
    """Score every method on ``rows`` (a unit of work; runs in a worker process)."""
    outcomes, errors = [], []
    for row in rows:
        oid = row["object_id"]
        try:
            gt = load_ground_truth(Path(release_dir), row, Path(cache))
        except Exception as exc:  # noqa: BLE001 - reported, the other objects go on
            errors.append(GroundTruthError(oid, _exc(exc)))
            continue
        for name, path, impute in methods:
            outcomes.append(score_prediction(name, oid, gt, Path(path) / oid, row["urdf_path"],
                                             alpha=alpha, kappa=kappa, impute=impute))
    return outcomes, errors


def score_all(release_dir: Path, rows: list[dict], methods: Sequence[Method], cache: Path, *,
              alpha: float, kappa: float, workers: int = 1, chunk: int = CHUNK
              ) -> tuple[list[Outcome], list[GroundTruthError]]:
    """Score all ``methods`` on all ``rows``; results in row order, methods in given order."""
    pairs = [(m.name, str(m.path), m.declares_no_limits) for m in methods]
    chunks = [rows[i:i + chunk] for i in range(0, len(rows), chunk)]
    args = [(str(release_dir), c, pairs, str(cache), alpha, kappa) for c in chunks]
    if workers <= 1 or len(chunks) <= 1:
        results = [score_chunk(*a) for a in args]
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(chunks)),
                                 mp_context=_context()) as pool:
            futures = [pool.submit(score_chunk, *a) for a in args]
            results = [f.result() for f in futures]
    outcomes = [o for res, _ in results for o in res]
    errors = [e for _, errs in results for e in errs]
    return outcomes, errors


def _context():
    """A fork server that imports the scoring modules once (workers start warm), where
    available; else spawn. Never plain fork: the parent holds pyarrow's threads."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(_PRELOAD))
    return context


def default_workers(n_rows: int, n_methods: int) -> int:
    """Worker processes for ``n_rows x n_methods`` scorings: the CPUs this process may use,
    or 1 when the work is too small to repay starting a pool (:data:`MIN_PARALLEL`)."""
    if n_rows * n_methods < MIN_PARALLEL:
        return 1
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, math.ceil(n_rows / CHUNK)))
