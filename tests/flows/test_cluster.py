"""A Dask cluster whose workers do not see the build's folders stops the build before any work.

A real scheduler and three real workers, each its own process (``python -m distributed.cli.*``):
``seeing`` shares this machine's file system; ``masked`` runs in its own mount namespace with a
tmpfs over the folder that holds the sources and the output folder (a worker on a machine where
they are not mounted); ``elsewhere`` has the same tmpfs with empty folders made at the same
paths (a machine with folders of its own there). ``arena build --dask-address`` must stop at
once, naming each bad worker with each folder it fails, never the seeing one, and leave nothing
but the empty output folder. Workers that see the folders (a local cluster's) pass the check.

The mount namespace needs ``unshare -m`` (root, or user namespaces): without it the namespace
test skips, unless ``ARENA_REQUIRE_UNSHARE=1`` (set by ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from flows.cluster import PROBE, ClusterMismatch, Shared, check_workers, shared_inputs
from schemas.sources import load_source_manifest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "urdf"
#: Seconds any one step may take (a scheduler or worker starting, the build stopping).
STEP_SECONDS = 120

pytestmark = pytest.mark.slow


def unshare_refusal(folder: Path) -> str | None:
    """Why a tmpfs cannot be mounted in a new mount namespace here (None: it can)."""
    if shutil.which("unshare") is None:
        return "no unshare command (util-linux)"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(["unshare", "-m", "sh", "-c", f"mount -t tmpfs none '{folder}'"],
                              capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "unshare -m did not return within 30 s"
    return None if done.returncode == 0 else f"unshare -m is refused: {done.stderr.strip()}"


def start(cmd: list[str], log: Path) -> subprocess.Popen:
    """``cmd`` in its own process group (stopped by :func:`stop`), output to ``log``."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "DASK_LOGGING__DISTRIBUTED": "warning"}
    with open(log, "wb") as out:
        return subprocess.Popen(cmd, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)


def stop(procs: list[subprocess.Popen]) -> None:
    """SIGTERM each process group, last started first (the workers before their scheduler),
    and SIGKILL one still there after 20 s."""
    for proc in reversed(procs):
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)


def wait_for(ready, what: str, procs: list[subprocess.Popen], logs: list[Path]) -> None:
    deadline = time.monotonic() + STEP_SECONDS
    while not ready():
        dead = [log for proc, log in zip(procs, logs, strict=True) if proc.poll() is not None]
        assert not dead, f"{what}: {dead[0].name} ended: {dead[0].read_text()[-2000:]}"
        assert time.monotonic() < deadline, f"{what}: not within {STEP_SECONDS} s"
        time.sleep(0.2)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A scheduler and the workers ``seeing``, ``masked`` and ``elsewhere`` (module
    docstring); yields ``(scheduler address, the folder the namespaced workers lack)``."""
    root = tmp_path_factory.mktemp("cluster")
    hidden = root / "hidden"
    refusal = unshare_refusal(root / "try-unshare")
    if refusal:
        if os.environ.get("ARENA_REQUIRE_UNSHARE") == "1":
            pytest.fail(refusal + "; ARENA_REQUIRE_UNSHARE=1 makes it required")
        pytest.skip(refusal)
    hidden.mkdir()
    scheduler_file = root / "scheduler.json"
    py = sys.executable
    worker = [py, "-m", "distributed.cli.dask_worker", "--scheduler-file", str(scheduler_file),
              "--no-nanny", "--nthreads", "1", "--no-dashboard", "--death-timeout", "60"]
    own = f"mount -t tmpfs none '{hidden}'"
    commands = {
        "scheduler": [py, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                      "--port", "0", "--no-dashboard", "--scheduler-file", str(scheduler_file)],
        "seeing": [*worker, "--name", "seeing", "--local-directory", str(root / "seeing")],
        "masked": ["unshare", "-m", "sh", "-c", f'{own} && exec "$@"', "sh", *worker,
                   "--name", "masked", "--local-directory", str(root / "masked")],
        "elsewhere": ["unshare", "-m", "sh", "-c",
                      f"{own} && mkdir '{hidden}/out' '{hidden}/lib' && exec \"$@\"", "sh",
                      *worker, "--name", "elsewhere", "--local-directory", str(root / "else")],
    }
    procs, logs = [], []
    try:
        for name, cmd in commands.items():
            logs.append(root / f"{name}.log")
            procs.append(start(cmd, logs[-1]))
            if name == "scheduler":
                wait_for(scheduler_file.is_file, "the scheduler", procs, logs)
        address = json.loads(scheduler_file.read_text())["address"]
        from distributed import Client

        with Client(address, timeout=STEP_SECONDS) as client:
            client.wait_for_workers(3, timeout=STEP_SECONDS)
        yield address, hidden
    finally:
        stop(procs)


def test_build_stops_before_any_work_naming_workers_and_folders(cluster, harness, tmp_path):
    address, hidden = cluster
    (hidden / "lib" / "door").mkdir(parents=True)
    shutil.copy(FIXTURES / "dynamics_door.urdf", hidden / "lib" / "door")
    config = tmp_path / "build.yaml"
    config.write_text(json.dumps({"name": "Cluster", "version": "test", "subset_size": 2,
                                  "sources": [
        {"name": "gen", "adapter": "generated", "license": "CC0-1.0", "n": 2, "seed": 0},
        {"name": "lib", "adapter": "urdf_folder", "license": "MIT",
         "location": str(hidden / "lib")}]}))
    out = hidden / "out"
    env = {**os.environ, **harness, "PYTHONPATH": str(REPO)}
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "flows.cli", "build", "--config", str(config),
                           "--out", str(out), "--dask-address", address],
                          cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=STEP_SECONDS)
    seconds = time.monotonic() - began
    assert done.returncode == 1, done.stderr[-3000:]
    err = done.stderr
    assert "Traceback" not in err and "[   ingest]" not in err, err[-3000:]
    assert f"2 of the 3 workers of the Dask cluster at {address} do not see" in err, err
    lines = err.splitlines()

    def line(where: str, name: str) -> str:
        found = [s for s in lines if s.startswith(f"  {where}: ") and f"({name})" in s]
        assert len(found) == 1, (where, name, err)
        return found[0]

    assert "does not see it (No such file or directory)" in line(f"output folder {out}",
                                                                 "masked")
    assert "does not see it" in line(f"source 'lib' folder {hidden / 'lib'}", "masked")
    assert "sees another folder at that path" in line(f"output folder {out}", "elsewhere")
    assert "sees a different folder at that path" in line(
        f"source 'lib' folder {hidden / 'lib'}", "elsewhere")
    assert "(seeing)" not in err
    assert "same paths" in err and "A Dask cluster on several machines" in err
    # Nothing was sent: no store, no work folder, no probe left; the output folder is empty.
    assert list(out.iterdir()) == []
    assert seconds < STEP_SECONDS


def test_workers_that_see_the_folders_pass(tmp_path):
    from distributed import Client, LocalCluster

    lib = tmp_path / "lib"
    lib.mkdir()
    shutil.copy(FIXTURES / "dynamics_door.urdf", lib)
    archive = tmp_path / "lib.zip"
    archive.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip: only its bytes are compared
    manifests = [load_source_manifest({"name": "lib", "adapter": "urdf_folder",
                                       "license": "MIT", "location": str(lib)}),
                 load_source_manifest({"name": "zipped", "adapter": "urdf_folder",
                                       "license": "MIT", "location": str(archive)}),
                 load_source_manifest({"name": "absent", "adapter": "urdf_folder",
                                       "license": "MIT", "location": str(tmp_path / "no")})]
    inputs = shared_inputs(manifests, previous=lib)
    assert [s.kind for s in inputs] == ["folder", "file", "folder", "folder"]
    out = tmp_path / "out"
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as local, Client(local) as client:
        check_workers(client, out, inputs)  # the absent source is left to the ingest
    assert list(out.iterdir()) == []  # every probe removed


def test_a_cluster_without_workers_stops_the_build(tmp_path):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as local, \
            Client(local) as client:
        with pytest.raises(ClusterMismatch, match="no worker joined the Dask cluster at"):
            check_workers(client, tmp_path / "out", [], first_worker_seconds=1)


def test_a_worker_with_other_packages_or_without_this_project_is_named(tmp_path):
    """What workers report (their views, as ``client.run`` returns them) turned into problems."""
    from flows.cluster import _compare

    probe = Shared(f"output folder {tmp_path}", "probe", tmp_path / f"{PROBE}t")
    probe.path.write_text("t")
    package = Shared("source 'x' packages (pyyaml)", "package", packages=("pyyaml",))
    expected = ["1:abc", "pyyaml 6.0.2"]
    wrote = tmp_path / f"{PROBE}t-w1"
    wrote.write_text("t")
    views = {"tcp://w1:1": {"name": "w1", "host": "a", "wrote": str(wrote), "write_error": None,
                            "seen": [("1:abc", None), ("pyyaml 5.4", None)]},
             "tcp://w2:2": ModuleNotFoundError("No module named 'flows'"),
             "tcp://w3:3": {"name": "tcp://w3:3", "host": "c", "wrote": None,
                            "write_error": "Read-only file system",
                            "seen": [("1:abc", None), ("pyyaml 6.0.2", None)]}}
    assert _compare([probe, package], expected, views, token="t") == {
        ("source 'x' packages (pyyaml)", "has pyyaml 5.4 where the client has pyyaml 6.0.2"):
            ["tcp://w1:1 (w1) on host a"],
        ("the check itself", "cannot run it (ModuleNotFoundError: No module named 'flows'); "
                             "is this project installed there?"): ["tcp://w2:2"],
        (f"output folder {tmp_path}", "cannot write into it (Read-only file system)"):
            ["tcp://w3:3 on host c"]}
