"""Thumbnail views: a flat panel is seen face-on, the moving parts are in sight, what lies flat
is seen from above, an object no view shows better keeps the default view, and an object whose
source declares its front is seen from it."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.spatial import ConvexHull

from arena_core.formats.urdf.read import read_urdf_string
from release.figures import DEFAULT_VIEW, SheetItem, object_triangles, sheet_cells
from release.thumbnail_view import (
    CANDIDATES,
    FRONT_SILHOUETTE,
    FRONT_VECTORS,
    camera,
    choose_view,
    front_candidates,
    visible_areas,
)

#: Least projected area of a panel's silhouette, as a fraction of its largest face's area,
#: that reads as the panel's face (edge-on at the old fixed view: about half).
FACE_ON = 0.8
#: Least projected area of the top of something lying flat, as a fraction of the top's area
#: (20 degrees above the horizon: about 0.45, its sides included).
FROM_ABOVE = 0.6


def _box_links(body: tuple[float, float, float], parts: list[tuple[str, tuple, tuple]]) -> str:
    """A URDF: link ``base`` a box ``body`` standing on the origin, and one box link per
    ``(joint type, size, xyz)`` in ``parts`` jointed to it (prismatic along X, revolute
    about Z)."""
    links = [f'<link name="base"><visual><origin xyz="0 0 {body[2] / 2}"/><geometry>'
             f'<box size="{body[0]} {body[1]} {body[2]}"/></geometry></visual></link>']
    for k, (kind, size, xyz) in enumerate(parts):
        axis = "1 0 0" if kind == "prismatic" else "0 0 1"
        links.append(
            f'<link name="p{k}"><visual><geometry><box size="{size[0]} {size[1]} {size[2]}"/>'
            f'</geometry></visual></link><joint name="j{k}" type="{kind}"><parent link="base"/>'
            f'<child link="p{k}"/><origin xyz="{xyz[0]} {xyz[1]} {xyz[2]}"/><axis xyz="{axis}"/>'
            f'<limit lower="0" upper="0.01" effort="1" velocity="1"/></joint>')
    return f'<robot name="r">{"".join(links)}</robot>'


def _projected_area(obj, view: tuple[float, float]) -> float:
    """Area (m^2) of the silhouette of a convex ``obj`` seen from ``view`` (orthographic)."""
    _, right, up = camera(*view)
    points = np.concatenate([t.reshape(-1, 3) for t in object_triangles(obj)[0]])
    return float(ConvexHull(np.stack([points @ right, points @ up], axis=1)).volume)


def _view(obj) -> tuple[float, float]:
    return sheet_cells([("x", obj)])[0].view


@pytest.mark.parametrize("leaf", [(0.04, 0.9, 2.0), (0.9, 0.04, 2.0)], ids=["yz", "xz"])
def test_a_door_panel_is_seen_face_on(tmp_path, leaf):
    """A door leaf on a vertical hinge, in either vertical plane: the thumbnail's view shows
    at least FACE_ON of its face (the old fixed view showed the YZ door at about half)."""
    text = _box_links((0.02, 0.02, 0.02), [("revolute", leaf, (0, 0, 1.01))])
    obj = read_urdf_string(text, base_dir=tmp_path).obj
    face = sorted(leaf)[1] * sorted(leaf)[2]
    assert _projected_area(obj, _view(obj)) >= FACE_ON * face


def test_the_moving_parts_are_in_sight(tmp_path):
    """A slab (a remote) with its buttons on its -X face is seen from the -X side."""
    buttons = [("prismatic", (0.01, 0.08, 0.05), (-0.105, y, z))
               for y in (-0.12, 0.0, 0.12) for z in (0.3, 0.6, 0.9, 1.2)]
    obj = read_urdf_string(_box_links((0.2, 0.5, 1.9), buttons), base_dir=tmp_path).obj
    toward, _, _ = camera(*_view(obj))
    assert toward[0] < -0.5


def test_what_lies_flat_is_seen_from_above(tmp_path):
    """A keyboard-like slab lying flat, its keys on top: FROM_ABOVE of its top in sight."""
    keys = [("prismatic", (0.05, 0.05, 0.01), (x, 0.0, 0.025)) for x in (-0.1, 0.0, 0.1)]
    obj = read_urdf_string(_box_links((0.45, 0.15, 0.02), keys), base_dir=tmp_path).obj
    assert _projected_area(obj, _view(obj)) >= FROM_ABOVE * 0.45 * 0.15


def test_a_symmetric_object_keeps_the_default_view(tmp_path):
    text = ('<robot name="jar"><link name="base"><visual><geometry><cylinder radius="0.1" '
            'length="0.3"/></geometry></visual></link></robot>')
    obj = read_urdf_string(text, base_dir=tmp_path).obj
    assert _view(obj) == DEFAULT_VIEW == CANDIDATES[0]


def test_the_view_is_deterministic_and_checks_its_input(tmp_path):
    buttons = [("prismatic", (0.01, 0.08, 0.05), (-0.105, 0.0, z)) for z in (0.3, 0.9)]
    obj = read_urdf_string(_box_links((0.2, 0.5, 1.9), buttons), base_dir=tmp_path).obj
    tris = object_triangles(obj)[0]
    first = choose_view(tris, [False] + [True] * (len(tris) - 1))
    assert first == choose_view(tris, [False] + [True] * (len(tris) - 1))
    assert choose_view([], []) == CANDIDATES[0]
    with pytest.raises(ValueError, match="one flag per link"):
        choose_view(tris, [True])


@pytest.mark.parametrize("front", ["-x", "+y"])
def test_an_object_with_a_declared_front_is_seen_from_it(tmp_path, front):
    """A camera-like slab whose buttons (the moving parts) are on its back, +X: with its
    source's front declared, the view comes from the front half-space (toward . front > 0),
    not from the buttons; without one, from the buttons."""
    buttons = [("prismatic", (0.01, 0.08, 0.05), (0.105, y, z))
               for y in (-0.12, 0.0, 0.12) for z in (0.3, 0.6, 0.9, 1.2)]
    obj = read_urdf_string(_box_links((0.2, 0.5, 1.9), buttons), base_dir=tmp_path).obj
    tris = object_triangles(obj)[0]
    moving = [False] + [True] * (len(tris) - 1)
    assert camera(*choose_view(tris, moving))[0][0] > 0.5  # the buttons, undeclared
    toward = camera(*choose_view(tris, moving, front=front))[0]
    assert toward @ np.array(FRONT_VECTORS[front]) > 0.4
    assert sheet_cells([SheetItem("x", obj, "camera", front)])[0].view == \
        choose_view(tris, moving, front=front)


def test_an_object_that_shows_little_from_its_front_is_seen_from_anywhere(tmp_path):
    """A board tilted to face -X and up, declared to face +X: every front view grazes it
    (under FRONT_SILHOUETTE of the best silhouette), so the view may come from behind."""
    text = ('<robot name="board"><link name="base"><visual><origin rpy="0 -0.467 0"/>'
            '<geometry><box size="1.0 1.0 0.01"/></geometry></visual></link></robot>')
    obj = read_urdf_string(text, base_dir=tmp_path).obj
    tris = object_triangles(obj)[0]
    silhouettes = visible_areas(tris, [False])[:, 0]
    inside = front_candidates("+x")
    assert silhouettes[inside].max() < FRONT_SILHOUETTE * silhouettes.max()
    assert camera(*choose_view(tris, [False], front="+x"))[0][0] < 0


def test_front_candidates_are_the_front_half_and_the_front_is_checked():
    for front, vector in FRONT_VECTORS.items():
        inside = front_candidates(front)
        assert inside.sum() == len(CANDIDATES) // 2
        expected = [camera(*view)[0] @ np.array(vector) > 0 for view in CANDIDATES]
        assert inside.tolist() == expected
    with pytest.raises(ValueError, match="front"):
        choose_view([], [], front="z")
