"""Shared fixtures: the real-data corpus beside the repository, quiet Prefect settings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REALDATA = (REPO / ".." / "shared" / "realdata").resolve()
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# Prefect is only imported by flow tests; these keep its temporary server quiet and fast.
for _key, _value in {
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "PREFECT_LOGGING_TO_API_ENABLED": "false",
    "PREFECT_SERVER_SERVICES_TASK_RUN_RECORDER_ENABLED": "false",
    "PREFECT_SERVER_SERVICES_EVENT_PERSISTER_ENABLED": "false",
    "PREFECT_LOGGING_LEVEL": "WARNING",
    "DASK_LOGGING__DISTRIBUTED": "warning",
    "HF_HUB_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
}.items():
    os.environ.setdefault(_key, _value)


@pytest.fixture(scope="session")
def realdata() -> Path:
    """The read-only real-object corpus at ``../shared/realdata`` (skip when absent)."""
    if not (REALDATA / "PROVENANCE.json").is_file():
        pytest.skip("../shared/realdata is not beside the repository")
    return REALDATA


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    return FIXTURES
