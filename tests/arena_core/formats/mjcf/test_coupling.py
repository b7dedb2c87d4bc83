"""Coupled joints of ``object.xml`` driven in MuJoCo: they hold, and a broken coupling is caught.

Every folder is written by the pipeline's writer (:mod:`tests.coupled_objects`); the breaks
are made on purpose in the written ``object.xml``, where the ``engines`` FK comparison (every
coordinate set by hand) cannot see them.
"""

from __future__ import annotations

import re

import mujoco
import pytest

from arena_core.formats.mjcf import write as mjcf_write
from arena_core.formats.mjcf.check import check_mjcf
from arena_core.formats.mjcf.coupling import mujoco_coupling_issues
from arena_core.formats.mjcf.write import mjcf_names
from arena_core.pipeline.engine_stage import MJCF_ENGINE, simulation_check
from tests.coupled_objects import coupled_folder


def _check(folder, obj, text=None):
    path = folder / "object.xml"
    if text is not None:
        path = folder / "broken.xml"
        path.write_text(text)
    return check_mjcf(path, obj)


@pytest.mark.parametrize("cap", [False, True], ids=["nut", "bottle_cap"])
def test_helical_and_mimic_joints_move_as_one(tmp_path, cap):
    folder, obj = coupled_folder(tmp_path, cap=cap)
    assert _check(folder, obj) == []
    model = mujoco.MjModel.from_xml_path(str(folder / "object.xml"))
    gravity, flags = model.opt.gravity.copy(), model.opt.disableflags
    assert mujoco_coupling_issues(model, obj, mjcf_names(obj)) == []
    assert model.opt.gravity.tolist() == gravity.tolist() and model.opt.disableflags == flags


def test_an_object_xml_without_its_equalities_is_caught(tmp_path):
    folder, obj = coupled_folder(tmp_path)
    text = re.sub(r"<equality>.*</equality>", "", (folder / "object.xml").read_text(),
                  flags=re.S)
    issues = _check(folder, obj, text)
    assert [(i.code, i.location) for i in issues] == [
        ("coupling.mujoco.mismatch", "joint:screw"), ("coupling.mujoco.mismatch", "joint:follow")]
    assert "pitch x angle" in issues[0].message and "'drive'" in issues[1].message


def test_a_wrong_coefficient_is_caught(tmp_path):
    folder, obj = coupled_folder(tmp_path)
    text = (folder / "object.xml").read_text().replace('polycoef="0.1 -2 0 0 0"',
                                                       'polycoef="0.1 -1.9 0 0 0"')
    issues = _check(folder, obj, text)
    assert [(i.code, i.data["leader"], i.data["follower"]) for i in issues] == [
        ("coupling.mujoco.mismatch", "drive", "follow")]


def test_the_soft_equality_of_before_lets_a_bottle_cap_lag(tmp_path, monkeypatch):
    """The impedance object.xml used before issue 30 (0.99-0.999): MuJoCo regularizes the
    equality with the cap's tiny hinge inertia, and the driven cap is far off its thread."""
    monkeypatch.setattr(mjcf_write, "EQUALITY_SOLIMP", "0.99 0.999 0.001")
    folder, obj = coupled_folder(tmp_path, cap=True)
    assert [(i.code, i.location) for i in _check(folder, obj)] == [
        ("coupling.mujoco.mismatch", "joint:screw")]


def test_an_unproven_coupling_warns_and_a_broken_one_fails_the_mjcf_engine(tmp_path):
    """A leader held by its own spring proves nothing (a warning, the MJCF still counts as
    moving right); an equality with a wrong coefficient is an error of ``mujoco_mjcf``."""
    folder, obj = coupled_folder(tmp_path)
    xml = folder / "object.xml"
    written = xml.read_text()
    xml.write_text(written.replace('<joint name="drive" type="hinge"',
                                   '<joint name="drive" type="hinge" stiffness="5"'))
    issues, records = simulation_check(folder, "object.urdf", obj)
    assert [(i.code, i.severity, i.location) for i in issues] == [
        ("coupling.mujoco.failed", "warning", "joint:drive")]
    assert next(r for r in records if r.engine == MJCF_ENGINE).ok
    xml.write_text(written.replace('polycoef="0 0.02 0 0 0"', 'polycoef="0 0.01 0 0 0"'))
    issues, records = simulation_check(folder, "object.urdf", obj)
    assert [(i.code, i.severity) for i in issues] == [("coupling.mujoco.mismatch", "error")]
    assert not next(r for r in records if r.engine == MJCF_ENGINE).ok
