"""canonical_files: only marked lines are rewritten (dropping keeps one newline), a material as
every line through the texture rule, a stored file as ``exists`` then ``write`` did; which OBJ
files have broken normals."""

from __future__ import annotations

import hashlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena_core.mesh import canonical_files, obj_normals
from arena_core.mesh.canonical_files import _rewrite_lines
from arena_core.mesh.parts import MeshCache


def _reference(data: bytes, rewrite, marker, base=None) -> bytes:
    """The rule in one line: split into lines, rewrite the marked ones, join what is left."""
    out = []
    for raw in data.split(b"\n"):
        line, cr = (raw[:-1], b"\r") if raw.endswith(b"\r") else (raw, b"")
        marked = marker in raw if isinstance(marker, bytes) else marker.search(raw)
        new = rewrite(base, line) if marked else line
        if new is not None:
            out.append(new + cr)
    return b"\n".join(out)


_DATA = [
    b"mtllib a.mtl\nv 0 0 0\n", b"v 0 0 0\nmtllib a.mtl", b"mtllib a.mtl", b"x\nmtllib a\nmtllib b",
    b"x\nmtllib a\n", b"mtllib a\nmtllib b\n", b"\n\nmtllib q\n\n", b"v 1\r\nmtllib a\r\nv 2\r\n",
    b"v 0 0 0\nf 1 2 3\n", b"", b"\n", b"mtllib",
]
_REWRITES = [lambda base, line: None,
             lambda base, line: line.replace(b"mtllib", b"mtllib X"),
             lambda base, line: None if line.endswith(b"a") else line]


@pytest.mark.parametrize("data", _DATA)
@pytest.mark.parametrize("rewrite", _REWRITES)
def test_marked_lines_are_rewritten_or_dropped_like_a_split_and_join(data, rewrite):
    assert _rewrite_lines(data, None, rewrite, b"mtllib") == _reference(data, rewrite, b"mtllib")


_MTL = [b"newmtl m\nKd 1 1 1\nmap_Kd a.png\n", b"bump b.png\r\nmap_Ka a b.png\r\nKs 0 0 0",
        b"norm n.png\ndecal d.png\ndisp x.png\nrefl -type sphere r.png\nmap_Kd", b"Ns 10\n",
        b"newmtl norm_a\nmap_Kd a.png\n\nmap_Bump"]


@pytest.mark.parametrize("data", _DATA + _MTL)
@pytest.mark.parametrize("rewrite", [*_REWRITES, lambda base, line: line[::-1] or None])
def test_lines_holding_a_texture_word_are_rewritten_like_a_split_and_join(data, rewrite):
    marker = canonical_files._TEXTURE_WORD
    assert _rewrite_lines(data, None, rewrite, marker) == _reference(data, rewrite, marker)


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


_MTL_LINE = st.one_of(
    st.sampled_from([b"newmtl m", b"newmtl norm_map_", b"Kd 1 1 1", b"", b"  map_Kd t.png",
                     b"map_Kd -s 1 1 1 t.png", b"map_Kd missing.png", b"map_Ka ../out.png",
                     b"bump t.png", b"norm", b"refl -type sphere t.png", b"decal t.png\r",
                     b"map_Kd /abs.png", b"# map_Kd t.png", b"disp t.png extra", b"Ns map_"]),
    st.binary(max_size=12))


@settings(max_examples=200, deadline=None)
@given(st.lists(_MTL_LINE, max_size=10))
def test_a_material_is_rewritten_as_every_line_through_the_texture_rule(tmp_path_factory, lines):
    folder = tmp_path_factory.mktemp("mtl")
    (folder / "t.png").write_bytes(b"png")
    path = folder / "m.mtl"
    path.write_bytes(b"\n".join(lines))
    searched = canonical_files._Copier(folder / "out", MeshCache())
    every = canonical_files._Copier(folder / "out", MeshCache())
    expected = _reference(path.read_bytes(), every._texture, re.compile(b""), str(folder))
    assert searched._material(str(path)) == expected
    assert (searched.stored, searched.missing_textures, searched.refused) == \
        (every.stored, every.missing_textures, every.refused)


def _stored_as_before(folder, data: bytes, ext: str) -> str:
    """What ``_store_bytes`` did with pathlib: write unless ``Path.exists()``."""
    name = hashlib.sha256(data).hexdigest()[:canonical_files.NAME_DIGITS] + ext
    target = folder / canonical_files.MESH_DIR / name
    if not target.exists():
        target.write_bytes(data)
    return name


@pytest.mark.parametrize("present", ["nothing", "file", "folder", "link", "dangling", "loop"])
def test_a_stored_file_is_written_as_exists_then_write_did(tmp_path, present):
    outcomes = []
    for side in ("before", "now"):
        folder = tmp_path / side
        (folder / "meshes").mkdir(parents=True)
        name = "ba7816bf8f01cfea.obj"  # sha256(b"abc")
        target = folder / "meshes" / name
        if present == "file":
            target.write_bytes(b"old")
        elif present == "folder":
            target.mkdir()
        elif present == "link":
            (folder / "real").write_bytes(b"real")
            target.symlink_to(folder / "real")
        elif present == "dangling":
            target.symlink_to(folder / "elsewhere")
        elif present == "loop":
            target.symlink_to(target)
        try:
            if side == "before":
                got = _stored_as_before(folder, b"abc", ".obj")
            else:
                copier = canonical_files._Copier(folder, MeshCache())
                copier.made_dir = True
                got = copier._store_bytes(b"abc", ".obj")
        except OSError as exc:
            got = type(exc)
        files = sorted((str(p.relative_to(folder)), p.is_symlink(), p.is_file() and p.read_bytes())
                       for p in folder.rglob("*") if not p.is_symlink() or p.exists())
        outcomes.append((got, files))
    assert outcomes[0] == outcomes[1]
