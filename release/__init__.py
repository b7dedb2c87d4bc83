"""The release: write, read, check and publish a Hugging Face dataset folder.

Public API (imported lazily, so ``import release`` stays cheap)::

    write_release(out_dir, objects, *, subset, ...) -> ReleaseSummary     release.writer
    release_checksums(release_dir) -> dict[path, sha256]                  release.writer
    load_rows(release_dir, config="full", *, columns=None) -> list[dict]  release.reader
    find_row(release_dir, object_id) -> dict                              release.reader
    materialize(release_dir, object_id, out_dir, *, overwrite=False) -> Path (the URDF)
    nearest(release_dir, record, k=5) -> list[Neighbor]                   release.reader
    check_release(release_dir, *, sample=16, seed=0, ...) -> ReleaseCheck  release.check
    (ReleaseCheck, BuildReport, ReleaseSpec and FORMAT_VERSION live in schemas.release)
    publish(release_dir, repo_id, *, revision=None, private=False, dry_run=False,
            token=None, endpoint=None) -> PublishResult                   release.publish

``publish`` is not re-exported here: ``release.publish`` is its module (import the
function with ``from release.publish import publish``).
"""

from __future__ import annotations

import importlib

_EXPORTS = {
    "ReleaseError": "release.writer", "ReleaseObject": "release.objects",
    "ReleaseSummary": "release.writer", "release_checksums": "release.writer",
    "write_release": "release.writer",
    "Neighbor": "release.reader", "ReleaseReadError": "release.reader",
    "find_row": "release.reader", "load_rows": "release.reader",
    "materialize": "release.reader", "materialize_row": "release.reader",
    "nearest": "release.reader",
    "check_release": "release.check",
    "PublishError": "release.publish", "PublishResult": "release.publish",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module 'release' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value
