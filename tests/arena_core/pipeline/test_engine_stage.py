"""The ``engines`` stage on a canonical folder: its own MJCF and the four engines, as records."""

from __future__ import annotations

from arena_core.formats.mjcf.write import write_mjcf
from arena_core.formats.urdf.read import read_urdf
from arena_core.pipeline.engine_stage import MJCF_ENGINE, simulation_check
from arena_core.pipeline.run import CANONICAL_URDF, run_object
from tests.hostile import good_object

ENGINES = [MJCF_ENGINE, "mujoco", "pybullet", "pinocchio", "yourdfpy"]


def _canonical(tmp_path, urdf):
    record = run_object(urdf, tmp_path / "out", provenance={"object_id": "o", "source": "t"}).record
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
    mjcf = engines[0]  # the card's column holds the worst pose error of every engine
    assert mjcf.max_pose_error is not None and 0.0 <= mjcf.max_pose_error <= 1e-6


def test_the_mjcf_entry_reports_the_pose_error_its_check_measured(tmp_path):
    _, folder, obj = _canonical(tmp_path, good_object(tmp_path / "src", "door", variant=2))
    xml = folder / "object.xml"
    text = xml.read_text()
    body = text.index("<body", text.index("<body") + 1)  # the first child body
    start = text.index('pos="', body) + len('pos="')
    end = text.index('"', start)
    x, y, z = map(float, text[start:end].split())
    xml.write_text(text[:start] + f"{x + 0.01:.9g} {y} {z}" + text[end:])
    issues, engines = simulation_check(folder, CANONICAL_URDF, obj)
    assert "mjcf.fk_mismatch" in {i.code for i in issues}
    assert engines[0].engine == MJCF_ENGINE and not engines[0].ok
    assert abs(engines[0].max_pose_error - 0.01) < 1e-6


def test_helical_joint_moves_with_its_pitch_in_every_engine(tmp_path):
    """The canonical URDF encodes the screw for simulators (arena_core.model.helical); every engine
    then moves the child by pitch x angle, as arena_core's forward kinematics do."""
    urdf = good_object(tmp_path / "src", "screw", variant=1)
    urdf.write_text(urdf.read_text().replace('type="revolute">', 'type="revolute">'
                                             '<helical pitch="0.02"/>'))
    record, folder, obj = _canonical(tmp_path, urdf)
    assert record.accepted and record.oracle_distance <= 1e-9
    assert [j.type for j in obj.joints] == ["helical"]  # the encoded pair reads back as one
    text = (folder / CANONICAL_URDF).read_text()
    assert 'name="hinge__pitch" type="prismatic"' in text and 'multiplier="0.02"' in text
    issues, engines = simulation_check(folder, CANONICAL_URDF, obj)
    assert issues == [] and all(e.ok for e in engines)


def test_mujoco_keeps_no_asset_cache_between_objects(tmp_path):
    """Each object's meshes are compiled from its own folder: MuJoCo's process-wide asset
    cache (500 MiB by default) would only grow every build worker, so it is off between
    objects (and emptied after each object's compiles)."""
    import mujoco

    record, folder, obj = _canonical(tmp_path, good_object(tmp_path / "src", "door", variant=2))
    issues, _ = simulation_check(folder, CANONICAL_URDF, obj)
    assert issues == [] and any(folder.glob("meshes/*"))
    cache = mujoco.mj_getCache()
    assert mujoco.mj_getCacheCapacity(cache) == 0
    assert mujoco.mj_getCacheSize(cache) == 0


def test_one_objects_compiles_share_the_asset_cache(tmp_path, monkeypatch):
    """The MJCF and MuJoCo's URDF import of one object read the same meshes: the cache is on
    while they compile (until the last overlapping block ends) and changes no result."""
    import mujoco

    from arena_core.formats.mjcf import mujoco_load

    record, folder, obj = _canonical(tmp_path, good_object(tmp_path / "src", "door", variant=2))
    cache = mujoco.mj_getCache()
    with mujoco_load.object_asset_cache():
        mujoco_load.compile_model(path=folder / "object.xml")
        assert mujoco.mj_getCacheSize(cache) > 0
        with mujoco_load.object_asset_cache():  # another thread's object
            pass
        assert mujoco.mj_getCacheCapacity(cache) == mujoco_load.OBJECT_CACHE_BYTES
    assert mujoco.mj_getCacheCapacity(cache) == 0 and mujoco.mj_getCacheSize(cache) == 0
    cached = simulation_check(folder, CANONICAL_URDF, obj)
    monkeypatch.setattr(mujoco_load, "OBJECT_CACHE_BYTES", 0)
    assert simulation_check(folder, CANONICAL_URDF, obj) == cached
