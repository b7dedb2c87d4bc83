"""Generated objects are free of self-collision: one seeded object of every kind, checked in
MuJoCo and PyBullet as the build checks them (arena_core.engines.self_collision).

Kinds listed in ``arena_core.generate.collision_pending`` are the known exceptions (their
findings are warnings until the generator is fixed); every other kind must be clean.
"""

from __future__ import annotations

import pytest

from arena_core.engines.self_collision import check_self_collision
from arena_core.formats.mjcf.write import write_mjcf
from arena_core.formats.urdf.read import read_urdf
from arena_core.generate import KINDS, URDF_NAME, generate_one, write_object
from arena_core.generate.collision_pending import SELF_COLLISION_PENDING

SEED = 3
FINDINGS = ("collision.rest.penetration", "collision.joint.blocked")


def test_pending_kinds_are_kinds():
    assert set(SELF_COLLISION_PENDING) <= set(KINDS)


@pytest.mark.slow
def test_one_object_of_every_kind_is_clean_unless_its_kind_is_pending(tmp_path):
    dirty, failed = {}, {}
    for index in range(len(KINDS)):  # objects 0..len-1 of a run are one of each kind
        gen = generate_one(SEED, index)
        info = write_object(gen, tmp_path, seed=SEED, index=index)
        obj = read_urdf(info.urdf_path).obj
        write_mjcf(obj, info.folder)
        issues, results = check_self_collision(info.folder, URDF_NAME, obj)
        if len(results) != 2:
            failed[gen.kind] = [i.message for i in issues]
        found = [i.message for i in issues if i.code in FINDINGS]
        if found and gen.kind not in SELF_COLLISION_PENDING:
            dirty[gen.kind] = found[:3]
    assert failed == {}
    assert dirty == {}, "generated kinds that self-collide (fix the generator)"


#: Objects of run 0 that the 20K build (2026-12-05, generator 1.4.0) rejected for
#: self-collision: kinds whose seed-3 object above was clean, dirty in a fifth of their
#: variants (a desk lamp's head swung into its base, a floor lamp's shade into its pole, a
#: desk's keyboard tray into its pedestal drawer, a safe's inner drawer into a door that
#: stops short of 90 degrees).
DIRTY_IN_THE_20K_BUILD = [("desk_lamp", 976), ("desk_lamp", 5728), ("desk_lamp", 13120),
                          ("floor_lamp", 8119), ("floor_lamp", 13223), ("desk", 13656),
                          ("desk", 14712), ("safe", 1745), ("safe", 8785)]


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "index"), DIRTY_IN_THE_20K_BUILD)
def test_objects_the_20k_build_found_colliding_are_clean(tmp_path, kind, index):
    gen = generate_one(0, index, kinds=[kind])  # that object, whatever the schedule now
    assert gen.kind == kind
    info = write_object(gen, tmp_path, seed=0, index=index)
    obj = read_urdf(info.urdf_path).obj
    write_mjcf(obj, info.folder)
    issues, results = check_self_collision(info.folder, URDF_NAME, obj)
    assert len(results) == 2
    assert [i.message for i in issues if i.code in FINDINGS] == []
