"""A build whose sources give nothing releasable fails with its summary, per source and code,
never with a ``datasets`` exception (issue 28, class 7); a release already there stays."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from flows.cli import main

pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "urdf"


def test_nothing_releasable_is_a_summary_not_a_datasets_error(harness, tmp_path, capsys):
    library = tmp_path / "lib" / "bad"
    library.mkdir(parents=True)
    for name in ("inverted_limits", "cycle"):
        shutil.copy(FIXTURES / f"{name}.urdf", library)
    config = tmp_path / "build.yaml"
    config.write_text(json.dumps({"name": "Empty", "version": "test", "subset_size": 4,
                                  "sources": [
        {"name": "lib", "adapter": "urdf_folder", "license": "MIT",
         "location": str(tmp_path / "lib")},
        {"name": "absent", "adapter": "urdf_folder", "license": "MIT",
         "location": str(tmp_path / "nowhere")}]}))
    out = tmp_path / "out"
    (out / "release").mkdir(parents=True)
    (out / "release" / "README.md").write_text("an earlier release")
    status = main(["build", "--config", str(config), "--out", str(out), "--runner", "thread",
                   "--workers", "1"])
    captured = capsys.readouterr()
    assert status == 1 and "datasets" not in captured.err + captured.out
    assert "arena build: nothing releasable: 2 object(s) read, 0 accepted" in captured.err
    assert ('source lib: 2 objects, 0 accepted, 0 released; rejected by code: '
            '{"joint.limit.inverted": 1, "structure.cycle": 1}') in captured.out
    assert "skipped source absent" in captured.out
    summary = json.loads((out / "build_summary.json").read_text())
    assert summary["released"] == 0 and summary["check_ok"] is False
    assert summary["sources"]["lib"]["rejected_by_code"] == {"structure.cycle": 1,
                                                             "joint.limit.inverted": 1}
    assert (out / "release" / "README.md").read_text() == "an earlier release"
