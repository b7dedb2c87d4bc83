"""The reader's fast paths against the general ones they replace.

* :func:`arena_core.formats.urdf.parse.parse_robot` (each distinct origin composed once) against
  yourdfpy's ``URDF._parse_robot``: the same ``Robot``, bit for bit, on every URDF fixture,
  the hostile objects and the PartNet-style objects when present, and the same exception
  (type and message) on malformed trees.
* ``arena_core.pipeline.run._source_files`` (string paths, folders' real paths looked up once)
  against the pathlib version it replaced.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest
import yourdfpy
from lxml import etree

from arena_core.formats.urdf.parse import parse_robot
from arena_core.pipeline.run import _source_files
from arena_core.util.hashing import file_sha256
from schemas.files import SourceFile
from tests.hostile import make_hostile

REPO = Path(__file__).resolve().parents[4]
REALDATA = REPO.parent / "shared" / "realdata"


def _same(a, b, where: str = "robot") -> None:
    """Assert that two yourdfpy values are equal field by field, arrays bit for bit."""
    assert type(a) is type(b), where
    if isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.shape == b.shape, where
        assert a.tobytes() == b.tobytes(), where
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            _same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, list):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{i}]")
    elif isinstance(a, float) and np.isnan(a):
        assert np.isnan(b), where
    else:
        assert a == b, where


def _outcome(parse, root: etree._Element):
    try:
        return "ok", parse(root)
    except Exception as exc:  # noqa: BLE001 - the exception is what is compared
        return "error", (type(exc), str(exc))


def _check(text: bytes) -> None:
    root = etree.fromstring(text, etree.XMLParser(resolve_entities=False, no_network=True))
    general = _outcome(lambda r: yourdfpy.URDF._parse_robot(xml_element=r), root)
    fast = _outcome(parse_robot, root)
    assert general[0] == fast[0]
    if general[0] == "ok":
        _same(general[1], fast[1])
    else:
        assert general[1] == fast[1]


def _urdfs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.urdf")) if folder.is_dir() else []


def _is_xml(path: Path) -> bool:
    """Whether lxml parses ``path`` (a few fixtures are not XML: reader error cases)."""
    try:
        etree.fromstring(path.read_bytes())
    except etree.XMLSyntaxError:
        return False
    return True


FIXTURES = [p for p in _urdfs(REPO / "tests" / "fixtures") if _is_xml(p)]


def test_the_fixtures_are_found():
    assert len(FIXTURES) >= 40


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_parse_robot_matches_yourdfpy_on_fixtures(path):
    _check(path.read_bytes())


def test_parse_robot_matches_yourdfpy_on_hostile_objects(tmp_path):
    root = tmp_path / "hostile"
    make_hostile(root)
    checked = 0
    try:
        for path in sorted(root.glob("*/*.urdf")):  # not rglob: one case nests folders deeply
            if path.stat().st_size > 1 << 20:
                continue  # the sparse oversized cases
            try:
                text = path.read_bytes()
                etree.fromstring(text)
            except (etree.XMLSyntaxError, ValueError, OSError):
                continue
            _check(text)
            checked += 1
    finally:
        subprocess.run(["rm", "-rf", str(root)], check=False)  # rmtree recurses too deep
    assert checked > 5


@pytest.mark.skipif(not REALDATA.is_dir(), reason="no ../shared/realdata")
def test_parse_robot_matches_yourdfpy_on_realdata():
    paths = sorted(REALDATA.rglob("mobility.urdf"))[:40]
    for path in paths:
        _check(path.read_bytes())
    assert paths


@pytest.mark.parametrize("body", [
    '<link name="a"><visual><origin xyz="0 0 1"/><geometry><box size="1 1 1"/></geometry>'
    '</visual><collision><origin xyz="0 0 1"/><geometry><box size="1 1 1"/></geometry>'
    '</collision><inertial><origin xyz="0 0 1" rpy="0.1 0 0"/><mass value="1"/></inertial>'
    '</link><link name="b"/><joint name="j" type="revolute"><origin rpy="0.1 0 0" xyz="0 0 1"/>'
    '<parent link="a"/><child link="b"/><axis xyz="0 0 1"/><limit lower="0" upper="1" '
    'effort="1" velocity="1"/><mimic joint="k" multiplier="2"/></joint>',
    '<link name="a"><visual><origin xyz="0 0 x"/><geometry><box size="1 1 1"/></geometry>'
    '</visual></link>',
    '<link name="a"><visual><origin xyz="1 2 3"/><geometry><box size="1 1 1"/></geometry>'
    '</visual><collision><origin xyz="1 2 3" rpy="nan 0 inf"/><geometry><sphere radius="1"/>'
    '</geometry></collision></link>',
    '<link name="a"><visual><geometry/></visual></link>',
    '<link name="a"><visual><geometry><cone/></geometry></visual></link>',
    '<link><inertial/></link>',
    '<link name="a"/><joint name="j" type="fixed"><child link="a"/></joint>',
    '<link name="a"/><joint type="fixed"/>',
    '<link name="a"/><joint name="j" type="fixed"><parent link="a"/><child link="a"/>'
    '<limit lower="q"/></joint>',
    '<link name="a"/><material name="m"><color rgba="1 x 1 1"/></material>',
    '<link name="a"><visual><geometry><mesh filename="m.obj" scale="1,2,3"/></geometry>'
    '<material name="m"><color rgba="1 1 1 1"/></material></visual></link>',
], ids=lambda body: str(abs(hash(body)) % 10_000))
def test_parse_robot_matches_yourdfpy_on_small_trees(body):
    _check(f'<robot name="r">{body}</robot>'.encode())


def test_parse_robot_origins_are_not_shared():
    root = etree.fromstring('<robot name="r"><link name="a"><visual><origin xyz="0 0 1"/>'
                            '<geometry><box size="1 1 1"/></geometry></visual><collision>'
                            '<origin xyz="0 0 1"/><geometry><box size="1 1 1"/></geometry>'
                            '</collision></link></robot>')
    link = parse_robot(root).links[0]
    link.visuals[0].origin[0, 3] = 5.0
    assert link.collisions[0].origin[0, 3] == 0.0


# ----------------------------------------------------------------------------- source files
def _source_files_pathlib(paths, base: Path, package_dirs) -> list[SourceFile]:
    """The general version (pathlib ``resolve`` / ``is_relative_to`` per file)."""
    roots = [("", base.resolve())] + [(f"{k}/", Path(v).resolve())
                                      for k, v in (package_dirs or {}).items()]
    out = {}
    for path in map(Path, paths):
        if not path.is_file():
            continue
        real = path.resolve()
        for prefix, root in roots:
            if real.is_relative_to(root):
                rel = prefix + real.relative_to(root).as_posix()
                out[rel] = SourceFile(path=rel, sha256=file_sha256(real), size=real.stat().st_size)
                break
    return [out[k] for k in sorted(out)]


def test_source_files_match_the_pathlib_version(tmp_path):
    base, pkg, outside = tmp_path / "obj", tmp_path / "pkgs" / "p", tmp_path / "outside"
    for folder in (base / "meshes" / "sub", pkg / "m", outside):
        folder.mkdir(parents=True)
    (base / "a.urdf").write_text("<robot/>")
    (base / "meshes" / "a.obj").write_text("v 0 0 0\n")
    (base / "meshes" / "sub" / "b.obj").write_text("v 1 0 0\n")
    (pkg / "m" / "c.stl").write_bytes(b"solid\n")
    (outside / "d.obj").write_text("v 2 0 0\n")
    os.symlink(base / "meshes", base / "linked")
    os.symlink(outside / "d.obj", base / "meshes" / "escape.obj")
    os.symlink(base / "meshes" / "a.obj", base / "meshes" / "alias.obj")
    paths = [base / "a.urdf", str(base / "meshes" / "a.obj"), base / "linked" / "sub" / "b.obj",
             str(pkg / "m" / "c.stl"), base / "meshes" / "escape.obj",
             base / "meshes" / "alias.obj", base / "missing.obj", base / "meshes",
             "relative/missing.obj", base / "a.urdf" / "not_a_dir.obj"]
    for packages in (None, {"p": pkg}, {"p": str(pkg), "q": tmp_path / "pkgs"}):
        for root in (base, base / "linked" / ".."):
            got = _source_files(paths, root, packages)
            assert got == _source_files_pathlib(paths, root, packages)
    assert [f.path for f in _source_files(paths, base, {"p": pkg})] == [
        "a.urdf", "meshes/a.obj", "meshes/sub/b.obj", "p/m/c.stl"]
