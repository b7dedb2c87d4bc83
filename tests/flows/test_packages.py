"""Package locations: folders installed by Python distributions, read where pip put them.

Fake distributions (a ``*.dist-info`` folder with ``METADATA`` and ``RECORD`` on a temporary
``sys.path`` entry, which ``importlib.metadata`` finds like any other) cover the missing,
wrong-version, foreign-path and split-wheel cases without network; the real ``metaworld``
wheel (``pip install --no-deps metaworld==3.1.1``, which CI runs) covers a real one.
"""

from __future__ import annotations

import json
import time
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
import yaml

from flows.adapters import get_adapter
from flows.build import load_config
from flows.fetch import FetchError, location_root
from flows.ingest import ingest
from flows.packages import with_installed
from release.cache import inputs_key
from release.reports import license_map, sources_manifest
from schemas.build import BuildConfig
from schemas.sources import load_source_manifest, load_source_manifests
from tests.hostile import good_object

REPO = Path(__file__).resolve().parents[2]
LIBRARIES = REPO / "manifests" / "sources" / "libraries"


def fake_dist(site: Path, name: str, version: str, files: dict[str, str], *,
              license_line: str = "License-Expression: MIT") -> Path:
    """Install a distribution by hand: ``files`` (path relative to ``site`` -> text) and its
    dist-info (METADATA, RECORD listing the files)."""
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.4\nName: {name}\nVersion: {version}\n"
                                   f"{license_line}\n")
    for rel, text in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
    lines = [*files, f"{info.name}/METADATA", f"{info.name}/RECORD"]
    (info / "RECORD").write_text("".join(f"{line},,\n" for line in lines))
    return info


def door_files(prefix: str) -> dict[str, str]:
    """A ``urdf_folder`` object (URDF + two meshes) as installed files under ``prefix``."""
    scratch = Path(__import__("tempfile").mkdtemp())
    good_object(scratch / "door", "door")
    return {f"{prefix}/door/{p.name}": p.read_text() for p in sorted((scratch / "door").iterdir())}


@pytest.fixture
def site(tmp_path, monkeypatch) -> Path:
    """An empty install root on ``sys.path`` (fill it before the first lookup)."""
    root = tmp_path / "site"
    root.mkdir()
    monkeypatch.syspath_prepend(str(root))
    return root


def _manifest(package, path: str, version: str = "1.2.0", **location) -> object:
    return load_source_manifest({"name": "doors", "adapter": "urdf_folder", "license": "MIT",
                                 "version": version,
                                 "location": {"package": package, "path": path, **location}})


OPTS = {"cache_dir": Path("/nonexistent/cache"), "work_dir": Path("/nonexistent/work")}


# ----------------------------------------------------------------------------- resolution
def test_package_location_is_the_installed_folder_nothing_copied(site, tmp_path):
    fake_dist(site, "arena-fake-doors", "1.2.0", door_files("arena_fake_doors/assets"))
    m = _manifest("arena-fake-doors", "arena_fake_doors/assets")
    root = location_root(m, cache_dir=tmp_path / "c", work_dir=tmp_path / "w")
    assert root == site / "arena_fake_doors" / "assets"
    assert not (tmp_path / "c").exists() and not (tmp_path / "w").exists()
    objects = list(get_adapter("urdf_folder").iter_objects(m, root, work_dir=tmp_path / "aw"))
    assert [o.source_id for o in objects] == ["door/door"]
    assert objects[0].urdf_path == root / "door" / "door.urdf" and not objects[0].issues


def test_installed_version_and_declared_license_are_recorded(site):
    fake_dist(site, "arena-fake-doors", "1.2.0", door_files("arena_fake_doors/assets"),
              license_line="License: MIT License")
    m = with_installed(_manifest(["arena-fake-doors", "arena-fake-absent"],
                                 "arena_fake_doors/assets"))
    assert m.model_dump(mode="json")["location"]["installed"] == {
        "arena-fake-doors": {"version": "1.2.0", "license": "MIT"}, "arena-fake-absent": None}
    assert with_installed(load_source_manifest(
        {"name": "g", "adapter": "generated", "license": "MIT", "n": 1, "seed": 0})).location \
        is None


def test_the_release_inputs_key_changes_with_the_installed_version(site):
    fake_dist(site, "arena-fake-doors", "1.2.0", door_files("arena_fake_doors/assets"))
    m = with_installed(_manifest("arena-fake-doors", "arena_fake_doors/assets"))
    config = BuildConfig(sources=["x.yaml"])
    other = m.location.installed["arena-fake-doors"].model_copy(update={"version": "1.3.0"})
    moved = m.model_copy(update={"location": m.location.model_copy(
        update={"installed": {"arena-fake-doors": other}})})
    assert inputs_key([], config, [m]) == inputs_key([], config, [m])
    assert inputs_key([], config, [m]) != inputs_key([], config, [moved])


def test_a_missing_distribution_is_a_skipped_source_whose_message_is_the_pip_line(tmp_path):
    for location, line in (({"no_deps": True}, "pip install --no-deps arena-fake-absent==1.2.0"),
                           ({"extra": "libraries"}, 'pip install -e ".[libraries]"'),
                           ({}, "pip install arena-fake-absent==1.2.0")):
        m = _manifest("arena-fake-absent", "arena_fake_absent/assets", **location)
        start = time.perf_counter()
        got = ingest(m, cache_dir=tmp_path / "c", work_dir=tmp_path / "w")
        assert time.perf_counter() - start < 0.5
        assert (got.objects, got.skipped) == ([], line)
    with pytest.raises(FetchError) as info:
        ingest(m, cache_dir=tmp_path / "c", work_dir=tmp_path / "w", skip_missing=False)
    assert info.value.code == "fetch.missing"


def test_another_installed_version_is_a_skipped_source(site, tmp_path):
    fake_dist(site, "arena-fake-doors", "1.1.0", door_files("arena_fake_doors/assets"))
    m = _manifest("arena-fake-doors", "arena_fake_doors/assets", no_deps=True)
    with pytest.raises(FetchError) as info:
        location_root(m, **OPTS)
    assert info.value.code == "fetch.version"
    got = ingest(m, cache_dir=tmp_path / "c", work_dir=tmp_path / "w")
    assert got.skipped == ("source 'doors': arena-fake-doors 1.1.0 is installed, the manifest "
                           "pins 1.2.0: pip install --no-deps arena-fake-doors==1.2.0")


def test_a_path_the_distribution_does_not_install_is_refused(site):
    fake_dist(site, "arena-fake-doors", "1.2.0", door_files("arena_fake_doors/assets"))
    (site / "someone_else" / "assets").mkdir(parents=True)  # on disk, but not its files
    for path in ("someone_else/assets", "arena_fake_doors/nothing", "arena_fake_doors/ass"):
        with pytest.raises(FetchError) as info:
            location_root(_manifest("arena-fake-doors", path), **OPTS)
        assert info.value.code == "fetch.missing"
        assert f"arena-fake-doors 1.2.0 installs nothing under {path!r}" in info.value.message


def test_files_missing_on_disk_ask_for_a_reinstall(site, monkeypatch):
    from importlib import metadata

    import flows.packages

    info = fake_dist(site, "arena-fake-gone", "1.2.0", door_files("arena_fake_gone/assets"))
    (site / "arena_fake_gone" / "assets" / "door" / "m.obj").unlink()
    # this distribution itself (not whatever discovery on a long test session's sys.path
    # returns first): the subject is the check of its RECORD against the disk
    monkeypatch.setattr(flows.packages, "_distribution",
                        lambda name: metadata.PathDistribution(info))
    with pytest.raises(FetchError) as info_error:
        location_root(_manifest("arena-fake-gone", "arena_fake_gone/assets"), **OPTS)
    assert info_error.value.code == "fetch.missing"
    assert info_error.value.message.endswith(
        "pip install --force-reinstall --no-deps arena-fake-gone==1.2.0")
    assert "1 of the 3 files" in info_error.value.message


def test_wheels_split_across_one_folder_are_one_root(site, tmp_path):
    files = door_files("arena_fake_split/objects")
    urdf = [k for k in files if k.endswith(".urdf")]
    fake_dist(site, "arena-fake-split-1", "0.1.0", {k: files[k] for k in urdf})
    fake_dist(site, "arena-fake-split-2", "0.1.0", {k: v for k, v in files.items()
                                                    if k not in urdf})
    m = with_installed(_manifest(["arena-fake-split-1", "arena-fake-split-2"],
                                 "arena_fake_split/objects", version="0.1.0"))
    root = location_root(m, **OPTS)
    assert root == site / "arena_fake_split" / "objects"
    (obj,) = get_adapter("urdf_folder").iter_objects(m, root, work_dir=tmp_path / "w")
    assert len(obj.files) == 3 and not obj.issues  # the URDF from one wheel, meshes from the other
    assert set(m.location.installed) == {"arena-fake-split-1", "arena-fake-split-2"}


def test_wheels_installed_into_different_folders_are_refused(site, tmp_path, monkeypatch):
    other = tmp_path / "other-site"
    fake_dist(site, "arena-fake-split-1", "0.1.0", door_files("arena_fake_split/objects"))
    fake_dist(other, "arena-fake-split-2", "0.1.0", door_files("arena_fake_split/objects"))
    monkeypatch.syspath_prepend(str(other))
    m = _manifest(["arena-fake-split-1", "arena-fake-split-2"], "arena_fake_split/objects",
                  version="0.1.0")
    with pytest.raises(FetchError) as info:
        location_root(m, **OPTS)
    assert info.value.code == "fetch.missing" and "different folders" in info.value.message


# ----------------------------------------------------------------------------- build and release
def test_build_config_loading_records_what_is_installed(site, tmp_path):
    fake_dist(site, "arena-fake-doors", "1.2.0", door_files("arena_fake_doors/assets"))
    sources = [{"name": "doors", "adapter": "urdf_folder", "license": "MIT", "version": "1.2.0",
                "location": {"package": "arena-fake-doors", "path": "arena_fake_doors/assets"}},
               {"name": "absent", "adapter": "mjcf", "license": "MIT", "version": "2.0",
                "location": {"package": "arena-fake-absent", "path": "x", "no_deps": True}}]
    (tmp_path / "build.yaml").write_text(yaml.safe_dump({"sources": sources}))
    _, (doors, absent) = load_config(tmp_path / "build.yaml")
    assert doors.location.installed["arena-fake-doors"].version == "1.2.0"
    assert absent.location.installed == {"arena-fake-absent": None}
    assert ingest(absent, cache_dir=tmp_path / "c", work_dir=tmp_path / "w").skipped == \
        "pip install --no-deps arena-fake-absent==2.0"


def test_license_map_and_sources_json_list_the_distributions(site):
    fake_dist(site, "arena-fake-doors", "1.2.0", door_files("arena_fake_doors/assets"))
    m = with_installed(_manifest(["arena-fake-doors", "arena-fake-absent"],
                                 "arena_fake_doors/assets"))
    rows = [{"object_id": "doors__door", "source": "doors", "license": "MIT",
             "license_class": "permissive", "files_digest": "0" * 64, "checksum": "1" * 64}]
    entry = license_map(rows, [m])["sources"]["doors"]
    assert entry["packages"] == {"arena-fake-doors": {"version": "1.2.0", "license": "MIT"}}
    assert entry["license"] == "MIT" and entry["objects"] == 1
    listed = sources_manifest(rows, [m])["sources"]["doors"]["manifest"]
    assert listed["location_kind"] == "package"
    assert listed["location"]["path"] == "arena_fake_doors/assets"
    assert listed["location"]["installed"]["arena-fake-doors"] == {"version": "1.2.0",
                                                                   "license": "MIT"}
    folder = load_source_manifest({"name": "f", "adapter": "urdf_folder", "license": "MIT",
                                   "location": "/some/where/lib"})
    assert "packages" not in license_map([{**rows[0], "source": "f"}], [folder])["sources"]["f"]


# ----------------------------------------------------------------------------- committed manifests
def _libraries():
    return load_source_manifests(LIBRARIES)


def test_every_library_manifest_is_in_the_default_build_after_the_others():
    config = yaml.safe_load((REPO / "manifests" / "build.yaml").read_text())
    listed = [s for s in config["sources"] if s.startswith("sources/libraries/")]
    assert sorted(listed) == sorted(f"sources/libraries/{p.name}" for p in LIBRARIES.glob("*.yaml"))
    assert config["sources"][-len(listed):] == listed
    assert len(listed) >= 10


def test_library_manifests_pin_versions_and_say_how_to_install_them():
    extra = tomllib.loads((REPO / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["libraries"]
    pins = dict(req.split("==") for req in extra)
    for m in _libraries():
        header = m.manifest_file.read_text().split("\nname:")[0]
        assert m.location_kind == "package" and m.version, m.name
        assert m.location.pip_line(m.version) in header, m.name
        for name in m.location.package:
            if m.location.extra == "libraries":
                assert pins.get(name) == m.version, name  # the extra installs exactly the pin
            else:
                assert name not in pins, name


def test_library_manifests_agree_with_the_licenses_their_wheels_declare():
    for m in _libraries():
        for name, found in with_installed(m).location.installed.items():
            if found is not None and found.license is not None:
                assert found.license.upper() == m.license.upper(), (m.name, name)


# ----------------------------------------------------------------------------- real metaworld wheel
def test_the_installed_metaworld_wheel_is_read_in_place(tmp_path):
    m = with_installed(load_source_manifest(LIBRARIES / "metaworld.yaml"))
    assert m.model_dump(mode="json")["location"]["installed"] == {
        "metaworld": {"version": "3.1.1", "license": "MIT"}}, \
        "CI installs it: pip install --no-deps metaworld==3.1.1"
    root = location_root(m, cache_dir=tmp_path / "c", work_dir=tmp_path / "w")
    assert root == Path(metadata.distribution("metaworld").locate_file("metaworld/assets"))
    assert (root / "scene" / "basic_scene.xml").is_file() and not (tmp_path / "w").exists()
    adapter = get_adapter("mjcf")
    entries = {e.source_id: e for e in adapter.entries(m, root, work_dir=tmp_path / "aw")}
    assert len(entries) == 42 and "objects/drawer" in entries
    (drawer,) = adapter.read_entry(m, entries["objects/drawer"])
    assert not [i.code for i in drawer.issues if i.severity == "error"]
    assert {"objects/drawer.xml", "scene/basic_scene.xml"} <= {f.path for f in drawer.files}
    assert drawer.version == "3.1.1" and drawer.license == "MIT"


@pytest.mark.slow
def test_a_build_reads_the_installed_wheel_and_records_it(harness, tmp_path):
    """The real build flow on the metaworld wheel (one object) and a wheel not installed."""
    from flows.commands.build import run_build

    metaworld = yaml.safe_load((LIBRARIES / "metaworld.yaml").read_text())
    absent = {"name": "absent_wheel", "adapter": "mjcf", "license": "MIT", "version": "1.0",
              "location": {"package": "arena-fake-absent", "path": "x", "no_deps": True}}
    config = tmp_path / "build.yaml"
    config.write_text(yaml.safe_dump({"name": "ArenaPackages", "version": "test",
                                      "subset_size": 1, "sources": [
                                          {**metaworld, "include": ["objects/drawer.xml"]},
                                          absent]}))
    summary = run_build(config=str(config), out=str(tmp_path / "out"), limit=None,
                        runner="thread", workers=1)
    assert summary.skipped_sources == {"absent_wheel":
                                       "pip install --no-deps arena-fake-absent==1.0"}
    assert (summary.objects_in, summary.released) == (1, 1), summary.rejected_by_code
    release = tmp_path / "out" / "release"
    licenses = json.loads((release / "license_map.json").read_text())
    assert licenses["sources"]["metaworld"]["packages"] == {
        "metaworld": {"version": "3.1.1", "license": "MIT"}}
    listed = json.loads((release / "manifests" / "sources.json").read_text())["sources"]
    assert listed["metaworld"]["manifest"]["location"]["installed"] == {
        "metaworld": {"version": "3.1.1", "license": "MIT"}}
    assert listed["metaworld"]["objects"] == 1
    # the released MJCF object carries the MuJoCo oracle's verdict beside the engines'
    from release.reader import load_rows

    (row,) = load_rows(release, columns=["engines", "category", "supercategory"])
    engines = {e["engine"]: e for e in row["engines"]}
    assert set(engines) >= {"mujoco_source", "mujoco_mjcf", "mujoco", "pybullet", "pinocchio"}
    assert all(e["ok"] for e in engines.values())
    assert engines["mujoco_source"]["max_pose_error"] <= 1e-9
    assert (row["supercategory"], row["category"]) == ("storage_furniture", "drawer_unit")
