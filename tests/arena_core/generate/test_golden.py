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
GOLDEN_VERSION = "1.1.0"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "cabinet": "b5c4214f5cbc7be5",
    "office_chair": "432f9ec7f2331089",
    "refrigerator": "737483330f4869df",
    "washing_machine": "f96eb3c049505b8c",
    "laptop": "24e534045a27e498",
    "bottle": "44cca258df64c572",
    "door": "28b9c000da1a678b",
    "faucet": "57bb106f26ce45fd",
    "desk_lamp": "c7f05b1cfad42e7c",
    "scissors": "e5aa485309472d3e",
    "globe": "67db1fc6d39a7b13",
    "cart": "8eb0cda96806169d",
    "piano": "cd008894e78b1b52",
    "umbrella": "0f2df8ba71582e3d",
    "robot_arm": "96a01b7704b28f08",
    "wardrobe": "e7048e31b749614f",
    "desk": "d6405a6c10dada91",
    "oven": "1ff39a0032d75c98",
    "fan": "869c277e7a6687c5",
    "keyboard": "68efcb99d377bb57",
    "box": "07586d41164b2948",
    "sliding_window": "c2ae3002699be7e0",
    "toilet": "179a809ac7107240",
    "floor_lamp": "e8a5309e1bcc864f",
    "pliers": "03c890d3aaa8234e",
    "stapler": "d351d04799775ee8",
    "stroller": "159030eeb94c74b4",
    "toy_car": "d3a4deb9513c37c4",
    "lighter": "f3f4a14de6ba937d",
    "valve": "141946a2e8f36747",
    "dresser": "2603f50714952b7a",
    "table": "4692a5090137cf6e",
    "microwave": "ec3aeeb04191d0de",
    "printer": "f7204170412b871d",
    "camera": "e0eb6d3862ba0129",
    "trash_can": "24de7a35fff995f9",
    "casement_window": "44eba6f998af1f39",
    "sink": "23d5f4bca596e40d",
    "wall_lamp": "080ed3ffe825de93",
    "folding_knife": "6cc568c3c8306a1f",
    "clock": "3c3d34b48ff43d3b",
    "bicycle": "171b03e52b5f3862",
    "skateboard": "fb65c927939dc4da",
    "jewelry_box": "0485e9c54f380c89",
    "gear_train": "f5dd27d2b7c0180a",
    "nightstand": "9af89b6d9ce60f84",
    "folding_chair": "de99f06ad12d2fde",
    "dishwasher": "cf15fad8ae265205",
    "ceiling_fan": "b112e9927658ed36",
    "remote": "4c88563a8f240050",
    "suitcase": "075eac3f2cb7a877",
    "shutter": "ecb0fa9b29db3656",
    "shower": "9c06fbc35dabde24",
    "table_lamp": "0e8ce411684ba9b7",
    "vise": "c5a3e99da0f9263c",
    "eyeglasses": "90f4987fbbb468e6",
    "wheelchair": "5d496ebcbe656876",
    "jack_in_the_box": "28b3a931d4284372",
    "lipstick": "513b3a4e28e1f133",
    "crane": "a3c515922e098c91",
    "file_cabinet": "a9bf1f77f0508532",
    "recliner": "9e34de7e7314723d",
    "toaster": "b98f56b010c2e686",
    "radiator": "7b2ef3e0296be1ec",
    "monitor": "798ac654e2725a7a",
    "jar": "4c095a80dfb20933",
    "gate": "9856f3843b617bc5",
    "adjustable_wrench": "4f4e6849ab04135c",
    "pen": "95047c596138ffa4",
    "scooter": "61a667ec1b1f8880",
    "toy_train": "5bb29bff3101410c",
    "watch": "8c1829d8f67b4fc9",
    "gantry": "38a4838c2ddd0b54",
    "safe": "d2330695694eb201",
    "piano_stool": "c111e75b6f0f1589",
    "coffee_machine": "cb556c20a36d9b4f",
    "vacuum": "2720b9e943caab83",
    "flip_phone": "648b1a6d6988a360",
    "bucket": "1b87b2945137262d",
    "bar_clamp": "88194ab5796fec58",
    "hole_punch": "9ac3717ae89c7dc7",
    "compact_mirror": "5e4778ec15e6fd14",
    "kettle": "da3eb0228c4d0240",
    "mouse": "034049e124c001d0",
    "soap_dispenser": "6c30495ab845c442",
    "drill": "0d2e814ca03f0d8c",
    "ring_binder": "4d91d19f72fd90b1",
    "rice_cooker": "880306df30dfdace",
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
