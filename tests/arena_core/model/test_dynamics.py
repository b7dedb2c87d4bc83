"""Joint dynamics from URDF ``<dynamics>`` through the record, the canonical URDF and
``object.xml`` (issue 28, class 5); the engines read the canonical file without a word."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import mujoco
import pytest

from arena_core.formats.urdf.read import UrdfError, read_urdf, read_urdf_string
from arena_core.formats.urdf.write import urdf_string
from arena_core.model.dynamics import (
    Dynamics,
    DynamicsError,
    mjcf_values,
    read_dynamics,
    urdf_values,
)
from arena_core.pipeline.normalize import scale_object
from arena_core.pipeline.run import run_object

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "urdf"
FULL = Dynamics(damping=0.5, friction=0.25, armature=0.01, stiffness=2.0, springref=0.1)


def test_urdf_dynamics_are_read_and_written_back_exactly():
    obj = read_urdf(FIXTURES / "dynamics_door.urdf").obj
    assert obj.joint("hinge").dynamics == FULL
    again = read_urdf_string(urdf_string(obj), base_dir=FIXTURES).obj
    assert again.joint("hinge").dynamics == FULL
    assert read_urdf(FIXTURES / "good_door.urdf").obj.joint("hinge").dynamics is None


def test_only_urdf_s_own_attributes_are_always_written():
    assert urdf_values(Dynamics(damping=1.5)) == {"damping": 1.5, "friction": 0.0}
    assert mjcf_values(FULL) == {"damping": 0.5, "frictionloss": 0.25, "armature": 0.01,
                                 "stiffness": 2.0, "springref": 0.1}
    assert mjcf_values(None) == {} and mjcf_values(Dynamics()) == {}


def test_a_dynamics_value_that_is_not_a_number_is_refused():
    from lxml import etree

    with pytest.raises(DynamicsError, match="armature"):
        read_dynamics(etree.fromstring('<joint><dynamics armature="x"/></joint>'))
    text = (FIXTURES / "dynamics_door.urdf").read_text().replace('stiffness="2"',
                                                                   'stiffness="nan"')
    with pytest.raises(UrdfError) as info:
        read_urdf_string(text, base_dir=FIXTURES)
    assert info.value.code == "urdf.number.invalid"


def test_a_scaled_prismatic_joint_keeps_its_forces():
    d = Dynamics(damping=2.0, friction=1.0, armature=0.5, stiffness=4.0, springref=10.0)
    assert d.scaled(0.01) == Dynamics(damping=200.0, friction=1.0, armature=50.0,
                                      stiffness=400.0, springref=0.1)
    obj = read_urdf(FIXTURES / "dynamics_door.urdf").obj
    assert scale_object(obj, 0.5).joint("hinge").dynamics == FULL  # a hinge: unchanged


def test_record_canonical_urdf_and_mjcf_carry_the_dynamics(tmp_path):
    record = run_object(FIXTURES / "dynamics_door.urdf", tmp_path,
                        provenance={"object_id": "door", "source": "test"}).record
    assert record.accepted, record.verification.codes
    (hinge,) = [j for j in record.joints if j.name == "hinge"]
    assert hinge.dynamics.model_dump() == vars(FULL)
    model = mujoco.MjModel.from_xml_path(str(tmp_path / "door" / "object.xml"))
    jid = model.joint("hinge").id
    assert (model.dof_damping[jid], model.dof_frictionloss[jid], model.dof_armature[jid],
            model.jnt_stiffness[jid], model.qpos_spring[jid]) == (0.5, 0.25, 0.01, 2.0, 0.1)
    assert {e.engine: e.ok for e in record.engines} == {
        "mujoco_mjcf": True, "mujoco": True, "pybullet": True, "pinocchio": True,
        "yourdfpy": True}


LOADERS = {
    "mujoco": "import mujoco; m = mujoco.MjModel.from_xml_path(P); print(m.dof_damping[0])",
    "pybullet": "import pybullet as p; p.connect(p.DIRECT); p.loadURDF(P); "
                "print(p.getJointInfo(0, 0)[6])",
    "pinocchio": "import pinocchio; print(pinocchio.buildModelFromUrdf(P).damping[0])",
    "yourdfpy": "import yourdfpy; print(yourdfpy.URDF.load(P).robot.joints[0].dynamics.damping)",
}


@pytest.mark.parametrize("engine", sorted(LOADERS))
def test_every_engine_reads_the_canonical_dynamics_silently(engine, tmp_path):
    path = tmp_path / "door.urdf"
    path.write_text(urdf_string(read_urdf(FIXTURES / "dynamics_door.urdf").obj))
    done = subprocess.run([sys.executable, "-c", f"P = {str(path)!r}; {LOADERS[engine]}"],
                          capture_output=True, text=True, check=True)
    lines = [x for x in (done.stdout + done.stderr).splitlines()
             if not x.startswith("pybullet build time")]
    assert lines == ["0.5"]
