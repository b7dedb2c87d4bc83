"""MJCF contributions for ``arena validate``: recognized by content, read by the ``mjcf`` adapter.

A file whose root element is ``<mujoco>`` (or ``<mujocoinclude>``, a fragment) is MJCF
whatever its name (one not named ``*.xml`` is refused with ``input.mjcf_name``: the adapter
reads models by that name, in a build as here); a folder with no URDF file whose XML files
hold MJCF models is an MJCF folder. Either is read by the build's own ``mjcf`` adapter
(``flows.adapters.get_adapter("mjcf")``: the files the model names are checked, MuJoCo
compiles it, it is converted to a URDF folder), and the converted object then gets the
processing and report of a URDF contribution.

The root of a lone MJCF file -- the folder every file it names must stay inside -- is the
nearest ancestor of its folder that holds every file it names (``<include>`` followed), at
most :data:`MJCF_ROOT_LEVELS` levels up: metaworld's ``objects/drawer.xml`` includes
``../scene/basic_scene.xml``, so its root is ``metaworld/assets``; dm_control's
``locomotion/walkers/assets/dog_v2/dog.xml`` takes its meshes from
``../../../../suite/dog_assets``, so its root is ``dm_control``. A name that leaves even
that folder stays the adapter's ``mjcf.path.escapes``. A fragment's root also holds the
nearest model that includes it (gymnasium-robotics' ``item_assets/microwave_chain.xml`` and
``kitchen_assets/kitchen_env_model.xml``), whose settings the adapter wraps it with.

Example:
    >>> import tempfile
    >>> tmp = Path(tempfile.mkdtemp())
    >>> (tmp / "objects").mkdir(), (tmp / "scene").mkdir()
    (None, None)
    >>> _ = (tmp / "scene" / "scene.xml").write_text("<mujocoinclude/>")
    >>> _ = (tmp / "objects" / "door.txt").write_text(
    ...     '<mujoco><include file="../scene/scene.xml"/></mujoco>')
    >>> mjcf_root_tag(tmp / "objects" / "door.txt"), file_root(tmp / "objects" / "door.txt") == tmp
    ('mujoco', True)
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

from lxml import etree

from arena_core.formats.mjcf.files import lookup_folders
from arena_core.formats.mjcf.prepare import read_xml, read_xml_checked
from schemas.errors import ArenaError
from schemas.source_object import SourceObject
from schemas.sources import SourceManifest, load_source_manifest

#: Root elements read as MJCF.
MJCF_TAGS = ("mujoco", "mujocoinclude")
#: Folder levels above a lone MJCF file's folder its root may be (see the module docstring).
MJCF_ROOT_LEVELS = 4
#: Deepest chain of ``<include>`` followed to find the files a model names.
MAX_INCLUDE_DEPTH = 8
#: The source name of a contribution read by an adapter.
SOURCE = "contribution"

#: Elements whose files live under a compiler folder, and which folder.
_COMPILER_DIR = {"mesh": "meshdir", "skin": "meshdir", "hfield": "meshdir",
                 "texture": "texturedir"}


class Rejected(ArenaError, ValueError):
    """The input cannot be turned into an object at all; ``code`` is the issue code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def mjcf_root_tag(path: Path) -> str | None:
    """``"mujoco"``/``"mujocoinclude"`` when ``path`` is a readable MJCF file, else None
    (not XML, too large, refused: the URDF reader then reports it with its own code)."""
    tree, tag, _ = read_xml_checked(path)
    tag = tree.tag if tree is not None else tag
    return tag if tag in MJCF_TAGS else None


def file_root(xml: Path) -> Path:
    """The root folder of a lone MJCF file (see the module docstring); a fragment's root also
    holds the nearest model that includes it (the adapter takes its settings from there)."""
    folder = xml.parent
    needed = [folder, *_named_files(xml)]
    if mjcf_root_tag(xml) == "mujocoinclude" and (host := _host_model(xml)) is not None:
        needed += [host, *_named_files(host)]
    common = Path(os.path.commonpath([str(p) for p in needed]))
    return common if len(folder.relative_to(common).parts) <= MJCF_ROOT_LEVELS else folder


def folder_model(folder: Path, work_dir: Path) -> Path:
    """The one MJCF model of a folder without URDF files, as the adapter lists models (those
    no other model includes).

    Raises:
        Rejected: ``input.no_urdf`` (no model either), ``input.ambiguous`` (several).
    """
    from flows.adapters import get_adapter

    manifest = _manifest(folder, include=None)
    models = [e.path for e in get_adapter("mjcf").entries(manifest, folder, work_dir=work_dir)]
    return only_model(folder, models, kind="MJCF models", none="no .urdf or MJCF file")


def only_model(folder: Path, found: list[Path], *, kind: str, none: str) -> Path:
    """The one model of ``found`` (files under ``folder``).

    Raises:
        Rejected: ``input.no_urdf`` (``none`` says what is missing), ``input.ambiguous``
            (several: the first eight are named, ``--urdf`` chooses).
    """
    if len(found) == 1:
        return found[0]
    if not found:
        raise Rejected("input.no_urdf", f"{folder.name}: {none} in the folder")
    names = ", ".join(p.relative_to(folder).as_posix() for p in found[:8])
    raise Rejected("input.ambiguous", f"{len(found)} {kind} ({names}); choose one with --urdf")


def read_mjcf(xml: Path, root: Path, work_dir: Path, *, scale: float,
              up_axis: str) -> SourceObject:
    """The adapter's source object of the model ``xml`` under ``root`` (converted into
    ``work_dir``; a model the adapter refuses carries its error issues).

    Raises:
        Rejected: ``input.mjcf_name``: the file is not named ``*.xml`` (the adapter, like a
            build, reads MJCF models by that name); ``input.no_model``: the adapter lists no
            model there (a fragment that nothing includes).
    """
    from flows.adapters import get_adapter

    if xml.suffix.lower() != ".xml":
        raise Rejected("input.mjcf_name", f"{xml.name} holds MJCF (<{mjcf_root_tag(xml)}>), "
                       f"which the mjcf adapter reads from *.xml files: rename it "
                       f"{xml.stem}.xml")
    adapter = get_adapter("mjcf")
    rel = xml.relative_to(root).as_posix()
    manifest = _manifest(root, include=[glob.escape(rel)], scale=scale, up_axis=up_axis)
    for entry in adapter.entries(manifest, root, work_dir=work_dir):
        if entry.path == xml:
            return adapter.read_entry(manifest, entry)[0]
    raise Rejected("input.no_model", f"{xml.name}: an MJCF fragment (<{mjcf_root_tag(xml)}>) "
                   "that is no model MuJoCo can compile")


def _manifest(root: Path, *, include: list[str] | None, scale: float = 1.0,
              up_axis: str = "z") -> SourceManifest:
    return load_source_manifest({"name": SOURCE, "adapter": "mjcf", "license": "unknown",
                                 "location": str(root), "include": include, "scale": scale,
                                 "up_axis": up_axis})


def _host_model(fragment: Path) -> Path | None:
    """The nearest ``<mujoco>`` model that includes ``fragment``, looked for among the XML
    files directly in its folder and in each folder up to :data:`MJCF_ROOT_LEVELS` above."""
    for folder in [fragment.parent, *fragment.parent.parents][:MJCF_ROOT_LEVELS + 1]:
        for xml in sorted(folder.glob("*.xml")):
            if mjcf_root_tag(xml) == "mujoco" and fragment in _named_files(xml):
                return xml
    return None


def _named_files(xml: Path) -> list[Path]:
    """Every relative file name the model uses that exists, as a normalized path, looked up
    as MuJoCo does (:func:`arena_core.formats.mjcf.files.search_folders`: the compiler's mesh
    folder when the model sets one, else the naming file's folder, then the model's).
    Only files within :data:`MJCF_ROOT_LEVELS` folders above the model are opened."""
    base = xml.parent
    top = ([base, *base.parents][:MJCF_ROOT_LEVELS + 1])[-1]
    trees = _include_chain(xml, top)
    meshdir = None
    for _, tree in trees:
        meshdir = _compiler_dirs(tree, base).get("meshdir", meshdir)
    found = [path for path, _ in trees[1:]]
    for path, tree in trees:
        for el in tree.iter():
            if not isinstance(el.tag, str) or el.tag == "include":
                continue
            compiler = meshdir if _COMPILER_DIR.get(el.tag) == "meshdir" else None
            for attr, name in el.attrib.items():
                if attr.startswith("file") and name and not os.path.isabs(name):
                    found += existing_files(name, lookup_folders(path.parent, base, compiler),
                                       top)[:1]
    return found


def _include_chain(xml: Path, top: Path) -> list[tuple[Path, etree._Element]]:
    """``(file, tree)`` of the model and every file it includes that lies under ``top``."""
    chain, queue, seen = [], [(xml, 0)], {xml}
    while queue:
        current, level = queue.pop(0)
        tree = read_xml(current)
        if tree is None:
            continue
        chain.append((current, tree))
        for el in tree.iter("include"):
            name = el.get("file") or ""
            for path in existing_files(name, lookup_folders(current.parent, xml.parent, None), top)[:1]:
                if path not in seen and level < MAX_INCLUDE_DEPTH:
                    seen.add(path)
                    queue.append((path, level + 1))
    return chain


def existing_files(name: str, folders: list[Path], top: Path) -> list[Path]:
    """The paths ``name`` resolves to from ``folders`` that lie under ``top`` and exist
    (nothing outside ``top`` is looked at)."""
    if not name or os.path.isabs(name):
        return []
    paths = [Path(os.path.normpath(f / name.replace("\\", "/"))) for f in folders]
    return [p for p in paths if p.is_relative_to(top)
            and Path(os.path.realpath(p)).is_relative_to(os.path.realpath(top)) and p.is_file()]


def _compiler_dirs(tree, base: Path) -> dict[str, Path]:
    """``meshdir``/``texturedir`` of the model's ``<compiler>`` (``assetdir`` for both)."""
    dirs = {}
    for comp in tree.iter("compiler"):
        for key in ("meshdir", "texturedir"):
            value = comp.get(key) or comp.get("assetdir")
            if value and not os.path.isabs(value):
                dirs[key] = Path(os.path.normpath(base / value))
    return dirs
