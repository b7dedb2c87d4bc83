"""Hostile MuJoCo XML (tests/hostile_mjcf.py): each case refused by ``arena validate`` with its
code, and nothing outside the object opened -- checked by tracing the system calls of a real
``arena validate`` process, so MuJoCo's own file access is seen too."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.flows.test_validate_cli import validate
from tests.hostile_mjcf import CASES, SECRET, make_hostile_mjcf

REPO = Path(__file__).resolve().parents[2]
#: Cases whose model names a file outside the object (the secret).
NAMING_SECRET = ("model_absolute", "model_relative", "mesh_relative", "meshdir_escape",
                 "flexcomp_mesh", "include_escape", "mesh_symlink")


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    root = tmp_path_factory.mktemp("hostile-mjcf") / "cases"
    return root, make_hostile_mjcf(root)


@pytest.mark.parametrize("case", list(CASES))
def test_each_hostile_model_is_refused_with_its_code(cases, case, tmp_path):
    root, expected = cases
    status, report = validate(root / case, "--out", tmp_path / "out")
    assert status == 1
    assert expected[case] in report["reasons"], report["reasons"]
    assert "internal.error" not in report["reasons"]
    outputs = [p.read_bytes() for p in (tmp_path / "out").rglob("*") if p.is_file()]
    assert not [data for data in outputs if SECRET.encode() in data]


@pytest.mark.skipif(shutil.which("strace") is None, reason="needs strace (.ci/run installs it)")
def test_no_file_outside_the_object_is_opened(cases, tmp_path):
    """Every case that names the secret, validated in a traced process: the secret's path
    appears in no open/openat/openat2/execve call (after following symbolic links) and its
    text in no output."""
    root, _ = cases
    secrets = {str(root.parent / "secret.obj"), str(root.parent / "secret.xml")}
    for case in NAMING_SECRET:
        trace, out = tmp_path / f"{case}.trace", tmp_path / case
        proc = subprocess.run(["strace", "-f", "-qq", "-e", "trace=open,openat,openat2,execve",
                               "-o", str(trace), sys.executable, "-m", "flows.cli", "validate",
                               str(root / case), "--out", str(out)],
                              capture_output=True, text=True, cwd=REPO, timeout=300,
                              env={**os.environ, "PYTHONPATH": str(REPO)})
        assert proc.returncode == 1, proc.stderr[-2000:]
        opened = set(re.findall(r'(?:open|openat|openat2|execve)\([^"]*"([^"]+)"',
                                trace.read_text()))
        assert opened, "the trace recorded no file access at all"
        assert not {os.path.realpath(p) for p in opened} & secrets, case  # links followed
        assert SECRET not in proc.stdout + proc.stderr
        assert not [p for p in out.rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]
