"""obj_normals: the path for the usual file (:func:`_plain_verdict`) and its searches give
what the rule (:func:`_token_rule`, one regex over the lines) gives, on edge cases, on
random files shaped like real ones with odd lines dropped in, and on every real OBJ."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena_core.mesh import obj_normals
from arena_core.mesh.obj_normals import (
    _FACE_LINE,
    _NORMAL_LINE,
    _plain_verdict,
    _statement_count,
    _statement_line,
    _token_rule,
    normals_broken,
)

#: Lines that are none of the usual ones, or look like them and are not.
_ODD_LINES = [
    b"", b"f", b"f ", b"f  1//1", b" f 1//1 1//1 1//1", b"  f 1/1/1", b"ff 1//1", b"f\t1//1",
    b"fvn 1", b"vn", b"vn ", b"  vn 0 1 0", b"vn\t1 0 0", b"xvn 1", b"nvn 1", b"vnf 1",
    b"# f 1 2 3", b"# vn 0 0 1", b"o leaf", b"g fan", b"s off", b"s 1", b"l 1 2",
    b"usemtl", b"usemtl f 1//1", b" usemtl c", b"usemtl\tb", b"mtllib fan.mtl", b"v nan 0 0",
    b"f 1//1 1//1 1//1 ", b"f 1//1  1//1 1//1", b"f 1/1/1\x0b1/1/1", b"f 1/1/1/1 1/1",
    b"f 1//+1 1//-1 1//1", b"f 1//0 1//1 1//1", b"f 1//00000000000000000001 1//1 1//1",
    b"f 1//99999999999999999999 1//1 1//1", b"f //1 1//1 1//1", b"f 1// 1//1 1//1",
    b"f /1/1 1//1 1//1", b"f 1/1/ 1//1 1//1", b"f 1 2 3", b"f a/b/1 1//1 1//1",
]


def _token(rng: random.Random, normals: int, textured: bool) -> bytes:
    n = rng.randint(0, normals + 1) if rng.random() < 0.05 else rng.randint(1, max(normals, 1))
    v = rng.randint(1, 30)
    return b"%d/%d/%d" % (v, rng.randint(1, 30), n) if textured else b"%d//%d" % (v, n)


def _usual_obj(rng: random.Random) -> bytes:
    """A file shaped like the real ones (header, ``v``/``vt``/``vn`` blocks, ``usemtl`` parts
    of ``f`` lines), sometimes with odd lines dropped in anywhere."""
    normals = rng.choice([0, 1, 2, 5, 12])
    textured = rng.random() < 0.5
    lines = [b"# Blender v2.79 (sub 0) OBJ File: ''", b"mtllib fan.mtl", b"o f3dw.59af"]
    lines += [b"v %d 0.5 -1" % i for i in range(rng.randint(1, 6))]
    lines += [b"vt 0.5 0.25" for _ in range(rng.randint(0, 3) if textured else 0)]
    lines += [b"vn 0 0 %d" % i for i in range(normals)]
    for part in range(rng.randint(0, 3)):
        lines.append(b"usemtl material_%d" % part)
        lines += [b"s off"] * (rng.random() < 0.2)
        lines += [b"f " + b" ".join(_token(rng, normals, textured) for _ in range(rng.choice(
            [3, 3, 4, 6]))) for _ in range(rng.randint(0, 5))]
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        lines.insert(rng.randint(0, len(lines)), rng.choice(_ODD_LINES))
    end = b"\r\n" if rng.random() < 0.05 else b"\n"
    return end.join(lines) + rng.choice([b"", end, end + end])


@pytest.mark.parametrize("data", [
    b"", b"\n", b"vn 0 0 1", b"f 1//1", b"vn 0 0 1\nf 1//1", b"vn 0 0 1\nf 1//2",
    b"vn 0 0 1\nf ", b"vn 0 0 1\nf \n", b"vn 0 0 1\nf \nf ", b"f 1//1\nvn 0 0 1",
    b"usemtl a\nvn 0 0 1\nf 1//1", b"vn 0 0 1\nusemtl a", b"vn 0 0 1\nusemtl a\n",
    b"vn 0 0 1\nusemtl a\nusemtl b\nf 1//1\n", b"vn 0 0 1\nusemtl a\ns 1\nf 1//1\nusemtl b\n",
    b"vn 0 0 1\nusemtl a\nf 1//1\nvn 0 1 0\nf 1//2\n", b"vn 0 0 1\nusemtl a\nf 1//1\n\n",
    b"vn 0 0 1\nusemtl a\nf 1//1\n\nusemtl b\nf 1//1", b"usemtl f 1//2\nvn 0 0 1\nf 1//1",
    b"o fan\ng leaf\nvn 0 0 1\nf 1/1/1 2/2/1 3/3/1", b"vn 0 0 1\nf 1/1/1 2//1 3/3/1",
    b"vn 0 0 1\n  f 1//5\nf 1//1", b"vn 0 0 1\nf 1//1\n  vn 1 0 0\nf 1//2",
    b"vn 1 0 0\nf 1//1\n" + b"o fan\n" * 100 + b"f 1//2\n", b"n\n" * 100 + b"vn 0 0 1\nf 1//1",
    b"vn 0 0 1\nf 1//1 1//1 1//1\nf 1 1 1\n",
])
def test_edge_cases_follow_the_rule(data):
    expected = _token_rule(data)
    assert normals_broken(data) == expected
    assert _plain_verdict(data) in (None, expected)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_usual_files_follow_the_rule(seed):
    data = _usual_obj(random.Random(seed))
    assert _plain_verdict(data) in (None, _token_rule(data))


def test_seeded_usual_files_follow_the_rule_and_mostly_take_the_plain_path():
    verdicts = []
    for seed in range(3000):
        data = _usual_obj(random.Random(seed))
        verdicts.append(_plain_verdict(data))
        assert verdicts[-1] in (None, _token_rule(data)), data
    assert verdicts.count(None) < len(verdicts) / 2
    assert verdicts.count(True) > 100 and verdicts.count(False) > 100


_TEXT = st.lists(st.sampled_from([b"f 1 2", b" f 1", b"  f 1", b"f", b"ff 1", b"of 1", b"vn 1",
                                  b" vn 1", b"vn", b"nvn 1", b"v 1", b"n", b"", b"fn 1", b"vnf"]),
                 max_size=12).map(b"\n".join)


@settings(max_examples=400, deadline=None)
@given(_TEXT, st.integers(0, 3))
def test_statement_line_finds_the_first_and_last_matching_line(text, start):
    start = min(start, len(text))
    start = text.rfind(b"\n", 0, start) + 1  # a line start
    for key, line in ((b"f", _FACE_LINE), (b"vn", _NORMAL_LINE)):
        found = [m.start() for m in line.finditer(text, start)]
        assert _statement_line(text, key, start) == (found[0] if found else -1)
        assert _statement_line(text, key, start, last=True) == (found[-1] if found else -1)
        count = _statement_count(text[start:], key)
        assert count in (None, len(line.findall(text[start:])))


def test_statement_searches_give_up_after_many_lines(monkeypatch):
    text = b"o fan\n" * 10 + b"f 1 2 3\n"
    assert _statement_line(text, b"f") == 60
    monkeypatch.setattr(obj_normals, "_MOST_LINES", 5)
    assert _statement_line(text, b"f") is None
    assert _plain_verdict(b"vn 0 0 1\n" + text) is None


def test_real_objs_take_the_plain_path_with_the_rule_verdict(realdata):
    files = sorted(realdata.rglob("*.obj"))
    assert len(files) > 1000
    plain = 0
    for path in files:
        data = path.read_bytes()
        verdict = _plain_verdict(data)
        assert verdict in (None, _token_rule(data)), path
        plain += verdict is not None
    assert plain > 0.9 * len(files)
