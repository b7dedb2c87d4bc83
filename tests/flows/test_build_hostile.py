"""One bad object never stops a build: every good object is released, every hostile one is
rejected with its own code, and ``arena validate`` / ``arena score`` answer the same files
with a code, never a traceback.

The sources are made by :mod:`tests.hostile`: a ``urdf_folder`` library of five good objects
and one object per class of bad input (file system, attribute arity, encodings, depth, side
files, values, size), and a ``partnet_mobility`` library holding a good PartNet-style object
whose ``meta.json`` is nested 200,000 levels plus per-object zips that break the archive
limits. Big files are sparse.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from flows.cli import main
from tests.hostile import good_object, make_deep_meta, make_hostile, make_hostile_archives
from tests.hostile_mjcf import SECRET, make_hostile_mjcf

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "urdf"
N_GOOD = 5
#: Hostile cases that are repaired rather than rejected: accepted, with this warning.
REPAIRED = {"deep_folders": "source.folder.too_deep", "huge_inertia": "normalize.inertial.replaced"}
#: Archive cases under the partnet source, by object id.
ARCHIVE_IDS = {"many_folders.zip": "many_folders", "deep_members.zip": "deep_members",
               "long_name.zip": "long_name"}


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    """``(config, urdf root, pm root, {case: code}, {archive: code})``; deep trees removed after."""
    base = tmp_path_factory.mktemp("hostile")
    urdf_root, pm_root = base / "urdfs", base / "pm"
    for i in range(N_GOOD):
        good_object(urdf_root / f"good_{i}", f"good_{i}", variant=i)
    cases = make_hostile(urdf_root)
    shutil.copytree(FIXTURES / "pm_door", pm_root / "99001")
    _pm_meshes(pm_root / "99001")
    make_deep_meta(pm_root / "99001")
    archives = make_hostile_archives(pm_root)
    mjcf_cases = make_hostile_mjcf(base / "mj" / "cases")
    config = base / "build.yaml"
    config.write_text(json.dumps({
        "name": "Hostile", "version": "test", "subset_size": 4, "seed": 0, "sources": [
            {"name": "lib", "adapter": "urdf_folder", "license": "MIT",
             "location": str(urdf_root), "category_hints": {"*": "cabinet"}},
            {"name": "pm", "adapter": "partnet_mobility", "license": "MIT",
             "location": str(pm_root)},
            {"name": "mj", "adapter": "mjcf", "license": "MIT",
             "location": str(base / "mj" / "cases")}]}))
    yield config, urdf_root, pm_root, cases, archives, mjcf_cases
    subprocess.run(["rm", "-rf", str(base)], check=False)  # shutil.rmtree recurses 1,500 deep


def _pm_meshes(folder: Path) -> None:
    import trimesh

    (folder / "textured_objs").mkdir()
    for name, extents, center in (("body", (1.0, 1.2, 0.6), (0.0, 0.6, 0.0)),
                                  ("door", (1.0, 0.75, 0.02), (0.0, 0.825, 0.31)),
                                  ("drawer", (0.8, 0.3, 0.5), (0.0, 0.2, 0.05))):
        mesh = trimesh.creation.box(extents=extents)
        mesh.apply_translation(center)
        mesh.export(folder / "textured_objs" / f"{name}.obj")


@pytest.fixture(scope="module")
def built(harness, sources, tmp_path_factory):
    from flows.commands.build import run_build

    config = sources[0]
    out = tmp_path_factory.mktemp("hostile-build")
    summary = run_build(config=str(config), out=str(out), limit=None, runner="thread",
                        workers=2)
    return out, summary


def _records(out: Path) -> dict[str, dict]:
    records = {}
    for path in (out / "store").glob("*/*/record.json"):
        if not path.parent.name.startswith("."):
            record = json.loads(path.read_text())
            records[record["object_id"]] = record
    return records


def test_every_good_object_is_released(built):
    import datasets

    out, summary = built
    assert summary.check_ok
    rows = datasets.load_dataset(str(out / "release"), "full", split="train")
    released = set(rows["object_id"])
    good = {f"lib-good_{i}.good_{i}" for i in range(N_GOOD)} | {"pm-99001"}
    assert good <= released


def test_every_hostile_object_is_reported_with_its_code(built, sources):
    out, summary = built
    _, _, _, cases, archives, mjcf_cases = sources
    report = json.loads((out / "release" / "reports" / "build_report.json").read_text())
    rejected = report["rejected_objects"]
    expected = {f"lib-{case}.object": code for case, code in cases.items()
                if case not in REPAIRED}
    expected |= {f"pm-{ARCHIVE_IDS[name]}": code for name, code in archives.items()}
    expected |= {f"mj-{case}.model": code for case, code in mjcf_cases.items()}
    missing = {oid: (code, rejected.get(oid)) for oid, code in expected.items()
               if code not in rejected.get(oid, [])}
    assert missing == {}
    assert not [oid for oid, codes in rejected.items() if "internal.error" in codes]
    assert summary.rejected == len(rejected) == len(expected)
    records = _records(out)
    for case, code in REPAIRED.items():
        record = records[f"lib-{case}.object"]
        assert record["verification"]["status"] == "accepted"
        assert code in {i["code"] for i in record["verification"]["issues"]}
    door = records["pm-99001"]["verification"]
    assert "pm.meta.invalid" in {i["code"] for i in door["issues"]}


def test_oversized_files_are_never_copied(built):
    out, _ = built
    big = [p for p in (out / "store").rglob("*") if p.is_file() and p.stat().st_size > 1 << 20]
    assert big == []


def test_validate_answers_each_hostile_file_with_its_code(sources, tmp_path, capsys):
    _, urdf_root, pm_root, cases, archives, _ = sources
    inputs = {urdf_root / case: code for case, code in cases.items()}
    inputs |= {pm_root / name: code for name, code in archives.items()}
    for path, code in inputs.items():
        status = main(["validate", str(path), "--out", str(tmp_path / path.name), "--json"])
        captured = capsys.readouterr()
        report = json.loads(captured.out)
        assert captured.err == "", (path.name, captured.err)
        codes = {i["code"] for i in report["issues"]}
        if path.name in REPAIRED:
            assert status == 0 and REPAIRED[path.name] in codes, (path.name, report)
        else:
            assert status == 1 and code in report["reasons"], (path.name, report["reasons"])


def test_score_answers_each_unreadable_urdf_in_one_line(sources, capsys):
    _, urdf_root, _, cases, _, _ = sources
    good = urdf_root / "good_0" / "good_0.urdf"
    readable = {"urdf.attribute.arity", "urdf.attribute.missing", "xml.encoding.unsupported",
                "joint.limit.out_of_range", "structure.too_large"}
    for case, code in cases.items():
        for gt, pred in ((urdf_root / case / "object.urdf", good),
                         (good, urdf_root / case / "object.urdf")):
            status = main(["score", str(gt), str(pred), "--json"])
            captured = capsys.readouterr()
            if code in readable:
                lines = captured.err.strip().splitlines()
                assert status == 1 and len(lines) == 1 and f": {code}:" in lines[0], \
                    (case, captured.err)
            else:  # scoring reads joints only: mesh and mass problems do not stop it
                assert status in (0, 1) and "Traceback" not in captured.err, (case, captured.err)


def test_no_output_holds_a_file_from_outside_the_sources(built):
    """The hostile MJCF models name files beside the source root: none of their bytes
    reach the store, the canonical folders or the release."""
    out, _ = built
    leaked = [p for p in out.rglob("*") if p.is_file() and not p.is_symlink()
              and p.stat().st_size < 1 << 26 and SECRET.encode() in p.read_bytes()]
    assert leaked == []
