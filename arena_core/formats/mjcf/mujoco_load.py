"""Compile an MJCF model with MuJoCo without letting it print.

MuJoCo reports compiler and simulation warnings (deprecated attributes, a singular
inertia, ...) through ``mju_warning``, whose default handler prints them and appends them
to ``MUJOCO_LOG.TXT`` in the working folder. :func:`warnings_collected` installs a
collecting handler for the duration of a block; :func:`compile_model` uses it and returns
the warnings with the model, so callers turn them into issues.

Importing this module turns MuJoCo's asset cache off (:data:`ASSET_CACHE_BYTES`): MuJoCo keeps
every mesh and texture it decoded, by file name and time stamp, up to 500 MiB per process.
Across objects the cache never hits (each object's files are compiled from its own folder)
and only grew every build worker by its capacity (a 20,000-object build: workers at
~1 GiB), and a file rewritten within the time stamp's resolution could have been served
stale. Within one object it does hit: the object's MJCF and MuJoCo's import of its URDF read
the same mesh files, so :func:`object_asset_cache` turns it on for one object's compiles
and empties it after (the URDF import of a real object: ~2x faster; mesh files of a
canonical folder are named by their content, so a hit is never stale). Every module that
compiles with MuJoCo imports this one.

Example:
    >>> model, warnings = compile_model(xml="<mujoco><compiler settotalmass='2'/><worldbody>"
    ...                                 "<body><joint/><geom size='1'/></body></worldbody>"
    ...                                 "</mujoco>")
    >>> model.njnt, [w.split()[:3] for w in warnings]
    (1, [['compiler', 'attribute', "'settotalmass'"]])
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import mujoco

from arena_core.util.fs import write_atomic

_LOCK = threading.RLock()

#: Capacity of MuJoCo's process-wide asset cache (bytes): off, but inside
#: :func:`object_asset_cache`.
ASSET_CACHE_BYTES = 0
mujoco.mj_setCacheCapacity(mujoco.mj_getCache(), ASSET_CACHE_BYTES)
#: Capacity while one object's files are compiled (bytes; MuJoCo evicts past it).
OBJECT_CACHE_BYTES = 256 << 20

_CACHE_LOCK = threading.Lock()
_cache_users = 0


@contextlib.contextmanager
def object_asset_cache() -> Iterator[None]:
    """MuJoCo's asset cache on (:data:`OBJECT_CACHE_BYTES`) for the compiles of one object
    in the block, emptied and off again when the last such block in the process ends
    (threads may overlap: a cache emptied early only costs a decode)."""
    global _cache_users
    cache = mujoco.mj_getCache()
    with _CACHE_LOCK:
        _cache_users += 1
        mujoco.mj_setCacheCapacity(cache, OBJECT_CACHE_BYTES)
    try:
        yield
    finally:
        with _CACHE_LOCK:
            _cache_users -= 1
            if _cache_users == 0:
                mujoco.mj_clearCache(cache)
                mujoco.mj_setCacheCapacity(cache, ASSET_CACHE_BYTES)


@contextlib.contextmanager
def warnings_collected() -> Iterator[list[str]]:
    """Collect MuJoCo's warnings in the yielded list for the block (process-wide handler,
    serialized by a lock; nested blocks are allowed)."""
    warnings: list[str] = []
    with _LOCK:
        previous = mujoco.get_mju_user_warning()
        mujoco.set_mju_user_warning(lambda message: warnings.append(message.strip()))
        try:
            yield warnings
        finally:
            mujoco.set_mju_user_warning(previous)


def assets_map_path(xml: str | os.PathLike) -> Path:
    """Where the assets map of a prepared model text ``xml`` is kept (beside it)."""
    return Path(os.fspath(xml) + ".assets.json")


def write_compiled(xml: Path, text: str, assets: dict[str, Path]) -> None:
    """Write a prepared model ``text`` and its assets map (key -> file holding the bytes),
    so :func:`compile_saved` compiles exactly what was compiled before."""
    write_atomic(xml, text)
    write_atomic(assets_map_path(xml), json.dumps({k: str(v) for k, v in sorted(
        assets.items())}, indent=1))


def compile_saved(xml: str | os.PathLike) -> tuple[mujoco.MjModel, list[str]]:
    """Compile a model text written by :func:`write_compiled` with its assets from memory
    (a text without an assets map is compiled from its path).

    Raises:
        ValueError: MuJoCo refuses the model, or an asset file cannot be read.
    """
    mapping = assets_map_path(xml)
    if not mapping.is_file():
        return compile_model(path=xml)
    try:
        assets = {k: Path(v).read_bytes() for k, v in json.loads(mapping.read_text()).items()}
        text = Path(xml).read_text(encoding="utf-8")
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read the prepared model or its assets: {exc}") from exc
    return compile_model(xml=text, assets=assets)


def compile_model(*, xml: str | None = None, path: str | os.PathLike | None = None,
                  assets: dict[str, bytes] | None = None) -> tuple[mujoco.MjModel, list[str]]:
    """The model of ``xml`` (text) or ``path`` (a file) and MuJoCo's warnings. ``assets``
    (with ``xml``) is MuJoCo's in-memory file system: a file name the text uses that is a
    key of it is read from there, not from the disk.

    Raises:
        ValueError: MuJoCo refuses the model (its message), or neither or both inputs given.
    """
    if (xml is None) == (path is None):
        raise ValueError("give exactly one of xml= and path=")
    with warnings_collected() as warnings:
        try:
            if xml is not None:
                model = mujoco.MjModel.from_xml_string(xml, assets or None)
            else:
                model = mujoco.MjModel.from_xml_path(os.fspath(path))
        except Exception as exc:  # mujoco raises ValueError, FatalError, ...: all "refused"
            raise ValueError(str(exc).strip()) from exc
    return model, warnings
