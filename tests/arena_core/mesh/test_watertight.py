"""may_be_watertight answers trimesh's ``Trimesh(process=True).is_watertight`` exactly."""

from __future__ import annotations

import numpy as np
import pytest
import trimesh

from arena_core.mesh.watertight import may_be_watertight


def _trimesh_says(vertices: np.ndarray, faces: np.ndarray) -> bool:
    return trimesh.Trimesh(vertices=vertices, faces=faces.copy(), process=True,
                           validate=False).is_watertight


def _soups(seed: int):
    """Closed meshes, the same as unmerged triangle soups (some vertices moved below and
    above the merge precision), with faces dropped, doubled or degenerate."""
    rng = np.random.default_rng(seed)
    for mesh in (trimesh.creation.box(), trimesh.creation.icosphere(1),
                 trimesh.creation.cylinder(0.3, 1.0, sections=7)):
        v, f = np.asarray(mesh.vertices, float), np.asarray(mesh.faces, np.int64)
        yield v, f
        soup = v[f].reshape(-1, 3).copy()
        soup_faces = np.arange(len(soup)).reshape(-1, 3)
        yield soup, soup_faces
        for shift in (1e-10, 4e-9, 6e-9, 1e-7):
            moved = soup.copy()
            moved[rng.integers(len(moved))] += shift
            yield moved, soup_faces
        yield v, f[1:]
        yield v, np.vstack([f, f[:2]])
        yield v, np.vstack([f, [[0, 0, 1], [0, 1, 0]]])
        yield v * 1e-3, f
        yield v * 1e6, f[:, ::-1]


@pytest.mark.parametrize("seed", range(5))
def test_agrees_with_trimesh(seed):
    cases = list(_soups(seed))
    assert any(_trimesh_says(v, f) for v, f in cases)
    assert not all(_trimesh_says(v, f) for v, f in cases)
    for vertices, faces in cases:
        assert may_be_watertight(vertices, faces) == _trimesh_says(vertices, faces)


def test_faces_it_does_not_judge_are_left_to_trimesh():
    v = np.eye(3)
    assert may_be_watertight(v, np.array([[0, 1, 5]]))
    assert may_be_watertight(v, np.array([[0, 1, -1]]))
