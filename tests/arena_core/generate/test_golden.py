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
GOLDEN_VERSION = "1.8.1"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "tool_cabinet": "c2259ef7a95945f1",
    "office_chair": "8a55404e33c52ab1",
    "refrigerator": "82eac24437f6a1f1",
    "washing_machine": "9d2ea021b9df4a2a",
    "laptop": "002b9d7db5263fad",
    "bottle": "07882d621575bc16",
    "sliding_door": "883972b78e650d06",
    "faucet": "edccfb5b9c6e918c",
    "desk_lamp": "463988d7a92933c4",
    "caliper": "f26d5f2e30583c61",
    "rubber_stamp": "3432e6351a918c9b",
    "car": "428975ac5e2eec0e",
    "guitar": "8c2481d06608d25d",
    "nail_clipper": "1a0cd00b44389ac6",
    "winch": "d3aca4e2afe88445",
    "cube_organizer": "84f956a6f8fc5b79",
    "desk": "d12cf7921c055f21",
    "oven": "b8aeea9f845b8266",
    "fan": "3400ec205f014e50",
    "keyboard": "b7e95680a2d5dda4",
    "box": "608b5a620154c462",
    "dutch_door": "c050d855638328a2",
    "toilet": "9e24c86b64aca4cb",
    "floor_lamp": "45f2b2ae1ee75d74",
    "folding_ruler": "96b72f95f426c6ce",
    "drafting_compass": "f93d37ca0ccc6ad9",
    "dump_truck": "955aba083f234fa3",
    "board_game": "687676171fc85460",
    "razor": "06a88834b31c7693",
    "pendulum": "2843d3b7d03b0e23",
    "corner_cabinet": "377066648747d6d4",
    "table": "9f02a9306696d221",
    "microwave": "c55f8d09fc60cf32",
    "printer": "7ee2e42ce09057cf",
    "camera": "12e089742d4dee26",
    "trash_can": "cbdae163e658cd25",
    "pet_door": "9ff8b784d6dfd520",
    "sink": "cf261b2d541601d4",
    "wall_lamp": "0664610e878d7d1d",
    "car_jack": "b827b57877a8d91a",
    "binder_clip": "8d6c1c75759e9124",
    "excavator": "5fad5a0c4def17cf",
    "exercise_bike": "66e6e389f72c7596",
    "hair_clip": "8148db75e8034796",
    "pulley": "28a90cb29b0923e1",
    "key_cabinet": "26ae1c198f64f855",
    "folding_chair": "437a5faf345f5102",
    "dishwasher": "dc476977d80699f7",
    "ceiling_fan": "f3125554295bdc13",
    "remote": "dbf702aa0e2c98c7",
    "suitcase": "2e9c943aac8e4444",
    "bifold_door": "1588597c697d70c4",
    "shower": "a3747b0f65e7bd39",
    "table_lamp": "5484edcdd6dc2d82",
    "corkscrew": "c064cb013d2507f9",
    "staple_remover": "1c8fef5622610ec4",
    "tractor": "4dcf0d938c5506d6",
    "foosball_table": "7484d2c7375869a6",
    "cosmetic_case": "d6a5241970b7459d",
    "arbor_press": "b0fca5970e0e05ef",
    "flat_file": "35950c8d90d47dad",
    "recliner": "24e497357e0fed87",
    "toaster": "92582a8a1c33de0d",
    "radiator": "a10208fb45b47c87",
    "monitor": "de84cb82e55f7e9c",
    "jar": "3f218114ef1c51ba",
    "turnstile": "1ebe831f8953e508",
    "bathtub": "b6fc69a183d5457d",
    "pendant_light": "937e20ffe2e14f19",
    "ladder": "2a3f58a35f10529c",
    "laptop_stand": "26c7e497ba3911c2",
    "motorcycle": "c454a60a9e347dd6",
    "toy_robot": "11392f5cdc065405",
    "hair_straightener": "f3b201a5f8e766da",
    "universal_joint": "025cff9f8687e1b9",
    "display_cabinet": "a1882adcbe4ec7d5",
    "piano_stool": "0c7abad1e0b1fee5",
    "coffee_machine": "fa4df0141ba9539e",
    "vacuum": "65b299b60da61be6",
    "flip_phone": "ca20c0c22911da59",
    "bucket": "73b0a356bfd8cb47",
    "boom_barrier": "da22de002a2a3f9e",
    "bidet": "ed9d5aa8f04e7f08",
    "chandelier": "3a594b1012ad93d9",
    "screwdriver": "e6fc75de4cb08469",
    "book": "5cce0ba4dbce0477",
    "aircraft": "cf56a06f744a435e",
    "table_tennis_table": "e02924ea5ebed0ba",
    "glasses_case": "bbdf3611c738b221",
    "hydraulic_cylinder": "c7e4d45dcb15d349",
    "kitchen_unit": "e8cb9e3dd6471b37",
    "bar_stool": "6bfbf5f83e1a6786",
    "kettle": "7777f8ded9c463a2",
    "clothes_dryer": "ca7135216d2bc1ac",
    "mouse": "bc3decf496fc66c4",
    "soap_dispenser": "970570caa2c8cf92",
    "hatch": "b09d85bf7fff9b4e",
    "towel_rack": "dcc6e76a52076e67",
    "clamp_lamp": "ff6a22a1060b3247",
    "tongs": "e42bb61415e70e86",
    "rotary_card_file": "abf11fb2b4f84426",
    "boat": "178d71a806bddbab",
    "fishing_reel": "07f04fb26abe9941",
    "electric_shaver": "79c85538b9e164a2",
    "toggle_clamp": "311e2e8ab6daaefa",
    "cabinet": "bbd32c4d6f031d0b",
    "standing_desk": "009280fdfa04889e",
    "rice_cooker": "586a32d54ec9332a",
    "air_conditioner": "0249e45d406fe6ca",
    "dj_mixer": "0f3de5ac5085d626",
    "lunch_box": "24be5b7ecd713115",
    "saloon_door": "84866e50eab37b83",
    "toilet_paper_holder": "2584dc40d7adce99",
    "lantern": "a6853e21fd7ba9aa",
    "scissors": "39d3992c7c8c1dca",
    "globe": "1f031c1a4df4673f",
    "cart": "dc5fe89103d48d1f",
    "piano": "99da01f87f3caf10",
    "contact_lens_case": "41fd180f45637fa4",
    "robot_arm": "7abd4335584202f7",
    "wardrobe": "9033f1305ba3b6c9",
    "sofa_bed": "789810f17d7ac25c",
    "blender": "1e5f1b6732913314",
    "dehumidifier": "b1427760a77b0bc2",
    "game_controller": "224edd755099984c",
    "cooler": "084a09b4ac9a41bc",
    "door": "025eacfcf4b6c8a6",
    "shower_enclosure": "f4103416eb7a22ba",
    "flashlight": "fe3134a8941cf5da",
    "pliers": "2f29d1ca2ef03f3b",
    "stapler": "4e5c9e1e9a7ff380",
    "stroller": "26ddb642b2eed76c",
    "toy_car": "04673e9b108688a8",
    "umbrella": "95ae85eb52838324",
    "valve": "09845e04b2dc0b89",
    "dresser": "613b2f087dbd25c8",
    "drop_leaf_table": "d8480a80fbb15dd3",
    "stand_mixer": "aafda641c26d7eff",
    "sewing_machine": "d94f5f196aa0e85b",
    "headphones": "1e13a5194c6326ce",
    "toolbox": "675c9ff33c31974e",
    "sliding_window": "b69b35aeb9d69d2e",
    "vanity_unit": "9d0519d668a91db1",
    "track_light": "17999efbdf966355",
    "folding_knife": "80d9c9bf7929855d",
    "clock": "92b48a8dc6d3cba0",
    "bicycle": "4b9ba7a0b6b9fd35",
    "skateboard": "ed5cd93a4673ae3d",
    "lighter": "76a5e66d90b27da2",
    "gear_train": "d87ad71ea9172977",
    "nightstand": "802a0dddd21c49bc",
    "high_chair": "b221e39adfc4abea",
    "range_hood": "7abc422d4e73508c",
    "paper_shredder": "b53c73a8b842987a",
    "calculator": "014e89164f172005",
    "thermos": "abccf254a1312714",
    "casement_window": "b493a6c6f5af9c20",
    "urinal": "a9a1b10ae0543506",
    "headlamp": "f1f6e61610d6a53c",
    "vise": "19bc556614b49c2b",
    "eyeglasses": "7f98dc480e56d5e5",
    "wheelchair": "024ff51281988fe9",
    "jack_in_the_box": "9e86c2e859ca038d",
    "jewelry_box": "6fbc7c12cadc6a72",
    "crane": "985cd0aa0c541b5f",
    "file_cabinet": "d96279213cf27cc3",
    "ironing_board": "950e9fdaa8628c0f",
    "waffle_maker": "1c11771a3b5cc2e7",
    "air_purifier": "348d7888ab53e07a",
    "projector": "ad81cba0c23211ef",
    "pill_box": "8c315c46daeb3ed1",
    "shutter": "f165fadac0b08f06",
    "grab_bar": "fc3c7d0c0c4d2314",
    "stage_light": "e84515a1011522fe",
    "adjustable_wrench": "01c264576aa0d379",
    "pen": "3ff79c37809a82c7",
    "scooter": "be05c3f3b6fded42",
    "toy_train": "53124b60a48365df",
    "lipstick": "1dc8650e65d29ba6",
    "gantry": "b900895c5b7c0619",
    "safe": "527d88d92d1bb599",
    "coffee_table": "82cf01f7a58029b1",
    "air_fryer": "79335b10a2e1b19a",
    "humidifier": "353ad425df2d4496",
    "router": "847bf2154ee6ee9b",
    "chest": "5294cc1fae8a461a",
    "gate": "b10568ad9a7e1b4a",
    "shower_seat": "b0cceffd332595d5",
    "work_light": "d8d87ba70b1b5393",
    "bar_clamp": "09fbdbd6f2aea640",
    "hole_punch": "ba5552e7dcca8477",
    "wheelbarrow": "25271774c02072bf",
    "music_box": "54b29a341d008d68",
    "watch": "5e980d1640cb7075",
    "conveyor": "9056ffc28b55b459",
    "bookcase": "589940e38f379a4b",
    "storage_bench": "d51f318dd952a8cc",
    "freezer": "b714ff8d75090f80",
    "scanner": "ceaf71814297709b",
    "radio": "107a8384b9f55d08",
    "crate": "7d846303339dba8c",
    "double_door": "4eaf222f7e5e3536",
    "paper_towel_dispenser": "f7aab93ab45d65da",
    "ring_light": "328e298762c9902b",
    "drill": "37faa40b0c0d1bc5",
    "ring_binder": "21d861f1d41106e3",
    "hand_truck": "dc307433e54ed98a",
    "seesaw": "568c2e61ed982806",
    "compact_mirror": "cceae6844683a3c6",
    "cable_carrier": "64f61917c8154f6f",
    "sideboard": "f58bdcc9ce139a2e",
    "bed": "b7063f01144c6f38",
    "bread_maker": "396e29fcec1cfd70",
    "hair_dryer": "6d5ff843be919181",
    "desktop_computer": "1b05ea7a87afbc1b",
    "mailbox": "95f17281c0348aec",
    "garage_door": "45fc1491d52f7697",
    "baby_changing_station": "2f6058c72d582572",
    "downlight": "87aa3f0dbe14304b",
    "tape_measure": "5512ad805765de76",
    "desk_organizer": "6a3c7f415db4b23d",
    "tricycle": "c54b2abd3bcb1883",
    "swing": "e4164249635adf28",
    "hand_fan": "1a67e274fab86912",
    "turntable": "40209024b73b2017",
    "locker": "a460663d9dad5fad",
    "crib": "c0a44393600e19c5",
    "juicer": "30aafc530431ee84",
    "clothes_iron": "e2e0c522192fed3c",
    "usb_drive": "2f50756ada183b14",
    "jerry_can": "6d6338746edc663c",
    "revolving_door": "8d3bd1402e6ee33e",
    "shaving_mirror": "34b85ecd4a654100",
    "floodlight": "319874a8795e02ee",
    "caulking_gun": "608e414ac635fee7",
    "pencil_sharpener": "99f01277806af323",
    "wagon": "cae9f558c0f2edff",
    "doll": "91f7d3e33234617d",
    "wallet": "a2d7ea99f9497ac9",
    "lead_screw": "530269e7f968ae85",
    "shoe_cabinet": "1cb95abf3b05493e",
    "easel": "f50246c88a28e8a7",
    "food_processor": "cb31177c9c9b5769",
    "garment_steamer": "67fa28482ae4cd31",
    "webcam": "a751a2cdacf85dc6",
    "cash_box": "0f0dfdc9c3100fdd",
    "louvre_window": "c463986bdf71b9f9",
    "toilet_partition": "fefac822f0684b68",
    "emergency_light": "eb99439cf141806f",
    "folding_saw": "9245e1f3b97fc177",
    "paper_cutter": "8857cd7e4b509be9",
    "forklift": "b9925dfb10a03834",
    "accordion": "ad21b49bcc055850",
    "perfume_bottle": "0887dd6dab93f771",
    "camshaft": "ea7174840e5ebec9",
    "tv_stand": "d32e15b356adaf8a",
    "sun_lounger": "281985dd59de2839",
    "grill": "cb7cc863220c7965",
    "steam_mop": "7e12532061d947b8",
    "walkie_talkie": "1555d706cc728d8a",
    "bread_box": "478d022dd68a6047",
    "roof_window": "db5ce34d07d1fcd3",
    "hand_dryer": "c2614a130fbc994e",
    "tape_dispenser": "dd08b065571ae289",
    "briefcase": "ad14a4bb946197d0",
    "wine_cabinet": "a857d9d972bbf453",
    "theater_seating": "ed73641057b6c101",
    "water_dispenser": "52f3a77d814319c0",
    "cassette_player": "0606092ee6fe8f98",
    "spray_bottle": "46cdaa117e5b10eb",
    "medicine_cabinet": "18a3fcb5a819c087",
    "sofa": "78532a1473cca53f",
    "meat_grinder": "38f92e23d84201fd",
    "dvd_player": "5b6884e04d5a835f",
    "pet_carrier": "59e9c496902ee56b",
    "tablet": "38d41c4bbb09f675",
    "speaker": "c86ec8cb743b1be0",
    "microphone": "c7b6e0b53bbde1ff",
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
