"""The dependency direction schemas <- arena_core <- release <- flows, enforced on imports."""

from __future__ import annotations

import ast
import re
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


#: The packages whose modules may not import each other in a cycle, at any depth.
GRAPHED = ("arena_core", "schemas", "release", "flows")


def _module_name(root: Path, path: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom, package: str, known: set[str]) -> set[str]:
    """The modules of ``known`` an import statement loads: ``import a.b`` -> ``a.b``;
    ``from a import b`` -> ``a.b`` when it is a module, else ``a``; a relative import is
    resolved against ``package`` (the importing module's package)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & known
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
    found = set()
    for alias in node.names:
        if f"{base}.{alias.name}" in known:
            found.add(f"{base}.{alias.name}")
        elif base in known:
            found.add(base)
    return found


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports, at module level and in function
    bodies alike (every ``import`` statement of the file)."""
    files = {_module_name(root, p): p for pkg in packages for p in sorted((root / pkg).rglob("*.py"))}
    known, graph = set(files), {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = {dep for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                       for dep in _imported(node, package, known)} - {name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` as ``[a, b, ..., a]``, or ``[]`` when it has none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(graph):
        if state.get(start):
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph.get(nxt, ()))))
    return []


def test_no_import_cycle_at_any_depth():
    """No module of ours imports itself back through others, not even from a function body
    (a function-level import hides a cycle; it does not remove it)."""
    graph = import_graph(REPO, GRAPHED)
    assert len(graph) > 100 and graph["arena_core.pipeline.run"]  # the scan sees the code
    cycle = find_cycle(graph)
    assert cycle == [], "import cycle: " + " -> ".join(cycle)


def test_cycle_check_detects_a_cycle(tmp_path):
    """A planted cycle is found whatever the import form: a relative import inside a function,
    ``from pkg import module``, and a plain ``import``."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("import pkg.sub.b\n")
    (pkg / "sub" / "b.py").write_text("from pkg import c\n")
    (pkg / "c.py").write_text("def f():\n    from .a import g\n")
    (pkg / "d.py").write_text("from pkg.a import x\n")  # imports into the cycle, not part of it
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.d"] == {"pkg.a"} and graph["pkg.sub.b"] == {"pkg.c"}
    assert find_cycle(graph) == ["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]
    (pkg / "c.py").write_text("def f():\n    from . import d\n")  # a longer way back
    assert find_cycle(import_graph(tmp_path, ("pkg",))) == ["pkg.a", "pkg.sub.b", "pkg.c",
                                                            "pkg.d", "pkg.a"]
    (pkg / "c.py").write_text("def f():\n    from . import sub\n")
    assert find_cycle(import_graph(tmp_path, ("pkg",))) == []


def test_architecture_page_names_every_room_and_only_real_paths():
    """``docs/architecture.md`` describes every subpackage of ``arena_core``, and every path
    it names (``arena_core/...``, ``flows/...``) exists."""
    page = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    rooms = sorted(p.parent.name for p in (REPO / "arena_core").glob("*/__init__.py"))
    assert [r for r in rooms if f"| `{r}/` |" not in page] == []
    named = set(re.findall(r"\b((?:arena_core|flows|release|schemas)/[\w/.<>]*\w/?)", page))
    concrete = {n for n in named if "<" not in n}
    assert len(concrete) > 20
    assert sorted(n for n in concrete if not (REPO / n).exists()) == []
