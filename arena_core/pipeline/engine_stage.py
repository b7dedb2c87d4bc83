"""The ``engines`` stage: the canonical object in its own MJCF and in every engine.

For one canonical folder (``object.urdf``, ``object.xml``, ``meshes/``) and the object
parsed from its URDF: the MJCF written by :mod:`arena_core.formats.mjcf.write` must compile, move
like arena_core's forward kinematics and stay finite for 1 s of simulation
(:func:`~arena_core.formats.mjcf.check.check_mjcf`, codes ``mjcf.*``), and the URDF must load and
move the same in MuJoCo's URDF import, PyBullet, Pinocchio and yourdfpy
(:func:`~arena_core.engines.verify_engines`, codes ``engine.<name>.*``), and no part may
penetrate another at rest or block a joint's range
(:func:`~arena_core.engines.self_collision.check_self_collision`, codes ``collision.*``, with
the severity the caller gives): MuJoCo checks every object, PyBullet the ones where MuJoCo
finds something (its verdict is in the issue's ``engines``). The result is the
issues and one :class:`~schemas.record.EngineRecord` per engine, in a fixed order; no
timings (records are deterministic).
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from arena_core.engines import verify_engines
from arena_core.engines.base import silenced
from arena_core.engines.self_collision import check_self_collision
from arena_core.formats.mjcf.check import mjcf_check
from arena_core.formats.mjcf.mujoco_load import object_asset_cache
from arena_core.formats.mjcf.write import MJCF_FILE
from arena_core.model.articulated import ArticulatedObject
from schemas.issues import Issue, Severity, has_error
from schemas.record import EngineRecord

#: Name of our own MJCF in the ``engines`` list of a record.
MJCF_ENGINE = "mujoco_mjcf"


def simulation_check(folder: str | os.PathLike, urdf: str, obj: ArticulatedObject, *,
                     seed: int = 0, collision_severity: Severity = "error"
                     ) -> tuple[list[Issue], list[EngineRecord]]:
    """Issues and per-engine records of the canonical folder ``folder`` (URDF ``urdf``);
    ``collision_severity``: of the self-collision findings."""
    import mujoco

    folder = Path(folder)
    issues: list[Issue] = []
    records: list[EngineRecord] = []
    mjcf = folder / MJCF_FILE
    model = None
    with object_asset_cache():  # the MJCF and the URDF import read the same meshes
        if mjcf.is_file():
            with silenced():  # MuJoCo's mesh decoder warns on stderr (texture coordinates)
                checked = mjcf_check(mjcf, obj, seed=seed)
            compiled = not any(i.code == "mjcf.compile_failed" for i in checked.issues)
            error = checked.max_pose_error
            records.append(EngineRecord(
                engine=MJCF_ENGINE, version=mujoco.__version__, loaded=compiled,
                ok=not has_error(checked.issues),
                max_pose_error=error if error is not None and math.isfinite(error) else None))
            issues += checked.issues
            model = checked.model
        result = verify_engines(folder / urdf, obj, seed=seed)
        collisions, _ = check_self_collision(folder, urdf, obj, severity=collision_severity,
                                             confirm_only=True, mujoco_model=model)
    for r in result.results:
        error = r.max_pose_error if math.isfinite(r.max_pose_error) else None
        records.append(EngineRecord(engine=r.engine, version=r.version, loaded=r.loaded,
                                    ok=r.ok, max_pose_error=error))
    return issues + list(result.issues) + collisions, records
