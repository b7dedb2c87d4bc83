"""``arena build [--config FILE] [--out DIR] [--limit N] [--runner R] [--workers N]
[--dask-address tcp://HOST:PORT]``: the main job.

Runs the Prefect flow :func:`flows.build.build` with the chosen task runner: threads
(default), processes, or Dask — a local cluster, or an existing one at ``--dask-address``
(how a user with a cluster scales out). Prefect runs in its local ephemeral mode unless
``PREFECT_API_URL`` points at a server.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

HELP = "build a release from the sources of a build config (the main job)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="build config YAML (default manifests/build.yaml)")
    parser.add_argument("--out", default="build", help="output folder (default ./build)")
    parser.add_argument("--limit", type=int, help="process at most N objects")
    parser.add_argument("--runner", choices=("thread", "process", "dask"), default="process",
                        help="task runner (default process: normalization is CPU-bound)")
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1),
                        help="parallel workers (default: min(4, cores))")
    parser.add_argument("--dask-address", help="scheduler of an existing Dask cluster")
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


def run(args: argparse.Namespace) -> int:
    problem = _usage_error(args)
    if problem:
        print(f"arena build: {problem}", file=sys.stderr)
        return 2
    # A fresh PREFECT_HOME on a loaded machine can take longer than Prefect's 20 s default.
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")
    # Per-task INFO lines would drown the stage progress; PREFECT_LOGGING_LEVEL overrides.
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "warning")
    # A failing run is reported below in one line; Prefect's own run loggers would add the
    # traceback (set PREFECT_LOGGING_LEVEL=INFO and these to INFO to see everything).
    os.environ.setdefault("PREFECT_LOGGING_LOGGERS_PREFECT_FLOW_RUNS_LEVEL", "CRITICAL")
    os.environ.setdefault("PREFECT_LOGGING_LOGGERS_PREFECT_TASK_RUNS_LEVEL", "CRITICAL")
    if not os.environ.get("PREFECT_API_URL"):
        print("arena build: starting Prefect in local ephemeral mode (takes ~15 s)...",
              file=sys.stderr, flush=True)
    from flows.build import BuildFailed
    from schemas.sources import ManifestError

    try:
        summary = run_build(config=args.config, out=args.out, limit=args.limit,
                            runner=args.runner, workers=args.workers,
                            dask_address=args.dask_address, previous=args.previous)
    except ManifestError as exc:
        print(f"arena build: bad config: {_one_line(exc)}", file=sys.stderr)
        return 2
    except BuildFailed as exc:
        print(f"arena build: {exc}", file=sys.stderr)
        return 1
    except (OSError, ValueError, RuntimeError) as exc:  # fetch/archive/source errors
        code = getattr(exc, "code", type(exc).__name__)
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
             f"processed this run: {s.processed_now} (the rest came from the object store)"]
    if s.rejected_by_code:
        lines.append("rejected by code: " + json.dumps(s.rejected_by_code))
    for name, why in s.skipped_sources.items():
        lines.append(f"skipped source {name}: {why.splitlines()[0]}")
    lines.append("seconds per stage: " + ", ".join(f"{k} {v:.1f}" for k, v in
                                                   s.stage_seconds.items()))
    return "\n".join(lines)
