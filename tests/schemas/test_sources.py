"""Source manifests: the committed ones load, bad ones fail with the file and field named;
license classes; SourceObject validation."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from schemas.files import SourceFile
from schemas.issues import Issue
from schemas.source_object import SourceObject
from schemas.sources import (
    ADAPTERS,
    ManifestError,
    SourceManifest,
    classify_license,
    load_source_manifest,
    load_source_manifests,
)

REPO = Path(__file__).resolve().parents[2]
MANIFESTS = REPO / "manifests" / "sources"
# Resolved: ``../shared`` may be a symlink; manifests resolve their locations with normpath only.
REALDATA = (REPO / ".." / "shared" / "realdata").resolve()

BASE = {"name": "lib", "adapter": "urdf_folder", "license": "MIT", "location": "data/lib"}


def _write(tmp_path: Path, text: str, name: str = "src.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _error(path_or_mapping, **kwargs) -> ManifestError:
    with pytest.raises(ManifestError) as info:
        load_source_manifest(path_or_mapping, **kwargs)
    return info.value


# --- the committed manifests ---------------------------------------------------------


def test_committed_manifests_load_with_unique_names():
    manifests = load_source_manifests(MANIFESTS) + load_source_manifests(MANIFESTS / "realdata")
    by_name = {m.name: m for m in manifests}
    assert len(by_name) == len(manifests) >= 6
    assert {m.adapter for m in manifests} == set(ADAPTERS)
    assert by_name["generated"].n >= 1 and by_name["generated"].location is None
    assert by_name["partnet_mobility"].license_class == "non-commercial"
    assert by_name["gapartnet"].license_class == "non-commercial"
    assert by_name["realdata_pybullet"].license_class == "copyleft"
    assert by_name["realdata_habitat"].license_class == "permissive"


def test_every_committed_manifest_explains_itself():
    for path in sorted([*MANIFESTS.glob("*.yaml"), *MANIFESTS.glob("realdata/*.yaml"),
                        *MANIFESTS.glob("libraries/*.yaml")]):
        header = path.read_text().splitlines()[0]
        assert header.startswith("# "), f"{path.name} needs a header comment (how to get it)"


def _realdata_manifests() -> list[SourceManifest]:
    return load_source_manifests(MANIFESTS / "realdata")


def test_realdata_manifests_point_at_the_shared_corpus():
    manifests = _realdata_manifests()
    assert len(manifests) >= 10
    for m in manifests:
        assert m.location_kind == "folder"
        assert Path(m.location).resolve().is_relative_to(REALDATA), m.name


def test_realdata_manifest_folders_exist(realdata):
    missing = [m.name for m in _realdata_manifests() if not m.local_path.is_dir()]
    assert missing == []


# --- validation errors name the file and the field -----------------------------------


def test_missing_location_is_named(tmp_path):
    path = _write(tmp_path, "name: lib\nadapter: urdf_folder\nlicense: MIT\n")
    error = _error(path)
    assert error.path == str(path) and str(path) in str(error)
    assert error.errors == [
        ("location", "adapter 'urdf_folder' needs 'location' (a folder, archive, URL or "
                     "{package: ..., path: ...})")
    ]


def test_unknown_adapter_lists_the_choices(tmp_path):
    path = _write(tmp_path, "name: lib\nadapter: obj_soup\nlicense: MIT\nlocation: x\n")
    error = _error(path)
    assert [f for f, _ in error.errors] == ["adapter"]
    assert "'obj_soup'" in str(error) and "partnet_mobility" in str(error)


@pytest.mark.parametrize("scale", [0, -1.0, "abc", float("nan"), float("inf")])
def test_bad_scale_is_named(scale):
    error = _error({**BASE, "scale": scale}, base_dir="/")
    assert [f for f, _ in error.errors] == ["scale"]


def test_up_axis_defaults_to_z_and_is_read_from_the_file(tmp_path):
    assert load_source_manifest(BASE, base_dir="/").up_axis == "z"
    path = _write(tmp_path, "name: lib\nadapter: urdf_folder\nlicense: MIT\nlocation: x\n"
                            "up_axis: Y\n")
    manifest = load_source_manifest(path)
    assert manifest.up_axis == "y"
    assert manifest.model_dump(mode="json")["up_axis"] == "y"  # in sources.json and the key


@pytest.mark.parametrize("up_axis", ["x", "-y", "up", 1, None])
def test_bad_up_axis_is_a_clear_manifest_error(tmp_path, up_axis):
    path = _write(tmp_path, yaml.safe_dump({**BASE, "up_axis": up_axis}))
    error = _error(path)
    assert error.path == str(path)
    ((field, message),) = error.errors
    assert field == "up_axis" and f"unknown up axis {up_axis!r}" in message
    assert "expected 'z'" in message and "'y'" in message


def test_only_habitat_and_pybullets_y_up_files_are_read_y_up():
    manifests = (load_source_manifests(MANIFESTS) + _realdata_manifests()
                 + load_source_manifests(MANIFESTS / "libraries"))
    assert {m.name for m in manifests if m.up_axis == "y"} == {
        "realdata_habitat", "realdata_pybullet_yup", "pybullet_data_urdf_yup"}


def test_front_defaults_to_none_and_is_read_from_the_file(tmp_path):
    assert load_source_manifest(BASE, base_dir="/").front is None
    path = _write(tmp_path, "name: lib\nadapter: urdf_folder\nlicense: MIT\nlocation: x\n"
                            "front: ' -X'\n")
    manifest = load_source_manifest(path)
    assert manifest.front == "-x" and manifest.model_dump(mode="json")["front"] == "-x"


@pytest.mark.parametrize("front", ["z", "x", "front", 1])
def test_bad_front_is_a_clear_manifest_error(tmp_path, front):
    path = _write(tmp_path, yaml.safe_dump({**BASE, "front": front}))
    ((field, message),) = _error(path).errors
    assert field == "front" and f"unknown front {front!r}" in message and "+x" in message


def test_the_fronts_the_manifests_declare():
    """Generated objects face +X (the generator), PartNet-Mobility's -X (their doors and
    drawers open toward -X), URDFormer's cabinets +X; sources of mixed fronts declare none."""
    manifests = load_source_manifests(MANIFESTS) + _realdata_manifests()
    fronts = {m.name: m.front for m in manifests if m.front is not None}
    assert fronts == {"generated": "+x", "partnet_mobility": "-x", "gapartnet": "-x",
                      "realdata_bidexhands": "-x", "realdata_gapartnet": "-x",
                      "realdata_genesis": "-x", "realdata_rpad": "-x", "realdata_sapien": "-x",
                      "realdata_urdformer": "+x"}


def test_generated_needs_n_and_seed_and_no_location():
    gen = {"name": "gen", "adapter": "generated", "license": "CC0-1.0"}
    assert _error({**gen, "seed": 0}).errors[0][0] == "n"
    assert _error({**gen, "n": 5}).errors[0][0] == "seed"
    assert _error({**gen, "n": 5, "seed": 0, "location": "x"}).errors[0][0] == "location"
    assert _error({**gen, "n": 0, "seed": 0}).errors[0][0] == "n"


def test_library_fields_are_checked():
    assert _error({**BASE, "n": 3}).errors[0][0] == "n"
    assert _error({**BASE, "name": "Has Spaces"}).errors[0][0] == "name"
    assert _error({**BASE, "sha256": "abc"}).errors[0][0] == "sha256"
    assert _error({**BASE, "location": "ftp://example.org/x.zip"}).errors[0][0] == "location"
    assert _error({**BASE, "subdir": "../up"}).errors[0][0] == "subdir"
    assert _error({**BASE, "licence": "MIT"}).errors == [
        ("licence", "unknown field (check the spelling)")
    ]
    url = {**BASE, "location": "https://example.org/lib.zip"}
    assert _error(url).errors[0][0] == "sha256"  # a URL must be pinned


def test_several_errors_are_reported_together():
    error = _error({"name": "lib", "adapter": "mjcf", "location": "x", "scale": -2})
    assert {f for f, _ in error.errors} == {"license", "scale"}


def test_yaml_problems_name_the_file(tmp_path):
    bad = _write(tmp_path, "name: [unclosed\n", "bad.yaml")
    assert "invalid YAML" in str(_error(bad)) and "bad.yaml" in str(_error(bad))
    assert "must be a YAML mapping" in str(_error(_write(tmp_path, "- a\n- b\n", "list.yaml")))
    assert "cannot read" in str(_error(tmp_path / "absent.yaml"))


def test_duplicate_names_in_a_folder_are_refused(tmp_path):
    _write(tmp_path, "name: lib\nadapter: urdf_folder\nlicense: MIT\nlocation: a\n", "a.yaml")
    _write(tmp_path, "name: lib\nadapter: urdf_folder\nlicense: MIT\nlocation: b\n", "b.yaml")
    with pytest.raises(ManifestError) as info:
        load_source_manifests(tmp_path)
    assert "b.yaml" in str(info.value) and "a.yaml" in str(info.value)


# --- locations, hints, licenses -------------------------------------------------------


def test_relative_location_resolves_against_the_manifest_folder(tmp_path):
    (tmp_path / "manifests").mkdir()
    path = _write(
        tmp_path / "manifests",
        "name: lib\nadapter: gapartnet\nlicense: MIT\nlocation: ../data/gap.tar.gz\n",
    )
    m = load_source_manifest(path)
    assert m.location == str(tmp_path / "data" / "gap.tar.gz")
    assert (m.location_kind, m.local_path) == ("archive", tmp_path / "data" / "gap.tar.gz")


def test_location_kinds():
    sha = "a" * 64
    assert load_source_manifest(BASE, base_dir="/d").location == "/d/data/lib"
    assert load_source_manifest(BASE, base_dir="/d").location_kind == "folder"
    url = load_source_manifest(
        {**BASE, "location": "https://example.org/pm.zip?dl=1", "sha256": sha.upper()}
    )
    assert (url.location_kind, url.local_path, url.sha256) == ("url", None, sha)
    assert load_source_manifest({**BASE, "location": "/x/lib.ZIP"}).location_kind == "archive"


def test_category_hints_accept_a_default_or_a_mapping():
    m = load_source_manifest({**BASE, "category_hints": "Desk"})
    assert m.category_hint("anything") == "Desk"
    m = load_source_manifest(
        {**BASE, "category_hints": {"fridge": "Refrigerator", 41083: "Cabinet", "*": "Misc"}}
    )
    assert m.category_hint("41083") == "Cabinet"
    assert m.category_hint("nope", "fridge") == "Refrigerator"
    assert m.category_hint("nope") == "Misc"
    assert load_source_manifest(BASE).category_hint("x") is None


@pytest.mark.parametrize(
    ("license_id", "expected"),
    [
        ("CC-BY-NC-4.0", "non-commercial"),
        ("CC-BY-NC-SA-4.0", "non-commercial"),
        ("PartNet-Mobility terms", "non-commercial"),
        ("SAPIEN terms", "non-commercial"),
        ("CC-BY-SA-3.0", "copyleft"),
        ("CC-BY-SA-4.0", "copyleft"),
        ("GPL-3.0-only", "copyleft"),
        ("LGPL-2.1-or-later", "copyleft"),
        ("MIT", "permissive"),
        ("Apache-2.0", "permissive"),
        ("BSD-3-Clause", "permissive"),
        ("CC-BY-4.0", "permissive"),
        ("CC0-1.0", "permissive"),
        ("NOASSERTION", "unknown"),
        ("Some terms", "unknown"),
    ],
)
def test_license_classes(license_id, expected):
    assert classify_license(license_id) == expected
    assert load_source_manifest({**BASE, "license": license_id}).license_class == expected


def test_license_flags_override_the_table():
    assert (
        load_source_manifest({**BASE, "license": "X terms", "commercial_use": False}).license_class
        == "non-commercial"
    )
    assert (
        load_source_manifest({**BASE, "license": "MIT", "copyleft": True}).license_class
        == "copyleft"
    )
    flags = {"commercial_use": True, "copyleft": False}
    assert (
        load_source_manifest({**BASE, "license": "X terms", **flags}).license_class == "permissive"
    )
    explicit = load_source_manifest({**BASE, "license": "X terms", "license_class": "copyleft"})
    assert explicit.license_class == "copyleft"


def test_manifest_round_trips_through_json():
    m = load_source_manifest({**BASE, "version": 2.1, "license": "CC-BY-NC-4.0"}, base_dir="/d")
    again = SourceManifest.model_validate_json(m.model_dump_json())
    assert again == m and again.version == "2.1" and again.license_class == "non-commercial"


# --- SourceObject ----------------------------------------------------------------------


def _object(**overrides) -> dict:
    base = {
        "source": "sapien",
        "source_id": "7619",
        "upstream_id": "7619",
        "license": "PartNet-Mobility terms",
        "urdf_path": "/data/7619/mobility.urdf",
        "root_dir": "/data/7619",
    }
    return {**base, **overrides}


def test_source_object_derives_its_license_class_and_keeps_provenance():
    obj = SourceObject.model_validate(
        _object(
            files=[{"path": "mobility.urdf", "sha256": "0" * 64, "size": 10}],
            issues=[
                Issue(code="mesh.missing", severity="warning", location="link_3", message="no file")
            ],
            extras={"semantics": [{"link": "link_0", "kind": "hinge", "label": "door"}]},
        )
    )
    assert obj.license_class == "non-commercial"
    assert obj.files == [SourceFile(path="mobility.urdf", sha256="0" * 64, size=10)]
    assert not obj.has_errors
    again = SourceObject.model_validate_json(obj.model_dump_json())
    assert again == obj


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("urdf_path", "relative/mobility.urdf"),
        ("root_dir", "relative"),
        ("source", "Bad Name"),
        ("source_id", ""),
        ("scale", 0.0),
        ("up_axis", "x"),
        ("files", [{"path": "../escape.obj", "sha256": "0" * 64, "size": 1}]),
        ("files", [{"path": "/abs.obj", "sha256": "0" * 64, "size": 1}]),
        ("files", [{"path": "a.obj", "sha256": "XYZ", "size": 1}]),
        ("issues", [{"code": "x", "severity": "fatal", "message": "m"}]),
        ("extras", {"semantics": ["link_0 hinge door"]}),
    ],
)
def test_source_object_rejects_bad_fields(field, value):
    with pytest.raises(ValueError, match=field):
        SourceObject.model_validate(_object(**{field: value}))


def test_error_issue_marks_the_object():
    obj = SourceObject.model_validate(
        _object(issues=[{"code": "xml.malformed", "severity": "error", "message": "bad"}])
    )
    assert obj.has_errors
