"""The ``engines`` verification: one canonical folder in every engine, FK against arena_core.

For one object (its canonical URDF path and the object parsed from it), every engine of
``engines`` loads the URDF as it is on disk, and every link's world pose is compared with
:func:`arena_core.model.kinematics.link_poses` at the rest pose (configuration 0) and at ``k``
random configurations drawn with ``numpy.random.default_rng(seed)`` (configurations 1..k;
within limits, continuous joints in ``[-pi, pi]``, mimic joints following their source and
set explicitly in every engine). The base is fixed at the identity in every engine, so the
world frame is the root frame. One engine's failure never stops the others.

Issue codes (severity ``error``): ``engine.<name>.load_failed`` (the engine's own message,
one line), ``engine.<name>.fk_mismatch`` (the worst link, its configuration and the error),
``engine.mujoco.unstable`` (1 s of simulation with gravity does not stay finite).

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
    >>> j = Joint("h", "revolute", "base", "door", np.eye(4), np.array([0.0, 0, 1]),
    ...           lower=0.0, upper=1.0)
    >>> obj = ArticulatedObject.from_parts("door", [Link("base"), Link("door")], [j])
    >>> qs = configurations(obj, k=2, seed=0)
    >>> len(qs), qs[0]
    (3, {'h': 0.0})
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from arena_core.engines.base import Engine, EnginesResult, run_engine
from arena_core.engines.mujoco_engine import ENGINE as MUJOCO
from arena_core.engines.pinocchio_engine import ENGINE as PINOCCHIO
from arena_core.engines.pybullet_engine import ENGINE as PYBULLET
from arena_core.engines.yourdfpy_engine import ENGINE as YOURDFPY
from arena_core.model.articulated import ArticulatedObject
from arena_core.model.helical import encoded_coordinates
from arena_core.model.kinematics import configuration, link_poses, random_configurations

#: Every engine, in the order results are reported.
ALL: tuple[Engine, ...] = (MUJOCO, PYBULLET, PINOCCHIO, YOURDFPY)

#: Engines by name (``"mujoco"``, ``"pybullet"``, ``"pinocchio"``, ``"yourdfpy"``).
BY_NAME: dict[str, Engine] = {e.name: e for e in ALL}

#: Fewest random configurations the verification accepts.
MIN_CONFIGURATIONS = 5


def verify_engines(urdf_path: str | os.PathLike, obj: ArticulatedObject, *,
                   k: int = MIN_CONFIGURATIONS, seed: int = 0,
                   engines: Sequence[Engine | str] = ALL) -> EnginesResult:
    """Load the URDF at ``urdf_path`` (``obj`` is it parsed) in each engine and compare every
    link's pose with arena_core's at the rest pose and ``k`` seeded random configurations.

    Raises:
        ValueError: ``k`` below :data:`MIN_CONFIGURATIONS` or an unknown engine name.
    """
    chosen = _check(k, engines)
    qs = configurations(obj, k=k, seed=seed)
    reference = [link_poses(obj, q) for q in qs]
    qs = [encoded_coordinates(obj.joints, q) for q in qs]  # helical: J__pitch = pitch * q
    path = Path(urdf_path)
    return EnginesResult(tuple(run_engine(e, path, obj, qs, reference) for e in chosen))


def configurations(obj: ArticulatedObject, *, k: int, seed: int) -> list[dict[str, float]]:
    """The rest pose and ``k`` random configurations (``{joint: coordinate}``, every joint)."""
    rng = np.random.default_rng(seed)
    return [configuration(obj, {}), *random_configurations(obj, k, rng)]


def _check(k: int, engines: Sequence[Engine | str]) -> tuple[Engine, ...]:
    if not isinstance(k, int) or k < MIN_CONFIGURATIONS:
        raise ValueError(f"k: expected an integer >= {MIN_CONFIGURATIONS}, got {k!r}")
    out = []
    for engine in engines:
        if isinstance(engine, str):
            if engine not in BY_NAME:
                raise ValueError(f"engines: expected names in {sorted(BY_NAME)}, got {engine!r}")
            engine = BY_NAME[engine]
        out.append(engine)
    return tuple(out)
