"""Per-object archives: deterministic bytes, safe names and shards, exact round trips."""

from __future__ import annotations

import hashlib
import os
import zipfile
from collections import Counter

import pytest

from arena_core.formats.archive import ArchiveError
from arena_core.util.hashing import file_sha256, tree_sha256
from release.storage import (
    ARCHIVE_EPOCH,
    StorageError,
    archive_members,
    archive_relpath,
    extract_object_archive,
    shard_of,
    storage_name,
    write_object_archive,
)


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "obj"
    (root / "meshes").mkdir(parents=True)
    (root / "object.urdf").write_text("<robot name='r'/>\n")
    (root / "meshes" / "b.stl").write_bytes(bytes(range(200)))
    (root / "meshes" / "a.obj").write_text("v 0 0 0\n")
    return root


def test_archive_is_deterministic_and_sorted(folder, tmp_path):
    first = write_object_archive(folder, tmp_path / "1.zip")
    os.utime(folder / "meshes" / "a.obj", (1e9, 1e9))  # mtimes must not matter
    second = write_object_archive(folder, tmp_path / "2.zip")
    assert first.read_bytes() == second.read_bytes()
    assert archive_members(first) == ["meshes/a.obj", "meshes/b.stl", "object.urdf"]
    with zipfile.ZipFile(first) as zf:
        infos = zf.infolist()
    assert [i.filename for i in infos] == sorted(i.filename for i in infos)
    assert {i.date_time for i in infos} == {ARCHIVE_EPOCH}
    assert {i.compress_type for i in infos} == {zipfile.ZIP_STORED}


def test_archive_round_trip_reproduces_the_folder(folder, tmp_path):
    archive = write_object_archive(folder, tmp_path / "o.zip",
                                   expected_checksum=tree_sha256(folder))
    out = extract_object_archive(archive, tmp_path / "out")
    assert tree_sha256(out) == tree_sha256(folder)
    with pytest.raises(ArchiveError, match="exists"):
        extract_object_archive(archive, out)


def test_archive_refuses_a_changed_folder_and_leaves_nothing(folder, tmp_path):
    recorded = tree_sha256(folder)
    (folder / "object.urdf").write_text("<robot name='changed'/>\n")
    with pytest.raises(StorageError, match="recorded checksum"):
        write_object_archive(folder, tmp_path / "o.zip", expected_checksum=recorded)
    assert list(tmp_path.glob("*.zip*")) == [] and not list(tmp_path.glob(".o.zip*"))


def test_archive_refuses_symlinks(folder, tmp_path):
    (folder / "link.obj").symlink_to(folder / "meshes" / "a.obj")
    with pytest.raises(StorageError, match="symbolic link"):
        write_object_archive(folder, tmp_path / "o.zip")


def test_names_and_shards():
    assert storage_name("gen-0-00001") == "gen-0-00001"
    odd = storage_name("sapien/41083")
    assert "/" not in odd and odd.startswith("sapien_41083~") and len(odd.split("~")[1]) == 12
    assert storage_name("a/b") != storage_name("a_b")
    assert shard_of("x") == hashlib.sha256(b"x").hexdigest()[:2]
    assert archive_relpath("gen-0-00001") == f"objects/{shard_of('gen-0-00001')}/gen-0-00001.zip"
    with pytest.raises(StorageError):
        storage_name("")
    with pytest.raises(StorageError):
        storage_name("/etc/passwd")


def test_shards_spread_ids_over_many_folders():
    counts = Counter(shard_of(f"gen-0-{i:05d}") for i in range(20_000))
    assert len(counts) == 256
    assert max(counts.values()) < 2 * 20_000 / 256  # ~78 per folder, far below ~10k


def test_archive_digest_matches_file(folder, tmp_path):
    archive = write_object_archive(folder, tmp_path / "o.zip")
    assert file_sha256(archive) == hashlib.sha256(archive.read_bytes()).hexdigest()
