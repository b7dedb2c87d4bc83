"""Procedural articulated household objects with exact ground truth (the ``generated`` source).

Each *kind* (``cabinet``, ``bottle``, ``faucet``, ... — see :data:`KINDS`) is a small
function that samples dimensions, counts and placements from a numpy ``Generator`` and
declares links made of watertight solids and one-DOF joints with physically sensible
limits. The builder merges, centers and measures them; the writer emits arena URDF v1
(helical joints via ``<helical pitch>``), one binary STL per link (and its convex collision pieces where the link is not one convex solid:
:mod:`arena_core.generate.collision`) and
a ``meta.json``. Everything is deterministic for a seed.

Public API::

    generate_object(kind, rng) -> GeneratedObject          # one object in memory
    generate(n, seed, out_dir, *, kinds=None) -> list[GeneratedInfo]
    generate_one(seed, index) / write_object(gen, out_dir, seed=, index=)  # for parallel callers
    KINDS: dict[kind id, KindSpec(kind, supercategory, fn)]

Example:
    >>> import numpy as np
    >>> g = generate_object("laptop", np.random.default_rng(0))
    >>> g.kind, g.n_moving_joints >= 1, sorted(g.meshes)[0]
    ('laptop', True, 'meshes/base.stl')
"""

from arena_core.generate.builder import MATERIALS, Builder, GeneratedObject, GeneratorError
from arena_core.generate.kinds import SUPERCATEGORIES, KindSpec
from arena_core.generate.output import (
    GENERATOR_VERSION,
    INDEX_NAME,
    LICENSE,
    URDF_NAME,
    GeneratedInfo,
    generate,
    generate_one,
    object_id,
    object_rng,
    write_index,
    write_object,
)
from arena_core.generate.registry import KINDS, UnknownKindError, generate_object, kind_for_index

__all__ = [
    "GENERATOR_VERSION", "INDEX_NAME", "KINDS", "LICENSE", "MATERIALS", "SUPERCATEGORIES",
    "URDF_NAME", "Builder", "GeneratedInfo", "GeneratedObject",
    "GeneratorError", "KindSpec", "UnknownKindError", "generate", "generate_object",
    "generate_one", "kind_for_index", "object_id", "object_rng", "write_index",
    "write_object",
]
