"""What an adapter knows about one object beyond its provenance: :class:`SourceExtras`.

Each source object (:class:`~schemas.source_object.SourceObject`) carries one record; every field
is optional, and the fields are grouped by the adapters that write them. Unknown fields are
refused (a misspelt key fails where it is written), paths are absolute where the adapter ran,
and the rest is plain JSON data. The object store keys an object by the fields that are set,
paths made relative to the object's ``root_dir`` (:func:`arena_core.pipeline.store.object_key`).

Readers: :func:`arena_core.pipeline.run.run_object` hands ``mobility_v2_path`` and
``angle_units_known`` to the checks (:mod:`arena_core.verify`) and ``mjcf_compiled`` /
``mjcf_path``, ``joint_map`` and ``body_map`` to the MuJoCo oracle
(:mod:`arena_core.pipeline.mjcf_oracle`); the object store gives ``package_dirs`` to the URDF reader.
The other fields are kept for people and later stages (duplicate search, audits).

Example:
    >>> extras = SourceExtras(mobility_v2_path="/data/7619/mobility_v2.json")
    >>> extras.mobility_v2_path.name, extras.angle_units_known
    ('mobility_v2.json', False)
    >>> extras.merged(anno_id="426").anno_id
    '426'
    >>> SourceExtras(mobility_path="x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.ValidationError: 1 validation error for SourceExtras
    mobility_path
      Extra inputs are not permitted ...
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from schemas.files import SourceFile


class SourceExtras(BaseModel):
    """Adapter data of one source object (see the module docstring); every field optional."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    # --------------------------------------------------------------- URDF folders
    package_dirs: dict[str, Path] | None = None
    """``package://NAME`` -> the folder of package ``NAME``, for the packages the URDF uses
    (``urdf_folder``, and PartNet-Mobility folders read as plain URDFs)."""

    # --------------------------------------------------------------- PartNet-Mobility, GAPartNet
    semantics: list[dict[str, str]] | None = None
    """The rows ``{"link", "kind", "label"}`` of ``semantics.txt`` (GAPartNet:
    ``semantics_gapartnet.txt``), in file order."""
    semantics_partnet: list[dict[str, str]] | None = None
    """GAPartNet: the rows of the PartNet-Mobility ``semantics.txt`` kept beside its own."""
    link_annotations: list[dict[str, Any]] | None = None
    """GAPartNet: per link of ``link_annotation_gapartnet.json``, its ``link_name``,
    ``is_gapart``, GAPart ``category`` and ``bbox``."""
    mobility_v2_path: Path | None = None
    """The object's ``mobility_v2.json``, which the ``mobility`` check compares the URDF with."""
    anno_id: str | None = None
    """``meta.json``'s PartNet annotation id (differs from the dataset id for ids >= 100000)."""
    model_id: str | None = None
    """``meta.json``'s ShapeNet model hash."""
    other_urdfs: list[str] | None = None
    """The other URDF variants of the object folder (POSIX paths relative to it)."""
    archive: SourceFile | None = None
    """The per-object zip the folder was extracted from (path relative to the source root)."""

    # --------------------------------------------------------------- MJCF
    files_root: Path | None = None
    """The source root the object's ``files`` are relative to (the URDF is converted
    elsewhere, in its own ``root_dir``)."""
    mjcf_path: Path | None = None
    """The MJCF file the object was converted from."""
    mjcf_compiled: Path | None = None
    """The exact MJCF text MuJoCo compiled (the MuJoCo oracle compiles it again)."""
    joint_map: dict[str, dict[str, Any]] | None = None
    """MuJoCo joint name -> its URDF joint(s), type and reference position
    (:class:`arena_core.formats.mjcf.convert.Conversion`)."""
    body_map: dict[str, dict[str, Any]] | None = None
    """MuJoCo body name -> its URDF link and the link frame's pose in the body frame."""
    couplings: list[dict[str, Any]] | None = None
    """The MuJoCo equality constraints that did not become ``<mimic>``
    (:mod:`arena_core.formats.mjcf.couplings`)."""
    mjcf_option: dict[str, str] | None = None
    """The source's ``<option>`` attributes that set how it is stepped (``timestep``,
    ``integrator``) where they differ from MuJoCo's defaults; ``object.xml`` gets them too,
    so the converted object is simulated as its source is."""
    angle_units_known: bool = False
    """``True`` when the source states its angle unit (an MJCF ``<compiler angle>``): the
    joint check does not guess that whole-number limits are degrees."""

    # --------------------------------------------------------------- generated
    kind: str | None = None
    """The generator's kind id (``cabinet``, ``office_chair``, ...)."""
    name: str | None = None
    """The generated object's name."""
    supercategory_hint: str | None = None
    """The supercategory the generator gives its kind."""
    seed: int | None = None
    """The generator run's seed."""
    index: int | None = None
    """The object's index in its run."""
    generator_version: str | None = None
    """The generator's version (the same seed, index and version give the same bytes)."""
    n_moving_joints: int | None = None
    """How many joints move."""
    joint_types: dict[str, int] | None = None
    """How many joints of each URDF type."""

    def merged(self, **fields: Any) -> SourceExtras:
        """A copy with ``fields`` set, validated like a new record (unknown names refused)."""
        return SourceExtras(**{**self.model_dump(exclude_defaults=True), **fields})
