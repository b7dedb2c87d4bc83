"""``arena publish RELEASE --repo-id ORG/NAME``: upload a release folder to the Hub.

Creates the dataset repository (``--private`` for a new private one) and the branch
``--revision`` if needed, then uploads with ``huggingface_hub``'s ``upload_folder``
(resumable: run the same command again after an interruption), and tags the commit with
the release's format version (``v3.0``: see ``schemas.release``). The token comes from
``HF_TOKEN`` or the login cache (``hf auth login``) and is never printed. ``--dry-run``
lists the files and sizes that would be uploaded without touching the network.
Exit codes: 0 uploaded (or listed), 1 refused or failed (the release folder is left
untouched), 2 usage error.

Example::

    arena publish build/release --repo-id my-org/ArticulateArena-20K --dry-run
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _repo_id(text: str) -> str:
    from release.publish import check_repo_id

    try:
        return check_repo_id(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("release", metavar="RELEASE", type=Path, help="the release folder")
    parser.add_argument("--repo-id", required=True, type=_repo_id, metavar="ORG/NAME",
                        help="the dataset repository on the Hub")
    parser.add_argument("--revision", default=None, help="branch to commit to (default: main)")
    parser.add_argument("--private", action="store_true", help="create the repository private")
    parser.add_argument("--dry-run", action="store_true",
                        help="list what would be uploaded, with sizes; no network")
    parser.add_argument("--endpoint", default=None,
                        help="Hub URL (default: HF_ENDPOINT or https://huggingface.co)")
    parser.add_argument("--message", default=None, help="commit message")


def run(args: argparse.Namespace) -> int:
    from release.publish import PublishError, publish

    try:
        result = publish(args.release, args.repo_id, revision=args.revision,
                         private=args.private, dry_run=args.dry_run, endpoint=args.endpoint,
                         commit_message=args.message)
    except PublishError as exc:
        print(f"arena publish: error: {exc}", file=sys.stderr)
        return 1
    if result.dry_run:
        for path, size in result.files:
            print(f"{size:>14,d}  {path}")
        print(f"dry run: {len(result.files)} files, {_size(result.total_bytes)} would be "
              f"uploaded to datasets/{result.repo_id}"
              + (f" (branch {result.revision})" if result.revision else "")
              + f", tagged {result.tag}")
        return 0
    print(f"uploaded {len(result.files)} files ({_size(result.total_bytes)}) to "
          f"datasets/{result.repo_id}, tagged {result.tag}: {result.commit_url or 'done'}")
    return 0


def _size(n: int) -> str:
    """Human-readable byte count (``1.5 MB``).

    >>> _size(999), _size(1_500_000)
    ('999 B', '1.5 MB')
    """
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} B"
