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
GOLDEN_VERSION = "1.2.0"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "cabinet": "eb7469432f305b35",
    "office_chair": "7089df1218843341",
    "refrigerator": "b32de2fb5b531802",
    "washing_machine": "e9801587119ae459",
    "laptop": "6a8c8869dbfc467e",
    "bottle": "582187f2ad29d39a",
    "door": "24d892a3064200bd",
    "faucet": "b15f77384a7edd7e",
    "desk_lamp": "a020b3c3fb62f45f",
    "scissors": "9c9cf9a9a4332a3c",
    "globe": "6eb21531d2a2290a",
    "cart": "7325204ce60e4786",
    "piano": "354581aa369fba30",
    "umbrella": "357c4640bfce7e39",
    "robot_arm": "089c7006c1932a2c",
    "wardrobe": "b55b92d0c6a0d5a1",
    "desk": "a4dbbf9ff5fb0141",
    "oven": "30e22233cb474292",
    "fan": "45997e5d456c8286",
    "keyboard": "fd13a19b742ec3e6",
    "box": "60a1d73e0df602af",
    "sliding_window": "12d23ee65c6d5de6",
    "toilet": "afa96a719d221a99",
    "floor_lamp": "174dac81cdd40314",
    "pliers": "cb648d9a98d3076f",
    "stapler": "3e96da6a7b403215",
    "stroller": "c074147b114ae6ed",
    "toy_car": "dfbf5213b757cf4d",
    "lighter": "327bfb44dc3354f6",
    "valve": "fcd468606971f01f",
    "dresser": "1a31bb6bbcc76fdc",
    "table": "22b6f5491fa6c34f",
    "microwave": "451faa6d3bdccc55",
    "printer": "a24979266fbffac8",
    "camera": "f729fb6216695a0e",
    "trash_can": "a0acb07c2c1f696a",
    "casement_window": "c4810fe45ee55956",
    "sink": "34c497a2d8e13956",
    "wall_lamp": "74160544646bff2a",
    "folding_knife": "1fdb218e03255376",
    "clock": "a605e19125fa23b6",
    "bicycle": "36c946f8cd95c019",
    "skateboard": "2c75f9c4ce0f3ce0",
    "jewelry_box": "43c3dbb24e4cd6f5",
    "gear_train": "3649d113da21d50a",
    "nightstand": "3f1fae2d9b41d757",
    "folding_chair": "0d8ab1fca60e680f",
    "dishwasher": "15d9be8e7f66ea68",
    "ceiling_fan": "486a1b22a65b7f93",
    "remote": "2876870f5fa036c9",
    "suitcase": "10a392dcdbff51fe",
    "shutter": "8887854956d3b7af",
    "shower": "c88bca0cf0db6e8b",
    "table_lamp": "1ebf85908f55399b",
    "vise": "b66323a74ae1d4f5",
    "eyeglasses": "08f15df47b53e20c",
    "wheelchair": "feb9355ea7a653cf",
    "jack_in_the_box": "dc1ef478804e9140",
    "lipstick": "3c26775f0122d501",
    "crane": "d8010632707e5ab9",
    "file_cabinet": "b8bf8350b220b667",
    "recliner": "729182e09b903bb9",
    "toaster": "810a45d90ecc7988",
    "radiator": "a018cd795fcc83ea",
    "monitor": "08e66327cc28b52d",
    "jar": "24a5fdcab42e5a60",
    "gate": "e19d986ae2474d1a",
    "adjustable_wrench": "61808d8c179649a7",
    "pen": "92d2ef72a4860558",
    "scooter": "7a54c1aa0e0ca9f6",
    "toy_train": "040d22000accd878",
    "watch": "06f16cd362dabeb1",
    "gantry": "152b389605564d2d",
    "safe": "825c073883c8e69d",
    "piano_stool": "147796f24a3eb848",
    "coffee_machine": "a16ca9c9ef4f5eba",
    "vacuum": "d94feabdd8f14c06",
    "flip_phone": "8d7f688c12d07ed6",
    "bucket": "8933b45c1441fa21",
    "bar_clamp": "11b8bd249cfd35dd",
    "hole_punch": "e5a75ad2fa9eb758",
    "compact_mirror": "9a9ea47d2bbc8e27",
    "kettle": "1f75652c80baa183",
    "mouse": "a93e9e48c550eafc",
    "soap_dispenser": "cecc02119e843cac",
    "drill": "2fe67ba9803eb3be",
    "ring_binder": "569159a3c261ebf2",
    "rice_cooker": "7dec67bf727fb616",
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
