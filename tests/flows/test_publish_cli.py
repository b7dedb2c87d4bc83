"""``arena publish``: dry run listing, usage errors, and a real unreachable Hub endpoint."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from flows.cli import main
from schemas.release import FORMAT_VERSION

REPO = Path(__file__).resolve().parents[2]
SECRET = "hf_cli_secret_token_never_printed"


def _tree_digest(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


@pytest.fixture
def release_dir(tmp_path) -> Path:
    """A minimal folder with the shape publish() requires (README.md + data/)."""
    root = tmp_path / "release"
    (root / "data" / "full").mkdir(parents=True)
    (root / "README.md").write_text("---\nlicense: other\n---\n# test\n")
    (root / "data" / "full" / "train-00000-of-00001.parquet").write_bytes(b"x" * 1234)
    (root / "objects" / "ab").mkdir(parents=True)
    (root / "objects" / "ab" / "o.zip").write_bytes(b"z" * 10)
    (root / "release_info.json").write_text(json.dumps({"format_version": FORMAT_VERSION}))
    return root


def test_dry_run_lists_files_and_sizes(release_dir, capsys):
    assert main(["publish", str(release_dir), "--repo-id", "org/arena", "--dry-run"]) == 0
    out = capsys.readouterr().out.splitlines()
    readme = (release_dir / "README.md").stat().st_size
    info = (release_dir / "release_info.json").stat().st_size
    assert out[:4] == [f"{readme:>14,d}  README.md",
                       "         1,234  data/full/train-00000-of-00001.parquet",
                       "            10  objects/ab/o.zip",
                       f"{info:>14,d}  release_info.json"]
    assert out[-1].startswith("dry run: 4 files") and "datasets/org/arena" in out[-1]
    assert out[-1].endswith(f"tagged {FORMAT_VERSION}")


@pytest.mark.parametrize("argv", [["--repo-id", "not a repo", "--dry-run"], ["--dry-run"]])
def test_usage_errors_exit_2(release_dir, capsys, argv):
    with pytest.raises(SystemExit) as info:
        main(["publish", str(release_dir), *argv])
    assert info.value.code == 2
    assert "--repo-id" in capsys.readouterr().err


def test_not_a_release_exits_1(tmp_path, capsys):
    assert main(["publish", str(tmp_path), "--repo-id", "org/arena", "--dry-run"]) == 1
    assert "not a release folder" in capsys.readouterr().err


def test_unreachable_endpoint_real_attempt(release_dir, tmp_path):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    before = _tree_digest(release_dir)
    env = {**os.environ, "HF_HUB_OFFLINE": "0", "HF_ENDPOINT": f"http://127.0.0.1:{port}",
           "HF_TOKEN": SECRET, "HF_HOME": str(tmp_path / "hf")}
    cmd = [sys.executable, "-m", "flows.cli", "publish", str(release_dir), "--repo-id", "org/arena"]
    for _ in range(2):  # running again behaves the same and still changes nothing
        done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 1, done.stderr
        assert f"127.0.0.1:{port}" in done.stderr and "Traceback" not in done.stderr
        assert SECRET not in done.stdout + done.stderr
        assert _tree_digest(release_dir) == before
