"""The dagger protocol of Table 4: methods that predict no limits get them imputed.

Methods built from the ground truth of release A's evaluation subset:

* ``bare``: every object exactly, its ``<limit>`` elements removed (detected from the
  predictions);
* ``flagged``: every object with wrong limits, but ``meta.json`` says
  ``"predicts_limits": false`` (the limits are ignored and imputed);
* ``mixed``: every object exactly, one of them without limits (not a dagger method: that
  prediction is unscorable, as without the protocol);
* ``good``: the noisy method of the shared fixture.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace

import numpy as np
import pytest
from lxml import etree
from numpy.testing import assert_allclose

from arena_core.evaluate import (
    IMPUTED_COLUMNS,
    LIMIT_COLUMNS,
    declared_limits,
    impute_limits,
    predicts_no_limits,
)
from arena_core.formats.urdf.read import read_urdf
from arena_core.formats.urdf.write import urdf_string
from arena_core.metric.compare import score_objects
from arena_core.metric.object_distance import joint_distance
from arena_core.model.articulated import ArticulatedObject, Joint, Link
from flows.cli import main

ATOL = 1e-12


def _strip_limits(src, dest) -> None:
    tree = etree.parse(str(src))
    for el in tree.getroot().iter("limit"):
        el.getparent().remove(el)
    dest.write_bytes(etree.tostring(tree, xml_declaration=True, encoding="utf-8"))


def _folder(root, method, oid, gt_urdf):
    folder = root / method / oid
    shutil.copytree(gt_urdf.parent, folder)
    (folder / gt_urdf.name).unlink()
    return folder / "prediction.urdf"


@pytest.fixture(scope="module")
def dagger(releases, predictions, tmp_path_factory):
    root = tmp_path_factory.mktemp("dagger_predictions")
    ids = predictions.object_ids
    for name in ("bare", "flagged", "mixed"):
        (root / name).mkdir()
    (root / "flagged" / "meta.json").write_text(json.dumps({"predicts_limits": False}))
    shutil.copytree(predictions.root / "good", root / "good")
    stripped = next(oid for oid in ids if any(
        j.moving and np.all(np.isfinite([j.lower, j.upper]))
        for j in read_urdf(predictions.gt[oid]).obj.joints))
    for oid in ids:
        gt = predictions.gt[oid]
        _strip_limits(gt, _folder(root, "bare", oid, gt))
        obj = read_urdf(gt).obj
        wrong = [replace(j, lower=j.lower - 0.3, upper=j.upper + 0.7)
                 if j.moving and np.isfinite(j.lower) else j for j in obj.joints]
        _folder(root, "flagged", oid, gt).write_text(urdf_string(
            ArticulatedObject.from_parts(obj.name, obj.links.values(), wrong)))
        dest = _folder(root, "mixed", oid, gt)
        if oid == stripped:
            _strip_limits(gt, dest)
        else:
            shutil.copy(gt, dest)
    out = tmp_path_factory.mktemp("dagger_eval")
    code = main(["evaluate", "--release", str(releases.a), "--predictions", str(root),
                 "--out", str(out), "--n-boot", "50", "--workers", "1"])
    assert code == 0
    payload = json.loads((out / "evaluation.json").read_text())
    return payload, (out / "evaluation.md").read_text(), stripped


def test_methods_without_limits_are_detected_and_flagged(dagger):
    payload, _, _ = dagger
    info = payload["method_info"]
    assert {m: (i["imputed_limits"], i["imputed_by"]) for m, i in info.items()} == {
        "bare": (True, "predictions"), "flagged": (True, "meta.json"),
        "good": (False, None), "mixed": (False, None)}


def test_imputed_limits_of_the_ground_truth_score_zero(dagger, predictions):
    payload, _, _ = dagger
    for method in ("bare", "flagged"):
        per = payload["per_object"][method]
        assert set(per) == set(predictions.object_ids)
        for oid, entry in per.items():
            # an all-continuous object declares its (unbounded) motion: scored as it is,
            # unless the method's meta.json says it predicts no limits
            unbounded = declared_limits(read_urdf(predictions.gt[oid]).obj) is None
            assert entry["status"] == "ok", (method, oid)
            assert entry["imputed_limits"] == (method == "flagged" or not unbounded)
            vals = entry["values"]
            assert_allclose(vals["E_alpha_phi_tree"], 0.0, atol=ATOL, err_msg=(method, oid))
            assert_allclose(vals["E_alpha_phi"], 0.0, atol=ATOL, err_msg=(method, oid))
            assert vals["E_B"] is None or abs(vals["E_B"]) <= ATOL
            assert all(vals[k] is None for k in LIMIT_COLUMNS)
            assert entry["score"]["E_alpha_phi_tree_certified"]
        for key in LIMIT_COLUMNS:
            assert payload["methods"][method][key]["value"] is None


def test_a_method_with_some_limits_is_not_imputed(dagger, predictions):
    payload, _, stripped = dagger
    per = payload["per_object"]["mixed"]
    assert per[stripped]["status"] == "unscorable"
    assert "joint.limit.missing" in per[stripped]["reason"]
    others = [e for oid, e in per.items() if oid != stripped]
    assert all(e["status"] == "ok" and not e["imputed_limits"] for e in others)
    assert all(abs(e["values"]["E_alpha_phi_tree"]) <= ATOL for e in others)


def test_dagger_methods_get_no_best_mark_in_the_e_columns(dagger):
    payload, md, _ = dagger
    best = payload["best"]
    for key in IMPUTED_COLUMNS:  # bare and flagged are at 0 as well, but imputed
        assert best[key] == ["mixed"], key
    assert best["limit_range_err"] == ["mixed"]
    assert "bare" in best["type_err"]  # columns that do not depend on limits stay eligible
    lines = md.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| Method | Gen"))
    table = lines[start + 2:lines.index("", start)]
    rows = {line.split(" | ")[0][2:]: line for line in table}
    assert {"bare†", "flagged†", "mixed", "good"} <= set(rows)
    assert "predicts no motion limits" in md and "†bare, flagged" in md
    e_tree = [c["key"] for c in payload["columns"]].index("E_alpha_phi_tree")
    assert rows["mixed"].split(" | ")[1 + e_tree].startswith("**")
    assert not rows["bare†"].split(" | ")[1 + e_tree].startswith("**")


# ----------------------------------------------------------------------------- unit level
def _three_joints(lims, extra: bool = False) -> ArticulatedObject:
    axes = [np.array([0, 0, 1.0]), np.array([1.0, 0, 0]), np.array([0, 1.0, 0])]
    kinds = ["revolute", "prismatic", "revolute"]
    links = [Link("base")] + [Link(f"l{i}") for i in range(3 + extra)]
    joints = []
    for i in range(3 + extra):
        k = min(i, 2)
        origin = np.eye(4)
        origin[:3, 3] = [0.1 * i, 0, 0]
        joints.append(Joint(f"j{i}", kinds[k], "base", f"l{i}", origin, axes[k],
                            lower=lims[k][0], upper=lims[k][1]))
    return ArticulatedObject.from_parts("o", links, joints)


def test_impute_limits_takes_each_partner_and_nearest():
    gt = _three_joints([(0.0, 1.5), (0.0, 0.4), (-0.5, 0.5)])
    bare = _three_joints([(np.nan, np.nan)] * 3, extra=True)  # j3: a spurious copy of j2
    assert predicts_no_limits(bare) and not predicts_no_limits(gt)
    got = impute_limits(gt, bare)
    assert_allclose(got.limits(), [[0.0, 1.5], [0.0, 0.4], [-0.5, 0.5], [-0.5, 0.5]])
    score = score_objects(gt, got)
    # the three true joints match exactly; the spurious one costs its own motion
    spurious = joint_distance(got.twists()[3], got.limits()[3], np.zeros(6), np.zeros(2))
    assert score.unmatched_pred == ("j3",)
    assert spurious > 0.1
    assert_allclose(score.E_alpha_phi_tree, spurious, rtol=1e-12)
    exact = score_objects(gt, impute_limits(gt, _three_joints([(np.nan, np.nan)] * 3)))
    assert_allclose(exact.E_alpha_phi_tree, 0.0, atol=ATOL)


def test_continuous_only_objects_do_not_count_as_limitless():
    cont = _three_joints([(-np.inf, np.inf)] * 3)
    assert not predicts_no_limits(cont) and declared_limits(cont) is None
    half = _three_joints([(np.nan, np.nan), (-np.inf, np.inf), (0.0, 1.0)])
    assert declared_limits(half) is True
