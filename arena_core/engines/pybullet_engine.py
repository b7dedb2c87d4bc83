"""PyBullet (DIRECT client): load with the URDF's inertia and a fixed base, forward kinematics.

Each thread keeps one DIRECT client (no GUI) and a session empties it on close
(``resetSimulation``, ~1 ms, where connecting and disconnecting a client costs ~34 ms), so no
state is shared between objects; file caching is off (``enableFileCaching=0``), so a mesh is
read from its file on every load, never from a cache keyed by its path. The URDF is loaded as is (``URDF_USE_INERTIA_FROM_FILE``, ``useFixedBase``, base at the world
origin); fixed links are kept (no ``URDF_MERGE_FIXED_LINKS``).

Frames: PyBullet's link ``i`` is the child link of joint ``i``. ``getLinkState`` returns the
link's center of mass first; the URDF link frame is ``worldLinkFramePosition`` /
``worldLinkFrameOrientation`` (fields 4 and 5, with ``computeForwardKinematics=True``).
``getBasePositionAndOrientation`` is the base's *inertial* frame, so the root link is taken at
the identity (where ``loadURDF`` puts the base's URDF frame). Every moving joint, mimic ones
included, is set with ``resetJointState`` (PyBullet ignores ``<mimic>``); the session's
``checks`` then couples them with :mod:`arena_core.engines.pybullet_gears` and proves the
coupling by simulating (:mod:`arena_core.engines.coupling_pybullet`). The API returns
float32-rounded values, hence the looser tolerance, relative to the link's distance from
the origin (``Engine.per_meter``). Its shared-memory API reports the state of a body with at
most :data:`MAX_REPORTED_LINKS` links besides its base: ``getLinkState`` fails for
every link of a larger one (PAL's TIAGo dual, 130 links, loaded from its own file too), so
such an object's poses are :class:`~arena_core.engines.base.FkUnavailable`.

PyBullet prints from C (its build time on import, ``b3Printf`` while loading): both happen
inside :func:`~arena_core.engines.base.silenced`.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Mapping
from pathlib import Path

import numpy as np

from arena_core.engines.base import (
    ENGINE_PYBULLET,
    MESSAGE_CHARS,
    Engine,
    FkUnavailable,
    one_line,
    silenced,
)
from arena_core.engines.coupling_pybullet import pybullet_coupling_issues
from arena_core.model.articulated import ArticulatedObject
from schemas.issues import Issue, issue

_CLIENTS = threading.local()
#: The most links besides its base whose state PyBullet's API reports for one body.
MAX_REPORTED_LINKS = 127

_MARKER = re.compile(r"b3(?:Warning|Error|Printf)\[[^\]]*\]:")
_INERTIA_NOTE = "No inertial data for link"


class PybulletSession:
    """One canonical URDF loaded in this thread's emptied DIRECT client (raises
    ``pybullet.error``)."""

    def __init__(self, urdf_path: Path, obj: ArticulatedObject):
        self._client: int | None = thread_client()  # imports pybullet quietly
        import pybullet

        self._pb = pybullet
        self._path, self._obj = Path(urdf_path), obj
        try:
            with silenced() as printed:
                self._body = pybullet.loadURDF(
                    str(urdf_path), useFixedBase=True, flags=pybullet.URDF_USE_INERTIA_FROM_FILE,
                    physicsClientId=self._client)
        except pybullet.error as exc:
            self.close()
            said = bullet_messages(printed.text.replace(str(urdf_path), Path(urdf_path).name))
            raise pybullet.error(f"{exc} PyBullet printed: {said}") from None
        except BaseException:
            self.close()
            raise
        self._root = self._pb.getBodyInfo(self._body, physicsClientId=self._client)[0].decode()
        self._joints, self._links = self._indices()
        missing = [j.name for j in obj.joints if j.moving and j.name not in self._joints]
        if missing:
            self.close()
            raise KeyError(f"joints not in PyBullet's model: {missing[:5]}")

    def poses(self, q: Mapping[str, float]) -> dict[str, np.ndarray]:
        """``{link: (4, 4) world pose}`` of the URDF link frames at ``q`` (PyBullet's base
        link at the identity)."""
        pb, kw = self._pb, {"physicsClientId": self._client}
        if len(self._links) > MAX_REPORTED_LINKS:
            raise FkUnavailable(f"PyBullet loads the object but reports the state of at most "
                                f"{MAX_REPORTED_LINKS} links of a body besides its base; it has "
                                f"{len(self._links)}: compared by the other engines")
        for name, index in self._joints.items():
            if name in q:
                pb.resetJointState(self._body, index, float(q[name]), **kw)
        out = {self._root: np.eye(4)}
        for link, index in self._links.items():
            state = pb.getLinkState(self._body, index, computeForwardKinematics=True, **kw)
            out[link] = _pose(pb, state[4], state[5])
        return out

    def checks(self) -> list[Issue]:
        """``coupling.pybullet.*``: helical and mimic joints driven with the gear helper
        (:mod:`arena_core.engines.coupling_pybullet`)."""
        try:
            return pybullet_coupling_issues(self._pb, self._client, self._body, self._path,
                                            self._obj, self._joints, self._links, self._root)
        except self._pb.error as exc:
            return [issue("coupling.pybullet.failed", f"pybullet: {one_line(str(exc))}",
                          location="object")]

    def close(self) -> None:
        """Empty the client for the next object (it stays connected)."""
        if self._client is not None and self._pb.isConnected(physicsClientId=self._client):
            self._pb.resetSimulation(physicsClientId=self._client)
        self._client = None

    def _indices(self) -> tuple[dict[str, int], dict[str, int]]:
        """``{joint name: index}`` of the movable joints, ``{child link name: index}`` of all."""
        pb, joints, links = self._pb, {}, {}
        for index in range(pb.getNumJoints(self._body, physicsClientId=self._client)):
            info = pb.getJointInfo(self._body, index, physicsClientId=self._client)
            if info[2] != pb.JOINT_FIXED:
                joints[info[1].decode("utf-8")] = index
            links[info[12].decode("utf-8")] = index
        return joints, links


def thread_client() -> int:
    """This thread's DIRECT client, connected (and file caching turned off) on first use, in
    this process (a forked child connects its own)."""
    held = getattr(_CLIENTS, "held", None)
    if held is not None and held[0] == os.getpid():
        import pybullet

        if pybullet.isConnected(physicsClientId=held[1]):
            return held[1]
    with silenced():  # importing pybullet prints its build time
        import pybullet

        client = pybullet.connect(pybullet.DIRECT)
    if client < 0:
        raise RuntimeError("pybullet.connect(DIRECT) failed")
    pybullet.setPhysicsEngineParameter(enableFileCaching=0, physicsClientId=client)
    _CLIENTS.held = (os.getpid(), client)
    return client


def bullet_messages(text: str) -> str:
    """PyBullet's C output on one line, without its ``b3Warning[file,line]:`` markers.

    PyBullet prints a link name as its own message after the text it belongs to; a message
    ending in ``:`` is joined with the next one, and a note about substituted inertia (``No
    inertial data for link``, then the link's name) is dropped.

    Example:
        >>> bullet_messages("b3Warning[a.h,5]:\\nNo inertial data for link, using mass=1"
        ...                 "b3Warning[a.h,5]:\\nbase\\nb3Warning[a.h,54]:\\nx.urdf:4: "
        ...                 "invalid mesh\\nb3Error[b.cpp,1]:\\nfor Link:b3Error[b.cpp,1]:\\nlid")
        'x.urdf:4: invalid mesh | for Link: lid'
    """
    parts = [one_line(p, chars=10 * MESSAGE_CHARS) for p in _MARKER.split(text)]
    parts, out = [p for p in parts if p], []
    while parts:
        part = parts.pop(0)
        if part.startswith(_INERTIA_NOTE):
            parts = parts[1:]
        elif part.endswith(":") and parts:
            parts[0] = f"{part} {parts[0]}"
        else:
            out.append(part)
    return " | ".join(out)


def _pose(pb, position, quaternion) -> np.ndarray:
    out = np.eye(4)
    out[:3, :3] = np.reshape(pb.getMatrixFromQuaternion(quaternion), (3, 3))
    out[:3, 3] = position
    return out


ENGINE = Engine(name="pybullet", tolerance=ENGINE_PYBULLET, distribution="pybullet",
                open=PybulletSession, per_meter=True)
