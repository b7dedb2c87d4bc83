"""Source adapters: one small module per library layout, one shared interface.

``ADAPTERS`` maps a manifest's ``adapter`` value to an :class:`~flows.adapters.base.Adapter`
instance (one static registry: every adapter module is imported here, and a test checks the
registry names exactly the adapters ``schemas.sources`` accepts); :func:`get_adapter` looks
one up.

Example:
    >>> sorted(ADAPTERS)
    ['gapartnet', 'generated', 'mjcf', 'partnet_mobility', 'urdf_folder']
    >>> get_adapter("generated").name
    'generated'
    >>> get_adapter("urdf_folder").name
    'urdf_folder'
"""

from __future__ import annotations

from flows.adapters.base import Adapter, SourceRootError
from flows.adapters.gapartnet import GAPartNetAdapter
from flows.adapters.generated import GeneratedAdapter
from flows.adapters.mjcf import MjcfAdapter
from flows.adapters.partnet_mobility import PartNetMobilityAdapter
from flows.adapters.urdf_folder import UrdfFolderAdapter

__all__ = ["ADAPTERS", "Adapter", "SourceRootError", "UnknownAdapterError", "get_adapter"]

ADAPTERS: dict[str, Adapter] = {
    a.name: a for a in (PartNetMobilityAdapter(), GAPartNetAdapter(), UrdfFolderAdapter(),
                        MjcfAdapter(), GeneratedAdapter())
}


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
