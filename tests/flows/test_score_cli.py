"""``arena score``: the bundled example pair, JSON contract, bad input, fast start."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from flows.cli import main

REPO = Path(__file__).resolve().parents[2]
GT = str(REPO / "manifests" / "examples" / "door_gt.urdf")
PRED = str(REPO / "manifests" / "examples" / "door_pred.urdf")
KEYS = {"E_alpha_phi_tree", "E_alpha_phi_tree_certified", "E_alpha_phi_tree_lower_bound",
        "E_alpha_tree", "matches", "unmatched_gt", "unmatched_pred", "imputed_limits"}
MATCH_KEYS = {"gt_joint", "pred_joint", "E_alpha", "E_alpha_phi", "E_B", "type_err", "axis_err",
              "origin_err", "limit_range_err", "limit_dir_err", "success"}


def test_json_payload_has_the_documented_fields(capsys):
    assert main(["score", GT, PRED, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert set(payload) == KEYS
    assert set(payload["matches"][0]) == MATCH_KEYS
    assert payload["matches"][0]["E_alpha"] == pytest.approx(math.pi / 12, abs=1e-12)
    assert payload["matches"][0]["E_B"] == pytest.approx(0.0907, abs=1e-4)


def test_alpha_and_kappa_change_the_score(capsys):
    main(["score", GT, PRED, "--json", "--kappa", "1.0"])
    small = json.loads(capsys.readouterr().out)["E_alpha_phi_tree"]
    main(["score", GT, PRED, "--json"])
    default = json.loads(capsys.readouterr().out)["E_alpha_phi_tree"]
    assert small != pytest.approx(default)


def test_readable_table(capsys):
    assert main(["score", GT, PRED]) == 0
    out = capsys.readouterr().out
    assert "E_alpha_phi_tree" in out and "door_hinge" in out and "certified" in out


@pytest.mark.parametrize("content", [b"", b"\x00\x01garbage", b"<robot name='x'><link/></robot>",
                                     b"<?xml version='1.0'?><notrobot/>"])
def test_bad_files_exit_1_with_one_line(tmp_path, capsys, content):
    bad = tmp_path / "bad.urdf"
    bad.write_bytes(content)
    assert main(["score", GT, str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("arena score:") and "\n" not in err and "Traceback" not in err


def test_usage_errors_exit_2(capsys):
    assert main(["score", GT, PRED, "--alpha", "-1"]) == 2
    with pytest.raises(SystemExit) as exc:
        main(["score", GT])
    assert exc.value.code == 2


def test_score_does_not_import_heavy_modules():
    code = ("import sys; from flows.cli import main; main(['score', %r, %r, '--json']); "
            "heavy = [m for m in ('prefect', 'datasets', 'dask', 'huggingface_hub', 'pandas') "
            "if m in sys.modules]; print(heavy, file=sys.stderr)") % (GT, PRED)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "[]"


def test_help_lists_subcommands(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for name in ("build", "validate", "score", "generate", "materialize", "publish"):
        assert name in out


def _without_limits(tmp_path, names=None) -> str:
    """The example prediction with the ``<limit>`` of the joints ``names`` (all) removed."""
    import re

    text = Path(PRED).read_text()
    for joint in re.findall(r"<joint .*?</joint>", text, flags=re.S):
        name = re.search(r'name="([^"]+)"', joint).group(1)
        if names is None or name in names:
            text = text.replace(joint, re.sub(r"<limit[^>]*/>", "", joint))
    path = tmp_path / "pred_no_limits.urdf"
    path.write_text(text)
    return str(path)


def test_a_prediction_without_limits_is_scored_as_evaluate_scores_it(tmp_path, capsys):
    """The shared rule: no limit anywhere -> limits imputed from the ground truth (the dagger
    protocol of arena evaluate), said in the output; limit errors undefined."""
    from arena_core.evaluate.impute import impute_limits
    from arena_core.formats.urdf.read import read_urdf
    from arena_core.metric.compare import score_objects

    bare = _without_limits(tmp_path)
    assert main(["score", GT, bare, "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    gt, pred = read_urdf(GT).obj, read_urdf(bare).obj
    expected = score_objects(gt, impute_limits(gt, pred))
    assert payload["imputed_limits"] is True
    assert payload["E_alpha_phi_tree"] == pytest.approx(expected.E_alpha_phi_tree, abs=1e-12)
    assert all(m["limit_range_err"] is None and m["limit_dir_err"] is None
               for m in payload["matches"])
    assert main(["score", GT, bare]) == 0
    assert "imputed from the ground truth" in capsys.readouterr().out
    assert main(["score", GT, PRED, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["imputed_limits"] is False


def test_score_and_evaluate_state_the_same_rule_for_missing_limits(capsys):
    from flows.commands.score import LIMITS_RULE

    for command in ("score", "evaluate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert " ".join(LIMITS_RULE.split()[:12]) in " ".join(capsys.readouterr().out.split())


def test_the_table_explains_its_type_and_succ_columns(capsys):
    from arena_core.metric.scores import TAU_AXIS, TAU_ORIGIN

    assert main(["score", GT, PRED]) == 0
    out = capsys.readouterr().out
    head = next(line for line in out.splitlines() if line.startswith("gt_joint"))
    assert head.split()[-4] == "type" and head.split()[-1] == "succ"
    legend = {line.split(":")[0]: line for line in out.splitlines() if ": " in line}
    assert "type differs" in legend["type"]
    assert f"axis < {TAU_AXIS:g} rad" in legend["succ"] and f"origin < {TAU_ORIGIN:g} m" in legend["succ"]
