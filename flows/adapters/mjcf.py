"""``mjcf``: MuJoCo XML objects, prepared, compiled with ``mujoco`` and converted to URDF.

Which files are objects: with the manifest's ``include`` patterns, every matching file
whose root element is ``<mujoco>`` (a model) or ``<mujocoinclude>`` holding bodies (a
fragment, wrapped by :func:`~arena_core.formats.mjcf.prepare.fragment_wrapper` with the
settings of the model that includes it); without them, every ``<mujoco>`` file under the
root that no other model includes. The object id is the relative path without suffix.

Each object is prepared (:mod:`arena_core.formats.mjcf.prepare`: includes expanded, files
checked to stay inside the root, textures and the scene dropped, old syntax rewritten),
compiled with MuJoCo's refusals repaired where unambiguous
(:mod:`arena_core.formats.mjcf.compile`; otherwise ``mjcf.compile_failed`` with MuJoCo's
message), and converted (:mod:`arena_core.formats.mjcf.convert`). A model with no hinge, slide
or ball joint left is converted too: it is a prop, rejected by the same rule as a URDF without
a moving joint (``structure.no_moving_joints``, :mod:`arena_core.verify.structure`). The conversion is written to ``work_dir/<source>/mjcf/<relative xml path>/
<stem>.urdf`` with ``meshes/*.obj`` and :data:`COMPILED_XML`, the exact text MuJoCo
compiled (``extras.mjcf_compiled``, read by the MuJoCo oracle); the folder is named after
the XML file, so two models' folders never nest, and is the object's ``root_dir``.
``files`` lists the MJCF files and meshes the object came from, relative to the source
root (``extras.files_root``); ``extras.joint_map`` maps MuJoCo joint names to URDF
joint names and reference positions, ``extras.body_map`` bodies to links.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import numpy as np
from lxml import etree

from arena_core.formats.mjcf.compile import compile_tree
from arena_core.formats.mjcf.convert import convert_model
from arena_core.formats.mjcf.mujoco_load import write_compiled
from arena_core.formats.mjcf.prepare import (
    Prepared,
    fragment_wrapper,
    included_files,
    is_fragment,
    prepare_model,
    read_xml,
    read_xml_checked,
)
from arena_core.formats.urdf.write import fmt, write_urdf
from arena_core.formats.xmlsafe import XmlError
from arena_core.util.fs import write_atomic
from flows.adapters.base import Adapter, Entry, listed_files, make_object, resolve_category
from flows.adapters.urdf_refs import walk_files
from schemas.extras import SourceExtras
from schemas.issues import Issue
from schemas.source_object import SourceObject
from schemas.sources import SourceManifest

#: File name of the compiled MJCF text beside the converted URDF (its assets map beside it:
#: :func:`arena_core.formats.mjcf.mujoco_load.write_compiled`).
COMPILED_XML = "source.mjcf.xml"
#: Folder beside it for the assets that are not a source file's bytes.
ASSETS_DIR = "source_assets"


class MjcfAdapter(Adapter):
    """MuJoCo MJCF models under the root, each converted into a URDF folder in work_dir."""

    name = "mjcf"

    def _entries(self, manifest: SourceManifest, root: Path, work_dir: Path) -> Iterator[Entry]:
        trees, unreadable, repaired = {}, {}, {}
        for xml in walk_files(root, (".xml",), include=manifest.include):
            tree, tag, error = read_xml_checked(xml, read := [])
            if tree is not None:
                trees[xml], repaired[xml] = tree, read
            elif tag == "mujoco" and error is not None:
                unreadable[xml] = error  # a model, refused with its code (too deep, ...)
        models = {x: t for x, t in trees.items() if t.tag == "mujoco"}
        if manifest.include is None:
            included = set().union(*(included_files(t, x) for x, t in models.items()))
            objects = {x: t for x, t in models.items() if x not in included}
        else:
            objects = {x: t for x, t in trees.items() if t.tag == "mujoco" or is_fragment(t)}
        hosts = None
        for xml in sorted([*objects, *unreadable], key=lambda p: p.relative_to(root).as_posix()):
            source_id = xml.relative_to(root).with_suffix("").as_posix()
            if xml in unreadable:
                yield Entry(source_id, xml, partial(_refused, unreadable[xml]))
                continue
            if hosts is None and objects[xml].tag != "mujoco":
                hosts = _models_under(root)
            yield Entry(source_id, xml, partial(self._single, manifest, root, xml,
                                                objects[xml], hosts or {}, work_dir,
                                                repaired[xml]))

    def _single(self, manifest: SourceManifest, root: Path, xml: Path, tree: etree._Element,
                hosts: dict, work_dir: Path, read: list[Issue] = ()) -> list[SourceObject]:
        return [self._object(manifest, root, xml, tree, hosts, work_dir, read)]

    def _object(self, manifest: SourceManifest, root: Path, xml: Path, tree: etree._Element,
                hosts: dict, work_dir: Path, read: list[Issue] = ()) -> SourceObject:
        """Prepare, compile and convert one model; failures become error issues (``read``:
        the repairs of reading its file)."""
        source_id = xml.relative_to(root).with_suffix("").as_posix()
        out = work_dir / manifest.name / "mjcf" / xml.relative_to(root)  # "a/b.xml/": no nesting
        model_tree, base = (tree, xml.parent) if tree.tag == "mujoco" else \
            fragment_wrapper(xml, root, hosts)
        prepared = prepare_model(model_tree, base, root, work_dir / manifest.name, main=xml)
        files, file_issues = listed_files(root, [p.relative_to(root).as_posix()
                                                 for p in prepared.files])
        extras = SourceExtras(files_root=root, mjcf_path=xml)
        urdf = out / f"{xml.stem}.urdf"
        issues = [*read, *prepared.issues]
        if not prepared.failed:
            extras, issues = self._convert(prepared, xml, urdf, extras, issues)
        return make_object(manifest, source_id=source_id, urdf_path=urdf, root_dir=out,
                           files=files, extras=extras, issues=[*issues, *file_issues],
                           category=resolve_category(manifest, [source_id, xml.stem,
                                                                xml.parent.name], None))

    def _convert(self, prepared: Prepared, xml: Path, urdf: Path, extras: SourceExtras,
                 issues: list[Issue]) -> tuple[SourceExtras, list[Issue]]:
        """Compile the ``prepared`` model from memory and write the converted URDF folder at
        ``urdf``."""
        compiled = compile_tree(prepared.tree, name=xml.name, assets=prepared.assets)
        issues = [*issues, *compiled.issues]
        model = compiled.model
        if model is None:
            return extras, issues
        conversion = convert_model(model, name=xml.stem)
        write_folder(urdf, conversion.obj, conversion.meshes)
        compiled_path = urdf.parent / COMPILED_XML
        write_compiled(compiled_path, compiled.xml, _asset_files(prepared, urdf.parent))
        return (extras.merged(**conversion.extras, mjcf_compiled=compiled_path,
                              angle_units_known=True),
                [*issues, *conversion.issues])


def _asset_files(prepared: Prepared, folder: Path) -> dict[str, Path]:
    """The file holding each asset's bytes: the source file, or for a converted mesh or a
    prepared sub-model a copy written under ``folder/ASSETS_DIR``."""
    files = {}
    for key, origin in prepared.origins.items():
        if key in prepared.derived:
            origin = folder / ASSETS_DIR / key
            origin.parent.mkdir(exist_ok=True)
            write_atomic(origin, prepared.assets[key])
        files[key] = origin
    return files


def _refused(error: XmlError) -> list[SourceObject]:
    """An entry's reading that fails with ``error`` (the adapter's guard records its code)."""
    raise error


def _models_under(root: Path) -> dict[Path, etree._Element]:
    """Every ``<mujoco>`` model under ``root`` (the hosts a fragment may be included by)."""
    return {xml: tree for xml in walk_files(root, (".xml",))
            if (tree := read_xml(xml)) is not None and tree.tag == "mujoco"}


def write_folder(urdf: Path, obj, meshes: dict[str, tuple[np.ndarray, np.ndarray]]) -> None:
    """Write ``obj`` as ``urdf`` and its meshes (OBJ) next to it, replacing the folder."""
    folder = urdf.parent
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for rel, (vertices, faces) in sorted(meshes.items()):
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        write_obj(path, vertices, faces)
    write_urdf(obj, urdf)


def write_obj(path: Path, vertices: np.ndarray, faces: np.ndarray) -> None:
    """Write a triangle mesh as OBJ: vertices ``(n, 3)`` in meters (shortest exact floats),
    faces ``(m, 3)`` 0-based indices (written 1-based)."""
    lines = [f"v {fmt(x)} {fmt(y)} {fmt(z)}" for x, y, z in np.asarray(vertices, float)]
    lines += [f"f {a + 1} {b + 1} {c + 1}" for a, b, c in np.asarray(faces, np.int64)]
    write_atomic(path, "\n".join(lines) + "\n")
