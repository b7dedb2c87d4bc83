"""Whether the normals of an ``.obj`` can be kept, and the file without them.

MuJoCo refuses an ``.obj`` with ``vn`` lines one of whose face vertices references no
normal, or one out of range (a file mixing ``f 1/1/1`` and ``f 3 4 5``); the canonical copy
drops the normals of such a file (:mod:`arena_core.mesh.canonical_files`). The rule,
:func:`normals_broken`, is one regex over the lines and a numpy parse of the face tokens
(:func:`_token_rule`). The usual file takes a path without a regex over its lines
(:func:`_plain_verdict`, about half the time on the real objects) that gives the same
answer by construction; anything else returns ``None`` there and the rule decides:

* no tab and no CR anywhere, so a face line is ``^ *f +...`` and a normal line ``^ *vn ...``;
* the file is cut at its ``"\\nusemtl "`` lines; in each part, the lines before its first
  face line (all of the first part's, after the ``usemtl`` line in the others) are searched
  at their ``f``/``n`` bytes (:func:`_statement_line`: one search per line holding one,
  checked as the regex does): the first face line is found there, and the ``vn`` lines
  counted (:func:`_statement_count`, the regex count when they are not one block);
* the runs of lines from each part's first face line to its end, joined, must be face
  lines ``f <token> <token> ...`` and nothing else, every token ``digits/digits/digits``
  (middle digits optional) and single spaces between: the text of the runs without each
  line's ``f `` is then, byte for byte, the rule's face text (each line's capture joined by
  spaces), no ``vn`` line was left uncounted, and the text's non-digit skeleton
  ``// // ... //`` proves what :func:`_plain_normal_indices` checks (only digits, slashes
  and blanks; two slashes a token), so the same numpy parse of the same text decides.

``tests/arena_core/mesh/test_obj_normals.py`` compares the path with the rule on edge cases,
random files shaped like real ones with odd lines dropped in, and every real OBJ.
"""

from __future__ import annotations

import re

import numpy as np

#: Lines a ``_statement_*`` search may examine before it gives up (the caller then counts
#: with a regex or takes the rule).
_MOST_LINES = 64
#: Every ASCII digit (deleted to get a face text's skeleton).
_DIGITS = b"0123456789"
#: Slashes to spaces (the face tokens' numbers apart).
_SLASH_TO_SPACE = bytes.maketrans(b"/", b" ")

_NORMAL_LINE = re.compile(rb"(?m)^[ \t]*vn[ \t]")
_FACE_LINE = re.compile(rb"(?m)^[ \t]*f[ \t]+([^\r\n]*)")
#: A whole face-vertex token ``v/t/n`` with a decimal normal index (captured).
_NORMAL_INDEX = re.compile(rb"(?<!\S)[^\s/]*/[^\s/]*/([+-]?[0-9]{1,18})(?!\S)")
#: Bytes of a face text whose tokens may be plain ``v/t/n`` (digits, slashes, blanks).
_PLAIN_FACE_BYTES = b"0123456789/ \t"
#: Where a face text is not plain ``v/t/n`` although its bytes and slash count are: a token
#: with three slashes (then another has one).
_NOT_PLAIN = re.compile(rb"/[0-9]*/[0-9]*/")


def normals_broken(data: bytes) -> bool:
    """Whether the OBJ text ``data`` has ``vn`` lines and a face vertex without a normal index
    or with one out of range.

    >>> normals_broken(b"v 0 0 0\\nvn 0 0 1\\nf 1//1 1//1 1//1\\nf 1 1 1\\n")
    True
    >>> normals_broken(b"v 0 0 0\\nvn 0 0 1\\nf 1//1 1//1 1//1\\n")
    False
    """
    verdict = _plain_verdict(data)
    return _token_rule(data) if verdict is None else verdict


def _token_rule(data: bytes) -> bool:
    """:func:`normals_broken` by its definition: the face lines' text found by a regex, its
    tokens parsed in one numpy pass when all are plain, else by the token regex."""
    normals = _normal_lines(data)
    if normals == 0:
        return False
    faces = b" ".join(_FACE_LINE.findall(data))
    index = _plain_normal_indices(faces)
    if index is None:
        indices = _NORMAL_INDEX.findall(faces)
        if len(indices) != len(faces.split()):  # a face vertex that is not ``v/t/n``
            return True
        index = np.array(indices).astype(np.int64)
    return _out_of_range(index, normals)


def _out_of_range(index: np.ndarray, normals: int) -> bool:
    """Whether some normal index is 0 or outside ``[-normals, normals]``."""
    return bool(index.size) and bool(not index.all() or index.max() > normals
                                     or index.min() < -normals)


def _normal_lines(data: bytes) -> int:
    """How many ``vn`` lines the OBJ text ``data`` has: counted as ``vn `` at line starts
    when every ``vn`` in it stands there (the usual file), else by the line regex."""
    plain = data.count(b"\nvn ") + data.startswith(b"vn ")
    return plain if data.count(b"vn") == plain else len(_NORMAL_LINE.findall(data))


def _plain_normal_indices(faces: bytes) -> np.ndarray | None:
    """The normal index of every face-vertex token of ``faces`` when each token is plain
    ``v/t/n`` or ``v//n`` (unsigned decimals, nothing else in the text), parsed in one numpy
    pass (an index past the int64 range reads as its largest value: out of range all the
    same); ``None`` for anything else (the token regex decides).

    >>> _plain_normal_indices(b"1/1/1 2//5 3/3/3").tolist()
    [1, 5, 3]
    >>> _plain_normal_indices(b"1/1/1 2/2") is None
    True
    """
    tokens = len(faces.split())
    if faces.translate(None, _PLAIN_FACE_BYTES) or faces.count(b"/") != 2 * tokens \
            or _NOT_PLAIN.search(faces) is not None:
        return None
    return _parsed_normals(faces, tokens)


def _parsed_normals(faces: bytes, tokens: int) -> np.ndarray | None:
    """The third number of each of the ``tokens`` tokens of ``faces`` (known to be two-slash
    tokens of digits and blanks), an empty middle read as 0; ``None`` when some token lacks
    its first or last number."""
    text = faces.replace(b"//", b"/0/").translate(_SLASH_TO_SPACE).decode("ascii")
    numbers = np.fromstring(text, dtype=np.int64, sep=" ") if tokens else np.zeros(0, np.int64)
    if len(numbers) != 3 * tokens:  # a token with an empty vertex or normal index
        return None
    return numbers[2::3]


def _plain_verdict(data: bytes) -> bool | None:
    """:func:`normals_broken` for the usual file (see the module docstring), ``None`` for
    anything else.

    >>> _plain_verdict(b"v 0 0 0\\nvn 0 0 1\\nusemtl a\\nf 1//1 1//1 1//2\\n")
    True
    >>> _plain_verdict(b"v 0 0 0\\nvn 0 0 1\\nf 1 1 1\\n") is None
    True
    """
    split = _split_faces(data)
    if split is None:
        return None
    normals, faces = split
    if not faces or (normals == 0 and b"n" not in faces):  # no face vertex; no ``vn`` line
        return False
    skeleton = faces.translate(None, _DIGITS)
    tokens = (len(skeleton) + 1) // 3
    if tokens == 0 or skeleton != (b"// " * tokens)[:-1]:
        return None
    if normals == 0:  # counted right now that the runs proved to be face lines only
        return False
    index = _parsed_normals(faces, tokens)
    return None if index is None else _out_of_range(index, normals)


def _split_faces(data: bytes) -> tuple[int, bytes] | None:
    """``data``'s ``vn`` line count and, if its face lines are all in the runs of lines that
    follow the first face line of each part (cut at ``usemtl`` lines), those runs joined
    without each line's ``f `` (spaces between lines); ``None`` for a tab, a CR, an indented
    first face line or a part too odd to search."""
    if b"\t" in data or b"\r" in data:
        return None
    head, *parts = data.split(b"\nusemtl ")
    runs: list[bytes] = []
    normals = 0
    for number, part in enumerate([head, *parts]):
        start = 0 if number == 0 else part.find(b"\n") + 1  # after the ``usemtl`` line
        if number and not start:
            continue
        if part.startswith(b"f ", start):  # the usual part: faces right after ``usemtl``
            runs.append(part[start:])
            continue
        face = _statement_line(part, b"f", start)
        if face is None or (face != -1 and not part.startswith(b"f ", face)):
            return None
        lines = part[start:face] if face != -1 else part[start:]
        if lines:
            count = _statement_count(lines, b"vn")
            normals += _normal_lines(lines) if count is None else count
        if face != -1:
            runs.append(part[face:])
    text = b"\n".join(runs)
    if text.endswith(b"\n"):
        text = text[:-1]
    return normals, text[2:].replace(b"\nf ", b" ")


def _statement_line(text: bytes, key: bytes, start: int = 0, *, last: bool = False
                    ) -> int | None:
    """Where the first (``last``: the last) line of ``text[start:]`` that is a ``key``
    statement starts (``^ *<key> ``; ``text`` without tab or CR); -1 when no line is; ``None``
    after :data:`_MOST_LINES` lines.

    Only lines holding ``key``'s last byte can be one, and only at the first of its
    occurrences in the line (``key`` holds it once, at its end).

    >>> _statement_line(b"o leaf\\n  f 1 2 3\\nf 4 5 6\\n", b"f"), _statement_line(b"vn", b"vn")
    (7, -1)
    """
    byte, size = key[-1:], len(key)
    hit = text.rfind(byte, start) if last else text.find(byte, start)
    for _ in range(_MOST_LINES):
        if hit == -1:
            return -1
        begin = text.rfind(b"\n", start, hit) + 1 or start
        first = text.find(byte, begin)  # its line's first, where a statement has it
        key_at = first - size + 1
        if key_at >= begin and text.startswith(key, key_at) \
                and text.startswith(b" ", first + 1) and not text[begin:key_at].strip(b" "):
            return begin
        if last:
            hit = text.rfind(byte, start, begin - 1) if begin > start else -1
        else:
            end = text.find(b"\n", hit)
            hit = -1 if end == -1 else text.find(byte, end)
    return None


def _statement_count(text: bytes, key: bytes) -> int | None:
    """How many lines of ``text`` (no tab or CR) are ``key`` statements when they are one
    block of ``<key> ...`` lines (found from both ends), else ``None``.

    >>> _statement_count(b"# normals\\nv 1 2 3\\nvn 0 0 1\\nvn 0 1 0\\ns off", b"vn")
    2
    """
    first = _statement_line(text, key)
    if first == -1:
        return 0
    last = _statement_line(text, key, last=True)
    if first is None or last is None:
        return None
    end = text.find(b"\n", last)
    block = text[first:] if end == -1 else text[first:end]
    lines = block.count(b"\n") + 1
    head = key + b" "
    if block.startswith(head) and block.count(b"\n" + head) == lines - 1:
        return lines
    return None


def without_normals(data: bytes) -> bytes:
    """The OBJ text ``data`` without ``vn`` lines and without the normal index of every face
    vertex (``1/2/3`` -> ``1/2``, ``1//3`` -> ``1``); everything else as it is.

    >>> without_normals(b"v 0 0 0\\nvn 0 0 1\\nf 1/1/1 1//1 1\\n")
    b'v 0 0 0\\nf 1/1 1 1\\n'
    """
    out = []
    for line in data.split(b"\n"):
        key = line.lstrip()[:3]
        if key in (b"vn ", b"vn\t"):
            continue
        if key[:2] in (b"f ", b"f\t"):
            head, *tokens = line.split()
            line = b" ".join([head, *(_vertex_only(t) for t in tokens)])
        out.append(line)
    return b"\n".join(out)


def _vertex_only(token: bytes) -> bytes:
    parts = token.split(b"/")
    if len(parts) == 3:
        return parts[0] if not parts[1] else parts[0] + b"/" + parts[1]
    return token
