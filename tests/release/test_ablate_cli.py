"""``arena ablate tree|norm`` on the small shared release: real properties of the outputs."""

from __future__ import annotations

import json

import numpy as np
import pytest
from numpy.testing import assert_allclose

from flows.cli import main


@pytest.fixture(scope="module")
def tree_run(built, tmp_path_factory):
    out = tmp_path_factory.mktemp("ablate_tree")
    code = main(["ablate", "tree", str(built.release_dir), "--out", str(out), "--trees", "6",
                 "--corruptions", "60"])
    assert code == 0
    return json.loads((out / "ablation_tree.json").read_text()), out


def test_tree_ablation_sweeps(tree_run):
    payload, _ = tree_run
    assert payload["schemes"] == ["E_alpha_tree", "D_0.25", "D_0.5", "D_1", "D_2"]
    assert payload["n_candidates"] >= 1
    assert len(payload["object_ids"]) == min(6, payload["n_candidates"])  # --trees 6
    spur = payload["sweeps"]["spurious"]
    e = np.array(spur["median"]["E_alpha_tree"])
    assert_allclose(e, spur["x"], rtol=1e-9, atol=1e-12)  # a unit twist: cost = magnitude
    for lam, s in zip(payload["lambdas"], payload["schemes"][1:], strict=True):
        assert_allclose(spur["median"][s][1:], lam, rtol=1e-12)  # a full lambda at once
        assert spur["median"][s][0] == 0.0
    missing = payload["sweeps"]["missing"]
    assert missing["x"][-1] == 0.0
    for s in payload["schemes"]:  # no motion left: nothing to pay
        assert abs(missing["median"][s][-1]) < 1e-12
    assert np.all(np.diff(missing["median"]["E_alpha_tree"]) <= 1e-12)
    scale = payload["sweeps"]["scale"]
    one = scale["x"].index(1.0)
    assert all(abs(scale["median"][s][one]) < 1e-12 for s in payload["schemes"])
    for q in ("q25", "median", "q75"):
        assert len(scale[q]["D_1"]) == len(scale["x"])
    assert np.all(np.array(scale["q25"]["E_alpha_tree"]) <= np.array(scale["q75"]["E_alpha_tree"]))


def test_tree_ablation_random_corruptions(tree_run):
    payload, out = tree_run
    rand = payload["random"]
    assert rand["n"] == 60 and len(rand["first_edit"]) == 60
    tau = np.array(rand["kendall_tau"])
    assert tau.shape == (5, 5) and np.all(np.abs(tau) <= 1.0)
    assert_allclose(np.diag(tau), 1.0)
    assert_allclose(tau, tau.T)
    assert 0.0 <= rand["relaxation_exact_fraction"] <= rand["certified_fraction"] <= 1.0
    assert all(v >= -1e-12 for v in rand["scores"]["E_alpha_tree"])
    png = (out / "ablation_tree.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_tree_ablation_is_deterministic(built, tree_run, tmp_path):
    payload, out = tree_run
    assert main(["ablate", "tree", str(built.release_dir), "--out", str(tmp_path), "--trees",
                 "6", "--corruptions", "60"]) == 0
    assert json.loads((tmp_path / "ablation_tree.json").read_text()) == payload
    assert (tmp_path / "ablation_tree.png").read_bytes() == (out / "ablation_tree.png").read_bytes()


def test_norm_ablation(built, tmp_path, capsys):
    assert main(["ablate", "norm", str(built.release_dir), "--out", str(tmp_path),
                 "--objects", "6", "--samples", "300"]) == 0
    text = capsys.readouterr().out
    assert "median relative deviation" in text
    payload = json.loads((tmp_path / "ablation_norm.json").read_text())
    d, e_b = np.array(payload["samples"]["d"]), np.array(payload["samples"]["E_B"])
    assert len(d) == 300 and np.all(d >= 0) and np.all(np.isfinite(e_b))
    assert set(payload["samples"]["kind"]) <= set(payload["perturbations"])
    s = payload["summary"]
    assert s["median_rel_dev_E_B"] < 0.05  # E_B on the identity to within a few percent
    small = (d > 1e-9) & (d < np.quantile(d, 0.25))  # small motions: the linearization holds
    assert np.median(np.abs(e_b[small] - d[small]) / d[small]) < 0.02
    assert s["spread_E_alpha"] > s["spread_E_B"]


@pytest.mark.parametrize("argv, code", [
    (["tree", "{r}", "--trees", "0"], 2),
    (["norm", "{r}", "--samples", "0"], 2),
    (["tree", "{tmp}/nowhere"], 1),
    (["norm", "{tmp}"], 1),
])
def test_bad_input_is_a_clear_error(built, tmp_path, capsys, argv, code):
    argv = [a.replace("{r}", str(built.release_dir)).replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(["ablate", *argv, "--out", str(tmp_path / "out")]) == code
    err = capsys.readouterr().err
    assert "arena ablate" in err and "Traceback" not in err
