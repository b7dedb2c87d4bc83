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
GOLDEN_VERSION = "1.8.0"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "tool_cabinet": "531ef0a1e3873fdd",
    "office_chair": "dcac0e8e0028e3ca",
    "refrigerator": "3baa59a725b716cc",
    "washing_machine": "d9af6db418420faf",
    "laptop": "5cdf57095abf3288",
    "bottle": "e9403a947996bf8d",
    "sliding_door": "1265ecde3538d44b",
    "faucet": "4e447ce93f413ee0",
    "desk_lamp": "960be38891da5ca2",
    "caliper": "38bceb499fb72034",
    "rubber_stamp": "a5fbb745af739f4c",
    "car": "e8c049ea82acb13a",
    "guitar": "d72de36cd464e3fa",
    "nail_clipper": "0feececc07e8d2eb",
    "winch": "5d4b2e64eb43b058",
    "cube_organizer": "aefd7723cb1795a8",
    "desk": "a61f5ff4a4cfb281",
    "oven": "7e677e352bd230c2",
    "fan": "6b427bba5c7ccf16",
    "keyboard": "10fa3214e285c65d",
    "box": "1128bd9055626d91",
    "dutch_door": "43b76aa72f260689",
    "toilet": "6dde32e07ef7d99d",
    "floor_lamp": "e1adf2f523229f96",
    "folding_ruler": "b1e86852dd8ce29b",
    "drafting_compass": "15f3a8d8d17bed3f",
    "dump_truck": "23527454668ff7ee",
    "board_game": "c9b70e4ffaa8fcb3",
    "razor": "5476dc5a26124b02",
    "pendulum": "efd985ddff3045fe",
    "corner_cabinet": "b065ad813cb2f0bf",
    "table": "7adca5151de5e97b",
    "microwave": "1993d81a0b8a9728",
    "printer": "78edf6bb7ee3a2a3",
    "camera": "4a5fe3faed3d423d",
    "trash_can": "1be7a74b00f17eb8",
    "pet_door": "7faaca74f6a7da08",
    "sink": "52789f41ae19bcc1",
    "wall_lamp": "e3c75fbee2036cc6",
    "car_jack": "0769d850a7b9c459",
    "binder_clip": "94715249e4603afc",
    "excavator": "5c3b6bfda3e41a5d",
    "exercise_bike": "b270b94ed1dabb19",
    "hair_clip": "fb45ff4992114a1c",
    "pulley": "38851d6a0727736d",
    "key_cabinet": "eb2e9eb1e6b792c8",
    "folding_chair": "cf20a4c56b0db060",
    "dishwasher": "3c0de8ad3c4e8007",
    "ceiling_fan": "02dff6e9e698801b",
    "remote": "ee74f0deebb0172c",
    "suitcase": "931cb957004937f3",
    "bifold_door": "9a54b9b93a299066",
    "shower": "ee8291884b5db38d",
    "table_lamp": "3c94e6bef4cc6f9a",
    "corkscrew": "2cbfed16c3ea406f",
    "staple_remover": "aceb9320d5213472",
    "tractor": "3230e7fd90800709",
    "foosball_table": "6207fd28d09c1c2a",
    "cosmetic_case": "7134133eca5f9aee",
    "arbor_press": "42806078a28f488d",
    "flat_file": "c2c0d2e813dddf08",
    "recliner": "9878984985381ad3",
    "toaster": "8dd7bd9811b19c66",
    "radiator": "cf55cd6aa496db1c",
    "monitor": "f14972212fa3d78d",
    "jar": "986743f7c665e3f9",
    "turnstile": "8a1326fc030173ab",
    "bathtub": "6922d3e7062f6bfc",
    "pendant_light": "4a978b055e137737",
    "ladder": "d5caa9370bada385",
    "laptop_stand": "efa4699be8e296d5",
    "motorcycle": "854f0214cc69fdd8",
    "toy_robot": "b8d098e2d3736c35",
    "hair_straightener": "acb336f7ea4f3ad4",
    "universal_joint": "d57e6f47521ef9c2",
    "display_cabinet": "c328bdf930ce2fe1",
    "piano_stool": "fdcf7e9e65b8a659",
    "coffee_machine": "0ed7e2d156ed35e0",
    "vacuum": "cf5c6a0db46c03be",
    "flip_phone": "0d79ef8f95bb3408",
    "bucket": "9fd6980fe1133c7c",
    "boom_barrier": "08f02b3a484890cc",
    "bidet": "f866344b38f1476c",
    "chandelier": "8f614fb0ddddcda7",
    "screwdriver": "d607d3a5a8d92e79",
    "book": "de9410465adeb233",
    "aircraft": "cba9e5bd3deca4f8",
    "table_tennis_table": "d812fdb54b7736d8",
    "glasses_case": "0530fe2dcedf2d0e",
    "hydraulic_cylinder": "4b0750fdcb963037",
    "kitchen_unit": "c8c8ce0b6f1e1c04",
    "bar_stool": "0d1d3c1afcab0dd0",
    "kettle": "ec27c2716582559a",
    "clothes_dryer": "f5095babffe40002",
    "mouse": "b24264bc51924756",
    "soap_dispenser": "e1ace60518f9dbcb",
    "hatch": "2affe34f9e6fdae6",
    "towel_rack": "524abdf4e90a9dec",
    "clamp_lamp": "76fc5ad4af725697",
    "tongs": "ea9acffe3a8a8b29",
    "rotary_card_file": "7815f6743d9fb6af",
    "boat": "3f4928a4f05ddbe8",
    "fishing_reel": "1cdfbb81bb5be8f4",
    "electric_shaver": "c95810af19b4dec0",
    "toggle_clamp": "f1271250a3d8345d",
    "cabinet": "d673eab1f87c6c26",
    "standing_desk": "fab7acd728761c58",
    "rice_cooker": "36971e490a200166",
    "air_conditioner": "058a80d119e3291e",
    "dj_mixer": "2f37cc5c475963ea",
    "lunch_box": "b7560409a4d29cb5",
    "saloon_door": "af41a0588c202297",
    "toilet_paper_holder": "a1cb17cde6f9dc2a",
    "lantern": "290b34ac58f6a8f0",
    "scissors": "d8a9aba40a8fbc17",
    "globe": "97eb2883f3be579c",
    "cart": "566feb31083b4bb3",
    "piano": "7bfb731a473293d4",
    "contact_lens_case": "28e1dc05c1141b0c",
    "robot_arm": "39a5f522b49def9c",
    "wardrobe": "849c4bc4b19b4bd1",
    "sofa_bed": "69a2a4c58ba430d6",
    "blender": "b7a22d07e6e6f9a6",
    "dehumidifier": "76be19e58a0e2ad9",
    "game_controller": "b63022560730f77e",
    "cooler": "c1e9b1c77e65d267",
    "door": "aa80b39450c95156",
    "shower_enclosure": "ae99475c36b88089",
    "flashlight": "ae52334c72bbd9f5",
    "pliers": "6c3f4321c2ddeb47",
    "stapler": "9662eabd78c3e90e",
    "stroller": "3430c0e939b68c1d",
    "toy_car": "d042f56a35f516f9",
    "umbrella": "3111e740b63489c2",
    "valve": "2ee90e5390816d2c",
    "dresser": "393670d151801964",
    "drop_leaf_table": "050634804e0fe963",
    "stand_mixer": "b5197d87e7489cb5",
    "sewing_machine": "6f9a54b9c17fb0af",
    "headphones": "c317a339279de382",
    "toolbox": "31f560727edd2115",
    "sliding_window": "46b8cf49c8a0136e",
    "vanity_unit": "b771edc472563259",
    "track_light": "3653a9649a19e477",
    "folding_knife": "dabfcfbb583f8d67",
    "clock": "86a8b47e45191ff2",
    "bicycle": "562af8134f675d66",
    "skateboard": "ef223fbce1819b04",
    "lighter": "2fabaab248889373",
    "gear_train": "81a22eaf5eabdbfa",
    "nightstand": "97842b154ee54dca",
    "high_chair": "2d18d01f6e122bac",
    "range_hood": "7102c01d9bda5d67",
    "paper_shredder": "846fa40ec571f7a9",
    "calculator": "0c57e7a82a8226fc",
    "thermos": "767bd9f4dc9185c6",
    "casement_window": "4f4a176a8923a501",
    "urinal": "7ed0f3a44cea12ab",
    "headlamp": "4cc8fb744d3da59f",
    "vise": "3bb71e51b9b86081",
    "eyeglasses": "6a3e5f7ba05930c0",
    "wheelchair": "594bf28d6b3236ab",
    "jack_in_the_box": "6f9f51cee50d9671",
    "jewelry_box": "e7ba0b2a5cbfc05f",
    "crane": "d8a3a4d0c34df07c",
    "file_cabinet": "47f722648bb5f4a1",
    "ironing_board": "c5d4b7d5571c9908",
    "waffle_maker": "472a498466339322",
    "air_purifier": "fca1552343edee67",
    "projector": "20d15391f0f612c2",
    "pill_box": "9d105a02d7ed8c5c",
    "shutter": "ee9a17c8db9cc7e9",
    "grab_bar": "9ae57b22d88887f8",
    "stage_light": "d2f66fc3dafa2ecc",
    "adjustable_wrench": "70a81e21fbac6705",
    "pen": "19a9efb795bf5244",
    "scooter": "c7cb749b44f654c8",
    "toy_train": "93d961be58f75df1",
    "lipstick": "70737ab3452f7782",
    "gantry": "2788202f25430c93",
    "safe": "3f89883b25595103",
    "coffee_table": "0f8b9938749fa92b",
    "air_fryer": "a5f4cd1e6e4425cb",
    "humidifier": "720c59f2785d0109",
    "router": "02cac257c7306c45",
    "chest": "e4160496f7121998",
    "gate": "f1c47db1a1c67bfe",
    "shower_seat": "8c924cec0a6044d9",
    "work_light": "a3b098eef23df2ac",
    "bar_clamp": "29a0298e08ee83be",
    "hole_punch": "8086a7365ac50ee0",
    "wheelbarrow": "9bb3529d828c42d6",
    "music_box": "25f046b6e4f71c23",
    "watch": "e65be11b17090d80",
    "conveyor": "0663485ab572ba94",
    "bookcase": "23d86784706410bf",
    "storage_bench": "c2266ee4f5b7a818",
    "freezer": "6d7edb1cb2741c4e",
    "scanner": "e3708b52d19467c4",
    "radio": "b6123180b017f97e",
    "crate": "5923950027d71d5d",
    "double_door": "2ec7738c7278b98f",
    "paper_towel_dispenser": "83dd2ddd8d0ecb38",
    "ring_light": "d116154062912c07",
    "drill": "12ab9cb464c72dc9",
    "ring_binder": "a5a5187be5d57257",
    "hand_truck": "f28c3d475b6343e9",
    "seesaw": "813ff96fa36aac62",
    "compact_mirror": "bfc6e43ecca4db7e",
    "cable_carrier": "e1d64fc423d2a812",
    "sideboard": "62cef30a4a84e60a",
    "bed": "ad64c66fcda8ef25",
    "bread_maker": "17dfd72a638725b2",
    "hair_dryer": "dc4cae0044e84123",
    "desktop_computer": "6b784c3a7deaa891",
    "mailbox": "cafe09518dec6fc3",
    "garage_door": "913b3170382c78fc",
    "baby_changing_station": "4750d5d182225905",
    "downlight": "33b2c709cc074a86",
    "tape_measure": "821bd6762ea78bb7",
    "desk_organizer": "98703e6376986ea0",
    "tricycle": "67b5cc6ae087864e",
    "swing": "c3db96a5f301d9a5",
    "hand_fan": "b046b523013e9790",
    "turntable": "2dad30b977a50bac",
    "locker": "523764f7c7f84e3b",
    "crib": "523fb1ad8400db1b",
    "juicer": "72b213497799e897",
    "clothes_iron": "4942c65f95036d88",
    "usb_drive": "b157cd9bf5e3de52",
    "jerry_can": "3232fa3a9a20af35",
    "revolving_door": "291532965dfc0268",
    "shaving_mirror": "03cdc1de93833c4c",
    "floodlight": "d9e560707380f1d6",
    "caulking_gun": "8a3da074ef2223ba",
    "pencil_sharpener": "a69d2115adafbc07",
    "wagon": "f0765ee2d5f4018c",
    "doll": "92b49f9c9e41f8d4",
    "wallet": "ffeb03032ba2011f",
    "lead_screw": "1c3889b01a528735",
    "shoe_cabinet": "06615b341a33e6a2",
    "easel": "04c69ea89ccabbef",
    "food_processor": "3b5fec0d317046c7",
    "garment_steamer": "02940f29c81c098f",
    "webcam": "42d9b5042e1815e7",
    "cash_box": "49c266fbb4425dad",
    "louvre_window": "11c34c29d9a43a8a",
    "toilet_partition": "5c778e5bb8f706ac",
    "emergency_light": "0eff460c2fbee0cb",
    "folding_saw": "0dc970025c2fe007",
    "paper_cutter": "4c7dcfbc5789a586",
    "forklift": "ce0f73f3eae0eab0",
    "accordion": "151a9876a279e9f0",
    "perfume_bottle": "50bce9b0143e6f38",
    "camshaft": "25bb8d2ae64ae880",
    "tv_stand": "0f4abbb9c6f51263",
    "sun_lounger": "42afa070fb3d16bd",
    "grill": "f2b8b5c72fa2032d",
    "steam_mop": "038a217363defcaf",
    "walkie_talkie": "a7870a6924ce2ebf",
    "bread_box": "7db3d30b9388abf2",
    "roof_window": "b97c45973cc26efb",
    "hand_dryer": "2a275f596cd409e5",
    "tape_dispenser": "c2715a8b4944f6e2",
    "briefcase": "13d880e13dfcc331",
    "wine_cabinet": "c16911f315838784",
    "theater_seating": "87e4ce49f7e0f658",
    "water_dispenser": "de1ae162c1c7f87a",
    "cassette_player": "6460087ba9fe85ea",
    "spray_bottle": "f22f06185c0cfe7e",
    "medicine_cabinet": "33442437a9956889",
    "sofa": "364b1d8d192c9c53",
    "meat_grinder": "5151373f448c7e0a",
    "dvd_player": "31ba844dc06fbd80",
    "pet_carrier": "d75da8e1d9c2b4c5",
    "tablet": "c66b004e5ffc6bf8",
    "speaker": "bce59a526d7d9ede",
    "microphone": "4555420cf811be26",
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
