"""Every accepted URDF object of a build against its SOURCE file in Pinocchio.

Issue 28 asks that accepted objects move like their source in the source's own engine: for a
URDF, Pinocchio's forward kinematics of the source file at the rest pose and seeded
configurations, after the record's normalization transform, to 1e-9
(:func:`tests.source_fk.source_fk_distance`). The tests check one robot per case met; this
checks every accepted object of the ``urdf_folder`` sources read from installed packages,
and lists for the MJCF sources the build's own check against the source (the MuJoCo
oracle's ``mujoco_source`` engine entry: MuJoCo's kinematics of the source model)::

    python tests/bench/bench_libraries.py --out /tmp/arena-libraries
    python tests/bench/bench_source_fk.py /tmp/arena-libraries/build

Prints, per source, the objects compared, the links compared and the worst difference; exit
status 1 when any object exceeds the tolerance or cannot be compared.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from tests.source_fk import (  # noqa: E402
    library_roots,
    pybullet_fk_distance,
    source_fk_distance,
)

LIBRARIES = REPO / "manifests" / "sources" / "libraries"
#: The agreement asked of Pinocchio's kinematics, and of PyBullet's (float32), issue 28.
FK_TOLERANCE, PYBULLET_TOLERANCE = 1e-9, 1e-6


def _distance(source: Path, record: dict, canonical: Path) -> tuple[float, int, float, str]:
    """``(difference, links, tolerance, engine)``: :func:`source_fk_distance` (Pinocchio).
    A source urdfdom refuses is compared as the reader repairs it, in a temporary copy
    (Pinocchio reads no mesh), when the repairs change no number the file gives: comma-
    separated vectors (``urdf.comma_vector``), xacro's ``$(optenv VAR default)`` left in the
    file (``urdf.macro.substituted``: the default), a ``<limit>`` without ``effort`` or
    ``velocity`` (0, which kinematics does not read). What is still refused (a spherical
    joint) is compared in PyBullet (:func:`pybullet_fk_distance`)."""
    try:
        return (*source_fk_distance(source, record, canonical), FK_TOLERANCE, "pinocchio")
    except ValueError:
        pass
    text = source.read_text(encoding="utf-8", errors="replace").replace("\0", "")
    repaired = _repaired(text)
    if repaired != text:
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / source.name
            copy.write_text(repaired, encoding="utf-8")
            try:
                return (*source_fk_distance(copy, record, canonical), FK_TOLERANCE,
                        "pinocchio (repaired copy)")
            except ValueError:
                pass
    return (*pybullet_fk_distance(source, record, canonical), PYBULLET_TOLERANCE, "pybullet")


def _repaired(text: str) -> str:
    """The repairs of :func:`_distance` applied to a URDF text."""
    text = re.sub(r'((?:xyz|rpy|axis)\s*=\s*"[^"]*")', lambda m: m.group(1).replace(",", " "),
                  text)
    text = re.sub(r"\$\(\s*optenv\s+\S+\s+([^()]*)\)", lambda m: m.group(1).strip(), text)

    def limit(match: re.Match) -> str:
        tag = match.group(0)
        for attr in ("effort", "velocity"):
            if not re.search(rf"\b{attr}\s*=", tag):
                tag = tag.replace("<limit", f'<limit {attr}="0"', 1)
        return tag

    return re.sub(r"<limit\b[^>]*>", limit, text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", type=Path, help="a build folder (holds store/)")
    args = parser.parse_args()
    roots = library_roots(sorted(LIBRARIES.glob("*.yaml")))
    per_source: dict[str, list[tuple[str, float, int]]] = {}
    mjcf: dict[str, list[tuple[str, float, bool]]] = {}
    failed = []
    for record_path in sorted(args.build.glob("store/*/*/record.json")):
        record = json.loads(record_path.read_text())
        oracle = [e for e in record.get("engines") or [] if e["engine"] == "mujoco_source"]
        if oracle and record["verification"]["status"] == "accepted":
            mjcf.setdefault(record["source"], []).append(
                (record["object_id"], oracle[0]["max_pose_error"], oracle[0]["ok"]))
        if record["source"] not in roots or record["verification"]["status"] != "accepted":
            continue
        source = roots[record["source"]] / f"{record['source_id']}.urdf"
        canonical = record_path.parent / "object" / record["object_id"] / record["urdf"]
        try:
            distance, links, tolerance, engine = _distance(source, record, canonical)
        except Exception as exc:  # noqa: BLE001 - reported, then the run fails
            failed.append(f"{record['object_id']}: {type(exc).__name__}: {exc}")
            continue
        per_source.setdefault(record["source"], []).append((record["object_id"], distance, links))
        if engine != "pinocchio":
            print(f"{record['object_id']}: compared in {engine}, {distance:.2g} over {links} "
                  "link poses")
        if not distance <= tolerance or links < 1:
            failed.append(f"{record['object_id']}: {distance:.3g} over {links} links")
    for name, rows in sorted(per_source.items()):
        worst = max(rows, key=lambda row: row[1])
        print(f"{name}: {len(rows)} objects, {sum(r[2] for r in rows)} link poses, worst "
              f"{worst[1]:.2g} ({worst[0]})")
    for name, rows in sorted(mjcf.items()):
        worst = max(rows, key=lambda row: row[1])
        print(f"{name} (MJCF, MuJoCo oracle): {len(rows)} objects, worst {worst[1]:.2g} "
              f"({worst[0]})")
        failed += [f"{oid}: MuJoCo oracle failed" for oid, _, ok in rows if not ok]
    for line in failed:
        print(f"FAILED {line}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
