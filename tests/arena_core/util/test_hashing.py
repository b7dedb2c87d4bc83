"""arena_core.util.hashing: the stat-validated digest cache (HashCache) used by ingest, and the
code digest (code_sha256) the caches are keyed by."""

from __future__ import annotations

import os
import time

import pytest

import arena_core.util.hashing as hashing
from arena_core.util.hashing import HashCache, bytes_sha256, hash_files, hash_tree


def aged(path, seconds: float = 60.0):
    """Set ``path``'s mtime ``seconds`` back and wait until its ctime is old enough too."""
    past = time.time() - seconds
    os.utime(path, (past, past))
    return path


def counting(monkeypatch) -> list:
    reads = []
    original = hashing._sha256_of

    def spy(path, *args):
        reads.append(os.fspath(path))
        return original(path, *args)

    monkeypatch.setattr(hashing, "_sha256_of", spy)
    return reads


def test_unchanged_files_are_not_read_again_and_digests_are_exact(tmp_path, monkeypatch):
    folder = tmp_path / "obj"
    (folder / "meshes").mkdir(parents=True)
    for name, data in (("model.urdf", b"<robot/>"), ("meshes/a.obj", b"v 0 0 0\n")):
        (folder / name).write_bytes(data)
    monkeypatch.setattr(HashCache, "RACY_NS", 0)  # the files were just written
    cache, store = HashCache(), tmp_path / "hashes.json"
    plain = hash_tree(folder)
    assert hash_tree(folder, cache=cache) == plain
    cache.save(store)
    reads = counting(monkeypatch)
    again = HashCache.load(store)
    assert hash_tree(folder, cache=again) == plain and reads == []
    assert hash_files(folder, ["model.urdf"], cache=again) == hash_files(folder, ["model.urdf"])


def test_a_rewrite_with_the_same_size_and_mtime_is_seen(tmp_path, monkeypatch):
    path = tmp_path / "model.urdf"
    path.write_bytes(b"<robot name='a'/>")
    info = os.stat(aged(path))
    monkeypatch.setattr(HashCache, "RACY_NS", 0)  # its ctime is now
    cache = HashCache()
    cache.sha256(os.fspath(path), os.stat(path))
    assert os.fspath(path) in cache.used
    time.sleep(0.05)  # past a coarse clock's tick
    path.write_bytes(b"<robot name='b'/>")  # same size
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))  # same mtime; the ctime moves
    reads = counting(monkeypatch)
    assert cache.sha256(os.fspath(path), os.stat(path)) == bytes_sha256(b"<robot name='b'/>")
    assert reads == [os.fspath(path)]


def test_recently_changed_files_are_not_kept_and_bad_files_are_empty(tmp_path):
    path = tmp_path / "fresh.obj"
    path.write_bytes(b"v 1 2 3\n")
    cache = HashCache()
    assert cache.sha256(os.fspath(path), os.stat(path)) == bytes_sha256(b"v 1 2 3\n")
    assert cache.used == {}  # changed within RACY_NS of hashing: hashed again next time
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert HashCache.load(bad).entries == {} and HashCache.load(tmp_path / "none").entries == {}


def test_files_hashed_while_racy_are_kept_once_settled_at_save(tmp_path, monkeypatch):
    """A file hashed right after it was written (a generated object) is hashed again at
    save once its change is older than RACY_NS, and kept; one rewritten meanwhile is not."""
    monkeypatch.setattr(HashCache, "RACY_NS", 200_000_000)  # 0.2 s
    kept, changed = tmp_path / "kept.obj", tmp_path / "changed.obj"
    kept.write_bytes(b"v 1 2 3\n")
    changed.write_bytes(b"v 4 5 6\n")
    cache, store = HashCache(), tmp_path / "hashes.json"
    for path in (kept, changed):
        cache.sha256(os.fspath(path), os.stat(path))
    assert cache.used == {}  # both racy when hashed
    time.sleep(0.05)
    changed.write_bytes(b"v 7 8 9\n")
    time.sleep(0.3)
    cache.save(store)
    again = HashCache.load(store)
    assert set(again.entries) == {os.fspath(kept)}
    assert again.entries[os.fspath(kept)][4] == bytes_sha256(b"v 1 2 3\n")


def test_code_sha256_follows_the_modules_and_refuses_a_missing_file(tmp_path):
    """The code digest hashes the files the modules come from (a package: every ``*.py``
    under it), so a moved or renamed module is still in it; a module without its file is
    an error, never hashed as empty bytes."""
    import types

    import arena_core.metric
    import arena_core.metric.object_distance as object_distance
    from arena_core.util.hashing import HashingError, code_sha256

    package = code_sha256(arena_core.metric)
    assert package != code_sha256(object_distance)
    assert code_sha256(arena_core.metric, object_distance) != package  # listed twice, hashed twice
    source = tmp_path / "gone.py"
    source.write_text("X = 1\n")
    module = types.ModuleType("gone")
    module.__file__ = str(source)
    before = code_sha256(module)
    source.write_text("X = 2\n")
    assert code_sha256(module) != before
    source.unlink()
    with pytest.raises(HashingError, match="gone"):
        code_sha256(module)
    with pytest.raises(HashingError, match="builtins"):
        code_sha256(__import__("builtins"))
