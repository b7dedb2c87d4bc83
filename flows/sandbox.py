"""A hard budget for one object's work: a forked child process per worker, bounded in memory
and time, that the worker replaces when an object exhausts it.

Static bounds refuse what an input declares (:mod:`arena_core.util.input_limits`, the MJCF bounds); this
is the net below them for what no bound foresaw: a native library that allocates without end
or never returns. Python cannot interrupt a call into C, and a worker that runs out of
memory takes the whole build down, so the work runs in a child:

* :class:`Sandbox` forks the calling process once (the child inherits the work function and
  everything it refers to: nothing is pickled but requests and results) and sets the
  child's address-space limit (``RLIMIT_AS``) to what it uses plus :attr:`Budget.memory_mib`;
* each :meth:`Sandbox.call` sends one request and waits at most :attr:`Budget.seconds` for
  the answer; the child answers requests one after another, so a chunk of objects costs one
  fork (~30 ms), not one per object;
* a child past its time is killed (``resource.timeout``); one that dies by itself -- its
  allocation refused in a library that cannot report it -- is ``resource.crashed``; an
  allocation refused in Python arrives as the ``MemoryError`` the work's own guard turns into
  ``resource.memory``. The next call starts a fresh child, so the worker goes on.

Linux only (``fork``, ``RLIMIT_AS``); the child leaves with ``os._exit`` so no handler of the
parent (Prefect's, Dask's) runs twice.

Example:
    >>> with Sandbox(lambda n: n * n, Budget(seconds=10)) as box:
    ...     box.call(7)
    49
"""

from __future__ import annotations

import faulthandler
import os
import pickle
import resource
import signal
import socket
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from arena_core.util.guard import is_memory_failure
from schemas.build import DEFAULT_OBJECT_MEMORY_MIB as DEFAULT_MEMORY_MIB
from schemas.build import DEFAULT_OBJECT_SECONDS as DEFAULT_SECONDS
from schemas.errors import ArenaError


@dataclass(frozen=True)
class Budget:
    """Memory (MiB of address space above what the worker already uses) and wall seconds
    one object's work may take."""

    memory_mib: int = DEFAULT_MEMORY_MIB
    seconds: float = DEFAULT_SECONDS


#: Fraction of the memory limit at which a child counts as having reached it.
MEMORY_REACHED = 0.9

#: The budget when none is given.
DEFAULT_BUDGET = Budget()


class BudgetExceeded(ArenaError, RuntimeError):
    """An object's work went past its budget; ``code`` is ``resource.timeout`` or
    ``resource.crashed`` (the per-object guard turns it into that object's issue)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class Sandbox:
    """Runs ``work(request)`` in a forked child under ``budget`` (see the module docstring)."""

    def __init__(self, work: Callable[[Any], Any], budget: Budget = DEFAULT_BUDGET):
        self.work, self.budget = work, budget
        self.pid: int | None = None
        self.conn: Connection | None = None

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def call(self, request: Any) -> Any:
        """``work(request)`` as the child computed it (its exception re-raised here).

        Raises:
            BudgetExceeded: the child took longer than the budget (killed) or died.
        """
        if self.pid is None:
            self._start()
        try:
            self.conn.send(("call", request))
            if not self.conn.poll(self.budget.seconds):
                self._stop(kill=True)
                raise BudgetExceeded("resource.timeout", "the object's work took longer than "
                                     f"{self.budget.seconds:g} s (its worker was stopped)")
            kind, value, retired = self.conn.recv()
        except (EOFError, OSError):
            raise BudgetExceeded("resource.crashed", self._death()) from None
        if retired:  # the child reached its memory limit: it left, the next call starts anew
            self._stop(kill=False)
        if kind == "raised":
            raise value
        return value

    def close(self) -> None:
        """End the child (if any) and wait for it."""
        if self.pid is not None:
            try:
                self.conn.send(("stop", None))
            except OSError:
                pass
            self._stop(kill=False)

    # ------------------------------------------------------------------------- child
    def _start(self) -> None:
        parent, child = socket.socketpair()
        limit = _address_space() + (self.budget.memory_mib << 20)
        pid = os.fork()
        if pid == 0:  # the child: answer requests until told to stop, never return
            parent.close()
            _serve(Connection(child.detach()), self.work, limit)
        child.close()
        self.pid, self.conn = pid, Connection(parent.detach())

    def _stop(self, *, kill: bool) -> int:
        """Wait for the child (killed first when ``kill``); its wait status."""
        if kill:
            os.kill(self.pid, signal.SIGKILL)
        _, status = os.waitpid(self.pid, 0)
        self.conn.close()
        self.pid = self.conn = None
        return status

    def _death(self) -> str:
        status = self._stop(kill=False)
        how = (f"signal {signal.Signals(os.WTERMSIG(status)).name}" if os.WIFSIGNALED(status)
               else f"exit status {os.WEXITSTATUS(status)}")
        return (f"the object's work ended its worker process ({how}) under the memory limit "
                f"of {self.budget.memory_mib} MiB: most often memory exhausted inside a "
                "native library")


def _serve(conn: Connection, work: Callable[[Any], Any], limit: int) -> None:
    """The child's loop: limit memory, answer each request, leave when told or on EOF."""
    code = 0
    faulthandler.disable()  # a native crash here is the parent's to report, not a dump
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, resource.getrlimit(resource.RLIMIT_AS)[1]))
        while (message := _receive(conn))[0] == "call":
            try:
                answer = ("done", work(message[1]), False)
            except BaseException as exc:  # noqa: BLE001 - the parent decides what it means
                answer = _failure(exc, limit)
            conn.send(answer)
            if answer[2]:
                break
    except BaseException:  # noqa: BLE001 - a child never returns into the parent's code
        code = 1
    os._exit(code)


def _failure(exc: BaseException, limit: int) -> tuple[str, BaseException, bool]:
    """The answer for ``exc``: any failure once the child's address space reached its limit
    is the memory budget's (libraries fail in odd ways when an allocation is refused: a
    ``SystemError``, a C++ ``bad_alloc`` text), and the child retires so that its peak is
    not held against the next object."""
    exhausted = is_memory_failure(exc) or _address_space("VmPeak") >= MEMORY_REACHED * limit
    if exhausted and not isinstance(exc, MemoryError):
        exc = MemoryError(f"the object's work reached its memory budget "
                          f"({type(exc).__name__}: {exc})")
    return "raised", _sendable(exc), exhausted


def _receive(conn: Connection) -> Any:
    try:
        return conn.recv()
    except EOFError:
        return ("stop", None)


def _sendable(exc: BaseException) -> BaseException:
    """``exc`` if it survives pickling, else a RuntimeError with its text."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001 - any pickling failure
        return RuntimeError(f"{type(exc).__name__}: {exc}")


def _address_space(field: str = "VmSize") -> int:
    """This process's virtual memory size (``VmSize``) or its peak (``VmPeak``) in bytes,
    from ``/proc/self/status``."""
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) * 1024
    return 0
