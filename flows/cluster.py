"""Whether a Dask cluster can run a build: every worker sees the build's folders as the client does.

The build sends its workers paths: the output folder (object store, work and cache folders,
the release), each local source folder or archive, the previous release. A worker on another
machine must therefore see the same folders at the same paths, and write into the output folder
the client reads. :func:`check_cluster_sees` checks that before any work is sent, with
``client.run`` (a function run on every worker, outside the task graph):

* the client writes a probe file into the output folder; each worker reads it back, then writes
  its own probe there, which the client reads (a worker with a folder of its own at that path
  fails one of the two);
* each source is read, never written: a folder is listed, an archive's size and first MiB are
  hashed, an installed package location's distributions are looked up (name and version), and
  each worker must find what the client found; the previous release is listed like a folder.

Workers that fail any of this stop the build with :class:`ClusterMismatch`, whose message names
each folder and the workers that fail it. A location the client itself cannot read is left to
the ingest (a missing source is skipped there, as without a cluster). Other task runners share
the client's file system: nothing to check.
"""

from __future__ import annotations

import hashlib
import os
import socket
import sys
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from flows.packages import installed
from schemas.errors import ArenaError
from schemas.sources import SourceManifest

#: Seconds a cluster may take to have its first worker before the build stops.
FIRST_WORKER_SECONDS = 60
#: Bytes of a file hashed to tell two copies apart (with its size).
HEAD_BYTES = 1 << 20
#: Workers named per problem in the message (the others are counted).
NAMED_WORKERS = 5
#: Where the docs say what a cluster needs.
DOCS = "docs/performance.md, 'A Dask cluster on several machines'"
#: Name prefix of the probe files in the output folder.
PROBE = ".cluster-probe-"


class ClusterMismatch(ArenaError, RuntimeError):
    """A Dask cluster that cannot run this build: no worker joined it, or some workers do not
    see the build's folders as the client does (the message names folders and workers)."""


@dataclass(frozen=True)
class Shared:
    """One thing the workers must see as the client does, named ``where`` in messages.

    ``kind``: ``folder`` (its listing), ``file`` (size and first MiB), ``probe`` (the client's
    probe file: a file that stands for the output folder) or ``package`` (the versions of the
    distributions ``packages``).
    """

    where: str
    kind: Literal["folder", "file", "probe", "package"]
    path: Path | None = None
    packages: tuple[str, ...] = ()


def shared_inputs(manifests: Iterable[SourceManifest], previous: Path | None) -> list[Shared]:
    """What the workers read besides the output folder: each local source location (as the
    ingest reads it), each installed package location, and the previous release.

    >>> from schemas.sources import load_source_manifest
    >>> m = load_source_manifest({"name": "lib", "adapter": "urdf_folder", "license": "MIT",
    ...                           "location": "/data/lib"})
    >>> [(s.where, s.kind) for s in shared_inputs([m], Path("/data/v1"))]
    [("source 'lib' folder /data/lib", 'folder'), ('previous release /data/v1', 'folder')]
    """
    found = []
    for m in manifests:
        kind = m.location_kind
        if kind in ("folder", "archive"):
            found.append(Shared(f"source {m.name!r} {kind} {m.local_path}",
                                "folder" if kind == "folder" else "file", m.local_path))
        elif kind == "package":
            names = tuple(m.location.package)
            found.append(Shared(f"source {m.name!r} packages ({', '.join(names)})", "package",
                                packages=names))
    if previous is not None:
        found.append(Shared(f"previous release {previous}", "folder", previous))
    return found


def check_cluster_sees(out: Path, manifests: Iterable[SourceManifest],
                       previous: Path | None) -> None:
    """Stop the build (:class:`ClusterMismatch`) unless every worker of the running flow's
    Dask cluster sees ``out`` and the build's inputs as the client does; nothing to check
    with another task runner."""
    client = _dask_client()
    if client is not None:
        check_workers(client, out, shared_inputs(manifests, previous))


def check_workers(client, out: Path, inputs: list[Shared], *,
                  first_worker_seconds: float = FIRST_WORKER_SECONDS) -> None:
    """Run the probes (see the module docstring) on every worker of ``client``, a
    ``distributed.Client``; raise :class:`ClusterMismatch` naming each folder and the workers
    that fail it."""
    address = client.scheduler.address
    try:
        client.wait_for_workers(1, timeout=first_worker_seconds)
    except TimeoutError:
        raise ClusterMismatch(f"no worker joined the Dask cluster at {address} within "
                              f"{first_worker_seconds:g} s; start its workers first") from None
    out.mkdir(parents=True, exist_ok=True)
    token = uuid.uuid4().hex
    (out / f"{PROBE}{token}").write_text(token)
    try:
        checks = [Shared(f"output folder {out}", "probe", out / f"{PROBE}{token}"), *inputs]
        known = [(check, _client_view(check)) for check in checks]
        checks = [check for check, seen in known if seen is not None]
        expected = [seen for _, seen in known if seen is not None]
        views = client.run(_worker_view, checks, out, token, on_error="return")
        problems = _compare(checks, expected, views, token)
    finally:
        _remove_probes(client, out, token)
    if problems:
        raise ClusterMismatch(_message(address, problems, len(views)))


# ------------------------------------------------------------------------ on each worker
def _worker_view(checks: list[Shared], out: Path, token: str, dask_worker=None) -> dict:
    """What one worker sees of ``checks`` (``(fingerprint, None)`` or ``(None, error)`` each),
    and the probe it wrote into ``out`` (its path, or the error)."""
    seen = []
    for check in checks:
        try:
            seen.append((_fingerprint(check), None))
        except OSError as exc:
            seen.append((None, exc.strerror or type(exc).__name__))
    mine = out / f"{PROBE}{token}-{uuid.uuid4().hex}"
    try:
        if not out.is_dir():  # never create it here: a worker that lacks it must say so
            raise FileNotFoundError(2, "No such file or directory")
        mine.write_text(token)
        wrote, write_error = str(mine), None
    except OSError as exc:
        wrote, write_error = None, exc.strerror or type(exc).__name__
    return {"name": getattr(dask_worker, "name", None), "host": socket.gethostname(),
            "seen": seen, "wrote": wrote, "write_error": write_error}


def _fingerprint(check: Shared) -> str:
    """What identifies ``check`` on this machine: a folder's sorted listing (sha256), a file's
    size and first MiB (sha256; a probe missing from a folder that exists: ``no probe``), a
    package location's distributions and versions.

    Raises:
        OSError: the folder or file cannot be read here.
    """
    if check.kind == "package":
        return ", ".join(f"{name} {found.version}" if (found := installed(name)) else
                         f"{name} not installed" for name in check.packages)
    if check.kind == "folder":
        names = "\n".join(sorted(os.listdir(check.path)))
        return hashlib.sha256(names.encode("utf-8", "surrogateescape")).hexdigest()
    if check.kind == "probe" and check.path.parent.is_dir() and not check.path.exists():
        return "no probe"  # a folder at that path, but not the client's
    with open(check.path, "rb") as f:
        head = f.read(HEAD_BYTES)
        size = os.fstat(f.fileno()).st_size
    return f"{size}:{hashlib.sha256(head).hexdigest()}"


def _remove_own_probes(out: Path, token: str) -> None:
    """Remove the probes the workers wrote into ``out`` as this machine sees it."""
    if out.is_dir():
        for path in out.glob(f"{PROBE}{token}-*"):
            path.unlink(missing_ok=True)


# ------------------------------------------------------------------------ on the client
def _client_view(check: Shared) -> str | None:
    """The client's fingerprint of ``check``; None when the client cannot read it either
    (the ingest reports that, as it does without a cluster)."""
    try:
        return _fingerprint(check)
    except OSError:
        return None


def _compare(checks: list[Shared], expected: list[str], views: dict, token: str
             ) -> dict[tuple[str, str], list[str]]:
    """``(where, what is wrong) -> workers`` from each worker's view."""
    problems: dict[tuple[str, str], list[str]] = {}
    for address, view in sorted(views.items()):
        if isinstance(view, BaseException):
            who, found = address, [("the check itself", f"cannot run it ({type(view).__name__}"
                                    f": {view}); is this project installed there?")]
        else:
            who, found = _worker_label(address, view), _worker_problems(checks, expected, view,
                                                                        token)
        for problem in found:
            problems.setdefault(problem, []).append(who)
    return problems


def _worker_problems(checks: list[Shared], expected: list[str], view: dict, token: str
                     ) -> list[tuple[str, str]]:
    """``(where, what is wrong)`` for one worker; the output folder's probe is ``checks[0]``,
    and a worker that does not see it is not asked about its writes as well."""
    found = []
    for check, want, (got, error) in zip(checks, expected, view["seen"], strict=True):
        wrong = _what_differs(check, want, got, error)
        if wrong:
            found.append((check.where, wrong))
    out = checks[0].where
    if view["seen"][0] != (expected[0], None):
        return found
    if view["write_error"]:
        found.append((out, f"cannot write into it ({view['write_error']})"))
    elif not _client_reads(Path(view["wrote"]), want=token):
        found.append((out, "writes into another folder at that path (the client does not "
                      "see what it wrote)"))
    return found


def _what_differs(check: Shared, want: str, got: str | None, error: str | None) -> str | None:
    """What is wrong with a worker's fingerprint ``got`` (or ``error``) of ``check``."""
    if error is not None:
        return f"does not see it ({error})"
    if got == want:
        return None
    if check.kind == "package":
        return f"has {got} where the client has {want}"
    if check.kind == "probe":
        return "sees another folder at that path (not the client's probe file in it)"
    what = "listing" if check.kind == "folder" else "size or content"
    return f"sees a different {check.kind} at that path (its {what} differs)"


def _client_reads(path: Path, *, want: str) -> bool:
    try:
        return path.read_text() == want
    except OSError:
        return False


def _worker_label(address: str, view: dict) -> str:
    name = view["name"]
    named = f" ({name})" if name is not None and str(name) != address else ""
    return f"{address}{named} on host {view['host']}"


def _remove_probes(client, out: Path, token: str) -> None:
    """Remove every probe of this check, the workers' and the client's (best effort: a
    leftover probe is a small hidden file, never a reason to fail)."""
    try:
        client.run(_remove_own_probes, out, token, on_error="ignore")
    finally:
        _remove_own_probes(out, token)
        (out / f"{PROBE}{token}").unlink(missing_ok=True)


def _message(address: str, problems: dict[tuple[str, str], list[str]], workers: int) -> str:
    """What stops the build: per folder and problem, the workers concerned.

    >>> print(_message("tcp://s:8786", {("output folder /o", "does not see it"): ["tcp://w:1"]},
    ...                2))  # doctest: +NORMALIZE_WHITESPACE
    1 of the 2 workers of the Dask cluster at tcp://s:8786 do not see the build's folders as
    this machine does:
      output folder /o: does not see it: worker tcp://w:1
    Every worker must see the sources and the output folder at the same paths (the output
    folder writable) and run the same packages (docs/performance.md, 'A Dask cluster on
    several machines').
    """
    failing = len({w for names in problems.values() for w in names})
    lines = [f"{failing} of the {workers} workers of the Dask cluster at {address} do not see "
             "the build's folders as this machine does:"]
    for (where, wrong), names in sorted(problems.items()):
        more = f" and {len(names) - NAMED_WORKERS} more" if len(names) > NAMED_WORKERS else ""
        lines.append(f"  {where}: {wrong}: worker {', '.join(names[:NAMED_WORKERS])}{more}")
    lines.append("Every worker must see the sources and the output folder at the same paths "
                 f"(the output folder writable) and run the same packages ({DOCS}).")
    return "\n".join(lines)


def _dask_client():
    """The Dask client of the running flow's task runner, or None (another runner). Only a
    caller that chose Dask has imported ``prefect_dask``: no other build imports it here."""
    from prefect.context import FlowRunContext

    dask_runners = sys.modules.get("prefect_dask")
    context = FlowRunContext.get()
    runner = context.task_runner if context is not None else None
    if dask_runners is None or not isinstance(runner, dask_runners.DaskTaskRunner):
        return None
    return runner.client
