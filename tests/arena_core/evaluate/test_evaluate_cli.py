"""``arena evaluate`` end to end: a real release, three synthetic methods of known quality."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from numpy.testing import assert_allclose

from flows.cli import main
from flows.commands.evaluate_report import evaluation_figure

N_BOOT = 300


def _evaluate(releases, predictions, tmp_path, *extra: str) -> dict:
    out = tmp_path / "eval.json"
    code = main(["evaluate", "--release", str(releases.a), "--predictions",
                 str(predictions.root), "--json", str(out), "--n-boot", str(N_BOOT), *extra])
    assert code == 0
    return json.loads(out.read_text())


@pytest.fixture(scope="module")
def result(releases, predictions, tmp_path_factory) -> dict:
    return _evaluate(releases, predictions, tmp_path_factory.mktemp("eval"), "--seed", "7",
                     "--workers", "1")


def _value(result, method, column):
    return result["methods"][method][column]["value"]


def test_methods_are_ordered_by_their_noise(result, noise):
    assert list(result["methods"]) == sorted(noise)
    good, medium, bad = "good", "medium", "bad"
    tree = {m: _value(result, m, "E_alpha_phi_tree") for m in noise}
    assert tree[good] < tree[medium] < tree[bad]
    for col in ("axis_err", "origin_err", "limit_range_err", "E_alpha_phi", "E_B"):
        assert _value(result, good, col) < _value(result, medium, col) < _value(result, bad, col)
    assert _value(result, good, "success_rate") > _value(result, medium, "success_rate")
    assert _value(result, medium, "success_rate") > _value(result, bad, "success_rate")
    assert result["kendall_tau"] == pytest.approx(1.0)
    # every joint of "good" is rotated by exactly its axis noise
    assert_allclose(_value(result, good, "axis_err"), noise[good]["axis"], rtol=1e-6)
    assert _value(result, good, "type_err") == 0.0


def test_generation_rate_counts_missing_and_unreadable(result, predictions):
    n = len(predictions.object_ids)
    for method, invalid in predictions.invalid.items():
        gen = result["methods"][method]["gen"]
        assert_allclose(gen["value"], 100.0 * (n - len(invalid)) / n)
        assert gen["n"] == n
        listed = {i["object_id"]: i["status"] for i in result["missing"][method]}
        assert listed == invalid
        counts = result["method_info"][method]["counts"]
        assert counts.get("ok", 0) == n - len(invalid)
        assert result["method_info"][method]["meta"] == {"modality": f"{method}-images"}


def test_per_object_values_equal_arena_score(result, predictions, capsys):
    checked = 0
    for per in result["per_object"].values():
        for oid, entry in per.items():
            if entry["status"] != "ok":
                assert entry["values"]["E_alpha_phi_tree"] is None
                continue
            capsys.readouterr()
            assert main(["score", str(predictions.gt[oid]), entry["prediction"], "--json"]) == 0
            score = json.loads(capsys.readouterr().out)
            assert entry["score"] == score
            _check_reduction(entry["values"], score)
            checked += 1
    assert checked >= 3 * len(predictions.object_ids) - 4


def _check_reduction(values: dict, score: dict) -> None:
    """The documented per-object reduction, re-derived from ``arena score``'s JSON."""
    matches = score["matches"]

    def mean(key, scale=1.0):
        got = [m[key] for m in matches if m[key] is not None]
        return scale * float(np.mean(got)) if got else None

    expected = {"gen": 100.0, "E_alpha_phi_tree": score["E_alpha_phi_tree"],
                "type_err": mean("type_err", 100.0), "axis_err": mean("axis_err"),
                "origin_err": mean("origin_err"), "E_B": mean("E_B"),
                "limit_range_err": mean("limit_range_err"),
                "limit_dir_err": mean("limit_dir_err"), "E_alpha_phi": mean("E_alpha_phi"),
                "success_rate": 100.0 * sum(m["success"] for m in matches)
                / (len(matches) + len(score["unmatched_gt"]))}
    for key, want in expected.items():
        if want is None:
            assert values[key] is None, key
        else:
            assert_allclose(values[key], want, rtol=1e-12, err_msg=key)


def test_mean_and_interval_from_per_object_values(result):
    ids = result["object_ids"]
    for method, table in result["methods"].items():
        for col, est in table.items():
            per = [result["per_object"][method].get(o, {}).get("values", {}).get(col)
                   for o in ids]
            if col == "gen":
                per = [100.0 if result["per_object"][method].get(o, {}).get("status") == "ok"
                       else 0.0 for o in ids]
            got = [v for v in per if v is not None]
            if not got:
                assert est["value"] is None
                continue
            assert_allclose(est["value"], np.mean(got), rtol=1e-12, err_msg=(method, col))
            assert est["n"] == len(got)
            assert est["ci_low"] <= est["value"] + 1e-12 and est["value"] <= est["ci_high"] + 1e-12


def test_largest_gap_is_resolved(result):
    gaps = {(g["column"], g["method_a"], g["method_b"]): g for g in result["gaps"]}
    assert len(gaps) == 3 * len(result["columns"])
    gap = gaps[("E_alpha_phi_tree", "bad", "good")]
    assert gap["resolved"] and gap["better"] == "good"
    assert gap["difference"]["ci_low"] > 0


def test_breakdown_by_supercategory(result, releases):
    from release.reader import load_rows

    rows = load_rows(releases.a, "eval200", columns=["supercategory"])
    sups = {r["supercategory"] for r in rows}
    assert set(result["by_supercategory"]) == sups
    assert sum(v["n_objects"] for v in result["by_supercategory"].values()) == len(rows)
    for sup, entry in result["by_supercategory"].items():
        ids = [r["object_id"] for r in rows if r["supercategory"] == sup]
        vals = [result["per_object"]["good"][o]["values"]["E_alpha_phi_tree"] for o in ids]
        vals = [v for v in vals if v is not None]
        want = entry["methods"]["good"]["E_alpha_phi_tree"]["value"]
        assert (want is None) if not vals else math.isclose(want, np.mean(vals), rel_tol=1e-12)


def test_intervals_are_reproducible_for_a_seed(result, releases, predictions, tmp_path):
    again = _evaluate(releases, predictions, tmp_path, "--seed", "7", "--workers", "2")
    for key in ("methods", "gaps", "by_supercategory", "per_object", "kendall_tau",
                "kendall_tau_interval"):
        assert again[key] == result[key], key
    other = _evaluate(releases, predictions, tmp_path / "other", "--seed", "8", "--workers", "1")
    assert other["methods"] != result["methods"]
    assert {m: {c: e["value"] for c, e in t.items()} for m, t in other["methods"].items()} == (
        {m: {c: e["value"] for c, e in t.items()} for m, t in result["methods"].items()})


def test_report_files(releases, predictions, tmp_path):
    out = tmp_path / "report"
    code = main(["evaluate", "--release", str(releases.a), "--predictions",
                 str(predictions.root), "--out", str(out), "--n-boot", "50", "--workers", "1",
                 "--methods", "good,bad"])
    assert code == 0
    payload = json.loads((out / "evaluation.json").read_text())
    assert list(payload["methods"]) == ["bad", "good"]
    md = (out / "evaluation.md").read_text()
    assert "| good |" in md and "Kendall tau" in md and "## Per supercategory" in md
    png = (out / "evaluation.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 5000
    again = evaluation_figure(payload, tmp_path / "again.png").read_bytes()
    assert again == png  # deterministic


@pytest.mark.parametrize("argv, code", [
    (["--predictions", "{p}/nowhere"], 1),
    (["--methods", "nosuch"], 1),
    (["--n-boot", "0"], 2),
    (["--seed", "-1"], 2),
])
def test_bad_input_is_a_clear_error(releases, predictions, capsys, argv, code):
    argv = [a.replace("{p}", str(predictions.root)) for a in argv]
    base = ["evaluate", "--release", str(releases.a), "--predictions", str(predictions.root)]
    assert main(base + argv) == code
    err = capsys.readouterr().err
    assert "arena evaluate" in err and "Traceback" not in err


def test_not_a_release_is_rejected(predictions, tmp_path, capsys):
    assert main(["evaluate", "--release", str(tmp_path), "--predictions",
                 str(predictions.root)]) == 1
    assert "no parquet files" in capsys.readouterr().err
