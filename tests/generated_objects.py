"""Generated objects processed into canonical folders, for tests that write small releases."""

from __future__ import annotations

import json
from pathlib import Path

from arena_core.pipeline.run import run_object
from release.objects import ReleaseObject


def processed_generated(infos, canonical: Path) -> list[ReleaseObject]:
    """Each generated object of ``infos`` (:func:`arena_core.generate.generate`) processed into
    ``canonical/<object_id>``, its category and supercategory hint from its ``meta.json``;
    every one must be accepted."""
    out = []
    for info in infos:
        meta = json.loads((info.folder / "meta.json").read_text())
        rec = run_object(info.urdf_path, canonical, provenance={
            "object_id": info.object_id, "source": "generated", "license": "CC0-1.0",
            "category": meta["category"], "supercategory": meta["supercategory_hint"]}).record
        assert rec.accepted, (rec.object_id, rec.verification.codes)
        out.append(ReleaseObject(rec, canonical / rec.object_id))
    return out
