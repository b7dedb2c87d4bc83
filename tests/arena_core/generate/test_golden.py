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
    "wheelbarrow": "c549df7536178d4d",
    "music_box": "183a6316d389fcb2",
    "compact_mirror": "30466cf1c743bd35",
    "conveyor": "e2e6b03164002684",
    "bookcase": "012b74ce836103df",
    "bar_stool": "6e02ad108a97bc99",
    "kettle": "bbcaddc75bc628e5",
    "clothes_dryer": "0fcc0ff801e4c7ce",
    "mouse": "a280db9275e4f2e9",
    "soap_dispenser": "9c87db2a16969341",
    "garage_door": "90527acd2a0a94c9",
    "towel_rack": "6370d937fc90d648",
    "clamp_lamp": "bb216ec5bbcb5bba",
    "drill": "ccd86c09ed4c0538",
    "ring_binder": "1d24511961ddfc73",
    "hand_truck": "386b81754089d569",
    "seesaw": "780dfa1fd58b1fe5",
    "hand_fan": "b63e1a8018c83cf9",
    "cable_carrier": "037691ba2bf9e73c",
    "sideboard": "fdc504112bbde9f9",
    "standing_desk": "d3b85cbdefeeae08",
    "rice_cooker": "b2d3d4e94fe6363c",
    "air_conditioner": "1ee6d9df1cd4fa0e",
    "dj_mixer": "66a64026c04d9a00",
    "lunch_box": "fb5b67ec417d94bc",
    "revolving_door": "21f1df9c6f97d9ec",
    "toilet_paper_holder": "dcf252cb980fd596",
    "lantern": "2a5d6ba6372134c5",
    "tape_measure": "619d3e75a6369e99",
    "desk_organizer": "eb5a47f83f082c75",
    "tricycle": "cfd60ed61da73330",
    "swing": "8c05b122be2feaf4",
    "wallet": "19263d164ce5cb53",
    "turntable": "51940807d78406cd",
    "locker": "0d77c67f8a464eab",
    "sofa_bed": "8b119888b61caf8a",
    "blender": "b676e4c2d29d6f71",
    "dehumidifier": "265fca2ff5578394",
    "game_controller": "8d0081912d102f42",
    "cooler": "0accb0b3ef8b611d",
    "louvre_window": "e0f0c1ea39e2add5",
    "shower_enclosure": "c62e7d3fc30e7b01",
    "flashlight": "07f6ab275806e4b0",
    "caulking_gun": "039d7a51c8d09786",
    "pencil_sharpener": "802673711a0011b5",
    "wagon": "53f38451e7d336da",
    "doll": "25ab035aec942762",
    "perfume_bottle": "553b1ba25a559d81",
    "lead_screw": "debc0106770b9836",
    "shoe_cabinet": "b1af74ea811aa9d7",
    "drop_leaf_table": "497b1266cc43d5c6",
    "stand_mixer": "de27d5b2dbb20842",
    "sewing_machine": "22277882434e7a83",
    "headphones": "7ffe966e2a2a80cc",
    "toolbox": "e801234c3484ab9d",
    "roof_window": "f018e6eb58f940e9",
    "vanity_unit": "d2fe4bcc6f10b739",
    "track_light": "0eef15fe37c4b581",
    "folding_saw": "8f2cf9863352d9f9",
    "paper_cutter": "2e76424c05e6b04d",
    "forklift": "0590288c0b5e6efc",
    "accordion": "9c7aa08505a53498",
    "briefcase": "bb61d5d33c5298e1",
    "camshaft": "9b474f71fb3aa2cf",
    "calculator": "bd244d60d46f5658",
    "tape_dispenser": "7e58287e60c6077a",
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
