"""Safe extraction of .zip / .tar / .tar.gz / .tgz archives (also .tar.bz2 / .tar.xz).

An archive from the internet is hostile until proven otherwise. :func:`extract_archive`
refuses, with a stable :class:`ArchiveError` code:

* ``archive.traversal``: a member with an absolute path, a drive letter or a ``..`` part;
* ``archive.link``: a symbolic or hard link member;
* ``archive.unsupported``: a device/FIFO member, an encrypted or unknown-method zip member,
  or a file that is no archive at all;
* ``archive.too_large``: a member or the total above the byte limits (declared sizes are
  checked before reading, actual bytes while writing);
* ``archive.too_many_files``: more members (files and folders) than allowed;
* ``archive.member.too_deep``: a member nested deeper than
  :data:`~arena_core.util.input_limits.MAX_ARCHIVE_DEPTH` folders;
* ``archive.member.name_too_long``: a member name part longer than :data:`MAX_NAME_BYTES`
  bytes, or a member path longer than :data:`MAX_PATH_CHARS` characters;
* ``archive.corrupt``: unreadable data, bad CRC, duplicate or conflicting member names;
* ``archive.exists``: the destination already exists.

Members are written into a fresh temporary folder next to the destination, with mode 0644
files and 0755 folders (archive permissions are ignored); the folder is renamed onto the
destination only when every member is in. On any failure the temporary folder is removed,
so nothing is left behind and nothing is ever written outside it.

Example:
    >>> import io, tempfile, zipfile
    >>> from pathlib import Path
    >>> tmp = Path(tempfile.mkdtemp())
    >>> with zipfile.ZipFile(tmp / "a.zip", "w") as zf:
    ...     zf.writestr("obj/mobility.urdf", "<robot name='r'/>")
    >>> out = extract_archive(tmp / "a.zip", tmp / "out")
    >>> (out / "obj" / "mobility.urdf").read_text()
    "<robot name='r'/>"
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tarfile
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from arena_core.util.input_limits import (
    MAX_ARCHIVE_DEPTH,
    OBJECT_ARCHIVE_BYTES,
    OBJECT_ARCHIVE_MEMBER_BYTES,
    OBJECT_ARCHIVE_MEMBERS,
)
from schemas.errors import ArenaError

#: Default limits: generous for a full library download, small enough to stop a bomb.
MAX_TOTAL_BYTES = 64 << 30
MAX_FILE_BYTES = 8 << 30
MAX_FILES = 1_000_000

#: Longest member name part (bytes, the usual file-system limit) and member path (characters).
MAX_NAME_BYTES = 255
MAX_PATH_CHARS = 1024

#: Bytes copied per chunk while extracting.
CHUNK_BYTES = 1 << 20

_DRIVE = re.compile(r"^[A-Za-z]:")


class ArchiveError(ArenaError, ValueError):
    """An archive refused or unreadable; ``code`` is an ``archive.*`` code of the catalog
    (``schemas/issue_codes.yaml``)."""

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


@dataclass
class _Budget:
    """Running file count and byte total against the limits of one extraction."""

    source: Path
    max_total_bytes: int
    max_file_bytes: int
    max_files: int
    files: int = 0
    declared: int = 0
    total: int = 0

    def admit(self, name: str, size: int) -> None:
        """Count one member declaring ``size`` bytes, or raise when over a limit."""
        self.files += 1
        if self.files > self.max_files:
            raise ArchiveError(
                "archive.too_many_files",
                f"{self.source}: more than {self.max_files} members (files and folders)",
            )
        self.declared += size
        self.check(name, size, self.declared)

    def check(self, name: str, member_bytes: int, total_bytes: int) -> None:
        """Raise ``archive.too_large`` when a member or the total is over its limit."""
        if member_bytes > self.max_file_bytes:
            raise ArchiveError(
                "archive.too_large",
                f"{self.source}: member {name!r} is {member_bytes} bytes > limit {self.max_file_bytes}",
            )
        if total_bytes > self.max_total_bytes:
            raise ArchiveError(
                "archive.too_large",
                f"{self.source}: uncompressed total exceeds limit {self.max_total_bytes} bytes",
            )


def extract_archive(
    archive: str | os.PathLike[str],
    dest: str | os.PathLike[str],
    *,
    max_total_bytes: int = MAX_TOTAL_BYTES,
    max_file_bytes: int = MAX_FILE_BYTES,
    max_files: int = MAX_FILES,
) -> Path:
    """Extract ``archive`` into the new folder ``dest`` (atomically) and return ``dest``.

    The format is detected from the content (zip, or tar optionally gzip/bz2/xz
    compressed), not from the file name. ``max_*`` bound the uncompressed bytes of all
    members, of one member, and the number of file members.

    Raises:
        ArchiveError: see the module docstring for the codes.
    """
    archive, dest = Path(archive), Path(dest)
    if dest.exists() or dest.is_symlink():
        raise ArchiveError("archive.exists", f"destination {dest} already exists")
    budget = _Budget(archive, max_total_bytes, max_file_bytes, max_files)
    extract = _format_of(archive)
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.extract-", dir=dest.parent))
    try:
        extract(archive, tmp, budget)
        os.rename(tmp, dest)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return dest


def extract_object_archive(archive: str | os.PathLike[str], dest: str | os.PathLike[str]) -> Path:
    """:func:`extract_archive` with the limits for one object's archive
    (:data:`~arena_core.util.input_limits.OBJECT_ARCHIVE_BYTES` and the two beside it)."""
    return extract_archive(archive, dest, max_total_bytes=OBJECT_ARCHIVE_BYTES,
                           max_file_bytes=OBJECT_ARCHIVE_MEMBER_BYTES,
                           max_files=OBJECT_ARCHIVE_MEMBERS)


def safe_member_path(name: str) -> PurePosixPath | None:
    """Return the member ``name`` as a safe relative path (None for the archive root).

    Backslashes count as separators; ``.`` and empty parts are dropped.

    Raises:
        ArchiveError: ``archive.traversal`` for an absolute path, a drive letter, a NUL
            byte or a ``..`` part.

    Example:
        >>> safe_member_path("./a//b\\\\c.obj").as_posix()
        'a/b/c.obj'
    """
    text = name.replace("\\", "/")
    if "\x00" in text or text.startswith("/") or _DRIVE.match(text):
        raise ArchiveError("archive.traversal", f"member {name!r} has an absolute path")
    parts = [p for p in text.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise ArchiveError("archive.traversal", f"member {name[:200]!r} climbs out with '..'")
    if len(parts) > MAX_ARCHIVE_DEPTH + 1:
        raise ArchiveError("archive.member.too_deep", f"member {name[:120]!r}... is nested "
                           f"{len(parts) - 1} folders deep > limit {MAX_ARCHIVE_DEPTH}")
    if len(text) > MAX_PATH_CHARS or any(len(p.encode("utf-8", "surrogateescape"))
                                         > MAX_NAME_BYTES for p in parts):
        raise ArchiveError("archive.member.name_too_long", f"member {name[:120]!r}... has a "
                           f"name part over {MAX_NAME_BYTES} bytes or a path over "
                           f"{MAX_PATH_CHARS} characters")
    return PurePosixPath(*parts) if parts else None


def _format_of(archive: Path):
    """Return the extractor for ``archive``'s content, or raise unsupported/corrupt."""
    if not archive.is_file():
        raise ArchiveError("archive.unsupported", f"{archive} is not a file")
    if zipfile.is_zipfile(archive):
        return _extract_zip
    try:
        if tarfile.is_tarfile(archive):
            return _extract_tar
    except (tarfile.TarError, OSError, EOFError, zlib.error) as exc:
        raise ArchiveError("archive.corrupt", f"{archive}: unreadable tar data ({exc})") from None
    name = archive.name.lower()
    if name.endswith((".zip", ".tar", ".tgz", ".tar.gz", ".tar.bz2", ".tar.xz")):
        raise ArchiveError("archive.corrupt", f"{archive}: named like an archive but unreadable")
    raise ArchiveError("archive.unsupported", f"{archive}: not a zip or tar archive")


def _extract_zip(archive: Path, tmp: Path, budget: _Budget) -> None:
    """Check every zip member from the central directory, then write them into ``tmp``."""
    _check_zip_count(archive, budget)
    try:
        with zipfile.ZipFile(archive) as zf:
            members = [(info, _check_zip_member(info, budget)) for info in zf.infolist()]
            for info, rel in members:
                if rel is None:
                    continue
                if info.is_dir():
                    _make_dir(tmp, rel)
                else:
                    with zf.open(info) as stream:
                        _write_member(stream, tmp, rel, budget)
    except (zipfile.BadZipFile, zlib.error, EOFError) as exc:
        raise ArchiveError("archive.corrupt", f"{archive}: {exc}") from None
    except NotImplementedError as exc:
        raise ArchiveError("archive.unsupported", f"{archive}: {exc}") from None


def _check_zip_count(archive: Path, budget: _Budget) -> None:
    """Refuse a zip whose end record declares more members than allowed, before its central
    directory is parsed (reading 100,000 entries alone takes seconds)."""
    try:
        with open(archive, "rb") as stream:
            end = zipfile._EndRecData(stream)  # the stdlib's own end-record reader
    except (OSError, AttributeError):
        return
    declared = end[zipfile._ECD_ENTRIES_TOTAL] if end else 0
    if declared > budget.max_files:
        raise ArchiveError("archive.too_many_files", f"{budget.source}: {declared} members "
                           f"> limit {budget.max_files} (files and folders)")


def _check_zip_member(info: zipfile.ZipInfo, budget: _Budget) -> PurePosixPath | None:
    """Return the safe path of a zip member after the type, flag and size checks."""
    rel = safe_member_path(info.filename)
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise ArchiveError("archive.link", f"member {info.filename!r} is a symbolic link")
    if stat.S_IFMT(mode) not in (0, stat.S_IFREG, stat.S_IFDIR):
        raise ArchiveError("archive.unsupported", f"member {info.filename!r} is a special file")
    if info.flag_bits & 0x1:
        raise ArchiveError("archive.unsupported", f"member {info.filename!r} is encrypted")
    if rel is not None:
        budget.admit(info.filename, 0 if info.is_dir() else info.file_size)
    return rel


def _extract_tar(archive: Path, tmp: Path, budget: _Budget) -> None:
    """Stream the tar members in one pass, checking each one before writing it."""
    try:
        with tarfile.open(archive, mode="r|*") as tf:
            for member in _tar_members(tf):
                rel = _check_tar_member(member, budget)
                if rel is None:
                    continue
                if member.isdir():
                    _make_dir(tmp, rel)
                else:
                    stream = tf.extractfile(member)
                    _write_member(stream, tmp, rel, budget)
    except (tarfile.TarError, zlib.error, EOFError, OSError) as exc:
        if isinstance(exc, OSError) and exc.errno is not None:
            raise  # a disk error (full, read-only), not bad data
        raise ArchiveError("archive.corrupt", f"{archive}: {exc}") from None


def _tar_members(tf: tarfile.TarFile) -> Iterator[tarfile.TarInfo]:
    """Yield the members of a streamed tar (``next()`` raises on a damaged header)."""
    while (member := tf.next()) is not None:
        yield member


def _check_tar_member(member: tarfile.TarInfo, budget: _Budget) -> PurePosixPath | None:
    """Return the safe path of a tar member after the type and size checks."""
    rel = safe_member_path(member.name)
    if member.issym() or member.islnk():
        raise ArchiveError(
            "archive.link", f"member {member.name!r} is a link to {member.linkname!r}"
        )
    if not (member.isreg() or member.isdir()):
        raise ArchiveError("archive.unsupported", f"member {member.name!r} is a device or FIFO")
    if rel is not None:
        budget.admit(member.name, member.size if member.isreg() else 0)
    return rel


def _make_dir(tmp: Path, rel: PurePosixPath) -> None:
    """Create the folder ``tmp/rel`` (and parents), refusing a clash with a file."""
    target = _target(tmp, rel)
    if target.exists() and not target.is_dir():
        raise ArchiveError(
            "archive.corrupt", f"member {rel.as_posix()!r} is both a file and a folder"
        )
    target.mkdir(mode=0o755, parents=True, exist_ok=True)


def _write_member(stream: BinaryIO, tmp: Path, rel: PurePosixPath, budget: _Budget) -> None:
    """Copy ``stream`` into the new file ``tmp/rel``, counting the bytes actually written."""
    target = _target(tmp, rel)
    try:
        target.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    except (FileExistsError, NotADirectoryError):
        raise ArchiveError(
            "archive.corrupt", f"member {rel.as_posix()!r} is duplicated or clashes"
        ) from None
    written = 0
    with os.fdopen(fd, "wb") as out:
        while chunk := stream.read(CHUNK_BYTES):
            written += len(chunk)
            budget.check(rel.as_posix(), written, budget.total + written)
            out.write(chunk)
    budget.total += written


def _target(tmp: Path, rel: PurePosixPath) -> Path:
    """Return ``tmp/rel``, re-checking that it stays inside ``tmp`` (defence in depth)."""
    target = tmp.joinpath(*rel.parts)
    if not target.resolve().is_relative_to(tmp.resolve()):
        raise ArchiveError(
            "archive.traversal", f"member {rel.as_posix()!r} resolves outside the destination"
        )
    return target
