"""The dataset card (``README.md``) of a release: YAML front matter plus a readable body.

The front matter is what the Hub and ``datasets`` read: ``configs`` (``full`` -> split
``train``, ``eval200`` -> split ``test``, parquet globs under ``data/``; datasets 5.x has
no loading scripts, so the data files and these configs are the whole contract),
``license: other`` pointing at ``license_map.json``, tags and a size category. The body
says what a row holds (from :data:`release.rows.COLUMN_DOCS`), how meshes are stored and
materialized, the counts, the licenses, the figures, and, when a previous release is
given, a changelog section. Rendering is a pure function of :class:`CardInfo`, so the
card is as deterministic as the data.

**Shard names carry a content fingerprint.** ``datasets`` caches a local folder under
``<folder name>/<config>/<version>/<hash>`` where the hash covers the card's YAML (the
``data_files`` *patterns*), not the files' bytes: two releases in folders of the same name,
or one release rebuilt in place, would share a cache entry and ``load_dataset`` would
return the rows it cached first. Each config's shards are therefore named
``<split>-<fingerprint>-0000K-of-0000N.parquet`` (:func:`shard_name`) and the card's
pattern is ``data/<folder>/<split>-<fingerprint>-*.parquet`` (:func:`data_pattern`), with
the fingerprint a digest of that config's parquet bytes (:func:`shard_fingerprint`): new
rows give a new pattern and so a new cache entry, byte-identical rows the same one (the
release stays deterministic). On the Hub the revision is part of the hash anyway.

**An empty config is left out of the YAML.** ``datasets`` (5.2) cannot load a split with no
rows ("Instruction ... corresponds to no data"), so when nothing was eligible for the
evaluation subset the card has no ``eval200`` config and says why (the empty parquet
file stays under ``data/eval200/`` for readers that use pyarrow).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from arena_core.formats.urdf.write import FORMAT_VERSION as URDF_FORMAT
from release.rows import COLUMN_DOCS
from schemas.release import FORMAT_VERSION

#: Config name -> (split, folder under ``data/``). The names are fixed by SPEC section 5.
CONFIGS = {"full": ("train", "full"), "eval200": ("test", "eval200")}

#: Hex digits of the content fingerprint in shard names (64 bits).
FINGERPRINT_CHARS = 16

TAGS = ["robotics", "articulated-objects", "urdf", "kinematics", "3d", "embodied-ai"]

PAPER = ("ArticulateArena: A Metric for Articulated Kinematics",
         "https://arxiv.org/abs/2609.33931")


@dataclass(frozen=True)
class LicenseLine:
    """One source's license in the card: SPDX id or terms name, class, object count."""

    source: str
    license: str
    license_class: str
    objects: int


@dataclass(frozen=True)
class CardInfo:
    """Everything the card shows; the writer computes it from the rows and reports.

    ``by_source``/``by_supercategory``/``joint_types`` are count tables (kept in the
    given order); ``figures`` are ``(POSIX path in the release, caption)``.
    """

    name: str
    version: str
    repo_id: str | None
    n_full: int
    n_eval: int
    n_categories: int
    by_source: Mapping[str, int]
    by_supercategory: Mapping[str, int]
    joint_types: Mapping[str, int]
    licenses: Sequence[LicenseLine]
    n_duplicates: int = 0
    n_rejected: int = 0
    figures: Sequence[tuple[str, str]] = ()
    changelog_md: str | None = None
    #: Config -> content fingerprint of its shards (in the shard names and YAML patterns).
    fingerprints: Mapping[str, str] = field(default_factory=dict)
    #: Why the evaluation subset is empty or short (None when it is complete).
    subset_message: str | None = None
    #: Source -> engine -> objects that load and move right in it (the ``engines`` stage).
    engines: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    #: Source -> self-collision code -> released objects with it (``clean``: with none).
    collisions: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    #: Engine -> the versions that checked the objects (as the rows record them).
    engine_versions: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: Source -> (links within the collision-fidelity tolerance, links with collision geometry).
    collision_fidelity: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    def card_configs(self) -> list[str]:
        """The configs the YAML declares: ``full``, and ``eval200`` unless it has no rows."""
        return [c for c in CONFIGS if c != "eval200" or self.n_eval > 0]


def shard_fingerprint(shard_sha256s: Sequence[str]) -> str:
    """The fingerprint of a config's shards from their sha256 digests, in shard order.

    >>> len(shard_fingerprint(["ab" * 32])), shard_fingerprint(["ab" * 32]) == shard_fingerprint(["cd" * 32])
    (16, False)
    """
    lines = "".join(f"{k}\t{sha}\n" for k, sha in enumerate(shard_sha256s))
    return hashlib.sha256(lines.encode("ascii")).hexdigest()[:FINGERPRINT_CHARS]


def shard_name(config: str, fingerprint: str, k: int, n: int) -> str:
    """File name of shard ``k`` of ``n`` of ``config`` (inside ``data/<folder>/``)."""
    return f"{CONFIGS[config][0]}-{fingerprint}-{k:05d}-of-{n:05d}.parquet"


def data_pattern(config: str, fingerprint: str | None) -> str:
    """The card's ``data_files`` glob of ``config`` (relative to the release folder).

    >>> data_pattern("full", "0123456789abcdef")
    'data/full/train-0123456789abcdef-*.parquet'
    """
    split, folder = CONFIGS[config]
    middle = f"{fingerprint}-" if fingerprint else ""
    return f"data/{folder}/{split}-{middle}*.parquet"


def front_matter(info: CardInfo) -> dict:
    """The YAML header as a mapping (configs, license, tags, size category)."""
    configs = []
    for name in info.card_configs():
        split = CONFIGS[name][0]
        entry = {"config_name": name,
                 "data_files": [{"split": split,
                                 "path": data_pattern(name, info.fingerprints.get(name))}]}
        if name == "full":
            entry["default"] = True
        configs.append(entry)
    return {
        "pretty_name": info.name,
        "license": "other",
        "license_name": "articulatearena-per-object",
        "license_link": "license_map.json",
        "tags": list(TAGS),
        "size_categories": [size_category(info.n_full)],
        "configs": configs,
    }


def size_category(n: int) -> str:
    """The Hub's size bucket for ``n`` rows.

    >>> size_category(250), size_category(19977)
    ('n<1K', '10K<n<100K')
    """
    for limit, label in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
                         (1_000_000, "100K<n<1M")):
        if n < limit:
            return label
    return "n>1M"


def render_card(info: CardInfo) -> str:
    """The full ``README.md`` text (front matter + body), ending with one newline."""
    header = yaml.safe_dump(front_matter(info), sort_keys=False, allow_unicode=True, width=100)
    sections = [
        _intro(info), _loading(info), _counts(info), _engines(info), _collision(info),
        _figures(info), _columns(), _storage(), _licenses(info), _files(), _changelog(info), _citation(),
    ]
    body = "\n\n".join(s.strip() for s in sections if s)
    return f"---\n{header}---\n\n{body}\n"


def write_card(release_dir: str | os.PathLike[str], info: CardInfo) -> Path:
    """Write ``README.md`` into ``release_dir``; return its path."""
    path = Path(release_dir) / "README.md"
    path.write_text(render_card(info), encoding="utf-8")
    return path


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _intro(info: CardInfo) -> str:
    return f"""
# {info.name} (release {info.version})

Articulated objects (links and one-DOF joints) from public libraries and procedural
generators, normalized into one URDF convention (arena URDF v1: SI units, Z up, root link
`base`, bottom-center at the origin, explicit unit axes and complete limits, an inertial
on every link with geometry), with verified kinematics and mass properties, a
15-supercategory taxonomy and a fixed evaluation subset. One row per object:
**{info.n_full}** objects in `full`, **{info.n_eval}** in `eval200`.{_subset_note(info)}

Built by the ArticulateArena pipeline (`arena build`); the metric that compares the
motions joints allow is described in [{PAPER[0]}]({PAPER[1]}).{_versions(info)}
"""


def _subset_note(info: CardInfo) -> str:
    """A paragraph on an empty or short evaluation subset ("" when it is complete)."""
    if info.n_eval == 0:
        why = f": {info.subset_message}" if info.subset_message else ""
        return (f"\n\n**No evaluation subset in this release**{why}. The card therefore "
                "declares no `eval200` config (`datasets` cannot load a split with no rows); "
                "`full` loads as usual.")
    if info.subset_message:
        return f"\n\n**The evaluation subset is short**: {info.subset_message}."
    return ""


def _versions(info: CardInfo) -> str:
    return (f"\nRelease format `{FORMAT_VERSION}` (the Hub tag of the commit it was "
            f"published as; canonical URDF `{URDF_FORMAT}`).")


def _loading(info: CardInfo) -> str:
    repo = info.repo_id or "ORG/NAME"
    if info.n_eval > 0:
        code = f"""full = load_dataset("{repo}", "full", split="train")      # every object
evalset = load_dataset("{repo}", "eval200", split="test")  # the evaluation subset
# offline, from a local copy of this folder:
evalset = load_dataset("path/to/release", "eval200", split="test")"""
        row = "evalset[0]"
    else:
        code = f"""full = load_dataset("{repo}", "full", split="train")  # every object
# offline, from a local copy of this folder:
full = load_dataset("path/to/release", "full", split="train")
# (no `eval200` config: this release has no evaluation subset, see above)"""
        row = "full[0]"
    return f"""
## Loading

```python
from datasets import load_dataset

{code}
```

Nothing else is needed to get this release's rows: the parquet file names carry a
fingerprint of their content (and the YAML patterns with them), so a local folder rebuilt
in place or another release in a folder of the same name never reuses a stale
`datasets` cache entry.

Turn any row back into a folder whose URDF loads in yourdfpy (meshes included):

```bash
arena materialize path/to/release OBJECT_ID --out my_object/
```

```python
from release.reader import materialize
urdf_path = materialize("path/to/release", "OBJECT_ID", "my_object")
```

Without this repository's code, fetch and unpack one object's archive:

```python
import zipfile
from huggingface_hub import hf_hub_download

row = {row}
zip_path = hf_hub_download("{repo}", row["mesh_archive"], repo_type="dataset")
zipfile.ZipFile(zip_path).extractall("my_object")  # my_object/<row["urdf_path"]>
```
"""


def _counts(info: CardInfo) -> str:
    sources = _table(["source", "objects"], list(info.by_source.items()))
    sups = _table(["supercategory", "objects"], list(info.by_supercategory.items()))
    joints = _table(["joint type", "joints"], list(info.joint_types.items()))
    return f"""
## Counts

| | |
|---|---|
| objects (`full`) | {info.n_full} |
| evaluation subset (`eval200`) | {info.n_eval}{_subset_cell(info)} |
| categories | {info.n_categories} |
| duplicates removed | {info.n_duplicates} |
| objects rejected by verification | {info.n_rejected} |

{sources}

{sups}

{joints}
"""


def _engine_versions(info: CardInfo) -> str:
    """``; checked with mujoco_mjcf 4.0.1, ...``: the versions the rows record."""
    known = [(e, info.engine_versions[e]) for e in sorted(info.engine_versions,
                                                         key=_ENGINE_ORDER.index)
             if any(info.engine_versions[e])]
    if not known:
        return ""
    return "; checked with " + ", ".join(
        f"`{e}` {' / '.join(v for v in versions if v)}" for e, versions in known)


def _engines(info: CardInfo) -> str:
    names = sorted({e for per in info.engines.values() for e in per}, key=_ENGINE_ORDER.index)
    if not names:
        return ""
    rows = [[source, info.by_source.get(source, 0),
             *(info.engines[source].get(e, "-") for e in names)] for source in sorted(info.engines)]
    table = _table(["source", "objects", *names], rows)
    return f"""
## Simulators

Every object was loaded in each engine and every link's pose compared with arena_core's
forward kinematics at the rest pose and 5 random configurations (1e-9; 1e-6 for PyBullet's
float32 API), and simulated for 1 s in MuJoCo. Objects that load and move right, per source
(`mujoco_mjcf` is the object's own `object.xml`; `mujoco` is MuJoCo's URDF import;
`mujoco_source`, for objects converted from MuJoCo XML, is MuJoCo's own kinematics of the
source model agreeing with the canonical object to 1e-9 -- the MuJoCo oracle){_engine_versions(info)}:

{table}

Coupled joints (a helical joint's screw, mimic joints) were also driven in simulation and
must move as one in MuJoCo; PyBullet ignores `<mimic>`, so the snippet's `load_urdf` adds
gear constraints that couple them (where they lag, the row's issues say `coupling.pybullet.*`).

Loading one object (`folder` = a materialized object, `arena materialize`):

```python
import mujoco; m = mujoco.MjModel.from_xml_path(f"{{folder}}/object.xml")  # helical, mimic run
import pybullet as p; p.connect(p.DIRECT)
from arena_core.engines.pybullet_gears import load_urdf  # loadURDF + gears: helical, mimic run
body = load_urdf(f"{{folder}}/object.urdf", useFixedBase=True, flags=p.URDF_USE_INERTIA_FROM_FILE)
import pinocchio as pin; model = pin.buildModelFromUrdf(f"{{folder}}/object.urdf")
import yourdfpy; robot = yourdfpy.URDF.load(f"{{folder}}/object.urdf")
```
{_collisions(info)}"""


def _collisions(info: CardInfo) -> str:
    if not info.collisions:
        return ""
    rows = [[source, info.by_source.get(source, 0), per.get("clean", 0),
             per.get("collision.rest.penetration", 0), per.get("collision.joint.blocked", 0)]
            for source, per in sorted(info.collisions.items())]
    table = _table(["source", "objects", "clean", "penetrating at rest", "joint blocked"], rows)
    return f"""
Self-collision, with the object's own contacts on in MuJoCo and PyBullet (a part and the
part it hangs on excluded): objects whose parts penetrate by more than 2 mm at rest, or
where a part is blocked when one joint moves from rest to its limits (warnings for real
sources and for the generated kinds not yet clean; any other generated object with either is
rejected):

{table}
"""


def _collision(info: CardInfo) -> str:
    if not info.collision_fidelity:
        return ""
    rows = [[source, n, within, f"{100 * within / n:.1f}%"]
            for source, (within, n) in sorted(info.collision_fidelity.items())]
    within = sum(w for w, _ in info.collision_fidelity.values())
    total = sum(n for _, n in info.collision_fidelity.values())
    rows.append(["all", total, within, f"{100 * within / total:.1f}%"])
    table = _table(["source", "links", "within tolerance", "share"], rows)
    return f"""
## Collision geometry

Engines use the convex hull of every collision mesh. Collision meshes that are not close to
convex are replaced by convex pieces (connected pieces, closed solids split by planes through
their faces, flat boards, CoACD; at most 32 per link by default; generated objects come with
their own), each its own collision element in `object.urdf` and geom in `object.xml`.
A link is within tolerance when no piece's hull stands off the source collision surface by
more than max(1 cm, 5% of the link's size) (per link: the `links[].collision` column):

{table}
"""


_ENGINE_ORDER = ["mujoco_mjcf", "mujoco", "pybullet", "pinocchio", "yourdfpy", "mujoco_source"]


def _subset_cell(info: CardInfo) -> str:
    return f" ({info.subset_message.replace('|', '/')})" if info.subset_message else ""


def _figures(info: CardInfo) -> str:
    if not info.figures:
        return ""
    items = "\n\n".join(f"![{caption}]({path})\n\n*{caption}*" for path, caption in info.figures)
    return f"## Figures\n\n{items}\n"


def _columns() -> str:
    rows = [(f"`{name}`", doc) for name, doc in COLUMN_DOCS.items()]
    return f"""
## Columns (format {FORMAT_VERSION})

{_table(["column", "meaning"], rows)}

Joint quantities follow the metric's conventions: a twist is `(omega, v)`, angular part
first, in the object (root) frame at the stored state (all joint coordinates 0);
revolute `(a, p x a)`, prismatic `(0, a)`, helical `(a, p x a + h a)`, fixed `0`.
An infinite limit is stored as null: a continuous joint has `lower`, `upper` and
`endpoints` null (read null `lower` as -inf and null `upper` as +inf).
"""


def _storage() -> str:
    return """
## How meshes are stored

Each object's canonical folder (URDF and meshes, relative paths only) is one zip archive
at `objects/<2 hex>/<object id>.zip` (column `mesh_archive`), where the two hex digits
are the first byte of `sha256(object_id)`:

* **files per folder**: 256 shard folders keep every folder far below the Hub's ~10k
  files-per-folder limit, even for millions of objects;
* **small rows**: meshes are not a bytes column, so parquet row groups (64 rows) stay
  small and fast to scan for the dataset viewer and `load_dataset`; users who only need
  kinematics download no geometry;
* **one object, one download**: `hf_hub_download(repo, "objects/ab/<id>.zip",
  repo_type="dataset")` fetches exactly one object's meshes;
* **reproducible bytes**: members sorted, stored uncompressed, fixed timestamps and
  permissions, so a rebuild gives identical archives (and the Hub deduplicates them).

A folder holds `object.urdf`, `object.xml` (MJCF) and `meshes/`: each link's visual meshes
and its collision geometry, the `<collision>` meshes and primitives the engines collide
(MuJoCo uses each collision mesh's convex hull, PyBullet too for moving links; `arena view`
draws it on demand).

The URDF text is also in the `urdf` column; `arena materialize` extracts the archive
(safely: no path may leave the output folder) and checks it against the row.
"""


def _licenses(info: CardInfo) -> str:
    rows = [(line.source, line.license, _mark(line.license_class), line.objects)
            for line in info.licenses]
    return f"""
## Licenses

This release mixes sources under different terms, so its license is `other`: every row
carries its own `license` and `license_class`, and `license_map.json` lists the license
of each source and of each object. **Non-commercial** and **copyleft** terms are marked;
to keep only permissive objects, filter on `license_class == "permissive"`.

{_table(["source", "license", "class", "objects"], rows)}
"""


def _mark(license_class: str) -> str:
    return f"**{license_class}**" if license_class in ("non-commercial", "copyleft") else license_class


def _files() -> str:
    return """
## Files

| path | content |
|---|---|
| `data/full/train-<fingerprint>-*.parquet`, `data/eval200/test-<fingerprint>-*.parquet` | the rows (sorted by `object_id`); the fingerprint is a digest of the config's parquet bytes (`release_info.json` lists the files) |
| `objects/<2 hex>/<id>.zip` | per-object URDF + meshes |
| `license_map.json` | license per source and per object, with its class |
| `manifests/` | source manifests with checksums, taxonomy, subset selection with reasons |
| `reports/build_report.json` | what the build did (counts, rejections by issue code, skipped sources) |
| `reports/issue_codes.json` | every issue code (in `verification.issues` and the build report): its default severity and what it means |
| `reports/duplicates.json`, `reports/duplicates.md` | duplicate clusters and what was kept |
| `reports/coverage.md`, `reports/subset_coverage.md` | supercategory x joint type x source, for all objects and for the evaluation subset |
| `figures/` | the figures above |
| `SHA256SUMS` | sha256 of every other file |
"""


def _changelog(info: CardInfo) -> str:
    if not info.changelog_md:
        return ""
    return f"## Changelog\n\n{info.changelog_md.strip()}\n"


def _citation() -> str:
    return f"""
## Citation

If you use this dataset, please cite the paper that defines the suite and its metric:
*{PAPER[0]}* ({PAPER[1]}).
"""
