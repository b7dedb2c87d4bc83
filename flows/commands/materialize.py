"""``arena materialize RELEASE OBJECT_ID --out DIR``: one release row back to a URDF folder.

The object's archive (``objects/<2 hex>/<id>.zip``) is checked against its sha256,
extracted safely into DIR, and the extracted URDF and folder checksum are compared with
the row; the URDF path is printed. DIR must be new or empty (``--force`` replaces it).
Exit codes: 0 written, 1 the release or object was rejected (the message says why),
2 usage error.

Example::

    arena materialize build/release gen-0-00004 --out /tmp/laptop
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("release", metavar="RELEASE", type=Path, help="the release folder")
    parser.add_argument("object_id", metavar="OBJECT_ID", help="the object's id (column object_id)")
    parser.add_argument("--out", metavar="DIR", type=Path, default=None,
                        help="output folder (default: ./<OBJECT_ID>)")
    parser.add_argument("--force", action="store_true",
                        help="replace DIR if it exists and is not empty")


def run(args: argparse.Namespace) -> int:
    from release.reader import ReleaseReadError, materialize
    from release.storage import StorageError, storage_name

    if not args.release.is_dir():
        print(f"arena materialize: error: {args.release}: no such release folder", file=sys.stderr)
        return 2
    try:
        out = args.out if args.out is not None else Path(storage_name(args.object_id))
        urdf = materialize(args.release, args.object_id, out, overwrite=args.force)
    except (ReleaseReadError, StorageError, OSError) as exc:
        print(f"arena materialize: error: {exc}", file=sys.stderr)
        return 1
    print(urdf)
    return 0
