"""Source adapters: one small module per library layout, one shared interface.

``ADAPTERS`` maps a manifest's ``adapter`` value to an :class:`~flows.adapters.base.Adapter`
instance (one static registry, :data:`REGISTRY`, names every adapter and where it lives; a
test checks it names exactly the adapters ``schemas.sources`` accepts); :func:`get_adapter`
looks one up. An adapter's module is imported on its first lookup, so reading a PartNet
folder never imports the generator or the MJCF adapter.

Example:
    >>> sorted(ADAPTERS)
    ['gapartnet', 'generated', 'mjcf', 'partnet_mobility', 'urdf_folder']
    >>> get_adapter("generated").name
    'generated'
    >>> get_adapter("urdf_folder").name
    'urdf_folder'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from flows.adapters.base import Adapter, SourceRootError

__all__ = ["ADAPTERS", "REGISTRY", "Adapter", "SourceRootError", "UnknownAdapterError",
           "get_adapter"]

#: adapter name -> (module under ``flows.adapters``, class): the one static registry.
REGISTRY: dict[str, tuple[str, str]] = {
    "partnet_mobility": ("partnet_mobility", "PartNetMobilityAdapter"),
    "gapartnet": ("gapartnet", "GAPartNetAdapter"),
    "urdf_folder": ("urdf_folder", "UrdfFolderAdapter"),
    "mjcf": ("mjcf", "MjcfAdapter"),
    "generated": ("generated", "GeneratedAdapter"),
}


class _Adapters(Mapping[str, Adapter]):
    """:data:`REGISTRY` as name -> instance; each instance is made on its first lookup."""

    def __init__(self, registry: Mapping[str, tuple[str, str]]):
        self._registry = registry
        self._made: dict[str, Adapter] = {}

    def __getitem__(self, name: str) -> Adapter:
        if name not in self._made:
            module, cls = self._registry[name]
            made = getattr(importlib.import_module(f"flows.adapters.{module}"), cls)()
            self._made.setdefault(name, made)  # one instance even when threads race
        return self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._registry)

    def __len__(self) -> int:
        return len(self._registry)


ADAPTERS: Mapping[str, Adapter] = _Adapters(REGISTRY)


class UnknownAdapterError(KeyError):
    """No adapter of that name (the message lists the known ones)."""

    def __str__(self) -> str:
        return str(self.args[0])


def get_adapter(name: str) -> Adapter:
    """Return the adapter called ``name``.

    Raises:
        UnknownAdapterError: no such adapter.
    """
    if name not in ADAPTERS:
        known = ", ".join(sorted(ADAPTERS))
        raise UnknownAdapterError(f"unknown adapter {name!r}; known adapters: {known}")
    return ADAPTERS[name]
