"""The figures of a release card: composition, joint types, moving joints, thumbnails.

Every figure is drawn on a matplotlib ``Figure`` with the Agg canvas (no display, no
pyplot global state) and saved as PNG with the ``Software`` metadata removed, so the
same inputs give the same bytes. The thumbnails draw each object's visual geometry at its
stored state from the whole surface: an object of at most ``max_faces`` faces is drawn with
all of them; a larger one has each visual mesh simplified by quadric decimation
(``fast_simplification``, through trimesh, after merging coincident vertices) to its share of
``max_faces``, which keeps the surface's shape. Each thumbnail looks from the view that
shows the most of its object (:func:`release.thumbnail_view.choose_view`: a large silhouette
and the moving parts in sight, so a door is not seen edge-on; from the object's front when its
source declares one), in the canonical frame (Z up, never turned), and is drawn by a z-buffer
in numpy (:mod:`release.thumbnail_render`: exact occlusion, one colour per link, outlines
between parts; no OpenGL) shown as an image.
A cell's title is the object id (whole, wrapped: :func:`wrap_title`) and, on the next line,
its category, so a reader can name what an id like ``generated-gen-0-00229`` is.
A mesh that does not load is not drawn, and its cell says so: under the title, in red,
``N mesh(es) not drawn:`` and the loader's codes (``mesh.unreadable``, ``mesh.missing``, ...).

Inputs are release rows or row summaries (:func:`release.rows.row_summary`): only
``supercategory``, ``source``, ``joint_counts`` (type -> count; derived from ``joints``
when absent) and ``n_moving_joints`` are read.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from arena_core.curation.coverage import source_colors
from arena_core.mesh.parts import MeshCache, MeshLoadFailure
from arena_core.model.articulated import ArticulatedObject
from release.thumbnail_render import render
from release.thumbnail_view import CANDIDATES, choose_view, moving_links
from schemas.curation import CURATION_JOINT_TYPES, SUPERCATEGORY_IDS
from schemas.issues import Issue, issue

#: PNG metadata written with every figure (no software version, no timestamp).
PNG_METADATA = {"Software": None}

#: Most objects on the contact sheet, and most faces drawn per thumbnail (above it, quadric
#: decimation; 12,000 faces keep the silhouette of the detailed real objects, within 1% of
#: all faces, and draw in about 0.3 s).
MAX_THUMBNAILS = 64
MAX_FACES = 12_000
#: A mesh of at most this many faces is never simplified.
_MIN_SIMPLIFIED_FACES = 64

#: Side of a thumbnail's picture in pixels (a cell is 1.6 inches wide: 144 pixels at the
#: sheet's 90 dpi, 128 at the viewer's 80; the picture is resampled to fit).
THUMBNAIL_PIXELS = 144
#: ``(elevation, azimuth)`` of a cell drawn without a chosen view (degrees).
DEFAULT_VIEW = CANDIDATES[0]
_UNASSIGNED = "unassigned"


def save_png(fig: Figure, path: str | os.PathLike[str], *, dpi: int = 100) -> Path:
    """Save ``fig`` as a deterministic PNG at ``path`` (parents created); return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    FigureCanvasAgg(fig)
    fig.savefig(path, dpi=dpi, format="png", metadata=PNG_METADATA)
    return path


def supercategory_figure(rows: Sequence[Mapping], path: str | os.PathLike[str]) -> Path:
    """Save :func:`supercategory_plot` of ``rows`` at ``path``."""
    return save_png(supercategory_plot(rows), path)


def supercategory_plot(rows: Sequence[Mapping]) -> Figure:
    """Horizontal bars: objects per supercategory, stacked by source (SPEC order), one colour
    per source (:func:`~arena_core.curation.coverage.source_colors`), the legend right of the
    axes and room right of the longest bar."""
    counts = Counter((r.get("supercategory") or _UNASSIGNED, r["source"]) for r in rows)
    sources = sorted({s for _, s in counts})
    sups = list(SUPERCATEGORY_IDS) + ([_UNASSIGNED] if any(k[0] == _UNASSIGNED for k in counts)
                                      else [])
    fig = Figure(figsize=(11, max(0.32 * len(sups) + 1.6, 0.2 * len(sources) + 1.2)),
                 layout="constrained")
    ax = fig.subplots()
    left = np.zeros(len(sups))
    for source, color in zip(sources, source_colors(len(sources)), strict=True):
        values = np.array([counts.get((s, source), 0) for s in sups], dtype=float)
        ax.barh(sups, values, left=left, label=source, color=color)
        left += values
    ax.set_xlim(0, max(float(left.max(initial=0)) * 1.08, 1.0))
    ax.invert_yaxis()
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("objects")
    ax.set_title(f"objects per supercategory by source ({len(rows)} objects)")
    if sources:
        fig.legend(fontsize="small", loc="outside right upper", title="source")
    return fig


def joint_type_figure(rows: Sequence[Mapping], path: str | os.PathLike[str]) -> Path:
    """Two bars per joint type: joints of that type, and objects with at least one."""
    joints, objects = Counter(), Counter()
    for r in rows:
        counts = joint_counts(r)
        joints.update(counts)
        objects.update(t for t, n in counts.items() if n)
    types = list(CURATION_JOINT_TYPES)
    x = np.arange(len(types))
    fig = Figure(figsize=(7, 3.6))
    ax = fig.subplots()
    ax.bar(x - 0.2, [joints.get(t, 0) for t in types], width=0.4, label="joints")
    ax.bar(x + 0.2, [objects.get(t, 0) for t in types], width=0.4, label="objects with >= 1")
    ax.set_xticks(x, types)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel("count")
    ax.set_title("joint types")
    ax.legend(fontsize="small")
    fig.tight_layout()
    return save_png(fig, path)


def joint_counts(row: Mapping) -> Mapping[str, int]:
    """Joint type -> count of a row summary (``joint_counts``) or a full row (``joints``)."""
    if "joint_counts" in row:
        return row["joint_counts"]
    return Counter(j["type"] for j in row["joints"])


def moving_joint_figure(rows: Sequence[Mapping], path: str | os.PathLike[str]) -> Path:
    """Histogram of the number of moving (non-fixed) joints per object."""
    counts = np.array([int(r["n_moving_joints"]) for r in rows], dtype=int)
    top = int(counts.max()) if counts.size else 0
    fig = Figure(figsize=(7, 3.6))
    ax = fig.subplots()
    ax.hist(counts, bins=np.arange(-0.5, top + 1.5, 1.0), color="tab:blue", edgecolor="white")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("moving joints per object")
    ax.set_ylabel("objects")
    ax.set_title(f"moving joints (median {np.median(counts) if counts.size else 0:g})")
    fig.tight_layout()
    return save_png(fig, path)


class SheetItem(NamedTuple):
    """One object of a contact sheet: its title (the object id), the object (``None``: an
    empty cell), its category (a second title line; ``None``: none) and the side its source
    says it faces (a key of :data:`release.thumbnail_view.FRONT_VECTORS`; ``None``: not
    known). A plain ``(title, object)`` pair is an item without category and front."""

    title: str
    obj: ArticulatedObject | None
    category: str | None = None
    front: str | None = None


def contact_sheet(
    objects: Sequence[SheetItem | tuple[str, ArticulatedObject | None]],
    path: str | os.PathLike[str],
    *,
    max_faces: int = MAX_FACES,
    columns: int = 8,
) -> Path:
    """A grid of thumbnails (:class:`SheetItem`), each object's visual geometry at rest.

    The caller chooses and caps the objects (:data:`MAX_THUMBNAILS`). An object given as
    ``None`` gets an empty cell (the release check, not the figure, judges it); meshes that
    do not load are named under the title (see the module docstring).
    """
    return save_cells(sheet_cells(objects, max_faces=max_faces), path, columns=columns)


def save_cells(cells: Sequence[SheetCell], path: str | os.PathLike[str], *,
               columns: int = 8) -> Path:
    """Save the contact sheet of ``cells`` (:func:`sheet_cells`) at ``path``."""
    return save_png(cells_figure(cells, columns=columns), path, dpi=90)


class SheetCell(NamedTuple):
    """One thumbnail: its title, whether meshes failed (title in red), triangles per link,
    and the ``(elevation, azimuth)`` it is seen from (degrees)."""

    title: str
    failed: bool
    tris: list[np.ndarray]
    view: tuple[float, float] = DEFAULT_VIEW


def sheet_cells(objects: Sequence[SheetItem | tuple[str, ArticulatedObject | None]], *,
                max_faces: int = MAX_FACES) -> list[SheetCell]:
    """What each thumbnail draws (the meshes are read and the view chosen here; drawing
    reads nothing)."""
    cells = []
    for title, obj, category, front in (SheetItem(*item) for item in objects):
        if obj is None:
            cells.append(SheetCell(_cell_title(title, [], category), False, []))
            continue
        per_link, issues = link_triangles(obj, max_faces=max_faces)
        moving = moving_links(obj)
        tris = list(per_link.values())
        view = choose_view(tris, [name in moving for name in per_link], front=front)
        cells.append(SheetCell(_cell_title(title, issues, category), bool(issues), tris, view))
    return cells


def cells_digest(cells: Sequence[SheetCell], *, columns: int = 8) -> str:
    """Digest of everything :func:`save_cells` draws (titles, triangles, views, layout)."""
    digest = hashlib.sha256(f"columns {columns} cells {len(cells)}\n".encode())
    for title, failed, tris, view in map(_cell, cells):
        digest.update(f"{title}\t{failed}\t{len(tris)}\t{view}\n".encode())
        for part in tris:
            array = np.ascontiguousarray(part, dtype=float)
            digest.update(f"{array.shape}".encode() + array.tobytes())
    return digest.hexdigest()


def sheet_figure(objects: Sequence[SheetItem | tuple[str, ArticulatedObject | None]], *,
                 max_faces: int = MAX_FACES, columns: int = 8) -> Figure:
    """The figure :func:`contact_sheet` saves: one axes per object, in order."""
    return cells_figure(sheet_cells(objects, max_faces=max_faces), columns=columns)


#: Height of a cell's picture, and of one line of its title (6 points), in inches.
_PICTURE_INCHES = 1.55
_TITLE_LINE_INCHES = 6 * 1.25 / 72


def cells_figure(cells: Sequence[SheetCell], *, columns: int = 8) -> Figure:
    """The contact sheet figure of ``cells``: one axes per cell, in order, each row with
    room above its pictures for the longest title of the sheet (id lines, category, meshes
    not drawn), so no title reaches into the picture above it."""
    cells = [_cell(c) for c in cells]
    n = max(len(cells), 1)
    cols = min(columns, n)
    rows = -(-n // cols)
    lines = max((c.title.count("\n") + 1 for c in cells), default=1)
    room = _TITLE_LINE_INCHES * lines + 0.05
    height = rows * (_PICTURE_INCHES + room)
    fig = Figure(figsize=(1.6 * cols, height))
    for k, (title, failed, tris, view) in enumerate(cells):
        ax = fig.add_subplot(rows, cols, k + 1)
        _draw_object(ax, tris, view)
        ax.set_title(title, fontsize=6, pad=0, y=1.0,  # y given: no tick-aware placement
                     **({"color": "tab:red"} if failed else {}))
    # axes _PICTURE_INCHES high: rows * (P + room) - room = rows * P + (rows - 1) * room
    fig.subplots_adjust(left=0, right=1, bottom=0, top=1 - room / height, wspace=0.02,
                        hspace=room / _PICTURE_INCHES)
    return fig


def _cell(cell: Sequence) -> SheetCell:
    """A :class:`SheetCell` of ``cell`` (a plain ``(title, failed, tris)`` is seen from
    :data:`DEFAULT_VIEW`)."""
    return SheetCell(*cell)


#: Most characters on one line of a thumbnail's title (a 1.6-inch cell at 6 points).
TITLE_WIDTH = 28
_BREAK_AFTER = "-._/ "


def _cell_title(title: str, issues: Sequence[Issue], category: str | None = None) -> str:
    """A thumbnail's title: ``title`` whole, wrapped (:func:`wrap_title`), its category
    (wrapped the same way; none when ``None``), then the meshes not drawn.

    >>> print(_cell_title("generated-gen-0-00229", [], "table_lamp"))
    generated-gen-0-00229
    table_lamp
    >>> _cell_title("gen-0-00001", [issue("mesh.unreadable", "x")] * 2)
    'gen-0-00001\\n2 mesh(es) not drawn: mesh.unreadable'
    """
    lines = [wrap_title(title)] + ([wrap_title(category)] if category else [])
    if issues:
        codes = ", ".join(sorted({i.code for i in issues}))
        lines.append(f"{len(issues)} mesh(es) not drawn: {codes}")
    return "\n".join(lines)


def wrap_title(title: str, *, width: int = TITLE_WIDTH) -> str:
    """``title`` on lines of at most ``width`` characters, never cut: an object id
    ``<source>-<source id>`` longer than ``width`` puts its source on the first line, and a
    line still too long breaks after its last ``-``, ``.``, ``_``, ``/`` or space that fits
    (anywhere when none does). Joining the lines gives ``title`` back.

    >>> print(wrap_title("realdata_kitchen_models-DinerChair_100568"))
    realdata_kitchen_models-
    DinerChair_100568
    >>> wrap_title("generated-gen-0-00001")
    'generated-gen-0-00001'
    """
    if len(title) <= width:
        return title
    head, sep, tail = title.partition("-")
    pieces = [head + sep, tail] if sep and tail else [title]
    lines = []
    for piece in pieces:
        while len(piece) > width:
            cut = max(piece.rfind(c, 0, width) for c in _BREAK_AFTER) + 1
            cut = cut if cut > 0 else width
            lines.append(piece[:cut])
            piece = piece[cut:]
        if piece:
            lines.append(piece)
    return "\n".join(lines)


def object_triangles(obj: ArticulatedObject, *, max_faces: int = MAX_FACES
                     ) -> tuple[list[np.ndarray], list[Issue]]:
    """Per link, ``(f, 3, 3)`` triangles (m, object frame at rest), about ``max_faces``
    overall, and one issue per visual mesh that did not load (the loader's code; not drawn).

    All faces when the object has at most ``max_faces``; otherwise each visual mesh of more
    than 64 faces is simplified by quadric decimation to its share of ``max_faces`` (in
    proportion to its faces; deterministic). Primitives are drawn whole. An object without
    any visual geometry (e.g. PyBullet's humanoid) is drawn from its collision geometry. Each mesh file is
    read once (one :class:`~arena_core.mesh.parts.MeshCache` per object).
    """
    per_link, issues = link_triangles(obj, max_faces=max_faces)
    return list(per_link.values()), issues


def link_triangles(obj: ArticulatedObject, *, max_faces: int = MAX_FACES
                   ) -> tuple[dict[str, np.ndarray], list[Issue]]:
    """:func:`object_triangles` by link name (links without faces left out)."""
    cache, pieces, issues = MeshCache(), [], []
    for name in sorted(obj.links):
        pieces.extend(_link_pieces(obj, name, cache, issues, "visual"))
    if not pieces and not issues:  # no visual geometry at all: draw the collision geometry
        for name in sorted(obj.links):
            pieces.extend(_link_pieces(obj, name, cache, issues, "collision"))
    total = sum(len(faces) for _, _, faces, _ in pieces)
    per_link: dict[str, list[np.ndarray]] = {}
    for name, verts, faces, pose in pieces:
        if total > max_faces and len(faces) > _MIN_SIMPLIFIED_FACES:
            share = max(_MIN_SIMPLIFIED_FACES, len(faces) * max_faces // total)
            verts, faces = _simplified(verts, faces, share)
        per_link.setdefault(name, []).append(_transform(verts, pose)[faces])
    tris = {name: np.concatenate(parts) for name, parts in per_link.items()}
    return {name: t for name, t in tris.items() if len(t)}, issues


#: One visual piece of a link: link name, vertices ``(n, 3)``, faces ``(m, 3)``, pose ``(4, 4)``.
_Piece = tuple[str, np.ndarray, np.ndarray, np.ndarray]


def _link_pieces(obj: ArticulatedObject, name: str, cache: MeshCache,
                 issues: list[Issue], kind: str) -> list[_Piece]:
    link, pose = obj.links[name], obj.link_poses[name]
    pieces = []
    for mesh in (m for m in link.meshes if m.kind == kind and m.path):
        try:
            loaded = cache.mesh(mesh.path)
        except MeshLoadFailure as exc:
            issues.append(issue(exc.code, f"mesh {mesh.filename!r}: {exc}; not drawn",
                                severity="warning", location=f"link:{name}"))
            continue
        if len(loaded.faces):
            verts = loaded.vertices * np.asarray(mesh.scale, float)
            pieces.append((name, verts, np.asarray(loaded.faces), pose @ mesh.origin))
    for prim in (p for p in link.primitives if p.kind == kind):
        shape = _primitive_mesh(prim.shape, prim.size)
        pieces.append((name, shape.vertices, shape.faces, pose @ prim.origin))
    return pieces


def _simplified(vertices: np.ndarray, faces: np.ndarray, face_count: int
                ) -> tuple[np.ndarray, np.ndarray]:
    """``(vertices, faces)`` simplified by quadric decimation to about ``face_count`` faces.

    Coincident vertices are merged first (a mesh stored as separate triangles would
    otherwise have every edge on a border, which quadric decimation cannot collapse).
    """
    import trimesh

    mesh = trimesh.Trimesh(np.array(vertices, dtype=float), np.array(faces, dtype=np.int64),
                           process=True)
    if len(mesh.faces) <= face_count:
        return np.asarray(mesh.vertices), np.asarray(mesh.faces)
    simple = mesh.simplify_quadric_decimation(face_count=face_count)
    return np.asarray(simple.vertices), np.asarray(simple.faces)


def _primitive_mesh(shape: str, size: tuple[float, ...]):
    import trimesh

    if shape == "box":
        return trimesh.creation.box(extents=size)
    if shape == "cylinder":
        return trimesh.creation.cylinder(radius=size[0], height=size[1], sections=16)
    return trimesh.creation.icosphere(subdivisions=1, radius=size[0])


def _transform(vertices: np.ndarray, pose: np.ndarray) -> np.ndarray:
    v = np.asarray(vertices, dtype=float).reshape(-1, 3)
    return v @ pose[:3, :3].T + pose[:3, 3]


def _draw_object(ax, per_link: list[np.ndarray], view: tuple[float, float]) -> None:
    ax.set_axis_off()
    if per_link:
        ax.imshow(render(per_link, view, size=THUMBNAIL_PIXELS), interpolation="antialiased")
