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
GOLDEN_VERSION = "1.7.1"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "tool_cabinet": "0ce5723f4bd41514",
    "office_chair": "230770b7df0f13f9",
    "refrigerator": "3ce96a16c906dac5",
    "washing_machine": "5287dadbb70f6d81",
    "laptop": "5f2294be5626b871",
    "bottle": "c13e906c97f4961a",
    "sliding_door": "e0ad64a6b9aa8478",
    "faucet": "ca6bbe70b8779880",
    "desk_lamp": "0626736fdaef3c7c",
    "caliper": "0aa4aecfbe495693",
    "rubber_stamp": "1aed6ad1fa13d0aa",
    "car": "eab5502897fa8c56",
    "guitar": "8c8a3e37ece07eae",
    "nail_clipper": "c37be5b8567aa44e",
    "winch": "1305da38541dd04c",
    "cube_organizer": "fd779120ae690d90",
    "desk": "4e4d4d177619a643",
    "oven": "6993180c2e3aec8d",
    "fan": "405b8124020a6341",
    "keyboard": "8bab98cc7cf18a4e",
    "box": "3f69a01f7ad69d3a",
    "dutch_door": "53a7526806449780",
    "toilet": "1cca2c7b64ac7207",
    "floor_lamp": "ec90da94f60966bc",
    "folding_ruler": "d566f17dca6eb25a",
    "drafting_compass": "d61e288cc4d6e5c7",
    "dump_truck": "3b8e310767d9295f",
    "board_game": "397241e027fdb914",
    "razor": "99471976e427fdb7",
    "pendulum": "88f5bf86a7f14a8b",
    "corner_cabinet": "be9fcb49a9aab379",
    "table": "61bc3ecb63d164cc",
    "microwave": "b5b85814c5321859",
    "printer": "651c712a58bd0b5c",
    "camera": "95047ce7d7e2519a",
    "trash_can": "abf97853ae53b4e2",
    "pet_door": "6d3ef2eb296de1c3",
    "sink": "f59ee379db974672",
    "wall_lamp": "4fe0dd42ca90686c",
    "car_jack": "e3f9dadda8d531f6",
    "binder_clip": "62d45409303ee0e1",
    "excavator": "909fb6d797a09c9e",
    "exercise_bike": "92d99d30bcd266a8",
    "hair_clip": "9609922be587af9e",
    "pulley": "3c458e37245d30d4",
    "key_cabinet": "a10a725cd5b0fcfa",
    "folding_chair": "0be1c2b73fb9fe91",
    "dishwasher": "d8246430a439da19",
    "ceiling_fan": "347ee51c60b47721",
    "remote": "f1982cc03c020ef0",
    "suitcase": "ddf655b868f33a1a",
    "bifold_door": "2ddcdf49d7953ac7",
    "shower": "b18dde549653b2a9",
    "table_lamp": "47e37680ee81c4c5",
    "corkscrew": "4113401f7fe72ae4",
    "staple_remover": "574ed2bf810678d8",
    "tractor": "0189632e6a05cd91",
    "foosball_table": "69079451524ea051",
    "cosmetic_case": "323b7110ca328e35",
    "arbor_press": "6888430fcb2d1bc5",
    "flat_file": "ee9b2b912f8789d2",
    "recliner": "8396425b00710b85",
    "toaster": "8e0d85c81746fcfa",
    "radiator": "f8ec63aab8d9d930",
    "monitor": "6dd04925569f2897",
    "jar": "9312b26dd83e1709",
    "turnstile": "c385354301ce2cfe",
    "bathtub": "a2c23a108d95ebcb",
    "pendant_light": "bcb6595488130fed",
    "ladder": "50b52ca5ec3c30e7",
    "laptop_stand": "083f06e78355f90f",
    "motorcycle": "74c11657e9b4bb79",
    "toy_robot": "88bb9592eff0cb1b",
    "hair_straightener": "7fe3dce33248ca85",
    "universal_joint": "7d92445190692075",
    "display_cabinet": "9de91904cbdc5247",
    "piano_stool": "55d7f7ad7eed9da5",
    "coffee_machine": "e615b115c0c2b9b8",
    "vacuum": "ad3993583f166c1b",
    "flip_phone": "3d09602db7470f3b",
    "bucket": "0928df57b1d026f1",
    "boom_barrier": "08a92c16667aa3d7",
    "bidet": "42e2a2c5a91c3fba",
    "chandelier": "0eb41dcea6ab879e",
    "screwdriver": "2421eea5ed9dc117",
    "book": "5dbbd895cfc9be8f",
    "aircraft": "1cd9fd08a01491ad",
    "table_tennis_table": "b0e4bdc49b9379b0",
    "glasses_case": "6fb11df1732fde36",
    "hydraulic_cylinder": "d539e4a0458bce93",
    "kitchen_unit": "cce1fe89e5fcf7ac",
    "bar_stool": "c8aa6af0c166c610",
    "kettle": "6f0ebf5c419763a7",
    "clothes_dryer": "7a1cf0f1a56284f1",
    "mouse": "a97f9160851a6c06",
    "soap_dispenser": "607476086cca0502",
    "hatch": "81608462df078aa4",
    "towel_rack": "ac21304ccc9ed858",
    "clamp_lamp": "1aab4cd5cb795e88",
    "tongs": "b17d38d2db367de5",
    "rotary_card_file": "de9fbfbfc209b73b",
    "boat": "b7a63d1854846fd5",
    "fishing_reel": "206de769f6846e9f",
    "electric_shaver": "6f19273248848ac9",
    "toggle_clamp": "6f979f64e55ba519",
    "cabinet": "e7ee047d3c9048fa",
    "standing_desk": "e96c3bc06dece6e7",
    "rice_cooker": "f22fd34ea74fea3b",
    "air_conditioner": "4ad80dbc6aea31ae",
    "dj_mixer": "99883969ff1dcf8f",
    "lunch_box": "fa78e1dbed301ab0",
    "saloon_door": "a28d75ac07d2c9ec",
    "toilet_paper_holder": "0848bbf41489167b",
    "lantern": "c9382af1cf8b4842",
    "scissors": "6f07be2a89ee8a36",
    "globe": "4cf58c441b73e723",
    "cart": "9b49f7fd7a1e559c",
    "piano": "a38463f3b90977bb",
    "contact_lens_case": "4f8d506c37cdd788",
    "robot_arm": "ad8c81b5397eda9e",
    "wardrobe": "5d514f62c3c5ba9c",
    "sofa_bed": "71133b1b555a23f0",
    "blender": "00b2b4fce9ab513a",
    "dehumidifier": "6087822686d2134c",
    "game_controller": "0f93eea965aaf7cd",
    "cooler": "b825b244381f6240",
    "door": "032c5240bdfa4284",
    "shower_enclosure": "49a2f3fdfbaa9ee6",
    "flashlight": "7a502c5c9eb9a273",
    "pliers": "65cf59697fe5fac9",
    "stapler": "3b13a19ce1d21114",
    "stroller": "0ddef8336dfc0e7f",
    "toy_car": "c2b5dfd51a94ef33",
    "umbrella": "0d645974f2bbd7b9",
    "valve": "c731ff7cde0e2e47",
    "dresser": "b4369317d9bd6a8b",
    "drop_leaf_table": "1e0ef2b7d8478627",
    "stand_mixer": "f6166248354b4d1e",
    "sewing_machine": "97e98cd14dfc4399",
    "headphones": "75745718e2704d11",
    "toolbox": "ce520e48bc4a070b",
    "sliding_window": "d6a427f42bff044d",
    "vanity_unit": "50fdef251038ab20",
    "track_light": "9fdb828142cb7c7b",
    "folding_knife": "a1f0b5bb3ed4dd4f",
    "clock": "936a752cabaec68d",
    "bicycle": "fa81c3da176abe0e",
    "skateboard": "2969bb1c1b6d63a1",
    "lighter": "b5802574b9a87000",
    "gear_train": "47a5a4df9eafa215",
    "nightstand": "0402fcf7bcf1015e",
    "high_chair": "89af4878778c5564",
    "range_hood": "0d1c8ce582d60768",
    "paper_shredder": "b203b244e0636278",
    "calculator": "29d09acb7e317d05",
    "thermos": "2868b426d07c9042",
    "casement_window": "abb69662ea5c63ae",
    "urinal": "79320d2c7e9e8154",
    "headlamp": "bd2080598dd0268d",
    "vise": "45e53282db0450ed",
    "eyeglasses": "ffd9f4bb90c6f6c0",
    "wheelchair": "926f12017ddd9329",
    "jack_in_the_box": "f40737bee426c6dd",
    "jewelry_box": "8edcf43c84bd14ed",
    "crane": "d1f9c9b2cf6386e9",
    "file_cabinet": "f97359ccd43d950a",
    "ironing_board": "acc8b1bbc26d766a",
    "waffle_maker": "cb2813beb48eda82",
    "air_purifier": "0cf531362370cbd1",
    "projector": "30ba72b6161901dc",
    "pill_box": "f80c086071143978",
    "shutter": "13f1e6e36df010ae",
    "grab_bar": "8dfa96919c8ac66e",
    "stage_light": "492af6ac66e2a3a2",
    "adjustable_wrench": "39ce64d4e64f3551",
    "pen": "f3a2d096d4b31090",
    "scooter": "5ff88ebd5bfc3a61",
    "toy_train": "84375e7d5d511431",
    "lipstick": "7d4271fed2fc9334",
    "gantry": "fda189c4e15ae9ee",
    "safe": "ce0113a62f1f11b3",
    "coffee_table": "e8301407dc5764e4",
    "air_fryer": "f347825a53fc0019",
    "humidifier": "a8bcf5f328d209f1",
    "router": "40b2e09fa65c0b9d",
    "chest": "5543e89ec2f151b0",
    "gate": "6aa943104e06884f",
    "shower_seat": "340411f7aeeb8c1b",
    "work_light": "b3fc12b509eb8e4c",
    "bar_clamp": "465ba9df36aa6ffa",
    "hole_punch": "2878985be69a6769",
    "wheelbarrow": "adf2b9398d201822",
    "music_box": "b083d5019c596c84",
    "watch": "315f29990f970626",
    "conveyor": "31abf1248236222c",
    "bookcase": "58bac1db3ee9e86f",
    "storage_bench": "994b7e638b554a7f",
    "freezer": "ecbac540d7ac2572",
    "scanner": "56932c762dbb622a",
    "radio": "29b4f4a36075201b",
    "crate": "bf904f37c85e3573",
    "double_door": "d46d96c88abbff8e",
    "paper_towel_dispenser": "3502085a1e053d85",
    "ring_light": "5a9965ce7edf284b",
    "drill": "47c22828c6084968",
    "ring_binder": "4bf4cff0d3b5b35e",
    "hand_truck": "ad463842b6627e28",
    "seesaw": "186a057381d0ef70",
    "compact_mirror": "bc3e88b3ca1f3284",
    "cable_carrier": "858051002bfd5686",
    "sideboard": "7a2c4ee4142afa1e",
    "bed": "579236c5c645c5bf",
    "bread_maker": "0a080ae86d509c12",
    "hair_dryer": "06056b2d5a16c1f9",
    "desktop_computer": "32a6f986433b0e5d",
    "mailbox": "957cc02d2546af55",
    "garage_door": "61518c240bdebbab",
    "baby_changing_station": "80c17d3c0fe908f0",
    "downlight": "c5d72ba4a81401f6",
    "tape_measure": "304f8649c0222472",
    "desk_organizer": "10fe18308ca1b843",
    "tricycle": "2d85f3d2475ec718",
    "swing": "3bf2ba0c1e8e6bab",
    "hand_fan": "5686e8e55d6a845f",
    "turntable": "a3b071fe98fc6137",
    "locker": "ee86cfb2354fc12f",
    "crib": "e18c2f268f80a6bf",
    "juicer": "1739d5e6b6961ea4",
    "clothes_iron": "b1a9249b9812256f",
    "usb_drive": "cfdd2e1903154eda",
    "jerry_can": "77fdb36f0d0e2ddf",
    "revolving_door": "3a92a56ee5b36c79",
    "shaving_mirror": "f6c17b7d0210fd1c",
    "floodlight": "3789cac9663016ee",
    "caulking_gun": "21891cb3b1264dfd",
    "pencil_sharpener": "22b9d8c1118cdf9b",
    "wagon": "200555fb460e43d1",
    "doll": "ccc2435c4a70ecf3",
    "wallet": "ec245252bc35e995",
    "lead_screw": "3450f0b5a17d00b6",
    "shoe_cabinet": "63327002c0142c68",
    "easel": "15b516f1eff653d1",
    "food_processor": "7c7e2d67bc5afbf9",
    "garment_steamer": "c5e92c978f420020",
    "webcam": "f1beccc062cbb68b",
    "cash_box": "bf501ad2d354a790",
    "louvre_window": "bfc52c34e01a86b8",
    "toilet_partition": "75e973d3a5703339",
    "emergency_light": "d181d8345eba6f43",
    "folding_saw": "9fb4dd45b78be682",
    "paper_cutter": "77c13f29f4d0a474",
    "forklift": "726e4f8e966b59f8",
    "accordion": "1b74f2c1b0b327d7",
    "perfume_bottle": "e9ef2b455f754b33",
    "camshaft": "e677268937f60f46",
    "tv_stand": "567aec7bbc980044",
    "sun_lounger": "c44be90ec1a82578",
    "grill": "5d2e112faf60ae61",
    "steam_mop": "98b4f890e40a40dc",
    "walkie_talkie": "ae1aa1fbb346ca91",
    "bread_box": "976437f0abee23e4",
    "roof_window": "57a4b30be1ff62aa",
    "hand_dryer": "6d535882013fd23f",
    "tape_dispenser": "7c282107f990dd89",
    "briefcase": "2bc9683b730fd550",
    "wine_cabinet": "c27f7bac1d8a9c02",
    "theater_seating": "5a44a8ea378ff224",
    "water_dispenser": "e14f07cfa2101b53",
    "cassette_player": "cbebd7d91fb3d779",
    "spray_bottle": "83009316050c6c63",
    "medicine_cabinet": "6cbed182e309bab3",
    "sofa": "4ad42429e82ad37b",
    "meat_grinder": "65a2440020d99f2a",
    "dvd_player": "c2a63b762b972d42",
    "pet_carrier": "abcc807688ffd951",
    "tablet": "856da9bbab7c15f2",
    "speaker": "94506712041b5fb6",
    "microphone": "7b185d100bf37eaa",
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
