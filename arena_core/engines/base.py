"""What every engine check shares: tolerances, result records, pose errors, quiet C code.

An engine adapter (one module per engine) is an :class:`Engine`: a name, the tolerance its
forward kinematics must meet, the distribution that carries its version, and ``open``, a
callable that loads a canonical folder and returns a :class:`Session`. A session answers
``poses(q)`` — ``{link: (4, 4) pose in the world frame}`` at the joint coordinates ``q``
(rad or m, one value per joint of the object, mimic joints included) — and ``checks()``, any
extra issues (MuJoCo's stability), and is closed after use. :func:`run_engine` turns one
engine's work on one object into an :class:`EngineResult`, whatever the engine raises.

The pose error of a link is ``max(|p_e - p|, |R_e - R|_F / sqrt(2))``: meters for the
position, and for the orientation the chordal distance ``2 sin(theta / 2)``, which equals the
rotation angle ``theta`` (rad) to first order and, unlike ``arccos``, keeps full precision
near zero.

Example:
    >>> import numpy as np
    >>> a, b = np.eye(4), np.eye(4)
    >>> b[:3, 3] = [0.0, 3e-7, 4e-7]
    >>> float(np.round(pose_error(a, b), 12))
    5e-07
    >>> one_line("Error: mass too small\\nElement name 'l1', id 3")
    "Error: mass too small | Element name 'l1', id 3"
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import math
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Protocol

import numpy as np

from arena_core.formats.mjcf.mujoco_load import warnings_collected
from arena_core.model.articulated import ArticulatedObject
from arena_core.util.guard import is_memory_failure
from schemas.errors import ArenaError
from schemas.issues import Issue, has_error, issue

# These belong in arena_core/util/tolerances.py (owned by another change); they live here until then.
#: Largest link pose error (m or rad, see :func:`pose_error`) accepted from MuJoCo's FK.
ENGINE_MUJOCO = 1e-9
#: ... from Pinocchio's FK (double precision throughout).
ENGINE_PINOCCHIO = 1e-9
#: ... from yourdfpy's parsed joint origins and axes (composed in double precision).
ENGINE_YOURDFPY = 1e-9
#: ... from PyBullet, whose link states come back through a float32 API: per meter of the
#: link's distance from the origin, at least 1 m (a float32 coordinate is rounded to ~6e-8
#: of its magnitude, so a floating hand moved 20 m away is 2e-6 m off; see ``per_meter``).
ENGINE_PYBULLET = 1e-6

#: Longest engine message kept in an issue (characters).
MESSAGE_CHARS = 300


class FkUnavailable(ArenaError, RuntimeError):
    """The engine loads the object but cannot report its link poses (a limit of the engine,
    not a defect of the object): ``engine.<name>.fk_unavailable``, the other engines compare."""


class Session(Protocol):
    """One object loaded in one engine."""

    def poses(self, q: Mapping[str, float]) -> dict[str, np.ndarray]: ...

    def checks(self) -> list[Issue]: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Engine:
    """An engine adapter: ``open(urdf_path, obj)`` loads the object or raises.

    A link's pose error must be at most ``tolerance`` (m or rad), times the link's distance
    from the origin (at least 1 m) when ``per_meter`` (an engine with a float32 API).
    """

    name: str
    tolerance: float
    distribution: str
    open: Callable[[Path, ArticulatedObject], Session]
    per_meter: bool = False

    def allowed(self, pose: np.ndarray) -> float:
        """The largest pose error accepted for a link whose reference pose is ``pose``."""
        if not self.per_meter:
            return self.tolerance
        return self.tolerance * max(1.0, float(np.linalg.norm(np.asarray(pose)[:3, 3])))

    def version(self) -> str:
        """The installed version of the engine's PyPI distribution (``""`` if absent)."""
        return distribution_version(self.distribution)


@functools.cache
def distribution_version(distribution: str) -> str:
    """The installed version of ``distribution`` (``""`` if absent), read once per process:
    ``importlib.metadata`` parses the distribution's METADATA file on every call (~5 ms)."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return ""


@dataclass(frozen=True)
class EngineResult:
    """One engine on one object.

    ``max_pose_error`` is the largest :func:`pose_error` over every link and configuration
    (NaN when the object did not load, ``inf`` when a link is missing in the engine);
    ``worst_link``/``worst_configuration`` say where (configuration 0 is the rest pose);
    ``seconds`` is the wall time of load, FK and checks.
    """

    engine: str
    version: str
    loaded: bool
    max_pose_error: float
    seconds: float
    issues: tuple[Issue, ...] = ()
    worst_link: str | None = None
    worst_configuration: int | None = None

    @property
    def ok(self) -> bool:
        return self.loaded and not has_error(self.issues)


@dataclass(frozen=True)
class EnginesResult:
    """Every engine's result on one object, in the order the engines were asked."""

    results: tuple[EngineResult, ...]

    @property
    def issues(self) -> tuple[Issue, ...]:
        return tuple(i for r in self.results for i in r.issues)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    def __getitem__(self, engine: str) -> EngineResult:
        for r in self.results:
            if r.engine == engine:
                return r
        raise KeyError(engine)


def pose_error(a: np.ndarray, b: np.ndarray) -> float:
    """Distance between two ``(4, 4)`` rigid poses (see the module docstring), m or rad.

    Norms by ``math.hypot``, not BLAS: the recorded errors have the same bits on every CPU.
    """
    d = (np.asarray(a, float) - np.asarray(b, float))[:3].tolist()
    position = math.hypot(d[0][3], d[1][3], d[2][3])
    rotation = math.hypot(*d[0][:3], *d[1][:3], *d[2][:3]) / math.sqrt(2.0)
    return max(position, rotation)


def one_line(text: str, chars: int = MESSAGE_CHARS) -> str:
    """``text`` with its lines joined by `` | ``, blank lines dropped, cut to ``chars``."""
    lines = [line.strip() for line in str(text).splitlines() if line.strip()]
    out = " | ".join(lines)
    return out if len(out) <= chars else out[: chars - 3] + "..."


def run_engine(engine: Engine, urdf_path: Path, obj: ArticulatedObject,
               configurations: Sequence[Mapping[str, float]],
               reference: Sequence[Mapping[str, np.ndarray]]) -> EngineResult:
    """Load ``obj`` in ``engine``, compare its poses with ``reference`` (one dict of root-frame
    link poses per configuration) and run its checks; never raises for engine failures.

    An exception while loading is ``load_failed``, while computing poses ``fk_mismatch``
    (error ``inf``; :class:`FkUnavailable`: ``fk_unavailable``, error NaN), while running the
    checks (simulation) ``unstable``.
    """
    start = time.perf_counter()
    try:
        session = engine.open(urdf_path, obj)
    except Exception as exc:  # noqa: BLE001 - any engine failure is this engine's issue
        _raise_memory_failure(exc)
        issue = _issue(engine, "load_failed", "file", _describe(exc))
        return EngineResult(engine.name, engine.version(), False, math.nan,
                            time.perf_counter() - start, (issue,))
    try:
        error, link, index, issues = _compare(engine, session, configurations, reference)
        issues += _checks(engine, session)
    finally:
        session.close()
    return EngineResult(engine.name, engine.version(), True, error, time.perf_counter() - start,
                        tuple(issues), link, index)


def _raise_memory_failure(exc: Exception) -> None:
    """Re-raise a refused allocation as ``MemoryError``: it is the object's (the memory
    budget of its work: ``resource.memory``), not this engine's failure."""
    if is_memory_failure(exc):
        raise exc if isinstance(exc, MemoryError) else MemoryError(str(exc)) from exc


def _compare(engine: Engine, session: Session, configurations, reference):
    try:
        error, worst = _worst(engine, session, configurations, reference)
    except FkUnavailable as exc:
        return math.nan, None, None, [_issue(engine, "fk_unavailable", "object", str(exc))]
    except Exception as exc:  # noqa: BLE001
        _raise_memory_failure(exc)
        return math.inf, None, None, [_issue(engine, "fk_mismatch", "object",
                                             f"FK failed: {_describe(exc)}")]
    return error, worst[2], worst[3], _fk_issues(engine, *worst)


def _checks(engine: Engine, session: Session) -> list[Issue]:
    try:
        return list(session.checks())
    except Exception as exc:  # noqa: BLE001
        _raise_memory_failure(exc)
        return [_issue(engine, "unstable", "object", f"simulation failed: {_describe(exc)}")]


def _worst(engine: Engine, session: Session, configurations: Sequence[Mapping[str, float]],
           reference: Sequence[Mapping[str, np.ndarray]]) -> tuple[float, tuple]:
    """The largest pose error, and ``(excess, error, link, index)`` of the link whose error
    is largest relative to what :meth:`Engine.allowed` accepts for it."""
    largest = -math.inf
    worst: tuple = (-math.inf, -math.inf, None, None)
    for index, (q, expected) in enumerate(zip(configurations, reference, strict=True)):
        got = session.poses(q)
        for link, pose in expected.items():
            error = pose_error(got[link], pose) if link in got else math.inf
            error = error if error == error else math.inf  # NaN counts as worse than anything
            largest = max(largest, error)
            excess = error / engine.allowed(pose)
            if not excess <= worst[0]:
                worst = (excess, error, link, index)
    return largest, worst


def _fk_issues(engine: Engine, excess: float, error: float, link: str | None,
               index: int | None) -> list[Issue]:
    if excess <= 1.0:
        return []
    what = "is missing in the engine" if math.isinf(error) else f"is off by {error:.3g}"
    per = " per meter from the origin" if engine.per_meter else ""
    return [_issue(engine, "fk_mismatch", f"link:{link}",
                   f"link {link!r} {what} at configuration {index} (0 = rest; m or rad, "
                   f"tolerance {engine.tolerance:g}{per})")]


#: Kinds of engine issues; the code is ``engine.<engine name>.<kind>`` (in the catalog).
ISSUE_KINDS = ("load_failed", "fk_mismatch", "fk_unavailable", "unstable")


def _issue(engine: Engine, kind: str, location: str, message: str) -> Issue:
    return issue(f"engine.{engine.name}.{kind}", message, location=location)


def _describe(exc: BaseException) -> str:
    return one_line(f"{type(exc).__name__}: {exc}")


# ------------------------------------------------------------------------ quiet C code
_QUIET = threading.RLock()

#: Most bytes of C output kept by :func:`silenced` (the tail is kept).
CAPTURE_BYTES = 65536


@dataclass
class Captured:
    """What C code wrote to file descriptors 1 and 2 inside :func:`silenced` (its tail)."""

    text: str = ""


@contextlib.contextmanager
def silenced() -> Iterator[Captured]:
    """Capture file descriptors 1 and 2 while C code prints (PyBullet's ``b3Printf``,
    assimp) and restore them, and collect MuJoCo's warnings (which would also go to
    ``MUJOCO_LOG.TXT``, see :mod:`arena_core.formats.mjcf.mujoco_load`); the text is in the yielded :class:`Captured` after
    the block (PyBullet's reasons for a failed load are only printed, never raised).

    C's stdio buffers are flushed before the descriptors come back, so nothing printed
    inside leaks out later. The redirection is process-wide: a lock serializes silenced
    blocks, and other threads' output is swallowed while one runs.
    """
    out = Captured()
    with _QUIET, tempfile.TemporaryFile() as sink, warnings_collected() as mujoco_warnings:
        _flush()
        saved = _duplicate(1, 2)
        try:
            for fd in saved:
                os.dup2(sink.fileno(), fd)
            yield out
        finally:
            _flush()
            for fd, copy in saved.items():
                os.dup2(copy, fd)
                os.close(copy)
            size = sink.seek(0, os.SEEK_END)
            sink.seek(max(0, size - CAPTURE_BYTES))
            out.text = sink.read().decode("utf-8", "replace") + "".join(
                f"MuJoCo: {w}\n" for w in mujoco_warnings)


def _duplicate(*fds: int) -> dict[int, int]:
    """``{fd: a copy of it}`` for the descriptors that are open (a daemon may have none)."""
    out = {}
    for fd in fds:
        with contextlib.suppress(OSError):
            out[fd] = os.dup(fd)
    return out


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    with contextlib.suppress(Exception):
        ctypes.CDLL(None).fflush(None)
