"""``arena diff`` and :mod:`release.diff`: exactly the edits made between two releases."""

from __future__ import annotations

import json

import pytest
from numpy.testing import assert_allclose

from arena_core.formats.urdf.read import read_urdf
from arena_core.metric.compare import object_tree_distance
from arena_core.util import tolerances as tol
from flows.cli import main
from release.diff import diff_json, diff_markdown, diff_releases, joint_changes
from release.reader import load_rows
from release.writer import write_release
from schemas.release import ReleaseSpec


@pytest.fixture(scope="module")
def diff(releases):
    return diff_releases(releases.a, releases.b)


def test_added_removed_and_changed_are_exactly_the_edits(diff, releases):
    assert diff.added == (releases.added,)
    assert diff.removed == (releases.removed,)
    assert [c.object_id for c in diff.changed] == sorted([releases.edited, releases.retagged])
    n = len(load_rows(releases.a, columns=["category"]))
    assert (diff.n_old, diff.n_new, diff.unchanged) == (n, n, n - 3)


def test_limit_edit_is_reported_in_motion_units(diff, releases):
    change = next(c for c in diff.changed if c.object_id == releases.edited)
    assert change.kinds == ("urdf", "kinematics")
    assert change.fields == {} and change.verification is None and not change.links
    assert change.checksum is not None and change.urdf is True and change.geometry is False
    old = _read(releases.canonical_a / releases.edited)
    new = _read(releases.canonical_b / releases.edited)
    want = object_tree_distance(old, new).value
    assert want > 1e-3
    assert_allclose(change.kinematics, want, rtol=1e-9)
    assert change.joints[0].old_joint == change.joints[0].new_joint == releases.edited_joint
    assert_allclose(change.joints[0].distance, want, rtol=1e-9)  # the only joint that moved
    assert all(j.distance <= tol.ORACLE for j in change.joints[1:])


def _read(folder):
    (urdf,) = sorted(folder.glob("*.urdf"))
    return read_urdf(urdf).obj


def test_retag_is_a_taxonomy_change_only(diff, releases):
    change = next(c for c in diff.changed if c.object_id == releases.retagged)
    old_cat = next(r["category"] for r in load_rows(releases.a, columns=["category"])
                   if r["object_id"] == releases.retagged)
    assert change.fields == {"category": (old_cat, releases.new_category)}
    assert change.kinds == ("taxonomy",)
    assert change.checksum is None and change.kinematics == 0.0 and change.joints == ()


def test_a_release_against_itself_has_no_changes(releases):
    same = diff_releases(releases.a, releases.a)
    assert same.added == same.removed == same.changed == ()
    assert same.unchanged == same.n_old


def test_joint_changes_reports_added_and_removed_joints():
    hinge = {"name": "hinge", "type": "revolute", "parent": "base", "child": "door",
             "lower": 0.0, "upper": 1.0, "twist": [0, 0, 1.0, 0, 0, 0]}
    slide = {"name": "slide", "type": "prismatic", "parent": "base", "child": "drawer",
             "lower": 0.0, "upper": 0.3, "twist": [0, 0, 0, 1.0, 0, 0]}
    value, moves = joint_changes([hinge], [hinge, slide])
    assert [(m.old_joint, m.new_joint) for m in moves] == [(None, "slide")]
    assert_allclose(value, moves[0].distance, rtol=1e-12)
    value, moves = joint_changes([hinge, slide], [slide])
    assert [(m.old_joint, m.new_joint) for m in moves] == [("hinge", None)]


def test_markdown_and_json(diff, releases):
    md = diff_markdown(diff)
    assert md.startswith(f"{diff.n_old} objects before")
    for oid in (releases.added, releases.removed, releases.edited, releases.retagged):
        assert oid in md
    assert releases.edited_joint in md and releases.new_category in md
    payload = json.loads(json.dumps(diff_json(diff), allow_nan=False))
    assert payload["added"] == [releases.added] and payload["unchanged"] == diff.unchanged
    kinds = {c["object_id"]: c["kinds"] for c in payload["changed"]}
    assert kinds == {releases.edited: ["urdf", "kinematics"], releases.retagged: ["taxonomy"]}


def test_cli_writes_markdown_and_json(releases, tmp_path, capsys):
    md, js = tmp_path / "changes.md", tmp_path / "changes.json"
    assert main(["diff", str(releases.a), str(releases.b), "--md", str(md),
                 "--json", str(js)]) == 0
    out = capsys.readouterr().out
    assert out == md.read_text()
    assert json.loads(js.read_text())["removed"] == [releases.removed]


def test_cli_rejects_a_folder_that_is_not_a_release(releases, tmp_path, capsys):
    assert main(["diff", str(releases.a), str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "arena diff" in err and "Traceback" not in err
    assert main(["diff", str(releases.a), str(tmp_path / "missing")]) == 1


def test_the_changelog_goes_into_the_card(diff, releases, tmp_path):
    out = tmp_path / "B_with_changelog"
    write_release(out, releases.objects_b, subset=releases.subset,
                  spec=ReleaseSpec(max_thumbnails=2, changelog_against=releases.a))
    card = (out / "README.md").read_text()
    assert "## Changelog" in card and releases.edited in card and releases.removed in card
    assert diff_markdown(diff).strip() in card  # the diff of what was written, in one write
