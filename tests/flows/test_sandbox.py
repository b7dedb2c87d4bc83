"""The per-object budget (flows/sandbox.py): a forked child answers requests; past its time
it is killed, past its memory its allocations fail, a crash of native code ends only the
child -- and the next call gets a fresh child."""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from arena_core.util.guard import exception_issue
from flows.sandbox import Budget, BudgetExceeded, Sandbox

REPO = Path(__file__).resolve().parents[2]


def _work(request):
    kind, value = request
    if kind == "square":
        return value * value
    if kind == "raise":
        raise ValueError(value)
    if kind == "c_sleep":  # a native call Python cannot interrupt
        ctypes.CDLL(None).sleep(int(value))
    if kind == "allocate":
        return int(np.ones(value, dtype=np.uint8).sum())
    if kind == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    if kind == "pid":
        return os.getpid()
    raise AssertionError(kind)


def test_answers_in_a_child_and_reraises_its_exceptions():
    with Sandbox(_work, Budget(seconds=30)) as box:
        assert box.call(("square", 12)) == 144
        assert box.call(("pid", None)) != os.getpid()
        with pytest.raises(ValueError, match="bad input"):
            box.call(("raise", "bad input"))
        assert box.call(("square", 3)) == 9  # the same child goes on


def test_a_native_call_past_its_time_is_stopped_and_the_next_call_gets_a_new_child():
    with Sandbox(_work, Budget(seconds=0.5)) as box:
        first = box.call(("pid", None))
        start = time.perf_counter()
        with pytest.raises(BudgetExceeded) as err:
            box.call(("c_sleep", 60))
        assert time.perf_counter() - start < 5
        assert err.value.code == "resource.timeout"
        assert exception_issue(err.value).code == "resource.timeout"
        assert box.call(("pid", None)) not in (first, os.getpid())


def test_memory_past_the_budget_is_a_memory_error_and_the_child_goes_on():
    with Sandbox(_work, Budget(memory_mib=256, seconds=60)) as box:
        with pytest.raises(MemoryError) as err:
            box.call(("allocate", 4 << 30))
        assert exception_issue(err.value).code == "resource.memory"
        assert box.call(("allocate", 1 << 20)) == 1 << 20


def test_a_crash_ends_only_the_child():
    with Sandbox(_work, Budget(seconds=30)) as box:
        with pytest.raises(BudgetExceeded) as err:
            box.call(("crash", None))
        assert err.value.code == "resource.crashed" and "SIGSEGV" in str(err.value)
        assert box.call(("square", 5)) == 25


def test_validate_enforces_its_budget(tmp_path):
    """``arena validate`` on a real object, as a user runs it (its own process): a budget
    too small in time or memory rejects it with the resource code and no traceback; the
    default budget accepts it."""
    from tests.conftest import REALDATA

    folder = REALDATA / "genesis_repo" / "3763"
    for options, code in ((["--budget-seconds", "0.05"], "resource.timeout"),
                          (["--budget-memory", "16"], "resource.memory"),
                          ([], None)):
        proc = subprocess.run([sys.executable, "-m", "flows.cli", "validate", str(folder),
                               "--out", str(tmp_path / str(code)), "--json", *options],
                              capture_output=True, text=True, cwd=REPO, timeout=300)
        report = json.loads(proc.stdout)
        assert "Traceback" not in proc.stderr
        if code is None:
            assert proc.returncode == 0, report["reasons"]
        else:
            assert proc.returncode == 1 and report["reasons"] == [code], report["issues"]
            assert not (tmp_path / code / "_input").exists()
