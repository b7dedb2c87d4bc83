"""Source objects packed for the way from ingest to processing.

The build process holds every ingested object until a processing task takes it. Live, a
:class:`~schemas.source_object.SourceObject` of the generator (18 file models, paths,
extras) takes ~20 KB of Python heap, ~37 KB of the build process's resident memory once
the ingest tasks' results are unpickled; at 20,000 objects that was ~740 MB, most of the
build process's peak. Packed, it is its pickle (~4 KB) with the two facts the task planner
(:func:`flows.build.plan_chunks`) orders by; the processing task unpacks it.

Example:
    >>> from pathlib import Path
    >>> from schemas.files import SourceFile
    >>> obj = SourceObject(source="s", source_id="a", license="CC0-1.0",
    ...                    urdf_path=Path("/r/a.urdf"), root_dir=Path("/r"),
    ...                    files=[SourceFile(path="a.urdf", sha256="0" * 64, size=120)])
    >>> packed = pack(obj)
    >>> packed.weight, packed.generated, packed.unpack() == obj
    (120, False, True)
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass

from schemas.source_object import SourceObject


@dataclass(frozen=True)
class PackedSource:
    """One source object as pickle bytes; ``weight`` the summed size of its files (bytes),
    ``generated`` whether our generator wrote it."""

    data: bytes
    weight: int
    generated: bool

    def unpack(self) -> SourceObject:
        return pickle.loads(self.data)


def pack(obj: SourceObject) -> PackedSource:
    return PackedSource(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL),
                        sum(f.size for f in obj.files),
                        obj.extras.generator_version is not None)
