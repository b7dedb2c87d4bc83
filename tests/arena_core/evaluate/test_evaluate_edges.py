"""``arena evaluate`` on awkward inputs: every bad prediction is listed, nothing crashes."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import pytest

from arena_core.formats.urdf.read import read_urdf
from arena_core.formats.urdf.write import urdf_string
from arena_core.model.articulated import ArticulatedObject
from flows.cli import main
from flows.commands.evaluate_run import find_prediction

NO_LIMIT = """<robot name="r"><link name="base"/><link name="door"/>
<joint name="j" type="revolute"><parent link="base"/><child link="door"/>
<axis xyz="0 0 1"/></joint></robot>"""


@pytest.fixture(scope="module")
def edge_predictions(predictions, tmp_path_factory):
    """One method, ``edge``, with one awkward prediction per object (expected statuses)."""
    root = tmp_path_factory.mktemp("edge_predictions")
    ids, gt = predictions.object_ids, predictions.gt
    method = root / "edge"
    expected = {}

    def folder(oid):
        path = method / oid
        path.mkdir(parents=True)
        return path

    (folder(ids[0]) / "nested").mkdir()
    shutil.copy(gt[ids[0]], method / ids[0] / "nested" / "pred.urdf")
    expected[ids[0]] = "ok"
    shutil.copy(gt[ids[1]], folder(ids[1]) / "a.urdf")
    shutil.copy(gt[ids[1]], method / ids[1] / "b.urdf")
    expected[ids[1]] = "unreadable"
    shutil.copy(gt[ids[2]], folder(ids[2]) / gt[ids[2]].name)
    shutil.copy(gt[ids[2]], method / ids[2] / "other.urdf")
    expected[ids[2]] = "ok"
    obj = read_urdf(gt[ids[3]]).obj
    rigid = ArticulatedObject.from_parts(obj.name, obj.links.values(), [
        replace(j, type="fixed", lower=0.0, upper=0.0) for j in obj.joints])
    (folder(ids[3]) / "rigid.urdf").write_text(urdf_string(rigid))
    expected[ids[3]] = "not_articulated"
    (folder(ids[4]) / "nolimit.urdf").write_text(NO_LIMIT)
    expected[ids[4]] = "unscorable"
    (folder(ids[5]) / "cycle.urdf").write_text(
        "<robot name='c'><link name='a'/><link name='b'/><joint name='j' type='fixed'>"
        "<parent link='a'/><child link='b'/></joint><joint name='k' type='fixed'>"
        "<parent link='b'/><child link='a'/></joint></robot>")
    expected[ids[5]] = "unreadable"
    folder(ids[6])  # an empty folder
    for oid in ids[6:]:
        expected[oid] = "missing"
    folder("not-an-object")
    return root, expected


def test_each_awkward_prediction_gets_its_status(releases, edge_predictions, tmp_path):
    root, expected = edge_predictions
    out = tmp_path / "edge.json"
    assert main(["evaluate", "--release", str(releases.a), "--predictions", str(root),
                 "--json", str(out), "--n-boot", "50", "--workers", "1"]) == 0
    payload = json.loads(out.read_text())
    statuses = {oid: e["status"] for oid, e in payload["per_object"]["edge"].items()}
    assert statuses == expected
    reasons = {i["object_id"]: i["reason"] for i in payload["missing"]["edge"]}
    ids = sorted(expected)
    assert "several URDF files" in reasons[ids[1]]
    assert "without limits" in reasons[ids[4]]
    assert payload["per_object"]["edge"][ids[0]]["values"]["E_alpha_phi_tree"] == 0.0
    assert payload["per_object"]["edge"][ids[3]]["score"] is not None  # scored, not valid
    assert payload["methods"]["edge"]["gen"]["value"] == pytest.approx(100 * 2 / len(ids))
    assert payload["method_info"]["edge"]["unexpected_folders"] == ["not-an-object"]
    assert payload["kendall_tau"] is None  # one method: no ordering to compare


def test_corrupt_ground_truth_is_reported_and_skipped(releases, predictions, tmp_path, capsys):
    from release.reader import load_rows

    release = tmp_path / "release"
    shutil.copytree(releases.a, release)
    row = load_rows(release, "eval200", columns=["mesh_archive"])[0]
    (release / row["mesh_archive"]).write_bytes(b"not a zip")
    out = tmp_path / "gt.json"
    assert main(["evaluate", "--release", str(release), "--predictions", str(predictions.root),
                 "--json", str(out), "--n-boot", "20", "--workers", "1",
                 "--methods", "good"]) == 0
    payload = json.loads(out.read_text())
    assert [e["object_id"] for e in payload["ground_truth_errors"]] == [row["object_id"]]
    assert row["object_id"] not in payload["object_ids"]
    assert len(payload["object_ids"]) == len(predictions.object_ids) - 1
    assert "ground truth" in capsys.readouterr().err


def test_find_prediction_rules(tmp_path):
    assert find_prediction(tmp_path / "nope", "model.urdf")[1:] == ("missing",
                                                                    "no prediction folder")
    (tmp_path / "a").mkdir()
    assert find_prediction(tmp_path / "a", "model.urdf")[1] == "missing"
    (tmp_path / "a" / "x.urdf").write_text("<robot/>")
    (tmp_path / "a" / "sub").mkdir()
    (tmp_path / "a" / "sub" / "model.urdf").write_text("<robot/>")
    path, status, _ = find_prediction(tmp_path / "a", "model.urdf")
    assert (path.name, status) == ("x.urdf", "ok")  # the top level wins
