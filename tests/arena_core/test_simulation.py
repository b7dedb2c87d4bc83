"""The ``engines`` stage on a canonical folder: its own MJCF and the four engines, as records."""

from __future__ import annotations

from arena_core.mjcf_write import write_mjcf
from arena_core.process import CANONICAL_URDF, process_object
from arena_core.simulation import MJCF_ENGINE, simulation_check
from arena_core.urdf import read_urdf
from tests.hostile import good_object

ENGINES = [MJCF_ENGINE, "mujoco", "pybullet", "pinocchio", "yourdfpy"]


def _canonical(tmp_path, urdf):
    record = process_object(urdf, tmp_path / "out", provenance={"object_id": "o", "source": "t"})
    folder = tmp_path / "out" / "o"
    obj = read_urdf(folder / CANONICAL_URDF).obj
    write_mjcf(obj, folder)
    return record, folder, obj


def test_every_engine_loads_and_moves_a_canonical_object(tmp_path):
    record, folder, obj = _canonical(tmp_path, good_object(tmp_path / "src", "door", variant=2))
    assert record.accepted
    issues, engines = simulation_check(folder, CANONICAL_URDF, obj)
    assert issues == []
    assert [e.engine for e in engines] == ENGINES
    assert all(e.loaded and e.ok for e in engines)
    assert all(e.max_pose_error <= 1e-6 for e in engines if e.max_pose_error is not None)


def test_helical_pitch_is_lost_by_every_standard_urdf_engine_but_not_by_the_mjcf(tmp_path):
    """Today's gap (issue 11): the URDF's <helical pitch> is ignored by every engine; the MJCF
    encodes it as an equality constraint and moves right."""
    urdf = good_object(tmp_path / "src", "screw", variant=1)
    urdf.write_text(urdf.read_text().replace('type="revolute">', 'type="revolute">'
                                             '<helical pitch="0.02"/>'))
    record, folder, obj = _canonical(tmp_path, urdf)
    assert obj.joint("hinge").type == "helical"
    issues, engines = simulation_check(folder, CANONICAL_URDF, obj)
    by_engine = {e.engine: e for e in engines}
    assert by_engine[MJCF_ENGINE].ok
    assert {i.code for i in issues} == {f"engine.{e}.fk_mismatch" for e in ENGINES[1:]}
