"""A clean ``arena build`` is quiet and offline, as a new user runs it; the summary wording.

The subprocess build gets the environment a new user has: none of the ``PREFECT_*``, ``HF_*``
and ``DASK_*`` settings that ``tests/conftest.py`` (or a test harness) puts into this process,
a fresh ``PREFECT_HOME``. A ``sitecustomize.py`` on ``PYTHONPATH`` — imported by every Python
process of the build: the CLI, Prefect's ephemeral API server and the spawned pool workers —
wraps ``socket.getaddrinfo`` and ``socket.socket.connect``/``connect_ex`` and appends every
non-loopback host to a file the test reads.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from types import SimpleNamespace

import pytest

from flows.commands.build import (
    QUIET_OFFLINE_DEFAULTS,
    apply_quiet_offline_defaults,
    format_summary,
    local_api_server,
)

REPO = Path(__file__).resolve().parents[2]
N_OBJECTS = 10

NET_HOOK = textwrap.dedent('''
    """Test hook: record every non-loopback network look-up or connection of this process."""
    import ipaddress
    import os
    import socket
    import sys

    _NET_LOG = os.environ.get("ARENA_TEST_NET_LOG")
    _LOADED_LOG = os.environ.get("ARENA_TEST_LOADED_LOG")


    def _append(path, line):
        try:
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(line + "\\n")
        except OSError:
            pass


    def _is_local(host):
        if host is None:
            return True
        if isinstance(host, (bytes, bytearray)):
            host = bytes(host).decode("ascii", "replace")
        host = str(host).strip("[]").split("%")[0].lower()
        if host in ("", "localhost", "localhost.localdomain", "ip6-localhost"):
            return True
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        mapped = getattr(ip, "ipv4_mapped", None)
        return ip.is_loopback or ip.is_unspecified or bool(mapped and mapped.is_loopback)


    def _note(kind, host):
        if not _is_local(host):
            _append(_NET_LOG, f"{kind} {host!r} pid={os.getpid()} argv={sys.orig_argv[:4]}")


    if _NET_LOG:
        _append(_LOADED_LOG, f"pid={os.getpid()} argv={sys.orig_argv}")
        _getaddrinfo = socket.getaddrinfo

        def getaddrinfo(host, *args, **kwargs):
            _note("getaddrinfo", host)
            return _getaddrinfo(host, *args, **kwargs)

        socket.getaddrinfo = getaddrinfo

        def _wrap(method):
            def wrapper(self, address, *args, **kwargs):
                if self.family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple):
                    _note(method.__name__, address[0])
                return method(self, address, *args, **kwargs)

            wrapper.__name__ = method.__name__
            return wrapper

        socket.socket.connect = _wrap(socket.socket.connect)
        socket.socket.connect_ex = _wrap(socket.socket.connect_ex)
''')


def new_user_env(tmp_path: Path) -> dict[str, str]:
    """``os.environ`` without the settings the test session adds, plus the network hook."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PREFECT_", "HF_", "DASK_"))}
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(NET_HOOK, encoding="utf-8")
    env.update({
        "PREFECT_HOME": str(tmp_path / "prefect-home"),  # fresh, as on a new machine
        "HF_HOME": str(tmp_path / "hf-home"),  # keeps the datasets cache out of ~ only
        "PYTHONPATH": os.pathsep.join([str(hook), *filter(None, [env.get("PYTHONPATH")])]),
        "ARENA_TEST_NET_LOG": str(tmp_path / "net.log"),
        "ARENA_TEST_LOADED_LOG": str(tmp_path / "loaded.log"),
        "PYTHONUNBUFFERED": "1",
    })
    return env


@pytest.mark.slow
def test_clean_build_prints_no_error_and_stays_on_loopback(tmp_path):
    config = tmp_path / "build.yaml"
    config.write_text(textwrap.dedent(f"""\
        name: Quiet
        version: test
        subset_size: 200
        sources:
          - name: generated
            adapter: generated
            license: CC-BY-4.0
            version: "1"
            n: {N_OBJECTS}
            seed: 0
        """), encoding="utf-8")
    cmd = [sys.executable, "-m", "flows.cli", "build", "--config", str(config),
           "--out", str(tmp_path / "out"), "--workers", "2"]  # the default process runner
    done = subprocess.run(cmd, cwd=REPO, env=new_user_env(tmp_path), capture_output=True,
                          text=True, timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    noisy = [line for line in output.splitlines() if "ERROR" in line or "Traceback" in line]
    assert noisy == [], output[-4000:]
    net_log = tmp_path / "net.log"
    calls = net_log.read_text().splitlines() if net_log.exists() else []
    assert calls == []
    # The hook ran in the CLI and in the spawned pool workers (which inherit the env).
    loaded = (tmp_path / "loaded.log").read_text().splitlines()
    assert any("--multiprocessing-fork" in line for line in loaded), loaded
    assert f"processed this run: {N_OBJECTS} (all of them; none came" in done.stdout, done.stdout


def test_a_variable_the_user_set_wins():
    environ = {"PREFECT_SERVER_ANALYTICS_ENABLED": "true", "HF_HUB_OFFLINE": "0"}
    apply_quiet_offline_defaults(environ)
    assert environ["PREFECT_SERVER_ANALYTICS_ENABLED"] == "true" and environ["HF_HUB_OFFLINE"] == "0"
    assert {k: environ[k] for k in QUIET_OFFLINE_DEFAULTS if k not in
            ("PREFECT_SERVER_ANALYTICS_ENABLED", "HF_HUB_OFFLINE")} == {
        k: v for k, v in QUIET_OFFLINE_DEFAULTS.items()
        if k not in ("PREFECT_SERVER_ANALYTICS_ENABLED", "HF_HUB_OFFLINE")}


def test_a_configured_api_url_or_dask_cluster_starts_no_server():
    from prefect.settings import PREFECT_API_URL, temporary_settings

    with temporary_settings(updates={PREFECT_API_URL: "http://127.0.0.1:9/api"}):
        with local_api_server() as started:
            assert started is False
    with temporary_settings(restore_defaults={PREFECT_API_URL}):
        with local_api_server(dask_address="tcp://scheduler:8786") as started:
            assert started is False


# --------------------------------------------------------------- summary wording
def _summary(objects_in: int, processed_now: int, review_queue: int = 0) -> str:
    # The fields of flows.build.BuildSummary that format_summary reads (no Prefect import).
    summary = SimpleNamespace(release="build/release", objects_in=objects_in, accepted=0,
                              rejected=0, duplicates=0, released=0, eval_subset=0,
                              processed_now=processed_now, rejected_by_code={},
                              skipped_sources={}, sources={}, stage_seconds={"ingest": 1.0},
                              review_queue=review_queue, review_file="build/review_queue.yaml",
                              overrides_file="manifests/overrides.yaml", decompositions=0,
                              decomposition_cache_hits=0)
    return format_summary(summary)


def test_summary_names_the_category_review_queue_and_where_to_decide():
    text = _summary(400, 400, review_queue=17)
    line = next(x for x in text.splitlines() if "review queue" in x)
    assert "17 objects in build/review_queue.yaml" in line
    assert "manifests/overrides.yaml" in line
    assert "review queue" not in _summary(400, 400)


def test_summary_says_all_were_processed():
    text = _summary(400, 400)
    assert "processed this run: 400 (all of them; none came from the object store)" in text
    assert "processed this run: 1 (it; none came from the object store)" in _summary(1, 1)


def test_summary_says_all_came_from_the_store():
    text = _summary(400, 0)
    assert "processed this run: 0 (all 400 objects came from the object store)" in text


def test_summary_says_how_many_of_each():
    text = _summary(400, 12)
    assert "processed this run: 12 of 400 (the other 388 came from the object store)" in text
    assert "processed this run: 0 (no objects)" in _summary(0, 0)
