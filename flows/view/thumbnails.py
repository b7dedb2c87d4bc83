"""Thumbnails of the object list: the release card's renderer, one object per PNG.

Each thumbnail is :func:`release.figures.sheet_figure` of one object — the same
software-rasterized drawing (visual meshes at the stored state, the whole surface or,
above :data:`release.figures.MAX_FACES` faces, its quadric simplification) as the card's
contact sheet — saved at :data:`DPI`. Drawing one takes
0.1-1 s, so they are drawn when the page first asks for them, one at a time (the
machine's other core keeps serving meshes), and kept in memory (:class:`ThumbnailCache`,
at most ``capacity`` of them, least recently used dropped first).
"""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg

from release.figures import MAX_FACES, PNG_METADATA, sheet_figure

#: Resolution of a thumbnail (a 1.6 x 2.0 inch figure: 128 x 160 px).
DPI = 80


def render_thumbnail(urdf: Path) -> bytes:
    """PNG bytes of the object whose canonical URDF is ``urdf`` (meshes beside it).

    Raises:
        arena_core.formats.urdf.read.UrdfError: the URDF cannot be read.
    """
    from arena_core.formats.urdf.read import read_urdf

    obj = read_urdf(urdf).obj
    fig = sheet_figure([("", obj)], max_faces=MAX_FACES, columns=1)
    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, dpi=DPI, format="png", metadata=PNG_METADATA)
    return buffer.getvalue()


class ThumbnailCache:
    """Thumbnails by object id, drawn on first use from ``source.urdf_file`` (one at a
    time)."""

    def __init__(self, source, *, capacity: int = 4096):
        self._source = source
        self._capacity = capacity
        self._cache: OrderedDict[str, bytes] = OrderedDict()
        self._draw = threading.Lock()

    def png(self, object_id: str) -> bytes:
        """The thumbnail of ``object_id`` (the source's errors for an unknown object or an
        unreadable archive; UrdfError for a URDF that cannot be read)."""
        with self._draw:
            if object_id in self._cache:
                self._cache.move_to_end(object_id)
                return self._cache[object_id]
            with self._source.urdf_file(object_id) as urdf:
                data = render_thumbnail(urdf)
            self._cache[object_id] = data
            if len(self._cache) > self._capacity:
                self._cache.popitem(last=False)
            return data
