"""Small real releases and synthetic method predictions shared by the evaluation tests.

* ``releases``: release A (ten generated objects, processed by
  ``arena_core.pipeline.run.run_object``, all ten in the evaluation subset) and release B,
  made from A by four known edits: one object's joint limits changed (re-processed from
  an edited source URDF), one object retagged to another category, one removed, one added.
* ``predictions``: three synthetic "methods" on A's evaluation subset with increasing,
  known noise (:data:`NOISE`): axis rotation, joint-origin shift, limit scaling,
  structural edits (a moving joint made fixed, a spurious joint added) and missing or
  unreadable outputs.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pytest

from arena_core.curation.items import item_from_record
from arena_core.curation.subset import select_subset
from arena_core.formats.urdf.read import read_urdf
from arena_core.formats.urdf.write import urdf_string, write_urdf
from arena_core.generate import generate
from arena_core.model.articulated import ArticulatedObject, Joint, Link
from arena_core.pipeline.run import run_object
from release.objects import ReleaseObject
from release.reader import load_rows, materialize
from release.writer import write_release
from schemas.curation import SubsetResult
from schemas.record import ObjectRecord
from schemas.release import ReleaseSpec

REPO = Path(__file__).resolve().parents[3]
TAXONOMY = REPO / "manifests" / "taxonomy.yaml"
N_OBJECTS = 10
SEED = 5

#: Per method: axis rotation (rad), joint-origin shift (m), relative limit change, and how
#: many objects get a joint made fixed, a spurious joint, no output, an unreadable output.
NOISE = {
    "good": {"axis": 0.01, "origin": 0.002, "limit": 0.02, "drop": 0, "spurious": 0,
             "missing": 0, "unreadable": 0},
    "medium": {"axis": 0.08, "origin": 0.03, "limit": 0.15, "drop": 1, "spurious": 0,
               "missing": 1, "unreadable": 0},
    "bad": {"axis": 0.35, "origin": 0.15, "limit": 0.5, "drop": 2, "spurious": 1,
            "missing": 1, "unreadable": 1},
}


@pytest.fixture(scope="session")
def noise() -> dict:
    """:data:`NOISE` (the methods' known noise levels)."""
    return NOISE


@dataclass
class Releases:
    """Release A, release B and the ids of the edits between them."""

    a: Path
    b: Path
    edited: str          # joint limits changed
    edited_joint: str    # the joint whose upper limit changed
    retagged: str        # category changed
    new_category: str
    removed: str
    added: str
    canonical_a: Path
    canonical_b: Path
    subset: SubsetResult
    objects_b: list[ReleaseObject]


curation_item = item_from_record  # the items the build makes from records


def process_generated(urdf: Path, out: Path, meta: dict, object_id: str) -> ObjectRecord:
    rec = run_object(urdf, out, provenance={
        "object_id": object_id, "source": "generated", "license": "CC0-1.0",
        "category": meta["category"], "supercategory": meta["supercategory_hint"]}).record
    assert rec.accepted, (rec.object_id, rec.verification.codes)
    return rec


def _edit_limits(info, root: Path) -> tuple[Path, str]:
    """A copy of a generated source whose first finite moving joint has a larger upper limit."""
    src = root / "edited_source" / info.object_id
    shutil.copytree(info.folder, src)
    obj = read_urdf(src / info.urdf_path.name).obj
    k = next(i for i, j in enumerate(obj.joints)
             if j.type in ("revolute", "prismatic") and np.isfinite(j.upper))
    j = obj.joints[k]
    joints = list(obj.joints)
    joints[k] = replace(j, upper=j.upper + 0.5 * (j.upper - j.lower))
    write_urdf(ArticulatedObject.from_parts(obj.name, obj.links.values(), joints),
               src / info.urdf_path.name)
    return src / info.urdf_path.name, j.name


def _release_kwargs(subset: SubsetResult) -> dict:
    return {"subset": subset, "spec": ReleaseSpec(taxonomy_path=TAXONOMY, max_thumbnails=2)}


@pytest.fixture(scope="session")
def releases(tmp_path_factory) -> Releases:
    root = tmp_path_factory.mktemp("eval_releases")
    infos = generate(N_OBJECTS + 1, SEED, root / "generated")
    metas = [json.loads((i.folder / "meta.json").read_text()) for i in infos]
    recs = [process_generated(i.urdf_path, root / "canonical_a", m, i.object_id)
            for i, m in zip(infos, metas, strict=True)]
    objects_a = [ReleaseObject(r, root / "canonical_a" / r.object_id) for r in recs[:N_OBJECTS]]
    subset = select_subset([curation_item(r) for r in recs[:N_OBJECTS]], n=N_OBJECTS, seed=0)
    write_release(root / "A", objects_a, **_release_kwargs(subset))

    edited, retagged, removed = recs[2].object_id, recs[3].object_id, recs[1].object_id
    edited_urdf, edited_joint = _edit_limits(infos[2], root)
    rec_edit = process_generated(edited_urdf, root / "canonical_b", metas[2], edited)
    new_category = f"{recs[3].category}_retagged"
    rec_tag = recs[3].model_copy(update={"category": new_category})
    objects_b = [o for o in objects_a if o.record.object_id not in (edited, retagged, removed)]
    objects_b += [ReleaseObject(rec_edit, root / "canonical_b" / edited),
                  ReleaseObject(rec_tag, objects_a[3].folder),
                  ReleaseObject(recs[N_OBJECTS], root / "canonical_a" / recs[N_OBJECTS].object_id)]
    subset_b = subset.model_copy(update={
        "entries": [e for e in subset.entries if e.object_id != removed]})
    write_release(root / "B", objects_b, **_release_kwargs(subset_b))
    return Releases(root / "A", root / "B", edited, edited_joint, retagged, new_category,
                    removed, recs[N_OBJECTS].object_id, root / "canonical_a",
                    root / "canonical_b", subset_b, objects_b)


# ----------------------------------------------------------------------------- predictions
def _rotate(axis: np.ndarray, angle: float, rng: np.random.Generator) -> np.ndarray:
    """``axis`` rotated by exactly ``angle`` about a random perpendicular direction."""
    a = axis / np.linalg.norm(axis)
    perp = np.cross(a, rng.normal(size=3))
    perp /= np.linalg.norm(perp)
    return np.cos(angle) * a + np.sin(angle) * perp


def _perturb_joint(j: Joint, noise: dict, rng: np.random.Generator) -> Joint:
    if not j.moving:
        return j
    origin = np.array(j.origin_local, dtype=float)
    shift = rng.normal(size=3)
    origin[:3, 3] += noise["origin"] * shift / np.linalg.norm(shift)
    upper = j.upper
    if np.isfinite(j.lower) and np.isfinite(j.upper):
        upper = j.lower + (1 + noise["limit"]) * (j.upper - j.lower)
    return replace(j, origin_local=origin, upper=upper,
                   axis_local=_rotate(np.asarray(j.axis_local, dtype=float), noise["axis"], rng))


def perturb(obj: ArticulatedObject, noise: dict, rng: np.random.Generator, *, drop: bool,
            spurious: bool) -> ArticulatedObject:
    """``obj`` with every moving joint perturbed, optionally one made fixed / one added."""
    joints = [_perturb_joint(j, noise, rng) for j in obj.joints]
    links = list(obj.links.values())
    if drop:
        k = next(i for i, j in enumerate(joints) if j.moving)
        joints[k] = replace(joints[k], type="fixed", lower=0.0, upper=0.0)
    if spurious:
        links.append(Link("spurious_part"))
        joints.append(Joint(name="spurious_joint", type="revolute", parent=obj.root,
                            child="spurious_part", origin_local=np.eye(4),
                            axis_local=np.array([0.0, 1.0, 0.0]), lower=0.0, upper=1.2))
    return ArticulatedObject.from_parts(obj.name, links, joints)


@dataclass
class Predictions:
    """The predictions folder, the materialized ground truths and what each method lacks."""

    root: Path
    gt: dict[str, Path]                 # object id -> ground-truth URDF
    invalid: dict[str, dict[str, str]]  # method -> object id -> expected status
    object_ids: list[str]


@pytest.fixture(scope="session")
def predictions(releases, tmp_path_factory) -> Predictions:
    root = tmp_path_factory.mktemp("predictions")
    ids = [r["object_id"] for r in load_rows(releases.a, "eval200", columns=["category"])]
    gt_root = tmp_path_factory.mktemp("ground_truth")
    gt = {oid: materialize(releases.a, oid, gt_root / oid) for oid in ids}
    objs = {oid: read_urdf(path).obj for oid, path in gt.items()}
    invalid: dict[str, dict[str, str]] = {}
    for m, (name, noise) in enumerate(NOISE.items()):
        rng = np.random.default_rng(100 + m)
        order = [ids[i] for i in rng.permutation(len(ids))]
        several = [oid for oid in order if sum(j.moving for j in objs[oid].joints) >= 2]
        drop = set(several[:noise["drop"]])
        rest = [oid for oid in order if oid not in drop]
        missing = set(rest[:noise["missing"]])
        k = noise["missing"]
        unreadable = set(rest[k:k + noise["unreadable"]])
        k += noise["unreadable"]
        spurious = set(rest[k:k + noise["spurious"]])
        invalid[name] = {**dict.fromkeys(missing, "missing"),
                         **dict.fromkeys(unreadable, "unreadable")}
        (root / name).mkdir()
        (root / name / "meta.json").write_text(json.dumps({"modality": f"{name}-images"}))
        for oid in ids:
            if oid in missing:
                continue
            folder = root / name / oid
            shutil.copytree(gt[oid].parent, folder)
            (folder / gt[oid].name).unlink()
            if oid in unreadable:
                (folder / "prediction.urdf").write_text("<robot name='x'><link name=")
                continue
            pred = perturb(objs[oid], noise, rng, drop=oid in drop, spurious=oid in spurious)
            (folder / "prediction.urdf").write_text(urdf_string(pred))
    return Predictions(root, gt, invalid, ids)
