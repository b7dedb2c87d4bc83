"""Source manifests (``manifests/sources/*.yaml``): what each library is and how to read it.

A :class:`SourceManifest` declares one library: which adapter reads it, under which license,
where it lives (a local folder, a local archive, an http(s) URL of an archive pinned by
its sha256, or a folder installed by Python distributions, pinned by ``version``:
:class:`~schemas.packages.PackageLocation`) and how to read it (length scale, up axis,
category hints). ``generated`` sources take ``n`` and ``seed`` instead of a location.
:func:`load_source_manifest` reads one YAML file and raises :class:`ManifestError` naming
the file and the field on bad input.

What an adapter yields per object is a :class:`~schemas.source_object.SourceObject`.

Example:
    >>> m = load_source_manifest({"name": "gen", "adapter": "generated", "license": "CC0-1.0",
    ...                           "n": 10, "seed": 0}, base_dir=".")
    >>> (m.location_kind, m.license_class)
    (None, 'permissive')
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path, PurePosixPath
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from schemas import yamlio
from schemas.errors import ArenaError
from schemas.files import SHA256
from schemas.licenses import LicenseClass, classify_license
from schemas.packages import PackageLocation

Adapter = Literal["partnet_mobility", "gapartnet", "urdf_folder", "mjcf", "generated"]
ADAPTERS: tuple[str, ...] = Adapter.__args__
LocationKind = Literal["folder", "archive", "url", "package"]
#: The source's up axis: ``z`` (the canonical convention) or ``y`` (turned +90 deg about X).
UpAxis = Literal["z", "y"]
UP_AXES: tuple[str, ...] = UpAxis.__args__
#: The horizontal axis a source's objects face in the canonical frame (after ``up_axis``).
Front = Literal["+x", "-x", "+y", "-y"]
FRONTS: tuple[str, ...] = Front.__args__


def _check_scale_value(value: float) -> float:
    """Return ``value`` if it is a finite length scale > 0, else raise ValueError."""
    if not math.isfinite(value) or value <= 0.0:
        raise ValueError(f"must be a finite length scale to meters > 0, got {value}")
    return value


def _check_up_axis_value(value: Any) -> Any:
    """Return ``value`` lower-cased if it names a known up axis, else raise ValueError."""
    text = value.strip().lower() if isinstance(value, str) else value
    if text not in UP_AXES:
        raise ValueError(f"unknown up axis {value!r}; expected 'z' (Z up, the canonical "
                         "convention) or 'y' (Y up: normalization turns it +90 deg about X)")
    return text


def _check_front_value(value: Any) -> Any:
    """Return ``value`` lower-cased without spaces if it names a front, else raise ValueError."""
    text = value.strip().lower() if isinstance(value, str) else value
    if text is not None and text not in FRONTS:
        raise ValueError(f"unknown front {value!r}; expected one of {', '.join(FRONTS)} (the "
                         "horizontal axis the objects face once Z is up) or none")
    return text


#: A length scale to meters (finite, > 0): the manifest's and the source object's ``scale``.
Scale = Annotated[float, AfterValidator(_check_scale_value)]
#: An up axis as written (case and spaces ignored): the manifest's and the object's ``up_axis``.
UpAxisName = Annotated[UpAxis, BeforeValidator(_check_up_axis_value)]
#: A front as written (case and spaces ignored): the manifest's ``front``.
FrontName = Annotated[Front | None, BeforeValidator(_check_front_value)]

#: File name endings read as archives (anything else local is a folder).
ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz", ".tar", ".tar.bz2", ".tar.xz")

SLUG = re.compile(r"^[a-z0-9]+(?:[_-][a-z0-9]+)*$")

class _FieldProblem(ValueError):
    """A cross-field rule broken by one named field (so the error can name it)."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(message)


class ManifestError(ArenaError, ValueError):
    """A source manifest that cannot be used; ``str()`` names the file and each bad field.

    Attributes:
        path: the manifest file (``None`` for an in-memory mapping).
        errors: ``(field, message)`` pairs; field ``""`` means the whole file.
    """

    def __init__(self, path: str | os.PathLike[str] | None, errors: list[tuple[str, str]]):
        self.path = None if path is None else str(path)
        self.errors = errors
        where = self.path or "<manifest>"
        lines = [f"field '{f}': {m}" if f else m for f, m in errors]
        super().__init__(f"{where}: " + "; ".join(lines))


class SourceManifest(BaseModel):
    """One declared source library (a YAML mapping in ``manifests/sources/``).

    ``location`` is kept as written for URLs and made absolute for local paths when a
    ``base_dir`` is given (:func:`load_source_manifest` passes the manifest's folder); a
    mapping is a :class:`~schemas.packages.PackageLocation` (``{package: metaworld, path:
    metaworld/assets}``), whose ``version`` pins the distributions' version.
    ``priority``: higher wins when the duplicate policy must keep one of two copies.
    ``subdir``: the folder inside the location (after extraction) that holds the library.
    ``up_axis``: the axis that points up in the source's root frame, ``z`` (default) or
    ``y`` (normalization turns ``+Y`` into ``+Z``).
    ``front``: the horizontal axis the source's objects face in the canonical frame (``+x``,
    ``-x``, ``+y``, ``-y``; ``None``, the default: not known). Normalization never turns an
    object about Z, so this is the source's own convention (generated objects face ``+x``,
    PartNet-Mobility's ``-x``); the contact sheet looks at objects from that side.
    ``include``: glob patterns (POSIX, relative to the root; ``*`` stays inside one folder,
    ``**`` spans folders) selecting the files an adapter reads as objects, e.g.
    ``["objects/*.xml"]`` for a package whose object files include scenes kept beside them;
    ``None`` (default): every file the adapter recognizes.
    ``category_hints``: a default category (a string, stored under key ``"*"``) or a
    mapping from a source-side key (object id, folder name, source category) to a category.
    ``license_class``: given explicitly, or derived from ``commercial_use=False``
    (non-commercial), ``copyleft=True`` (copyleft), both ``True``/``False`` (permissive),
    else from ``license`` by :func:`classify_license`.
    ``collision_max_pieces``: convex collision pieces per link that the decomposition of
    non-convex collision meshes may make (default
    :data:`arena_core.mesh.decompose.DEFAULT_MAX_PIECES`, 32; docs/convention.md).
    """

    model_config = ConfigDict(extra="forbid")

    name: str
    adapter: Adapter
    license: str = Field(min_length=1)
    location: str | PackageLocation | None = None
    sha256: str | None = None
    version: str | None = None
    scale: Scale = 1.0
    up_axis: UpAxisName = "z"
    front: FrontName = None
    category_hints: dict[str, str] = Field(default_factory=dict)
    priority: int = 0
    subdir: str | None = None
    include: list[str] | None = None
    n: int | None = Field(default=None, ge=1)
    seed: int | None = Field(default=None, ge=0)
    commercial_use: bool | None = None
    copyleft: bool | None = None
    license_class: LicenseClass | None = None
    collision_max_pieces: int | None = Field(default=None, ge=1, le=256)
    _file: Path | None = PrivateAttr(default=None)

    @field_validator("name")
    @classmethod
    def _check_name(cls, value: str) -> str:
        if not SLUG.match(value) or len(value) > 64:
            raise ValueError(
                f"must be a slug like 'partnet_mobility' (a-z, 0-9, _ or -), got {value!r}"
            )
        return value

    @field_validator("sha256", mode="before")
    @classmethod
    def _check_sha256(cls, value: Any) -> Any:
        if value is None:
            return None
        text = str(value).strip().lower()
        if not SHA256.match(text):
            raise ValueError(f"must be 64 hex digits, got {value!r}")
        return text

    @field_validator("version", mode="before")
    @classmethod
    def _version_as_text(cls, value: Any) -> Any:
        return value if value is None or isinstance(value, str) else str(value)

    @field_validator("category_hints", mode="before")
    @classmethod
    def _hints_as_mapping(cls, value: Any) -> Any:
        if value is None:
            return {}
        if isinstance(value, str):
            return {"*": value}
        if isinstance(value, dict):
            return {str(k): str(v) for k, v in value.items()}
        raise ValueError(f"must be a category name or a mapping of key -> category, got {value!r}")

    @field_validator("subdir")
    @classmethod
    def _check_subdir(cls, value: str | None) -> str | None:
        if value is not None:
            pure = PurePosixPath(value)
            if pure.is_absolute() or ".." in pure.parts or not value.strip():
                raise ValueError(f"must be a relative folder without '..', got {value!r}")
        return value

    @field_validator("include")
    @classmethod
    def _check_include(cls, value: list[str] | None) -> list[str] | None:
        for pattern in value or ():
            pure = PurePosixPath(pattern)
            if not pattern.strip() or pure.is_absolute() or ".." in pure.parts:
                raise ValueError(f"must be relative glob patterns without '..', got {pattern!r}")
        return value

    @field_validator("location", mode="before")
    @classmethod
    def _package_location(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        try:
            return PackageLocation.model_validate(value)
        except ValidationError as exc:
            field, message = _field_errors(exc)[0]
            raise _FieldProblem(f"location.{field}", message) from None

    @field_validator("location")
    @classmethod
    def _resolve_location(cls, value: str | PackageLocation | None,
                          info: ValidationInfo) -> str | PackageLocation | None:
        if value is None or isinstance(value, PackageLocation):
            return value
        value = value.strip()
        scheme = urlsplit(value).scheme.lower()
        if scheme in ("http", "https"):
            if not urlsplit(value).netloc:
                raise ValueError(f"URL has no host: {value!r}")
            return value
        if len(scheme) > 1:
            raise ValueError(f"must be a local path or an http(s) URL, got scheme {scheme!r}")
        base = (info.context or {}).get("base_dir")
        path = Path(value).expanduser()
        if base is not None and not path.is_absolute():
            path = Path(base) / path
        return os.path.normpath(path) if (base is not None or path.is_absolute()) else value

    @model_validator(mode="after")
    def _check_adapter_fields(self) -> SourceManifest:
        if self.adapter == "generated":
            _check_generated(self)
        else:
            _check_library(self)
        if self.license_class is None:
            self.license_class = _derived_license_class(self)
        return self

    @property
    def manifest_file(self) -> Path | None:
        """The YAML file this manifest was read from (None when built from a mapping)."""
        return self._file

    @property
    def location_kind(self) -> LocationKind | None:
        """``"url"``, ``"archive"`` (a local file named like an archive), ``"folder"``,
        ``"package"`` (installed distributions) or None."""
        if self.location is None:
            return None
        if isinstance(self.location, PackageLocation):
            return "package"
        if urlsplit(self.location).scheme.lower() in ("http", "https"):
            return "url"
        return "archive" if self.location.lower().endswith(ARCHIVE_SUFFIXES) else "folder"

    @property
    def local_path(self) -> Path | None:
        """The location as a local path (None for URLs, packages and generated sources)."""
        return Path(self.location) if self.location_kind in ("folder", "archive") else None

    def category_hint(self, *keys: str) -> str | None:
        """Return the hinted category for the first key present, else the default (``"*"``)."""
        for key in keys:
            if key in self.category_hints:
                return self.category_hints[key]
        return self.category_hints.get("*")


def _derived_license_class(m: SourceManifest) -> LicenseClass:
    """The class from the override flags if given, else :func:`classify_license`."""
    if m.commercial_use is False:
        return "non-commercial"
    if m.copyleft is True:
        return "copyleft"
    if m.commercial_use is True and m.copyleft is False:
        return "permissive"
    return classify_license(m.license)


def _check_generated(m: SourceManifest) -> None:
    """Raise ValueError unless a ``generated`` manifest has n and seed and no location."""
    for field in ("location", "sha256", "subdir"):
        if getattr(m, field) is not None:
            raise _FieldProblem(field, f"adapter 'generated' takes 'n' and 'seed', not {field!r}")
    for field in ("n", "seed"):
        if getattr(m, field) is None:
            raise _FieldProblem(field, f"adapter 'generated' needs {field!r}")


def _check_library(m: SourceManifest) -> None:
    """Raise ValueError unless a library manifest has a location (URLs pinned by sha256)."""
    if m.location is None:
        raise _FieldProblem(
            "location", f"adapter {m.adapter!r} needs 'location' (a folder, archive, URL "
            "or {package: ..., path: ...})"
        )
    for field in ("n", "seed"):
        if getattr(m, field) is not None:
            raise _FieldProblem(field, f"{field!r} only applies to adapter 'generated'")
    if m.location_kind == "package":
        if m.version is None:
            raise _FieldProblem("version", "a package location needs 'version' (the "
                                "distribution version it pins, e.g. '3.1.1')")
        if m.sha256 is not None:
            raise _FieldProblem("sha256", "a package location is pinned by 'version', not "
                                "'sha256'")
    if m.location_kind == "url" and m.sha256 is None:
        raise _FieldProblem(
            "sha256", "a URL location needs 'sha256' so the download can be verified"
        )


def load_source_manifest(
    path_or_mapping: str | os.PathLike[str] | dict[str, Any],
    *,
    base_dir: str | os.PathLike[str] | None = None,
) -> SourceManifest:
    """Read and validate one source manifest (a YAML file or an in-memory mapping).

    A relative local ``location`` resolves against ``base_dir``, which defaults to the
    manifest file's folder (a mapping without ``base_dir`` keeps it relative).

    Raises:
        ManifestError: unreadable file, YAML syntax error, not a mapping, or invalid fields;
            the message names the file and every bad field.
    """
    path = None
    if isinstance(path_or_mapping, dict):
        data = path_or_mapping
    else:
        path = Path(path_or_mapping)
        data = _read_yaml(path)
        base_dir = path.resolve().parent if base_dir is None else base_dir
    try:
        manifest = SourceManifest.model_validate(data, context={"base_dir": base_dir})
    except ValidationError as exc:
        raise ManifestError(path, _field_errors(exc)) from None
    manifest._file = path
    return manifest


def load_source_manifests(folder: str | os.PathLike[str]) -> list[SourceManifest]:
    """Load every ``*.yaml``/``*.yml`` manifest in ``folder``, sorted by file name.

    Raises:
        ManifestError: a manifest is invalid, or two manifests share a name.
    """
    folder = Path(folder)
    files = sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")])
    manifests, seen = [], {}
    for file in files:
        manifest = load_source_manifest(file)
        if manifest.name in seen:
            raise ManifestError(
                file, [("name", f"{manifest.name!r} is also used by {seen[manifest.name]}")]
            )
        seen[manifest.name] = file.name
        manifests.append(manifest)
    return manifests


def _read_yaml(path: Path) -> Any:
    """Return the parsed YAML of ``path`` or raise :class:`ManifestError`."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ManifestError(path, [("", f"cannot read manifest: {exc}")]) from None
    try:
        data = yamlio.safe_load(text)
    except yaml.YAMLError as exc:
        raise ManifestError(path, [("", f"invalid YAML: {exc}")]) from None
    if not isinstance(data, dict):
        raise ManifestError(path, [("", f"must be a YAML mapping, got {type(data).__name__}")])
    return data


def _field_errors(exc: ValidationError) -> list[tuple[str, str]]:
    """Turn a pydantic error into ``(field, message)`` pairs with readable messages."""
    out = []
    for err in exc.errors(include_url=False):
        field = ".".join(str(p) for p in err["loc"])
        problem = err.get("ctx", {}).get("error")
        if isinstance(problem, _FieldProblem):
            field = problem.field
        message = err["msg"].removeprefix("Value error, ")
        if err["type"] == "literal_error" and field == "adapter":
            message = f"unknown adapter {err['input']!r}; expected one of {', '.join(ADAPTERS)}"
        elif err["type"] == "extra_forbidden":
            message = "unknown field (check the spelling)"
        elif err["type"] == "missing":
            message = "required field is missing"
        out.append((field, message))
    return out
