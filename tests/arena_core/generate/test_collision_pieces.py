"""The generator's convex collision pieces (arena_core.generate.collision): exact where the
parts are boxes, sectors for round hollow parts, never a shared vertex position."""

from __future__ import annotations

import numpy as np
import pytest

from arena_core.generate import KINDS, generate_one, kind_for_index
from arena_core.generate import collision as C
from arena_core.generate import shapes as S
from arena_core.generate.collision import SEPARATION, convex_pieces
from arena_core.mesh.convexity import SurfaceIndex, closed_convex, hull_standoff, split_mesh
from arena_core.mesh.plane_split import arrays, close_hull


def _volume(vertices, faces) -> float:
    tris = vertices[faces]
    return abs(float(np.einsum("ij,ij->", tris[:, 0], np.cross(tris[:, 1], tris[:, 2])))) / 6


def test_an_open_box_is_its_floor_and_four_walls():
    box = S.box((0.4, 0.3, 0.2), (0.0, 0.0, 0.1))
    cavity = S.box((0.38, 0.28, 0.2), (0.0, 0.0, 0.11))
    pieces = convex_pieces([box], [cavity], limit=0.005)
    assert len(pieces) == 5
    assert all(closed_convex(v, f) for v, f in pieces)
    expected = 0.4 * 0.3 * 0.2 - 0.38 * 0.28 * 0.19
    assert sum(_volume(v, f) for v, f in pieces) == pytest.approx(expected, rel=1e-3)


@pytest.mark.parametrize("radius", [0.06, 0.22])
def test_a_tube_is_cut_into_sectors_that_keep_its_bore(radius):
    tube = S.tube(radius - 0.01, radius, 0.3, (0, 0, 0), "x")
    pieces = convex_pieces([tube], [], limit=0.007)
    # the fewest sectors whose arcs rise at most the limit over their chords: 8 and 24
    assert len(pieces) == (8 if radius == 0.06 else 24)
    # each sector a convex solid: cut through the tube's own 24 sections, or written as its
    # hull (the sector closed by its chord), whose chord dips into the bore within the limit
    assert all(closed_convex(v, f) for v, f in pieces)
    surface = np.asarray(tube.triangles, dtype=float)
    assert max(hull_standoff(v, surface, seed=0) for v, _ in pieces) <= 0.007
    bore = radius - 0.01 - 0.007  # no piece reaches into the bore beyond the limit
    for v, _ in pieces:
        centre = v.mean(axis=0)
        assert np.hypot(centre[1], centre[2]) > bore
        assert np.hypot(v[:, 1], v[:, 2]).min() > radius - 0.01 - 1e-4  # no new vertex


def test_pieces_share_no_vertex_position_so_a_merged_mesh_splits_back():
    parts = [S.box((0.1, 0.1, 0.1), (0, 0, 0.05)), S.box((0.1, 0.1, 0.1), (0.1, 0, 0.05))]
    pieces = convex_pieces(parts, [], limit=0.005)
    offsets = np.cumsum([0] + [len(v) for v, _ in pieces])
    merged = (np.concatenate([v for v, _ in pieces]),
              np.concatenate([f + o for (_, f), o in zip(pieces, offsets, strict=False)]))
    assert len(split_mesh(*merged)) == 2
    assert np.min(pieces[1][0][:, 0]) - np.max(pieces[0][0][:, 0]) > SEPARATION / 2


def test_a_flat_ring_is_cut_into_sectors_though_its_hull_adds_little_per_area():
    seat = S.tube(0.1, 0.2, 0.015, (0, 0, 0))  # a toilet seat: the hull would fill its hole
    pieces = convex_pieces([seat], [], limit=0.005)
    assert len(pieces) >= 8
    for v, _ in pieces:
        assert np.hypot(*v.mean(axis=0)[:2]) > 0.1


def test_a_shell_wall_with_a_round_opening_is_cut_around_the_opening():
    shell = S.box((0.6, 0.6, 0.8), (0, 0, 0.4))
    cavity = S.box((0.59, 0.59, 0.79), (0, 0, 0.4))
    door = S.cylinder(0.18, 0.2, (0.3, 0, 0.4), "x")  # a front loader's opening
    pieces = convex_pieces([shell], [cavity, door], limit=0.008)
    front = [v for v, _ in pieces if v[:, 0].min() > 0.29]
    assert len(front) >= 4
    for v in front:  # no piece of the front wall covers the opening's centre
        y, z = v[:, 1], v[:, 2]
        assert not (y.min() < 0 < y.max() and z.min() < 0.4 < z.max())


def test_a_convex_part_is_one_piece():
    assert len(convex_pieces([S.cylinder(0.1, 0.3, (0, 0, 0))], [], limit=0.005)) == 1


def test_a_piece_written_as_its_hull_stands_off_its_solid_within_the_pipelines_limit(
        monkeypatch):
    """A piece close to convex is written as its hull, so the pipeline, which decomposes a
    collision mesh whose hull stands off it by more than max(1 cm, 2% of the link's
    diagonal), never measures it: the hull of every such piece of one object of every kind
    stands off the piece within twice the generator's limit, max(5 mm, 1%), that figure.
    A piece whose hull would stand off farther is kept as it is: washing machine 281's
    stepped drum rim (its hull would fill the step, 2.1x the limit), which the pipeline
    then measures and decomposes."""
    hulled, kept = [], []

    def recorded(piece, limit):
        out = as_collided(piece, limit)
        if out is not piece:
            hulled.append((arrays(piece), arrays(out)[0], limit))
        elif close_hull(piece, limit) is not None:
            kept.append((arrays(piece), arrays(close_hull(piece, limit))[0], limit))
        return out

    as_collided = C._as_collided
    monkeypatch.setattr(C, "_as_collided", recorded)
    for index in [*range(len(KINDS)), 281]:
        generate_one(0, index)
    assert kind_for_index(281) == "washing_machine"
    assert len(hulled) > 300  # tubes, rings, bands, lids of many kinds
    assert max(SurfaceIndex(v[f], seed=0).standoff(hull) / limit
               for (v, f), hull, limit in hulled) <= C.HULL_STANDOFF
    assert kept and max(SurfaceIndex(v[f], seed=0).standoff(hull) / limit
                        for (v, f), hull, limit in kept) > C.HULL_STANDOFF
