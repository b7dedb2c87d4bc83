"""The engines verification: tiny URDFs in MuJoCo, PyBullet, Pinocchio and yourdfpy.

Every fixture is a hand-written canonical-style folder (``object.urdf`` + ``meshes/``) in
``tmp_path``; the engines are the real PyPI packages. What today's engines cannot do is
asserted as it is (helical pitch ignored everywhere, ``.glb`` and coplanar collision meshes
refused by MuJoCo, a link named ``world`` merged by MuJoCo), so each test changes when the
normalization of issue 11 (arena URDF v2) changes the folders.
"""

from __future__ import annotations

import math
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from arena_core.engines import ALL, ENGINE_PYBULLET, EngineResult, configurations, verify_engines
from arena_core.engines.base import Engine, one_line, pose_error, run_engine
from arena_core.engines.mujoco_engine import MujocoSession, simulate
from arena_core.formats.urdf.read import read_urdf
from arena_core.model.kinematics import link_poses
from arena_core.util.hashing import tree_sha256

NAMES = [e.name for e in ALL]
STANDARD = ["mujoco", "pybullet", "pinocchio"]  # the engines that load URDF joints for real

INERTIAL = """<inertial><origin xyz="{com}" rpy="0.3 -0.2 0.1"/><mass value="{mass}"/>
  <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.025"/></inertial>"""
CUBE_OBJ = "".join(f"v {x} {y} {z}\n" for x in (-.05, .05) for y in (-.05, .05) for z in (-.05, .05)) + \
    "f 1 3 4 2\nf 5 6 8 7\nf 1 2 6 5\nf 3 7 8 4\nf 1 5 7 3\nf 2 4 8 6\n"


def link(name: str, *, mesh: str | None = "meshes/cube.obj", collision: str | None = None,
         mass: float = 0.5, com: str = "0.01 0.02 -0.01", box: bool = True) -> str:
    """One ``<link>`` with an inertial, a box visual and optionally mesh visual/collision."""
    parts = [INERTIAL.format(com=com, mass=mass)] if mass else []
    if box:
        parts.append('<visual><origin xyz="0 0 0.05"/><geometry><box size="0.1 0.2 0.05"/>'
                     '</geometry></visual>'
                     '<collision><geometry><box size="0.1 0.2 0.05"/></geometry></collision>')
    if mesh:
        parts.append(f'<visual><origin rpy="0 0.4 0"/><geometry><mesh filename="{mesh}"/>'
                     '</geometry></visual>')
    if collision:
        parts.append(f'<collision><geometry><mesh filename="{collision}"/></geometry></collision>')
    return f'<link name="{name}">{"".join(parts)}</link>'


def joint(name: str, kind: str, parent: str, child: str, *, xyz: str = "0.1 0.2 0.3",
          rpy: str = "0.3 -0.7 1.1", axis: str = "0.6 0 0.8", limit: str = "-1.2 0.9",
          extra: str = "") -> str:
    lo, hi = limit.split()
    lim = "" if kind in ("fixed", "continuous") else \
        f'<limit lower="{lo}" upper="{hi}" effort="10" velocity="1"/>'
    ax = "" if kind == "fixed" else f'<axis xyz="{axis}"/>'
    return (f'<joint name="{name}" type="{kind}"><parent link="{parent}"/><child link="{child}"/>'
            f'<origin xyz="{xyz}" rpy="{rpy}"/>{ax}{lim}{extra}</joint>')


def write_folder(tmp_path: Path, body: str, *, name: str = "obj") -> Path:
    """``tmp_path/name/object.urdf`` holding ``body`` in ``<robot>``, and the cube mesh."""
    folder = tmp_path / name
    (folder / "meshes").mkdir(parents=True)
    (folder / "meshes" / "cube.obj").write_text(CUBE_OBJ)
    urdf = folder / "object.urdf"
    urdf.write_text(f'<?xml version="1.0"?>\n<robot name="{name}">{body}</robot>\n')
    return urdf


def verify(urdf: Path, **kwargs):
    return verify_engines(urdf, read_urdf(urdf).obj, **kwargs)


def chain() -> str:
    """base -> revolute -> prismatic -> continuous -> fixed, plus a side branch; every
    origin rotated; the base's inertial offset and rotated (PyBullet's base COM frame)."""
    return "".join([
        link("base", com="0.3 -0.2 0.1"), link("arm"), link("slider"), link("wheel"),
        link("tip", mass=0.0), link("side"),
        joint("j_rev", "revolute", "base", "arm"),
        joint("j_pri", "prismatic", "arm", "slider", xyz="0 0.1 -0.2", rpy="1.2 0.1 -0.4",
              axis="0 1 0", limit="0 0.4"),
        joint("j_cont", "continuous", "slider", "wheel", xyz="0.05 0 0", rpy="-0.5 0.9 2.5",
              axis="0 0 1"),
        joint("j_fix", "fixed", "wheel", "tip", xyz="0 0 0.1", rpy="0.2 0.3 0.4"),
        joint("j_side", "revolute", "base", "side", xyz="-0.3 0 0", rpy="0 0 3.0",
              axis="1 0 0", limit="-3.1 3.1"),
    ])


# ---------------------------------------------------------------------------------- agreement
def test_chain_loads_and_agrees_in_every_engine(tmp_path):
    urdf = write_folder(tmp_path, chain())
    before = tree_sha256(urdf.parent)
    result = verify(urdf, k=6, seed=3)
    assert [r.engine for r in result.results] == NAMES
    assert result.issues == () and result.ok
    for r in result.results:
        assert r.loaded and r.version and r.seconds > 0
        assert r.max_pose_error <= (ENGINE_PYBULLET if r.engine == "pybullet" else 1e-9)
        assert r.worst_configuration in range(7) and r.worst_link in read_urdf(urdf).obj.links
    assert result["pybullet"].max_pose_error > 1e-12  # float32 API: never exact here
    assert tree_sha256(urdf.parent) == before  # the canonical folder is only read


def test_configurations_are_seeded_and_cover_continuous_joints(tmp_path):
    obj = read_urdf(write_folder(tmp_path, chain())).obj
    qs = configurations(obj, k=5, seed=1)
    assert len(qs) == 6 and set(qs[0].values()) == {0.0}
    assert qs == configurations(obj, k=5, seed=1) and qs != configurations(obj, k=5, seed=2)
    assert all(-math.pi <= q["j_cont"] <= math.pi and 0.0 <= q["j_pri"] <= 0.4 for q in qs)


def test_mimic_joints_agree_when_set_explicitly(tmp_path):
    body = "".join([
        link("base"), link("left"), link("right"),
        joint("drive", "revolute", "base", "left", limit="-0.5 0.5"),
        joint("follow", "revolute", "base", "right", xyz="0 -0.2 0", axis="0 0 1",
              limit="-2 2", extra='<mimic joint="drive" multiplier="-2.0" offset="0.1"/>'),
    ])
    urdf = write_folder(tmp_path, body)
    obj = read_urdf(urdf).obj
    qs = configurations(obj, k=5, seed=0)
    assert all(q["follow"] == pytest.approx(-2.0 * q["drive"] + 0.1) for q in qs)
    result = verify_engines(urdf, obj)
    assert result.issues == ()
    # MuJoCo 4.0's URDF import turns <mimic> into a joint equality (q1 = c0 + c1 q2), which
    # simulation enforces; mj_kinematics does not, hence the explicit coordinate
    model = MujocoSession(urdf, obj).model
    if model.neq:  # older MuJoCo versions drop <mimic>
        assert model.neq == 1 and model.eq_data[0][:2].tolist() == [0.1, -2.0]


def test_helical_pitch_is_ignored_by_every_standard_engine(tmp_path):
    """Today's gap (issue 11): ``<helical pitch>`` loads as a plain revolute joint."""
    body = link("base") + link("nut") + joint(
        "screw", "revolute", "base", "nut", limit="0 3", extra='<helical pitch="0.05"/>')
    urdf = write_folder(tmp_path, body)
    obj = read_urdf(urdf).obj
    assert obj.joint("screw").type == "helical"
    result = verify_engines(urdf, obj)
    for name in STANDARD:
        r = result[name]
        assert r.loaded and [i.code for i in r.issues] == [f"engine.{name}.fk_mismatch"]
        assert r.worst_link == "nut" and r.worst_configuration > 0  # the rest pose agrees
        assert "'nut'" in r.issues[0].message and f"configuration {r.worst_configuration}" \
            in r.issues[0].message
        q = configurations(obj, k=5, seed=0)[r.worst_configuration]["screw"]
        assert r.max_pose_error == pytest.approx(0.05 * q, rel=1e-5)  # pitch x angle, lost
    # yourdfpy's poses are composed from its parsed revolute joint: the same gap
    assert [i.code for i in result["yourdfpy"].issues] == ["engine.yourdfpy.fk_mismatch"]


# ------------------------------------------------------------------------ what engines refuse
def test_glb_mesh_fails_in_pybullet_and_as_mujoco_collision(tmp_path):
    trimesh = pytest.importorskip("trimesh")
    urdf = write_folder(tmp_path, link("base") + link("lid", mesh="meshes/lid.glb")
                        + joint("hinge", "revolute", "base", "lid"))
    trimesh.creation.box(extents=(0.1, 0.1, 0.1)).export(urdf.parent / "meshes" / "lid.glb")
    result = verify(urdf)
    assert result["mujoco"].ok  # MuJoCo's URDF import drops visual geoms (discardvisual)
    collided = write_folder(tmp_path / "c", link("base") + link("lid", collision="meshes/lid.glb")
                            + joint("hinge", "revolute", "base", "lid"))
    trimesh.creation.box(extents=(0.1, 0.1, 0.1)).export(collided.parent / "meshes" / "lid.glb")
    mj = verify(collided)["mujoco"]
    assert not mj.loaded and math.isnan(mj.max_pose_error)
    assert [i.code for i in mj.issues] == ["engine.mujoco.load_failed"]
    assert "lid.glb" in mj.issues[0].message and "\n" not in mj.issues[0].message
    pb, = result["pybullet"].issues
    assert pb.code == "engine.pybullet.load_failed"
    assert "invalid mesh filename extension '.glb'" in pb.message  # printed by C, kept
    assert result["pinocchio"].ok and result["yourdfpy"].ok  # assimp and trimesh read .glb


@pytest.mark.parametrize(("mesh", "reason"), [
    ("v 0 0 0\nv 0.1 0 0\nv 0.1 0.1 0\nv 0 0.1 0\nf 1 2 3\nf 1 3 4\n", "coplanar vertices"),
    ("v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nf 1 2 3\n", "at least 4 vertices"),
], ids=["coplanar", "triangle"])
def test_degenerate_collision_mesh_fails_in_mujoco_while_the_others_run(tmp_path, mesh, reason):
    urdf = write_folder(tmp_path, link("base") + link("flap", collision="meshes/flat.obj")
                        + joint("hinge", "revolute", "base", "flap"))
    (urdf.parent / "meshes" / "flat.obj").write_text(mesh)
    result = verify(urdf)
    issue, = result["mujoco"].issues
    assert issue.code == "engine.mujoco.load_failed" and issue.severity == "error"
    assert reason in issue.message and issue.message.startswith("ValueError: Error:")
    assert all(result[name].ok for name in ("pybullet", "pinocchio", "yourdfpy"))


def test_massless_moving_link_fails_in_mujoco(tmp_path):
    urdf = write_folder(tmp_path, link("base") + link("helper", mass=0.0, box=False, mesh=None)
                        + link("door") + joint("a", "revolute", "base", "helper")
                        + joint("b", "prismatic", "helper", "door", limit="0 0.2"))
    issue, = verify(urdf)["mujoco"].issues
    assert issue.code == "engine.mujoco.load_failed" and "mass and inertia" in issue.message


def test_link_named_world_below_the_root_is_a_mujoco_mismatch(tmp_path):
    """MuJoCo merges a link named ``world`` into its world body: the link and its subtree
    are placed at the world origin instead of below their parent (documented: a mismatch,
    not a load failure). The other engines treat ``world`` as any name."""
    urdf = write_folder(tmp_path, link("base") + link("world") + link("door")
                        + joint("mount", "fixed", "base", "world", xyz="0.4 0 1.3")
                        + joint("hinge", "revolute", "world", "door"))
    result = verify(urdf)
    mj = result["mujoco"]
    assert mj.loaded and [i.code for i in mj.issues] == ["engine.mujoco.fk_mismatch"]
    assert mj.worst_link in ("world", "door") and mj.max_pose_error > 1.0
    assert all(result[name].ok for name in ("pybullet", "pinocchio", "yourdfpy"))


def test_root_named_world_is_mujocos_world_body(tmp_path):
    urdf = write_folder(tmp_path, link("world", mass=0.0) + link("door")
                        + joint("hinge", "revolute", "world", "door"))
    assert verify(urdf).ok


# -------------------------------------------------------------------------------- MuJoCo
def test_mujoco_import_has_a_fixed_base_and_simulates(tmp_path):
    urdf = write_folder(tmp_path, chain())
    session = MujocoSession(urdf, read_urdf(urdf).obj)
    mj = pytest.importorskip("mujoco")
    assert mj.mjtJoint.mjJNT_FREE not in set(session.model.jnt_type)
    assert session.model.nbody == 1 + 6  # the world body and every link, none fused
    assert simulate(session.model, 1.0) is None and session.checks() == []


def test_diverging_simulation_is_unstable():
    mujoco = pytest.importorskip("mujoco")
    model = mujoco.MjModel.from_xml_string(
        '<mujoco><option timestep="0.5"/><worldbody><body><inertial pos="0 0 0" mass="1e-6"'
        ' diaginertia="1e-9 1e-9 1e-9"/><joint type="hinge" stiffness="1e9" springref="1"/>'
        '</body></worldbody></mujoco>')
    message = simulate(model, 1.0)
    assert message is not None and "1 s" in message


# ------------------------------------------------------------------------ isolation, quiet
class _Exotic(Exception):
    def __str__(self):
        return "first line\n\n   second line   \n"


def _fake(name: str, open_) -> Engine:
    """A stand-in engine; ``name`` is a real engine name (issue codes are catalogued)."""
    return Engine(name=name, tolerance=1e-9, distribution="no-such-distribution", open=open_)


def test_any_engine_exception_is_its_own_issue_and_the_others_run(tmp_path):
    urdf = write_folder(tmp_path, chain())

    def explode(path, obj):
        raise _Exotic()

    class Broken:
        def __init__(self, path, obj):
            pass

        def poses(self, q):
            raise RuntimeError("segment violation averted")

        def checks(self):
            return []

        def close(self):
            pass

    class Shaky(Broken):
        def poses(self, q):
            return link_poses(read_urdf(urdf).obj, q)

        def checks(self):
            raise FloatingPointError("diverged")

    result = verify(urdf, engines=[_fake("mujoco", explode), _fake("pybullet", Broken),
                                   _fake("pinocchio", Shaky), "yourdfpy"])
    boom, half, shaky, ok = result.results
    assert boom.issues[0].code == "engine.mujoco.load_failed" and boom.version == ""
    assert boom.issues[0].message == "_Exotic: first line | second line"
    assert half.loaded and half.issues[0].code == "engine.pybullet.fk_mismatch"
    assert "segment violation averted" in half.issues[0].message
    assert shaky.max_pose_error == 0.0 and [i.code for i in shaky.issues] == [
        "engine.pinocchio.unstable"] and "diverged" in shaky.issues[0].message
    assert ok.ok and not result.ok


def test_missing_link_in_an_engine_is_a_mismatch(tmp_path):
    urdf = write_folder(tmp_path, chain())
    obj = read_urdf(urdf).obj

    class Partial:
        def __init__(self, path, obj):
            self.obj = obj

        def poses(self, q):
            poses = link_poses(self.obj, q)
            poses.pop("tip")
            return poses

        def checks(self):
            return []

        def close(self):
            pass

    qs = configurations(obj, k=5, seed=0)
    r = run_engine(_fake("pybullet", Partial), urdf, obj, qs, [link_poses(obj, q) for q in qs])
    assert isinstance(r, EngineResult) and r.max_pose_error == math.inf
    assert r.worst_link == "tip" and "missing" in r.issues[0].message


def test_float32_tolerance_grows_with_the_distance_from_the_origin(tmp_path):
    """A floating base 50 m from the origin: float32 positions are up to ~2e-6 m off,
    which a per-meter tolerance accepts and an absolute one does not."""
    urdf = write_folder(tmp_path, chain())
    obj = read_urdf(urdf).obj

    class Rounded:
        def __init__(self, path, obj):
            self.obj = obj

        def poses(self, q):
            out = {}
            for name, pose in link_poses(self.obj, q).items():
                far = pose.copy()
                far[:3, 3] += [50.0, 0.0, 0.0]
                far[:3, 3] = far[:3, 3].astype(np.float32)
                out[name] = far
            return out

        def checks(self):
            return []

        def close(self):
            pass

    qs = configurations(obj, k=3, seed=0)
    far = []
    for q in qs:
        poses = link_poses(obj, q)
        for pose in poses.values():
            pose[:3, 3] += [50.0, 0.0, 0.0]
        far.append(poses)
    strict = Engine(name="pybullet", tolerance=ENGINE_PYBULLET, distribution="x", open=Rounded)
    scaled = Engine(name="pinocchio", tolerance=ENGINE_PYBULLET, distribution="x", open=Rounded,
                    per_meter=True)
    strict_result = run_engine(strict, urdf, obj, qs, far)
    assert strict_result.max_pose_error > ENGINE_PYBULLET and not strict_result.ok
    scaled_result = run_engine(scaled, urdf, obj, qs, far)
    assert scaled_result.ok and scaled_result.max_pose_error == strict_result.max_pose_error
    assert scaled.allowed(np.eye(4)) == ENGINE_PYBULLET


def test_mujoco_import_never_collides_a_link_with_its_world_welded_parent(tmp_path):
    """Overlapping collision boxes at a hinge whose parent is the (welded) root: MuJoCo's own
    parent filter does not apply to world-welded bodies, the session's exclusion does."""
    body = (link("base", mesh=None) + link("arm", mesh=None)
            + joint("j", "revolute", "base", "arm", xyz="0 0 0", rpy="0 0 0", axis="0 0 1"))
    urdf = write_folder(tmp_path, body)
    session = MujocoSession(urdf, read_urdf(urdf).obj)
    try:
        import mujoco

        assert session.model.nexclude == 1
        mujoco.mj_forward(session.model, session.data)
        assert session.data.ncon == 0
    finally:
        session.close()


def test_engines_print_nothing(tmp_path, capfd):
    # duplicate visual names make MuJoCo warn from C; PyBullet prints from C on import/load
    body = chain().replace("<visual>", '<visual name="same">')
    result = verify(write_folder(tmp_path, body))
    assert result.ok
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_yourdfpy_warnings_on_chained_mimics_are_not_printed(tmp_path, capfd, caplog):
    """ManiSkill's Inspire hand: a thumb joint mimics a joint that itself mimics another
    (yourdfpy logs a warning; outside pytest it reaches stderr)."""
    body = (link("base") + link("a") + link("b") + link("c")
            + joint("j1", "revolute", "base", "a")
            + joint("j2", "revolute", "a", "b", extra='<mimic joint="j1"/>')
            + joint("j3", "revolute", "b", "c", extra='<mimic joint="j2"/>'))
    urdf = write_folder(tmp_path, body)
    capfd.readouterr()
    with caplog.at_level("WARNING"):
        assert verify(urdf, engines=["yourdfpy"]).ok
    assert [r.name for r in caplog.records if r.name.startswith("yourdfpy")] == []
    assert capfd.readouterr() == ("", "")


def test_a_fresh_process_stays_quiet(tmp_path):
    """PyBullet prints its build time from C when first imported: a new interpreter shows it."""
    urdf = write_folder(tmp_path, chain())
    code = ("import sys; from arena_core.engines import verify_engines; "
            "from arena_core.formats.urdf.read import read_urdf; p = sys.argv[1]; "
            "sys.exit(0 if verify_engines(p, read_urdf(p).obj).ok else 3)")
    done = subprocess.run([sys.executable, "-c", code, str(urdf)], capture_output=True,
                          cwd=Path(__file__).resolve().parents[3], timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")


def test_bad_arguments_raise(tmp_path):
    urdf = write_folder(tmp_path, chain())
    with pytest.raises(ValueError, match="k: expected"):
        verify(urdf, k=4)
    with pytest.raises(ValueError, match="engines: expected"):
        verify(urdf, engines=["gazebo"])


def test_pose_error_and_one_line():
    a, b = np.eye(4), np.eye(4)
    b[:3, :3] = [[1, 0, 0], [0, math.cos(1e-7), -math.sin(1e-7)], [0, math.sin(1e-7),
                                                                   math.cos(1e-7)]]
    assert pose_error(a, b) == pytest.approx(1e-7, rel=1e-6)  # the angle, not arccos noise
    assert one_line("x" * 500, chars=10) == "xxxxxxx..."


# ------------------------------------------------------------------------------- real data
SAPIEN = ["179", "7619", "40147", "41083", "45940"]


@pytest.fixture(scope="module")
def sapien(realdata, tmp_path_factory) -> dict[str, tuple]:
    """``{object id: (EnginesResult, seconds)}`` for the canonical folders of the five
    PartNet-Mobility objects in ``sapien_repo`` (made by run_object in tmp)."""
    from arena_core.pipeline.run import CANONICAL_URDF, run_object

    out, found = tmp_path_factory.mktemp("sapien"), {}
    for oid in SAPIEN:
        record = run_object(realdata / "sapien_repo" / oid / "mobility.urdf", out,
                            provenance={"object_id": f"sapien-{oid}", "source": "sapien"}).record
        assert record.verification.status == "accepted", record.verification.issues
        urdf = out / f"sapien-{oid}" / CANONICAL_URDF
        start = time.perf_counter()
        found[oid] = (verify(urdf), time.perf_counter() - start)
    return found


def _cases():
    for engine in NAMES:
        for oid in SAPIEN:
            yield pytest.param(engine, oid, id=f"{engine}-{oid}")


@pytest.mark.slow
@pytest.mark.parametrize(("engine", "oid"), _cases())
def test_sapien_objects_load_and_agree(sapien, oid, engine):
    r = sapien[oid][0][engine]
    assert r.ok, r.issues
    assert r.max_pose_error <= (ENGINE_PYBULLET if engine == "pybullet" else 1e-9)


def test_mujoco_import_reads_meshes_with_shell_inertia(tmp_path):
    """Genesis's wheel: a collision mesh of double-sided panels has no volume; MuJoCo's
    volume inertia refuses it, the shell inertia our MJCF uses too (and the import now) not."""
    panels = ("v -0.1 -0.1 0\nv 0.1 -0.1 0\nv 0.1 0.1 0\nv -0.1 0.1 0\nv -0.1 0 -0.1\n"
              "v 0.1 0 -0.1\nv 0.1 0 0.1\nv -0.1 0 0.1\nf 1 2 3\nf 1 3 4\nf 1 3 2\nf 1 4 3\n"
              "f 5 6 7\nf 5 7 8\nf 5 7 6\nf 5 8 7\n")
    urdf = write_folder(tmp_path, link("base") + link("wheel", collision="meshes/panels.obj")
                        + joint("axle", "continuous", "base", "wheel"))
    (urdf.parent / "meshes" / "panels.obj").write_text(panels)
    result = verify(urdf)
    assert result["mujoco"].ok, result["mujoco"].issues


def test_pybullet_cannot_report_more_than_127_links_and_the_others_compare(tmp_path):
    """PAL's TIAGo dual (130 links): ``getLinkState`` fails for every link of a body with
    more than 127 links besides its base, the source file as well as ours."""
    from arena_core.engines.pybullet_engine import MAX_REPORTED_LINKS

    n = MAX_REPORTED_LINKS + 1
    body = link("l0", mesh=None) + "".join(
        link(f"l{i + 1}", mesh=None) + joint(f"j{i}", "fixed" if i % 2 else "revolute",
                                              f"l{i}", f"l{i + 1}", xyz="0 0 0.01", rpy="0 0 0")
        for i in range(n))
    result = verify(write_folder(tmp_path, body), k=5, seed=0)
    pybullet = result["pybullet"]
    assert [i.code for i in pybullet.issues] == ["engine.pybullet.fk_unavailable"]
    assert pybullet.issues[0].severity == "warning" and math.isnan(pybullet.max_pose_error)
    assert f"it has {n}" in pybullet.issues[0].message
    assert result["pinocchio"].issues == () and result["pinocchio"].max_pose_error <= 1e-9
