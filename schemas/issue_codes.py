"""The catalog of issue codes: every code the pipeline can emit, its default severity and
what it means, read from ``issue_codes.yaml`` next to this module.

:func:`schemas.issues.issue` refuses a code that is not here (a bug, caught by the tests),
``tests/test_issue_codes.py`` fails when a code in the code base is missing from the file or
an entry of the file is never produced, and each release ships the catalog as
``reports/issue_codes.json`` so users can look a code up.

Example:
    >>> CATALOG["joint.limit.missing"].severity
    'error'
    >>> lookup("no.such_code")  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    UnknownIssueCode: 'no.such_code' is not in schemas/issue_codes.yaml
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from schemas import yamlio

#: The catalog file (shipped as package data).
CATALOG_PATH = Path(__file__).resolve().with_name("issue_codes.yaml")

#: A code: lower-case dotted words (``joint.limit.missing``).
CODE_PATTERN = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")


class UnknownIssueCode(KeyError):
    """A code that is not in the catalog (a bug in the code that emits it)."""

    def __str__(self) -> str:
        return f"{self.args[0]!r} is not in schemas/issue_codes.yaml"


class IssueCode(BaseModel):
    """One catalog entry: the code, its default severity and a one-line meaning."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(pattern=CODE_PATTERN.pattern)
    severity: Literal["error", "warning", "info"]
    meaning: str = Field(min_length=1, pattern=r"^[^\n]+$")


def load_catalog(path: str | Path = CATALOG_PATH) -> Mapping[str, IssueCode]:
    """The catalog in ``path`` (default :data:`CATALOG_PATH`), in file order.

    Raises:
        ValueError: the file is not a mapping ``code -> {severity, meaning}``, or an entry
            is invalid (the message names the code).
    """
    data = yamlio.safe_load(Path(path).read_text(encoding="utf-8"))  # read at import
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping code -> {{severity, meaning}}")
    out = {}
    for code, entry in data.items():
        if not isinstance(entry, dict):
            raise ValueError(f"{path}: {code!r}: expected {{severity, meaning}}, got {entry!r}")
        try:
            out[code] = IssueCode(code=code, **entry)
        except ValueError as exc:
            raise ValueError(f"{path}: {code!r}: {exc}") from None
    return MappingProxyType(out)


#: Code -> entry, for every code the pipeline can emit.
CATALOG: Mapping[str, IssueCode] = load_catalog()


def lookup(code: str) -> IssueCode:
    """The catalog entry of ``code``; raises :class:`UnknownIssueCode` when there is none."""
    try:
        return CATALOG[code]
    except KeyError:
        raise UnknownIssueCode(code) from None


def catalog_document() -> dict[str, dict[str, str]]:
    """The catalog as JSON-ready data, ``code -> {severity, meaning}`` (what a release writes
    to ``reports/issue_codes.json``).

    >>> catalog_document()["internal.error"]["severity"]
    'error'
    """
    return {e.code: {"severity": e.severity, "meaning": e.meaning} for e in CATALOG.values()}
