"""A small release for the viewer tests, and the viewer serving it in a thread.

Objects: a generated piano stool (its seat screws up by 6-12 cm: a helical joint, which the
canonical URDF writes as a revolute joint plus its ``__pitch`` mimic slide), a generated
laptop (revolute), and a hand-written gripper with
OBJ meshes: two fingers on prismatic joints, the right one mimicking the left, and a
continuous dial. The laptop is in the evaluation subset.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from arena_core.curation.items import item_from_record
from arena_core.curation.subset import select_subset
from arena_core.generate import generate
from arena_core.pipeline.run import run_object
from flows.view.server import ViewServer
from release.objects import ReleaseObject
from release.writer import write_release
from schemas.release import BuildReport, ReleaseSpec
from tests.generated_objects import processed_generated
from tests.hostile import box_obj

REPO = Path(__file__).resolve().parents[2]
TAXONOMY = REPO / "manifests" / "taxonomy.yaml"

GRIPPER_URDF = """<?xml version="1.0"?>
<robot name="gripper">
  <link name="base"><visual><geometry><mesh filename="palm.obj"/></geometry></visual></link>
  <link name="left"><visual><geometry><mesh filename="finger.obj"/></geometry></visual></link>
  <link name="right"><visual><geometry><mesh filename="finger.obj"/></geometry></visual></link>
  <link name="dial"><visual><geometry><mesh filename="dial.obj"/></geometry></visual></link>
  <joint name="left_slide" type="prismatic"><parent link="base"/><child link="left"/>
    <origin xyz="-0.12 0 0.1"/><axis xyz="-1 0 0"/>
    <limit lower="0" upper="0.06" effort="1" velocity="1"/></joint>
  <joint name="right_slide" type="prismatic"><parent link="base"/><child link="right"/>
    <origin xyz="0.1 0 0.1"/><axis xyz="1 0 0"/>
    <limit lower="0" upper="0.06" effort="1" velocity="1"/>
    <mimic joint="left_slide" multiplier="1" offset="0"/></joint>
  <joint name="dial_turn" type="continuous"><parent link="base"/><child link="dial"/>
    <origin xyz="-0.03 -0.05 0.1"/><axis xyz="0 -1 0"/></joint>
</robot>
"""


@dataclass
class ViewRelease:
    """The release folder and the ids of its objects by role."""

    root: Path
    helical: str
    revolute: str
    mimic: str


def gripper(folder: Path) -> Path:
    """The hand-written gripper (see the module docstring); returns its URDF."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "palm.obj").write_text(box_obj(0.24, 0.1, 0.1))
    (folder / "finger.obj").write_text(box_obj(0.02, 0.06, 0.15))
    (folder / "dial.obj").write_text(box_obj(0.06, 0.02, 0.06))
    (folder / "gripper.urdf").write_text(GRIPPER_URDF)
    return folder / "gripper.urdf"


def build_view_release(root: Path) -> ViewRelease:
    """Process the three objects and write their release under ``root / "release"``."""
    objects = processed_generated(
        generate(2, 7, root / "generated", kinds=["piano_stool", "laptop"]), root / "canonical")
    rec = run_object(gripper(root / "gripper"), root / "canonical", provenance={
        "object_id": "hand-gripper", "source": "handwritten", "license": "CC0-1.0",
        "category": "gripper", "supercategory": "mechanisms"}).record
    objects.append(ReleaseObject(rec, root / "canonical" / rec.object_id))
    for o in objects:
        assert o.record.accepted, (o.record.object_id, o.record.verification.codes)
    laptop = [o for o in objects if o.record.category == "laptop"]
    subset = select_subset([item_from_record(o.record) for o in laptop], n=1, seed=0)
    write_release(root / "release", objects, subset=subset, duplicates=[],
                  report=BuildReport(objects_in=len(objects)),
                  spec=ReleaseSpec(taxonomy_path=TAXONOMY, max_thumbnails=4))
    by_category = {o.record.category: o.record.object_id for o in objects}
    return ViewRelease(root / "release", helical=by_category["piano_stool"],
                       revolute=by_category["laptop"], mimic="hand-gripper")


@contextmanager
def serving(source):
    """A :class:`ViewServer` of ``source`` on a free port, served by a thread."""
    server = ViewServer(source, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
