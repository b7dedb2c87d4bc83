"""The ``generated`` adapter and the ``arena generate`` command."""

from __future__ import annotations

import json

from arena_core.generate import GENERATOR_VERSION, kind_for_index
from arena_core.util.hashing import tree_sha256
from flows.adapters import get_adapter
from flows.cli import main
from schemas.sources import load_source_manifest


def _manifest(n: int, seed: int, **extra):
    return load_source_manifest({"name": "gen", "adapter": "generated", "license": "CC0-1.0",
                                 "n": n, "seed": seed, **extra})


def test_adapter_yields_hashed_objects_and_reuses_them(tmp_path):
    adapter = get_adapter("generated")
    root = tmp_path / "gen"
    objects = list(adapter.iter_objects(_manifest(4, 3), root, work_dir=tmp_path / "work"))
    assert [o.source_id for o in objects] == [f"gen-3-{i:05d}" for i in range(4)]
    first = objects[1]
    assert first.category == kind_for_index(1) == first.extras.kind
    assert first.urdf_path == root / "gen-3-00001" / "model.urdf" and first.root_dir.is_absolute()
    assert {f.path for f in first.files} >= {"model.urdf", "meta.json", "meshes/base.stl"}
    assert first.license_class == "permissive" and first.issues == []
    assert first.version == f"generator-{GENERATOR_VERSION}"
    before = tree_sha256(root)
    stamp = (root / "gen-3-00002" / "model.urdf").stat().st_mtime_ns
    again = list(adapter.iter_objects(_manifest(4, 3), root, work_dir=tmp_path / "work"))
    assert [o.files for o in again] == [o.files for o in objects]
    assert (root / "gen-3-00002" / "model.urdf").stat().st_mtime_ns == stamp  # reused
    assert tree_sha256(root) == before


def test_adapter_regenerates_stale_folders_and_honours_hints_and_limits(tmp_path):
    root = tmp_path / "gen"
    manifest = _manifest(3, 1, category_hints={"gen-1-00000": "sideboard"})
    objects = list(get_adapter("generated").iter_objects(manifest, root, work_dir=tmp_path))
    assert objects[0].category == "sideboard"
    meta = root / "gen-1-00001" / "meta.json"
    meta.write_text(meta.read_text().replace(GENERATOR_VERSION, "0.0.0"))
    (root / "gen-1-00001" / "model.urdf").write_text("stale")
    it = get_adapter("generated").iter_objects(manifest, root, work_dir=tmp_path)
    redone = [next(it), next(it)]
    assert (root / "gen-1-00001" / "model.urdf").read_text().startswith("<?xml")
    assert redone[1].files == objects[1].files


def test_generate_command(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["generate", "--n", "3", "--seed", "8", "--out", str(out)]) == 0
    assert "wrote 3 objects" in capsys.readouterr().out
    assert sorted(p.name for p in out.iterdir())[:3] == ["gen-8-00000", "gen-8-00001", "gen-8-00002"]
    assert main(["generate", "--n", "3", "--seed", "8", "--out", str(tmp_path / "par"),
                 "--jobs", "2"]) == 0
    assert tree_sha256(out) == tree_sha256(tmp_path / "par")
    assert main(["generate", "--n", "2", "--kinds", "bottle,jar", "--out", str(tmp_path / "k")]) == 0
    kinds = [json.loads(p.read_text())["kind"] for p in sorted((tmp_path / "k").glob("*/meta.json"))]
    assert kinds == ["bottle", "jar"]


def test_generate_command_usage_errors(tmp_path, capsys):
    file = tmp_path / "file"
    file.write_text("x")
    for argv in (["generate", "--n", "0", "--out", str(tmp_path)],
                 ["generate", "--n", "2", "--seed", "-1", "--out", str(tmp_path)],
                 ["generate", "--n", "2", "--kinds", "spaceship", "--out", str(tmp_path)],
                 ["generate", "--n", "2", "--out", str(file)],
                 ["generate", "--n", "2"]):
        assert main(argv) == 2
        assert "arena generate: error:" in capsys.readouterr().err
    assert main(["generate", "--list-kinds"]) == 0
    assert "bottle\tcontainers" in capsys.readouterr().out
