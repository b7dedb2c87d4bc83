"""Atomic file-system moves shared by every stage that writes a folder."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def replace_folder(tmp: str | os.PathLike, target: str | os.PathLike) -> None:
    """Put the finished folder ``tmp`` at ``target`` by renames on one file system.

    An existing ``target`` is first moved into a ``.<name>.old-*`` folder beside it and
    removed after the swap, so at every instant ``target`` is either the old complete
    folder or the new one (a crash can leave only a stale ``.old-*`` folder behind).
    """
    tmp, target = Path(tmp), Path(target)
    if not target.exists():
        os.rename(tmp, target)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    os.rename(target, old / target.name)
    os.rename(tmp, target)
    shutil.rmtree(old, ignore_errors=True)
