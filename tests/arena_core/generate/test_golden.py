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
GOLDEN_VERSION = "1.7.0"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "tool_cabinet": "fdb140dfd62cdcbe",
    "office_chair": "46557038ebfeb0c6",
    "refrigerator": "b32698e95bff4ef2",
    "washing_machine": "2585d55ac7cf2ff5",
    "laptop": "0de39ab89c82a82c",
    "bottle": "3e8f05a74dd194f1",
    "sliding_door": "bdf32f412dbb86c9",
    "faucet": "d3f2f85234798818",
    "desk_lamp": "4220dfa2ea8d2859",
    "caliper": "56b8bd537ec099cf",
    "rubber_stamp": "82f4bf010ee1626a",
    "car": "3c7d954781060e15",
    "guitar": "9de02f0e3e31a635",
    "nail_clipper": "38cee9564e6e0fb7",
    "winch": "d5ca212d4153bc8a",
    "cube_organizer": "45f0b36e92b5564a",
    "desk": "42ae28729eb5b322",
    "oven": "2527842135a37589",
    "fan": "3bef4f5abf5b2fee",
    "keyboard": "e062f83d6bbfbe9f",
    "box": "ddf91796eb8da0a8",
    "dutch_door": "597149f3bc5d95d0",
    "toilet": "440f70b8fe492aa4",
    "floor_lamp": "93a5dc802ab1540c",
    "folding_ruler": "f7a7a5a3591f1b6e",
    "drafting_compass": "0ddb1d3714ee8879",
    "dump_truck": "88ce1cc98be88585",
    "board_game": "1eb88928b50ec3f6",
    "razor": "df9ee94e49d3c07d",
    "pendulum": "fcd5239ac9dd9702",
    "corner_cabinet": "aba98df0cdae19dd",
    "table": "655e65f6e5ca4100",
    "microwave": "2aa344debf4afffb",
    "printer": "e1aefe98cf0f601b",
    "camera": "b6aa273684256566",
    "trash_can": "6af187142453de6a",
    "pet_door": "35f32b551d301d34",
    "sink": "2e9db103671e06a9",
    "wall_lamp": "7d82e2f5160d4fb9",
    "car_jack": "c639ab3a8f390359",
    "binder_clip": "ddd215978129af83",
    "excavator": "bf12207e4fe5f0a4",
    "exercise_bike": "3968799398910d82",
    "hair_clip": "85d6e3e5d61a1c89",
    "pulley": "bf1014787bca2359",
    "key_cabinet": "c2f776f92b4547e3",
    "folding_chair": "502df8d6616b1337",
    "dishwasher": "dd51e18a1d6b4bc8",
    "ceiling_fan": "0b7b90d70a3dd808",
    "remote": "f91db2f6421e7d07",
    "suitcase": "c71908d3c9d8608f",
    "bifold_door": "fad85477bfbfc4dc",
    "shower": "a8c7e0ca5c128e35",
    "table_lamp": "f31147f638485325",
    "corkscrew": "a3758763bedbee4b",
    "staple_remover": "e38f29da246e549c",
    "tractor": "b7c2d22b4614f5e3",
    "foosball_table": "7136ad733afd938d",
    "cosmetic_case": "f217e996d20c4c88",
    "arbor_press": "9a095e2856e8cf1d",
    "flat_file": "857b4c4318c84e1b",
    "recliner": "ad941467516dcc18",
    "toaster": "f17e1eaf599ae8d1",
    "radiator": "909db7c56845fdc2",
    "monitor": "92f3451b0f851f2e",
    "jar": "b21ac38981ca253a",
    "turnstile": "598ebea91e32ab1b",
    "bathtub": "df4e431a12459873",
    "pendant_light": "3d4b036bde2ff6a7",
    "ladder": "3090d5a58fb0cdaa",
    "laptop_stand": "7eee626ec3ea0dfe",
    "motorcycle": "1e87b38215de2e95",
    "toy_robot": "87d19e355c2f9fd8",
    "hair_straightener": "97670dd4ffd7de84",
    "universal_joint": "4e08bbb463095ade",
    "display_cabinet": "54737172df7f7040",
    "piano_stool": "cba01d7465fb6bf3",
    "coffee_machine": "a687f87356e61e7e",
    "vacuum": "279ad26d4bdfb308",
    "flip_phone": "d2ae44ec3303131c",
    "bucket": "d9778bc195f2f6c1",
    "boom_barrier": "338d57abd11a8910",
    "bidet": "8f25e009bc8fc423",
    "chandelier": "50a235317065b43a",
    "screwdriver": "60084be075cf97e1",
    "book": "cda33cabc2ea0349",
    "aircraft": "d0363cfb88d46498",
    "table_tennis_table": "ef71680bae7fc6cf",
    "glasses_case": "4dc793d00ee5eb45",
    "hydraulic_cylinder": "541a6fd4e4784b6a",
    "kitchen_unit": "ca03e4c8273886b8",
    "bar_stool": "6ed51aa1148c0f4d",
    "kettle": "c712c873cd7e61e3",
    "clothes_dryer": "9d779ad885cbf206",
    "mouse": "9670f31862e80354",
    "soap_dispenser": "2ecdb0021ed29a03",
    "hatch": "e340a6bc3d7ce9dd",
    "towel_rack": "1b34c5b6727e7c48",
    "clamp_lamp": "7547d4be8efbd456",
    "tongs": "434422a6f35d4a7c",
    "rotary_card_file": "34383fef22078a80",
    "boat": "d6a52c1fa2fe2d26",
    "fishing_reel": "dc040791fe316ca0",
    "electric_shaver": "aad9ea85870bdf1c",
    "toggle_clamp": "e28223e10b7029b3",
    "cabinet": "ac0d1984fa082b0e",
    "standing_desk": "3acc9fc62a6d79bf",
    "rice_cooker": "872658b853713030",
    "air_conditioner": "92c8e8c84361401b",
    "dj_mixer": "f657e993e6600f2c",
    "lunch_box": "9341f2746b496a84",
    "saloon_door": "c251857c4b16ea7d",
    "toilet_paper_holder": "f8c909d76bb5746d",
    "lantern": "15173617b1c98e23",
    "scissors": "1abd258dc6eefb48",
    "globe": "c7690bef7abd77ba",
    "cart": "756d2afd8da8c156",
    "piano": "d9ead7e832a42f0c",
    "contact_lens_case": "877d1b049fbd63c3",
    "robot_arm": "b4998c4d607e8743",
    "wardrobe": "fe05c80785988944",
    "sofa_bed": "9392e729c3e5e6ac",
    "blender": "22fe1d2b8936f32b",
    "dehumidifier": "bee16d2abed41570",
    "game_controller": "fed32670113b1629",
    "cooler": "ff3508fa6680f337",
    "door": "229cea8ed345a52e",
    "shower_enclosure": "0fb32ed69e23a404",
    "flashlight": "d29b444ed34a1e4e",
    "pliers": "f50b36d1bec35924",
    "stapler": "362bc15b5da4eb9f",
    "stroller": "4e78b62c5e50ecf8",
    "toy_car": "d5af2a83ff93a99d",
    "umbrella": "c1b4ef8b0260a135",
    "valve": "41767f4b5a099cf4",
    "dresser": "df14a732f29bb649",
    "drop_leaf_table": "92f07955fe5a0b37",
    "stand_mixer": "ca1bd9e6bc3924a9",
    "sewing_machine": "90fd1922327cab0d",
    "headphones": "83eda7382919a79e",
    "toolbox": "2cefebae96a913a0",
    "sliding_window": "dd2917b8af5d3d70",
    "vanity_unit": "899dd21455794932",
    "track_light": "8bd1830a9a17cf69",
    "folding_knife": "f5799c3fd6060b98",
    "clock": "8d048a8ce37c9292",
    "bicycle": "9e6dab54d134c0c3",
    "skateboard": "8234a7e944f809ec",
    "lighter": "324fdc560084a19d",
    "gear_train": "0eb0369a60456eb6",
    "nightstand": "54e70595b946f35e",
    "high_chair": "c239bd42a82580e0",
    "range_hood": "86ac9ff51bf895e9",
    "paper_shredder": "5d9ca4275297fdc9",
    "calculator": "8875a349e0a23963",
    "thermos": "aca85f4665655617",
    "casement_window": "69784acd892d3de4",
    "urinal": "c7b195110c7312b0",
    "headlamp": "5b9e72c1114f6392",
    "vise": "5932a8cf9bc9bb74",
    "eyeglasses": "be0459200d8700a1",
    "wheelchair": "113fcebd66c706ee",
    "jack_in_the_box": "24e16d122275d98b",
    "jewelry_box": "3d369bc67c5f6275",
    "crane": "be07266b572fb941",
    "file_cabinet": "3090c538787b22ce",
    "ironing_board": "8f8e81c6e918e13d",
    "waffle_maker": "ef8b403a4cfb14cc",
    "air_purifier": "1c43c2dc0aad4761",
    "projector": "3ff5442b93d94b42",
    "pill_box": "7a6754a8b7812601",
    "shutter": "d93e0db5b6d17414",
    "grab_bar": "eda0e18b131c230c",
    "stage_light": "2bde48d1befe2e3c",
    "adjustable_wrench": "7e14f1a8b80ef448",
    "pen": "db6c332e8018f015",
    "scooter": "c0c2a8efaf8f7c6e",
    "toy_train": "d6fa08fcd7ed68be",
    "lipstick": "6c3b8519ae1b1f91",
    "gantry": "6e25b85f8cdd9527",
    "safe": "eba453b1d7627303",
    "coffee_table": "e04a05013dfc6e3f",
    "air_fryer": "2fb55fdad1d71ddd",
    "humidifier": "4b00a68ed82a96dc",
    "router": "a04cdb4bf6fa8e8b",
    "chest": "e79cf4c7b2238073",
    "gate": "763ea0393db9e919",
    "shower_seat": "a78397b78febc3fb",
    "work_light": "830a000d8035459c",
    "bar_clamp": "cc148e55a5c246d0",
    "hole_punch": "2e61eea30c4ae007",
    "wheelbarrow": "51a3e452a0f26b2b",
    "music_box": "ca92166286d761ec",
    "watch": "d3bd6bcc0adf1d52",
    "conveyor": "1881cd03ce58106c",
    "bookcase": "7e3519939d44938a",
    "storage_bench": "14f2433de2617f66",
    "freezer": "e2ec1122eb524bc8",
    "scanner": "200746fcdd40c4fb",
    "radio": "9a0b860c376d56f9",
    "crate": "07702dea31df2345",
    "double_door": "c60346a93544ce6d",
    "paper_towel_dispenser": "95e3453b7dd645e1",
    "ring_light": "da910be84345ee0d",
    "drill": "14afb9ef5396e7a7",
    "ring_binder": "96d3caddff97136e",
    "hand_truck": "c182799a20b678dc",
    "seesaw": "5c1f110c4399353e",
    "compact_mirror": "1a2bc3a6328efcf1",
    "cable_carrier": "739eae1f7fd83965",
    "sideboard": "f138c97eff98d5ce",
    "bed": "20d7b1948fc80164",
    "bread_maker": "a6fd06ff97c71d47",
    "hair_dryer": "6319374c8c34d316",
    "desktop_computer": "9c8d02973ab4d6a9",
    "mailbox": "453dac9d6c6aa1e3",
    "garage_door": "26b9f80a6b31b924",
    "baby_changing_station": "fee51c1a9cfec860",
    "downlight": "c326947cf454baf3",
    "tape_measure": "dc2b849c5f8b2b0b",
    "desk_organizer": "1d8ca7076fd86080",
    "tricycle": "1688b445a8a04b8d",
    "swing": "7ad04178adb5d3be",
    "hand_fan": "781f58beadc417b2",
    "turntable": "6696ecdb2a0a65dc",
    "locker": "1916f6de62cf55a3",
    "crib": "29fb0b23975a9901",
    "juicer": "0fd3f98a700fd8e4",
    "clothes_iron": "450f86e35873d1c1",
    "usb_drive": "37776b3f47c82b76",
    "jerry_can": "81b58b1ba6fc15fe",
    "revolving_door": "c2a1654fb286fe81",
    "shaving_mirror": "af7ee3f549bdee91",
    "floodlight": "d8c8c1f1914b255d",
    "caulking_gun": "0fe47b36870b8afd",
    "pencil_sharpener": "ad179181f127baf2",
    "wagon": "7b993c211fc89208",
    "doll": "a2b838a0737ade47",
    "wallet": "87c067591c12341f",
    "lead_screw": "4bb68e849c092703",
    "shoe_cabinet": "9870b63b065b552a",
    "easel": "899fe517953deccb",
    "food_processor": "3d71a94d51a9c177",
    "garment_steamer": "aa2abb68e666605d",
    "webcam": "9a2e3898dbc34ce3",
    "cash_box": "7951fe01b6171917",
    "louvre_window": "187c76888227bbef",
    "toilet_partition": "470bead109f25a2c",
    "emergency_light": "c33b9ef03ea21284",
    "folding_saw": "b0ee2abc1225f935",
    "paper_cutter": "d4268fa9cf509a41",
    "forklift": "1c5f599772699ceb",
    "accordion": "7bc7ba76fdb8d849",
    "perfume_bottle": "f48746a532bf9840",
    "camshaft": "b3385146c4514a2d",
    "tv_stand": "20f99a7d625f95d9",
    "sun_lounger": "3607eb4f5770a0b5",
    "grill": "8932d81e99b2ef76",
    "steam_mop": "39c456e2dc268df1",
    "walkie_talkie": "de2f84285efbce6d",
    "bread_box": "723f7aaebf1ca204",
    "roof_window": "a4f7835898b2ed77",
    "hand_dryer": "8def71d97d274622",
    "tape_dispenser": "8065f47ec2ca7966",
    "briefcase": "999682de233e85dc",
    "wine_cabinet": "00b36526ca5cbbb6",
    "theater_seating": "11549696d5fdfeca",
    "water_dispenser": "88f73a3061cd4fb8",
    "cassette_player": "f10143b37d4dde71",
    "spray_bottle": "e7762965ff24a3cf",
    "medicine_cabinet": "c0e8087b1df1c68f",
    "sofa": "84167b527bd56b9b",
    "meat_grinder": "fd93e5eab4566d98",
    "dvd_player": "c82fcbb782524605",
    "pet_carrier": "a95c87c37fa3ce3a",
    "tablet": "51901358eb33de76",
    "speaker": "00a31ebcbdea3de6",
    "microphone": "47e5568b9f7c9397",
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
