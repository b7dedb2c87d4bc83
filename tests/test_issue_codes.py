"""The issue-code catalog is the contract: every code in the tree is in it, every entry is used.

The scan reads every string literal of the packages (calls, ``code = "..."`` attributes,
dicts and tuples of codes alike): a dotted literal is either a catalogued code or one of
the few non-code kinds below (module names, file names, code prefixes). An f-string that
starts with a dotted prefix (``f"mjcf.file.{problem.kind}"``) must match catalogued codes,
and the codes built from finite sets of kinds are checked expanded.
"""

from __future__ import annotations

import ast
import re
from itertools import product
from pathlib import Path

import pytest

from schemas.issue_codes import CATALOG, CODE_PATTERN, UnknownIssueCode, load_catalog
from schemas.issues import issue

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("arena_core", "flows", "release", "schemas")

#: File suffixes: a dotted literal ending in one is a file name (``object.urdf``).
FILE_SUFFIXES = {"css", "html", "js", "json", "md", "obj", "part", "png", "py", "txt", "urdf", "xml",
                 "yaml"}

#: Dotted literals that are neither codes nor module/file names, and why.
NOT_CODES: dict[str, str] = {
    "v3.0": "the release format version (schemas/release.py: FORMAT_VERSION)",
}

#: Prefixes that code completes at run time (``read_json(path, "pm.meta")`` emits
#: ``pm.meta.invalid``; an adapter's ``code = "pm"`` gives ``pm.urdf.missing``).
CODE_PREFIXES = {"pm", "gapartnet", "pm.meta", "pm.semantics", "gapartnet.annotation",
                 "gapartnet.semantics"}

#: Dotted kinds completing codes (``arena_core.util.fs.FILE_PROBLEM_KINDS``).
CODE_KINDS = {"path.too_long", "path.symlink_loop"}

#: f-string templates with a dotted prefix that are not codes.
NOT_CODE_TEMPLATES = {
    r"location\.": "a manifest field path (schemas/sources.py)",
}


def _is_module(text: str) -> bool:
    parts = text.split(".")
    return parts[0] in PACKAGES and ((REPO.joinpath(*parts).with_suffix(".py")).is_file()
                                     or REPO.joinpath(*parts).is_dir())


def _literal_kind(text: str) -> str:
    """``code``, or why a dotted literal is not one (``module``, ``file``, ``prefix``, ...)."""
    if _is_module(text):
        return "module"
    if text.rsplit(".", 1)[1] in FILE_SUFFIXES:
        return "file"
    if text in NOT_CODES:
        return "not a code"
    if text in CODE_PREFIXES or text in CODE_KINDS:
        return "part"
    return "code"


def _template(node: ast.JoinedStr) -> tuple[str, bool] | None:
    """The regex of an f-string made of code characters and placeholders, and whether it
    starts with a constant prefix; ``None`` for any other f-string."""
    pattern, texts = "", []
    for value in node.values:
        if isinstance(value, ast.Constant):
            if not re.fullmatch(r"[a-z0-9_.]*", value.value):
                return None
            pattern += re.escape(value.value)
            texts.append(value.value)
        else:
            pattern += r"[a-z0-9_.]+"
    if "." not in "".join(texts):
        return None
    prefixed = isinstance(node.values[0], ast.Constant)
    if prefixed and (not re.match(r"[a-z][a-z0-9_]*\.", node.values[0].value)
                     or _is_module(node.values[0].value.rstrip("."))):
        return None
    if not prefixed and texts[-1].rsplit(".", 1)[-1] in FILE_SUFFIXES:
        return None
    return pattern, prefixed


def scan(paths) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """``(literals, prefixed, suffixed)``: dotted literals, prefixed f-string regexes and
    prefix-less f-string regexes (``f"{code}.invalid"``), each -> where it occurs."""
    literals, prefixed, suffixed = {}, {}, {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        in_fstring = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)
                      for v in n.values}
        name = path.relative_to(REPO if path.is_relative_to(REPO) else path.parents[1])
        for node in ast.walk(tree):
            where = f"{name}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in in_fstring and CODE_PATTERN.match(node.value):
                literals.setdefault(node.value, []).append(where)
            elif isinstance(node, ast.JoinedStr) and (found := _template(node)):
                pattern, has_prefix = found
                (prefixed if has_prefix else suffixed).setdefault(pattern, []).append(where)
    return literals, prefixed, suffixed


def _tree():
    return [p for package in PACKAGES for p in sorted((REPO / package).rglob("*.py"))]


@pytest.fixture(scope="module")
def found():
    return scan(_tree())


def unknown_codes(literals, prefixed, catalog=CATALOG) -> list[str]:
    """Code literals and prefixed templates of the scan that the catalog does not cover."""
    out = [f"{code} ({where[0]})" for code, where in sorted(literals.items())
           if _literal_kind(code) == "code" and code not in catalog]
    for pattern, where in sorted(prefixed.items()):
        if any(re.match(p, pattern.replace("\\", "")) for p in NOT_CODE_TEMPLATES):
            continue
        if not any(re.fullmatch(pattern, code) for code in catalog):
            out.append(f"template {pattern} ({where[0]}) matches no catalogued code")
    return out


def test_every_code_in_the_tree_is_catalogued(found):
    literals, prefixed, _ = found
    assert len(literals) > 150, "the scan found too few literals: is it still reading the tree?"
    missing = unknown_codes(literals, prefixed)
    assert not missing, "add these to schemas/issue_codes.yaml:\n" + "\n".join(missing)


def test_every_catalogued_code_is_produced_somewhere(found):
    literals, prefixed, suffixed = found
    tails = [re.compile(p.split("[a-z0-9_.]+", 1)[1] + "$") for p in suffixed]
    unused = []
    for code in CATALOG:
        if code in literals or any(re.fullmatch(p, code) for p in prefixed):
            continue
        head_tail = [(code[:m.start()], m) for t in tails if (m := t.search(code))]
        if any(head in CODE_PREFIXES for head, _ in head_tail):
            continue
        unused.append(code)
    assert not unused, "catalogued but never produced (remove them or emit them):\n" + \
        "\n".join(unused)


def test_the_exceptions_to_the_scan_still_occur(found):
    """The lists above stay short and true: each entry is still in the tree."""
    literals, prefixed, _ = found
    strings = {n.value for p in _tree() for n in ast.walk(ast.parse(p.read_text()))
               if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert set(NOT_CODES) <= set(literals), set(NOT_CODES) - set(literals)
    assert CODE_PREFIXES | CODE_KINDS <= strings, (CODE_PREFIXES | CODE_KINDS) - strings
    for template in NOT_CODE_TEMPLATES:
        assert any(re.match(template, p.replace("\\", "")) for p in prefixed), template


def test_codes_built_from_kinds_are_catalogued_expanded():
    from arena_core.engines.agreement import BY_NAME
    from arena_core.engines.base import ISSUE_KINDS
    from arena_core.formats.urdf.repair import KINEMATIC, ONCE
    from arena_core.util.fs import FILE_PROBLEM_KINDS

    expected = {
        *(f"{head}.{kind}" for head in ("mesh", "file", "mjcf.file") for kind in FILE_PROBLEM_KINDS),
        *(f"mesh.{what}.{kind}" for what, kind in product(("material", "texture"),
                                                          FILE_PROBLEM_KINDS) if kind != "missing"),
        *(f"urdf.{tag}.repeated" for tags in ONCE.values() for tag in tags),
        *(f"urdf.{tag}.conflict" for tag in KINEMATIC),
        *(f"engine.{name}.{kind}" for name, kind in product(BY_NAME, ISSUE_KINDS)),
        *(f"joint.limit.{name}_negative" for name in ("effort", "velocity")),
        *(f"{adapter}.{tail}" for adapter in ("pm", "gapartnet")
          for tail in ("urdf.missing", "duplicate_id", "semantics.invalid", "semantics.malformed")),
    }
    assert sorted(expected - set(CATALOG)) == []


def test_the_scan_detects_an_unknown_code(tmp_path):
    bad = tmp_path / "pkg" / "bad.py"
    bad.parent.mkdir()
    bad.write_text('CODE = "no.such.code"\n'
                   'def f(kind):\n    return issue(f"nowhere.{kind}", "m"), ("mesh.missing", 1)\n')
    literals, prefixed, _ = scan([bad])
    assert unknown_codes(literals, prefixed) == [
        "no.such.code (pkg/bad.py:1)",
        "template nowhere\\.[a-z0-9_.]+ (pkg/bad.py:3) matches no catalogued code"]


def test_the_factory_takes_the_catalog_severity_and_refuses_unknown_codes():
    assert issue("joint.axis.non_unit", "m").severity == "warning"
    assert issue("joint.axis.non_unit", "m", severity="error").severity == "error"
    with pytest.raises(UnknownIssueCode, match="no.such_code"):
        issue("no.such_code", "m")


def test_catalog_entries_are_valid_and_the_loader_names_a_bad_entry(tmp_path):
    assert [e.code for e in CATALOG.values() if not e.meaning.endswith(".")] == []
    bad = tmp_path / "codes.yaml"
    bad.write_text("joint.x:\n  severity: fatal\n  meaning: m\n")
    with pytest.raises(ValueError, match="joint.x"):
        load_catalog(bad)
