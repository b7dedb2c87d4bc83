"""Benchmark: draw the contact sheet of a built release (the figures step's slow part).

    python tests/bench/bench_contact_sheet.py build/release [--work /tmp/arena-bench-sheet]
        [--repeat 2] [--out sheet.png]

The objects are the ones the build's sheet shows (the evaluation subset first, then by id,
at most :data:`release.figures.MAX_THUMBNAILS`), with their categories and the fronts their
sources declare (the release's ``manifests/sources.json``), materialized from the release into
--work once and read outside the timing. Timed: :func:`release.figures.sheet_cells` (meshes read,
large ones simplified, each thumbnail's view chosen) and :func:`release.figures.save_cells`
(drawn and saved as PNG), each run --repeat times; the best run is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from arena_core.formats.urdf.read import read_urdf  # noqa: E402
from release import figures  # noqa: E402
from release.reader import load_rows, materialize, subset_ids  # noqa: E402


def sheet_objects(release: Path, work: Path) -> list[figures.SheetItem]:
    """The :class:`~release.figures.SheetItem` of the sheet of ``release``, in sheet order."""
    rows = {r["object_id"]: r for r in load_rows(release, columns=["object_id", "source",
                                                                   "category"])}
    sources = json.loads((release / "manifests" / "sources.json").read_text())["sources"]
    fronts = {name: s["manifest"].get("front") for name, s in sources.items()}
    order = list(dict.fromkeys([*subset_ids(release), *rows]))[:figures.MAX_THUMBNAILS]
    shown = []
    for oid in order:
        folder = work / oid
        if not (folder / "object.urdf").is_file():
            materialize(release, oid, folder, overwrite=True)
        row = rows[oid]
        shown.append(figures.SheetItem(oid, read_urdf(folder / "object.urdf").obj,
                                       row["category"], fronts.get(row["source"])))
    return shown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("release", type=Path)
    parser.add_argument("--work", type=Path, default=Path("/tmp/arena-bench-sheet"))
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="keep the sheet here")
    args = parser.parse_args()
    shown = sheet_objects(args.release, args.work)
    out = args.out or args.work / "contact_sheet.png"
    best = (float("inf"), float("inf"))
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        cells = figures.sheet_cells(shown)
        t1 = time.perf_counter()
        figures.save_cells(cells, out)
        t2 = time.perf_counter()
        best = min(best, (t1 - t0, t2 - t1), key=sum)
    print(f"objects {len(shown)}  cells {best[0]:.2f} s  draw+save {best[1]:.2f} s  "
          f"total {sum(best):.2f} s  ({out}, {out.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
