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
GOLDEN_VERSION = "1.4.1"

#: Kind of object ``i`` of seed 0 (``i < len(KINDS)``) -> first 16 hex digits of the
#: ``tree_sha256`` of its folder.
GOLDEN = {
    "cabinet": "bf692d28f9cdb500",
    "office_chair": "7f458bb3ec3d6a69",
    "refrigerator": "b123fc7c4a71ba92",
    "washing_machine": "3a8e104f58969208",
    "laptop": "efba28b533b3490b",
    "bottle": "ddb0e8c1430dc818",
    "door": "0acbef9257a0766f",
    "faucet": "9b2df83b731d6fdf",
    "desk_lamp": "3c13a7afb62408fe",
    "scissors": "74b47c9424592d85",
    "globe": "a3ab0b274f9808fd",
    "cart": "0690aa2c68f71eaa",
    "piano": "51b1832c4229cdba",
    "umbrella": "9883577951feb762",
    "robot_arm": "26c2a04a6d41a512",
    "wardrobe": "a6ae1ae9007e8e34",
    "desk": "54aa6f3705a88c79",
    "oven": "c5d95f7eac0a0bac",
    "fan": "59611766c8d4f260",
    "keyboard": "8d8e6ae3da98a50e",
    "box": "95443c5f2deeee23",
    "sliding_window": "c7703be6b043f54a",
    "toilet": "e5c1f4f5488bacd9",
    "floor_lamp": "85e35cd2da3a6e55",
    "pliers": "4ca7079a952af111",
    "stapler": "7319464a60df5f44",
    "stroller": "67a3db2f79e69dda",
    "toy_car": "beccaeb2164c706d",
    "lighter": "20a750c24da1fa9f",
    "valve": "ce9dca0da74f7c1b",
    "dresser": "52d8ec8956094b62",
    "table": "3e6754df2afe90dd",
    "microwave": "ba7eec40c73a0892",
    "printer": "6aab2fc27bf3c9ef",
    "camera": "b69fc8162ee7b9c1",
    "trash_can": "e83a1050dc611c7e",
    "casement_window": "322d775a9d393ed5",
    "sink": "cd537d5abeb03b54",
    "wall_lamp": "5311a9881c604fda",
    "folding_knife": "e55e78cd04f16635",
    "clock": "3b18216b05916e07",
    "bicycle": "b717e7fcc37ca160",
    "skateboard": "998054cdd826d127",
    "jewelry_box": "1699bca454819e94",
    "gear_train": "b906b8a1e40c7013",
    "nightstand": "7cab14c511ed59fa",
    "folding_chair": "2824d1139c1b87b1",
    "dishwasher": "a374487e51a72ca0",
    "ceiling_fan": "d19499a40446a196",
    "remote": "634f18b0631fd39e",
    "suitcase": "7d8aebd121711d76",
    "shutter": "47842b366ee43418",
    "shower": "93ba5b58aa4dc821",
    "table_lamp": "05cbc5a2b1956445",
    "vise": "202d263f2d753101",
    "eyeglasses": "f77dc81ff8636916",
    "wheelchair": "45512f1afb3579f9",
    "jack_in_the_box": "5858fda4cbc38253",
    "lipstick": "47aad47420c74297",
    "crane": "edc7379e130c1012",
    "file_cabinet": "a2721b3fcd97a282",
    "recliner": "8f8c498b1a423e6a",
    "toaster": "42a13a19e4505a1c",
    "radiator": "a811671f68b66415",
    "monitor": "40cd6788afb9c629",
    "jar": "09b6141981c71a7b",
    "gate": "769d7dc4fb2c6006",
    "adjustable_wrench": "f433001f265f78e2",
    "pen": "2802ed2bf42c8c57",
    "scooter": "88fc2b890bd32473",
    "toy_train": "6d633f66c3687e0d",
    "watch": "5e2577fd96e68e6e",
    "gantry": "d43609df2bab9d4e",
    "safe": "4bae1c8589a1d430",
    "piano_stool": "5af93a1a4c67d21c",
    "coffee_machine": "f163f17d08c6e942",
    "vacuum": "46c704a6b1791e40",
    "flip_phone": "f333b85ff67f347f",
    "bucket": "bba7f376e82fd287",
    "bar_clamp": "5f3e7ce9626ecc00",
    "hole_punch": "e1d13b718e016107",
    "compact_mirror": "dd81a4c19adb7638",
    "kettle": "05bfb22406176b5a",
    "mouse": "2726ed9bdae81262",
    "soap_dispenser": "faa38801037425ab",
    "drill": "f55b51fa17d97307",
    "ring_binder": "98550566fc4e6084",
    "rice_cooker": "61a07a12d8825224",
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
