"""The predictions folder that docs/evaluation.md shows by example is what ``arena evaluate``
reads: its tree, ``meta.json`` and predicted URDF, written as documented (the documented
object ids stand for two objects of the test release), are found and scored."""

from __future__ import annotations

import json
import re
from pathlib import Path

from flows.cli import main
from release.reader import load_rows

DOC = Path(__file__).resolve().parents[3] / "docs" / "evaluation.md"
SECTION = "### A predictions folder, by example"


def documented_example() -> tuple[list[tuple[int, str]], dict, str]:
    """The example's tree as ``(depth, name)`` lines, ``meta.json``'s content and the URDF."""
    text = DOC.read_text(encoding="utf-8").split(SECTION, 1)[1]
    tree = re.search(r"```text\n(.*?)```", text, re.S).group(1)
    urdf = re.search(r"```xml\n(.*?)```", text, re.S).group(1)
    meta = json.loads(re.search(r"`meta.json` holds `(\{.*?\})`", text, re.S).group(1))
    lines = [((len(line) - len(line.lstrip())) // 2, line.strip())
             for line in tree.splitlines() if line.strip()]
    return lines, meta, urdf


def build_layout(root: Path, lines: list[tuple[int, str]], meta: dict, urdf: str,
                 ids: dict[str, str]) -> Path:
    """The documented tree under ``root`` (object folders renamed by ``ids``); returns the
    predictions folder."""
    stack: list[Path] = []
    for depth, name in lines:
        del stack[depth:]
        parent = stack[-1] if stack else root
        path = parent / ids.get(name.rstrip("/"), name.rstrip("/"))
        if name.endswith("/"):
            path.mkdir()
            stack.append(path)
        elif name == "meta.json":
            path.write_text(json.dumps(meta))
        else:
            assert name.endswith(".urdf"), name
            path.write_text(urdf)
    return root / lines[0][1].rstrip("/")


def test_documented_predictions_folder_is_scored(releases, tmp_path):
    lines, meta, urdf = documented_example()
    (top, _), (_, method) = lines[:2]
    assert top == 0 and method.endswith("/")
    documented = [name.rstrip("/") for depth, name in lines if depth == 2 and name.endswith("/")]
    ids = [r["object_id"] for r in load_rows(releases.a, "eval200", columns=["category"])]
    assert len(documented) == 2 and len(ids) > 2
    root = build_layout(tmp_path, lines, meta, urdf, dict(zip(documented, ids, strict=False)))
    out = tmp_path / "evaluation.json"
    assert main(["evaluate", "--release", str(releases.a), "--predictions", str(root),
                 "--json", str(out), "--n-boot", "20", "--workers", "1"]) == 0
    info = json.loads(out.read_text())["method_info"][method.rstrip("/")]
    assert info["meta"] == meta and info["meta_error"] is None
    assert info["counts"] == {"ok": 2, "missing": len(ids) - 2}
    assert info["unexpected_folders"] == []
