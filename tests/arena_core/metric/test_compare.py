"""Object-level scoring on real URDF files: the tutorial's worked numbers and real objects."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose

from arena_core.formats.urdf.read import read_urdf, read_urdf_string
from arena_core.metric.compare import CompareError, object_tree_distance, score_objects
from arena_core.util import tolerances as tol

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "manifests" / "examples"
TUTORIAL = REPO / "tests" / "fixtures" / "tutorial"


def _read(path: Path):
    return read_urdf(path).obj


def _variant(path: Path, tmp_path: Path, old: str, new: str):
    text = path.read_text()
    assert old in text
    return read_urdf_string(text.replace(old, new), base_dir=tmp_path).obj


def test_door_15_degrees_too_far():
    """Tutorial 4.5: E_alpha = pi/12 = 0.262; E_B = (pi/12) W / sqrt(3) = 0.091 m (W = 0.6 m)."""
    score = score_objects(_read(EXAMPLES / "door_gt.urdf"), _read(EXAMPLES / "door_pred.urdf"))
    (match,) = score.matches
    assert_allclose(match.E_alpha, math.pi / 12, atol=tol.REFERENCE)
    # thin panel 0.6 x 0.02 m: E_B = (pi/12) sqrt(W^2/3 + t^2/12)
    assert_allclose(match.E_B, math.pi / 12 * math.sqrt(0.6**2 / 3 + 0.02**2 / 12), rtol=1e-12)
    assert round(match.E_B, 3) == 0.091 and round(match.E_alpha, 3) == 0.262
    assert_allclose(score.E_alpha_tree, math.pi / 12, atol=tol.REFERENCE)
    assert score.E_alpha_phi_tree_certified and match.success and match.type_err == 0


def test_latch_on_the_wrong_parent_costs_two_edits():
    """Tutorial 4.7: identical joints, latch on the body instead of the drawer: 0.524."""
    ref, pred = _read(TUTORIAL / "cabinet_ref.urdf"), _read(TUTORIAL / "cabinet_latch_on_body.urdf")
    score = score_objects(ref, pred)
    assert_allclose(score.E_alpha_tree, math.pi / 6, atol=tol.REFERENCE)
    assert round(score.E_alpha_tree, 3) == 0.524
    assert score.unmatched_gt == ("latch_pivot",) and score.unmatched_pred == ("latch_pivot",)
    relaxed_zero = object_tree_distance(ref, pred, compactified=False)
    assert relaxed_zero.certified and relaxed_zero.lower_bound > 0.5


@pytest.mark.parametrize(("joint", "expected"), [
    ("drawer_slide", 0.5),                                   # 0.5 m of travel
    ("door_hinge", math.pi / 2 * math.sqrt(1 + 0.3**2)),     # 90 deg about a hinge 0.3 m off
])
def test_missing_joint_costs_its_motion(tmp_path, joint, expected):
    """Tutorial 4.7: E(J, J0) of the drawer is 0.500 and of the offset door 1.640."""
    text = (TUTORIAL / "cabinet_ref.urdf").read_text()
    welded = re.sub(rf'(<joint name="{joint}" type=)"\w+"', r'\1"fixed"', text)
    pred = read_urdf_string(welded, base_dir=tmp_path).obj
    score = score_objects(_read(TUTORIAL / "cabinet_ref.urdf"), pred)
    assert_allclose(score.E_alpha_tree, expected, atol=tol.REFERENCE)
    assert round(score.E_alpha_tree, 3) == round(expected, 3)
    assert score.unmatched_gt == (joint,)


def test_axis_flip_with_negated_limits_is_free(tmp_path):
    gt = _read(EXAMPLES / "door_gt.urdf")
    flipped = _variant(EXAMPLES / "door_gt.urdf", tmp_path, 'xyz="0 0 1"/>\n    <limit lower="0" '
                       'upper="1.0471975511965976"',
                       'xyz="0 0 -1"/>\n    <limit lower="-1.0471975511965976" upper="0"')
    score = score_objects(gt, flipped)
    assert score.E_alpha_phi_tree <= tol.ORACLE and score.E_alpha_tree <= tol.ORACLE
    assert score.matches[0].limit_dir_err == pytest.approx(2.0)  # the prior score is fooled


def test_unscorable_objects_raise_a_clear_error(tmp_path):
    text = (EXAMPLES / "door_gt.urdf").read_text().replace('<limit lower="0" ', '<limit ')
    broken = read_urdf_string(text, base_dir=tmp_path).obj
    with pytest.raises(CompareError, match="without limits"):
        score_objects(_read(EXAMPLES / "door_gt.urdf"), broken)


# ----------------------------------------------------------------------------- real objects
def _realdata_objects(realdata: Path, count: int = 12) -> list[Path]:
    records = json.loads((realdata / "PROVENANCE.json").read_text())
    picks = []
    for rec in records:
        if not rec.get("meshes_present") or not rec.get("urdf_files"):
            continue
        urdf = realdata / rec["local_dir"] / rec["urdf_files"][0]["urdf"]
        if urdf.is_file() and urdf.suffix == ".urdf" and "pybullet" not in str(urdf):
            picks.append(urdf)
    return sorted(picks)[:: max(1, len(picks) // count)][:count]


def _moving_finite(obj):
    return [i for i, j in enumerate(obj.joints)
            if j.type in ("revolute", "prismatic") and np.all(np.isfinite([j.lower, j.upper]))
            and j.upper > j.lower]


def test_real_objects_score_zero_against_themselves_and_positive_when_perturbed(realdata):
    from articulatearena import joint_metric, make_split_norm

    paths = _realdata_objects(realdata)
    assert len(paths) >= 10
    perturbed_checked = 0
    for path in paths:
        try:
            obj = read_urdf(path).obj
        except ValueError:
            continue
        same = score_objects(obj, obj)
        assert same.E_alpha_phi_tree <= tol.ORACLE, path
        assert same.E_alpha_phi_tree_certified and not same.unmatched_gt
        moving = _moving_finite(obj)
        if not moving:
            continue
        i = moving[0]
        joint = obj.joints[i]
        delta = 0.05 * (joint.upper - joint.lower)
        edited = type(obj)(obj.name, obj.root, obj.links,
                           tuple(j if k != i else type(j)(**{**j.__dict__, "upper": j.upper + delta})
                                 for k, j in enumerate(obj.joints)), obj.link_poses)
        score = score_objects(obj, edited)
        xi = obj.twists()[i]
        expected = joint_metric(joint.lower * xi, joint.upper * xi, joint.lower * xi,
                                (joint.upper + delta) * xi, make_split_norm(1.0))
        if score.E_alpha_tree is not None:
            assert_allclose(score.E_alpha_tree, expected, atol=tol.REFERENCE)
        assert score.E_alpha_phi_tree > 0
        perturbed_checked += 1
    assert perturbed_checked >= 8
