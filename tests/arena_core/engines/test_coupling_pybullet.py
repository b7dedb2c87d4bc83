"""Coupled joints in PyBullet: the gear helper couples them, simulation proves it, breaks are caught.

PyBullet ignores ``<mimic>``; :mod:`arena_core.engines.pybullet_gears` adds gear constraints
and the ``engines`` stage drives the leaders (:mod:`arena_core.engines.coupling_pybullet`).
The dataset card's PyBullet snippet is run as a user would run it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from arena_core.engines import pybullet_gears, verify_engines
from arena_core.engines.pybullet_gears import mimics
from arena_core.model.coupling import couplings, drive_plan
from arena_core.util import tolerances as tol
from release.card import CardInfo, render_card
from tests.coupled_objects import MULTIPLIER, OFFSET, PITCH, coupled_folder

REPO = Path(__file__).resolve().parents[3]


def _pybullet(folder, obj):
    return verify_engines(folder / "object.urdf", obj, engines=["pybullet"])["pybullet"]


@pytest.mark.parametrize("cap", [False, True], ids=["nut", "bottle_cap"])
def test_helical_and_mimic_joints_move_as_one(tmp_path, cap):
    folder, obj = coupled_folder(tmp_path, cap=cap)
    result = _pybullet(folder, obj)
    assert result.ok and result.issues == ()


def test_without_the_gears_pybullet_does_not_couple(tmp_path, monkeypatch):
    """What PyBullet does with ``<mimic>`` alone: nothing (the helper's gears are the fix)."""
    folder, obj = coupled_folder(tmp_path)
    monkeypatch.setattr("arena_core.engines.coupling_pybullet.add_gears",
                        lambda body, path, **kw: {m.follower: -1 for m in mimics(path.read_bytes())})
    issues = _pybullet(folder, obj).issues
    assert [(i.code, i.location) for i in issues] == [
        ("coupling.pybullet.mismatch", "joint:screw"), ("coupling.pybullet.mismatch", "joint:follow")]
    assert "pybullet" in issues[0].message and "'screw'" in issues[0].message


def test_a_wrong_gear_ratio_is_caught(tmp_path, monkeypatch):
    folder, obj = coupled_folder(tmp_path)
    monkeypatch.setattr(pybullet_gears, "gear_ratio", lambda multiplier: float(multiplier))
    issues = _pybullet(folder, obj).issues
    assert {i.code for i in issues} == {"coupling.pybullet.mismatch"}
    assert {i.data["follower"] for i in issues} == {"screw__pitch", "follow"}


def test_a_urdf_that_lost_its_mimic_is_caught(tmp_path):
    folder, obj = coupled_folder(tmp_path)
    urdf = folder / "object.urdf"
    urdf.write_text(re.sub(r'<mimic joint="drive"[^>]*/>', "", urdf.read_text()))
    issues = _pybullet(folder, obj).issues  # FK sets every coordinate by hand: it agrees
    assert [(i.code, i.location) for i in issues] == [("coupling.pybullet.failed", "object")]
    assert "'follow'" in issues[0].message


DRIVE = """
import json
index = {p.getJointInfo(body, i)[1].decode(): i for i in range(p.getNumJoints(body))}
for name, target in TARGETS.items():
    p.setJointMotorControl2(body, index[name], p.POSITION_CONTROL, targetPosition=target, force=100)
for _ in range(240):
    p.stepSimulation()
print(json.dumps({name: p.getJointState(body, i)[0] for name, i in index.items()}))
"""


def test_the_cards_snippet_gives_coupled_joints(tmp_path):
    """The card's PyBullet lines, run as written in a fresh Python, then the leaders driven."""
    folder, obj = coupled_folder(tmp_path)
    card = render_card(CardInfo(name="A", version="1", repo_id=None, n_full=1, n_eval=0,
                                n_categories=1, by_source={"generated": 1}, by_supercategory={},
                                joint_types={}, licenses=[],
                                engines={"generated": {"pybullet": 1}}))
    code = re.search(r"```python\nimport mujoco.*?\n```", card, flags=re.S).group(0)
    lines = [line for line in code.splitlines() if "pybullet" in line or "body =" in line]
    assert any("load_urdf" in line for line in lines)
    targets = {name: target for name, (_, target) in drive_plan(obj, couplings(obj)).items()}
    script = "\n".join([f"folder = {str(folder)!r}", *lines, f"TARGETS = {targets!r}", DRIVE])
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=120)
    assert done.returncode == 0, done.stderr
    q = json.loads(done.stdout.strip().splitlines()[-1])
    assert abs(q["screw"]) > 0.5 and abs(q["drive"]) > 0.2  # the leaders moved
    np.testing.assert_allclose(q["screw__pitch"], PITCH * q["screw"],
                               atol=tol.COUPLING_RELATIVE * abs(PITCH * q["screw"]))
    np.testing.assert_allclose(q["follow"], MULTIPLIER * q["drive"] + OFFSET,
                               atol=tol.COUPLING_RELATIVE * abs(MULTIPLIER * q["drive"]))
