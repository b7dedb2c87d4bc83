"""``package://`` references without a ``package.xml`` (arena_core.formats.urdf.meshes rules 1-3).

Layouts copied in miniature from the wheels that ship them: ManiSkill's TriFinger (the URDF
inside ``robot_properties_fingers/urdf/``), robosuite's ``panda_description`` (whose
``package.xml`` declares ``franka_description``), PyBullet's xArm (``xarm_description/``
beside the URDF), PyBullet's and Genesis's ``package://meshes/...`` and ``package://wheel.obj``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arena_core.formats.urdf.meshes import package_candidate
from arena_core.formats.urdf.read import read_urdf
from tests.hostile import CUBE_OBJ


def _urdf(path: Path, *filenames: str) -> Path:
    visuals = "".join(f'<visual><geometry><mesh filename="{f}"/></geometry></visual>'
                      for f in filenames)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'<robot name="r"><link name="base">{visuals}</link></robot>')
    return path


def _mesh(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(CUBE_OBJ)
    return path


def _resolved(urdf: Path, root: Path, **kwargs) -> tuple[list[str | None], list[str]]:
    read = read_urdf(urdf, root_dir=root, **kwargs)
    paths = [m.path for m in read.obj.links["base"].meshes]
    return paths, [i.code for i in read.issues]


def test_urdf_inside_a_folder_named_like_the_package(tmp_path):
    mesh = _mesh(tmp_path / "robot_properties_fingers" / "meshes" / "upper.obj")
    urdf = _urdf(tmp_path / "robot_properties_fingers" / "urdf" / "finger.urdf",
                 "package://robot_properties_fingers/meshes/upper.obj",
                 "package://robot_properties_fingers/meshes/upper.obj")
    paths, codes = _resolved(urdf, tmp_path)
    assert paths == [str(mesh)] * 2
    assert codes == ["mesh.path.package_guessed"]  # once per package


def test_folder_named_like_the_package_wins_over_a_differently_named_package_xml(tmp_path):
    (tmp_path / "panda_description").mkdir()
    (tmp_path / "panda_description" / "package.xml").write_text(
        "<package><name>franka_description</name></package>")
    mesh = _mesh(tmp_path / "panda_description" / "meshes" / "link0.obj")
    urdf = _urdf(tmp_path / "panda_description" / "urdf" / "panda_arm.urdf",
                 "package://panda_description/meshes/link0.obj")
    paths, codes = _resolved(urdf, tmp_path, package_dirs={
        "franka_description": tmp_path / "panda_description"})
    assert (paths, codes) == ([str(mesh)], ["mesh.path.package_guessed"])


@pytest.mark.parametrize("uri, mesh", [
    ("package://xarm_description/meshes/link1.obj", "xarm/xarm_description/meshes/link1.obj"),
    ("package://meshes/visual/link0.obj", "meshes/visual/link0.obj"),
    ("package://wheel.obj", "xarm/wheel.obj"),
])
def test_package_prefix_read_as_a_path_near_the_urdf(tmp_path, uri, mesh):
    target = _mesh(tmp_path / mesh)
    paths, codes = _resolved(_urdf(tmp_path / "xarm" / "robot.urdf", uri), tmp_path)
    assert (paths, codes) == ([str(target)], ["mesh.path.package_guessed"])


def test_declared_packages_need_no_guess(tmp_path):
    mesh = _mesh(tmp_path / "pkg" / "m.obj")
    urdf = _urdf(tmp_path / "pkg" / "urdf" / "r.urdf", "package://pkg/m.obj")
    paths, codes = _resolved(urdf, tmp_path, package_dirs={"pkg": tmp_path / "pkg"})
    assert (paths, codes) == ([str(mesh)], [])


def test_nothing_is_guessed_outside_the_root(tmp_path):
    """A folder named like the package above the object's root is not used; a guessed path
    that does not exist stays unresolved, one named by the enclosing folder is missing."""
    _mesh(tmp_path / "koch" / "meshes" / "a.obj")
    root = tmp_path / "koch" / "urdf"
    urdf = _urdf(root / "arm.urdf", "package://koch/meshes/a.obj", "package://other/x.obj")
    paths, codes = _resolved(urdf, root)
    assert paths == [None, None]
    assert codes == ["mesh.path.package_unresolved"] * 2
    inside = _urdf(tmp_path / "koch" / "urdf" / "arm2.urdf", "package://koch/meshes/b.obj")
    paths, codes = _resolved(inside, tmp_path)
    assert paths == [None] and codes == ["mesh.path.package_guessed", "mesh.missing"]


def test_guessed_paths_cannot_escape_the_root(tmp_path):
    (tmp_path / "lib").mkdir()
    _mesh(tmp_path / "secret.obj")
    urdf = _urdf(tmp_path / "lib" / "r.urdf", "package://lib/../secret.obj")
    paths, codes = _resolved(urdf, tmp_path / "lib")
    assert paths == [None] and codes[-1] == "mesh.path.escapes"


def test_package_candidate_order(tmp_path):
    _mesh(tmp_path / "a" / "pkg" / "m.obj")
    base = tmp_path / "a" / "pkg" / "urdf"
    base.mkdir(parents=True)
    assert package_candidate("pkg", "m.obj", base=base, root=tmp_path, packages={
        "pkg": tmp_path / "elsewhere"}) == (tmp_path / "elsewhere" / "m.obj", "declared")
    assert package_candidate("pkg", "m.obj", base=base, root=tmp_path, packages={}) == (
        tmp_path / "a" / "pkg" / "m.obj", "enclosing")
    assert package_candidate("nope", "m.obj", base=base, root=tmp_path, packages={}) == (
        None, None)


def test_an_enclosing_folder_without_the_file_yields_to_a_relative_path(tmp_path):
    """Genesis's blue_box: ``package://assets/part_1.stl`` next to ``urdf/blue_box/model.urdf``
    inside a library whose root is itself named ``assets``."""
    root = tmp_path / "assets"
    mesh = _mesh(root / "urdf" / "blue_box" / "assets" / "part_1.obj")
    urdf = _urdf(root / "urdf" / "blue_box" / "model.urdf", "package://assets/part_1.obj")
    assert _resolved(urdf, root) == ([str(mesh)], ["mesh.path.package_guessed"])


def test_an_empty_package_name_is_skipped_with_a_warning(tmp_path):
    """Talos in example-robot-data: ``package:///example-robot-data/robots/...``."""
    mesh = _mesh(tmp_path / "pkg" / "m.obj")
    urdf = _urdf(tmp_path / "pkg" / "urdf" / "r.urdf", "package:///pkg/m.obj",
                 "package:///pkg/m.obj")
    paths, codes = _resolved(urdf, tmp_path, package_dirs={"pkg": tmp_path / "pkg"})
    assert (paths, codes) == ([str(mesh)] * 2, ["mesh.path.package_slashes"])
