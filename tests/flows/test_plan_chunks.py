"""How the processing stage cuts its objects into tasks (:func:`flows.build.plan_chunks`):
the real objects (which may need CoACD) first and spread over several tasks, then the
generated ones, every object exactly once."""

from __future__ import annotations

from pathlib import Path

from flows.build import CHUNK, MAX_TASKS, TAIL_CHUNKS, plan_chunks
from flows.packed import PackedSource, pack
from schemas.extras import SourceExtras
from schemas.files import SourceFile
from schemas.source_object import SourceObject


def _object(source: str, i: int, size: int) -> PackedSource:
    files = [SourceFile(path="model.urdf", sha256="0" * 64, size=size)]
    made = SourceExtras(generator_version="1.0") if source == "generated" else SourceExtras()
    return pack(SourceObject(source=source, source_id=f"{source}-{i}", license="CC-BY-4.0",
                             urdf_path=Path(f"/src/{source}/{i}/model.urdf"),
                             root_dir=Path(f"/src/{source}/{i}"), files=files, extras=made))


def test_real_objects_come_first_and_spread_over_several_tasks():
    made = [_object("generated", i, 40_000 + i % 7) for i in range(5_000)]
    real = [_object("realdata", i, 10_000 + i) for i in range(40)]  # smaller files
    chunks = plan_chunks(made + real)  # the real objects are listed last, as in a build
    flat = [o.unpack().source_id for chunk in chunks for o in chunk]
    assert sorted(flat) == sorted(o.unpack().source_id for o in made + real)  # each once
    assert all(i.startswith("realdata-") for i in flat[:40])  # first, the largest first
    assert flat[0] == "realdata-39"
    assert [len(c) for c in chunks[:5]] == [CHUNK] * 5
    assert len(chunks) <= 5 + MAX_TASKS + TAIL_CHUNKS
    assert len(chunks[-1]) < len(chunks[-TAIL_CHUNKS * 2 - 1])  # a shorter tail


def test_generated_objects_of_one_size_keep_their_order():
    same = [_object("generated", i, 10_000) for i in range(20)]
    chunks = plan_chunks(same)
    assert [o for c in chunks for o in c] == same
    assert [len(c) for c in chunks] == [8, 8, 4]
    assert plan_chunks([]) == []
