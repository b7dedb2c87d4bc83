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
