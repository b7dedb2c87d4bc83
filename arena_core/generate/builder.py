"""Assemble a generated object from solids placed in the object frame, with exact kinematics.

A kind generator describes an object the way one would sketch it: links made of solid
primitives (:mod:`arena_core.generate.shapes`) placed in the object frame at the stored
state (every joint coordinate 0), and joints given by an axis and a point on it in that
same frame. :meth:`Builder.build` then

1. merges each link's solids into one closed mesh (boolean union/difference with the
   ``manifold`` engine when available, else concatenation of the closed pieces);
2. moves the object so the bottom-center of its bounding box is at the origin (Z up);
3. puts each link frame at its parent joint's point with the object frame's orientation
   (no rotations, so link poses and twists are exact sums of written decimals);
4. rounds the link-frame vertices to float32 (what STL stores) and computes mass, center
   of mass and inertia from that geometry with the link material's density.

The result is a :class:`GeneratedObject`: the ground-truth
:class:`~arena_core.model.articulated.ArticulatedObject` plus the binary STL bytes of each link.

Example:
    >>> import numpy as np
    >>> from arena_core.generate import shapes
    >>> b = Builder(np.random.default_rng(0), flip_probability=0.0)
    >>> _ = b.link("base", "wood", shapes.box((0.4, 0.4, 0.02), (0, 0, 0.01)))
    >>> _ = b.link("lid", "wood", shapes.box((0.4, 0.4, 0.02), (0, 0, 0.03)))
    >>> b.revolute("lid", "base", "y", (-0.2, 0.0, 0.02), 0.0, 1.5)
    >>> g = b.build("box", "flat box")
    >>> g.obj.twists().round(3).tolist()
    [[0.0, 1.0, 0.0, -0.02, 0.0, -0.2]]
    >>> round(g.obj.links["lid"].inertial.mass, 3)  # 0.4 x 0.4 x 0.02 m of 600 kg/m^3 wood
    1.92
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import trimesh
from scipy.spatial import cKDTree

from arena_core.generate import meshing
from arena_core.generate.collision import convex_pieces
from arena_core.generate.shapes import unit
from arena_core.model.articulated import (
    ArticulatedObject,
    Joint,
    Link,
    MassProperties,
    MeshRef,
    Primitive,
)
from arena_core.util import tolerances as tol
from schemas.errors import ArenaError

#: Density (kg/m^3) of each material a link can be made of.
MATERIALS: dict[str, float] = {
    "wood": 600.0, "metal": 7850.0, "aluminum": 2700.0, "plastic": 1050.0, "glass": 2500.0,
    "rubber": 1100.0, "ceramic": 2400.0, "foam": 200.0,
}

#: Default ``<limit effort velocity>`` per joint type: (N m or N, rad/s or m/s).
EFFORT_VELOCITY: dict[str, tuple[float, float]] = {
    "revolute": (10.0, 2.0), "continuous": (5.0, 10.0), "helical": (5.0, 5.0),
    "prismatic": (50.0, 0.5),
}

#: Smallest distance (m) kept between two vertices of a link mesh, well above the float32
#: resolution of STL at object scale (~1e-7 m) and trimesh's merge tolerance (1e-8 m).
VERTEX_GAP = 1e-6

#: Displacement (m) used to break coplanar faces of a link's parts, and how many tries.
JITTER = 2e-5
JITTER_ATTEMPTS = 4

#: Collision pieces stand off their part by at most this much (m) or this fraction of the
#: link's bounding-box diagonal, whichever is larger (half the pipeline's "close to convex"
#: limits, ``tol.CONVEX_STANDOFF_FLOOR`` and ``tol.CONVEX_STANDOFF``).
COLLISION_FLOOR = 0.005
COLLISION_RELATIVE = 0.01

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_FIXED_AXIS = np.array([1.0, 0.0, 0.0])  # what a URDF reader assumes when <axis> is absent


class GeneratorError(ArenaError, ValueError):
    """A kind generator described an object that is not a valid articulated object."""


@dataclass(frozen=True)
class GeneratedObject:
    """One generated object: exact ground truth and the files that describe it.

    ``obj`` is the ground truth (mesh paths are ``None`` until written); ``meshes`` maps
    each relative mesh path (``meshes/<link>.stl``) to its binary STL bytes; ``materials``
    maps link name -> material name.
    """

    kind: str
    name: str
    obj: ArticulatedObject
    meshes: dict[str, bytes]
    materials: dict[str, str]

    @property
    def joint_type_counts(self) -> dict[str, int]:
        """Number of joints of each type (sorted by type name)."""
        return dict(sorted(Counter(j.type for j in self.obj.joints).items()))

    @property
    def n_moving_joints(self) -> int:
        return sum(1 for j in self.obj.joints if j.moving)


@dataclass
class _LinkSpec:
    material: str
    parts: list[trimesh.Trimesh] = field(default_factory=list)
    cuts: list[trimesh.Trimesh] = field(default_factory=list)


@dataclass(frozen=True)
class _JointSpec:
    name: str
    type: str
    parent: str
    child: str
    axis: np.ndarray
    point: np.ndarray | None
    lower: float
    upper: float
    pitch: float = 0.0


class Builder:
    """Collect links, solids and joints of one object, then :meth:`build` it.

    ``rng`` drives every random choice of the kind generator (through :meth:`dim`,
    :meth:`real`, :meth:`count`, :meth:`pick`, :meth:`chance`); with probability
    ``flip_probability`` a joint is written in its equivalent reversed encoding (axis
    negated, limits negated and swapped), drawn from a separate stream so it never
    changes the geometry.
    """

    def __init__(self, rng: np.random.Generator, *, flip_probability: float = 0.25):
        self.rng = rng
        self._flip_rng = np.random.default_rng(int(rng.integers(0, 2**63 - 1)))
        self._flip_probability = float(flip_probability)
        self._links: dict[str, _LinkSpec] = {}
        self._joints: list[_JointSpec] = []

    # ------------------------------------------------------------------ sampling
    def dim(self, low: float, high: float) -> float:
        """A length drawn uniformly in ``[low, high]`` m, rounded to 1 mm."""
        return round(float(self.rng.uniform(low, high)), 3)

    def real(self, low: float, high: float) -> float:
        """A float drawn uniformly in ``[low, high]`` (angles, ratios)."""
        return float(self.rng.uniform(low, high))

    def count(self, low: int, high: int) -> int:
        """An integer drawn uniformly in ``[low, high]`` (both included)."""
        return int(self.rng.integers(low, high + 1))

    def pick(self, options: Sequence):
        """One element of ``options``, uniformly."""
        return options[int(self.rng.integers(0, len(options)))]

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        return bool(self.rng.random() < p)

    # ------------------------------------------------------------------ structure
    def link(self, name: str, material: str, *solids: trimesh.Trimesh) -> str:
        """Declare link ``name`` of ``material`` made of ``solids``; returns ``name``."""
        if not _NAME.match(name) or name in self._links:
            raise GeneratorError(f"link name {name!r} is not a new identifier like 'door_0'")
        if material not in MATERIALS:
            raise GeneratorError(f"link {name!r}: unknown material {material!r}")
        if not self._links and name != "base":
            raise GeneratorError(f"the first link must be 'base', got {name!r}")
        self._links[name] = _LinkSpec(material, list(solids))
        return name

    def add(self, name: str, *solids: trimesh.Trimesh) -> None:
        """Add ``solids`` to link ``name``."""
        self._spec(name).parts.extend(solids)

    def cut(self, name: str, *solids: trimesh.Trimesh) -> None:
        """Subtract ``solids`` from link ``name`` (cavities, openings)."""
        self._spec(name).cuts.extend(solids)

    def revolute(self, child: str, parent: str, axis, point, lower: float, upper: float, *,
                 name: str | None = None) -> None:
        """Hinge about the line through ``point`` along ``axis`` with limits in rad."""
        self._joint("revolute", child, parent, axis, point, lower, upper, name=name)

    def continuous(self, child: str, parent: str, axis, point, *, name: str | None = None) -> None:
        """Unlimited rotation about the line through ``point`` along ``axis``."""
        self._joint("continuous", child, parent, axis, point, -math.inf, math.inf, name=name)

    def prismatic(self, child: str, parent: str, axis, lower: float, upper: float, *,
                  point=None, name: str | None = None) -> None:
        """Slide along ``axis`` with limits in m (frame at ``point`` or the part's center)."""
        self._joint("prismatic", child, parent, axis, point, lower, upper, name=name)

    def helical(self, child: str, parent: str, axis, point, lower: float, upper: float,
                pitch: float, *, name: str | None = None) -> None:
        """Screw about the line through ``point``: ``pitch`` m of travel per rad along ``axis``."""
        self._joint("helical", child, parent, axis, point, lower, upper, pitch=pitch, name=name)

    def fixed(self, child: str, parent: str, point=None, *, name: str | None = None) -> None:
        """Weld ``child`` to ``parent`` (frame at ``point`` or the part's center)."""
        self._joint("fixed", child, parent, _FIXED_AXIS, point, 0.0, 0.0, name=name)

    def _spec(self, name: str) -> _LinkSpec:
        if name not in self._links:
            raise GeneratorError(f"unknown link {name!r}")
        return self._links[name]

    def _joint(self, jtype: str, child: str, parent: str, axis, point, lower: float,
               upper: float, *, pitch: float = 0.0, name: str | None = None) -> None:
        self._spec(child), self._spec(parent)
        if any(j.child == child for j in self._joints) or child == "base":
            raise GeneratorError(f"link {child!r} already has a parent joint")
        if not lower <= upper:
            raise GeneratorError(f"joint to {child!r}: limits [{lower}, {upper}] not ordered")
        self._joints.append(_JointSpec(
            name=name or f"{child}_joint", type=jtype, parent=parent, child=child,
            axis=unit(axis), point=None if point is None else np.asarray(point, float),
            lower=float(lower), upper=float(upper), pitch=float(pitch)))

    # ------------------------------------------------------------------ build
    def build(self, kind: str, name: str) -> GeneratedObject:
        """Merge, center and measure every link; return the finished object.

        Raises:
            GeneratorError: a link without solids, a link not attached to the tree, an
                empty or inside-out solid.
        """
        self._check_tree()
        world = {link: _solid(link, spec) for link, spec in self._links.items()}
        boxes = {link: meshing.bounds(*mesh) for link, mesh in world.items()}
        shift = _bottom_center_shift(boxes.values())
        origins = self._frame_origins(boxes, shift)
        links, meshes = [], {}
        for link, (vertices, faces) in world.items():
            offset = shift - origins[link]
            tri = _to_frame(vertices, offset)[faces]
            crosses = meshing.crosses(tri)
            meshes[f"meshes/{link}.stl"] = meshing.stl_bytes(tri, crosses)
            pieces, solids = _collision_pieces(self._links[link], boxes[link], offset)
            for k, piece in enumerate(pieces):
                meshes[_piece_file(link, k)] = meshing.stl_bytes(piece, meshing.crosses(piece))
            links.append(_make_link(link, tri, crosses, MATERIALS[self._links[link].material],
                                    collision_pieces=len(pieces), collision_boxes=solids))
        joints = [self._make_joint(j, origins) for j in self._tree_order()]
        obj = ArticulatedObject.from_parts(kind, links, joints)
        materials = {link: spec.material for link, spec in self._links.items()}
        return GeneratedObject(kind=kind, name=name, obj=obj, meshes=meshes, materials=materials)

    def _check_tree(self) -> None:
        if "base" not in self._links:
            raise GeneratorError("no 'base' link")
        children = {j.child for j in self._joints}
        loose = sorted(set(self._links) - children - {"base"})
        if loose:
            raise GeneratorError(f"links without a parent joint: {loose}")
        empty = sorted(name for name, spec in self._links.items() if not spec.parts)
        if empty:
            raise GeneratorError(f"links without solids: {empty}")

    def _tree_order(self) -> list[_JointSpec]:
        """Joints parents-first (breadth first from ``base``, declaration order among siblings)."""
        order, frontier = [], ["base"]
        while frontier:
            children = [j for j in self._joints if j.parent in frontier]
            order += children
            frontier = [j.child for j in children]
        if len(order) != len(self._joints):
            raise GeneratorError("the joints do not form one tree rooted at 'base'")
        return order

    def _frame_origins(self, boxes: dict[str, np.ndarray],
                       shift: np.ndarray) -> dict[str, np.ndarray]:
        origins = {"base": np.zeros(3)}
        for j in self._joints:
            if j.point is not None:
                origins[j.child] = j.point + shift
            else:
                origins[j.child] = boxes[j.child].mean(axis=0) + shift
        return origins

    def _make_joint(self, spec: _JointSpec, origins: dict[str, np.ndarray]) -> Joint:
        pose = np.eye(4)
        pose[:3, 3] = origins[spec.child] - origins[spec.parent]
        axis, lower, upper = spec.axis, spec.lower, spec.upper
        if spec.type != "fixed" and self._flip_rng.random() < self._flip_probability:
            axis, lower, upper = -axis, -upper, -lower
        effort, velocity = EFFORT_VELOCITY.get(spec.type, (None, None))
        return Joint(name=spec.name, type=spec.type, parent=spec.parent, child=spec.child,
                     origin_local=pose, axis_local=axis + 0.0, lower=lower, upper=upper,
                     pitch=spec.pitch, effort=effort, velocity=velocity)


def _solid(name: str, spec: _LinkSpec) -> tuple[np.ndarray, np.ndarray]:
    """One closed mesh for a link: union of its parts minus its cuts (object frame).

    Returns ``(vertices, faces)`` arrays (see :mod:`arena_core.generate.meshing`).

    Coplanar faces of overlapping parts can leave vertices closer than STL's float32
    precision, which a loader would merge into a non-manifold mesh; when that happens the
    parts are scaled about their centers by distinct relative amounts of ``JITTER`` and the
    booleans are redone.
    """
    parts, cuts = [_arrays(p) for p in spec.parts], [_arrays(c) for c in spec.cuts]
    for attempt in range(JITTER_ATTEMPTS):
        mesh = _union(_jittered(parts, attempt))
        if cuts:
            try:
                mesh = meshing.boolean([mesh, _union(_jittered(cuts, attempt, salt=3))],
                                       "difference")
            except (ImportError, ValueError) as exc:
                raise GeneratorError(f"link {name!r}: cutting needs the manifold3d engine "
                                     f"({exc})") from None
        if _well_separated(mesh[0]):
            break
    if len(mesh[1]) == 0 or not meshing.volume(*mesh) > tol.MIN_VOLUME:
        raise GeneratorError(f"link {name!r}: empty or inside-out solid")
    return mesh


def _jittered(parts: list[tuple[np.ndarray, np.ndarray]], attempt: int, *,
              salt: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """``parts`` each turned and scaled about its bounds center by a distinct tiny amount.

    Part ``k`` moves by about ``eps = attempt * JITTER * ((k + salt) % 7 + 1)`` meters at
    its extremities (a rotation about a generic axis plus a scale): this breaks coplanar
    faces and the edge-on-edge alignments of round primitives with equal facet counts,
    which the boolean engine would otherwise resolve with coincident duplicate vertices.
    """
    if attempt == 0:
        return parts
    out = []
    for k, (vertices, faces) in enumerate(parts):
        bounds = meshing.bounds(vertices, faces)
        center = bounds.mean(axis=0)
        extent = float(np.ptp(bounds, axis=0).max())
        ratio = attempt * JITTER * ((k + salt) % 7 + 1) / max(extent, JITTER)
        axis = np.array([1.0, 0.618 + 0.1 * k, 0.382 - 0.05 * salt])
        pose = trimesh.transformations.rotation_matrix(ratio, axis, center)
        pose[:3, :3] *= 1.0 + ratio
        pose[:3, 3] = center - meshing.matmul3(pose[:3, :3], center)
        out.append(meshing.transformed(vertices, faces, pose))
    return out


def _well_separated(vertices: np.ndarray) -> bool:
    """True if no two vertices are closer than ``VERTEX_GAP`` (they survive float32)."""
    pairs = cKDTree(vertices).query_pairs(VERTEX_GAP)
    return not pairs


def _arrays(mesh: trimesh.Trimesh) -> tuple[np.ndarray, np.ndarray]:
    return np.asarray(mesh.vertices), np.asarray(mesh.faces)


def _union(parts: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    if len(parts) == 1:
        return parts[0]
    try:
        return meshing.boolean(parts, "union")
    except (ImportError, ValueError):  # no boolean engine here: closed pieces, concatenated
        return _arrays(trimesh.util.concatenate(
            [trimesh.Trimesh(v, f, process=False) for v, f in parts]))


def _bottom_center_shift(boxes) -> np.ndarray:
    """``(3,)`` translation putting the bottom-center of all ``(2, 3)`` bounds at the origin."""
    bounds = np.array(list(boxes))
    low, high = bounds[:, 0].min(axis=0), bounds[:, 1].max(axis=0)
    return np.array([-(low[0] + high[0]) / 2.0, -(low[1] + high[1]) / 2.0, -low[2]])


def _to_frame(vertices: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """Translate by ``offset`` and round vertices to float32, the precision STL stores."""
    return (np.asarray(vertices, float) + offset).astype(np.float32).astype(float)


def _collision_pieces(spec: _LinkSpec, bounds: np.ndarray, offset: np.ndarray
                      ) -> tuple[list[np.ndarray], list[Primitive]]:
    """The link's convex collision pieces in its frame
    (:func:`arena_core.generate.collision.convex_pieces`): ``(m_k, 3, 3)`` triangles of each
    piece written as a mesh, and a ``box`` primitive for each piece that is a box along the
    link frame's axes (every engine collides a box natively: no file, no hull). No meshes
    and no boxes when one piece that is not such a box is the whole link (its visual mesh
    serves as collision mesh: engines use its hull)."""
    d = bounds[1] - bounds[0]
    diagonal = float(np.sqrt((d[0] * d[0] + d[1] * d[1]) + d[2] * d[2]))
    limit = max(COLLISION_FLOOR, COLLISION_RELATIVE * diagonal)
    pieces = [_to_frame(v, offset)[f] for v, f in convex_pieces(spec.parts, spec.cuts,
                                                                limit=limit)]
    boxes = [_aligned_box(tri) for tri in pieces]
    if len(pieces) == 1 and boxes[0] is None:
        return [], []
    return ([tri for tri, box in zip(pieces, boxes, strict=True) if box is None],
            [box for box in boxes if box is not None])


def _aligned_box(tri: np.ndarray) -> Primitive | None:
    """The collision ``box`` that ``(m, 3, 3)`` triangles bound when they are a box along
    the frame's axes (8 corners, two values per coordinate), else ``None``."""
    points = tri.reshape(-1, 3)
    lo, hi = points.min(axis=0), points.max(axis=0)
    at_hi = points == hi
    if not (lo < hi).all() or not (at_hi | (points == lo)).all():
        return None  # some coordinate takes a third value, or only one
    if np.count_nonzero(np.bincount(at_hi @ np.array([1, 2, 4]), minlength=8)) != 8:
        return None  # not every corner is a vertex
    origin = np.eye(4)
    origin[:3, 3] = (lo + hi) / 2
    return Primitive("box", tuple(float(s) for s in hi - lo), origin, "collision")


def _piece_file(link: str, k: int) -> str:
    return f"meshes/{link}_collision_{k:02d}.stl"


def _make_link(name: str, tri: np.ndarray, crosses: np.ndarray, density: float, *,
               collision_pieces: int = 0, collision_boxes: Sequence[Primitive] = ()) -> Link:
    """The link's inertial from its triangles ``(m, 3, 3)`` in its frame and their crosses;
    its collision geometry is its ``collision_pieces`` convex pieces
    (``<name>_collision_NN.stl``) and ``collision_boxes``, or the visual mesh when there are
    neither."""
    props = meshing.mass_properties(tri, crosses, density)
    inertia = np.asarray(props["inertia"], float)
    inertia = (inertia + inertia.T) / 2.0
    mass = MassProperties(mass=float(props["mass"]), com=np.asarray(props["center_mass"], float),
                          inertia=inertia, source="urdf")
    files = [("visual", f"meshes/{name}.stl")]
    files += [("collision", _piece_file(name, k)) for k in range(collision_pieces)]
    if not collision_pieces and not collision_boxes:
        files.append(("collision", f"meshes/{name}.stl"))
    refs = tuple(MeshRef(filename=filename, path=None, origin=np.eye(4), scale=np.ones(3),
                         kind=kind) for kind, filename in files)
    return Link(name=name, inertial=mass, meshes=refs, primitives=tuple(collision_boxes))
