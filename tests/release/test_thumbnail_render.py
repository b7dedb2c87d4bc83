"""The thumbnail z-buffer: the nearest face shows whatever the order of the faces, faces thinner
than a pixel still show, a small part in front of a large face is drawn, and the picture is
the same every time."""

from __future__ import annotations

import numpy as np
import pytest

from release.thumbnail_render import PAD, rasterize, render

#: Looking along -X (from +X), Z up: screen right is +Y.
FRONT = (0.0, 0.0)


def _square(x: float, half: float, y: float = 0.0, z: float = 0.0) -> np.ndarray:
    """Two triangles ``(2, 3, 3)``: a square of side ``2 half`` in the plane X = ``x``."""
    a, b, c, d = ([x, y - half, z - half], [x, y + half, z - half], [x, y + half, z + half],
                  [x, y - half, z + half])
    return np.array([[a, b, c], [a, c, d]], dtype=float)


@pytest.mark.parametrize("near_first", [True, False])
def test_the_nearest_face_shows_whatever_the_order(near_first):
    near, far = _square(1.0, 0.5), _square(0.0, 1.0)  # the camera is on +X
    tris = np.concatenate([near, far] if near_first else [far, near])
    face, depth = rasterize(tris, FRONT, size=64)
    near_faces = {0, 1} if near_first else {2, 3}
    assert int(face[32, 32]) in near_faces and int(face[2, 32]) not in near_faces
    assert np.isfinite(depth[32, 32]) and depth[32, 32] > depth[2, 32]


def test_a_face_thinner_than_a_pixel_still_shows():
    """A wire 2 m long and 0.5 mm wide beside a 2 m square: the picture (2.5 m wide) shows
    it in (nearly) every row it spans."""
    wire = np.array([[[0.0, 0.5, -1.0], [0.0, 0.5005, -1.0], [0.0, 0.5, 1.0]]])
    face, _ = rasterize(np.concatenate([_square(0.0, 1.0, y=-1.0), wire]), FRONT, size=64)
    spanned = 2.0 / 2.5 * 64 * (1 - 2 * PAD)
    assert (face == 2).any(axis=1).sum() >= spanned - 1


def test_a_small_part_in_front_of_a_large_face_is_drawn():
    """A button (second link, orange) on a large panel (first link, blue), seen at a slant:
    the button's colour is in the picture."""
    panel, button = _square(0.0, 1.0), _square(0.02, 0.1, y=0.7, z=-0.7)
    image = render([panel, button], (20.0, -30.0), size=64)
    orange = (image[..., 0] > image[..., 2] + 0.3).sum()
    assert orange > 4


def test_the_picture_is_the_same_every_time():
    tris = [_square(0.0, 1.0), _square(0.02, 0.1, y=0.7)]
    first = render(tris, (45.0, 30.0), size=32)
    assert first.shape == (32, 32, 3) and first.min() >= 0 and first.max() <= 1
    np.testing.assert_array_equal(first, render(tris, (45.0, 30.0), size=32))
