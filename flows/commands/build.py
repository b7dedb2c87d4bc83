"""``arena build [--config FILE] [--out DIR] [--limit N] [--runner R] [--workers N]
[--dask-address tcp://HOST:PORT]``: the main job.

Runs the Prefect flow :func:`flows.build.build` with the chosen task runner: processes
(default), threads, or Dask — a local cluster, or an existing one at ``--dask-address``
(how a user with a cluster scales out; the flow first checks that its workers see the build's
folders, :mod:`flows.cluster`, and :class:`~flows.cluster.ClusterMismatch` is reported in a
few lines, exit 1). Prefect runs in its local ephemeral mode unless
``PREFECT_API_URL`` points at a server.

Quiet and offline by default (:data:`QUIET_OFFLINE_DEFAULTS`, each overridable by setting the
variable): no telemetry, analytics or Hub calls, and one temporary API server for the whole run
(:func:`local_api_server`), whose SQLite database has a single writer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="build config YAML (default manifests/build.yaml)")
    parser.add_argument("--out", default="build", help="output folder (default ./build)")
    parser.add_argument("--limit", type=int, help="process at most N objects")
    parser.add_argument("--runner", choices=("thread", "process", "dask"), default="process",
                        help="task runner (default process: normalization is CPU-bound)")
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1),
                        help="parallel workers (default: min(4, cores))")
    parser.add_argument("--dask-address", help="scheduler of an existing Dask cluster (every "
                        "worker must see the sources and --out at the same paths: checked "
                        "before any work)")
    parser.add_argument("--previous", metavar="RELEASE",
                        help="an earlier release: keep its evaluation subset stable and "
                        "write a changelog against it into the card")


def task_runner(runner: str, workers: int, dask_address: str | None):
    """The Prefect task runner for the CLI options (the only place runners are chosen)."""
    if dask_address or runner == "dask":
        from prefect_dask import DaskTaskRunner

        if dask_address:
            return DaskTaskRunner(address=dask_address)
        return DaskTaskRunner(cluster_kwargs={"n_workers": workers, "threads_per_worker": 1,
                                              "processes": True, "dashboard_address": None})
    if runner == "process":
        from prefect.task_runners import ProcessPoolTaskRunner

        return ProcessPoolTaskRunner(max_workers=workers)
    from prefect.task_runners import ThreadPoolTaskRunner

    return ThreadPoolTaskRunner(max_workers=workers)


def run_build(*, config: str | None, out: str, limit: int | None, runner: str = "thread",
              workers: int = 2, dask_address: str | None = None, previous: str | None = None):
    """Run the build flow with a task runner; returns the :class:`BuildSummary`."""
    from flows.build import build

    flow = build.with_options(task_runner=task_runner(runner, workers, dask_address))
    return flow(config_path=config, out_dir=out, limit=limit, previous=previous)


#: Environment defaults of ``arena build`` (``os.environ.setdefault``: a variable the user set
#: wins). They must be in the environment before Prefect is imported and before the API
#: server and the pool workers start, which inherit them.
QUIET_OFFLINE_DEFAULTS: dict[str, str] = {
    # A fresh PREFECT_HOME on a loaded machine can take longer than Prefect's 20 s default.
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120",
    # Per-task INFO lines would drown the stage progress; PREFECT_LOGGING_LEVEL overrides.
    "PREFECT_LOGGING_LEVEL": "WARNING",
    "DASK_LOGGING__DISTRIBUTED": "warning",
    # A failing run is reported in one line; Prefect's own run loggers would add the
    # traceback (set PREFECT_LOGGING_LEVEL=INFO and these to INFO to see everything).
    "PREFECT_LOGGING_LOGGERS_PREFECT_FLOW_RUNS_LEVEL": "CRITICAL",
    "PREFECT_LOGGING_LOGGERS_PREFECT_TASK_RUNS_LEVEL": "CRITICAL",
    # Offline: the API server's telemetry heartbeat (prefect.server.services.telemetry) looks
    # up sens-o-matic.prefect.io and logs an ERROR per server when that fails.
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    # The temporary server's SQLite database is thrown away after the run; what would write to
    # it besides the flow run itself is switched off: log rows, the event store, task-run
    # rows rebuilt from events, and automations (triggers and actions, which poll the
    # database). The build reads none of it back (task results travel in memory).
    "PREFECT_LOGGING_TO_API_ENABLED": "false",
    "PREFECT_SERVER_SERVICES_EVENT_PERSISTER_ENABLED": "false",
    "PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_ENABLED": "false",
    "PREFECT_SERVER_SERVICES_TRIGGERS_ENABLED": "false",
    # The release check loads the local release with `datasets`: no Hub look-ups, no telemetry.
    "HF_HUB_OFFLINE": "1",
    "HF_DATASETS_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
}


def apply_quiet_offline_defaults(environ=os.environ) -> None:
    """Set every :data:`QUIET_OFFLINE_DEFAULTS` entry the environment does not set yet."""
    for key, value in QUIET_OFFLINE_DEFAULTS.items():
        environ.setdefault(key, value)


@contextmanager
def local_api_server(dask_address: str | None = None):
    """One temporary Prefect API server for the whole run, unless an API URL is configured.

    Left to itself, Prefect starts an ephemeral server in every process that needs a client and
    has no ``PREFECT_API_URL``: the CLI and each process-pool worker (spawned, with the
    environment the CLI had), all on the same SQLite file in ``PREFECT_HOME``. Several
    servers migrating and writing one database at once is what raised "database is locked"
    (and each worker waited ~15 s for its own server). Here the CLI starts the one server and
    hands its URL to the flow (settings) and to the workers (environment). Yields whether it
    started a server. Workers of an existing Dask cluster (``dask_address``) may be on other
    machines, where 127.0.0.1 is not this server, so they keep Prefect's own behaviour.
    """
    from prefect.settings import PREFECT_API_URL, get_current_settings, temporary_settings

    settings = get_current_settings()
    if settings.api.url or dask_address or not settings.server.ephemeral.enabled:
        yield False
        return
    from prefect.server.api.server import SubprocessASGIServer

    print("arena build: starting Prefect in local ephemeral mode (takes ~15 s)...",
          file=sys.stderr, flush=True)
    server = SubprocessASGIServer()
    server.start()
    had = os.environ.get("PREFECT_API_URL")
    os.environ["PREFECT_API_URL"] = server.api_url
    try:
        with temporary_settings(updates={PREFECT_API_URL: server.api_url}):
            yield True
    finally:
        if had is None:
            os.environ.pop("PREFECT_API_URL", None)
        else:
            os.environ["PREFECT_API_URL"] = had
        server.stop()


def run(args: argparse.Namespace) -> int:
    problem = _usage_error(args)
    if problem:
        print(f"arena build: {problem}", file=sys.stderr)
        return 2
    apply_quiet_offline_defaults()
    from flows.build import BuildFailed, NothingReleasable
    from flows.cluster import ClusterMismatch
    from schemas.errors import ArenaError
    from schemas.sources import ManifestError

    try:
        with local_api_server(args.dask_address):
            summary = run_build(config=args.config, out=args.out, limit=args.limit,
                                runner=args.runner, workers=args.workers,
                                dask_address=args.dask_address, previous=args.previous)
    except ManifestError as exc:
        print(f"arena build: bad config: {_one_line(exc)}", file=sys.stderr)
        return 2
    except NothingReleasable as exc:
        print(format_summary(exc.summary))
        print(f"arena build: {exc}", file=sys.stderr)
        return 1
    except (BuildFailed, ClusterMismatch) as exc:
        print(f"arena build: {exc}", file=sys.stderr)
        return 1
    except (OSError, ArenaError) as exc:  # fetch, archive and source errors
        code = (exc.code if isinstance(exc, ArenaError) else None) or type(exc).__name__
        print(f"arena build: failed: {code}: {_one_line(exc)[:400]}", file=sys.stderr)
        return 1
    print(format_summary(summary))
    return 0


def _usage_error(args: argparse.Namespace) -> str | None:
    """One line on what is wrong with the options or the config, else ``None``.

    The config and its manifests are read here, before Prefect starts, so a bad config is
    reported in a second as a usage error instead of as a failed flow run's traceback.
    """
    if args.limit is not None and args.limit < 1:
        return "error: --limit must be >= 1"
    if args.workers < 1:
        return "error: --workers must be >= 1"
    if args.previous and not (Path(args.previous) / "manifests" / "subset.json").is_file():
        return f"error: --previous {args.previous} is not a release folder"
    if args.previous and Path(args.previous).resolve() == (Path(args.out) / "release").resolve():
        return "error: --previous is the release this build replaces; copy it elsewhere first"
    if args.config and not Path(args.config).is_file():
        return f"error: no such config {args.config}"
    from schemas.build import load_build_config
    from schemas.sources import ManifestError

    try:
        load_build_config(args.config or _default_config())
    except ManifestError as exc:
        return f"bad config: {_one_line(exc)}"
    return None


def _default_config() -> Path:
    return Path(__file__).resolve().parents[2] / "manifests" / "build.yaml"


def _one_line(exc: Exception) -> str:
    """The message of ``exc`` on one line (YAML parser messages span several)."""
    return " ".join(part.strip() for part in str(exc).splitlines() if part.strip())


def format_summary(summary) -> str:
    s = summary
    lines = [f"release: {s.release}",
             f"objects in {s.objects_in}  accepted {s.accepted}  rejected {s.rejected}  "
             f"duplicates {s.duplicates}  released {s.released}  eval subset {s.eval_subset}",
             _processed_line(s.processed_now, s.objects_in),
             f"collision meshes decomposed this run: {s.decompositions}  "
             f"from the piece cache: {s.decomposition_cache_hits}"]
    if s.rejected_by_code:
        lines.append("rejected by code: " + json.dumps(s.rejected_by_code))
    for name, o in s.sources.items():
        codes = f"; rejected by code: {json.dumps(o.rejected_by_code)}" if o.rejected_by_code \
            else ""
        lines.append(f"source {name}: {o.objects} objects, {o.accepted} accepted, "
                     f"{o.released} released{codes}")
    for name, why in s.skipped_sources.items():
        lines.append(f"skipped source {name}: {why.splitlines()[0]}")
    if s.review_queue:
        lines.append(f"category review queue: {s.review_queue} objects in {s.review_file} "
                     f"(unresolved or uncertain categories); decide each in "
                     f"{s.overrides_file or 'manifests/overrides.yaml'} and build again")
    lines.append("seconds per stage: " + ", ".join(f"{k} {v:.1f}" for k, v in
                                                   s.stage_seconds.items()))
    return "\n".join(lines)


def _processed_line(processed: int, total: int) -> str:
    """How many objects this run processed and how many came from the object store.

    >>> _processed_line(400, 400)
    'processed this run: 400 (all of them; none came from the object store)'
    >>> _processed_line(0, 400)
    'processed this run: 0 (all 400 objects came from the object store)'
    >>> _processed_line(12, 400)
    'processed this run: 12 of 400 (the other 388 came from the object store)'
    """
    if total == 0:
        return "processed this run: 0 (no objects)"
    if processed >= total:
        every = "it" if total == 1 else "all of them"
        return f"processed this run: {processed} ({every}; none came from the object store)"
    if processed == 0:
        every = "the 1 object" if total == 1 else f"all {total} objects"
        return f"processed this run: 0 ({every} came from the object store)"
    return (f"processed this run: {processed} of {total} "
            f"(the other {total - processed} came from the object store)")
