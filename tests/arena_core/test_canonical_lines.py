"""canonical_files: only marked lines are rewritten (dropping keeps one newline); which OBJ
files have broken normals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena_core import obj_normals
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


def _normals_broken_reference(data: bytes) -> bool:
    """The rule token by token: with ``vn`` lines, every face vertex is ``v/t/n`` with a
    decimal normal index ``n`` (an optional sign), not 0, within ``[-normals, normals]``."""
    normals = len(obj_normals._NORMAL_LINE.findall(data))
    if normals == 0:
        return False
    for token in b" ".join(obj_normals._FACE_LINE.findall(data)).split():
        parts = token.split(b"/")
        if len(parts) != 3 or not parts[2] or not parts[2].lstrip(b"+-").isdigit():
            return True
        index = int(parts[2])
        if index == 0 or index > normals or index < -normals:
            return True
    return False


_TOKEN = st.one_of(
    st.sampled_from([b"1", b"1/2", b"1//2", b"1/2/3", b"1/2/", b"1//", b"-1//-1", b"1//+2",
                     b"1//0", b"1//-0", b"1//x", b"1/2/3/4", b"2//99999999999999999999",
                     b"1//4", b"1//-4", b"//1", b"a/b/1"]),
    st.builds(lambda v, n: b"%d//%d" % (v, n), st.integers(1, 5), st.integers(-5, 5)),
)
_LINE = st.one_of(
    st.builds(lambda toks, sep: b"f" + sep + sep.join(toks), st.lists(_TOKEN, max_size=5),
              st.sampled_from([b" ", b"\t", b"  "])),
    st.sampled_from([b"vn 0 0 1", b"  vn 0 1 0", b"v 0 0 0", b"vt 0 0", b"# f 1 2 3", b"",
                     b"f", b"vn\t1 0 0"]),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_LINE, max_size=12), st.sampled_from([b"\n", b"\r\n"]))
def test_normals_broken_follows_the_token_rule(lines, end):
    data = end.join(lines)
    assert obj_normals.normals_broken(data) == _normals_broken_reference(data)


def test_normals_broken_on_real_objs_follows_the_token_rule(realdata):
    files = sorted(realdata.rglob("*.obj"))[::4]
    assert len(files) > 300
    for path in files:
        data = path.read_bytes()
        assert obj_normals.normals_broken(data) == _normals_broken_reference(data), path
