"""Figures: deterministic PNGs without software metadata; thumbnails of real geometry; a mesh
that does not load is named in its cell."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pybullet_data
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from PIL import Image

from arena_core.curation.coverage import coverage_plot, coverage_table
from arena_core.curation.items import CurationItem
from arena_core.formats.urdf.read import read_urdf, read_urdf_string
from release import figures
from release.figures import (
    MAX_FACES,
    SheetItem,
    cells_figure,
    contact_sheet,
    joint_type_figure,
    object_triangles,
    sheet_figure,
    supercategory_plot,
)
from release.reader import load_rows, materialize
from release.sidefiles import contact_sheet_key, write_figures
from release.thumbnail_view import camera
from schemas.curation import SUPERCATEGORY_IDS


def test_figures_are_deterministic_and_carry_no_software_tag(built, tmp_path):
    rows = load_rows(built.release_dir)
    a = joint_type_figure(rows, tmp_path / "a.png")
    b = joint_type_figure(rows, tmp_path / "b.png")
    assert a.read_bytes() == b.read_bytes()
    assert "Software" not in Image.open(a).info
    assert (built.release_dir / "figures" / "joint_types.png").read_bytes() == a.read_bytes()


def test_contact_sheet_draws_each_object(built, tmp_path):
    objs = [(o.record.object_id, read_urdf(o.folder / o.record.urdf).obj)
            for o in built.objects[:3]]
    first = contact_sheet(objs, tmp_path / "sheet1.png")
    second = contact_sheet(objs, tmp_path / "sheet2.png")
    assert first.read_bytes() == second.read_bytes()
    pixels = np.asarray(Image.open(first).convert("L"), dtype=float)
    width = pixels.shape[1] // 3
    for k in range(3):  # every cell holds a drawn (non-white) object
        assert (pixels[:, k * width:(k + 1) * width] < 200).mean() > 0.01


def test_triangles_keep_every_face_under_the_budget_and_about_the_budget_above(tmp_path):
    # two dense spheres (1,280 faces each); a mesh is never simplified below 64 faces, so
    # an object of many small meshes (a tool cabinet's pulls and casters) stays above it
    import trimesh

    trimesh.creation.icosphere(subdivisions=3, radius=0.1).export(tmp_path / "ball.stl")
    text = """<robot name="r">
      <link name="base"><visual><geometry><mesh filename="ball.stl"/></geometry></visual></link>
      <link name="arm"><visual><geometry><mesh filename="ball.stl" scale="0.5 0.5 2"/>
        </geometry></visual></link>
      <joint name="j" type="revolute"><parent link="base"/><child link="arm"/>
        <origin xyz="0 0 0.3"/><axis xyz="0 0 1"/>
        <limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>"""
    obj = read_urdf_string(text, base_dir=tmp_path).obj
    full, issues = object_triangles(obj, max_faces=10**9)
    n_full = sum(len(t) for t in full)
    assert issues == [] and n_full == 2 * 1280
    same, _ = object_triangles(obj, max_faces=n_full)
    assert [t.tobytes() for t in same] == [t.tobytes() for t in full]
    tris, _ = object_triangles(obj, max_faces=300)
    total = sum(len(t) for t in tris)
    assert 0.8 * 300 < total <= 1.1 * 300 and len(tris) == len(full)
    assert all(t.shape[1:] == (3, 3) and np.isfinite(t).all() for t in tris)


def test_a_mesh_that_does_not_load_is_named_in_its_cell(built, tmp_path):
    entry = built.objects[0]
    good = read_urdf(entry.folder / entry.record.urdf).obj
    copy = tmp_path / "broken"
    shutil.copytree(entry.folder, copy)
    meshes = sorted((copy / "meshes").iterdir())
    meshes[0].write_bytes(b"solid nothing\nendsolid nothing\n")  # no geometry
    broken = read_urdf(copy / entry.record.urdf).obj
    tris, issues = object_triangles(broken)
    assert issues and {i.code for i in issues} == {"mesh.unreadable"}
    assert all(i.severity == "warning" and i.location.startswith("link:") for i in issues)
    assert sum(map(len, tris)) < sum(map(len, object_triangles(good)[0]))
    fig = sheet_figure([("good", good), ("broken", broken), ("none", None)])
    titles = [ax.get_title() for ax in fig.axes]
    assert titles[0] == "good" and titles[2] == "none"
    assert titles[1] == f"broken\n{len(issues)} mesh(es) not drawn: mesh.unreadable"


REALDATA = Path(__file__).resolve().parents[2].parent / "shared" / "realdata"
#: Detailed real objects that every-n-th-face thinning drew as scattered fragments.
DETAILED = {
    "partnet_office_chair": REALDATA / "kitchen_models_repo" / "OfficeChair_2490" / "mobility.urdf",
    "bicycle": REALDATA / "pybullet_data_pkg" / "bicycle" / "bike.urdf",
    "racecar": Path(pybullet_data.getDataPath()) / "racecar" / "racecar.urdf",
}
#: Least intersection-over-union of a thumbnail's silhouette with the all-faces render.
SILHOUETTE_IOU = 0.9


def _silhouette(tris: list[np.ndarray]) -> np.ndarray:
    """Pixels a one-cell contact sheet of ``tris`` draws (not white), at the sheet's dpi."""
    fig = cells_figure([("", False, tris)], columns=1)
    canvas = FigureCanvasAgg(fig)
    fig.set_dpi(90)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3].min(axis=2) < 250


@pytest.mark.parametrize("name", sorted(DETAILED))
def test_a_thumbnail_has_the_silhouette_of_the_whole_mesh(name):
    path = DETAILED[name]
    if not path.is_file():
        pytest.skip(f"{path} is not beside the repository")
    obj = read_urdf(path).obj
    full, _ = object_triangles(obj, max_faces=10**9)
    thumb, issues = object_triangles(obj)
    assert issues == [] and sum(map(len, thumb)) <= MAX_FACES * 1.05
    full_mask, thumb_mask = _silhouette(full), _silhouette(thumb)
    iou = (full_mask & thumb_mask).sum() / (full_mask | thumb_mask).sum()
    assert iou > SILHOUETTE_IOU, f"{name}: silhouette IoU {iou:.3f} with the full render"


def test_contact_sheet_titles_are_whole_and_fit_their_cells(built):
    """Each title is the object id, whole (wrapped), then its category: inside its cell's
    width and clear of the picture of the cell above (two rows of the longest titles)."""
    entry = built.objects[0]
    obj = read_urdf(entry.folder / entry.record.urdf).obj
    ids = [f"realdata_kitchen_models-{name}" for name in
           ("DinerChair_100568", "OfficeChair_2490", "Refrigerator_10905_with_a_long_tail")]
    ids += ["pybullet_data_mjcf-mjcf.inverted_double_pendulum", "generated-gen-0-00001",
            "realdata_iai_maps-iai_kitchen.iai_kitchen.urdf_obj.IAI_kitchen",
            "dm_control-locomotion.walkers.assets.jumping_ball.jumping_ball_with_head"]
    categories = ["folding_chair", "chair", None, "pendulum", "table_lamp", "kitchen_unit",
                  "sports_gear"]
    items = [SheetItem(oid, obj, cat) for oid, cat in zip(ids, categories, strict=True)] * 2
    fig = sheet_figure(items, columns=len(ids))
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    width = fig.bbox.width / len(ids)
    pictures = [ax.get_window_extent(renderer) for ax in fig.axes]
    for k, (ax, (oid, _, category, _)) in enumerate(zip(fig.axes, items, strict=True)):
        lines = ax.get_title().split("\n")
        assert "".join(lines[:-1] if category else lines) == oid  # never cut
        assert lines[-1] == (category or lines[-1]) and len(lines) >= 1 + bool(category)
        box = ax.title.get_window_extent(renderer)
        column = k % len(ids)
        assert column * width <= box.x0 and box.x1 <= (column + 1) * width, (oid, box)
        assert box.y1 <= fig.bbox.height
        if k >= len(ids):  # second row: below the first row's picture
            assert box.y1 <= pictures[k - len(ids)].y0, (oid, box)


def test_the_release_sheet_shows_categories_and_fronts(built, tmp_path, monkeypatch):
    """The release's contact sheet titles each object with its row's category and looks at
    it from the front its source's manifest declares; its reuse key follows both."""
    rows = []
    for row in load_rows(built.release_dir):
        materialize(built.release_dir, row["object_id"], tmp_path / row["object_id"])
        rows.append({**row, "folder": tmp_path / row["object_id"],
                     "joint_counts": figures.joint_counts(row)})
    drawn = {}
    monkeypatch.setattr(figures, "save_cells",
                        lambda cells, path, **kw: drawn.setdefault("cells", cells))
    write_figures(tmp_path / "figures", rows, built.subset, len(rows), fronts={"generated": "-x"})
    by_title = {c.title.split("\n")[0]: c for c in drawn["cells"]}
    generated = [r for r in rows if r["source"] == "generated"]
    assert generated and all(r["category"] for r in generated)
    for row in generated:
        cell = by_title[row["object_id"]]
        assert cell.title == f"{row['object_id']}\n{row['category']}"
        assert camera(*cell.view)[0][0] < 0, row["object_id"]  # from -X, as declared
    key = contact_sheet_key(rows, built.subset, len(rows), {"generated": "-x"})
    assert key != contact_sheet_key(rows, built.subset, len(rows), {"generated": "+x"})
    renamed = [{**r, "category": "other"} if r is generated[0] else r for r in rows]
    assert key != contact_sheet_key(renamed, built.subset, len(rows), {"generated": "-x"})


def test_an_object_without_visual_geometry_is_drawn_from_its_collision_geometry(tmp_path):
    text = """<robot name="r">
      <link name="base"><collision><geometry><box size="0.2 0.2 0.1"/></geometry></collision></link>
      <link name="arm"><collision><geometry><sphere radius="0.05"/></geometry></collision></link>
      <joint name="j" type="revolute"><parent link="base"/><child link="arm"/>
        <origin xyz="0 0 0.2"/><axis xyz="0 0 1"/>
        <limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>"""
    obj = read_urdf_string(text, base_dir=tmp_path).obj
    tris, issues = object_triangles(obj)
    assert issues == [] and len(tris) == 2 and all(len(t) for t in tris)


def _fourteen_sources() -> list[dict]:
    """Rows of 14 sources; one supercategory far longer than the others."""
    rows = [{"supercategory": SUPERCATEGORY_IDS[k % 5], "source": f"source_{k:02d}"}
            for k in range(14) for _ in range(3)]
    return rows + [{"supercategory": SUPERCATEGORY_IDS[0], "source": "source_00"}] * 60


def _assert_readable(fig, bar_axes) -> None:
    """Every legend inside the figure and clear of every axes; the bars inside their axes
    with room right of the longest; one distinct colour per source."""
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    legends = [*fig.legends, *(ax.get_legend() for ax in fig.axes if ax.get_legend())]
    assert legends
    for legend in legends:
        box = legend.get_window_extent(renderer)
        assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1 + 1
        assert fig.bbox.y0 <= box.y0 and box.y1 <= fig.bbox.y1 + 1
        for ax in fig.axes:
            assert not box.overlaps(ax.get_window_extent(renderer)), (legend, ax)
    frame = bar_axes.get_window_extent(renderer)
    bars = [p.get_window_extent(renderer) for p in bar_axes.patches]
    assert max(b.x1 for b in bars) < frame.x1 - 0.03 * frame.width  # the longest bar has room
    colors = [tuple(c.patches[0].get_facecolor()) for c in bar_axes.containers]
    assert len(colors) == 14 and len(set(colors)) == 14


def test_supercategory_figure_is_readable_with_fourteen_sources():
    fig = supercategory_plot(_fourteen_sources())
    _assert_readable(fig, fig.axes[0])


def test_subset_coverage_figure_is_readable_with_fourteen_sources():
    items = [CurationItem(object_id=f"o{k}", source=r["source"], source_id=str(k),
                          content_checksum=str(k), bbox_extent=np.ones(3), volume=1.0,
                          signature=None, joint_counts={"revolute": 1}, verified=True,
                          category="c", supercategory=r["supercategory"])
             for k, r in enumerate(_fourteen_sources())]
    fig = coverage_plot(coverage_table(items), title="eval")
    _assert_readable(fig, fig.axes[0])
