"""A file an object came from, named by its path and pinned by its digest: :class:`SourceFile`.

Example:
    >>> SourceFile(path="meshes/door.obj", sha256="0" * 64, size=120).path
    'meshes/door.obj'
    >>> for bad in ("", "/abs.obj", "a/../b.obj", "..", "a\\\\b.obj"):
    ...     try:
    ...         SourceFile(path=bad, sha256="0" * 64, size=1)
    ...     except ValueError:
    ...         print("refused", repr(bad))
    refused ''
    refused '/abs.obj'
    refused 'a/../b.obj'
    refused '..'
    refused 'a\\\\b.obj'
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator

#: A sha256 digest as 64 lowercase hex digits.
SHA256 = re.compile(r"^[0-9a-f]{64}$")


class SourceFile(BaseModel):
    """One file an object came from: POSIX path relative to ``root_dir``, sha256, size (bytes)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str
    sha256: str
    size: int = Field(ge=0)

    @field_validator("path")
    @classmethod
    def _check_path(cls, value: str) -> str:
        # plain string tests (what PurePosixPath would say, at 1/10 of the cost: every
        # stored record holds ~20 of these paths and each read validates them)
        if not value or "\\" in value or value.startswith("/") or ".." in value.split("/"):
            raise ValueError(f"must be a relative POSIX path without '..', got {value!r}")
        return value

    @field_validator("sha256")
    @classmethod
    def _check_sha256(cls, value: str) -> str:
        if not SHA256.match(value):
            raise ValueError(f"must be 64 lowercase hex digits, got {value!r}")
        return value
