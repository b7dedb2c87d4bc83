"""The fronts the real-data manifests declare are where the objects' doors, drawers and buttons
are: every object of a source with a ``front`` whose moving parts sit well off its centre
(a cabinet's doors, a remote's buttons, an oven's door) has them on its front side, and no
such object has them behind (GAPartNet's camera 102442, whose buttons are on its back, is
the one exception the front exists for: its lens faces -X)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from arena_core.formats.urdf.read import read_urdf
from arena_core.pipeline.normalize import normalize_object
from flows.adapters import get_adapter
from release.figures import link_triangles
from release.thumbnail_view import FRONT_VECTORS, moving_links
from schemas.sources import load_source_manifests

pytestmark = pytest.mark.slow

MANIFESTS = Path(__file__).resolve().parents[2] / "manifests" / "sources" / "realdata"
#: Offset of the moving parts' centre from the object's centre, along the front, as a
#: fraction of the object's extent there, beyond which the parts are "well off centre".
OFF_CENTRE = 0.3
#: Objects whose moving parts are on their back by design.
BACK = {"realdata_gapartnet/102442"}  # a camera: buttons behind, lens in front


def _offsets(tmp_path: Path) -> dict[str, float]:
    """Object -> offset of its moving parts along its source's front (fraction of extent)."""
    out = {}
    for manifest in (m for m in load_source_manifests(MANIFESTS) if m.front is not None):
        adapter = get_adapter(manifest.adapter)
        front = np.array(FRONT_VECTORS[manifest.front])
        for obj in adapter.iter_objects(manifest, manifest.local_path, work_dir=tmp_path):
            if obj.has_errors or obj.urdf_path.suffix != ".urdf":
                continue
            source = read_urdf(obj.urdf_path, root_dir=obj.root_dir, scale=obj.scale,
                               package_dirs=obj.extras.package_dirs)
            canonical = normalize_object(source.obj, scale=obj.scale, up_axis=obj.up_axis).obj
            per_link, issues = link_triangles(canonical)
            moving = [t.reshape(-1, 3) for n, t in per_link.items()
                      if n in moving_links(canonical)]
            if issues or not moving:
                continue
            points = np.concatenate([t.reshape(-1, 3) for t in per_link.values()])
            centre = (points.min(axis=0) + points.max(axis=0)) / 2
            extent = float(np.ptp(points @ front))
            out[f"{manifest.name}/{obj.source_id}"] = float(
                (np.concatenate(moving).mean(axis=0) - centre) @ front / extent)
    return out


def test_moving_parts_off_centre_are_on_the_declared_front(realdata, tmp_path):
    offsets = _offsets(tmp_path)
    off = {name: round(x, 2) for name, x in offsets.items() if abs(x) > OFF_CENTRE}
    assert len(off) >= 10, off  # cabinets, remotes, switches, ovens, URDFormer's cabinets
    assert {name for name, x in off.items() if x < 0} == set(), off
    assert all(offsets[name] < 0 for name in BACK), {n: offsets[n] for n in BACK}
