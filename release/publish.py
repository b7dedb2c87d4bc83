"""Publish a release folder to the Hugging Face Hub as a dataset repository.

:func:`publish` creates the repository (and the branch ``revision``) if needed and runs
``HfApi.upload_folder``. With ``hf_xet`` installed, ``upload_folder`` commits a large
folder in several batches and an interrupted upload resumes when the same call runs
again (committed files are skipped, uploaded chunks are deduplicated). Nothing is ever
written into the release folder: its checksums are the same before and after, whether
the upload succeeds or fails.

The commit is then tagged with the release's format version (``release_info.json``'s
``format_version``, e.g. ``v3.0``), moved there if an earlier upload had it, so
``load_dataset(repo_id, revision="v3.0")`` gets the newest release a reader of that
format understands (lerobot tags its codebase version the same way).

The token comes from ``token``, else ``HF_TOKEN`` or the login cache (huggingface_hub's
own lookup); it is never printed or put in a message. ``dry_run=True`` lists what would
be uploaded, with sizes, without touching the network.

Example:
    >>> check_repo_id("org/ArticulateArena-20K")
    'org/ArticulateArena-20K'
"""

from __future__ import annotations

import importlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from schemas.errors import ArenaError
from schemas.release import format_major

#: ``ORG/NAME`` as the Hub accepts it (letters, digits, ``-``, ``_``, ``.``).
_REPO_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,95}/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$")

#: A release folder must hold these before it can be published.
REQUIRED = ("README.md", "data")


class PublishError(ArenaError, RuntimeError):
    """Publishing failed or was refused; the message says why and what to do."""


@dataclass(frozen=True)
class PublishResult:
    """What was (or, for a dry run, would be) uploaded.

    ``files``: ``(path in repo, size in bytes)`` sorted by path; ``commit_url`` is ``None``
    for a dry run.
    """

    repo_id: str
    revision: str | None
    private: bool
    dry_run: bool
    files: list[tuple[str, int]] = field(default_factory=list)
    commit_url: str | None = None
    #: The tag put on (for a dry run: to be put on) the commit: the release format version.
    tag: str | None = None

    @property
    def total_bytes(self) -> int:
        return sum(size for _, size in self.files)


def check_repo_id(repo_id: str) -> str:
    """Return ``repo_id`` if it reads ``ORG/NAME``, else raise :class:`ValueError`."""
    if not isinstance(repo_id, str) or not _REPO_ID.match(repo_id) or ".." in repo_id:
        raise ValueError(f"repo id must look like ORG/NAME (letters, digits, '-', '_', '.'), "
                         f"got {repo_id!r}")
    return repo_id


def upload_listing(release_dir: str | os.PathLike[str]) -> list[tuple[str, int]]:
    """``(POSIX path, size)`` of every file that :func:`publish` uploads, sorted by path.

    Hidden files and folders (``.name``) are not part of a release and are skipped.

    Raises:
        PublishError: ``release_dir`` is not a release folder (no ``README.md``/``data``).
    """
    root = Path(release_dir)
    missing = [name for name in REQUIRED if not (root / name).exists()]
    if not root.is_dir() or missing:
        raise PublishError(f"{root} is not a release folder (missing {missing or [str(root)]}); "
                           "build one with `arena build`")
    out = []
    for base, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in filenames:
            path = Path(base) / name
            if not name.startswith(".") and path.is_file():
                out.append((path.relative_to(root).as_posix(), path.stat().st_size))
    return sorted(out)


def publish(
    release_dir: str | os.PathLike[str],
    repo_id: str,
    *,
    revision: str | None = None,
    private: bool = False,
    dry_run: bool = False,
    token: str | None = None,
    endpoint: str | None = None,
    commit_message: str | None = None,
) -> PublishResult:
    """Upload ``release_dir`` to the dataset repository ``repo_id`` (see the module doc).

    Args:
        revision: branch to commit to (created from the default branch if missing).
        private: create the repository private (an existing repository keeps its setting).
        endpoint: Hub URL (default: ``HF_ENDPOINT`` or huggingface.co).

    Raises:
        ValueError: ``repo_id`` is malformed.
        PublishError: not a release folder, no token, offline mode, the Hub unreachable
            or refusing the upload. The release folder is left untouched.
    """
    check_repo_id(repo_id)
    files = upload_listing(release_dir)
    tag = release_format(release_dir)
    result = PublishResult(repo_id, revision, private, dry_run, files, tag=tag)
    if dry_run:
        return result
    api = _api(token, endpoint)
    where = api.endpoint
    try:
        api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)
        if revision is not None:
            api.create_branch(repo_id, branch=revision, repo_type="dataset", exist_ok=True)
        info = api.upload_folder(
            repo_id=repo_id, folder_path=str(release_dir), repo_type="dataset",
            revision=revision, commit_message=commit_message or f"Upload release ({len(files)} files)",
            delete_patterns="*",  # the repo mirrors the release: no stale shards or archives
        )
        _move_tag(api, repo_id, tag, getattr(info, "oid", None) or revision)
    except _network_errors() as exc:
        raise PublishError(_explain(exc, where, repo_id, api.token)) from None
    return PublishResult(repo_id, revision, private, False, files,
                         getattr(info, "commit_url", None), tag)


def release_format(release_dir: str | os.PathLike[str]) -> str:
    """The ``format_version`` of the release at ``release_dir`` (its Hub tag).

    Raises:
        PublishError: ``release_info.json`` is missing, unreadable or names no valid
            format version (rebuild the release with ``arena build``).
    """
    path = Path(release_dir) / "release_info.json"
    try:
        found = json.loads(path.read_text(encoding="utf-8")).get("format_version")
    except (OSError, ValueError, AttributeError):
        found = None
    if format_major(found) is None:
        raise PublishError(f"{path} names no release format version (vMAJOR.MINOR): "
                           "rebuild the release with `arena build`")
    return found


def _move_tag(api, repo_id: str, tag: str, commit: str | None) -> None:
    """Point ``tag`` at ``commit`` (the upload's), removing it from an older commit."""
    from huggingface_hub.errors import RevisionNotFoundError

    try:
        api.delete_tag(repo_id, tag=tag, repo_type="dataset")
    except RevisionNotFoundError:
        pass
    api.create_tag(repo_id, tag=tag, revision=commit, repo_type="dataset",
                   tag_message=f"ArticulateArena release format {tag}")


def _api(token: str | None, endpoint: str | None):
    """An ``HfApi`` with a token (given or looked up), or :class:`PublishError`."""
    from huggingface_hub import HfApi, constants, get_token

    if constants.HF_HUB_OFFLINE:
        raise PublishError("HF_HUB_OFFLINE is set: publishing needs the network "
                           "(unset HF_HUB_OFFLINE, or use --dry-run to list the upload)")
    token = token or get_token()
    if not token:
        raise PublishError("no Hugging Face token: set HF_TOKEN or run `hf auth login`")
    return HfApi(endpoint=endpoint, token=token)


def _network_errors() -> tuple[type[BaseException], ...]:
    """Exception types that mean "the Hub could not be reached or refused the request"."""
    from huggingface_hub.errors import HfHubHTTPError

    errors: list[type[BaseException]] = [OSError, HfHubHTTPError, TimeoutError]
    for module, name in (("httpx2", "HTTPError"), ("httpx", "HTTPError"),
                         ("requests", "RequestException")):
        try:
            errors.append(getattr(importlib.import_module(module), name))
        except (ImportError, AttributeError):
            continue
    return tuple(errors)


def _explain(exc: BaseException, endpoint: str, repo_id: str, token: str | None) -> str:
    """A one-line reason for a failed upload; the token is masked if it ever appears."""
    from huggingface_hub.errors import HfHubHTTPError

    status = getattr(getattr(exc, "response", None), "status_code", None)
    if isinstance(exc, HfHubHTTPError) and status in (401, 403):
        return (f"the Hub at {endpoint} refused the token for {repo_id} (HTTP {status}): "
                "check HF_TOKEN or `hf auth login`, and write access to the repository")
    detail = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
    if token:
        detail = detail.replace(token, "***")
    return (f"cannot publish to {endpoint} ({type(exc).__name__}: {detail}); the release "
            "folder is unchanged, run the same command again to resume")
