"""Source adapters: one small module per library layout, one shared interface.

``ADAPTERS`` maps a manifest's ``adapter`` value to an :class:`~flows.adapters.base.Adapter`
instance; :func:`get_adapter` looks one up (and loads the module ``flows.adapters.<name>``
of an adapter defined elsewhere, e.g. ``generated``, on first use).

Example:
    >>> {"gapartnet", "mjcf", "partnet_mobility", "urdf_folder"} <= set(ADAPTERS)
    True
    >>> get_adapter("generated").name
    'generated'
    >>> get_adapter("urdf_folder").name
    'urdf_folder'
"""

from __future__ import annotations

import importlib
import inspect

from flows.adapters.base import Adapter, SourceRootError
from flows.adapters.gapartnet import GAPartNetAdapter
from flows.adapters.mjcf import MjcfAdapter
from flows.adapters.partnet_mobility import PartNetMobilityAdapter
from flows.adapters.urdf_folder import UrdfFolderAdapter
from schemas.sources import ADAPTERS as ADAPTER_NAMES

__all__ = ["ADAPTERS", "Adapter", "SourceRootError", "UnknownAdapterError", "get_adapter",
           "register"]

ADAPTERS: dict[str, Adapter] = {
    a.name: a for a in (PartNetMobilityAdapter(), GAPartNetAdapter(), UrdfFolderAdapter(),
                        MjcfAdapter())
}


class UnknownAdapterError(KeyError):
    """No adapter of that name (the message lists the known ones)."""

    def __str__(self) -> str:
        return str(self.args[0])


def register(adapter: Adapter) -> Adapter:
    """Add ``adapter`` to :data:`ADAPTERS` under its ``name`` (returns it)."""
    if not adapter.name:
        raise ValueError(f"adapter {type(adapter).__name__} has no name")
    ADAPTERS[adapter.name] = adapter
    return adapter


def get_adapter(name: str) -> Adapter:
    """Return the adapter called ``name``.

    Raises:
        UnknownAdapterError: no such adapter, or its module defines none.
    """
    if name not in ADAPTERS and name in ADAPTER_NAMES:
        _load(name)
    if name not in ADAPTERS:
        known = ", ".join(sorted(set(ADAPTERS) | set(ADAPTER_NAMES)))
        raise UnknownAdapterError(f"unknown adapter {name!r}; known adapters: {known}")
    return ADAPTERS[name]


def _load(name: str) -> None:
    """Import ``flows.adapters.<name>`` and register its :class:`Adapter` subclass."""
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        return
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if issubclass(cls, Adapter) and not inspect.isabstract(cls) and cls.name == name:
            register(cls())
            return
