"""The object record: validation, JSON round trip, and the checked-in JSON Schemas."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from pydantic import ValidationError

from schemas import export
from schemas.issues import Issue
from schemas.record import (
    JointRecord,
    LinkRecord,
    ObjectRecord,
    TransformRecord,
    VerificationReport,
)
from schemas.release import FORMAT_VERSION

ERROR = Issue(code="mesh.missing", severity="error", location="link:a", message="gone")
INFO = Issue(code="normalize.limit.filled", severity="info", location="joints", message="x")


def _record(**kwargs) -> ObjectRecord:
    hinge = JointRecord(name="hinge", type="revolute", parent="base", child="door",
                        axis=[0, 0, 1], origin=[0.5, 0, 0], lower=0.0, upper=1.5,
                        effort=100.0, velocity=1.0, twist=[0, 0, 1, 0, -0.5, 0],
                        endpoints=[[0.0] * 6, [0, 0, 1.5, 0, -0.75, 0]])
    spin = JointRecord(name="spin", type="continuous", parent="door", child="knob",
                       axis=[1, 0, 0], origin=[0, 0, 0], twist=[1, 0, 0, 0, 0, 0])
    values = dict(object_id="o", source="demo", source_id="o", license="MIT",
                  license_class="permissive", files=[{"path": "a.urdf", "sha256": "0" * 64,
                                                      "size": 3}],
                  links=[LinkRecord(name="base"), LinkRecord(
                      name="door", mass=2.0, com=[0.1, 0, 0], inertia=[[1, 0, 0], [0, 1, 0],
                                                                      [0, 0, 1]],
                      mass_source="convex_hull")],
                  joints=[hinge, spin],
                  transform=TransformRecord(rotation=[[1, 0, 0], [0, 0, -1], [0, 1, 0]],
                                            translation=[0, 0, 0.1], scale=0.01, up_axis="y"),
                  verification=VerificationReport.from_issues([INFO]), oracle_distance=0.0,
                  urdf="object.urdf", checksum="a" * 64)
    values.update(kwargs)
    return ObjectRecord(**values)


def test_json_round_trip_keeps_every_field():
    rec = _record(oracle_distance=math.inf)
    back = ObjectRecord.model_validate_json(rec.model_dump_json())
    assert back == rec and back.format_version == FORMAT_VERSION
    assert back.joints[1].lower is None and back.joints[1].endpoints is None
    assert back.accepted and back.verification.codes == ["normalize.limit.filled"]


def test_issue_data_round_trips_and_records_without_it_read_and_write_as_before():
    facts = Issue(code="normalize.limit.filled", severity="info", location="joints",
                  message="x", data={"joints": ["hinge"], "effort": 100.0})
    rec = _record(verification=VerificationReport.from_issues([facts]))
    back = ObjectRecord.model_validate_json(rec.model_dump_json())
    assert back.verification.issues[0].data == {"joints": ["hinge"], "effort": 100.0}
    assert hash(back.verification.issues[0]) == hash(facts)  # still usable in sets
    old = json.loads(_record().model_dump_json())  # a record written before ``data`` existed
    assert "data" not in old["verification"]["issues"][0]
    assert ObjectRecord.model_validate(old).verification.issues == [INFO]
    with pytest.raises(ValidationError):
        Issue(code="x.y", severity="info", message="m", data={"f": object()})


def test_status_is_derived_from_severities():
    assert VerificationReport.from_issues([INFO]).status == "accepted"
    assert VerificationReport.from_issues([INFO, ERROR]).status == "rejected"
    with pytest.raises(ValidationError, match="contradicts"):
        VerificationReport(status="accepted", issues=[ERROR])
    with pytest.raises(ValidationError, match="contradicts"):
        VerificationReport(status="rejected", issues=[INFO])


@pytest.mark.parametrize("change", [
    {"checksum": "not-a-digest"},
    {"transform": {"rotation": [[1, 0, 0]], "translation": [0, 0, 0], "scale": 1.0}},
    {"transform": {"rotation": [[1, 0, 0]] * 3, "translation": [0, 0, 0], "scale": 0.0}},
    {"links": [{"name": "a", "mass_source": "guessed"}]},
    {"joints": [{"name": "j", "type": "ball", "parent": "a", "child": "b", "axis": [0, 0, 1],
                 "origin": [0, 0, 0], "twist": [0] * 6}]},
    {"format_version": "0"},
    {"colour": "red"},
    {"files": [{"path": "../escape", "sha256": "0" * 64, "size": 1}]},
])
def test_invalid_records_are_refused(change):
    with pytest.raises(ValidationError):
        _record(**change)


def test_checked_in_json_schemas_are_current():
    stale = export.stale_files()
    assert stale == [], f"run `python -m schemas.export` (stale: {stale})"


def test_export_writes_what_the_check_reads(tmp_path: Path):
    paths = export.export(tmp_path)
    assert sorted(p.name for p in paths) == ["build_report.schema.json", "issue.schema.json",
                                             "object_record.schema.json",
                                             "release_check.schema.json"]
    assert export.stale_files(tmp_path) == []
    schema = json.loads((tmp_path / "object_record.schema.json").read_text())
    assert schema["properties"]["format_version"]["const"] == FORMAT_VERSION
    assert {"links", "joints", "transform", "verification", "checksum"} <= set(
        schema["properties"])
    (tmp_path / "issue.schema.json").write_text("{}")
    assert export.stale_files(tmp_path) == ["issue.schema.json"]


def test_check_command_exit_codes(tmp_path: Path, monkeypatch):
    assert export.main(["--check"]) == 0
    monkeypatch.setattr(export, "JSON_DIR", tmp_path)
    assert export.main(["--check"]) == 1
    assert export.main([]) == 0 and export.main(["--check"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"{name}.schema.json" for name in export.MODELS)
