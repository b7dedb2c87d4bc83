"""Safe archive extraction: good archives round-trip, hostile ones are refused with a code
and leave nothing behind (every hostile archive is built here, byte by byte if needed)."""

from __future__ import annotations

import io
import stat
import struct
import tarfile
import zipfile
from pathlib import Path

import pytest

from arena_core.formats.archive import ArchiveError, extract_archive, safe_member_path

GOOD = {
    "obj/mobility.urdf": b"<robot name='r'/>",
    "obj/textured_objs/a.obj": b"v 0 0 0\n" * 50,
    "README": b"hello",
}


def _zip(path: Path, members: dict[str, bytes], *, infos: list[zipfile.ZipInfo] = ()) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name), data, compress_type=zipfile.ZIP_DEFLATED)
        for info in infos:
            zf.writestr(info, b"/etc/passwd")
    return path


def _tar(
    path: Path, members: list[tuple[tarfile.TarInfo, bytes | None]], mode: str = "w:gz"
) -> Path:
    with tarfile.open(path, mode) as tf:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            tf.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def _file(name: str, data: bytes) -> tuple[tarfile.TarInfo, bytes]:
    return tarfile.TarInfo(name), data


def _special(name: str, kind: bytes, linkname: str = "") -> tuple[tarfile.TarInfo, None]:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, linkname
    return info, None


def _snapshot(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")}


def _refused(archive: Path, dest: Path, code: str, **limits) -> ArchiveError:
    """Extract, expect ``code``, and check the file tree around ``dest`` did not change."""
    top = archive.parent.parent
    before = _snapshot(top)
    with pytest.raises(ArchiveError) as info:
        extract_archive(archive, dest, **limits)
    assert info.value.code == code, str(info.value)
    assert _snapshot(top) == before, "extraction left files behind"
    assert not dest.exists()
    return info.value


@pytest.fixture
def dirs(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "in").mkdir()
    (tmp_path / "out").mkdir()
    return tmp_path / "in", tmp_path / "out" / "dest"


@pytest.mark.parametrize("fmt", ["zip", "tar", "tar.gz", "tgz"])
def test_good_archive_round_trips(dirs, fmt):
    src, dest = dirs
    if fmt == "zip":
        archive = _zip(src / "a.zip", GOOD)
    else:
        mode = "w" if fmt == "tar" else "w:gz"
        archive = _tar(src / f"a.{fmt}", [_file(n, d) for n, d in GOOD.items()], mode)
    assert extract_archive(archive, dest) == dest
    got = {p.relative_to(dest).as_posix(): p.read_bytes() for p in dest.rglob("*") if p.is_file()}
    assert got == GOOD
    assert stat.S_IMODE((dest / "README").stat().st_mode) == 0o644
    assert sorted(p.name for p in dest.parent.iterdir()) == ["dest"]  # no temp dir left


def test_format_is_detected_from_content(dirs):
    src, dest = dirs
    archive = _tar(src / "download", [_file(n, d) for n, d in GOOD.items()])
    extract_archive(archive, dest)
    assert (dest / "README").read_bytes() == b"hello"


@pytest.mark.parametrize("name", ["../evil", "a/../../evil", "..\\evil", "./../evil"])
def test_zip_slip_is_refused(dirs, name):
    src, dest = dirs
    archive = _zip(src / "slip.zip", {"ok.txt": b"fine", name: b"pwned"})
    _refused(archive, dest, "archive.traversal")
    assert not (dest.parent / "evil").exists() and not (src.parent / "evil").exists()


def test_tar_slip_after_good_members_leaves_nothing(dirs):
    src, dest = dirs
    members = [_file("a.txt", b"a"), _file("sub/b.txt", b"b"), _file("../evil", b"pwned")]
    _refused(_tar(src / "slip.tar.gz", members), dest, "archive.traversal")


@pytest.mark.parametrize("fmt", ["zip", "tar"])
def test_absolute_member_is_refused(dirs, tmp_path, fmt):
    src, dest = dirs
    target = tmp_path / "abs_target.txt"
    if fmt == "zip":
        archive = _zip(src / "abs.zip", {str(target): b"pwned"})
    else:
        archive = _tar(src / "abs.tar", [_file(str(target), b"pwned")], "w")
    _refused(archive, dest, "archive.traversal")
    assert not target.exists()


def test_zip_drive_letter_is_refused(dirs):
    src, dest = dirs
    _refused(_zip(src / "c.zip", {"C:/Windows/evil": b"x"}), dest, "archive.traversal")


def test_zip_symlink_member_is_refused(dirs):
    src, dest = dirs
    link = zipfile.ZipInfo("obj/link")
    link.create_system = 3
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    _refused(_zip(src / "link.zip", {"obj/a.txt": b"a"}, infos=[link]), dest, "archive.link")


@pytest.mark.parametrize("kind", [tarfile.SYMTYPE, tarfile.LNKTYPE])
def test_tar_link_members_are_refused(dirs, kind):
    src, dest = dirs
    members = [_file("a.txt", b"a"), _special("passwd", kind, "/etc/passwd")]
    error = _refused(_tar(src / "link.tar.gz", members), dest, "archive.link")
    assert "passwd" in error.message


@pytest.mark.parametrize("kind", [tarfile.CHRTYPE, tarfile.BLKTYPE, tarfile.FIFOTYPE])
def test_tar_device_members_are_refused(dirs, kind):
    src, dest = dirs
    _refused(_tar(src / "dev.tar", [_special("dev/null", kind)], "w"), dest, "archive.unsupported")


def _declaring(src: Path, members: dict[str, bytes], declared: int) -> Path:
    """A zip whose central directory declares ``declared`` uncompressed bytes per member."""
    raw = bytearray(_zip(src / "tmp.zip", members).read_bytes())
    start = 0
    while (start := raw.find(b"PK\x01\x02", start)) >= 0:
        raw[start + 24 : start + 28] = struct.pack("<I", declared)
        start += 4
    (src / "tmp.zip").unlink()
    (src / "declared.zip").write_bytes(bytes(raw))
    return src / "declared.zip"


def test_zip_huge_declared_size_is_refused_before_reading(dirs):
    src, dest = dirs
    archive = _declaring(src, {"big.bin": b"x" * 100}, 0xFFFFFFF0)  # declares 4 GiB
    _refused(archive, dest, "archive.too_large", max_file_bytes=1 << 20)


def test_zip_declared_total_is_refused_before_reading(dirs):
    src, dest = dirs
    archive = _declaring(src, {f"m{i}.bin": b"x" * 100 for i in range(3)}, 3 << 20)
    _refused(archive, dest, "archive.too_large", max_total_bytes=8 << 20)


def test_tar_huge_declared_size_is_refused_before_reading(dirs):
    src, dest = dirs
    info = tarfile.TarInfo("big.bin")
    info.size = 10**12
    archive = src / "bomb.tar"
    archive.write_bytes(info.tobuf(format=tarfile.PAX_FORMAT) + b"\0" * 4096)
    _refused(archive, dest, "archive.too_large")


def test_zip_bomb_total_is_refused(dirs):
    src, dest = dirs
    zeros = b"\0" * (1 << 20)
    archive = _zip(src / "bomb.zip", {f"z{i:02d}.bin": zeros for i in range(20)})
    assert archive.stat().st_size < 200_000  # ~100x compression
    _refused(archive, dest, "archive.too_large", max_total_bytes=8 << 20)


def test_tar_gz_bomb_member_is_refused(dirs):
    src, dest = dirs
    archive = _tar(src / "bomb.tgz", [_file("zeros.bin", b"\0" * (4 << 20))])
    _refused(archive, dest, "archive.too_large", max_file_bytes=1 << 20)


@pytest.mark.parametrize("fmt", ["zip", "tgz"])
def test_too_many_files_is_refused(dirs, fmt):
    src, dest = dirs
    members = {f"f{i}.txt": b"x" for i in range(30)}
    if fmt == "zip":
        archive = _zip(src / "many.zip", members)
    else:
        archive = _tar(src / "many.tgz", [_file(n, d) for n, d in members.items()])
    _refused(archive, dest, "archive.too_many_files", max_files=25)
    extract_archive(archive, dest, max_files=30)  # exactly at the limit is fine
    assert len(list(dest.iterdir())) == 30


def test_corrupt_archives_are_refused(dirs):
    src, dest = dirs
    good = _zip(src / "good.zip", {"a.bin": bytes(range(256)) * 40}).read_bytes()
    flipped = bytearray(good)
    flipped[60] ^= 0xFF  # inside the compressed data: CRC or inflate fails
    (src / "crc.zip").write_bytes(bytes(flipped))
    _refused(src / "crc.zip", dest, "archive.corrupt")
    (src / "cut.zip").write_bytes(good[: len(good) // 2])
    _refused(src / "cut.zip", dest, "archive.corrupt")
    gz = _tar(src / "t.tar.gz", [_file("a.bin", bytes(range(256)) * 400)]).read_bytes()
    (src / "cut.tar.gz").write_bytes(gz[: len(gz) // 2])
    _refused(src / "cut.tar.gz", dest, "archive.corrupt")


def test_duplicate_member_is_refused(dirs):
    src, dest = dirs
    with zipfile.ZipFile(src / "dup.zip", "w") as zf:
        zf.writestr("a.txt", b"first")
        zf.writestr("a.txt", b"second")
    _refused(src / "dup.zip", dest, "archive.corrupt")


def test_not_an_archive_is_unsupported(dirs):
    src, dest = dirs
    (src / "notes.txt").write_text("just text\n")
    _refused(src / "notes.txt", dest, "archive.unsupported")


def test_existing_destination_is_left_alone(dirs):
    src, dest = dirs
    dest.mkdir()
    (dest / "keep.txt").write_text("mine")
    with pytest.raises(ArchiveError) as info:
        extract_archive(_zip(src / "a.zip", GOOD), dest)
    assert info.value.code == "archive.exists"
    assert [p.name for p in dest.iterdir()] == ["keep.txt"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [("a/b.obj", "a/b.obj"), ("./a//b", "a/b"), ("a\\b", "a/b"), ("./", None), ("a/./b/", "a/b")],
)
def test_safe_member_path_normalizes(name, expected):
    got = safe_member_path(name)
    assert (got.as_posix() if got is not None else None) == expected


@pytest.mark.parametrize("name", ["/etc/passwd", "a/../../b", "..", "C:\\x", "a\x00b"])
def test_safe_member_path_refuses(name):
    with pytest.raises(ArchiveError) as info:
        safe_member_path(name)
    assert info.value.code == "archive.traversal"


def test_written_bytes_are_limited_even_when_declared_sizes_are_not_checked(dirs, monkeypatch):
    """Second layer: the bytes actually written are counted against the same limits."""
    import arena_core.formats.archive as archive_module

    monkeypatch.setattr(archive_module._Budget, "admit", lambda self, name, size: None)
    src, dest = dirs
    archive = _tar(src / "bomb.tgz", [_file("zeros.bin", b"\0" * (4 << 20))])
    _refused(archive, dest, "archive.too_large", max_file_bytes=1 << 20)
    zeros = {f"z{i}.bin": b"\0" * (1 << 20) for i in range(5)}
    _refused(_zip(src / "bomb.zip", zeros), dest, "archive.too_large", max_total_bytes=3 << 20)
