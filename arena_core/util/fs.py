"""File-system helpers shared by every stage: atomic folder swaps, resolving and comparing
paths (:class:`RealPaths`, :func:`is_within`), inspecting a path before reading it, and a
folder walk that cannot recurse too deep."""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from arena_core.util.input_limits import MAX_FOLDER_DEPTH


def replace_folder(tmp: str | os.PathLike, target: str | os.PathLike) -> None:
    """Put the finished folder ``tmp`` at ``target`` by renames on one file system.

    An existing ``target`` is first moved into a ``.<name>.old-*`` folder beside it and
    removed after the swap, so at every instant ``target`` is either the old complete
    folder or the new one (a crash can leave only a stale ``.old-*`` folder behind).
    """
    tmp, target = Path(tmp), Path(target)
    if not target.exists():
        os.rename(tmp, target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    os.rename(target, old / target.name)
    os.rename(tmp, target)
    shutil.rmtree(old, ignore_errors=True)


def write_atomic(path: str | os.PathLike, data: bytes | str) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it and one rename: a
    reader sees the old file or the new one, never a part (text is written as UTF-8)."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(raw)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# ----------------------------------------------------------------------------- resolving
class RealPaths:
    """``os.path.realpath`` that remembers the folders it resolved.

    ``realpath(p)`` is ``realpath(dirname(p))`` joined with the base name, resolved once more
    only when that name is a link; one lstat per path instead of one per path component
    (an object's meshes share a few deep folders), and none for a path asked again. For one
    object's files: links must not be made, changed or removed while the instance lives.

    Example:
        >>> import tempfile
        >>> tmp = os.path.realpath(tempfile.mkdtemp())
        >>> os.symlink(tmp, os.path.join(tmp, "link"))
        >>> real = RealPaths()
        >>> real(os.path.join(tmp, "link", "a.obj")) == os.path.join(tmp, "a.obj")
        True
        >>> real(os.path.join(tmp, "link", "link")) == os.path.realpath(tmp)
        True
    """

    def __init__(self) -> None:
        self._folders: dict[str, str] = {}
        self._paths: dict[str, str] = {}

    def __call__(self, path: str | os.PathLike) -> str:
        absolute = os.path.abspath(path)
        found = self._paths.get(absolute)
        if found is None:
            found = self._paths[absolute] = self._resolve(absolute)
        return found

    def _resolve(self, absolute: str) -> str:
        folder, name = os.path.split(absolute)
        real = self._folders.get(folder)
        if real is None:
            real = self._folders[folder] = os.path.realpath(folder)
        full = os.path.join(real, name)
        return os.path.realpath(full) if os.path.islink(full) else full


def is_within(path: str, root: str) -> bool:
    """``Path(path).is_relative_to(root)`` for normalized absolute paths (``os.path.normpath``
    or ``realpath`` output), compared as strings (``//``-rooted ones through pathlib).

    >>> is_within("/a/b/c.obj", "/a/b"), is_within("/a/bc", "/a/b"), is_within("/a", "/")
    (True, False, True)
    """
    if path.startswith("//") or root.startswith("//"):
        return Path(path).is_relative_to(root)
    return path == root or path.startswith(root if root.endswith("/") else root + "/")


# ----------------------------------------------------------------------------- inspecting

#: Every :attr:`FileProblem.kind`; each completes issue codes (``mesh.<kind>``,
#: ``file.<kind>``, ``mjcf.file.<kind>``, ``mesh.material.<kind>``, all in the catalog).
FILE_PROBLEM_KINDS = ("missing", "path.too_long", "path.symlink_loop", "not_a_file", "unreadable",
                      "too_large")


@dataclass(frozen=True)
class FileProblem:
    """Why a path cannot be read as a regular file: ``kind`` (one of
    :data:`FILE_PROBLEM_KINDS`) completes an issue code."""

    kind: str
    message: str


_ERRNO_KINDS = {errno.ENAMETOOLONG: "path.too_long", errno.ELOOP: "path.symlink_loop",
                errno.ENOENT: "missing", errno.ENOTDIR: "missing",
                errno.EACCES: "unreadable", errno.EPERM: "unreadable"}


def file_problem(path: str | os.PathLike, *, max_bytes: int | None = None) -> FileProblem | None:
    """``None`` when ``path`` is a readable regular file of at most ``max_bytes``, else why.

    Nothing is read: one ``stat`` (following links) and one ``open``.

    >>> file_problem("/").kind, file_problem("/no/such/file").kind
    ('not_a_file', 'missing')
    >>> file_problem("x" * 300).kind
    'path.too_long'
    """
    try:
        st = os.stat(path)
    except OSError as exc:
        kind = _ERRNO_KINDS.get(exc.errno, "unreadable")
        return FileProblem(kind, _ERRNO_TEXT.get(kind, exc.strerror or str(exc)))
    except ValueError as exc:  # a NUL byte in the name
        return FileProblem("missing", str(exc))
    if not stat.S_ISREG(st.st_mode):
        return FileProblem("not_a_file", f"is a {_mode_name(st.st_mode)}, not a regular file")
    if max_bytes is not None and st.st_size > max_bytes:
        return FileProblem("too_large", f"{st.st_size} bytes > limit {max_bytes}")
    try:
        os.close(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
    except OSError as exc:
        return FileProblem("unreadable", exc.strerror or str(exc))
    return None


_ERRNO_TEXT = {"path.too_long": "a name in the path is longer than the file system allows",
               "path.symlink_loop": "symbolic links point at each other in a loop",
               "missing": "no such file"}


def _mode_name(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "folder"), (stat.S_ISFIFO, "FIFO"),
                       (stat.S_ISCHR, "character device"), (stat.S_ISBLK, "block device"),
                       (stat.S_ISSOCK, "socket")):
        if test(mode):
            return name
    return "special file"


def walk(root: str | os.PathLike, *, max_depth: int = MAX_FOLDER_DEPTH,
         too_deep: list[Path] | None = None) -> Iterator[tuple[Path, list[str], list[str]]]:
    """``os.walk(root)`` without recursion, links not followed, names sorted, at most
    ``max_depth`` folders below ``root``; skipped deeper folders are appended to
    ``too_deep``. Prune ``dirnames`` in place to skip folders, as with ``os.walk``.
    Unreadable folders are passed over, like ``os.walk`` does.
    """
    stack = [(Path(root), 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            with os.scandir(folder) as entries:
                found = [(e.name, e.is_dir(follow_symlinks=False)) for e in entries]
        except OSError:
            continue
        dirnames = sorted(n for n, is_dir in found if is_dir)
        filenames = sorted(n for n, is_dir in found if not is_dir)
        yield folder, dirnames, filenames
        for name in reversed(dirnames):
            if depth + 1 > max_depth:
                if too_deep is not None:
                    too_deep.append(folder / name)
                continue
            stack.append((folder / name, depth + 1))
