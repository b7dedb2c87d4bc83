"""The ``arena`` program's process settings (:func:`flows.cli._program_process`)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from flows import cli


@pytest.fixture
def restored_gc():
    """The test process's collector as it was (the settings under test change it)."""
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    if enabled:
        gc.enable()


@pytest.mark.usefixtures("restored_gc")
def test_a_one_object_command_runs_without_the_collector_and_freezes_at_the_end(monkeypatch):
    monkeypatch.setattr(cli.os, "environ", {})
    gc.enable()
    with cli._program_process(["validate", "some/folder"]):
        assert not gc.isenabled()
        assert cli.os.environ == {"MUJOCO_GL": "disable"}
    assert gc.get_freeze_count() > 0


@pytest.mark.usefixtures("restored_gc")
def test_other_commands_keep_the_collector_and_a_set_variable_wins(monkeypatch):
    monkeypatch.setattr(cli.os, "environ", {"MUJOCO_GL": "egl"})
    gc.enable()
    with cli._program_process(["build"]):
        assert gc.isenabled()
        assert cli.os.environ == {"MUJOCO_GL": "egl"}
    with cli._program_process([]):
        assert gc.isenabled()


@pytest.mark.usefixtures("restored_gc")
def test_main_with_an_argv_list_keeps_the_process_settings(monkeypatch, capsys):
    monkeypatch.setattr(cli.os, "environ", {})
    gc.enable()
    assert cli.main([]) == 0  # no command: the help
    assert gc.isenabled() and gc.get_freeze_count() == 0 and cli.os.environ == {}
    assert "validate" in capsys.readouterr().out


def test_the_help_says_what_validate_reads_as_the_readme_does(capsys):
    """`arena --help` and the README's command table describe ``validate`` alike (MJCF too)."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    row = next(line for line in readme.splitlines() if line.startswith("| `arena validate "))
    described = row.split("|")[2].strip().split(";")[0]
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    assert described in out and "MJCF" in described
