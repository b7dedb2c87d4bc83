"""What the dataset card's loading snippet prints, per object and engine, in a fresh process.

Run as ``python -m tests.release.engine_console CARD OUT FOLDER...``: the ``python`` block of
the card ``CARD`` that loads one object (``folder = a materialized object``) is run for each
materialized object ``FOLDER``, one statement line at a time, and so is MuJoCo's URDF import of
``object.urdf`` (the card's ``mujoco`` column). Everything written to file descriptors 1 and
2 meanwhile is collected per line by :func:`tests.console.console` (Python warnings and log
records reach descriptor 2 as in any script), an exception as text too. ``OUT`` receives
``{"banner": ..., "objects": {folder: {line: output}}}`` as JSON: ``banner`` is what importing
the engines printed, before any object.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from tests.console import console

#: The card's block that loads one object (its first line opens ``object.xml`` in MuJoCo).
_SNIPPET = re.compile(r"```python\n(import mujoco; m = mujoco\.MjModel.*?)```", re.S)
#: MuJoCo's own URDF import of the canonical URDF (the card's ``mujoco`` engine column).
_MUJOCO_URDF = 'm = mujoco.MjModel.from_xml_path(f"{folder}/object.urdf")  # mujoco'


def snippet_lines(card: str) -> list[str]:
    """The statement lines of the card's loading block (raises when the card has none)."""
    match = _SNIPPET.search(card)
    if match is None:
        raise ValueError("the card has no loading snippet")
    return [line for line in match.group(1).splitlines() if line.strip()]


def _disconnect_all() -> None:
    import pybullet

    for client in range(16):
        if pybullet.isConnected(physicsClientId=client):
            pybullet.disconnect(physicsClientId=client)


def main(card_path: str, out_path: str, folders: list[str]) -> None:
    lines = [*snippet_lines(Path(card_path).read_text(encoding="utf-8")), _MUJOCO_URDF]

    def imports():
        import mujoco  # noqa: F401
        import pinocchio  # noqa: F401
        import pybullet  # noqa: F401
        import yourdfpy  # noqa: F401

        import arena_core.engines.pybullet_gears  # noqa: F401

    report = {"banner": console(imports), "objects": {}}
    for folder in folders:
        namespace = {"folder": folder}
        report["objects"][folder] = {
            line: console(lambda line=line, ns=namespace: exec(line, ns)) for line in lines}
        _disconnect_all()
    Path(out_path).write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
