"""A release whose inputs did not change is not curated, written or checked again.

:func:`inputs_key` is the sha256 of everything a release is made of: the store keys of its
objects (each the digest of an object's files, provenance and pipeline), the build config,
the source manifests (with the installed package versions), the taxonomy and overrides
files, the checksums of the release it is diffed against, the pipeline version and the
release format; curation and the build report are functions of these. Once a release
passes its check, :func:`remember` saves the key, the report and the check beside it
(:data:`MARKER`); :func:`previous_build` gives them back while the key is the same and the
release is still in place, so a build with nothing changed skips everything after
ingesting and keying its objects.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from arena_core.pipeline.store import PIPELINE_VERSION
from arena_core.util.fs import write_atomic
from arena_core.util.hashing import bytes_sha256
from schemas.build import BuildConfig
from schemas.release import FORMAT_VERSION, BuildReport, ReleaseCheck
from schemas.sources import SourceManifest

#: The file beside the release folder holding the key and the check of the last release.
MARKER = "release.inputs.json"


def inputs_key(keys: Sequence[str], config: BuildConfig, manifests: Sequence[SourceManifest],
               *, previous: Path | None = None, files: Sequence[Path] = ()) -> str:
    """sha256 of the inputs of a release (see the module docstring); ``files`` are read
    whole (the taxonomy and the overrides)."""
    prev_sums = None
    if previous is not None and (previous / "SHA256SUMS").is_file():
        prev_sums = bytes_sha256((previous / "SHA256SUMS").read_bytes())
    spec = {"keys": list(keys), "config": config.model_dump(mode="json"), "previous": prev_sums,
            "manifests": [m.model_dump(mode="json") for m in manifests],
            "files": {Path(f).name: bytes_sha256(Path(f).read_bytes()) for f in files},
            "pipeline": PIPELINE_VERSION, "format": FORMAT_VERSION}
    return bytes_sha256(json.dumps(spec, sort_keys=True, default=str).encode())


def previous_build(release_dir: Path, key: str) -> tuple[BuildReport, ReleaseCheck] | None:
    """The report and passing check of the release at ``release_dir`` if it was built from
    ``key`` and is still complete; ``None`` otherwise (an unreadable marker included)."""
    marker = release_dir.parent / MARKER
    if not (marker.is_file() and (release_dir / "SHA256SUMS").is_file()):
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
        if data.get("key") != key:
            return None
        return (BuildReport.model_validate(data["report"]),
                ReleaseCheck.model_validate(data["check"]))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None  # an unreadable marker means "rebuild", never a failed build


def remember(release_dir: Path, key: str, report: BuildReport, check: ReleaseCheck) -> None:
    """Save ``key`` with the report and the passing ``check`` of the release at ``release_dir``."""
    write_atomic(release_dir.parent / MARKER,
                 json.dumps({"key": key, "report": report.model_dump(mode="json"),
                             "check": check.model_dump(mode="json")}, indent=1, sort_keys=True))
