"""``datasets.load_dataset`` returns exactly the release it is pointed at (issue 10), with
the real ``build`` flow and one shared ``datasets`` cache.

Under the session's Prefect test harness (``tests/flows/conftest.py``), four tiny builds,
each into a folder ``<x>/build/release`` (the same folder name, which is what ``datasets``
keys its cache by): release A (3 generated objects and a ``urdf_folder`` library of two
doors), release B (2 other generated objects and two other doors), A rebuilt in place
after its library changed (one door's limit edited, one door added), and E, a build of a
``urdf_folder`` library alone whose object names match no taxonomy keyword and no category
hints: nothing is eligible for the evaluation subset, and the build must still succeed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml

pytestmark = pytest.mark.slow

CUBE = "".join(f"v {x} {y} {z}\n" for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5))
CUBE += "".join(f"f {a} {b} {c}\n" for a, b, c in [
    (1, 3, 4), (1, 4, 2), (5, 6, 8), (5, 8, 7), (1, 2, 6), (1, 6, 5),
    (3, 7, 8), (3, 8, 4), (1, 5, 7), (1, 7, 3), (2, 4, 8), (2, 8, 6)])

DOOR = """<robot name="{name}">
  <link name="base"><visual><geometry><mesh filename="cube.obj" scale="0.4 0.4 0.4"/></geometry>
  </visual></link>
  <link name="door"><visual><origin xyz="0 0 0.3"/><geometry>
    <mesh filename="cube.obj" scale="0.4 0.05 {height}"/></geometry></visual></link>
  <joint name="hinge" type="revolute"><parent link="base"/><child link="door"/>
    <origin xyz="0.2 0 0.2"/><axis xyz="0 0 1"/>
    <limit lower="0" upper="{upper}" effort="1" velocity="1"/></joint>
</robot>
"""

CONFIGS = {"full": "train", "eval200": "test"}


def write_door(library: Path, name: str, upper: float = 1.5, height: float = 0.2) -> None:
    """One ``urdf_folder`` object: ``<library>/<name>/<name>.urdf`` and a cube mesh."""
    folder = library / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cube.obj").write_text(CUBE)
    (folder / f"{name}.urdf").write_text(DOOR.format(name=name, upper=upper, height=height))


def write_config(root: Path, library: Path, generated: tuple[int, int] | None) -> Path:
    """A build config: ``generated`` (n, seed) objects if given, and the library."""
    sources = [{"name": "lib", "adapter": "urdf_folder", "license": "MIT",
                "location": str(library)}]
    if generated is not None:
        n, seed = generated
        sources.insert(0, {"name": "generated", "adapter": "generated", "license": "CC-BY-4.0",
                           "n": n, "seed": seed})
    config = {"name": "ArenaLoadingTest", "version": "test", "subset_size": 2, "seed": 3,
              "sources": sources}
    path = root / "build.yaml"
    path.write_text(json.dumps(config, indent=1))  # JSON is YAML
    return path


def run_build(config: Path, out: Path):
    from flows.commands.build import run_build as run

    return run(config=str(config), out=str(out), limit=None, runner="thread", workers=2)


def on_disk(release: Path, config: str) -> list[tuple[str, str]]:
    """``(object_id, checksum)`` of every row of the config's parquet files (pyarrow)."""
    rows = [r for path in sorted((release / "data" / config).glob("*.parquet"))
            for r in pq.read_table(path, columns=["object_id", "checksum"]).to_pylist()]
    return [(r["object_id"], r["checksum"]) for r in rows]


def loaded(release: Path, config: str, cache: Path) -> list[tuple[str, str]]:
    import datasets

    ds = datasets.load_dataset(str(release), config, split=CONFIGS[config],
                               cache_dir=str(cache))
    return list(zip(ds["object_id"], ds["checksum"], strict=True))


def assert_loads_its_own_rows(release: Path, cache: Path, configs=tuple(CONFIGS)) -> None:
    for config in configs:
        want = on_disk(release, config)
        assert want, (release, config)
        assert loaded(release, config, cache) == want, (release, config)


def card_configs(release: Path) -> list[str]:
    text = (release / "README.md").read_text(encoding="utf-8")
    meta = yaml.safe_load(re.match(r"^---\n(.*?)\n---\n", text, flags=re.S).group(1))
    return [c["config_name"] for c in meta["configs"]]


# ---------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def cache(harness) -> Path:
    """The one ``datasets`` cache every load of this module shares (``harness`` is the
    session's Prefect test harness of ``tests/flows/conftest.py``; HF offline)."""
    return Path(harness["HF_HOME"]) / "loading"


# ---------------------------------------------------------------------------- tests
def test_same_folder_name_and_rebuild_in_place_load_their_own_rows(harness, cache, tmp_path):
    lib_a, lib_b = tmp_path / "a" / "lib", tmp_path / "b" / "lib"
    write_door(lib_a, "door1")
    write_door(lib_a, "door2", upper=1.2, height=0.3)
    write_door(lib_b, "door3", upper=0.8)
    write_door(lib_b, "door4", upper=2.0, height=0.25)
    out_a, out_b = tmp_path / "a" / "build", tmp_path / "b" / "build"
    config_a = write_config(tmp_path / "a", lib_a, generated=(3, 1))
    config_b = write_config(tmp_path / "b", lib_b, generated=(2, 7))

    first = run_build(config_a, out_a)
    assert first.check_ok and first.released == 5 and first.eval_subset == 2
    assert_loads_its_own_rows(out_a / "release", cache)
    before = dict(on_disk(out_a / "release", "full"))

    second = run_build(config_b, out_b)
    assert second.check_ok and second.released == 4
    assert_loads_its_own_rows(out_b / "release", cache)
    assert before.keys().isdisjoint(dict(on_disk(out_b / "release", "full")))

    # A's library changes: door1 gets another limit (same id, new checksum), door5 is new.
    write_door(lib_a, "door1", upper=1.0)
    write_door(lib_a, "door5", upper=0.6, height=0.45)
    again = run_build(config_a, out_a)
    assert again.check_ok and again.released == 6 and again.processed_now == 2
    after = dict(on_disk(out_a / "release", "full"))
    changed = sorted(k for k in before if before[k] != after[k])
    assert changed == ["lib-door1.door1"], changed
    assert len(after.keys() - before.keys()) == 1
    assert_loads_its_own_rows(out_a / "release", cache)
    assert_loads_its_own_rows(out_b / "release", cache)


def test_nothing_eligible_for_the_subset_still_builds_and_loads(harness, cache, tmp_path):
    library = tmp_path / "e" / "lib"  # names that match no taxonomy keyword
    write_door(library, "qzv1")
    write_door(library, "qzv6", upper=1.1, height=0.35)
    out = tmp_path / "e" / "build"
    summary = run_build(write_config(tmp_path / "e", library, generated=None), out)
    assert summary.check_ok and summary.released == 2 and summary.eval_subset == 0
    release = out / "release"
    report = json.loads((release / "reports" / "build_report.json").read_text())
    message = report["subset_message"]
    assert message and "0 eligible" in message
    card = (release / "README.md").read_text(encoding="utf-8")
    assert "**No evaluation subset in this release**" in card and message in card
    assert card_configs(release) == ["full"]
    assert_loads_its_own_rows(release, cache, configs=("full",))
    assert on_disk(release, "eval200") == []
