"""Whether a triangle mesh can be closed, decided as trimesh decides it but without building
a ``trimesh.Trimesh``: :func:`may_be_watertight`.

:mod:`arena_core.mesh.parts` integrates a mesh as a solid only when
``trimesh.Trimesh(vertices, faces, process=True).is_watertight`` (and its winding is
consistent). Building that object costs about 0.25 ms for the few-hundred-vertex parts of a
PartNet object, most of them open; this module answers the watertight question with the
same arithmetic, so only the meshes that may be closed are built:

1. ``process=True`` merges vertices whose coordinates agree after
   ``round(x * 10**digits)`` to int64, ``digits`` from ``trimesh.tol.merge``
   (``trimesh.grouping.merge_vertices``, for a mesh without UVs or vertex normals);
2. ``is_watertight`` holds when every edge of the merged faces, its two vertex indices
   sorted, occurs exactly twice (``trimesh.graph.is_watertight``: groups of exactly two
   rows cover all ``3 m`` edges).

Both steps compare integers exactly, so any labelling of the merged vertices gives the same
answer (here: rank of the row in a lexicographic sort); each edge is packed into one int64
(``lo * n + hi``, exact for the vertex counts :data:`arena_core.util.input_limits.MESH_MAX_BYTES`
allows). Faces that are not ``(m, 3)`` with indices inside the vertex array are left to
trimesh (answer ``True``: build it).

Example:
    >>> import numpy as np
    >>> tetra = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1.0]])
    >>> faces = np.array([[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]])
    >>> may_be_watertight(tetra, faces), may_be_watertight(tetra, faces[:3])
    (True, False)
"""

from __future__ import annotations

import numpy as np


def may_be_watertight(vertices: np.ndarray, faces: np.ndarray) -> bool:
    """``False`` when ``trimesh.Trimesh(vertices, faces, process=True).is_watertight`` is
    ``False`` (module docstring); ``True`` when it is ``True`` or the faces are left to trimesh.

    ``vertices`` ``(n, 3)`` finite float64, ``faces`` ``(m, 3)`` int, ``m >= 1``.
    """
    from trimesh import tol, util

    if faces.ndim != 2 or faces.shape[1] != 3 or len(faces) == 0 \
            or faces.min() < 0 or faces.max() >= len(vertices):
        return True
    keys = (vertices * (10 ** util.decimal_to_digits(tol.merge))).round().astype(np.int64)
    label = _row_labels(keys)
    edges = label[faces[:, [0, 1, 1, 2, 2, 0]].reshape(-1, 2)]
    packed = np.minimum(edges[:, 0], edges[:, 1]) * (int(label.max()) + 1) \
        + np.maximum(edges[:, 0], edges[:, 1])
    packed.sort()
    # every value exactly twice: the sorted values pair up, and neighbouring pairs differ
    return len(packed) % 2 == 0 and bool((packed[0::2] == packed[1::2]).all()) \
        and bool((packed[2::2] != packed[1:-1:2]).all())


def _row_labels(rows: np.ndarray) -> np.ndarray:
    """``(n,)`` int64 labels of the ``(n, k)`` int rows (``n >= 1``): equal iff the rows are."""
    order = np.lexsort(rows.T)
    ordered = rows[order]
    new = np.empty(len(rows), dtype=bool)
    new[0] = True
    np.any(ordered[1:] != ordered[:-1], axis=1, out=new[1:])
    label = np.empty(len(rows), dtype=np.int64)
    label[order] = np.cumsum(new) - 1
    return label
