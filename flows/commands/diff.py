"""``arena diff OLD_RELEASE NEW_RELEASE [--json OUT] [--md OUT]``: the changelog of a release.

Added, removed and changed objects; for changed ones what changed (content checksum,
URDF and geometry, taxonomy and other metadata, verification status, mass properties)
and, for kinematics, ``E_alpha^{phi,tree}`` between the old and new joints and the joints
that moved most (:mod:`release.diff`). Prints the markdown; ``--md`` and ``--json`` write
it and the JSON to files. Exit 0 when compared, 1 when a release cannot be read, 2 for
usage errors.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from flows.commands.common import reject


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", metavar="OLD_RELEASE", help="the previous release folder")
    parser.add_argument("new", metavar="NEW_RELEASE", help="the new release folder")
    parser.add_argument("--json", metavar="OUT", help="write the diff as JSON to OUT")
    parser.add_argument("--md", metavar="OUT", help="write the markdown changelog to OUT")


def run(args: argparse.Namespace) -> int:
    from release.diff import diff_json, diff_markdown, diff_releases
    from release.reader import ReleaseReadError

    for label, path in (("OLD_RELEASE", args.old), ("NEW_RELEASE", args.new)):
        if not Path(path).is_dir():
            return reject("diff", f"{label} {path} is not a folder")
    try:
        diff = diff_releases(args.old, args.new)
    except ReleaseReadError as exc:
        return reject("diff", str(exc))
    text = diff_markdown(diff)
    if args.md:
        _write(Path(args.md), text)
    if args.json:
        _write(Path(args.json), json.dumps(diff_json(diff), indent=1, allow_nan=False) + "\n")
    print(text, end="")
    return 0


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")

