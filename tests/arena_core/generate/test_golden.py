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
GOLDEN_VERSION = "1.4.0"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "cabinet": "383e03c67fd34d57",
    "office_chair": "6a0a339d173202da",
    "refrigerator": "814cc9d696324f6a",
    "washing_machine": "297bf3e90243d97d",
    "laptop": "21d22bcffe426826",
    "bottle": "da577f6f69198936",
    "door": "ab2d7246ae3818c3",
    "faucet": "f9f105c6bb4539ff",
    "desk_lamp": "741d6bd15e9d7b05",
    "scissors": "528e2d6dcde9bcce",
    "globe": "90654ed41f3e5c38",
    "cart": "f9746cd5ea53c0d8",
    "piano": "e1fa03882ea54348",
    "umbrella": "0457f2c59a17caed",
    "robot_arm": "c7b43b0696fb2426",
    "wardrobe": "f763780b64be10fd",
    "desk": "dc0ee9b054036608",
    "oven": "914c8f49e1b76eff",
    "fan": "95df6b0ba1a94875",
    "keyboard": "ec6b8d84ae14ec07",
    "box": "659967f00ce8a577",
    "sliding_window": "c6c6d68dd4f1c0f4",
    "toilet": "b6ede7ee6eb9ff79",
    "floor_lamp": "5ce8f2f8e249d15e",
    "pliers": "461085d31011b6ed",
    "stapler": "0c1abff360112e15",
    "stroller": "048fd950ca8b4be7",
    "toy_car": "2dc5ec7c18c55f06",
    "lighter": "224f6308ba11b9b2",
    "valve": "ef55d196c3b133a9",
    "dresser": "8ca3b4059ec323cb",
    "table": "5c182aae9ad21cc4",
    "microwave": "86a646eba0f71ca8",
    "printer": "6b346035d641f705",
    "camera": "b0ae7d01f327dc70",
    "trash_can": "bdd5b8555f744d34",
    "casement_window": "7b53588fead0915b",
    "sink": "682917d4d1c94ba9",
    "wall_lamp": "3cc8f34a4b5c0c4d",
    "folding_knife": "d11094f06c800814",
    "clock": "0617b70a29af587a",
    "bicycle": "6991371c4ac00f1a",
    "skateboard": "96dc59fdc672123c",
    "jewelry_box": "d27fd4790427d3ff",
    "gear_train": "2c043e526813ef76",
    "nightstand": "0b1c7218643324ca",
    "folding_chair": "0a55148eaa3c42f3",
    "dishwasher": "f6a6d4d5d4815219",
    "ceiling_fan": "67a28aa6e8b42ebc",
    "remote": "751d09f3a855ed0c",
    "suitcase": "aa64cdb606b800f8",
    "shutter": "8df64b5ef34650f8",
    "shower": "8e0f4cc85f7da830",
    "table_lamp": "4b27c74cf8af1d47",
    "vise": "8af15c79a3da5d15",
    "eyeglasses": "bebc1b478c6e66fc",
    "wheelchair": "adfd7c70082613eb",
    "jack_in_the_box": "688a332a218ac159",
    "lipstick": "6f84d0370275773c",
    "crane": "bf583a7e045ec772",
    "file_cabinet": "5344b707583dc894",
    "recliner": "931148e61b25b81f",
    "toaster": "5139c96be373548e",
    "radiator": "8e14690d6e077113",
    "monitor": "039f3b930a13facc",
    "jar": "bb677bb28e58536e",
    "gate": "adb6f8be03120f0b",
    "adjustable_wrench": "08c2da18c4402b31",
    "pen": "cb9e6899480f75d1",
    "scooter": "b752746948c224ab",
    "toy_train": "d89da43697074163",
    "watch": "77caeb39c8176864",
    "gantry": "991436e555fa7200",
    "safe": "c505dcef31dfb246",
    "piano_stool": "6d30f501b1f11ecc",
    "coffee_machine": "4defb75b4887e94a",
    "vacuum": "8b8b88c1469434ad",
    "flip_phone": "c54634e5ed1be023",
    "bucket": "b6acc5767dabc694",
    "bar_clamp": "14e13509937492cb",
    "hole_punch": "13386fdce83c6665",
    "compact_mirror": "7b53566e61ab0a6d",
    "kettle": "849f59b67dd152e2",
    "mouse": "12b6fa553624e736",
    "soap_dispenser": "4f7572f2d325115e",
    "drill": "82594abea30af96c",
    "ring_binder": "7d814346bdd1e089",
    "rice_cooker": "de694bbd67c86ebf",
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
