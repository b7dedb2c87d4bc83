"""SHA-256 digests of bytes, files and folder listings (provenance and cache keys).

Every digest is a lowercase 64-character hex string. Files are streamed in chunks, so a
multi-gigabyte archive is hashed in constant memory. A folder digest covers each entry's
relative POSIX path, size and content digest, so it changes when any file is renamed,
resized or edited, and it does not depend on the walk order or on the platform.

Example:
    >>> bytes_sha256(b"abc")[:16]
    'ba7816bf8f01cfea'
    >>> listing_sha256([("b.obj", 3, bytes_sha256(b"abc")), ("a.urdf", 0, bytes_sha256(b""))]) \\
    ...     == listing_sha256([("a.urdf", 0, bytes_sha256(b"")), ("b.obj", 3, bytes_sha256(b"abc"))])
    True
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from types import ModuleType

from arena_core.util.fs import walk, write_atomic
from schemas.errors import ArenaError

#: Bytes read per chunk when streaming a file through the hash.
CHUNK_BYTES = 1 << 20

#: One ``(relative POSIX path, size in bytes, sha256 hex)`` entry of a folder listing.
FileDigest = tuple[str, int, str]


class HashingError(ArenaError, ValueError):
    """A path that cannot be hashed as asked (the message names it and says why)."""


def bytes_sha256(data: bytes) -> str:
    """Return the SHA-256 hex digest of ``data``."""
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: str | os.PathLike[str], *, chunk_bytes: int = CHUNK_BYTES) -> str:
    """Return the SHA-256 hex digest of the file at ``path``, streamed ``chunk_bytes`` at a time.

    Raises:
        HashingError: ``path`` is not a regular file.
    """
    path = Path(path)
    if not path.is_file():
        raise HashingError(f"cannot hash {path}: not a regular file")
    return _sha256_of(path, chunk_bytes)


def _sha256_of(path: str | os.PathLike[str], chunk_bytes: int = CHUNK_BYTES) -> str:
    """The digest of a file already known to be regular (no check)."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        while chunk := stream.read(chunk_bytes):
            digest.update(chunk)
    return digest.hexdigest()


def listing_sha256(entries: Iterable[FileDigest]) -> str:
    """Return a stable digest of a folder listing, independent of the entries' order.

    Each entry is ``(relative POSIX path, size, sha256)``; the digest is the SHA-256 of the
    lines ``path\\tsize\\tsha256\\n`` sorted by path.
    """
    lines = sorted(f"{path}\t{size}\t{sha}\n" for path, size, sha in entries)
    return bytes_sha256("".join(lines).encode("utf-8"))


def hash_files(root: str | os.PathLike[str], relpaths: Iterable[str], *,
                cache: HashCache | None = None) -> list[FileDigest]:
    """Return ``(relpath, size, sha256)`` for each file ``root/relpath``, sorted by path
    (``cache``: digests of files whose stat did not change are not computed again).

    Raises:
        HashingError: a path is absolute, climbs out of ``root`` with ``..``, or is not a
            regular file.
    """
    root = Path(root)
    out = []
    for rel in sorted(set(relpaths)):
        _check_relpath(rel)
        path = root / rel
        if path.is_symlink():
            raise HashingError(f"cannot hash {path}: it is a symbolic link")
        if cache is None:
            sha = file_sha256(path)
            out.append((rel, path.stat().st_size, sha))
            continue
        try:
            info = os.stat(path)
        except OSError:
            info = None
        if info is None or not stat.S_ISREG(info.st_mode):
            raise HashingError(f"cannot hash {path}: not a regular file")
        out.append((rel, info.st_size, cache.sha256(os.fspath(path), info)))
    return out


def hash_tree(root: str | os.PathLike[str], *, too_deep: list[Path] | None = None,
              cache: HashCache | None = None) -> list[FileDigest]:
    """Return ``(relpath, size, sha256)`` for every file under ``root``, sorted by path.

    With ``cache``, a file whose stat did not change since its digest was kept is not
    read (:class:`HashCache`). Symbolic links are not followed: a link is listed with size ``-1`` and the digest of
    ``b"symlink:" + target`` so that it still changes the folder digest. Folders nested
    deeper than :data:`~arena_core.util.input_limits.MAX_FOLDER_DEPTH` are not hashed; they are
    appended to ``too_deep``. Special files (FIFOs, devices) are not listed.

    Raises:
        HashingError: ``root`` is not a folder.
    """
    root = Path(root)
    if not root.is_dir():
        raise HashingError(f"cannot hash {root}: not a folder")
    out = []
    for base, _, filenames in walk(root, too_deep=too_deep):  # links are among filenames
        prefix = base.relative_to(root).as_posix()
        for name in filenames:
            path = os.path.join(base, name)
            rel = name if prefix == "." else f"{prefix}/{name}"
            mode = os.lstat(path)  # one stat per file: kind and size
            if stat.S_ISLNK(mode.st_mode):
                target = os.readlink(path).encode("utf-8", "surrogateescape")
                out.append((rel, -1, bytes_sha256(b"symlink:" + target)))
            elif stat.S_ISREG(mode.st_mode):
                sha = _sha256_of(path) if cache is None else cache.sha256(path, mode)
                out.append((rel, mode.st_size, sha))
    return sorted(out)


def tree_sha256(root: str | os.PathLike[str]) -> str:
    """Return the :func:`listing_sha256` of :func:`hash_tree` ``(root)``."""
    return listing_sha256(hash_tree(root))


def code_sha256(*modules: ModuleType) -> str:
    """Digest of the source of ``modules`` (by file name and content; a package stands for
    every ``*.py`` file under its folder), so a cache keyed by it is dropped when the code
    that filled it changes. The files come from the modules themselves, so a renamed or
    moved module is still hashed.

    Raises:
        HashingError: a module has no source file (built in, or its file is gone).
    """
    digest = hashlib.sha256()
    for module in modules:
        for file in _source_files(module):
            data = file.read_bytes()
            digest.update(f"{file.name}\t{len(data)}\n".encode() + data)
    return digest.hexdigest()


def _source_files(module: ModuleType) -> list[Path]:
    """The ``*.py`` files of ``module``: its file, or every file under a package's folder."""
    file = Path(module.__file__) if getattr(module, "__file__", None) else None
    if file is None or not file.is_file():
        raise HashingError(f"cannot hash the code of {module.__name__}: no source file {file}")
    return sorted(file.parent.rglob("*.py")) if file.name == "__init__.py" else [file]


def _check_relpath(rel: str) -> None:
    """Raise :class:`HashingError` unless ``rel`` is a relative path that stays inside."""
    pure = PurePosixPath(rel)
    if not rel or pure.is_absolute() or ".." in pure.parts:
        raise HashingError(f"file path {rel!r} must be relative and must not contain '..'")


class HashCache:
    """Digests of files by path, trusted while the file's stat is unchanged (git's index).

    An entry holds the size, ``mtime_ns``, ``ctime_ns`` and inode the file had when it was
    hashed; a write changes the mtime and ctime (and a replacement the inode), so a file
    with the same stat has the same content. A file changed within :data:`RACY_NS` before
    it was hashed is not kept as hashed: a coarse clock could give a second write in the same
    tick the same timestamps. :meth:`save` settles such files as git settles racily clean
    index entries: one whose stat is unchanged and whose change is now older than
    :data:`RACY_NS` is hashed again, and kept when the digest is the same (files a build
    just generated are then not read again by the next build); the others are hashed again
    next time. Only the entries used since :meth:`load` are saved, so the file does not
    grow with stale paths.
    """

    #: Files modified less than this before they were hashed are not kept (nanoseconds).
    RACY_NS = 2_000_000_000

    def __init__(self, entries: dict[str, list] | None = None, *, ctime: bool = True):
        self.entries = entries or {}
        self.used: dict[str, list] = {}
        self.racy: dict[str, list] = {}
        self.ctime = ctime

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, ctime: bool = True) -> HashCache:
        """The cache saved at ``path`` (empty when it is missing or unreadable).

        ``ctime=False`` leaves the ctime out of the stat compared: for files that are
        hard-linked again (a link moves the ctime, not the content), e.g. the unchanged
        archives of a rewritten release; a write still moves the mtime.
        """
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            if data.get("ctime", True) != ctime:
                return cls(ctime=ctime)
            return cls({k: v for k, v in data["files"].items() if len(v) == 5}, ctime=ctime)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return cls(ctime=ctime)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the entries used since :meth:`load` to ``path`` (atomically; nothing is
        written when they are the entries loaded, nor when ``path`` is not writable)."""
        self._settle()
        if self.used == self.entries and Path(path).is_file():
            return
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps({"files": self.used, "ctime": self.ctime},
                                          sort_keys=True))
        except OSError:
            pass  # a cache that cannot be kept is recomputed next time, never a failure

    def sha256(self, path: str, info: os.stat_result) -> str:
        """The digest of the regular file ``path`` whose stat is ``info`` (taken before)."""
        sig = self._signature(info)
        hit = self.entries.get(path)
        if hit is not None and hit[:4] == sig:
            self.used[path] = hit
            return hit[4]
        now = time.time_ns()
        sha = _sha256_of(path)
        if now - max(info.st_mtime_ns, sig[2]) > self.RACY_NS:
            self.used[path] = [*sig, sha]
        else:
            self.racy[path] = [*sig, sha]
        return sha

    def _signature(self, info: os.stat_result) -> list[int]:
        return [info.st_size, info.st_mtime_ns, info.st_ctime_ns if self.ctime else 0,
                info.st_ino]

    def _settle(self) -> None:
        """Keep the racy entries whose file is unchanged, now old enough, and hashes the same
        again (see the class docstring)."""
        now = time.time_ns()
        for path, entry in self.racy.items():
            try:
                info = os.stat(path)
            except OSError:
                continue
            sig = self._signature(info)
            if sig == entry[:4] and now - max(sig[1], sig[2]) > self.RACY_NS \
                    and _sha256_of(path) == entry[4]:
                self.used[path] = entry
        self.racy = {}
