"""Every generated kind with a helical joint moves as one when driven, in MuJoCo and PyBullet.

Generated objects are ours, so no coupling issue of either engine, warnings included, is
allowed (real sources may carry PyBullet warnings: docs/verification.md).
"""

from __future__ import annotations

from arena_core.generate import generate
from tests.generated_objects import processed_generated

HELICAL_KINDS = ["bottle", "valve", "table_lamp", "vise", "lipstick", "jar", "piano_stool",
                 "bar_clamp"]


def test_generated_helical_objects_have_no_coupling_issue(tmp_path):
    infos = generate(len(HELICAL_KINDS), 3, tmp_path / "generated", kinds=HELICAL_KINDS)
    objects = processed_generated(infos, tmp_path / "canonical")
    helical = [o for o in objects if any(j.type == "helical" for j in o.record.joints)]
    assert len(helical) == len(HELICAL_KINDS)
    found = {o.record.object_id: [i.code for i in o.record.verification.issues
                                  if i.code.startswith("coupling.")] for o in helical}
    assert found == {oid: [] for oid in found}
    for o in helical:  # the check ran: both engines loaded the object
        assert {e.engine for e in o.record.engines if e.ok} >= {"mujoco_mjcf", "pybullet"}
