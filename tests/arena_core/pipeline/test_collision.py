"""The collision stage: convex pieces in the canonical folder, fidelity in the record."""

from __future__ import annotations

import numpy as np
import pytest
import trimesh
from lxml import etree

from arena_core.mesh import decompose
from arena_core.mesh.decompose import PieceStore
from arena_core.pipeline.run import run_object

PROV = {"object_id": "drawer", "source": "test", "license": "CC0-1.0"}

URDF = """<robot name="drawer">
  <link name="base"><collision><geometry><box size="0.5 0.5 0.02"/></geometry></collision></link>
  <link name="drawer">
    <visual><geometry><mesh filename="drawer.obj"/></geometry></visual>
    <collision><geometry><mesh filename="drawer.obj"/></geometry></collision>
    <collision><origin xyz="0.3 0 0"/><geometry><mesh filename="knob.obj"/></geometry></collision>
  </link>
  <joint name="slide" type="prismatic"><parent link="base"/><child link="drawer"/>
    <origin xyz="0 0 0.2"/><axis xyz="1 0 0"/><limit lower="0" upper="0.3" effort="1" velocity="1"/>
  </joint>
</robot>
"""


def drawer_folder(tmp_path):
    """A drawer with 2 cm walls (one closed concave solid: CoACD decomposes it) and a knob."""
    outer = trimesh.creation.box(extents=(0.4, 0.3, 0.15))
    inner = trimesh.creation.box(extents=(0.36, 0.26, 0.15))
    inner.apply_translation((0, 0, 0.02))
    outer.difference(inner).export(tmp_path / "drawer.obj")
    trimesh.creation.box(extents=(0.02, 0.02, 0.02)).export(tmp_path / "knob.obj")
    (tmp_path / "drawer.urdf").write_text(URDF)
    return tmp_path / "drawer.urdf"


def collisions(folder, link):
    root = etree.parse(str(folder / "object.urdf")).getroot()
    return root.findall(f"link[@name='{link}']/collision")


def test_a_drawer_gets_convex_pieces_in_the_urdf_and_the_mjcf(tmp_path):
    urdf = drawer_folder(tmp_path)
    store = PieceStore(tmp_path / "pieces")
    rec = run_object(urdf, tmp_path / "out", provenance=PROV, pieces=store).record
    assert rec.accepted, rec.verification.codes
    folder = tmp_path / "out" / "drawer"
    pieces = collisions(folder, "drawer")
    assert 3 <= len(pieces) <= 1 + 32  # the knob (convex, kept) and the drawer's pieces
    mjcf = etree.parse(str(folder / "object.xml")).getroot()
    geoms = mjcf.findall(".//body[@name='drawer']/geom[@class='collision']")
    assert len(geoms) == len(pieces)
    visuals = etree.parse(str(folder / "object.urdf")).getroot().findall(
        "link[@name='drawer']/visual")
    assert len(visuals) == 1
    link = {r.name: r for r in rec.links}["drawer"]
    assert link.collision.source_standoff > 0.1  # the hull's lid over the drawer
    assert link.collision.standoff < 0.5 * link.collision.source_standoff
    assert link.collision.within and not link.collision.source_within
    assert rec.decompositions == 1 and rec.decomposition_cache_hits == 0


def test_mass_properties_do_not_come_from_the_pieces(tmp_path):
    urdf = drawer_folder(tmp_path)
    with_pieces = run_object(urdf, tmp_path / "a", provenance=PROV).record
    text = urdf.read_text().replace('<collision><geometry><mesh filename="drawer.obj"/>'
                                    '</geometry></collision>', "")
    (tmp_path / "plain.urdf").write_text(text)
    plain = run_object(tmp_path / "plain.urdf", tmp_path / "b", provenance=PROV).record
    a, b = ({r.name: r for r in rec.links}["drawer"] for rec in (with_pieces, plain))
    assert a.mass == b.mass and a.com == b.com and a.inertia == b.inertia


def test_an_unchanged_object_reuses_its_decomposition(tmp_path, monkeypatch):
    urdf = drawer_folder(tmp_path)
    store = PieceStore(tmp_path / "pieces")
    first = run_object(urdf, tmp_path / "one", provenance=PROV, pieces=store).record
    monkeypatch.setattr(decompose, "_coacd", lambda *a: pytest.fail("decomposed again"))
    again = run_object(urdf, tmp_path / "two", provenance=PROV, pieces=PieceStore(store.root)).record
    assert (again.decompositions, again.decomposition_cache_hits) == (0, 1)
    assert again.checksum == first.checksum


def test_the_canonical_object_processed_again_is_the_same_folder(tmp_path):
    urdf = drawer_folder(tmp_path)
    first = run_object(urdf, tmp_path / "one", provenance=PROV).record
    again = run_object(tmp_path / "one" / "drawer" / "object.urdf", tmp_path / "two",
                    provenance=PROV).record
    assert again.decompositions == 0 and again.checksum == first.checksum


def test_coacd_failing_keeps_the_mesh_with_a_warning(tmp_path, monkeypatch):
    coacd = decompose._coacd_module()  # as the stage imports it (one OpenMP thread)

    def broken(*a, **k):
        raise RuntimeError("boom")

    monkeypatch.setattr(coacd, "run_coacd", broken)
    monkeypatch.setattr(decompose, "_plane_split", lambda *a: None)  # a mesh planes cannot cut
    urdf = drawer_folder(tmp_path)
    rec = run_object(urdf, tmp_path / "out", provenance=PROV).record
    assert rec.accepted
    assert "collision.decompose.failed" in rec.verification.codes
    assert "collision.fidelity.exceeded" in rec.verification.codes
    assert len(collisions(tmp_path / "out" / "drawer", "drawer")) == 2
    link = {r.name: r for r in rec.links}["drawer"]
    assert not link.collision.within
    assert np.isclose(link.collision.standoff, link.collision.source_standoff)


def test_generated_objects_keep_their_pieces_within_the_fidelity_tolerance(tmp_path):
    """The generator writes convex pieces (arena_core.generate.collision): every link of
    one object of each kind in the first 40 of run 0 ends within its fidelity tolerance,
    and the pipeline decomposes few meshes (none for most objects)."""
    from arena_core.generate.output import generate

    store = PieceStore(tmp_path / "pieces")
    outside, links, decomposed = [], 0, 0
    for info in generate(40, 0, tmp_path / "gen"):
        rec = run_object(info.urdf_path, tmp_path / "out", provenance={
            "object_id": info.object_id, "source": "generated", "license": "CC0-1.0"},
            pieces=store).record
        for link in rec.links:
            if link.collision is not None:
                links += 1
                if not link.collision.within:
                    outside.append((info.object_id, link.name))
        decomposed = store.decomposed
    assert links > 200
    assert not outside
    assert decomposed <= 8
