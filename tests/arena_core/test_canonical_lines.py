"""canonical_files._rewrite_lines: only marked lines are rewritten; dropping keeps one newline."""

from __future__ import annotations

import pytest

from arena_core.canonical_files import _rewrite_lines


def _reference(data: bytes, rewrite, marker: bytes) -> bytes:
    """The rule in one line: split into lines, rewrite the marked ones, join what is left."""
    out = []
    for raw in data.split(b"\n"):
        line, cr = (raw[:-1], b"\r") if raw.endswith(b"\r") else (raw, b"")
        new = rewrite(None, line) if marker in raw else line
        if new is not None:
            out.append(new + cr)
    return b"\n".join(out)


@pytest.mark.parametrize("data", [
    b"mtllib a.mtl\nv 0 0 0\n", b"v 0 0 0\nmtllib a.mtl", b"mtllib a.mtl", b"x\nmtllib a\nmtllib b",
    b"x\nmtllib a\n", b"mtllib a\nmtllib b\n", b"\n\nmtllib q\n\n", b"v 1\r\nmtllib a\r\nv 2\r\n",
    b"v 0 0 0\nf 1 2 3\n",
])
@pytest.mark.parametrize("rewrite", [lambda base, line: None,
                                     lambda base, line: line.replace(b"mtllib", b"mtllib X"),
                                     lambda base, line: None if line.endswith(b"a") else line])
def test_marked_lines_are_rewritten_or_dropped_like_a_split_and_join(tmp_path, data, rewrite):
    path = tmp_path / "m.obj"
    path.write_bytes(data)
    assert _rewrite_lines(path, rewrite, marker=b"mtllib") == _reference(data, rewrite, b"mtllib")
