"""Mesh storage of a release: one deterministic zip per object, sharded by id hash.

Why this layout (it is also explained in the dataset card):

* **Files per folder.** The Hub handles repositories best with fewer than ~10k files per
  folder. Archives live under ``objects/<2 hex>/`` where the two hex digits are the first
  byte of ``sha256(object_id)``: 256 folders, so 20K objects give ~80 files per folder and
  even 2M objects stay under 10k.
* **Row-group scan size.** Meshes are not bytes columns: the parquet rows stay small
  (the URDF text and the kinematic columns), so the dataset viewer and
  ``load_dataset`` scan them quickly, and a user who only needs kinematics downloads no
  geometry at all.
* **One object, one download.** ``hf_hub_download(..., "objects/ab/<id>.zip")`` fetches
  exactly the meshes of one row; :func:`release.reader.materialize` extracts it.
* **Deterministic bytes.** Members are sorted by path, stored (no compression: the
  bytes do not depend on a zlib version, and the Hub deduplicates stored chunks), with
  a fixed timestamp (1980-01-01), fixed permissions and a fixed creator system, so the
  same folder always gives the same archive and the same checksum.

Example:
    >>> archive_relpath("gen-0-00001")
    'objects/4c/gen-0-00001.zip'
    >>> archive_relpath("sapien/41083").startswith("objects/") and "/" not in storage_name("sapien/41083")
    True
"""

from __future__ import annotations

import hashlib
import os
import re
import zipfile
from pathlib import Path, PurePosixPath

from arena_core.formats.archive import extract_archive
from arena_core.util.hashing import bytes_sha256, listing_sha256
from schemas.errors import ArenaError

#: Timestamp written into every archive member (the earliest a zip can hold).
ARCHIVE_EPOCH = (1980, 1, 1, 0, 0, 0)

#: Folder of the per-object archives inside a release.
OBJECTS_DIR = "objects"

#: Largest object folder archived (bytes, all files together).
MAX_OBJECT_BYTES = 2 << 30

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$")
_UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


class StorageError(ArenaError, ValueError):
    """An object folder that cannot be archived, or an archive that cannot be read."""

    code = "release.archive.failed"


class ChecksumMismatch(StorageError):
    """A canonical folder whose files changed after its record was made."""

    code = "release.checksum_mismatch"


def shard_of(object_id: str) -> str:
    """The two-hex-digit shard folder of ``object_id`` (first byte of its sha256)."""
    return hashlib.sha256(object_id.encode("utf-8")).hexdigest()[:2]


def storage_name(object_id: str) -> str:
    """File-system name of an object: the id itself when it is a safe name.

    Ids with other characters (``sapien/41083``) become a slug plus ``~`` and 12 hex
    digits of the id's sha256, so two ids never share a name (``~`` never occurs in a
    safe name).
    """
    _check_object_id(object_id)
    if _SAFE_NAME.match(object_id) and object_id not in (".", ".."):
        return object_id
    slug = _UNSAFE_CHARS.sub("_", object_id).strip("._-")[:100] or "object"
    digest = hashlib.sha256(object_id.encode("utf-8")).hexdigest()[:12]
    return f"{slug}~{digest}"


def archive_relpath(object_id: str) -> str:
    """POSIX path of the object's archive inside the release (``objects/ab/<name>.zip``)."""
    return f"{OBJECTS_DIR}/{shard_of(object_id)}/{storage_name(object_id)}.zip"


def folder_files(folder: str | os.PathLike[str]) -> list[str]:
    """Sorted POSIX paths (relative to ``folder``) of every regular file to archive.

    Every file is listed, hidden ones included, so the archive reproduces the folder
    exactly (its :func:`arena_core.util.hashing.tree_sha256` is the record's checksum).

    Raises:
        StorageError: ``folder`` is not a folder, holds a symbolic link, or is larger
            than :data:`MAX_OBJECT_BYTES`.
    """
    root = Path(folder)
    if not root.is_dir():
        raise StorageError(f"cannot archive {root}: not a folder")
    out, total = [], 0
    for base, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames.sort()
        for name in filenames + [d for d in dirnames if (Path(base) / d).is_symlink()]:
            path = Path(base) / name
            if path.is_symlink():
                raise StorageError(f"cannot archive {path}: symbolic links are not stored")
            total += path.stat().st_size
            out.append(path.relative_to(root).as_posix())
    if total > MAX_OBJECT_BYTES:
        raise StorageError(f"cannot archive {root}: {total} bytes > limit {MAX_OBJECT_BYTES}")
    return sorted(out)


def write_object_archive(folder: str | os.PathLike[str], dest: str | os.PathLike[str], *,
                         expected_checksum: str | None = None) -> Path:
    """Write every file of ``folder`` into the deterministic zip ``dest``; return ``dest``.

    The archive holds the folder's contents (no enclosing folder name), members sorted
    by path, stored, dated :data:`ARCHIVE_EPOCH`, mode 0644. The file is written under a
    temporary name and renamed, so ``dest`` is either complete or absent.

    Raises:
        StorageError: see :func:`folder_files`; or ``expected_checksum`` (the folder's
            :func:`~arena_core.util.hashing.tree_sha256` as recorded) differs from the bytes
            archived: the folder changed since its record was made.
    """
    folder, dest = Path(folder), Path(dest)
    names = folder_files(folder)
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f".{dest.name}.tmp")
    listing = []
    try:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_STORED, allowZip64=True) as zf:
            for name in names:
                data = (folder / name).read_bytes()
                listing.append((name, len(data), bytes_sha256(data)))
                zf.writestr(_member(name), data)
        if expected_checksum is not None and listing_sha256(listing) != expected_checksum:
            raise ChecksumMismatch(f"{folder}: its files no longer match the recorded checksum "
                               "(the canonical folder changed after it was recorded)")
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return dest


def _member(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=ARCHIVE_EPOCH)
    info.compress_type = zipfile.ZIP_STORED
    info.create_system = 3  # unix, whatever the platform
    info.external_attr = (0o100644 & 0xFFFF) << 16
    return info


def archive_members(archive: str | os.PathLike[str]) -> list[str]:
    """Sorted member names of an object archive.

    Raises:
        StorageError: the file is missing or not a zip archive.
    """
    path = Path(archive)
    try:
        with zipfile.ZipFile(path) as zf:
            return sorted(i.filename for i in zf.infolist() if not i.is_dir())
    except (OSError, zipfile.BadZipFile) as exc:
        raise StorageError(f"cannot read object archive {path}: {exc}") from None


def extract_object_archive(archive: str | os.PathLike[str], dest: str | os.PathLike[str]) -> Path:
    """Extract an object archive into the new folder ``dest`` (safely, atomically).

    Uses :func:`arena_core.formats.archive.extract_archive`: no member may escape ``dest``,
    links are refused, and ``dest`` appears only once every member is written.

    Raises:
        arena_core.formats.archive.ArchiveError: unsafe or corrupt archive, or ``dest`` exists.
    """
    return extract_archive(archive, dest)


def _check_object_id(object_id: str) -> None:
    if not isinstance(object_id, str) or not object_id.strip():
        raise StorageError(f"object_id must be a non-empty string, got {object_id!r}")
    if "\x00" in object_id or len(object_id) > 512:
        raise StorageError(f"object_id {object_id[:40]!r}... is not a usable id")
    if PurePosixPath(object_id).is_absolute():
        raise StorageError(f"object_id {object_id!r} must not be an absolute path")
