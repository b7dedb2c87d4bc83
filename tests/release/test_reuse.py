"""Rows reused from the release being replaced (release.reuse): the same bytes as a fresh write.

The shared release's objects are given to the writer by (made-up) store key; each object's
``load()`` is counted, so a test sees which records the writer had to read.
"""

from __future__ import annotations

import json

from release.objects import ReleaseObject
from release.reuse import KeyedObject, row_keys_path
from release.writer import release_checksums, write_release
from schemas.curation import SubsetResult
from schemas.release import BuildReport, ReleaseSpec
from tests.release.conftest import TAXONOMY

#: Small row groups and shards, so reused and new rows share row groups and shards.
SPEC = ReleaseSpec(taxonomy_path=TAXONOMY, max_thumbnails=6, row_group_size=3, rows_per_shard=5)


def keyed(objects, loads: list, edited: str | None = None) -> list[KeyedObject]:
    """``objects`` by store key (the ``edited`` object's key changed); loads go to ``loads``."""
    out = []
    for o in objects:
        oid = o.record.object_id
        key = f"key-{oid}" + ("-edited" if oid == edited else "")

        def load(o=o, key=key):
            loads.append(o.record.object_id)
            return ReleaseObject(o.record, o.folder, key)

        out.append(KeyedObject(oid, key, o.folder, o.record.category, o.record.supercategory,
                               load))
    return out


def write(out, objects, subset, duplicates, *, spec=SPEC):
    return write_release(out, objects, subset=subset, duplicates=duplicates,
                         report=BuildReport(objects_in=len(objects)), spec=spec)


def test_unchanged_keys_reuse_every_row_without_reading_a_record(built, tmp_path):
    out, loads = tmp_path / "release", []
    write(out, keyed(built.objects, loads), built.subset, built.duplicates)
    first = release_checksums(out)
    assert len(loads) == len(built.objects) and row_keys_path(out).is_file()
    inodes = {p.name: p.stat().st_ino for p in (out / "data").rglob("*.parquet")}
    assert len(inodes) > 2  # several shards of 5 rows
    loads.clear()
    summary = write(out, keyed(built.objects, loads), built.subset, built.duplicates)
    assert loads == [] and summary.archives_reused == len(built.objects)
    assert release_checksums(out) == first
    # Every shard holds the same rows as before: its file is linked, not written.
    assert {p.name: p.stat().st_ino for p in (out / "data").rglob("*.parquet")} == inodes
    plain = tmp_path / "plain"
    write(plain, built.objects, built.subset, built.duplicates)
    assert release_checksums(plain) == first


def test_an_edit_and_new_curation_give_the_fresh_release(built, tmp_path):
    out, loads = tmp_path / "release", []
    write(out, keyed(built.objects, loads), built.subset, built.duplicates)
    edited = built.objects[3].record.object_id
    dropped = built.subset.entries[0].object_id  # a row whose curation columns change
    subset = SubsetResult(**{**built.subset.model_dump(),
                             "entries": [e for e in built.subset.entries[1:]]})
    loads.clear()
    write(out, keyed(built.objects, loads, edited), subset, built.duplicates)
    assert loads == [edited] and dropped != edited
    fresh = tmp_path / "fresh"
    write(fresh, keyed(built.objects, [], edited), subset, built.duplicates)
    assert release_checksums(out) == release_checksums(fresh)


def test_a_key_file_for_other_shards_or_version_reuses_nothing(built, tmp_path):
    out, loads = tmp_path / "release", []
    write(out, keyed(built.objects, loads), built.subset, built.duplicates)
    first = release_checksums(out)
    data = json.loads(row_keys_path(out).read_text())
    row_keys_path(out).write_text(json.dumps({**data, "shards": ["other.parquet"]}))
    loads.clear()
    write(out, keyed(built.objects, loads), built.subset, built.duplicates)
    assert len(loads) == len(built.objects) and release_checksums(out) == first
    row_keys_path(out).write_text("{not json")
    loads.clear()
    write(out, keyed(built.objects, loads), built.subset, built.duplicates)
    assert len(loads) == len(built.objects) and release_checksums(out) == first
