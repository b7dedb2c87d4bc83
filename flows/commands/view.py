"""``arena view PATH [--port P]``: browse a release, or one object, in a local web viewer.

PATH is a release folder (the list of its objects with filters and thumbnails, and each
object's page), an ``arena validate`` output folder (that object), or an object folder,
URDF or MJCF file or archive: a contribution, validated first exactly as ``arena validate``
does (its report is printed; ``--out``, ``--against``, ``--urdf``, ``--scale`` and
``--up-axis`` are validate's options), then shown — a rejected object shows its issues,
and its canonical meshes when they were written. The viewer listens on 127.0.0.1 only
and runs until Ctrl-C; the page is opened in a browser when this session has a display
(``--no-open``: only print its address). ``arena validate PATH --view`` opens the same
page after validating.

Exit codes: 0 the viewer ran (and was stopped), 1 PATH cannot be shown (not a release,
and its validation produced no object), 2 usage error (such as a port in use).

Example::

    arena view build/release --port 8765
    arena view ../shared/realdata/habitat_sim_repo/doors --urdf door1.urdf --up-axis y
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from flows.commands.common import reject, usage
from flows.commands.serving import serve, view_validated

HELP = "browse a release or one object in a local web viewer (a slider per joint)"
#: Port of the viewer unless ``--port`` says otherwise.
DEFAULT_PORT = 8765


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", type=Path,
                        help="release folder, `arena validate` output folder, or an object "
                             "folder, URDF/MJCF file or .zip/.tar.gz archive (validated first)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port on 127.0.0.1 (default {DEFAULT_PORT}; 0: a free one)")
    parser.add_argument("--no-open", action="store_true",
                        help="only print the address; do not open a browser")
    one = parser.add_argument_group("one object (validated first, as by arena validate)")
    one.add_argument("--out", metavar="DIR", type=Path, default=None,
                     help="keep the validation output here (default: a temporary folder, "
                          "removed when the viewer stops)")
    one.add_argument("--against", metavar="RELEASE", default=None,
                     help="also list the nearest objects of this release")
    one.add_argument("--urdf", metavar="FILE", default=None,
                     help="URDF (or MJCF) file to use when the folder holds several")
    one.add_argument("--scale", type=float, default=1.0, help="meters per file unit")
    one.add_argument("--up-axis", choices=("z", "y"), default="z", help="the source's up axis")


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        return usage("view", f"--port must be 0-65535, got {args.port}")
    if not args.path.exists():
        return usage("view", f"{args.path}: no such file or folder")
    from flows.view.sources import ViewError, is_validate_output, open_source

    if args.path.is_dir() and (is_release(args.path) or is_validate_output(args.path)):
        try:
            source = open_source(args.path)
        except ViewError as exc:
            return reject("view", str(exc))
        return serve(source, port=args.port, open_page=not args.no_open)
    if args.out is not None:
        return _validate_and_serve(args, args.out)
    with tempfile.TemporaryDirectory(prefix="arena-view-") as tmp:
        return _validate_and_serve(args, Path(tmp) / "validated")


def is_release(path: Path) -> bool:
    """Whether ``path`` looks like a release folder (``release_info.json`` or ``data/``)."""
    return (path / "release_info.json").is_file() or (path / "data" / "full").is_dir()


def _validate_and_serve(args: argparse.Namespace, out: Path) -> int:
    from flows.commands import validate

    options = argparse.Namespace(path=args.path, out=out, json=False, against=args.against,
                                 urdf=args.urdf, scale=args.scale, up_axis=args.up_axis,
                                 license=None, view=False,
                                 budget_memory=validate.DEFAULT_MEMORY_MIB,
                                 budget_seconds=validate.DEFAULT_SECONDS)
    code = validate.run(options)
    if code == 2:
        return code
    return view_validated(out, code, port=args.port, open_page=not args.no_open)
