"""Path patterns of a source manifest's ``include``: shell globs per path segment, with
``**`` for any number of segments."""

from __future__ import annotations

import fnmatch


def included(rel_path: str, patterns: list[str] | None) -> bool:
    """Whether the POSIX ``rel_path`` matches one of ``patterns`` (``None``: everything).

    ``*``, ``?`` and ``[...]`` match within one path segment; a ``**`` segment matches any
    number of segments (zero included).

    Example:
        >>> included("objects/drawer.xml", ["objects/*.xml"])
        True
        >>> included("objects/assets/drawer.xml", ["objects/*.xml"])
        False
        >>> included("robots/panda/robot.xml", ["robots/**/robot.xml"]), included("x.xml", None)
        (True, True)
    """
    if patterns is None:
        return True
    parts = rel_path.split("/")
    return any(_segments_match(parts, pattern.split("/")) for pattern in patterns)


def _segments_match(parts: list[str], pattern: list[str]) -> bool:
    """Match path segments against pattern segments (``**`` = any number of segments)."""
    if not pattern:
        return not parts
    if pattern[0] == "**":
        return any(_segments_match(parts[i:], pattern[1:]) for i in range(len(parts) + 1))
    return bool(parts) and fnmatch.fnmatchcase(parts[0], pattern[0]) and \
        _segments_match(parts[1:], pattern[1:])
