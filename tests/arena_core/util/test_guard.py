"""The per-object guard, file inspection, the depth-bounded walk and safe XML decoding."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from arena_core.formats.urdf.read import UrdfError, read_urdf
from arena_core.formats.xmlsafe import XmlError, parse_xml
from arena_core.util.fs import file_problem, walk, write_atomic
from arena_core.util.guard import exception_code, guarded
from tests.hostile import CUBE_OBJ, urdf_text


@pytest.mark.parametrize(("exc", "code"), [
    (OSError(errno.ENAMETOOLONG, "File name too long"), "file.name_too_long"),
    (OSError(errno.ELOOP, "Too many levels of symbolic links"), "file.symlink_loop"),
    (PermissionError(errno.EACCES, "Permission denied"), "file.unreadable"),
    (IsADirectoryError(errno.EISDIR, "Is a directory"), "file.not_a_file"),
    (OSError(errno.ENOSPC, "No space left on device"), "file.disk_full"),
    (OSError(errno.EIO, "Input/output error"), "file.io_error"),
    (RuntimeError("Symlink loop from '/x/a'"), "file.symlink_loop"),
    (MemoryError(), "resource.memory"),
    (RuntimeError("MemoryError: "), "resource.memory"),  # a native library passing one on
    (RecursionError("maximum recursion depth exceeded"), "input.too_deep"),
    (np.linalg.LinAlgError("Eigenvalues did not converge"), "numeric.invalid"),
    (UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), "file.encoding"),
    (UrdfError("xml.doctype", "no DTD"), "xml.doctype"),
    (KeyError("surprise"), "internal.error"),
])
def test_exceptions_get_the_most_specific_code(exc, code):
    assert exception_code(exc) == code


def test_guard_turns_a_failure_into_data_and_lets_interrupts_through():
    assert guarded(lambda: [].pop(), on_error=lambda issue: (issue.code, issue.severity)) == (
        "internal.error", "error")
    assert guarded(lambda: 7, on_error=lambda issue: None) == 7
    with pytest.raises(KeyboardInterrupt):
        guarded(lambda: (_ for _ in ()).throw(KeyboardInterrupt), on_error=lambda i: None)


def test_file_problem_names_what_a_path_is(tmp_path):
    (tmp_path / "f").write_text("x" * 10)
    os.mkfifo(tmp_path / "fifo")
    os.symlink("loop", tmp_path / "loop")
    kinds = {name: getattr(file_problem(tmp_path / name, max_bytes=5), "kind", None)
             for name in ("f", "fifo", "loop", "gone", "n" * 300)}
    assert kinds == {"f": "too_large", "fifo": "not_a_file", "loop": "path.symlink_loop",
                     "gone": "missing", "n" * 300: "path.too_long"}
    assert file_problem(tmp_path / "f") is None and file_problem(tmp_path).kind == "not_a_file"


def test_walk_stops_at_the_depth_limit_without_recursion(tmp_path):
    deep = tmp_path / "deep"
    deep.mkdir()
    subprocess.run(["sh", "-c", "for i in $(seq 1500); do mkdir d && cd d; done"], cwd=deep,
                   check=True)
    too_deep: list[Path] = []
    try:
        folders = [f for f, _, _ in walk(tmp_path, max_depth=10, too_deep=too_deep)]
    finally:
        subprocess.run(["rm", "-rf", str(deep)], check=True)
    assert len(folders) == 11 and len(too_deep) == 1  # depth 0 (root) to 10; the rest skipped


def test_write_atomic_replaces_whole_files(tmp_path):
    write_atomic(tmp_path / "a.json", "one")
    write_atomic(tmp_path / "a.json", b"two")
    assert (tmp_path / "a.json").read_text() == "two"
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


# ----------------------------------------------------------------------------- XML
def test_utf16_urdf_is_read_not_reported_as_nul_bytes(tmp_path):
    (tmp_path / "m.obj").write_text(CUBE_OBJ)
    text = urdf_text("wide").replace('<?xml version="1.0"?>',
                                     '<?xml version="1.0" encoding="UTF-16"?>')
    (tmp_path / "wide.urdf").write_bytes(text.encode("utf-16"))
    read = read_urdf(tmp_path / "wide.urdf")
    assert read.obj.name == "wide" and [j.name for j in read.obj.joints] == ["hinge"]
    assert read.issues == []


@pytest.mark.parametrize(("data", "code"), [
    (b'<?xml version="1.0" encoding="UTF-7"?>\n+ADw-+ACE-DOCTYPE r+AD4-<robot/>',
     "xml.encoding.unsupported"),
    (b'<?xml version="1.0" encoding="EBCDIC-US"?><robot/>', "xml.encoding.unsupported"),
    ('<!DOCTYPE r [<!ENTITY e "x">]><robot name="&e;"/>'.encode("utf-16"), "xml.doctype"),
    (b'<?xml version="1.0" encoding="UTF-16"?><robot/>', "xml.encoding.invalid"),
    (b"\x89PNG\r\n\x1a\n\xff\xfe\x00", "xml.malformed"),
    # TinyXML-2's leniencies repaired: not what is still broken, nor a DOCTYPE they hid
    (b'<robot><!-- x -- y --><link name="a"<link/></robot>', "xml.malformed"),
    (b'<robot><!<!-- x -- y -->DOCTYPE r><link name="a"/></robot>', "xml.doctype"),
])
def test_refused_xml_has_a_code(data, code):
    with pytest.raises(XmlError) as caught:
        parse_xml(data)
    assert caught.value.code == code


def test_latin1_declared_xml_is_decoded():
    root = parse_xml('<?xml version="1.0" encoding="ISO-8859-1"?><robot name="caf\xe9"/>'
                     .encode("latin-1"))
    assert root.get("name") == "caf\xe9"


def test_what_tinyxml2_reads_is_repaired_with_a_warning_in_a_urdf_too(tmp_path):
    """urdfdom, PyBullet and MuJoCo parse with TinyXML-2, which reads a comment holding
    '--' and attributes with no space between them (myo-sim's files); XML forbids both."""
    (tmp_path / "m.obj").write_text(CUBE_OBJ)
    text = urdf_text("lenient").replace('<robot name="lenient">',
                                        '<robot name="lenient"><!-- a lid -- hinged -->')
    text = text.replace('<joint name="hinge" type="revolute">',
                        '<joint name="hinge"type="revolute">')
    assert text.count("--") == 3 and 'name="hinge"type=' in text
    (tmp_path / "lenient.urdf").write_text(text)
    read = read_urdf(tmp_path / "lenient.urdf")
    assert [j.name for j in read.obj.joints] == ["hinge"]
    (repaired,) = [i for i in read.issues if i.code == "xml.repaired"]
    assert repaired.severity == "warning" and "'--' inside a comment" in repaired.message
    assert "attributes with no space between them" in repaired.message
