"""Self-collision: no part of an object penetrates another at rest or blocks a joint's range.

With the object's own contacts on in MuJoCo (its ``object.xml``) and PyBullet (its URDF with
``URDF_USE_SELF_COLLISION``; :mod:`arena_core.engines.contact_probes`), each engine is asked
for the contacts between the object's parts

1. at the rest pose (every joint at 0), and
2. along each moving joint's range with the others at rest: from the rest value towards the
   upper limit and towards the lower limit (a continuous joint half a turn each way: a full
   turn), mimic joints following their leader. A mimic joint is moved by its leader only.

**Which pairs count.** Links joined by joints without a degree of freedom (fixed joints, a
zero axis) are one rigid part; two links count when they belong to different rigid parts
and neither part hangs on the other through one moving joint (a door and its frame touch
at the hinge by design). This is what MuJoCo filters (welded bodies, ``filterparent``, the
writer's exclusions) and a superset of what PyBullet's self-collision skips; both engines'
contacts pass the same rule, so their verdicts compare.

**Penetration** is a contact deeper than :data:`PENETRATION` (``tol.SELF_PENETRATION``,
2 mm): MuJoCo's ``dist < -threshold``, PyBullet's ``contactDistance < -threshold``. Parts that
touch or overlap less (a door in its frame, a lid on its body) pass.

**Sampling.** A joint's direction of travel is sampled evenly from the rest value to the
limit with ``n = clamp(ceil(path / SWEEP_STEP), SWEEP_MIN_SAMPLES, SWEEP_MAX_SAMPLES)``
samples, ``path`` the distance the moving part's farthest point travels (a revolute joint:
the angle times the largest distance of the moving geometry from the axis; a prismatic
joint: the travel; a helical joint: both). With a 1 cm step an obstacle is found when the
moving part overlaps it over more than ~1 cm + 2 mm of its path; a part capped at 64 samples
moves farther per step (a 1 m door over 180 degrees: 5 cm), and an object whose sweeps
would take more than ``SWEEP_OBJECT_SAMPLES`` (256) samples per engine has every count
scaled down to fit (at least ``SWEEP_BUDGET_FLOOR``, 2, per direction: a piano's 88 keys).
The sweep of a direction stops at the first sample where a pair that did not penetrate at
rest penetrates: the part is blocked there. Pairs already penetrating at rest are reported
once, at rest.

**Gated motion.** A joint blocked by a part that another joint moves (a rack behind a closed
oven door, a jack under its lid) is swept again from the blocking value with that joint at its
limit farthest from rest; if it then moves freely the block is ``collision.joint.gated`` (info,
naming the joint that opens the way), not a defect.

Codes (:func:`check_self_collision`): ``collision.rest.penetration`` (two parts penetrate at
rest: the links, the depth), ``collision.joint.blocked`` (a joint's motion is blocked: the
joint, the direction, the joint value, the two links, the depth), with the severity the
caller gives (errors for generated objects, warnings for real ones); each issue's ``data``
says which engines found it (``engines``: engine -> joint value or depth).
``collision.engines.disagree`` (warning) when only one engine finds a problem,
``collision.check_failed`` (warning) when an engine cannot run the check.

Example:
    >>> import numpy as np
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
    >>> j = Joint("h", "revolute", "base", "door", np.eye(4), np.array([0.0, 0, 1]),
    ...           lower=0.0, upper=1.0)
    >>> obj = ArticulatedObject.from_parts("d", [Link("base"), Link("door")], [j])
    >>> sweep_values(0.0, 1.0, path_length=0.05)
    [0.2, 0.4, 0.6, 0.8, 1.0]
    >>> CollisionPairs(obj).counts("base", "door")  # the door hangs on the base
    False
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from arena_core.engines.base import one_line
from arena_core.engines.contact_probes import ContactProbe, MujocoProbe, Pair, PybulletProbe
from arena_core.model.articulated import ArticulatedObject, Joint
from arena_core.model.kinematics import configuration, link_poses
from arena_core.util import tolerances as tol
from arena_core.util.guard import is_memory_failure
from schemas.issues import Issue, Severity, issue

#: Deepest contact (m) between two parts that is not a penetration.
PENETRATION = tol.SELF_PENETRATION
#: A link moved by a joint: its pose changes by more than this (m or unitless rotation entry).
MOVED = 1e-9
#: Joints tried as the one that opens the way for a blocked joint (those moving the fewest
#: links first: the blocking part's own joint, then its parents').
GATE_TRIES = 2
#: Engines in the order their findings are reported.
PROBES: tuple[tuple[str, Callable[[Path, Path, ArticulatedObject], ContactProbe]], ...] = (
    ("mujoco", lambda folder, urdf, obj: MujocoProbe(folder, obj)),
    ("pybullet", lambda folder, urdf, obj: PybulletProbe(urdf, obj)),
)


class CollisionPairs:
    """Which link pairs of ``obj`` count (module docstring)."""

    def __init__(self, obj: ArticulatedObject):
        part = {obj.root: obj.root}
        parent_part: dict[str, str | None] = {obj.root: None}
        stack = [obj.root]
        while stack:
            link = stack.pop()
            for j in obj.children(link):
                if _has_dof(j):
                    part[j.child], parent_part[j.child] = j.child, part[link]
                else:
                    part[j.child] = part[link]
                stack.append(j.child)
        self._part, self._parent = part, parent_part

    def counts(self, a: str, b: str) -> bool:
        pa, pb = self._part.get(a), self._part.get(b)
        if pa is None or pb is None or pa == pb:
            return False
        return self._parent.get(pa) != pb and self._parent.get(pb) != pa


@dataclass(frozen=True)
class Blocked:
    """A joint blocked moving in ``direction`` (+1 towards its upper limit) at ``value``."""

    joint: str
    direction: int
    value: float
    links: Pair
    depth: float
    unit: str = "rad"
    #: A joint that, moved to its far limit, lets this one pass (``None``: none does).
    gated_by: str | None = None


@dataclass
class Findings:
    """One engine's findings: rest penetrations ``{pair: depth}`` and blocked joints."""

    engine: str
    rest: dict[Pair, float] = field(default_factory=dict)
    blocked: list[Blocked] = field(default_factory=list)


def sample_count(path_length: float) -> int:
    """Samples of one direction of a sweep whose farthest point travels ``path_length`` (m)."""
    n = math.ceil(path_length / tol.SWEEP_STEP) if math.isfinite(path_length) else 0
    return min(max(n, tol.SWEEP_MIN_SAMPLES), tol.SWEEP_MAX_SAMPLES)


def sweep_values(start: float, stop: float, *, path_length: float,
                 count: int | None = None) -> list[float]:
    """The sampled joint values after ``start`` up to ``stop`` (included), evenly spaced:
    :func:`sample_count` of ``path_length`` (m) of them, or ``count``."""
    if not (math.isfinite(start) and math.isfinite(stop)) or stop == start:
        return []
    n = sample_count(path_length) if count is None else max(int(count), 1)
    return [float(start + (stop - start) * k / n) for k in range(1, n + 1)]


def budgeted(counts: Sequence[int], budget: int = tol.SWEEP_OBJECT_SAMPLES) -> list[int]:
    """``counts`` scaled down together so they sum to at most about ``budget`` (each at
    least :data:`~arena_core.util.tolerances.SWEEP_BUDGET_FLOOR`).

    >>> budgeted([64, 8], budget=100), budgeted([64] * 10, budget=320)
    ([64, 8], [32, 32, 32, 32, 32, 32, 32, 32, 32, 32])
    """
    total = sum(counts)
    if total <= budget:
        return list(counts)
    return [max(tol.SWEEP_BUDGET_FLOOR, c * budget // total) for c in counts]


def probe_findings(probe: ContactProbe, obj: ArticulatedObject, *,
                   threshold: float = PENETRATION) -> Findings:
    """What ``probe`` finds on ``obj``: penetrations at rest and blocked joints."""
    return _Sweeper(probe, obj, threshold).findings()


class _Sweeper:
    """One engine's sweeps of one object (the module docstring's procedure)."""

    def __init__(self, probe: ContactProbe, obj: ArticulatedObject, threshold: float):
        self.probe, self.obj, self.threshold = probe, obj, threshold
        self.pairs = CollisionPairs(obj)
        self.rest_poses = link_poses(obj, configuration(obj, {}))
        self.rest = self._penetrating({}, lambda p: True, set())
        self.moving = [j for j in obj.joints if _has_dof(j) and j.mimic is None]
        self.moved = {j.name: _moved_links(obj, j, self.rest_poses) for j in self.moving}

    def findings(self) -> Findings:
        found = Findings(self.probe.name, rest=self.rest)
        plan = []
        for joint in self.moving:
            for direction in (1, -1):
                stop = _limit(joint, direction)
                if stop != 0.0:
                    path = _path_length(self.probe, self.obj, joint, self.moved[joint.name], stop)
                    plan.append((joint, direction, stop, sample_count(path)))
        for (joint, direction, stop, _), count in zip(plan, budgeted([p[-1] for p in plan]),
                                                      strict=True):
            values = sweep_values(0.0, stop, path_length=0.0, count=count)
            hit = self._first_block(joint, values, {})
            if hit is not None:
                value, pair, depth = hit
                gate = self._gate(joint, values[values.index(value):], pair)
                found.blocked.append(Blocked(joint.name, direction, value, pair, depth,
                                             "m" if joint.type == "prismatic" else "rad", gate))
        return found

    def _penetrating(self, q: Mapping[str, float], involved: Callable[[Pair], bool],
                     skip: set[Pair]) -> dict[Pair, float]:
        depths = self.probe.depths(configuration(self.obj, q))
        return {p: d for p, d in depths.items() if d > self.threshold and p not in skip
                and self.pairs.counts(*p) and involved(p)}

    def _first_block(self, joint: Joint, values: Sequence[float], base: Mapping[str, float]
                     ) -> tuple[float, Pair, float] | None:
        """The first of ``values`` of ``joint`` (the others at ``base``, else at rest) where a
        pair with a moved link penetrates that does not at ``base``: value, pair, depth."""
        moved = self.moved[joint.name]
        skip = set(self.rest) | (set(self._penetrating(base, lambda p: True, set()))
                                 if base else set())
        for value in values:
            hit = self._penetrating({**base, joint.name: value},
                                    lambda p: p[0] in moved or p[1] in moved, skip)
            if hit:
                worst = max(sorted(hit), key=hit.get)
                return value, worst, hit[worst]
        return None

    def _gate(self, joint: Joint, values: Sequence[float], pair: Pair) -> str | None:
        """A joint that moves the blocking part out of the way: with it at its far limit,
        ``joint`` moves through ``values`` unblocked (a rack behind a closed oven door)."""
        moved = self.moved[joint.name]
        blocker = pair[1] if pair[0] in moved else pair[0]
        openers = sorted((o for o in self.moving if o is not joint
                          and blocker in self.moved[o.name] and not self.moved[o.name] & moved),
                         key=lambda o: len(self.moved[o.name]))  # the blocker's own joint first
        for other in openers[:GATE_TRIES]:
            far = max((_limit(other, 1), _limit(other, -1)), key=abs)
            if far != 0.0 and self._first_block(joint, values, {other.name: far}) is None:
                return other.name
        return None


def _has_dof(joint: Joint) -> bool:
    return joint.moving and float(np.linalg.norm(joint.axis_local)) > tol.ZERO_AXIS


def _limit(joint: Joint, direction: int) -> float:
    """Where a sweep from rest ends: the limit in ``direction`` (continuous: half a turn),
    never behind the rest value 0."""
    bound = joint.upper if direction > 0 else joint.lower
    if joint.type == "continuous" or not math.isfinite(bound):
        return direction * math.pi
    return max(bound, 0.0) if direction > 0 else min(bound, 0.0)


def _moved_links(obj: ArticulatedObject, joint: Joint, rest: Mapping[str, np.ndarray]) -> set[str]:
    """Links whose pose changes when ``joint`` moves (its subtree and its mimic followers')."""
    probe = 0.5 if joint.type != "prismatic" else 0.5 * max(abs(joint.upper), abs(joint.lower),
                                                           1e-3)
    poses = link_poses(obj, configuration(obj, {joint.name: probe}))
    return {link for link, pose in poses.items() if np.max(np.abs(pose - rest[link])) > MOVED}


def _path_length(probe: ContactProbe, obj: ArticulatedObject, joint: Joint, moved: set[str],
                 stop: float) -> float:
    """How far the farthest point of the moving geometry travels from rest to ``stop`` (m)."""
    pose = obj.link_poses[joint.child]
    axis = pose[:3, :3] @ np.asarray(joint.axis_local, float)
    axis = axis / np.linalg.norm(axis)
    if joint.type == "prismatic":
        return abs(stop)
    radius = probe.reach(moved, pose[:3, 3], axis)
    return abs(stop) * (radius + abs(joint.pitch))


def check_self_collision(folder: str | Path, urdf: str, obj: ArticulatedObject, *,
                         severity: Severity = "error", threshold: float = PENETRATION,
                         confirm_only: bool = False, mujoco_model=None
                         ) -> tuple[list[Issue], list[Findings]]:
    """The self-collision issues of the canonical folder ``folder`` (URDF ``urdf``, parsed as
    ``obj``) in the engines of :data:`PROBES`, and each engine's findings; never raises for
    a bad object (an engine that cannot run is ``collision.check_failed``).

    ``confirm_only``: the engines after the first run only when the ones before found
    something or could not run (the build: a clean object costs one engine; its findings are
    still judged by both). ``mujoco_model``: ``object.xml`` already compiled (the engines
    stage's own MJCF check compiled it), so MuJoCo's probe does not compile it again.
    """
    folder = Path(folder)
    issues, results = [], []
    for name, open_probe in PROBES:
        if confirm_only and results and not issues and not any(r.rest or r.blocked
                                                                for r in results):
            break
        probe = None
        try:
            probe = (MujocoProbe(folder, obj, model=mujoco_model)
                     if name == "mujoco" and mujoco_model is not None
                     else open_probe(folder, folder / urdf, obj))
            results.append(probe_findings(probe, obj, threshold=threshold))
        except Exception as exc:  # noqa: BLE001 - an engine's failure is the object's issue
            if is_memory_failure(exc):  # the object's memory budget (resource.memory)
                raise MemoryError(str(exc)) from exc
            issues.append(issue("collision.check_failed", location="object",
                                message=f"{name}: {one_line(f'{type(exc).__name__}: {exc}')}",
                                data={"engine": name}))
        finally:
            if probe is not None:
                probe.close()
    return issues + findings_issues(results, severity=severity), results


def findings_issues(results: Sequence[Findings], *, severity: Severity = "error") -> list[Issue]:
    """Issues of the engines' findings, one per rest pair and per blocked joint direction."""
    out: list[Issue] = []
    rest: dict[Pair, dict[str, float]] = {}
    blocked: dict[tuple[str, int], dict[str, Blocked]] = {}
    for r in results:
        for p, depth in r.rest.items():
            rest.setdefault(p, {})[r.engine] = depth
        for b in r.blocked:
            blocked.setdefault((b.joint, b.direction), {})[r.engine] = b
    for p, by in sorted(rest.items()):
        depth = max(by.values())
        out.append(issue("collision.rest.penetration", severity=severity,
                         location=f"links:{p[0]},{p[1]}",
                         message=f"links {p[0]!r} and {p[1]!r} penetrate by {depth * 1e3:.1f} mm "
                                 f"at rest ({_engines(by)})",
                         data={"links": list(p), "depth": depth,
                               "engines": {e: float(d) for e, d in by.items()}}))
    for (joint, direction), by in sorted(blocked.items()):
        out.append(_blocked_issue(joint, direction, by, severity))
    out += _disagreements(results, rest, blocked)
    return out


def _blocked_issue(joint: str, direction: int, by: Mapping[str, Blocked],
                   severity: Severity) -> Issue:
    """``collision.joint.blocked``, or ``collision.joint.gated`` (info) when every engine
    finds the block cleared by moving another part (the first engine's words)."""
    first = next(iter(by.values()))
    where = "upper" if direction > 0 else "lower"
    values = {e: b.value for e, b in by.items()}
    text = (f"joint {joint!r} is blocked at {first.value:.4g} {first.unit} moving towards its "
            f"{where} limit: {first.links[0]!r} and {first.links[1]!r} penetrate by "
            f"{first.depth * 1e3:.1f} mm ({_engines(values)})")
    data = {"joint": joint, "direction": direction, "value": first.value,
            "links": list(first.links), "depth": first.depth, "engines": values}
    gates = {b.gated_by for b in by.values()}
    if None not in gates:
        gate = sorted(gates)[0]
        return issue("collision.joint.gated", location=f"joint:{joint}",
                     message=f"{text}; with {gate!r} at its far limit it moves freely",
                     data={**data, "gated_by": gate})
    return issue("collision.joint.blocked", severity=severity, location=f"joint:{joint}",
                 message=text, data=data)


def _engines(by: Mapping[str, float]) -> str:
    return ", ".join(f"{e} {v:.4g}" for e, v in by.items())


def _disagreements(results: Sequence[Findings], rest: Mapping, blocked: Mapping) -> list[Issue]:
    engines = [r.engine for r in results]
    if len(engines) < 2:
        return []
    lone = [f"rest {p[0]},{p[1]}" for p, by in sorted(rest.items()) if len(by) < len(engines)]
    lone += [f"{j} {'+' if d > 0 else '-'}" for (j, d), by in sorted(blocked.items())
             if len(by) < len(engines)]
    if not lone:
        return []
    return [issue("collision.engines.disagree", location="object",
                  message=f"only one engine finds: {'; '.join(lone[:5])}",
                  data={"findings": lone[:20]})]
