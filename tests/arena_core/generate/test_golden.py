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
GOLDEN_VERSION = "1.3.0"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "cabinet": "1f98bd9092463737",
    "office_chair": "00423fc7d593815d",
    "refrigerator": "439cee1983e7fac3",
    "washing_machine": "c42485bee3c21d56",
    "laptop": "ec5985bcb7b39158",
    "bottle": "d70fc5eb87e34a0a",
    "door": "b9741809e8b329dc",
    "faucet": "442e4b4ac03b3a45",
    "desk_lamp": "f8c60f0894349353",
    "scissors": "fd5fa55132f84b0b",
    "globe": "f34890ab6bf696d6",
    "cart": "4897bde948ff0627",
    "piano": "4321779b97eedc1b",
    "umbrella": "aab8c3b636240aca",
    "robot_arm": "9c31580aa5a89794",
    "wardrobe": "f37cf05bf2a1c023",
    "desk": "9290acb09104948f",
    "oven": "dfa4283f8081183e",
    "fan": "096a35a7c5e6d3f7",
    "keyboard": "6c9c79f2e76a4169",
    "box": "aa8d1619c9f20f8b",
    "sliding_window": "6aff2395c4cf5016",
    "toilet": "6435876e0d94fada",
    "floor_lamp": "e079568ca536c870",
    "pliers": "cacca01f8ee70a9c",
    "stapler": "5e2ed598ea7e6227",
    "stroller": "fd3319866664a986",
    "toy_car": "a059fbddf9b32862",
    "lighter": "875bd4a8656c5659",
    "valve": "089659919a4941ee",
    "dresser": "f209a255c598ba90",
    "table": "b8dafb06c4fa4d85",
    "microwave": "f4491a042fb54cde",
    "printer": "3006c699d54c90a4",
    "camera": "ce96a94c30a559ff",
    "trash_can": "8c57fb2a6578276d",
    "casement_window": "be60e2c497fa4d58",
    "sink": "42e12210236e9c03",
    "wall_lamp": "ab4d13923f35d52d",
    "folding_knife": "ca65c3980611af02",
    "clock": "2c384ea1d856f81b",
    "bicycle": "4001c247a0e7d302",
    "skateboard": "c7e6b11539851ee1",
    "jewelry_box": "8a496dc6d7d5bdc6",
    "gear_train": "49fdcf3fe17b18e8",
    "nightstand": "6d0ea19e8c95fa5b",
    "folding_chair": "2d14301db9b18556",
    "dishwasher": "957efc979a56af6e",
    "ceiling_fan": "1aafbe485490e2d1",
    "remote": "401f175cfeb8d27b",
    "suitcase": "351737aaf8bfbae0",
    "shutter": "a652f7ffe5767cab",
    "shower": "f0c9393274591eec",
    "table_lamp": "519f86a07ea64f24",
    "vise": "89c1f88b953f0c5f",
    "eyeglasses": "00bb2f23049fc19e",
    "wheelchair": "53b8246054c3e79d",
    "jack_in_the_box": "74a6721b6f2261e5",
    "lipstick": "a9af91a0ebdd5a96",
    "crane": "77517a8e058bb821",
    "file_cabinet": "716b99e88ea3b3bb",
    "recliner": "a3f15f8601aa928d",
    "toaster": "a6f2ffa6ec05e093",
    "radiator": "5eddbaa86e084383",
    "monitor": "5286de371370493e",
    "jar": "819782c681ddf477",
    "gate": "b001d4e6183d5218",
    "adjustable_wrench": "c1cce4c4143337e6",
    "pen": "c70e21feac2cba11",
    "scooter": "1859ee3e7a6f50b9",
    "toy_train": "77a028698418da06",
    "watch": "50e2c4f78667b9f6",
    "gantry": "335fa82b52308070",
    "safe": "6d36b2ea32c9fd06",
    "piano_stool": "cd21db1af224497f",
    "coffee_machine": "da6f77fe714c6c1d",
    "vacuum": "77cf14a94f4dee4a",
    "flip_phone": "7ef29cb2e5605775",
    "bucket": "44b64ae486fa90c1",
    "bar_clamp": "d4ce9b8269283ae7",
    "hole_punch": "2f937e0c42771440",
    "compact_mirror": "dd53aece1ee58d83",
    "kettle": "da4dc27caa8ac28b",
    "mouse": "293a631d69aaaf3c",
    "soap_dispenser": "b6be7e106d25530d",
    "drill": "913265c5300872b2",
    "ring_binder": "b01af4b63a0158d0",
    "rice_cooker": "426d962798005a6c",
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
