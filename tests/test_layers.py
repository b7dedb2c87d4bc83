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


#: The project's own top-level packages: a core guarantee never depends on whether one of
#: them "is installed".
OWN = ("arena_core", "flows", "schemas", "release")
_IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError"}


def _guards(path: Path) -> list[str]:
    """``file:line`` of every probe for one of our own modules: ``find_spec`` on it, or a
    ``try`` importing it whose handler catches ImportError/ModuleNotFoundError."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(
                node.func, "id", "")) == "find_spec":
            found.append(f"{path.relative_to(REPO)}:{node.lineno} find_spec")
        if not isinstance(node, ast.Try):
            continue
        caught = {n.id if isinstance(n, ast.Name) else getattr(n, "attr", "")
                  for h in node.handlers if h.type is not None
                  for n in (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type])}
        if not caught & _IMPORT_ERRORS:
            continue
        for inner in (n for stmt in node.body for n in ast.walk(stmt)):
            names = []
            if isinstance(inner, ast.Import):
                names = [a.name for a in inner.names]
            elif isinstance(inner, ast.ImportFrom) and inner.module and inner.level == 0:
                names = [inner.module]
            elif isinstance(inner, ast.Call) and getattr(inner.func, "attr", "") == \
                    "import_module" and inner.args and isinstance(inner.args[0], ast.Constant):
                names = [str(inner.args[0].value)]
            if any(n.split(".")[0] in OWN for n in names):
                found.append(f"{path.relative_to(REPO)}:{node.lineno} try/except ImportError")
    return found


def test_no_import_guards_on_our_own_modules(tmp_path):
    """The metric is the oracle: it must not be able to switch itself off (nor any other
    part of the pipeline) because a module of ours 'is not installed'."""
    guards = [g for package in OWN for path in sorted((REPO / package).rglob("*.py"))
              for g in _guards(path)]
    assert guards == []
    planted = tmp_path / "planted.py"  # the scan itself must see both kinds of probe
    planted.write_text("import importlib.util\ntry:\n    import arena_core.metric.compare\n"
                       "except ModuleNotFoundError:\n    pass\n"
                       "importlib.util.find_spec('flows.commands.build')\n")
    original = globals()["REPO"]
    try:
        globals()["REPO"] = tmp_path
        assert len(_guards(planted)) == 2
    finally:
        globals()["REPO"] = original


def test_every_error_of_ours_derives_from_the_one_base():
    """One base error that carries a code (``schemas.errors.ArenaError``): every exception
    class defined in our packages derives from it, so the CLI reports any of them in one
    line with its code."""
    import importlib
    import inspect
    import pkgutil

    from schemas.errors import ArenaError

    #: Exceptions that are not refusals of input: programming errors and private signals.
    exempt = {"UnknownIssueCode", "UnknownAdapterError", "_Transient", "_RangeRefused",
              "_FieldProblem"}
    outside = []
    for package in OWN:
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, f"{package}."):
            mod = importlib.import_module(info.name)
            for name, cls in inspect.getmembers(mod, inspect.isclass):
                if cls.__module__ == info.name and issubclass(cls, BaseException) \
                        and name not in exempt and not issubclass(cls, ArenaError):
                    outside.append(f"{info.name}.{name}")
    assert outside == []
