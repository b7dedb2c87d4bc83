"""Golden digests: object ``i`` of seed 0 for one object of every kind, byte for byte, and
the same bytes whatever SIMD and BLAS code paths the CPU takes.

The build's store keys and the release checksums are digests of the generated files, so a
change that alters any byte of them must come with a new ``GENERATOR_VERSION`` (and a new
table). Regenerate the table after such a change with::

    python tests/arena_core/generate/test_golden.py

A rebuild on another machine must give the same files: numpy dispatches its loops to the
CPU's widest SIMD and OpenBLAS picks a kernel per CPU, and both round differently per code
path. A second process with numpy's dispatched paths off (``NPY_DISABLE_CPU_FEATURES``) and,
on x86-64, OpenBLAS's oldest kernel (``OPENBLAS_CORETYPE``) must write the same digests.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

from arena_core.generate import GENERATOR_VERSION, KINDS, generate_one, kind_for_index, write_object
from arena_core.util.hashing import tree_sha256

REPO = Path(__file__).resolve().parents[3]

#: The generator version the table below was made with.
GOLDEN_VERSION = "1.5.0"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "cabinet": "6236abc3fa79fcd4",
    "office_chair": "0e7d19c4145fc606",
    "refrigerator": "e0bfed27ea94fea3",
    "washing_machine": "d71f9bca642914a0",
    "laptop": "ebadd2dc8bd77a91",
    "bottle": "9dae33a6c3745fe1",
    "door": "902b57e9ab14e5dc",
    "faucet": "01052c763c9979e4",
    "desk_lamp": "afee5e5e1f080e64",
    "scissors": "251a008c5314683d",
    "globe": "7070d2a726da6238",
    "cart": "c01bf487d9015d92",
    "piano": "a96219e6340703b1",
    "umbrella": "5f676cb40c0b54c6",
    "robot_arm": "03eaa0a5ec2d3903",
    "wardrobe": "b0302121429f9800",
    "desk": "4bed1cc2b0e4ccc6",
    "oven": "8e234b3bcefab958",
    "fan": "fdf6279d437408d2",
    "keyboard": "9e9553754c4c4588",
    "box": "4c26ac3b8e60967c",
    "sliding_window": "c320b45967a390c8",
    "toilet": "ba77009489811cd3",
    "floor_lamp": "c198076fef48c010",
    "pliers": "cc54e805f2e2d8f2",
    "stapler": "4fa1dfe7bdb9082d",
    "stroller": "66e6106b4e758ac6",
    "toy_car": "e2ce487f39bed169",
    "lighter": "210ad048007d267a",
    "valve": "5be034afd9dc0db0",
    "dresser": "e9a962ddcbcf0a0c",
    "table": "aee068b62a1f9065",
    "microwave": "7eae85af30f8cff2",
    "printer": "c6782f2259edbfaf",
    "camera": "a12a778c75d8878b",
    "trash_can": "af8732732ebd6c78",
    "casement_window": "a2a09b6248d332e8",
    "sink": "fd006581ee3b10e2",
    "wall_lamp": "b41521498de47963",
    "folding_knife": "6fe86d846d37faed",
    "clock": "98ce2456776cf430",
    "bicycle": "b8804492c5a47155",
    "skateboard": "6ccc05cd3ce3164c",
    "jewelry_box": "908b41674d391477",
    "gear_train": "b6b419bc5c2f22f4",
    "nightstand": "bb2f33eb0c1ffe5c",
    "folding_chair": "fc7037091e3ee7e2",
    "dishwasher": "e0e5be9979aff87c",
    "ceiling_fan": "28876997505eb3be",
    "remote": "17a044fe5cd6bff9",
    "suitcase": "2780ec9282e751db",
    "shutter": "65a7015bcec73cb5",
    "shower": "f52b9429c12e878d",
    "table_lamp": "653cb967d875bc95",
    "vise": "0c15059b81c94910",
    "eyeglasses": "eec822506abbbd22",
    "wheelchair": "e9d157cb47743e2f",
    "jack_in_the_box": "b8907015939ed5d9",
    "lipstick": "61684c642e642b20",
    "crane": "9afcc521e26b7b33",
    "file_cabinet": "f3eddd70cd962805",
    "recliner": "71413b71e9a561e9",
    "toaster": "88b34c1dad63c972",
    "radiator": "0b35303e5ee98390",
    "monitor": "cf0ebec114d40405",
    "jar": "c5d4c33514ee73dc",
    "gate": "aa3182136591ef34",
    "bathtub": "93ab0879e80c115f",
    "pendant_light": "2c0f1025bff3fd0f",
    "adjustable_wrench": "4e9bae8b58d8fabe",
    "pen": "37e096d3a49de304",
    "scooter": "cb5604fc258d8a82",
    "toy_train": "ba37dc003d50dc81",
    "watch": "62f109d6a7047fce",
    "gantry": "54ccb758460367f6",
    "safe": "e48fc6618d55f625",
    "piano_stool": "3869955a2dacb89a",
    "coffee_machine": "1514fda49fd07c8e",
    "vacuum": "7d671df154ffa857",
    "flip_phone": "f82d01d55fd71217",
    "bucket": "25ae5cc987569cc4",
    "double_door": "5dd42285e7b5a676",
    "bidet": "f69ed13ad1ae649e",
    "chandelier": "7edf0b953f71b536",
    "bar_clamp": "158d36c25bb0d77e",
    "hole_punch": "b27dd929545b21aa",
    "compact_mirror": "b365f40dfff73bb8",
    "bookcase": "02d14868c0c53371",
    "bar_stool": "0ab18a3a77ccb83a",
    "kettle": "daae33083116729a",
    "clothes_dryer": "da40d7672f4c94f5",
    "mouse": "12f79a726b076912",
    "soap_dispenser": "6cc756f8b2a21137",
    "garage_door": "5d93c64ddba33c55",
    "towel_rack": "e196284a96ad9b16",
    "clamp_lamp": "22e4092b97e5cd01",
    "drill": "04eb0b89b360c734",
    "ring_binder": "fdc912971ce39efc",
    "sideboard": "b974dbf9c20df672",
    "standing_desk": "867a7cfc05b513a7",
    "rice_cooker": "3ba41b56b4926f8d",
    "air_conditioner": "51ddefed9eac9b5e",
    "dj_mixer": "e089c6ba68f8acba",
    "lunch_box": "8ca4a2b900888506",
    "revolving_door": "cc2d54f764195370",
    "toilet_paper_holder": "e97918160a2533b9",
    "lantern": "11be01bef63abcaa",
    "desk_organizer": "f772ef7bababe7e7",
    "locker": "cef2243ac60e8c9b",
    "sofa_bed": "823d79371d54ff06",
    "blender": "99380a5730acb897",
    "dehumidifier": "701007ea6c8afc17",
    "game_controller": "98b7b6d891018483",
    "cooler": "6de61c7a06233f19",
    "louvre_window": "35a07e3c641284d0",
    "shower_enclosure": "879f495cde618b2c",
    "flashlight": "92131ff0e4fbfb4d",
    "pencil_sharpener": "63316e1a2a4ebad6",
    "shoe_cabinet": "c5b01d782004fc6f",
    "drop_leaf_table": "215778ac875d42f5",
    "stand_mixer": "c25cbfe55940823a",
    "sewing_machine": "cdd4fdeabd3f658a",
    "headphones": "9e1bb55b61717f33",
    "toolbox": "499f4c6a33d50d3e",
    "roof_window": "85e3794bf4293a08",
    "vanity_unit": "54bc47898c69e090",
    "track_light": "969958b6c211d1c5",
    "paper_cutter": "81210196d8c3c1c6",
    "calculator": "598bc7653a16e5cc",
    "tape_dispenser": "dc9b16f0937140ca",
}


def _digests(out: Path) -> dict[str, str]:
    digests = {}
    for index in range(len(KINDS)):
        info = write_object(generate_one(0, index), out, seed=0, index=index)
        digests[kind_for_index(index)] = tree_sha256(info.folder)[:16]
    return digests


def _baseline_cpu_env() -> dict[str, str]:
    """The environment of a process whose numpy and OpenBLAS take their baseline paths."""
    from numpy._core import _multiarray_umath as umath

    dispatched = [f for f in umath.__cpu_dispatch__ if umath.__cpu_features__.get(f)]
    env = {**os.environ, "NPY_DISABLE_CPU_FEATURES": " ".join(dispatched)}
    if platform.machine() in ("x86_64", "AMD64"):
        env["OPENBLAS_CORETYPE"] = "Nehalem"  # SSE only: no AVX, no fused multiply-add
    return env


def test_generated_bytes_do_not_depend_on_the_cpus_code_paths(tmp_path):
    here = _digests(tmp_path / "here")
    code = (f"import json, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); "
            f"import test_golden as g, pathlib; "
            f"print(json.dumps(g._digests(pathlib.Path({str(tmp_path / 'there')!r}))))")
    done = subprocess.run([sys.executable, "-c", code], env=_baseline_cpu_env(), cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    there = json.loads(done.stdout.strip().splitlines()[-1])
    assert {k for k in KINDS if here[k] != there[k]} == set()


def test_every_kind_generates_its_golden_bytes(tmp_path):
    assert GENERATOR_VERSION == GOLDEN_VERSION, "regenerate GOLDEN for the new version"
    digests = _digests(tmp_path)
    changed = sorted(kind for kind in KINDS if digests[kind] != GOLDEN.get(kind))
    assert not changed, f"generated bytes changed for {changed} (bump GENERATOR_VERSION)"


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        sys.stdout.write("".join(f'    "{k}": "{d}",\n' for k, d in _digests(Path(tmp)).items()))
