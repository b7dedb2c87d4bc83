"""Fixtures of the flow tests: one Prefect test harness for the whole session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def harness(tmp_path_factory):
    """Prefect's test harness with an isolated PREFECT_HOME; HF caches in a temporary folder
    (one API server for every build test of the session: it takes ~15 s to start).

    Yields the environment a subprocess needs to run against the same API server.
    """
    home = tmp_path_factory.mktemp("prefect-home")
    hf = tmp_path_factory.mktemp("hf-home")
    env = {"PREFECT_HOME": str(home), "HF_HOME": str(hf),
           "HF_DATASETS_CACHE": str(hf / "datasets"), "HF_DATASETS_OFFLINE": "1",
           "HF_HUB_OFFLINE": "1", "DASK_LOGGING__DISTRIBUTED": "warning"}
    with pytest.MonkeyPatch.context() as mp:
        for key, value in env.items():
            mp.setenv(key, value)
        from prefect.settings import PREFECT_API_URL, temporary_settings
        from prefect.testing.utilities import prefect_test_harness

        with temporary_settings(updates={"home": home, "flows.heartbeat_frequency": None}):
            with prefect_test_harness(server_startup_timeout=180):
                yield {**env, "PREFECT_API_URL": PREFECT_API_URL.value()}


@pytest.fixture(scope="module")
def view_release(tmp_path_factory):
    """The viewer tests' small release (:mod:`tests.flows.view_release`), per module."""
    from tests.flows.view_release import build_view_release

    return build_view_release(tmp_path_factory.mktemp("view"))


@pytest.fixture(scope="module")
def server(view_release):
    """The viewer serving :func:`view_release` in a thread."""
    from flows.view.sources import ReleaseSource
    from tests.flows.view_release import serving

    with serving(ReleaseSource(view_release.root)) as srv:
        yield srv
