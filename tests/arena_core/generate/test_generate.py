"""The procedural generator: every kind is a valid arena URDF v1 object whose files
re-read to exactly the generated ground truth; runs are deterministic and cover every
supercategory and joint type; generated objects pass the normalizer and the checks."""

from __future__ import annotations

import io
import json
import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import trimesh
from numpy.testing import assert_allclose, assert_array_equal

from arena_core.formats.urdf.read import read_urdf
from arena_core.generate import (
    INDEX_NAME,
    KINDS,
    MATERIALS,
    SUPERCATEGORIES,
    URDF_NAME,
    Builder,
    GeneratorError,
    UnknownKindError,
    generate,
    generate_object,
    generate_one,
    kind_for_index,
    write_object,
)
from arena_core.generate import shapes as S
from arena_core.model.articulated import JOINT_TYPES
from arena_core.util import tolerances as tol
from arena_core.util.hashing import tree_sha256

#: STL stores float32 vertices: positions agree with the float64 design to this (m).
FLOAT32_POSITION = 1e-6

#: Mass from the re-loaded STL x density vs. the written <inertial> (relative): both come
#: from the same float32 vertices, so only summation order differs.
MASS_AGREEMENT = 1e-9


def _write_read(kind: str, seed: int, tmp_path: Path):
    gen = generate_object(kind, np.random.default_rng(seed))
    info = write_object(gen, tmp_path, seed=seed, index=0)
    return gen, info, read_urdf(info.urdf_path)


def _load_meshes(obj) -> dict[str, trimesh.Trimesh]:
    out = {}
    for name, link in obj.links.items():
        (visual,) = [m for m in link.meshes if m.kind == "visual"]
        assert visual.filename == f"meshes/{name}.stl"
        assert visual.path is not None, f"link {name}: mesh does not resolve"
        out[name] = trimesh.load(visual.path, file_type="stl")
        _assert_collision_pieces(name, link, out[name])
    return out


def _assert_collision_pieces(name, link, visual: trimesh.Trimesh) -> None:
    """The collision geometry is the visual mesh, or pieces that cover it: meshes and boxes
    along the link frame's axes, each a closed solid inside the visual's bounds, together
    at least its volume (parts may overlap). How close each is to convex is the
    pipeline's fidelity figure (tests/arena_core/pipeline/test_collision.py)."""
    files = [m.filename for m in link.meshes if m.kind == "collision"]
    boxes = [p for p in link.primitives if p.kind == "collision"]
    if files == [f"meshes/{name}.stl"]:
        assert not boxes, name
        return
    assert files == [f"meshes/{name}_collision_{k:02d}.stl" for k in range(len(files))], files
    assert len(files) + len(boxes) >= 1, name
    assert all(b.shape == "box" and np.array_equal(b.origin[:3, :3], np.eye(3)) for b in boxes)
    pieces = [trimesh.load(m.path, file_type="stl") for m in link.meshes if m.kind == "collision"]
    pieces += [trimesh.creation.box(extents=b.size, transform=b.origin) for b in boxes]
    for piece in pieces:
        assert piece.is_watertight, name
        assert np.all(piece.bounds[0] >= visual.bounds[0] - FLOAT32_POSITION), name
        assert np.all(piece.bounds[1] <= visual.bounds[1] + FLOAT32_POSITION), name
    assert sum(p.volume for p in pieces) >= 0.97 * visual.volume, name


@pytest.mark.parametrize("kind", list(KINDS))
def test_kind_round_trips_exactly_and_is_valid_arena_urdf(kind, tmp_path):
    gen, _, read = _write_read(kind, 7, tmp_path)
    assert read.issues == []
    _assert_same_kinematics_and_mass(read.obj, gen.obj)
    _assert_valid_joints(read.obj)
    _assert_valid_inertials(read.obj)
    _assert_meshes_match(read.obj, gen)


def test_every_kind_is_valid_for_another_seed():
    for kind in KINDS:
        obj = generate_object(kind, np.random.default_rng(11)).obj
        _assert_valid_joints(obj)
        _assert_valid_inertials(obj)


def _assert_same_kinematics_and_mass(obj, truth) -> None:
    assert obj.root == "base" and set(obj.links) == set(truth.links)
    assert [j.name for j in obj.joints] == [j.name for j in truth.joints]
    assert [j.type for j in obj.joints] == [j.type for j in truth.joints]
    assert_array_equal(obj.twists(), truth.twists())
    assert_array_equal(obj.limits(), truth.limits())
    assert_array_equal([j.pitch for j in obj.joints], [j.pitch for j in truth.joints])
    for name, link in obj.links.items():
        expected = truth.links[name].inertial
        assert link.inertial.mass == expected.mass
        assert_array_equal(link.inertial.com, expected.com)
        assert_allclose(link.inertial.inertia, expected.inertia, rtol=tol.ROUND_TRIP, atol=0)


def _assert_valid_joints(obj) -> None:
    for j in obj.joints:
        if j.type == "fixed":
            continue
        assert abs(np.linalg.norm(j.axis_local) - 1.0) <= tol.UNIT_AXIS, j.name
        assert j.effort is not None and j.effort > 0 and j.velocity is not None and j.velocity > 0
        if j.type == "continuous":
            assert (j.lower, j.upper) == (-math.inf, math.inf)
        else:
            assert math.isfinite(j.lower) and math.isfinite(j.upper) and j.lower < j.upper, j.name
            assert j.lower <= 0.0 <= j.upper, f"{j.name}: the stored state is outside the limits"
        if j.type == "helical":
            assert j.pitch > 0


def _assert_valid_inertials(obj) -> None:
    for name, link in obj.links.items():
        props = link.inertial
        eig = np.linalg.eigvalsh(props.inertia)
        assert props.mass > tol.MIN_MASS and eig[0] > tol.MIN_INERTIA, name
        assert eig[0] + eig[1] >= eig[2] * (1.0 - tol.ROUND_TRIP), f"{name}: triangle inequality"


def _assert_meshes_match(obj, gen) -> None:
    meshes = _load_meshes(obj)
    for name, mesh in meshes.items():
        assert mesh.is_watertight and mesh.volume > tol.MIN_VOLUME, name
        density = MATERIALS[gen.materials[name]]
        assert_allclose(mesh.volume * density, obj.links[name].inertial.mass, rtol=MASS_AGREEMENT)
        assert_allclose(mesh.center_mass, obj.links[name].inertial.com, atol=FLOAT32_POSITION)
    corners = np.concatenate([mesh.bounds + obj.link_poses[n][:3, 3] for n, mesh in meshes.items()])
    low, high = corners.min(axis=0), corners.max(axis=0)
    assert_allclose([(low[0] + high[0]) / 2, (low[1] + high[1]) / 2, low[2]], 0.0,
                    atol=FLOAT32_POSITION, err_msg="bottom-center of the object is not at the origin")


def test_same_seed_same_bytes_and_seeds_differ(tmp_path):
    first = generate(16, 5, tmp_path / "a")
    second = generate(16, 5, tmp_path / "b")
    assert tree_sha256(tmp_path / "a") == tree_sha256(tmp_path / "b")
    assert [i.object_id for i in first] == [i.object_id for i in second]
    generate(16, 6, tmp_path / "c")
    a = sorted(p.read_bytes() for p in (tmp_path / "a").glob("*/model.urdf"))
    c = sorted(p.read_bytes() for p in (tmp_path / "c").glob("*/model.urdf"))
    assert not set(a) & set(c)


def test_one_object_is_a_pure_function_of_seed_and_index(tmp_path):
    alone = write_object(generate_one(9, 17), tmp_path / "alone", seed=9, index=17)
    run = generate(18, 9, tmp_path / "run")[17]
    assert alone.object_id == run.object_id == "gen-9-00017"
    assert tree_sha256(alone.folder) == tree_sha256(run.folder)


@pytest.mark.parametrize("seed", [0, 123])
def test_first_thirty_cover_supercategories_and_joint_types(seed):
    objects = [generate_one(seed, i) for i in range(30)]
    supers = {KINDS[g.kind].supercategory for g in objects}
    types = set().union(*(g.joint_type_counts for g in objects))
    assert supers == set(SUPERCATEGORIES)
    assert types == set(JOINT_TYPES)
    assert {kind_for_index(i) for i in range(15)} == {
        next(k for k, s in KINDS.items() if s.supercategory == sup) for sup in SUPERCATEGORIES}


def test_every_supercategory_has_kinds_and_joint_counts_span_one_to_thirty_plus():
    assert Counter(s.supercategory for s in KINDS.values()).keys() == set(SUPERCATEGORIES)
    assert len(KINDS) >= 60
    counts = [generate_object(k, np.random.default_rng(1)).n_moving_joints
              for k in ("bottle", "keyboard", "piano", "laptop")]
    assert min(counts) == 1 and max(counts) >= 30


def test_physical_conventions():
    rng = np.random.default_rng(4)
    bottle = generate_object("bottle", rng).obj.joint("cap_joint")
    assert bottle.type == "helical" and 0.0005 <= bottle.pitch <= 0.003
    assert_allclose(np.abs(bottle.axis_local), [0, 0, 1])
    openings = set()
    for seed in range(6):
        cabinet = generate_object("cabinet", np.random.default_rng(seed))
        for j in cabinet.obj.joints:
            if j.name.startswith("door_") and j.type == "revolute":
                assert_allclose(np.abs(j.axis_local), [0, 0, 1])  # vertical hinge
                # closed at 0 (the hinge side sets the sign), opening through the angle
                # storage.cabinet draws, b.real(1.45, 2.0)
                assert 0.0 in (j.lower, j.upper) and 1.45 <= j.upper - j.lower <= 2.0
                openings.add(j.upper - j.lower)
            if j.type == "prismatic":
                drawer = trimesh.load(io.BytesIO(cabinet.meshes[f"meshes/{j.child}.stl"]),
                                      file_type="stl")
                assert_allclose(np.abs(j.axis_local), [1, 0, 0])  # slides out the front
                assert j.upper - j.lower < drawer.extents[0], f"{j.name} travels past its depth"
    assert len(openings) > 1  # drawn per door, not one constant


def test_generated_json_and_meta(tmp_path):
    infos = generate(3, 42, tmp_path)
    assert [p.name for p in sorted(tmp_path.iterdir())] == [
        "gen-42-00000", "gen-42-00001", "gen-42-00002", INDEX_NAME]
    listing = json.loads((tmp_path / INDEX_NAME).read_text())
    assert listing["seed"] == 42 and [o["object_id"] for o in listing["objects"]] == [
        i.object_id for i in infos]
    meta = json.loads((tmp_path / "gen-42-00001" / "meta.json").read_text())
    assert meta["kind"] == meta["category"] == kind_for_index(1)
    assert meta["n_moving_joints"] == sum(v for k, v in meta["joint_types"].items() if k != "fixed")
    assert (tmp_path / "gen-42-00001" / URDF_NAME).is_file()
    assert not list(tmp_path.glob(".*tmp*"))


def test_bad_arguments_are_clear_errors(tmp_path):
    with pytest.raises(GeneratorError, match="n must be"):
        generate(0, 1, tmp_path)
    with pytest.raises(GeneratorError, match="seed must be"):
        generate(2, -1, tmp_path)
    with pytest.raises(UnknownKindError, match="known kinds"):
        generate(2, 1, tmp_path, kinds=["cabinet", "spaceship"])
    with pytest.raises(UnknownKindError):
        generate_object("spaceship", np.random.default_rng(0))
    assert not list(tmp_path.iterdir())


def test_builder_rejects_broken_descriptions():
    b = Builder(np.random.default_rng(0))
    with pytest.raises(GeneratorError, match="first link"):
        b.link("door", "wood", S.box((1, 1, 1), (0, 0, 0.5)))
    b.link("base", "wood", S.box((1, 1, 1), (0, 0, 0.5)))
    with pytest.raises(GeneratorError, match="material"):
        b.link("lid", "cheese", S.box((1, 1, 1), (0, 0, 0.5)))
    b.link("lid", "wood")
    with pytest.raises(GeneratorError, match="not ordered"):
        b.revolute("lid", "base", "y", (0, 0, 1), 1.0, 0.0)
    with pytest.raises(GeneratorError, match="without a parent"):
        b.build("box", "broken")
    b.revolute("lid", "base", "y", (0, 0, 1), 0.0, 1.0)
    with pytest.raises(GeneratorError, match="already has a parent"):
        b.prismatic("lid", "base", "z", 0.0, 1.0)
    with pytest.raises(GeneratorError, match="without solids"):
        b.build("box", "broken")
    with pytest.raises(S.ShapeError):
        S.box((1, 0, 1), (0, 0, 0))


def test_generated_objects_pass_normalization_and_verification(tmp_path):
    run = pytest.importorskip("arena_core.pipeline.run")
    infos = generate(60, 2024, tmp_path / "gen")
    failures = []
    for info in infos:
        record = run.run_object(
            info.urdf_path, tmp_path / "out",
            provenance={"object_id": info.object_id, "source": "generated",
                        "category": info.category}).record
        errors = [i for i in record.verification.issues if i.severity == "error"]
        if record.verification.status != "accepted" or errors:
            failures.append((info.object_id, info.kind, [(i.code, i.message) for i in errors]))
    assert failures == []
