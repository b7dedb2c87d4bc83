"""``arena view`` and ``arena validate --view`` as commands: one object validated then
served, usage errors, and inputs that cannot be shown."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from argparse import Namespace
from pathlib import Path

import pytest

from flows.cli import main
from flows.commands import validate
from flows.view.sources import FolderSource
from tests.flows.view_release import gripper, serving

REPO = Path(__file__).resolve().parents[2]
#: Seconds a viewer process may take to validate its object and print its address.
START_TIMEOUT = 120


def _background():
    """Start as a background job of a non-interactive shell does: SIGINT ignored (Ctrl-C
    must still stop the viewer: it sets its own handler while it serves)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _arena(*args: str, env: dict | None = None) -> subprocess.Popen:
    env = env or {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-m", "flows.cli", *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_background)


def _address(proc: subprocess.Popen) -> tuple[str, list[str]]:
    """The viewer's address from the process's output (and the lines up to it)."""
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout] + [lines.put(None)],
                     daemon=True).start()
    seen, deadline = [], time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            continue
        if line is None:
            break
        seen.append(line.rstrip("\n"))
        if line.strip().startswith("http://127.0.0.1:"):
            return line.strip(), seen
    proc.kill()
    raise AssertionError(f"no address printed: {seen} {proc.stderr.read()}")


def _stop(proc: subprocess.Popen, sig: int = signal.SIGINT) -> tuple[int, str]:
    proc.send_signal(sig)  # SIGINT: what Ctrl-C sends
    proc.wait(timeout=60)
    return proc.returncode, proc.stderr.read()


def _get(url: str):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.loads(response.read())


def test_view_of_an_object_folder_validates_then_serves_it(tmp_path):
    gripper(tmp_path / "gripper")
    out = tmp_path / "validated"
    proc = _arena("view", str(tmp_path / "gripper"), "--port", "0", "--no-open", "--out", str(out))
    try:
        url, lines = _address(proc)
        assert any(line.startswith("ACCEPTED") for line in lines), lines  # validate's report
        assert url.endswith("#/object/gripper")
        base = url.split("#")[0]
        info = _get(base + "api/info")
        assert (info["kind"], info["object_id"], info["count"]) == ("object", "gripper", 1)
        data = _get(base + "api/objects/gripper")
        assert [s["name"] for s in data["sliders"]] == ["left_slide", "dial_turn"]
        assert data["urdf_url"] == "/api/objects/gripper/files/object.urdf"
        with urllib.request.urlopen(base + "api/objects/gripper/thumbnail.png", timeout=60) as r:
            assert r.read().startswith(b"\x89PNG")
    finally:
        code, err = _stop(proc)
    assert code == 0 and "stopped" in err
    assert (out / "report.json").is_file()  # --out keeps the validation


def test_validate_view_opens_the_viewer_after_the_report(tmp_path):
    urdf = gripper(tmp_path / "g")
    proc = _arena("validate", str(urdf), "--out", str(tmp_path / "v"), "--view")
    try:
        url, lines = _address(proc)
        assert lines[0].startswith("ACCEPTED")
        assert _get(url.split("#")[0] + "api/info")["object_id"] == "gripper"  # the file name
    finally:
        code, _ = _stop(proc)
    assert code == 0  # validate's exit code: accepted


def test_a_temporary_validation_is_removed_when_the_viewer_stops(tmp_path):
    gripper(tmp_path / "gripper")
    env_tmp = tmp_path / "tmp"
    env_tmp.mkdir()
    env = {**os.environ, "PYTHONPATH": str(REPO), "TMPDIR": str(env_tmp)}
    proc = _arena("view", str(tmp_path / "gripper"), "--port", "0", "--no-open", env=env)
    try:
        _address(proc)
        assert [p.name.startswith("arena-view-") for p in env_tmp.iterdir()] == [True]
    finally:
        code, _ = _stop(proc, signal.SIGTERM)  # `kill`: stops it cleanly too
    assert code == 0
    assert not any(p.name.startswith("arena-view-") for p in env_tmp.iterdir())


def test_a_rejected_object_shows_its_issues_without_a_3d_view(tmp_path):
    (tmp_path / "bad.urdf").write_text("<robot name='x'><link name='a'>")
    out = tmp_path / "out"
    args = Namespace(path=tmp_path / "bad.urdf", out=out, json=False, against=None, urdf=None,
                     scale=1.0, up_axis="z", license=None, view=False,
                     budget_memory=validate.DEFAULT_MEMORY_MIB,
                     budget_seconds=validate.DEFAULT_SECONDS)
    assert validate.run(args) == 1
    source = FolderSource(out)
    with serving(source) as srv:
        data = _get(f"{srv.url}api/objects/{source.object_id}")
    assert data["status"] == "rejected" and data["urdf_url"] is None
    assert [i["code"] for i in data["issues"]] == ["xml.malformed"]


def test_an_input_that_never_became_an_object_exits_1(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert main(["view", str(tmp_path / "empty"), "--no-open", "--out", str(tmp_path / "o")]) == 1
    assert "nothing to show" in capsys.readouterr().err


def test_a_broken_release_is_refused_with_its_reason(tmp_path, capsys):
    (tmp_path / "release_info.json").write_text("{}")
    assert main(["view", str(tmp_path), "--no-open"]) == 1
    assert "not a readable release" in capsys.readouterr().err


@pytest.mark.parametrize(("args", "message"), [
    (["view", "/no/such/release"], "no such file or folder"),
    (["view", ".", "--port", "70000"], "--port must be 0-65535"),
])
def test_usage_errors_exit_2(args, message, capsys):
    assert main(args) == 2
    assert message in capsys.readouterr().err


def test_a_port_in_use_is_a_usage_error(tmp_path, capsys):
    gripper(tmp_path / "g")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["view", str(tmp_path / "g"), "--port", str(port), "--no-open",
                     "--out", str(tmp_path / "v")])
    assert code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
