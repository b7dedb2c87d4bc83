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
GOLDEN_VERSION = "1.6.0"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "cabinet": "ae4d4f2c005a7d15",
    "office_chair": "8b2ff1eb143d30e2",
    "refrigerator": "8a3969cd9f573175",
    "washing_machine": "e01c6374cbd4a231",
    "laptop": "4a94acc9758fcec7",
    "bottle": "9ba138d7dc8da526",
    "door": "35fd983ef3e1d208",
    "faucet": "a1945dcf7f5bc501",
    "desk_lamp": "7b9135ee77d018a2",
    "scissors": "519c12874cc3fae2",
    "globe": "d74eca4ea9945296",
    "cart": "40e2402d1d691abc",
    "piano": "052810ce04000460",
    "umbrella": "d6b3f820a23f2b75",
    "robot_arm": "309449b59a1346d4",
    "wardrobe": "f8c0fead83e14fe0",
    "desk": "e761bc6477af48ca",
    "oven": "7fa092ca8dec0c8b",
    "fan": "94c850f40919f693",
    "keyboard": "638d31f1f5a8dc10",
    "box": "cc714f5e60f61081",
    "sliding_window": "89ad018102a61863",
    "toilet": "62ea376a67e00030",
    "floor_lamp": "340c73fa5b2fe49f",
    "pliers": "11d31dc4f8224e42",
    "stapler": "90fb7c9b15491d91",
    "stroller": "13d4f35d86080c05",
    "toy_car": "1c325ad2ec5c2cf8",
    "lighter": "30687c3d652510e4",
    "valve": "2e1884dbfad7dee8",
    "dresser": "0ca1563a935084c7",
    "table": "15a1d3bb7a50e32c",
    "microwave": "0c526b8898be3add",
    "printer": "f8a0db15fcc63378",
    "camera": "50edbee45c56e49c",
    "trash_can": "f809aa1a946fa05d",
    "casement_window": "18c75a7ba162f387",
    "sink": "557def3299270f6a",
    "wall_lamp": "e00f5357d114c1ba",
    "folding_knife": "5c61925f2b36d92b",
    "clock": "44c28e67fcedc32c",
    "bicycle": "caf64bcc4d39ba22",
    "skateboard": "e604ffce85bc4c68",
    "jewelry_box": "59f6012fcf36a363",
    "gear_train": "8215157b1b0490d1",
    "nightstand": "c2c51a8e944b4946",
    "folding_chair": "5fa36401ffe5c05c",
    "dishwasher": "95d53715fab62842",
    "ceiling_fan": "621a66e6e01f5faf",
    "remote": "d5e59ba630e01cea",
    "suitcase": "0bb4524dc0d30db2",
    "shutter": "3bf6c85bc046db99",
    "shower": "2dea8df3167480de",
    "table_lamp": "3aaeb905ad4ac307",
    "vise": "a463ae2d1956fe28",
    "eyeglasses": "19e2508a57ebeef6",
    "wheelchair": "cc2115d675584539",
    "jack_in_the_box": "c0e720df3f0b27c0",
    "lipstick": "81b4604c2a9db5aa",
    "crane": "d708798d51ac0e23",
    "file_cabinet": "e824ac7b58c7036f",
    "recliner": "01cee6391bb62b19",
    "toaster": "b71acdf4c637207b",
    "radiator": "bd555e37e1c4dea0",
    "monitor": "0f6c64e0f2453d94",
    "jar": "2a7e34c5503b463e",
    "gate": "fe34d4fcbfecc3ba",
    "bathtub": "16ec112b2a648d5f",
    "pendant_light": "36bc69a4acb54ffa",
    "adjustable_wrench": "3bb2602a5e9f3737",
    "pen": "7733dd38253440b5",
    "scooter": "6e6603c2c8275836",
    "toy_train": "0ef2711f9fec0ed4",
    "watch": "70b414cdfcb7abf3",
    "gantry": "c16d6a95eef6c696",
    "safe": "9e36c35678c99973",
    "piano_stool": "8dd0b1988261aec0",
    "coffee_machine": "ee060e8b60142951",
    "vacuum": "3e7bf6a6dd13014e",
    "flip_phone": "4927e185559e3ce1",
    "bucket": "54e75089b23fd040",
    "double_door": "f81e03abd98578be",
    "bidet": "f072f374dfab546b",
    "chandelier": "1bf27fa68389c79d",
    "bar_clamp": "9750c0eb7864043d",
    "hole_punch": "2b56af986030b0b0",
    "wheelbarrow": "a7f7fbba7943112e",
    "music_box": "4405b216315309a0",
    "compact_mirror": "a23798311e5d8213",
    "conveyor": "dc2b95d3b7aa577d",
    "bookcase": "55da6f34f5fde13e",
    "bar_stool": "09edf6455a728a5f",
    "kettle": "7079ec3d689cb2d1",
    "clothes_dryer": "ef14946e4fba43f8",
    "mouse": "a78320412dd6019b",
    "soap_dispenser": "7c86d6d3d4462aad",
    "garage_door": "d7f150cc733037b8",
    "towel_rack": "cf15282304fe4eb7",
    "clamp_lamp": "a68387cf92b10e01",
    "drill": "52b15647bb80c904",
    "ring_binder": "35e5a38469bb075d",
    "hand_truck": "5f1ab98cbc6f5ba4",
    "seesaw": "9ca5211114736a6d",
    "hand_fan": "dd2f6bc50274771e",
    "cable_carrier": "b9d045960b5d9f72",
    "sideboard": "5f91ae452f960f82",
    "standing_desk": "9abdf77f2f0c34bf",
    "rice_cooker": "56b3d556bcea1524",
    "air_conditioner": "5e2c6b1a75927b18",
    "dj_mixer": "ed5e2e83cd176700",
    "lunch_box": "e3aa04ddaf7b0699",
    "revolving_door": "b02a0b7c512e7c84",
    "toilet_paper_holder": "30a0240b5d2b3fdc",
    "lantern": "c0aee6bbb5c61d2b",
    "tape_measure": "6fff0635ff0ff3da",
    "desk_organizer": "dee17815851faa03",
    "tricycle": "13c58b77dbee7e3a",
    "swing": "aa768349103728bc",
    "wallet": "20493dfc75bb63c2",
    "turntable": "ebfa987c99d77d69",
    "locker": "8f25658a06c77c4e",
    "sofa_bed": "5590c13f7af833ae",
    "blender": "eaa5f87172ac1dd7",
    "dehumidifier": "234a33836ebddf27",
    "game_controller": "ae4c194d82b9ce55",
    "cooler": "6f30e0d68c68a782",
    "louvre_window": "49785b2e4e547ad0",
    "shower_enclosure": "171a21ca4d8820ec",
    "flashlight": "fda4ee59623c0d71",
    "caulking_gun": "8f319d0af3d85e6a",
    "pencil_sharpener": "1439c528f04bd68e",
    "wagon": "becb9d85208504f1",
    "doll": "ab8d62fe1a9cc28f",
    "perfume_bottle": "0534817384479db1",
    "lead_screw": "0240b0b2b13a292f",
    "shoe_cabinet": "72eb335ef7b68b4e",
    "drop_leaf_table": "d8d98c431c1740f2",
    "stand_mixer": "60a542faf3b66559",
    "sewing_machine": "2302fab6e268f923",
    "headphones": "67ef491c947be4d3",
    "toolbox": "d7a388e17be5fafd",
    "roof_window": "04f4a5089b1bd57a",
    "vanity_unit": "b7a5e4aa60c0070d",
    "track_light": "70a4b3edbf447f52",
    "folding_saw": "51dc9b8b9fb87bbf",
    "paper_cutter": "df92aced6d6b4130",
    "forklift": "6ee51af5afef6916",
    "accordion": "9c197aa35df42c1e",
    "briefcase": "55bb54895d01ce9c",
    "camshaft": "d7d1883558d59957",
    "tv_stand": "019d7ac91f407943",
    "high_chair": "d711d6d5532128ec",
    "range_hood": "4b446fcb16a6293a",
    "paper_shredder": "de32ce9602be303b",
    "calculator": "5daad5eed8517ce3",
    "thermos": "55edebaf3f99c2c2",
    "tape_dispenser": "907b68778c5504a5",
    "wine_cabinet": "b98ceeb6b5871fec",
    "ironing_board": "4ee8d26598b13b16",
    "waffle_maker": "9b75d761cc6c4488",
    "air_purifier": "89526047e17bfa71",
    "projector": "b1ea20732d30f7ee",
    "pill_box": "3347dab97de70881",
    "medicine_cabinet": "2ef9d4d0d73310d5",
    "air_fryer": "b43f8540d0d5a8cd",
    "humidifier": "0723d974802bada1",
    "router": "4753ecad4eccc62c",
    "chest": "5270c9d8fa338228",
    "radio": "21c4f7132e655a28",
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
