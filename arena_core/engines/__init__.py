"""Independent engines as the second oracle: every link moves the same in MuJoCo, PyBullet,
Pinocchio and yourdfpy as in arena_core (issue 11's ``engines`` verification)::

    from arena_core.engines import verify_engines
    result = verify_engines(path, read_urdf(path).obj, k=5, seed=0)   # path: object.urdf
    [(r.engine, r.loaded, r.max_pose_error, r.seconds) for r in result.results]
    result.issues        # engine.<name>.load_failed / .fk_mismatch, engine.mujoco.unstable

Modules: :mod:`.base` (tolerances, result records, pose error, quiet C output),
:mod:`.verify` (:func:`verify_engines`), one adapter per engine (:mod:`.mujoco_engine`,
:mod:`.pybullet_engine`, :mod:`.pinocchio_engine`, :mod:`.yourdfpy_engine`). Engine packages
are imported only when an engine first loads an object.
"""

from arena_core.engines.agreement import ALL, BY_NAME, configurations, verify_engines
from arena_core.engines.base import (
    ENGINE_MUJOCO,
    ENGINE_PINOCCHIO,
    ENGINE_PYBULLET,
    ENGINE_YOURDFPY,
    Engine,
    EngineResult,
    EnginesResult,
    pose_error,
)

__all__ = [
    "ALL", "BY_NAME", "ENGINE_MUJOCO", "ENGINE_PINOCCHIO", "ENGINE_PYBULLET", "ENGINE_YOURDFPY",
    "Engine", "EngineResult", "EnginesResult", "configurations", "pose_error", "verify_engines",
]
