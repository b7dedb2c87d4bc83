"""Whether every face vertex of an ``.obj`` has a texture coordinate, and the file fixed.

MuJoCo's OBJ decoder (tinyobjloader underneath) drops all of a file's texture coordinates,
and prints ``obj_decoder: invalid or missing face texture coordinate`` on every load, when
the file has ``vt`` lines and some face vertex references none (``f 3//231``, ``f 1 2 3``:
PartNet-Mobility's untextured material groups beside its textured ones) or one that does not
exist (``0``, past the last ``vt``, a relative ``-k`` with fewer than ``k`` ``vt`` lines
before it). :func:`texcoords_fixed` returns such a file with one ``vt 0 0`` added as its
first line (:data:`NEUTRAL_TEXCOORD`), every other reference pointed at it, and every valid
reference kept (an absolute one moved up by one, a relative one as it was), so textured faces
keep their texture in every engine and viewer, and MuJoCo keeps them too, quietly; faces whose
material has no texture map never sample the added coordinate. The added line comes first
because assimp (Pinocchio's and coal's mesh loader) reads an OBJ in one pass and refuses a
face that names a ``vt`` defined after it ("OBJ: Invalid face index"), and files interleave
``vt`` lines with faces (one group per part).

The usual file is cleared without a loop over its lines (:func:`_plainly_valid`: its face
lines hold only digits, slashes and blanks, every vertex ``v/t`` or ``v/t/n`` with ``t`` in
range); anything else is decided, and fixed, line by line (:func:`_fixed`), by tinyobjloader's
reading: a statement is its line without leading blanks, ``vt`` or ``f`` then a blank.

Example:
    >>> texcoords_fixed(b"v 0 0 0\\nvt 0 1\\nf 1/1 1/1 1/1\\nf 1//1 1 1/0\\n")
    b'vt 0 0\\nv 0 0 0\\nvt 0 1\\nf 1/2 1/2 1/2\\nf 1/1/1 1/1 1/1\\n'
    >>> texcoords_fixed(b"v 0 0 0\\nvt 0 1\\nf 1/1 1/1 1/-1\\n") is None
    True
"""

from __future__ import annotations

import re

import numpy as np

#: The line added to a fixed file, and what the invalid references then point at.
NEUTRAL_TEXCOORD = b"vt 0 0"

_TEXCOORD_LINE = re.compile(rb"(?m)^[ \t]*vt[ \t]")
_FACE_TEXT = re.compile(rb"(?m)^[ \t]*f[ \t]+([^\r\n]*)")
#: The texture index of a face vertex ``v/t`` or ``v/t/n`` in a plain face text (captured).
_PLAIN_TEXCOORD = re.compile(rb"(?<![^ \t])[0-9]+/([0-9]+)")
#: Bytes of a face text whose vertices may all be plain ``v/t`` or ``v/t/n``.
_PLAIN_BYTES = b"0123456789/ \t"
_INDEX = re.compile(rb"[+-]?[0-9]{1,18}")


def texcoords_fixed(data: bytes) -> bytes | None:
    """The OBJ text ``data`` with every face vertex that lacks a valid texture coordinate
    given :data:`NEUTRAL_TEXCOORD`, or ``None`` when none lacks one (or there is no ``vt``
    line, when MuJoCo asks for none)."""
    if b"vt" not in data:
        return None
    count = len(_TEXCOORD_LINE.findall(data))
    if count == 0 or _plainly_valid(data, count):
        return None
    return _fixed(data, count)


def _plainly_valid(data: bytes, count: int) -> bool:
    """Whether every face vertex of ``data`` is ``v/t`` or ``v/t/n`` of unsigned decimals
    with ``1 <= t <= count`` (``False`` also when the faces are not that plain: then
    :func:`_fixed` decides)."""
    faces = b" ".join(_FACE_TEXT.findall(data))
    if faces.translate(None, _PLAIN_BYTES) or b"//" in faces:
        return False
    indices = _PLAIN_TEXCOORD.findall(faces)
    if len(indices) != len(faces.split()):
        return False
    if not indices:
        return True
    index = np.array(indices).astype(np.int64)  # 19+ digits raise: then the lines decide
    return bool(index.min() >= 1 and index.max() <= count)


def _fixed(data: bytes, count: int) -> bytes | None:
    """:func:`texcoords_fixed` line by line, once the faces are not plainly valid."""
    lines = data.split(b"\n")
    out, seen, invalid = [], 0, False
    for line in lines:
        if _TEXCOORD_LINE.match(line):
            seen += 1
        elif _FACE_TEXT.match(line):
            line, bad = _face_line(line, seen, count)
            invalid |= bad
        out.append(line)
    if not invalid:
        return None
    first = NEUTRAL_TEXCOORD + (b"\r" if lines[0].endswith(b"\r") else b"")
    return b"\n".join([first, *out])


def _face_line(line: bytes, seen: int, count: int) -> tuple[bytes, bool]:
    """One face line with each texture index as it reads once :data:`NEUTRAL_TEXCOORD` is the
    file's first ``vt``, and whether one was invalid (``seen``: the ``vt`` lines before it,
    ``count``: all of them)."""
    body, cr = (line[:-1], b"\r") if line.endswith(b"\r") else (line, b"")
    head, *tokens = body.split()
    fixed = [_vertex(token, seen, count) for token in tokens]
    indent = body[: len(body) - len(body.lstrip())]
    return (indent + b" ".join([head, *(token for token, _ in fixed)]) + cr,
            any(bad for _, bad in fixed))


def _vertex(token: bytes, seen: int, count: int) -> tuple[bytes, bool]:
    """One face vertex ``v[/t[/n]]`` with its texture index as it reads after the added first
    ``vt`` (an absolute one plus one, a relative one unchanged, an invalid one 1), and whether
    it was invalid.

    >>> [_vertex(t, 5, 5)[0] for t in (b"3//7", b"3/-2/7", b"3/9", b"3", b"3/2/7")]
    [b'3/1/7', b'3/-2/7', b'3/1', b'3/1', b'3/3/7']
    """
    parts = token.split(b"/")
    index = int(parts[1]) if len(parts) > 1 and _INDEX.fullmatch(parts[1]) else 0
    if 1 <= index <= count:
        index, bad = index + 1, False
    elif index < 0 and seen + index >= 0:  # valid, relative: the added line is before it
        return token, False
    else:
        index, bad = 1, True
    return b"/".join([parts[0], str(index).encode(), *parts[2:3]]), bad
