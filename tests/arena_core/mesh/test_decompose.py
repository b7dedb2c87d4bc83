"""Convex pieces of collision meshes: connected pieces, CoACD, the bound, the cache."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import trimesh
from numpy.testing import assert_allclose

from arena_core.mesh import decompose
from arena_core.mesh.convexity import SurfaceIndex, hull_standoff, hull_volume, split_mesh
from arena_core.mesh.decompose import (
    DecomposeError,
    DecomposeParams,
    PieceStore,
    convex_pieces,
    hull_obj,
)

REPO = Path(__file__).resolve().parents[3]


def open_box(extents=(0.4, 0.3, 0.15)) -> trimesh.Trimesh:
    """A drawer: a box without its top, one connected open surface."""
    box = trimesh.creation.box(extents=extents)
    keep = [i for i, n in enumerate(box.face_normals) if n[2] < 0.5]
    return trimesh.Trimesh(box.vertices, box.faces[keep])


def thick_drawer() -> trimesh.Trimesh:
    """A drawer with 2 cm walls: one closed, concave solid (CoACD's case)."""
    outer = trimesh.creation.box(extents=(0.4, 0.3, 0.15))
    inner = trimesh.creation.box(extents=(0.36, 0.26, 0.15))
    inner.apply_translation((0, 0, 0.02))
    return outer.difference(inner)


def two_boxes() -> trimesh.Trimesh:
    a = trimesh.creation.box(extents=(0.1, 0.1, 0.1))
    b = a.copy()
    b.apply_translation((0.5, 0, 0))
    return trimesh.util.concatenate([a, b])


def test_split_mesh_welds_vertices_and_finds_the_pieces():
    both = two_boxes()
    soup = both.triangles.reshape(-1, 3)  # every triangle its own vertices
    pieces = split_mesh(soup, np.arange(len(soup)).reshape(-1, 3))
    assert [len(v) for v, _ in pieces] == [8, 8]
    assert_allclose(sum(hull_volume(v) for v, _ in pieces), 2e-3, rtol=1e-9)


def test_hull_standoff_is_zero_for_a_convex_mesh_and_the_depth_for_an_open_box():
    box = trimesh.creation.box(extents=(1.0, 1.0, 1.0))
    assert hull_standoff(box.vertices, box.triangles, seed=0) == pytest.approx(0.0, abs=1e-9)
    drawer = open_box((1.0, 1.0, 0.5))
    # the hull's lid centre is 0.5 from the bottom and each wall (sampled: at most that)
    found = hull_standoff(drawer.vertices, drawer.triangles, seed=0)
    assert 0.4 <= found <= 0.5 + 1e-12
    far = SurfaceIndex(box.triangles, seed=0).standoff(box.vertices + [3.0, 0, 0])
    assert far == pytest.approx(3.0, rel=1e-6)  # the far face, 3 from the near one


def test_disjoint_convex_pieces_are_kept_without_coacd(monkeypatch):
    monkeypatch.setattr(decompose, "_coacd", lambda *a: pytest.fail("CoACD was called"))
    both = two_boxes()
    pieces = convex_pieces(both.vertices, both.faces, params=DecomposeParams())
    assert sorted(len(p) for p in pieces) == [8, 8]
    merged = convex_pieces(both.vertices, both.faces, params=DecomposeParams(max_pieces=1))
    assert len(merged) == 1 and hull_volume(merged[0]) == pytest.approx(0.1 * 0.1 * 0.6)


def test_an_open_box_is_split_into_its_boards(monkeypatch):
    monkeypatch.setattr(decompose, "_coacd", lambda *a: pytest.fail("CoACD was called"))
    drawer = open_box()
    pieces = convex_pieces(drawer.vertices, drawer.faces, params=DecomposeParams())
    assert len(pieces) == 5 and all(hull_volume(p) == 0 for p in pieces)
    index = SurfaceIndex(drawer.triangles, seed=0)
    assert max(index.standoff(p) for p in pieces) == pytest.approx(0.0, abs=1e-12)


def test_a_thick_drawer_is_decomposed_by_coacd_into_pieces_that_keep_its_opening():
    drawer = thick_drawer()
    params = DecomposeParams(max_pieces=8)
    pieces = convex_pieces(drawer.vertices, drawer.faces, params=params)
    assert 2 <= len(pieces) <= 8
    index = SurfaceIndex(drawer.triangles, seed=0)
    whole = index.standoff(drawer.vertices)
    worst = max(index.standoff(p) for p in pieces)
    assert 0.1 <= whole <= 0.13 + 1e-12  # the lid of the hull over a 13 cm deep cavity
    assert worst < 0.5 * whole
    again = convex_pieces(drawer.vertices, drawer.faces, params=params)  # deterministic
    assert all(np.array_equal(a, b) for a, b in zip(pieces, again, strict=True))


def test_piece_store_decomposes_once_per_content_and_parameters(tmp_path, monkeypatch):
    calls = []
    real = decompose.convex_pieces
    monkeypatch.setattr(decompose, "convex_pieces",
                        lambda *a, **k: calls.append(1) or real(*a, **k))
    both = two_boxes()
    store = PieceStore(tmp_path)
    first = store.pieces(both.vertices, both.faces, params=DecomposeParams())
    second = PieceStore(tmp_path).pieces(both.vertices, both.faces, params=DecomposeParams())
    assert first == second and len(calls) == 1
    assert (store.decomposed, store.hits) == (1, 0)
    store.pieces(both.vertices, both.faces, params=DecomposeParams(max_pieces=1))
    assert len(calls) == 2 and store.decomposed == 2
    loaded = trimesh.load(first[0], force="mesh", process=False)
    assert loaded.is_convex and loaded.is_watertight


def test_coacd_failure_is_a_decompose_error(monkeypatch):
    coacd = decompose._coacd_module()  # as the stage imports it (one OpenMP thread)

    def broken(*a, **k):
        raise RuntimeError("boom")

    monkeypatch.setattr(coacd, "run_coacd", broken)
    drawer = thick_drawer()
    with pytest.raises(DecomposeError, match="boom"):
        convex_pieces(drawer.vertices, drawer.faces, params=DecomposeParams())


def test_hull_obj_of_a_flat_set_is_the_fan_of_its_outline():
    square = np.array([[0.0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0.5, 0.5, 0]])
    text = hull_obj(square)
    assert text.count(b"v ") == 4 and text.count(b"f ") == 2


FORKED_AFTER_COACD = """
import os, sys, time, trimesh
from arena_core.mesh.decompose import DecomposeParams, convex_pieces
ring = trimesh.creation.torus(0.2, 0.05)
ring = trimesh.Trimesh(ring.vertices, ring.faces[1:])  # open and curved: CoACD's
run = lambda: convex_pieces(ring.vertices, ring.faces, params=DecomposeParams())
run()
pid = os.fork()
if pid == 0:
    run()
    os._exit(0)
for _ in range(240):
    if os.waitpid(pid, os.WNOHANG)[0]:
        sys.exit(0)
    time.sleep(0.25)
os.kill(pid, 9)
sys.exit(3)
"""


def test_a_process_forked_after_coacd_ran_can_run_it_again():
    """CoACD's OpenMP runtime is held to one thread (decompose._coacd_module): with a thread
    pool, the child of a fork after a CoACD call (a build's per-object sandbox, a test
    process) waits forever in its first CoACD call. A fresh process, so the import is this
    module's."""
    done = subprocess.run([sys.executable, "-c", FORKED_AFTER_COACD], cwd=REPO,
                          env={k: v for k, v in os.environ.items() if k != "OMP_NUM_THREADS"},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
