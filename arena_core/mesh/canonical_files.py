"""Content-addressed mesh copies for a canonical object folder.

Every mesh file an object uses is copied to ``meshes/<sha256[:16]>.<ext>`` (extension in
lower case) where the digest is of the bytes written, so the same content always gets the
same name and copying a canonical folder again reproduces it exactly. An ``.obj`` keeps its
materials: each ``mtllib`` file is copied the same way (and each texture its ``.mtl``
names), and the references are rewritten to the new names. References that do not resolve
to a file inside the referring file's folder (missing, ``..``, absolute, links leaving it)
are dropped, so the canonical folder never points outside itself or at nothing; the drops
are reported once per object as ``mesh.material_missing`` (warning) and
``mesh.texture_missing`` (info).

Every mesh in a format other than ``.obj`` and ``.stl`` (``.glb``, ``.gltf``, ``.dae``,
``.ply``, ``.off``, ...) is converted to ``.obj`` while it is copied, so every engine reads
the canonical object (MuJoCo reads only ``.obj``/``.stl``/``.msh``, PyBullet no ``.glb``);
so is an ``.stl`` MuJoCo cannot read: ASCII, or binary with more than
:data:`MUJOCO_STL_FACES` triangles.
The geometry is read by the project's one mesh loader through the object's
:class:`~arena_core.mesh.parts.MeshCache` (:func:`arena_core.mesh.parts.read_mesh`: a scene is
flattened with the file's own node transforms) and written as ``v x y z`` lines (each
coordinate the shortest text that reads back as the same float, ``repr``) and 1-based
``f a b c`` lines, nothing else: the bytes
are deterministic and the vertices are exactly those of the source in its file units (the
URDF's ``<mesh scale>`` and origin stay as they are). Visual materials (colors, textures,
UVs) of converted meshes are not carried. The conversions are reported once per object as
``mesh.converted`` (info, count and formats). An ``.obj`` with normals (``vn``) that some
face vertex does not reference, or references out of range (a file mixing ``f 1/1/1`` and
``f 3 4 5``), is copied without its normals, since MuJoCo refuses it and every engine
recomputes normals:
``mesh.obj.normals_dropped`` (warning, once per object). An ``.obj`` with texture coordinates
(``vt``) that some face vertex does not reference, or references out of range (PartNet-Mobility's
``f 3//231`` groups beside textured ones), gets one neutral ``vt 0 0`` that those vertices then
reference, every valid reference kept (:mod:`arena_core.mesh.obj_texcoords`), since MuJoCo would
otherwise drop all of the file's texture coordinates and warn on every load:
``mesh.obj.texcoords_fixed`` (info, once per object). A file that cannot be converted (the loader
fails, no triangles, non-finite vertices) is not copied: its references are dropped and it
is an error ``mesh.convert_failed`` naming the file and the reason, so nothing in a format
an engine may not read reaches the folder.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import shutil
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from arena_core.mesh.obj_normals import normals_broken, without_normals
from arena_core.mesh.obj_texcoords import texcoords_fixed
from arena_core.mesh.parts import MeshCache, MeshLoadFailure
from arena_core.model.articulated import ArticulatedObject
from arena_core.util.fs import FileProblem, file_problem, is_within
from arena_core.util.hashing import file_sha256
from arena_core.util.input_limits import MESH_MAX_BYTES
from schemas.issues import Issue, issue

#: Folder (inside the object folder) holding the mesh copies.
MESH_DIR = "meshes"

#: Length of the hex digest prefix used as file name.
NAME_DIGITS = 16

#: Mesh formats copied as they are (every engine reads them); all others become ``.obj``.
KEPT_FORMATS = (".obj", ".stl")

#: Most triangles of a binary ``.stl`` MuJoCo reads (its decoder refuses more, and ASCII).
MUJOCO_STL_FACES = 200_000

#: ``.mtl`` statements whose last argument is a texture file.
_TEXTURE_KEYS = (b"bump", b"disp", b"decal", b"refl", b"norm")
#: Words of which a texture statement of an ``.mtl`` holds at least one (its key).
_TEXTURE_WORD = re.compile(b"|".join((b"map_", *_TEXTURE_KEYS)))
#: Errors of ``stat`` that mean "no such file" to :meth:`pathlib.Path.exists`.
_ABSENT = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)


@dataclass
class _Copier:
    """Copies files into ``folder / MESH_DIR`` and remembers what it dropped (files known
    by their resolved path, a string)."""

    folder: Path
    cache: MeshCache
    stored: dict[str, str] = field(default_factory=dict)
    missing_materials: list[str] = field(default_factory=list)
    missing_textures: list[str] = field(default_factory=list)
    refused: list[Issue] = field(default_factory=list)
    converted: dict[str, str] = field(default_factory=dict)
    unconvertible: set[str] = field(default_factory=set)
    without_normals: list[str] = field(default_factory=list)
    fixed_texcoords: list[str] = field(default_factory=list)
    looked_up: dict[tuple[str, bytes], str | FileProblem | None] = field(default_factory=dict)
    made_dir: bool = False  # whether ``folder / MESH_DIR`` was made

    def mesh(self, path: str | os.PathLike, label: str | None = None) -> str | None:
        """Copy one mesh (rewriting an ``.obj``, converting a format other than ``.obj`` and
        ``.stl``); returns its ``meshes/...`` name, or ``None`` when it cannot be converted
        (then an error names it, ``label`` or the file name)."""
        real = self.cache.real(path)
        if real in self.unconvertible:
            return None
        if real not in self.stored:
            ext = _suffix(real).lower()
            if ext == ".obj":
                data = _rewrite_lines(_read(real), os.path.dirname(real), self._mtllib,
                                      b"mtllib")
                if normals_broken(data):
                    data = without_normals(data)
                    self.without_normals.append(label or os.path.basename(real))
                fixed = texcoords_fixed(data)
                if fixed is not None:
                    data = fixed
                    self.fixed_texcoords.append(label or os.path.basename(real))
                self.stored[real] = self._store_bytes(data, ".obj")
            elif ext in KEPT_FORMATS and mujoco_reads_stl(Path(real)):
                self.stored[real] = self._store_file(real)
            else:
                try:
                    data = obj_bytes(real, cache=self.cache)
                except MeshLoadFailure as exc:  # a bad mesh is this object's issue
                    self.unconvertible.add(real)
                    name = (label or os.path.basename(real))[:200]
                    self.refused.append(issue(
                        "mesh.convert_failed", f"mesh {name!r} cannot be converted to .obj, "
                        f"reference dropped: {_reason(exc)}", location="meshes"))
                    return None
                self.stored[real] = self._store_bytes(data, ".obj")
                self.converted[real] = ext or "(no extension)"
        return f"{MESH_DIR}/{self.stored[real]}"

    def _store_bytes(self, data: bytes, ext: str) -> str:
        name = hashlib.sha256(data).hexdigest()[:NAME_DIGITS] + ext
        target = self._target(name)
        try:  # what ``if not exists: write`` does, one system call for a new name
            stream = open(target, "xb")
        except FileExistsError:
            if _exists(target):
                return name
            stream = open(target, "wb")  # a dangling link: written through, as before
        with stream:
            stream.write(data)
        return name

    def _store_file(self, path: str) -> str:
        name = file_sha256(path)[:NAME_DIGITS] + _suffix(path).lower()
        target = self._target(name)
        if not _exists(target):
            shutil.copyfile(path, target)
        return name

    def _target(self, name: str) -> str:
        """``folder / MESH_DIR / name``, the folder made on the first call."""
        if not self.made_dir:
            (self.folder / MESH_DIR).mkdir(parents=True, exist_ok=True)
            self.made_dir = True
        return os.path.join(self.folder, MESH_DIR, name)

    def _mtllib(self, base: str, line: bytes) -> bytes | None:
        """Rewrite ``mtllib a.mtl [b.mtl ...]``; ``None`` drops the line."""
        key, rest = _split_statement(line)
        if key != b"mtllib":
            return line
        names = []
        for arg in self._arguments(rest, base):
            refused = len(self.refused)
            found = self._checked(base, arg, "material")
            if found is None:
                if len(self.refused) == refused:
                    self.missing_materials.append(arg.decode("utf-8", "replace"))
                continue
            if found not in self.stored:
                self.stored[found] = self._store_bytes(self._material(found), ".mtl")
            names.append(self.stored[found].encode())
        return b"mtllib " + b" ".join(names) if names else None

    def _material(self, path: str) -> bytes:
        """An ``.mtl`` file's bytes with its texture statements rewritten (only a line holding
        a texture word can be one: the others are kept as they are)."""
        return _rewrite_lines(_read(path), os.path.dirname(path), self._texture, _TEXTURE_WORD)

    def _texture(self, base: str, line: bytes) -> bytes | None:
        """Rewrite a texture statement of an ``.mtl``; ``None`` drops the line."""
        key, rest = _split_statement(line)
        if not (key.startswith(b"map_") or key in _TEXTURE_KEYS) or not rest:
            return line
        whole = self._inside(base, rest)
        last = rest.split()[-1]
        found = whole if whole is not None else self._checked(base, last, "texture")
        if found is None:
            self.missing_textures.append(last.decode("utf-8", "replace"))
            return None
        if found not in self.stored:
            self.stored[found] = self._store_file(found)
        head = line[: len(line) - len(line.lstrip())] + key
        options = b"" if whole is not None else rest[: len(rest) - len(last)].strip()
        return b" ".join(p for p in (head, options, self.stored[found].encode()) if p)

    def _checked(self, base: str, name: bytes, what: str) -> str | None:
        """The side file ``name`` inside ``base``; a problem other than absence is an error
        ``mesh.<what>.<kind>`` (the file is never read or copied)."""
        found = self._lookup(base, name)
        if isinstance(found, FileProblem):
            text = name.decode("utf-8", "replace")[:80]
            self.refused.append(issue(f"mesh.{what}.{found.kind}",
                                      f"{what} file {text!r}: {found.message}",
                                      severity="error", location="meshes"))
            return None
        return found

    def _arguments(self, rest: bytes, base: str) -> list[bytes]:
        """File arguments of ``mtllib``: the whole rest if it names a file, else its words."""
        if rest and self._inside(base, rest) is not None:
            return [rest]
        return rest.split()

    def _inside(self, base: str, name: bytes) -> str | None:
        """The regular file ``name`` names relative to ``base`` if it stays inside ``base``."""
        found = self._lookup(base, name)
        return found if isinstance(found, str) else None

    def _lookup(self, base: str, name: bytes) -> str | FileProblem | None:
        """:func:`_lookup`, once per ``(base, name)`` (paths resolved through the cache)."""
        key = (base, name)
        if key not in self.looked_up:
            self.looked_up[key] = _lookup(base, name, self.cache.real)
        return self.looked_up[key]

    def issues(self) -> list[Issue]:
        out = list(self.refused)
        if self.converted:
            counts = Counter(self.converted.values())
            formats = ", ".join(f"{ext}: {n}" for ext, n in sorted(counts.items()))
            out.append(issue("mesh.converted", f"{len(self.converted)} mesh file(s) converted to "
                             f".obj ({formats}); their visual materials are not carried",
                             location="meshes"))
        out += [_file_list_issue(code, names, what) for code, names, what in (
            ("mesh.obj.normals_dropped", self.without_normals,
             ".obj file(s) with normals that not every face references (MuJoCo refuses them) "
             "copied without normals"),
            ("mesh.obj.texcoords_fixed", self.fixed_texcoords,
             ".obj file(s) with face vertices without a valid texture coordinate (MuJoCo "
             "would drop all of the file's and warn) copied with those given one neutral "
             "coordinate"),
            ("mesh.material_missing", self.missing_materials,
             "material file(s) not found next to their .obj, references dropped"),
            ("mesh.texture_missing", self.missing_textures,
             "texture file(s) not found, references dropped"),
        ) if names]
        return out


def copy_meshes(obj: ArticulatedObject, folder: Path, *, cache: MeshCache | None = None
                ) -> tuple[dict[str, str], list[Issue]]:
    """Copy every resolved mesh of ``obj`` into ``folder / MESH_DIR``.

    ``cache``: the object's mesh cache, which reads the files to convert (a fresh one when
    ``None``). Returns ``{MeshRef.path: "meshes/<sha16>.<ext>"}`` (a mesh that cannot be
    converted has no entry) and the issues of the copy.
    """
    copier = _Copier(Path(folder), cache if cache is not None else MeshCache())
    names, seen = {}, set()
    for link in obj.links.values():
        for ref in link.meshes:
            if ref.path is not None and ref.path not in seen:
                seen.add(ref.path)
                name = copier.mesh(ref.path, ref.filename)
                if name is not None:
                    names[ref.path] = name
    return names, copier.issues()


def obj_bytes(path: str | os.PathLike, *, cache: MeshCache | None = None) -> bytes:
    """The geometry of the mesh file ``path`` as OBJ text (see the module docstring).

    Vertices are written in the loader's order, every one of them (also those no face
    uses), each coordinate as ``repr(float)``, so reading the text back gives the same
    float64 values; faces are triangles with 1-based indices. ``cache``: the mesh cache
    that reads the file (a fresh one when ``None``).

    Raises:
        MeshLoadFailure: the file cannot be read (its code), has no triangles
            (``mesh.no_faces``) or non-finite vertices (``mesh.nonfinite``).
    """
    mesh = (cache if cache is not None else MeshCache()).mesh(path)
    vertices, faces = mesh.vertices, mesh.faces
    if len(faces) == 0:
        raise MeshLoadFailure("mesh.no_faces", "the file holds no triangles (points or "
                              "lines only)")
    if not np.all(np.isfinite(vertices)):
        raise MeshLoadFailure("mesh.nonfinite", "vertices are not all finite")
    if faces.min() < 0 or faces.max() >= len(vertices):
        raise MeshLoadFailure("mesh.unreadable", "faces index vertices that do not exist")
    lines = [f"v {x!r} {y!r} {z!r}\n" for x, y, z in vertices.tolist()]
    lines += [f"f {a} {b} {c}\n" for a, b, c in (faces + 1).tolist()]
    return "".join(lines).encode("ascii")


def mujoco_reads_stl(path: Path) -> bool:
    """Whether ``path`` (an ``.stl``) is binary with 1 to :data:`MUJOCO_STL_FACES` triangles:
    84 header bytes, then 50 bytes per triangle (an ``.obj`` returns True)."""
    if path.suffix.lower() != ".stl":
        return True
    with open(path, "rb") as stream:
        head = stream.read(84)
    if len(head) < 84:
        return False
    faces = int.from_bytes(head[80:84], "little")
    return 1 <= faces <= MUJOCO_STL_FACES and path.stat().st_size == 84 + 50 * faces


def _reason(exc: MeshLoadFailure) -> str:
    """The loader's reason (with its code), in one line."""
    return f"{exc.code}: {' '.join(str(exc).split())[:300]}"


def _rewrite_lines(data: bytes, base: str, rewrite, marker: bytes | re.Pattern[bytes]
                   ) -> bytes:
    """``data`` with each line holding ``marker`` (bytes, or a pattern found by ``search``)
    passed through ``rewrite(base, line)`` (line ends kept; ``None`` drops the line), every
    other line as it is: a large mesh is searched, never split into lines.

    >>> _rewrite_lines(b"v 1\\nmtllib a\\r\\nv 2", None, lambda base, line: line + b"!", b"mtllib")
    b'v 1\\nmtllib a!\\r\\nv 2'
    """
    pieces, pos = [], 0  # runs of whole lines, joined by newlines at the end
    hit = _find(data, marker, 0)
    if hit == -1:
        return data
    while hit != -1:
        start = data.rfind(b"\n", 0, hit) + 1
        end = data.find(b"\n", hit)
        end = len(data) if end == -1 else end
        if start > pos:
            pieces.append(data[pos:start - 1])  # the lines before it, without its newline
        line, cr = _without_cr(data[start:end])
        new = rewrite(base, line)
        if new is not None:
            pieces.append(new + cr)
        pos = end + 1
        hit = _find(data, marker, pos) if pos < len(data) else -1
    if pos <= len(data):
        pieces.append(data[pos:])
    return b"\n".join(pieces)


def _find(data: bytes, marker: bytes | re.Pattern[bytes], pos: int) -> int:
    """Where ``marker`` is first found in ``data`` from ``pos`` on, -1 when nowhere."""
    if isinstance(marker, bytes):
        return data.find(marker, pos)
    found = marker.search(data, pos)
    return -1 if found is None else found.start()


def _read(path: str) -> bytes:
    with open(path, "rb") as stream:
        return stream.read()


def _exists(path: str) -> bool:
    """:meth:`pathlib.Path.exists` without the ``Path``: ``stat`` follows links, and only
    the errors meaning "no such file" read as absent (others raise)."""
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno not in _ABSENT:
            raise
        return False
    except ValueError:  # a name the file system cannot encode
        return False
    return True


def _suffix(path: str) -> str:
    """:attr:`pathlib.PurePath.suffix` of a resolved path (its name's last ``.`` part, none
    for a name that starts or ends with its only dot).

    >>> _suffix("/a/b.tar.GZ"), _suffix("/a/.obj"), _suffix("/a/b."), _suffix("/a.b/c")
    ('.GZ', '', '', '')
    """
    name = os.path.basename(path)
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def _without_cr(raw: bytes) -> tuple[bytes, bytes]:
    """A line without its ``\\r`` and the ``\\r`` (``b""`` when it has none)."""
    return (raw[:-1], b"\r") if raw.endswith(b"\r") else (raw, b"")


def _split_statement(line: bytes) -> tuple[bytes, bytes]:
    parts = line.strip().split(None, 1)
    if not parts:
        return b"", b""
    return parts[0], parts[1].strip() if len(parts) > 1 else b""


def _lookup(base: str, name: bytes, real=os.path.realpath) -> str | FileProblem | None:
    """The file ``name`` names inside ``base``; why it cannot be copied; or ``None`` when it
    names nothing inside ``base`` (missing, absolute, leaving the folder)."""
    try:
        text = name.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not text or text.startswith(("/", "\\")) or (len(text) > 1 and text[1] == ":"):
        return None
    root = real(base)
    lexical = os.path.normpath(os.path.join(root, text.replace("\\", "/")))
    if not is_within(lexical, root):
        return None
    problem = file_problem(lexical, max_bytes=MESH_MAX_BYTES)
    if problem is not None:
        return None if problem.kind == "missing" else problem
    found = real(lexical)
    return found if is_within(found, root) else None


def _file_list_issue(code: str, names, what: str) -> Issue:
    """One issue for the files ``names`` (counted once each): ``"<n> <what>: <first five>"``."""
    unique = sorted(set(names))
    return issue(code, f"{len(unique)} {what}: {', '.join(n[:80] for n in unique[:5])}",
                 location="meshes")
