"""The ``arena`` command: one subcommand per module in :mod:`flows.commands`.

Each command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``. Modules are imported only when their subcommand runs, so
``arena score`` never pays for Prefect or datasets. Exit codes: 0 success, 1 the input
was rejected (a report says why), 2 usage error.

Run as the ``arena`` program (``argv`` None: the process is the command's), a command of
:data:`ONE_OBJECT_COMMANDS` runs with the cyclic garbage collector off, every command's
objects still alive when it returns are frozen (``gc.freeze``: the interpreter's exit then
does not traverse them), and MuJoCo's renderer is not loaded (:data:`PROGRAM_ENV_DEFAULTS`).
Importing trimesh, scipy, MuJoCo and the engines creates ~10^6 objects that live until the
process exits: with CPython's defaults the collector runs ~300 times while they are imported
(0.3-0.5 s of ``arena validate``) and walks all of them again at exit (0.5 s; 0.1 s frozen).
A caller of :func:`main` with an ``argv`` list (the tests) keeps its process's settings.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from contextlib import contextmanager

from schemas.errors import ArenaError

#: subcommand -> (module under flows.commands, one-line help). Order is the help order.
COMMANDS = {
    "build": ("build", "build a release from the sources of a build config (the main job)"),
    "validate": ("validate", "normalize and verify one object (folder, URDF or MJCF, archive)"),
    "score": ("score", "score a predicted URDF against a ground-truth URDF with the metric"),
    "generate": ("generate", "write procedurally generated articulated objects"),
    "materialize": ("materialize", "write one release row back to a loadable URDF folder"),
    "publish": ("publish", "upload a release folder to the Hugging Face Hub"),
    "evaluate": ("evaluate", "evaluate reconstruction methods on a release"),
    "diff": ("diff", "compare two releases object by object"),
    "view": ("view", "browse a release or one object in a local web viewer (a slider per joint)"),
    "ablate": ("ablate", "run the paper's ablations on a release (tree: Figure 5, norm: Figure 4)"),
}

#: Commands that work on one object and exit: the cyclic garbage collector is off while they
#: run (``arena validate``: ~300 collections, 0.3-0.5 s, no longer run; peak memory of four
#: real objects, 175-320 MB, changes by at most 12 MB either way).
ONE_OBJECT_COMMANDS = frozenset({"validate"})
#: Environment defaults of the ``arena`` program (a variable already set wins): nothing here
#: renders, and without a renderer ``import mujoco`` skips GLFW (0.1 s).
PROGRAM_ENV_DEFAULTS = {"MUJOCO_GL": "disable"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # usage errors: one line, exit 2
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(argv: list[str] | None = None) -> int:
    """Run the command ``argv`` names (``sys.argv[1:]``, as the ``arena`` program, when
    None); return its exit code."""
    if argv is not None:
        return _main(argv)
    argv = sys.argv[1:]
    with _program_process(argv):
        return _main(argv)


@contextmanager
def _program_process(argv: list[str]):
    """The process settings of the ``arena`` program run with ``argv`` (see the module
    docstring)."""
    for key, value in PROGRAM_ENV_DEFAULTS.items():
        os.environ.setdefault(key, value)
    if argv and argv[0] in ONE_OBJECT_COMMANDS:
        gc.disable()
    try:
        yield
    finally:
        gc.freeze()  # the process exits next: nothing it holds needs collecting


def _main(argv: list[str]) -> int:
    commands = COMMANDS
    parser = _Parser(prog="arena", description="ArticulateArena: build, verify and score "
                     "articulated objects.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    chosen = argv[0] if argv and argv[0] in commands else None
    for name, (module, text) in commands.items():
        sp = sub.add_parser(name, help=text, description=text)
        if name == chosen:
            mod = importlib.import_module(f"flows.commands.{module}")
            mod.add_arguments(sp)
    args = parser.parse_args(argv)
    if chosen is None:
        parser.print_help()
        return 0 if not argv or argv[0] in ("-h", "--help") else 2
    mod = importlib.import_module(f"flows.commands.{commands[chosen][0]}")
    try:
        return int(mod.run(args) or 0)
    except KeyboardInterrupt:
        print("arena: interrupted", file=sys.stderr)
        return 130
    except ArenaError as exc:  # refused input a command did not report itself: one line
        code = f"{exc.code}: " if exc.code else ""
        print(f"arena {chosen}: {code}{_one_line(exc)}", file=sys.stderr)
        return 1


def _one_line(exc: BaseException) -> str:
    return " | ".join(part.strip() for part in str(exc).splitlines() if part.strip())[:400]


if __name__ == "__main__":
    raise SystemExit(main())
