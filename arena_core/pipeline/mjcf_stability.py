"""An unstable object converted from MJCF, judged against its source.

The ``engines`` stage simulates the canonical object for 1 s with gravity (its own
``object.xml``: ``mjcf.unstable``; the URDF through MuJoCo's import:
``engine.mujoco.unstable``). For an object converted from MuJoCo XML that is not the whole
story: the source may itself be unstable as shipped. :func:`compare_with_source` then
simulates the source the same way (the model MuJoCo compiled, ``extras.mjcf_compiled``, with
its assets, :func:`~arena_core.formats.mjcf.mujoco_load.compile_saved`; from ``qpos0`` with its own
options, for :data:`SIM_SECONDS`):

* the source is stable -> the issues stay: the conversion lost something the source needs
  (an error of ours, ``mjcf.unstable`` / ``engine.mujoco.unstable``);
* the source is unstable too -> they are replaced by one ``mjcf.source_unstable`` (error),
  which names the defect of the file and says what MuJoCo flagged in both.

A source that cannot be compiled here (the MuJoCo oracle reports it) leaves the issues as
they are. The source is only simulated when the converted object is unstable.
"""

from __future__ import annotations

import os

from arena_core.engines.mujoco_engine import simulate
from arena_core.formats.mjcf.mujoco_load import compile_saved
from schemas.extras import SourceExtras
from schemas.issues import Issue, issue

#: Simulated time of the source (s), as for the canonical object.
SIM_SECONDS = 1.0
#: The codes of an unstable canonical object in MuJoCo (its MJCF, its URDF).
UNSTABLE_CODES = ("mjcf.unstable", "engine.mujoco.unstable")


def compare_with_source(issues: list[Issue], extras: SourceExtras) -> list[Issue]:
    """``issues`` with the instability codes replaced by ``mjcf.source_unstable`` when the
    MJCF source of ``extras`` is itself unstable (see the module docstring)."""
    unstable = [i for i in issues if i.code in UNSTABLE_CODES]
    path = extras.mjcf_compiled or extras.mjcf_path
    if not unstable or path is None:
        return issues
    problem = source_instability(path)
    if problem is None:
        return issues
    ours = "; ".join(f"{i.code}: {i.message}" for i in unstable)
    return [*(i for i in issues if i.code not in UNSTABLE_CODES),
            issue("mjcf.source_unstable", f"the MJCF source is unstable as shipped ({problem}); "
                  f"so is the converted object ({ours})", location="object")]


def source_instability(path: str | os.PathLike) -> str | None:
    """What goes wrong in :data:`SIM_SECONDS` of simulating the model at ``path`` (one line),
    ``None`` when it stays finite and MuJoCo flags nothing, or when it does not compile."""
    try:
        model, _ = compile_saved(path)
    except ValueError:
        return None
    return simulate(model, SIM_SECONDS)
