"""Bounds of an MJCF model computed before MuJoCo compiles it.

MuJoCo expands a model while it compiles: ``<replicate count=N>`` copies its children N
times (nested ones multiply), ``<composite>`` and ``<flexcomp>`` make a body or a point per
grid cell, a height field allocates ``nrow x ncol`` cells, a mesh its vertices and faces and
their convex hull. A few hundred bytes can ask for 10^10 bodies, and once MuJoCo has started
there is no stopping it. :func:`model_bounds` counts what the prepared tree will become,
multiplying through ``replicate`` nesting, and :func:`asset_bounds` reads the sizes that the
files the model names declare (binary STL and MSH headers, OBJ lines, PNG and MuJoCo height
field headers) -- each in milliseconds, each against a limit of :mod:`arena_core.util.input_limits`,
refused with ``mjcf.limit.<what>`` (``mesh.too_large`` for a mesh) naming the limit.

Example:
    >>> tree = etree.fromstring('<mujoco><worldbody><replicate count="1000"><replicate '
    ...     'count="1000"><body><joint/><geom size="1"/></body></replicate></replicate>'
    ...     '</worldbody></mujoco>')
    >>> [i.code for i in model_bounds(tree)]
    ['mjcf.limit.elements']
"""

from __future__ import annotations

import math
import re
import struct
from collections import Counter

from lxml import etree

from arena_core.util.input_limits import (
    MAX_JOINTS,
    MAX_LINKS,
    MAX_MJCF_ELEMENTS,
    MAX_MJCF_FLEX_POINTS,
    MAX_MJCF_GEOMS,
    MAX_MJCF_HFIELD_CELLS,
    MESH_MAX_FACES,
    MESH_MAX_VERTICES,
)
from schemas.issues import Issue, issue

#: What is counted, the limit and the code of each count.
LIMITS = {"elements": (MAX_MJCF_ELEMENTS, "mjcf.limit.elements"),
          "body": (MAX_LINKS, "mjcf.limit.bodies"),
          "joint": (MAX_JOINTS, "mjcf.limit.joints"),
          "geom": (MAX_MJCF_GEOMS, "mjcf.limit.geoms"),
          "flex": (MAX_MJCF_FLEX_POINTS, "mjcf.limit.flex"),
          "hfield": (MAX_MJCF_HFIELD_CELLS, "mjcf.limit.hfield")}
#: Attributes that MJCF defines as real numbers with no use for NaN or infinity.
REAL_ATTRIBUTES = frozenset({"pos", "quat", "axis", "euler", "axisangle", "xyaxes", "zaxis",
                             "fromto", "size", "range", "mass", "diaginertia", "fullinertia",
                             "scale", "ref", "springref", "damping", "armature",
                             "frictionloss", "stiffness", "density"})
NOUNS = {"elements": "elements", "body": "bodies", "joint": "joints", "geom": "geoms",
         "flex": "flex points", "hfield": "height field cells"}
_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def model_bounds(tree: etree._Element) -> list[Issue]:
    """Error issues for each count of the expanded ``tree`` over its limit."""
    counts = _counts(tree)
    return [issue(code, f"the model expands to {_amount(counts[what])} {NOUNS[what]} (limit "
                  f"{limit:,})", location="file",
                  data={"count": min(counts[what], 10**18), "limit": limit})
            for what, (limit, code) in LIMITS.items() if counts[what] > limit]


def number_issues(tree: etree._Element) -> list[Issue]:
    """Error issues for attributes the MJCF schema defines as real numbers (poses, sizes,
    ranges, masses, joint dynamics) that hold NaN or an infinity, like the URDF reader's
    ``urdf.number.invalid``: MuJoCo would read ``range="nan inf"`` as an unlimited joint."""
    found = []
    for el in tree.iter():
        if not isinstance(el.tag, str):
            continue
        for attr in REAL_ATTRIBUTES.intersection(el.attrib):
            values = el.get(attr).split()
            if any(v.lower().lstrip("+-") in ("nan", "inf", "infinity") for v in values):
                found.append(issue("mjcf.number.invalid", f"<{el.tag} {attr}="
                                   f"{el.get(attr)[:60]!r}> is not a finite number",
                                   location=f"{el.tag}:{el.get('name') or ''}"))
    return found


def asset_bounds(tree: etree._Element, assets: dict[str, bytes]) -> list[Issue]:
    """Error issues for each mesh, flex mesh and height field file over its limit."""
    found = []
    for el in tree.iter("mesh", "flexcomp", "hfield"):
        data = assets.get(el.get("file") or "")
        if data is None:
            continue
        if el.tag == "hfield":
            cells = _hfield_cells(data)
            if cells > MAX_MJCF_HFIELD_CELLS:
                found.append(issue("mjcf.limit.hfield", f"height field file of {cells} cells "
                                   f"(limit {MAX_MJCF_HFIELD_CELLS})", location="hfield"))
            continue
        vertices, faces = mesh_counts(data, el.get("file") or "")
        if vertices > MESH_MAX_VERTICES or faces > MESH_MAX_FACES:
            found.append(issue("mesh.too_large", f"mesh of {vertices} vertices and {faces} "
                               f"faces (limits {MESH_MAX_VERTICES} and {MESH_MAX_FACES})",
                               location=f"{el.tag}:{el.get('name') or ''}"))
    return found


def mesh_counts(data: bytes, name: str) -> tuple[int, int]:
    """``(vertices, faces)`` a mesh file declares, read without building arrays: a binary
    STL's face count, an ASCII STL's facets, OBJ ``v``/``f`` lines, a MuJoCo ``.msh``
    header; other formats ``(0, 0)`` (their readers check). An STL stores 3 corners per
    face, which readers merge: its vertices are estimated as a closed surface's, half its
    faces."""
    suffix = name.rsplit(".", 1)[-1].lower()
    if suffix == "stl":
        if data[:5].lower() == b"solid" and b"facet" in data[:4096]:
            faces = data.count(b"facet normal")
        else:
            faces = struct.unpack("<I", data[80:84])[0] if len(data) >= 84 else 0
        return faces // 2, faces
    if suffix == "obj":
        return (data.count(b"\nv ") + data.startswith(b"v "), data.count(b"\nf ")
                + data.startswith(b"f "))
    if suffix == "msh" and len(data) >= 16:
        nvert, _, _, nface = struct.unpack("<4i", data[:16])
        return max(nvert, 0), max(nface, 0)
    return 0, 0


# ----------------------------------------------------------------------------- counting
def _counts(tree: etree._Element) -> Counter:
    """Elements of each tag the expanded tree holds (``replicate`` multiplied through)."""
    counts: Counter = Counter()
    stack = [(tree, 1)]
    while stack:
        el, times = stack.pop()
        for child in el:
            if not isinstance(child.tag, str):
                continue
            copies = times * (_ints(child.get("count"), 1) if child.tag == "replicate" else 1)
            counts["elements"] += copies
            _count_element(child, copies, counts)
            if counts["elements"] > MAX_MJCF_ELEMENTS:
                counts["elements"] = max(counts["elements"], copies)
                return counts  # enough to refuse; the rest may be astronomically large
            stack.append((child, copies))
    return counts


def _count_element(el: etree._Element, copies: int, counts: Counter) -> None:
    tag = el.tag
    if tag in ("body", "geom"):
        counts[tag] += copies
    elif tag in ("joint", "freejoint"):
        counts["joint"] += copies
    elif tag == "composite":
        cells = _ints(el.get("count"), 1)
        counts["body"] += copies * cells
        counts["geom"] += copies * cells
        counts["elements"] += copies * cells
    elif tag == "flexcomp":
        points = _ints(el.get("count"), 1)
        counts["flex"] += copies * points
        counts["elements"] += copies * points
    elif tag == "hfield" and el.get("nrow") and el.get("ncol"):
        counts["hfield"] += copies * _ints(el.get("nrow"), 0) * _ints(el.get("ncol"), 0)
    elif tag == "mesh" and el.get("vertex"):
        vertices = len(_NUMBER.findall(el.get("vertex").encode())) // 3
        counts["elements"] += copies * (vertices // 64)  # inline arrays weigh too


def _ints(text: str | None, default: int) -> int:
    """The product of the whole numbers in ``text`` (a ``count`` attribute), at least 1
    each; ``default`` when there are none."""
    values = [abs(int(float(v))) for v in (text or "").split() if _is_number(v)]
    return math.prod(max(v, 1) for v in values) if values else default


def _is_number(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def _hfield_cells(data: bytes) -> int:
    """Cells of a height field file: a PNG's width x height, else MuJoCo's binary format
    (two int32 ``nrow ncol`` then the floats)."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width * height
    if len(data) >= 8:
        nrow, ncol = struct.unpack("<ii", data[:8])
        return abs(nrow) * abs(ncol)
    return 0


def _amount(count: int) -> str:
    return f"{count:,}" if count < 10**12 else f"about 10^{int(math.log10(count))}"

