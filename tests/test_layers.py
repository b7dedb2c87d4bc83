"""The dependency direction schemas <- arena_core <- release <- flows, enforced on imports."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: package -> top-level modules it must never import (directly or in a function body).
FORBIDDEN = {
    "schemas": {"arena_core", "release", "flows", "prefect", "huggingface_hub", "datasets", "dask"},
    "arena_core": {"release", "flows", "prefect", "huggingface_hub", "datasets", "dask",
                   "requests", "urllib", "http", "socket"},
    "release": {"flows", "prefect", "dask"},
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_respect_layers(package):
    offenders = []
    for path in sorted((REPO / package).rglob("*.py")):
        bad = _imports(path) & FORBIDDEN[package]
        if bad:
            offenders.append(f"{path.relative_to(REPO)} imports {sorted(bad)}")
    assert not offenders, "\n".join(offenders)


def test_layer_check_detects_a_violation(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from prefect import flow\n    import huggingface_hub.hf_api\n")
    assert {"prefect", "huggingface_hub"} <= _imports(bad)


@pytest.mark.skipif(shutil.which("ruff") is None and not Path(sys.executable).with_name("ruff").exists(),
                    reason="ruff not installed")
def test_ruff_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    result = subprocess.run([ruff, "check", "arena_core", "schemas", "release", "flows"],
                            cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
