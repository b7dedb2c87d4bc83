"""Per-object isolation: whatever one object raises becomes that object's issue.

Every stage that works on one object at a time (an adapter reading its files, the object
store processing it, the release writing its row and archive) runs that object's work
through :func:`guarded`. An exception becomes an :class:`~schemas.issues.Issue` with the
most specific code :func:`exception_issue` knows, and the stage goes on with the next
object; nothing else is lost. Specific checks in the readers come first (a mesh name that
is too long is ``mesh.path.too_long`` from the mesh resolver); this is the net below them,
so an unforeseen input still gets a code by its kind (``file.name_too_long``,
``input.too_deep``, ``resource.memory``, ...) and only a true bug is ``internal.error``.

Example:
    >>> guarded(lambda: 1 / 0, on_error=lambda issue: issue.code)
    'numeric.invalid'
    >>> exception_issue(OSError(36, "File name too long")).code
    'file.name_too_long'
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable
from typing import TypeVar

from schemas.issue_codes import CATALOG
from schemas.issues import Issue, issue

T = TypeVar("T")

#: ``errno`` -> issue code for file-system errors met while reading an object.
ERRNO_CODES = {
    errno.ENAMETOOLONG: "file.name_too_long",
    errno.ELOOP: "file.symlink_loop",
    errno.EACCES: "file.unreadable",
    errno.EPERM: "file.unreadable",
    errno.EISDIR: "file.not_a_file",
    errno.ENOTDIR: "file.not_a_file",
    errno.ENXIO: "file.not_a_file",
    errno.ENOENT: "file.missing",
    errno.ENOSPC: "file.disk_full",
    errno.EDQUOT: "file.disk_full",
    errno.EMFILE: "resource.files",
}

#: What native libraries say when an allocation is refused.
_MEMORY_WORDS = re.compile(r"bad_alloc|[Cc]annot allocate memory|failed to map segment|"
                           r"[Oo]ut of memory|could not allocate memory|\bMemoryError\b")

#: Longest exception message kept in an issue (characters).
MESSAGE_CHARS = 300


def exception_issue(exc: BaseException, *, location: str = "object") -> Issue:
    """The error issue for ``exc`` raised while working on one object."""
    return issue(exception_code(exc), f"{type(exc).__name__}: {str(exc)[:MESSAGE_CHARS]}",
                 severity="error", location=location)


def is_memory_failure(exc: BaseException) -> bool:
    """Whether ``exc`` says an allocation was refused: a ``MemoryError``, or a native
    library's own words for it (C++ ``std::bad_alloc``, ``ENOMEM``, a shared library that
    cannot be mapped), which reach Python as other exception types."""
    return isinstance(exc, MemoryError) or bool(_MEMORY_WORDS.search(str(exc)[:2000]))


def exception_code(exc: BaseException) -> str:
    """The most specific issue code for ``exc`` (``internal.error`` as the last resort).

    An exception's own ``code`` counts only when catalogued: the issue is made by the factory,
    which refuses other codes, and this is the path that must never raise."""
    code = getattr(exc, "code", None)
    if isinstance(code, str) and code in CATALOG:
        return code
    if is_memory_failure(exc):
        return "resource.memory"
    if isinstance(exc, OSError):
        return ERRNO_CODES.get(exc.errno, "file.io_error")
    if isinstance(exc, RuntimeError) and "symlink loop" in str(exc).lower():
        return "file.symlink_loop"  # pathlib.Path.resolve on Python 3.11
    for kinds, name in _KINDS:
        if isinstance(exc, kinds):
            return name
    return "internal.error"


def guarded(work: Callable[[], T], *, on_error: Callable[[Issue], T],
            location: str = "object") -> T:
    """``work()``, or ``on_error(issue)`` when it raises (``KeyboardInterrupt`` and
    ``SystemExit`` pass through: they stop the run, not the object)."""
    try:
        return work()
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException as exc:  # noqa: BLE001 - one object's failure must not stop a build
        return on_error(exception_issue(exc, location=location))


def _kinds() -> tuple[tuple[type | tuple[type, ...], str], ...]:
    import numpy as np
    from lxml import etree

    return (
        (MemoryError, "resource.memory"),
        (RecursionError, "input.too_deep"),
        (etree.Error, "xml.malformed"),
        (UnicodeError, "file.encoding"),
        ((np.linalg.LinAlgError, ZeroDivisionError, FloatingPointError, OverflowError),
         "numeric.invalid"),
    )


_KINDS = _kinds()
