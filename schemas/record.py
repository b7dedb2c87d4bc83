"""The object record: one normalized, verified object with its provenance (SPEC 4 and 5).

An :class:`ObjectRecord` is what :func:`arena_core.pipeline.run.run_object` returns and what
the release stores per row: identity and provenance, the canonical links (mass properties
in the root frame) and joints (root-frame axis, point, limits, twist, endpoints), the exact
normalization transform, the verification report and the checksum of the canonical folder.
Its identity and provenance come in as a :class:`Provenance`.

Conventions: lengths in meters, angles in radians, masses in kg, inertia in kg m^2 about
the COM with axes of the root frame; twists ``(omega, v)``; every vector is a plain list
so the record is JSON- and Parquet-friendly. Non-finite limits are ``None`` (a continuous
joint has ``lower = upper = None`` and ``endpoints = None``).

Example:
    >>> report = VerificationReport.from_issues([])
    >>> rec = ObjectRecord(object_id="x", source="demo", source_id="x", verification=report)
    >>> rec.format_version, rec.verification.status
    ('v3.0', 'accepted')
    >>> Provenance(object_id="sapien-7619", source="sapien").source_id
    'sapien-7619'
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from schemas.files import SourceFile
from schemas.issues import Issue, has_error
from schemas.licenses import LicenseClass
from schemas.release import FORMAT_VERSION
from schemas.sources import UpAxis

MassSource = Literal["urdf", "mesh_volume", "convex_hull", "default", "placeholder"]
JointType = Literal["revolute", "prismatic", "continuous", "fixed", "helical"]
#: Every joint type of the canonical convention, and those that rotate (about a line).
JOINT_TYPES: tuple[str, ...] = get_args(JointType)
ROTATING_TYPES: tuple[str, ...] = ("revolute", "continuous", "helical")
Status = Literal["accepted", "rejected"]

Vec3 = Annotated[list[float], Field(min_length=3, max_length=3)]
Vec6 = Annotated[list[float], Field(min_length=6, max_length=6)]
Mat3 = Annotated[list[Vec3], Field(min_length=3, max_length=3)]
Sha256 = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]

_CONFIG = ConfigDict(extra="forbid", frozen=True, ser_json_inf_nan="constants")
#: An object id is the name of its canonical folder.
_FOLDER_SAFE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$")


class SourceIdentity(BaseModel):
    """The fields naming an object's source, shared by :class:`Provenance` and
    :class:`ObjectRecord` (which add ``object_id`` and ``source_id``, the source's own id)."""

    model_config = _CONFIG

    source: str = Field(min_length=1)
    upstream_id: str | None = None
    version: str | None = None
    license: str | None = None
    license_class: LicenseClass | None = None
    category: str | None = None
    supercategory: str | None = None


class Provenance(SourceIdentity):
    """Who an object is and where it came from: the identity fields of its :class:`ObjectRecord`.

    ``object_id`` names the canonical folder, so it is folder-safe (letters, digits, ``.``,
    ``_``, ``-``; a letter or digit first; at most 200 characters); ``source`` is not empty;
    ``source_id`` defaults to ``object_id``; ``files`` (the source files) ``None`` lets
    :func:`arena_core.pipeline.run.run_object` hash the URDF and the meshes it uses.
    """

    object_id: str
    source_id: str = Field(min_length=1)
    files: list[SourceFile] | None = None

    @model_validator(mode="before")
    @classmethod
    def _default_source_id(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("source_id") is None and "object_id" in data:
            data = {**data, "source_id": data["object_id"]}
        return data

    @field_validator("object_id")
    @classmethod
    def _check_object_id(cls, value: str) -> str:
        if not _FOLDER_SAFE.match(value):
            raise ValueError("must be a folder-safe name (A-Z, a-z, 0-9, '.', '_', '-'; a "
                             f"letter or digit first; at most 200 characters), got {value!r}")
        return value


class CollisionRecord(BaseModel):
    """A link's collision fidelity (:mod:`arena_core.mesh.collision_fidelity`): how far its
    collision geometry, as engines use it (each piece's convex hull), stands off the source
    collision surface (``standoff`` m; ``relative_standoff`` of the link's bounding-box
    diagonal ``size`` m) and the volume it adds (``added_volume``, a fraction of the link's
    hull volume); ``within`` the tolerance; ``pieces`` collision elements; ``source_*`` the
    same figures for the source's collision geometry (each mesh one hull, before
    decomposition)."""

    model_config = _CONFIG

    size: float = Field(ge=0)
    standoff: float = Field(ge=0)
    relative_standoff: float = Field(ge=0)
    added_volume: float = Field(ge=0)
    within: bool
    pieces: int = Field(ge=0)
    source_standoff: float = Field(ge=0)
    source_added_volume: float = Field(ge=0)
    source_within: bool


class LinkRecord(BaseModel):
    """A link's mass properties in the root frame at rest (``None`` for a massless link) and
    its collision fidelity (``None``: no collision geometry)."""

    model_config = _CONFIG

    name: str
    mass: float | None = None
    com: Vec3 | None = None
    inertia: Mat3 | None = None
    mass_source: MassSource | None = None
    collision: CollisionRecord | None = None


class EngineRecord(BaseModel):
    """How one engine loaded and moved a canonical object (the ``engines`` stage).

    ``engine`` is ``mujoco`` (MuJoCo's URDF import), ``mujoco_mjcf`` (the object's own
    ``object.xml``), ``pybullet``, ``pinocchio`` or ``yourdfpy``; ``max_pose_error`` the worst
    link-pose difference from arena_core's forward kinematics (m, or ~rad), ``None`` when the
    object did not load or the engine does not report it; ``ok`` no issue from this engine.
    """

    model_config = _CONFIG

    engine: str
    version: str = ""
    loaded: bool
    ok: bool
    max_pose_error: float | None = None


class MimicRecord(BaseModel):
    """``q = multiplier * q[joint] + offset``."""

    model_config = _CONFIG

    joint: str
    multiplier: float = 1.0
    offset: float = 0.0


class DynamicsRecord(BaseModel):
    """A joint's dynamics in its coordinate (rad or m; see :class:`arena_core.model.dynamics.Dynamics`):
    ``damping``, ``friction`` (dry, MuJoCo's ``frictionloss``), ``armature``, spring
    ``stiffness`` and its reference ``springref``. URDF's ``<dynamics>`` holds the first two,
    the canonical URDF and ``object.xml`` all five."""

    model_config = _CONFIG

    damping: float = 0.0
    friction: float = 0.0
    armature: float = 0.0
    stiffness: float = 0.0
    springref: float = 0.0


class JointRecord(BaseModel):
    """A joint in the root frame at rest.

    ``axis`` is the unit axis (zeros for a fixed joint), ``origin`` the joint-frame origin
    (a point on the axis), ``pitch`` m/rad (helical), ``lower``/``upper`` rad or m,
    ``twist`` the unit twist ``(omega, v)``, ``endpoints`` ``[lower * twist, upper * twist]``,
    ``dynamics`` the source's joint dynamics (``None`` when it gives none).
    """

    model_config = _CONFIG

    name: str
    type: JointType
    parent: str
    child: str
    axis: Vec3
    origin: Vec3
    pitch: float = 0.0
    lower: float | None = None
    upper: float | None = None
    effort: float | None = None
    velocity: float | None = None
    twist: Vec6
    endpoints: Annotated[list[Vec6], Field(min_length=2, max_length=2)] | None = None
    mimic: MimicRecord | None = None
    dynamics: DynamicsRecord | None = None


class TransformRecord(BaseModel):
    """The normalization ``x -> rotation @ (scale * x) + translation`` (source -> canonical)."""

    model_config = _CONFIG

    rotation: Mat3
    translation: Vec3
    scale: float = Field(gt=0)
    up_axis: UpAxis = "z"


class VerificationReport(BaseModel):
    """Issues found on the object; ``rejected`` exactly when one of them is an error."""

    model_config = _CONFIG

    status: Status
    issues: list[Issue] = Field(default_factory=list)

    @classmethod
    def from_issues(cls, issues: list[Issue]) -> VerificationReport:
        """The report of ``issues`` with its status derived from their severities."""
        rejected = has_error(issues)
        return cls(status="rejected" if rejected else "accepted", issues=list(issues))

    @model_validator(mode="after")
    def _status_matches(self) -> VerificationReport:
        rejected = has_error(self.issues)
        if rejected != (self.status == "rejected"):
            raise ValueError(f"status {self.status!r} contradicts the issues "
                             f"({'some' if rejected else 'no'} error issue)")
        return self

    @property
    def codes(self) -> list[str]:
        """Issue codes in report order."""
        return [i.code for i in self.issues]


class ObjectRecord(SourceIdentity):
    """One object of the suite: provenance, canonical kinematics, verification, checksum.

    ``files`` are the source files (paths relative to the source folder); ``urdf`` and
    ``canonical_files`` are relative to the canonical object folder, whose
    :func:`arena_core.pipeline.run.folder_checksum` is ``checksum`` (``None`` when nothing was
    written because the source could not be read). ``oracle_distance`` is the metric
    between the transformed source joints and the re-read canonical joints.
    ``mjcf`` is the object's own MuJoCo file in the folder, ``engines`` how each engine
    loaded and moved it. ``renamed_links`` maps each source link name that normalization changed (a name engines
    reserve, a non-root ``base``) to its canonical name.
    """

    model_config = _CONFIG

    format_version: Literal[FORMAT_VERSION] = FORMAT_VERSION
    object_id: str = Field(min_length=1)
    source_id: str = Field(min_length=1)
    files: list[SourceFile] = Field(default_factory=list)
    name: str | None = None
    links: list[LinkRecord] = Field(default_factory=list)
    joints: list[JointRecord] = Field(default_factory=list)
    transform: TransformRecord | None = None
    verification: VerificationReport
    oracle_distance: float | None = None
    urdf: str | None = None
    checksum: Sha256 | None = None
    canonical_files: list[SourceFile] = Field(default_factory=list)
    renamed_links: dict[str, str] = Field(default_factory=dict)
    mjcf: str | None = None
    engines: list[EngineRecord] = Field(default_factory=list)
    decompositions: int = Field(default=0, ge=0)
    decomposition_cache_hits: int = Field(default=0, ge=0)

    @property
    def accepted(self) -> bool:
        return self.verification.status == "accepted"
