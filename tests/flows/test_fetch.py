"""Fetching against a REAL HTTP server on 127.0.0.1 (started here): resume with Range,
retries, checksum refusal with nothing kept, cache hits without requests, and
the local roots of manifest locations (folder, local archive, URL archive)."""

from __future__ import annotations

import hashlib
import io
import threading
import zipfile
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest

from arena_core.formats.archive import ArchiveError
from arena_core.util.hashing import hash_tree, tree_sha256
from flows.fetch import FetchError, fetch, location_root
from schemas.sources import load_source_manifest

FAST = {"backoff": 0.0, "timeout": 5.0}


class _Server(ThreadingHTTPServer):
    """Serves ``files`` by path; honours ``Range``; can cut a transfer or answer 503 first."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.files: dict[str, bytes] = {}
        self.log: list[dict[str, str | None]] = []
        self.cut_next: list[int] = []  # bytes to send before dropping the next responses
        self.fail_first = 0  # answer 503 to this many requests first
        self.honour_range = True

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}{path}"


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):  # noqa: N802 (http.server's naming)
        srv: _Server = self.server
        srv.log.append({"path": self.path, "range": self.headers.get("Range")})
        if srv.fail_first > 0:
            srv.fail_first -= 1
            return self._empty(503)
        body = srv.files.get(self.path)
        if body is None:
            return self._empty(404)
        start, status = self._range(len(body)) if srv.honour_range else (0, 200)
        if status == 416:
            return self._empty(416)
        payload = body[start:]
        self.send_response(status)
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Accept-Ranges", "bytes")
        if status == 206:
            self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        self.end_headers()
        if srv.cut_next:
            payload = payload[: srv.cut_next.pop(0)]
            self.close_connection = True
        self.wfile.write(payload)
        self.wfile.flush()

    def _range(self, size: int) -> tuple[int, int]:
        header = self.headers.get("Range")
        if not header:
            return 0, 200
        start = int(header.removeprefix("bytes=").split("-")[0])
        return (start, 206) if start < size else (0, 416)

    def _empty(self, status: int) -> None:
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):  # keep test output quiet
        pass


@pytest.fixture
def server():
    srv = _Server()
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def payload() -> bytes:
    return np.random.default_rng(7).bytes(300_000)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


def test_download_is_verified_and_cached_by_checksum(server, payload, tmp_path):
    server.files["/lib/data.bin"] = payload
    path = fetch(server.url("/lib/data.bin"), sha256=_sha(payload), cache_dir=tmp_path, **FAST)
    assert path == tmp_path / _sha(payload) / "data.bin"
    assert path.read_bytes() == payload
    assert _files(tmp_path) == [path]  # no .part left
    assert [r["range"] for r in server.log] == [None]


def test_cache_hit_does_no_request(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    first = fetch(server.url("/data.bin"), sha256=_sha(payload), cache_dir=tmp_path, **FAST)
    server.log.clear()
    del server.files["/data.bin"]  # even a 404 would show up in the log
    second = fetch(server.url("/other-name.bin"), sha256=_sha(payload), cache_dir=tmp_path, **FAST)
    assert second == first and second.read_bytes() == payload
    assert server.log == []


def test_interrupted_transfer_resumes_with_range(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    server.cut_next = [100_000]
    path = fetch(server.url("/data.bin"), sha256=_sha(payload), cache_dir=tmp_path, **FAST)
    assert path.read_bytes() == payload
    assert [r["range"] for r in server.log] == [None, "bytes=100000-"]


def test_resume_in_a_later_call_uses_the_partial_file(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    server.cut_next = [120_000]
    with pytest.raises(FetchError) as info:
        fetch(server.url("/data.bin"), sha256=_sha(payload), cache_dir=tmp_path, retries=0, **FAST)
    assert info.value.code == "fetch.network"
    (part,) = _files(tmp_path)
    assert part.suffix == ".part" and part.read_bytes() == payload[:120_000]
    path = fetch(server.url("/data.bin"), sha256=_sha(payload), cache_dir=tmp_path, **FAST)
    assert path.read_bytes() == payload
    assert server.log[-1]["range"] == "bytes=120000-"
    assert _files(tmp_path) == [path]


def test_server_ignoring_range_restarts_from_zero(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    server.honour_range = False
    server.cut_next = [50_000]
    path = fetch(server.url("/data.bin"), sha256=_sha(payload), cache_dir=tmp_path, **FAST)
    assert path.read_bytes() == payload
    assert [r["range"] for r in server.log] == [None, "bytes=50000-"]


def test_wrong_checksum_is_refused_and_nothing_kept(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    server.cut_next = [10_000]  # also after a resume
    wrong = _sha(b"something else")
    with pytest.raises(FetchError) as info:
        fetch(server.url("/data.bin"), sha256=wrong, cache_dir=tmp_path, **FAST)
    assert info.value.code == "fetch.checksum"
    assert wrong in str(info.value) and _sha(payload) in str(info.value)
    assert _files(tmp_path) == []


def test_retries_on_503_then_succeeds(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    server.fail_first = 2
    path = fetch(server.url("/data.bin"), sha256=_sha(payload), cache_dir=tmp_path, **FAST)
    assert path.read_bytes() == payload
    assert len(server.log) == 3


def test_retries_are_bounded(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    server.fail_first = 10
    with pytest.raises(FetchError) as info:
        fetch(server.url("/data.bin"), sha256=_sha(payload), cache_dir=tmp_path, retries=2, **FAST)
    assert info.value.code == "fetch.network" and "HTTP 503" in str(info.value)
    assert len(server.log) == 3


def test_not_found_fails_without_retry(server, tmp_path):
    with pytest.raises(FetchError) as info:
        fetch(server.url("/missing.zip"), cache_dir=tmp_path, **FAST)
    assert info.value.code == "fetch.http" and "404" in str(info.value)
    assert len(server.log) == 1


def test_unpinned_download_is_cached_under_its_digest(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    path = fetch(server.url("/data.bin"), cache_dir=tmp_path, **FAST)
    assert path == tmp_path / _sha(payload) / "data.bin"


def test_oversized_download_is_refused(server, payload, tmp_path):
    server.files["/data.bin"] = payload
    with pytest.raises(FetchError) as info:
        fetch(server.url("/data.bin"), cache_dir=tmp_path, max_bytes=1000, **FAST)
    assert info.value.code == "fetch.too_large"
    assert _files(tmp_path) == []


def test_local_paths_are_verified(tmp_path):
    f = tmp_path / "a.zip"
    f.write_bytes(b"abc")
    assert fetch(f, sha256=_sha(b"abc"), cache_dir=tmp_path / "c") == f
    assert fetch(f.as_uri(), cache_dir=tmp_path / "c") == f
    with pytest.raises(FetchError) as info:
        fetch(f, sha256=_sha(b"abd"), cache_dir=tmp_path / "c")
    assert info.value.code == "fetch.checksum"
    with pytest.raises(FetchError) as info:
        fetch(tmp_path / "nope.zip", cache_dir=tmp_path / "c")
    assert info.value.code == "fetch.missing"
    with pytest.raises(FetchError) as info:
        fetch("ftp://example.org/a.zip", cache_dir=tmp_path / "c")
    assert info.value.code == "fetch.unsupported"


# --- location_root --------------------------------------------------------------------


def _zip_bytes(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


LIB = {"dataset/100/mobility.urdf": b"<robot name='a'/>", "dataset/100/meta.json": b"{}"}


def _manifest(location: str, base: Path, **extra):
    data = {
        "name": "lib",
        "adapter": "partnet_mobility",
        "license": "PartNet-Mobility terms",
        "location": location,
        **extra,
    }
    return load_source_manifest(data, base_dir=base)


def test_folder_location_is_used_as_is(tmp_path):
    (tmp_path / "lib" / "100").mkdir(parents=True)
    manifest = _manifest("lib", tmp_path)
    got = location_root(manifest, cache_dir=tmp_path / "c", work_dir=tmp_path / "w")
    assert got == tmp_path / "lib"
    assert not (tmp_path / "w").exists()


def test_missing_folder_names_the_source_and_its_manifest(tmp_path):
    path = tmp_path / "lib.yaml"
    path.write_text("name: lib\nadapter: urdf_folder\nlicense: MIT\nlocation: not-downloaded\n")
    with pytest.raises(FetchError) as info:
        location_root(
            load_source_manifest(path), cache_dir=tmp_path / "c", work_dir=tmp_path / "w"
        )
    assert info.value.code == "fetch.missing"
    assert "'lib'" in str(info.value) and str(path) in str(info.value)


def test_pinned_folder_is_checked_against_its_tree_digest(tmp_path):
    lib = tmp_path / "lib"
    (lib / "100").mkdir(parents=True)
    (lib / "100" / "mobility.urdf").write_bytes(b"<robot name='a'/>")
    entries = [("100/mobility.urdf", 17, _sha(b"<robot name='a'/>"))]
    assert hash_tree(lib) == entries
    pinned = _manifest("lib", tmp_path, sha256=tree_sha256(lib))
    opts = {"cache_dir": tmp_path / "c", "work_dir": tmp_path / "w"}
    assert location_root(pinned, **opts) == lib
    (lib / "100" / "extra.obj").write_bytes(b"v 0 0 0\n")
    with pytest.raises(FetchError) as info:
        location_root(pinned, **opts)
    assert info.value.code == "fetch.checksum"


def test_generated_has_no_location(tmp_path):
    manifest = load_source_manifest(
        {"name": "gen", "adapter": "generated", "license": "CC0-1.0", "n": 3, "seed": 1},
        base_dir=tmp_path,
    )
    with pytest.raises(FetchError) as info:
        location_root(manifest, cache_dir=tmp_path / "c", work_dir=tmp_path / "w")
    assert info.value.code == "fetch.no_location"


def test_local_archive_is_extracted_once_and_reused(tmp_path):
    data = _zip_bytes(LIB)
    (tmp_path / "lib.zip").write_bytes(data)
    manifest = _manifest("lib.zip", tmp_path, sha256=_sha(data), subdir="dataset")
    opts = {"cache_dir": tmp_path / "c", "work_dir": tmp_path / "w"}
    got = location_root(manifest, **opts)
    assert got == tmp_path / "w" / _sha(data) / "dataset"
    assert (got / "100" / "mobility.urdf").read_bytes() == LIB["dataset/100/mobility.urdf"]
    (tmp_path / "lib.zip").unlink()  # the second call must not need the archive again
    assert location_root(manifest, **opts) == got


def test_local_archive_with_wrong_sha256_is_refused(tmp_path):
    (tmp_path / "lib.zip").write_bytes(_zip_bytes(LIB))
    manifest = _manifest("lib.zip", tmp_path, sha256=_sha(b"other"))
    with pytest.raises(FetchError) as info:
        location_root(manifest, cache_dir=tmp_path / "c", work_dir=tmp_path / "w")
    assert info.value.code == "fetch.checksum"
    assert _files(tmp_path / "w") == []


def test_url_archive_is_fetched_extracted_and_reused_offline(server, tmp_path):
    data = _zip_bytes(LIB)
    server.files["/pm.zip"] = data
    manifest = _manifest(server.url("/pm.zip"), tmp_path, sha256=_sha(data))
    opts = {"cache_dir": tmp_path / "c", "work_dir": tmp_path / "w", **FAST}
    got = location_root(manifest, **opts)
    assert got == tmp_path / "w" / _sha(data)
    assert (got / "dataset" / "100" / "meta.json").read_bytes() == b"{}"
    server.log.clear()
    assert location_root(manifest, **opts) == got
    assert server.log == []


def test_hostile_url_archive_leaves_no_folder(server, tmp_path):
    data = _zip_bytes({"ok.txt": b"x", "../../evil.txt": b"pwned"})
    server.files["/evil.zip"] = data
    manifest = _manifest(server.url("/evil.zip"), tmp_path, sha256=_sha(data))
    with pytest.raises(ArchiveError) as info:
        location_root(manifest, cache_dir=tmp_path / "c", work_dir=tmp_path / "w", **FAST)
    assert info.value.code == "archive.traversal"
    assert list((tmp_path / "w").iterdir()) == []
    assert not list(tmp_path.rglob("evil.txt"))
