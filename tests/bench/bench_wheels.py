"""Survey: the URDFs that pip wheels ship (ManiSkill, PyBullet, Genesis, robosuite) through the
build's per-object path, with the category each accepted object gets.

    python tests/bench/bench_wheels.py [--only mani_skill,genesis] [--json out.json]

Each library folder is read by the ``urdf_folder`` adapter (its root is the library's asset
folder, so ``package://`` resolves as in a build) and every object goes through
``arena_core.pipeline.store._build_entry`` (normalization, verification, the ``engines`` stage), one
at a time. PyBullet's 1,000 ``random_urdfs`` are sampled (5). Prints one line per object,
then per library: total, accepted, rejected by error code, seconds per object (median, max),
and the categories of the accepted objects. Only the wheels that are installed are read
(found with ``importlib``, never imported).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from arena_core.curation.structure import structure_of  # noqa: E402
from arena_core.curation.taxonomy import assign_category, load_taxonomy  # noqa: E402
from arena_core.pipeline.store import _build_entry  # noqa: E402
from flows.adapters import get_adapter  # noqa: E402
from schemas.record import ObjectRecord  # noqa: E402
from schemas.sources import load_source_manifest  # noqa: E402

#: Library -> (wheel package, asset folder inside it, include patterns or None).
LIBRARIES = {
    "mani_skill": ("mani_skill", "assets/robots", None),
    "pybullet_data": ("pybullet_data", ".", ["*.urdf", "[!r]*/**/*.urdf", "racecar/*.urdf",
                                             "random_urdfs/00[0-4]/*.urdf"]),
    "genesis": ("genesis", "assets", None),
    "robosuite": ("robosuite", "models/assets/bullet_data", None),
}


def library_root(package: str, folder: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(list(spec.submodule_search_locations)[0]) / folder
    return root if root.is_dir() else None


def survey(name: str, root: Path, include, work: Path, taxonomy) -> list[dict]:
    spec = {"name": name.replace("_", "-"), "adapter": "urdf_folder", "license": "MIT",
            "location": str(root), **({"include": include} if include else {})}
    manifest = load_source_manifest(spec)
    rows = []
    for obj in get_adapter("urdf_folder").iter_objects(manifest, root, work_dir=work / "w"):
        folder = work / "e" / obj.source_id.replace("/", ".")
        folder.mkdir(parents=True)
        start = time.perf_counter()
        _build_entry(obj, folder)
        seconds = time.perf_counter() - start
        rec = ObjectRecord.model_validate_json((folder / "record.json").read_text())
        errors = sorted({i.code for i in rec.verification.issues if i.severity == "error"})
        found = assign_category(rec.category, index=taxonomy, name=rec.name or "",
                                description=rec.source_id,
                                structure=structure_of(rec.joints, rec.links))
        rows.append({"library": name, "id": obj.source_id, "accepted": not errors,
                     "errors": errors, "seconds": round(seconds, 2),
                     "category": found.category if not errors else None})
        print(f"{name:14s} {obj.source_id:62s} {'ok ' if not errors else 'REJ'} "
              f"{seconds:6.1f}s {','.join(errors) or found.category}", flush=True)
    return rows


def summary(rows: list[dict]) -> None:
    print("\n| library | total | accepted | rejected by code (objects) | s/object median (max) |")
    print("| --- | --- | --- | --- | --- |")
    for name in dict.fromkeys(r["library"] for r in rows):
        mine = [r for r in rows if r["library"] == name]
        codes = Counter(c for r in mine for c in r["errors"])
        secs = [r["seconds"] for r in mine]
        print(f"| {name} | {len(mine)} | {sum(r['accepted'] for r in mine)} | "
              f"{', '.join(f'`{c}` {n}' for c, n in codes.most_common()) or '-'} | "
              f"{statistics.median(secs):.1f} ({max(secs):.1f}) |")
    cats = Counter(r["category"] for r in rows if r["accepted"])
    print("\ncategories of the accepted objects:",
          ", ".join(f"{c} {n}" for c, n in cats.most_common()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated libraries")
    parser.add_argument("--json", type=Path, default=None, help="write the rows here")
    opts = parser.parse_args()
    taxonomy = load_taxonomy(REPO / "manifests" / "taxonomy.yaml")
    rows = []
    with tempfile.TemporaryDirectory(prefix="arena-bench-wheels-") as tmp:
        for name, (package, folder, include) in LIBRARIES.items():
            root = library_root(package, folder)
            if (opts.only and name not in opts.only.split(",")) or root is None:
                continue
            rows += survey(name, root, include, Path(tmp) / name, taxonomy)
    summary(rows)
    if opts.json is not None:
        opts.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
