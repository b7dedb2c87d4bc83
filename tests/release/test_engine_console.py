"""A released object loads in MuJoCo, PyBullet, Pinocchio and yourdfpy without a word on the
console (issue 31): the card's loading snippet, and MuJoCo's URDF import, run on every object
of the shared release (ten generated objects and PartNet-Mobility's 41083) and of a release of
two more real objects (GAPartNet's 45780, the kitchen models' sink base 45463), all of whose
sources hold OBJ files with face vertices that lack a texture coordinate, and whose roots are
empty frames. They load in a fresh process (:mod:`tests.release.engine_console`), whose file
descriptors 1 and 2 are captured per statement, in a folder where MuJoCo would leave its
``MUJOCO_LOG.TXT``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena_core.curation.items import item_from_record
from arena_core.curation.subset import select_subset
from arena_core.pipeline.run import run_object
from release.objects import ReleaseObject
from release.reader import load_rows, materialize
from release.writer import write_release
from tests.console import console
from tests.release.conftest import REALDATA, REPO

#: Real objects of the second release: (source folder, source, category, supercategory).
REAL = [("gapartnet_repo/45780", "gapartnet", "cabinet", "storage_furniture"),
        ("kitchen_models_repo/SinkBase_45463", "kitchen_models", "cabinet", "storage_furniture")]


def _real_release(root: Path, built) -> Path:
    """A release of the :data:`REAL` objects (each must be accepted)."""
    objects = []
    for folder, source, category, supercategory in REAL:
        rec = run_object(REALDATA / folder / "mobility.urdf", root / "canonical", provenance={
            "object_id": f"{source}-{Path(folder).name}", "source": source,
            "source_id": Path(folder).name, "license": "PartNet-Mobility terms",
            "license_class": "non-commercial", "category": category,
            "supercategory": supercategory}).record
        assert rec.accepted, rec.verification.codes
        objects.append(ReleaseObject(rec, root / "canonical" / rec.object_id))
    subset = select_subset([item_from_record(o.record) for o in objects], n=1, seed=0)
    write_release(root / "release", objects, **{**built.kwargs(), "subset": subset,
                                                "duplicates": []})
    return root / "release"


def _materialized(release: Path, out: Path) -> list[Path]:
    return [materialize(release, row["object_id"], out / row["object_id"]).parent
            for row in load_rows(release, columns=["object_id"])]


def test_released_objects_load_without_console_output(built, realdata, tmp_path):
    folders = _materialized(built.release_dir, tmp_path / "shared")
    folders += _materialized(_real_release(tmp_path / "real", built), tmp_path / "real_objects")
    assert len(folders) == len(built.objects) + len(REAL)
    cwd, report = tmp_path / "cwd", tmp_path / "console.json"
    cwd.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run(
        [sys.executable, "-m", "tests.release.engine_console",
         str(built.release_dir / "README.md"), str(report), *map(str, folders)],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    objects = json.loads(report.read_text())["objects"]
    assert list(objects) == list(map(str, folders))
    printed = {(Path(folder).name, line.split(";")[0]): text
               for folder, per_line in objects.items() for line, text in per_line.items() if text}
    assert printed == {}, "\n\n".join(f"{key}:\n{text[:600]}" for key, text in printed.items())
    assert sorted(os.listdir(cwd)) == []  # no MUJOCO_LOG.TXT: MuJoCo warned about nothing
    # Every engine was run on every object: the snippet's lines and MuJoCo's URDF import.
    lines = next(iter(objects.values()))
    assert [line.split()[1].rstrip(";") for line in lines
            if line.startswith(("import ", "from "))] == [
        "mujoco", "pybullet", "arena_core.engines.pybullet_gears", "pinocchio", "yourdfpy"]
    assert any("object.urdf" in line and "mujoco.MjModel" in line for line in lines)


@pytest.mark.parametrize("code, expected", [
    ('print("py")', "py\n"),
    ('import os; os.write(2, b"c-level")', "c-level"),
    ("import ctypes; ctypes.CDLL(None).printf(b'buffered')", "buffered"),
    ("raise ValueError('no such file')", "ValueError: no such file"),
])
def test_console_catches_every_kind_of_output(code, expected):
    """The capture sees Python prints, raw writes to a descriptor, C stdio (buffered when
    the descriptor is a file) and exceptions: a quiet load is quiet, not unobserved."""
    assert expected in console(lambda: exec(code, {}))
