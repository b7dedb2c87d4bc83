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
        "E_alpha_tree", "matches", "unmatched_gt", "unmatched_pred"}
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
