"""A file an object came from, named by its path and pinned by its digest: :class:`SourceFile`.

Example:
    >>> SourceFile(path="meshes/door.obj", sha256="0" * 64, size=120).path
    'meshes/door.obj'
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

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
        pure = PurePosixPath(value)
        if not value or "\\" in value or pure.is_absolute() or ".." in pure.parts:
            raise ValueError(f"must be a relative POSIX path without '..', got {value!r}")
        return value

    @field_validator("sha256")
    @classmethod
    def _check_sha256(cls, value: str) -> str:
        if not SHA256.match(value):
            raise ValueError(f"must be 64 lowercase hex digits, got {value!r}")
        return value
