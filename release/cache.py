"""A release whose inputs did not change is not written again.

:func:`inputs_key` is the sha256 of everything a release is made of: the store keys of its
objects, the build config, the build report, the source manifests (with the installed
package versions), the taxonomy and overrides files, the checksums of the release it is
diffed against, the pipeline version and the release format. Once a release passes its
check, :func:`remember` saves the key and the check beside it (:data:`MARKER`);
:func:`passing_check` gives that check back while the key is the same and the release is
still in place, so a build with nothing changed skips writing and checking.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from arena_core.fsutil import write_atomic
from arena_core.hashing import bytes_sha256
from arena_core.store import PIPELINE_VERSION
from schemas.build import BuildConfig
from schemas.release import FORMAT_VERSION, BuildReport, ReleaseCheck
from schemas.sources import SourceManifest

#: The file beside the release folder holding the key and the check of the last release.
MARKER = "release.inputs.json"


def inputs_key(keys: Sequence[str], config: BuildConfig, manifests: Sequence[SourceManifest],
               report: BuildReport, *, previous: Path | None = None,
               files: Sequence[Path] = ()) -> str:
    """sha256 of the inputs of a release (see the module docstring); ``files`` are read
    whole (the taxonomy and the overrides)."""
    prev_sums = None
    if previous is not None and (previous / "SHA256SUMS").is_file():
        prev_sums = bytes_sha256((previous / "SHA256SUMS").read_bytes())
    spec = {"keys": list(keys), "config": config.model_dump(mode="json"),
            "report": report.model_dump(mode="json"), "previous": prev_sums,
            "manifests": [m.model_dump(mode="json") for m in manifests],
            "files": {Path(f).name: bytes_sha256(Path(f).read_bytes()) for f in files},
            "pipeline": PIPELINE_VERSION, "format": FORMAT_VERSION}
    return bytes_sha256(json.dumps(spec, sort_keys=True, default=str).encode())


def passing_check(release_dir: Path, key: str) -> ReleaseCheck | None:
    """The saved check of the release at ``release_dir`` if it was built from ``key``."""
    marker = release_dir.parent / MARKER
    if not (marker.is_file() and (release_dir / "SHA256SUMS").is_file()):
        return None
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
        return ReleaseCheck.model_validate(data["check"]) if data.get("key") == key else None
    except (ValueError, KeyError, TypeError, AttributeError):
        return None  # an unreadable marker means "rebuild", never a failed build


def remember(release_dir: Path, key: str, check: ReleaseCheck) -> None:
    """Save ``key`` and the passing ``check`` of the release at ``release_dir``."""
    write_atomic(release_dir.parent / MARKER,
                 json.dumps({"key": key, "check": check.model_dump(mode="json")}, indent=1,
                            sort_keys=True))
