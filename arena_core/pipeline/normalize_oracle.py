"""The normalization oracle: the canonical object must move exactly like its source.

Two checks, both required by SPEC 4 for every object the pipeline writes:

1. **Motion.** Each source joint's unit twist is mapped through the recorded similarity
   ``x -> R (s x) + t`` by the adjoint: rotating joints ``(w, v) -> (R w, s R v + t x R w)``
   with limits unchanged, prismatic ``(0, a) -> (0, R a)`` with limits times ``s``. The
   mapped joints are compared with the joints re-read from the written canonical URDF by
   the benchmark distance (:mod:`arena_core.metric.object_distance`): per joint (``E^phi``, summed) and
   as trees (``E^{phi,tree}`` between the mapped source object and the re-read one); the
   reported distance is the larger of the two and must be at most ``tol.ORACLE``.
2. **Round trip.** ``read(write(x))`` reproduces ``x``: joint by joint (names, types,
   parents, children, twists, limits, pitch, effort, velocity, mimic) and link by link
   (inertials, mesh files and scales, primitives) to ``tol.ROUND_TRIP``.

A failure is an error issue ``normalize.oracle`` that rejects the object.

Joints present on one side only count their own motion ``E^phi(J, J0)``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from arena_core.metric.object_distance import BenchmarkError, JointTree, tree_distance
from arena_core.metric.object_distance import joint_distance as benchmark_joint_distance
from arena_core.model.articulated import ROTATING_TYPES, ArticulatedObject, Joint, Link, unique_name
from arena_core.pipeline.normalize import Normalized, Transform, scale_object
from arena_core.util import tolerances as tol
from schemas.issues import Issue, issue

#: Name of the helper root link added by :func:`transform_object`.
FRAME_LINK = "__source_frame__"


def mapped_joints(source: ArticulatedObject, transform: Transform
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Source twists ``(n, 6)`` and limits ``(n, 2)`` mapped into the canonical frame."""
    twists, limits = source.twists(), source.limits().copy()
    rot, s, t = transform.rotation, transform.scale, transform.translation
    w = twists[:, :3] @ rot.T
    v = twists[:, 3:] @ rot.T
    rotating = np.isin([j.type for j in source.joints], ROTATING_TYPES)
    v = np.where(rotating[:, None], s * v + np.cross(t, w), v)
    prismatic = np.array([j.type == "prismatic" for j in source.joints], dtype=bool)
    limits[prismatic] *= s
    return np.concatenate([w, v], axis=1).reshape(-1, 6), limits


def joint_distance(twist_a: np.ndarray, limits_a: np.ndarray, twist_b: np.ndarray,
                   limits_b: np.ndarray) -> float:
    """The benchmark ``E^phi`` between two joints ``(6,)`` twists with ``(2,)`` limits.

    NaN entries present on both sides compare equal (a broken source stays broken; the
    verification reports it, the oracle only checks that normalization did not change it);
    a NaN on one side only is ``inf``.
    """
    arrays = [np.array(x, dtype=float) for x in (twist_a, limits_a, twist_b, limits_b)]
    for a, b in ((arrays[0], arrays[2]), (arrays[1], arrays[3])):
        if not np.array_equal(np.isnan(a), np.isnan(b)):
            return math.inf
        a[np.isnan(a)], b[np.isnan(b)] = 0.0, 0.0
    return benchmark_joint_distance(*arrays)


def _motion(twist: np.ndarray, limits: np.ndarray) -> float:
    return joint_distance(twist, limits, np.zeros(6), np.zeros(2))


def joint_oracle_distance(source: ArticulatedObject, canonical: ArticulatedObject,
                          transform: Transform, joint_names: Mapping[str, str]) -> float:
    """Sum over joints of the distance between mapped source and canonical joints."""
    twists, limits = mapped_joints(source, transform)
    c_twists, c_limits = canonical.twists(), canonical.limits()
    index = {j.name: i for i, j in enumerate(canonical.joints)}
    total, matched = 0.0, set()
    for i, j in enumerate(source.joints):
        k = index.get(joint_names.get(j.name, j.name))
        if k is None:
            total += _motion(twists[i], limits[i])
            continue
        matched.add(k)
        total += joint_distance(twists[i], limits[i], c_twists[k], c_limits[k])
    for k in set(range(len(canonical.joints))) - matched:
        total += _motion(c_twists[k], c_limits[k])
    return total


def transform_object(obj: ArticulatedObject, transform: Transform) -> ArticulatedObject:
    """``obj`` scaled and hung below a new root by a fixed joint carrying ``(R, t)``."""
    scaled = scale_object(obj, transform.scale)
    frame = unique_name(FRAME_LINK, set(scaled.links))
    joint = Joint(name=unique_name(FRAME_LINK, {j.name for j in scaled.joints}), type="fixed",
                  parent=frame, child=scaled.root, origin_local=transform.rigid(),
                  axis_local=np.array([1.0, 0.0, 0.0]))
    return ArticulatedObject.from_parts(obj.name, [Link(frame), *scaled.links.values()],
                                        [joint, *scaled.joints], source_path=obj.source_path)


def tree_oracle_distance(source: ArticulatedObject, canonical: ArticulatedObject,
                         transform: Transform) -> float | None:
    """``object_tree_distance(mapped source, canonical)``; ``None`` when the pair cannot be
    scored (NaN limits, zero axes: broken sources that the verification reports; the
    per-joint distance still covers them)."""
    try:
        return float(tree_distance(JointTree.from_object(transform_object(source, transform)),
                                   JointTree.from_object(canonical)).value)
    except BenchmarkError:
        return None


def oracle_distance(source: ArticulatedObject, canonical: ArticulatedObject,
                    normalized: Normalized) -> float:
    """The larger of the per-joint and (when available) tree oracle distances."""
    value = joint_oracle_distance(source, canonical, normalized.transform,
                                  normalized.joint_names)
    tree = tree_oracle_distance(source, canonical, normalized.transform)
    return value if tree is None else max(value, tree)


# ----------------------------------------------------------------------------- round trip
def round_trip_differences(expected: ArticulatedObject, actual: ArticulatedObject) -> list[str]:
    """What differs between an object and its write/read copy (empty when faithful)."""
    if expected.root != actual.root or set(expected.links) != set(actual.links):
        return [f"links differ: root {expected.root!r} vs {actual.root!r}, "
                f"{sorted(set(expected.links) ^ set(actual.links))[:5]}"]
    names_e, names_a = [j.name for j in expected.joints], [j.name for j in actual.joints]
    if names_e != names_a:
        return [f"joint names differ: {names_e[:5]} vs {names_a[:5]}"]
    out = []
    tw_e, tw_a = expected.twists(), actual.twists()
    for i, (je, ja) in enumerate(zip(expected.joints, actual.joints, strict=True)):
        out += _joint_differences(je, ja, tw_e[i], tw_a[i])
    for name, link in expected.links.items():
        out += _link_differences(link, actual.links[name])
    return out


def _close(a, b) -> bool:
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != b.shape:
        return False
    if (a == b).all():  # the usual exact round trip (equal arrays are allclose)
        return True
    finite = np.abs(a[np.isfinite(a)])
    atol = tol.ROUND_TRIP * max(1.0, float(finite.max()) if finite.size else 1.0)
    return bool(np.allclose(a, b, rtol=tol.ROUND_TRIP, atol=atol, equal_nan=True))


def _joint_differences(je: Joint, ja: Joint, tw_e: np.ndarray, tw_a: np.ndarray) -> list[str]:
    where = f"joint {je.name!r}"
    same = (je.type == ja.type and je.parent == ja.parent and je.child == ja.child
            and je.mimic == ja.mimic)
    if not same:
        return [f"{where}: type/parent/child/mimic {je.type, je.parent, je.child, je.mimic} "
                f"vs {ja.type, ja.parent, ja.child, ja.mimic}"]
    out = []
    if not _close(tw_e, tw_a):
        out.append(f"{where}: twist {tw_e.tolist()} vs {tw_a.tolist()}")
    pairs = {"limits": ([je.lower, je.upper], [ja.lower, ja.upper]), "pitch": (je.pitch, ja.pitch)}
    for key in ("effort", "velocity"):
        a, b = getattr(je, key), getattr(ja, key)
        if (a is None) != (b is None):
            out.append(f"{where}: {key} {a} vs {b}")
        elif a is not None:
            pairs[key] = (a, b)
    out += [f"{where}: {key} {a} vs {b}" for key, (a, b) in pairs.items() if not _close(a, b)]
    return out


def _link_differences(le: Link, la: Link) -> list[str]:
    where = f"link {le.name!r}"
    ie, ia = le.inertial, la.inertial
    if (ie is None) != (ia is None):
        return [f"{where}: inertial present {ie is not None} vs {ia is not None}"]
    out = []
    if ie is not None and not (_close(ie.mass, ia.mass) and _close(ie.com, ia.com)
                               and _close(ie.inertia, ia.inertia)):
        out.append(f"{where}: inertial differs")
    if _meshes(le) != _meshes(la):
        out.append(f"{where}: meshes {_meshes(le)[:3]} vs {_meshes(la)[:3]}")
    poses_e = [m.origin for m in le.meshes] + [p.origin for p in le.primitives]
    poses_a = [m.origin for m in la.meshes] + [p.origin for p in la.primitives]
    if len(poses_e) != len(poses_a) or not all(map(_close, poses_e, poses_a)):
        out.append(f"{where}: geometry origins differ")
    return out


def _meshes(link: Link) -> list[tuple]:
    meshes = [(m.kind, m.filename, tuple(np.asarray(m.scale, float).tolist())) for m in link.meshes]
    prims = [(p.kind, p.shape, tuple(float(v) for v in p.size)) for p in link.primitives]
    return meshes + prims


def oracle_issues(source: ArticulatedObject, expected: ArticulatedObject,
                  actual: ArticulatedObject, normalized: Normalized) -> tuple[float, list[Issue]]:
    """``(distance, issues)``: the oracle distance and ``normalize.oracle`` errors, if any."""
    distance = oracle_distance(source, actual, normalized)
    issues = []
    if not distance <= tol.ORACLE:
        issues.append(issue("normalize.oracle", "canonical joints differ from the transformed "
                            f"source: distance {distance:.3g} > {tol.ORACLE:g}", location="object"))
    differences = round_trip_differences(expected, actual)
    if differences:
        issues.append(issue("normalize.oracle", "parse(write(x)) differs from x: "
                            + "; ".join(differences[:5]), location="object"))
    return distance, issues

