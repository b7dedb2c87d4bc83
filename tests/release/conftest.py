"""A small real release shared by the release tests (built once per session).

Objects: ten generated objects (every joint type among them) processed by
``arena_core.pipeline.run.run_object``, plus one PartNet-Mobility object from
``../shared/realdata`` when it is beside the repository. One extra generated object is
declared an exact duplicate of a kept one, and four objects form the evaluation subset.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from arena_core.curation.items import item_from_record
from arena_core.curation.subset import select_subset
from arena_core.generate import generate
from arena_core.pipeline.run import run_object
from release.objects import ReleaseObject
from release.writer import write_release
from schemas.curation import DuplicateRecord, SubsetResult
from schemas.release import BuildReport, ReleaseSpec
from tests.generated_objects import processed_generated

REPO = Path(__file__).resolve().parents[2]
REALDATA = (REPO / ".." / "shared" / "realdata").resolve()
TAXONOMY = REPO / "manifests" / "taxonomy.yaml"
REAL_OBJECT = REALDATA / "sapien_repo" / "41083"
N_GENERATED = 10
SUBSET_SIZE = 4


@dataclass
class Built:
    """Inputs of the shared release and where it was written."""

    objects: list[ReleaseObject]
    subset: SubsetResult
    duplicates: list[DuplicateRecord]
    canonical_dir: Path
    release_dir: Path

    def kwargs(self) -> dict:
        """The keyword arguments that rebuild the same release."""
        return {"subset": self.subset, "duplicates": self.duplicates,
                "report": BuildReport(objects_in=len(self.objects)),
                "spec": ReleaseSpec(taxonomy_path=TAXONOMY, max_thumbnails=6)}


_item = item_from_record  # the items the build makes from records


def _process_generated(root: Path) -> list[ReleaseObject]:
    return processed_generated(generate(N_GENERATED + 1, 3, root / "generated"),
                               root / "canonical")


def _process_real(root: Path) -> list[ReleaseObject]:
    if not (REAL_OBJECT / "mobility.urdf").is_file():
        return []
    rec = run_object(REAL_OBJECT / "mobility.urdf", root / "canonical", provenance={
        "object_id": "sapien-41083", "source": "sapien", "source_id": "41083", "upstream_id": "41083",
        "license": "PartNet-Mobility terms", "license_class": "non-commercial",
        "category": "cabinet", "supercategory": "storage_furniture"}).record
    assert rec.accepted, rec.verification.codes
    return [ReleaseObject(rec, root / "canonical" / rec.object_id)]


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Built:
    """The shared release (read-only for the tests: copy it before changing anything)."""
    root = tmp_path_factory.mktemp("release_inputs")
    objects = _process_generated(root) + _process_real(root)
    dropped = objects.pop(N_GENERATED)  # the last generated object becomes a duplicate
    keeper = objects[0].record
    duplicates = [DuplicateRecord(object_id=dropped.record.object_id, duplicate_of=keeper.object_id,
                                  relation="same_annotation", distance=0.0, evidence=["geometry"],
                                  source="generated", keeper_source="generated")]
    subset = select_subset([_item(o.record) for o in objects], n=SUBSET_SIZE, seed=0)
    out = root / "release"
    built = Built(objects, subset, duplicates, root / "canonical", out)
    write_release(out, objects, **built.kwargs())
    return built


@pytest.fixture
def release_copy(built, tmp_path) -> Path:
    """A private copy of the shared release that a test may damage."""
    dest = tmp_path / "release"
    shutil.copytree(built.release_dir, dest)
    return dest


@pytest.fixture
def hf_home(tmp_path, monkeypatch) -> Path:
    """``HF_HOME``/``HF_DATASETS_CACHE`` in a temporary folder, Hub offline."""
    home = tmp_path / "hf"
    monkeypatch.setenv("HF_HOME", str(home))
    monkeypatch.setenv("HF_DATASETS_CACHE", str(home / "datasets"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    return home
