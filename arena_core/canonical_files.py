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
"""

from __future__ import annotations

import hashlib
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from arena_core.fsutil import FileProblem, file_problem
from arena_core.hashing import file_sha256
from arena_core.limits import MESH_MAX_BYTES
from arena_core.model import ArticulatedObject
from schemas.issues import Issue

#: Folder (inside the object folder) holding the mesh copies.
MESH_DIR = "meshes"

#: Length of the hex digest prefix used as file name.
NAME_DIGITS = 16

#: ``.mtl`` statements whose last argument is a texture file.
_TEXTURE_KEYS = (b"bump", b"disp", b"decal", b"refl", b"norm")


@dataclass
class _Copier:
    """Copies files into ``folder / MESH_DIR`` and remembers what it dropped."""

    folder: Path
    stored: dict[Path, str] = field(default_factory=dict)
    missing_materials: list[str] = field(default_factory=list)
    missing_textures: list[str] = field(default_factory=list)
    refused: list[Issue] = field(default_factory=list)

    def mesh(self, path: Path) -> str:
        """Copy one mesh (rewriting an ``.obj``); returns its ``meshes/...`` name."""
        real = path.resolve()
        if real not in self.stored:
            if real.suffix.lower() == ".obj":
                data = _rewrite_lines(real, self._mtllib, marker=b"mtllib")
                self.stored[real] = self._store_bytes(data, ".obj")
            else:
                self.stored[real] = self._store_file(real)
        return f"{MESH_DIR}/{self.stored[real]}"

    def _store_bytes(self, data: bytes, ext: str) -> str:
        name = hashlib.sha256(data).hexdigest()[:NAME_DIGITS] + ext
        target = self.folder / MESH_DIR / name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return name

    def _store_file(self, path: Path) -> str:
        name = file_sha256(path)[:NAME_DIGITS] + path.suffix.lower()
        target = self.folder / MESH_DIR / name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        return name

    def _mtllib(self, base: Path, line: bytes) -> bytes | None:
        """Rewrite ``mtllib a.mtl [b.mtl ...]``; ``None`` drops the line."""
        key, rest = _split_statement(line)
        if key != b"mtllib":
            return line
        names = []
        for arg in _arguments(rest, base):
            refused = len(self.refused)
            found = self._checked(base, arg, "material")
            if found is None:
                if len(self.refused) == refused:
                    self.missing_materials.append(arg.decode("utf-8", "replace"))
                continue
            if found not in self.stored:
                self.stored[found] = self._store_bytes(
                    _rewrite_lines(found, self._texture), ".mtl")
            names.append(self.stored[found].encode())
        return b"mtllib " + b" ".join(names) if names else None

    def _texture(self, base: Path, line: bytes) -> bytes | None:
        """Rewrite a texture statement of an ``.mtl``; ``None`` drops the line."""
        key, rest = _split_statement(line)
        if not (key.startswith(b"map_") or key in _TEXTURE_KEYS) or not rest:
            return line
        whole = _inside(base, rest)
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

    def _checked(self, base: Path, name: bytes, what: str) -> Path | None:
        """The side file ``name`` inside ``base``; a problem other than absence is an error
        ``mesh.<what>.<kind>`` (the file is never read or copied)."""
        found = _lookup(base, name)
        if isinstance(found, FileProblem):
            text = name.decode("utf-8", "replace")[:80]
            self.refused.append(Issue(code=f"mesh.{what}.{found.kind}", severity="error",
                                      location="meshes", message=f"{what} file {text!r}: "
                                      f"{found.message}"))
            return None
        return found

    def issues(self) -> list[Issue]:
        out = list(self.refused)
        if self.missing_materials:
            names = sorted(set(self.missing_materials))
            out.append(Issue(code="mesh.material_missing", severity="warning", location="meshes",
                             message=f"{len(names)} material file(s) not found next to their "
                             f".obj, references dropped: {', '.join(names[:5])}"))
        if self.missing_textures:
            names = sorted(set(self.missing_textures))
            out.append(Issue(code="mesh.texture_missing", severity="info", location="meshes",
                             message=f"{len(names)} texture file(s) not found, references "
                             f"dropped: {', '.join(names[:5])}"))
        return out


def copy_meshes(obj: ArticulatedObject, folder: Path) -> tuple[dict[str, str], list[Issue]]:
    """Copy every resolved mesh of ``obj`` into ``folder / MESH_DIR``.

    Returns ``{MeshRef.path: "meshes/<sha16>.<ext>"}`` and the issues of the copy.
    """
    copier = _Copier(Path(folder))
    names = {}
    for link in obj.links.values():
        for ref in link.meshes:
            if ref.path is not None and ref.path not in names:
                names[ref.path] = copier.mesh(Path(ref.path))
    return names, copier.issues()


def _rewrite_lines(path: Path, rewrite, *, marker: bytes = b"") -> bytes:
    """``path``'s bytes with each line passed through ``rewrite(base, line)`` (line ends kept).

    Files without ``marker`` are returned as they are (fast path for large meshes).
    """
    data = path.read_bytes()
    if marker not in data:
        return data
    out = []
    for raw in data.split(b"\n"):
        if marker and marker not in raw:
            out.append(raw)
            continue
        line, cr = (raw[:-1], b"\r") if raw.endswith(b"\r") else (raw, b"")
        new = rewrite(path.parent, line)
        if new is not None:
            out.append(new + cr)
    return b"\n".join(out)


def _split_statement(line: bytes) -> tuple[bytes, bytes]:
    parts = line.strip().split(None, 1)
    if not parts:
        return b"", b""
    return parts[0], parts[1].strip() if len(parts) > 1 else b""


def _arguments(rest: bytes, base: Path) -> list[bytes]:
    """File arguments of ``mtllib``: the whole rest if it names a file, else its words."""
    if rest and _inside(base, rest) is not None:
        return [rest]
    return rest.split()


def _inside(base: Path, name: bytes) -> Path | None:
    """The regular file ``name`` names relative to ``base`` if it stays inside ``base``."""
    found = _lookup(base, name)
    return found if isinstance(found, Path) else None


def _lookup(base: Path, name: bytes) -> Path | FileProblem | None:
    """The file ``name`` names inside ``base``; why it cannot be copied; or ``None`` when it
    names nothing inside ``base`` (missing, absolute, leaving the folder)."""
    try:
        text = name.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not text or text.startswith(("/", "\\")) or (len(text) > 1 and text[1] == ":"):
        return None
    root = base.resolve()
    lexical = Path(os.path.normpath(root / text.replace("\\", "/")))
    if not lexical.is_relative_to(root):
        return None
    problem = file_problem(lexical, max_bytes=MESH_MAX_BYTES)
    if problem is not None:
        return None if problem.kind == "missing" else problem
    real = lexical.resolve()
    return real if real.is_relative_to(root) else None
