"""The reduced run of the 20K benchmark (``tests/bench/bench_build.py scale``): counts and
checksums, not times.

The same script as the full measurement, on 24 generated objects and the Genesis and
GAPartNet sources of ``../shared/realdata``, with the thread runner (no worker start-up
to wait for): a cold
build, a rebuild with nothing changed (the release files stay byte-identical and no object
is processed), and a rebuild with one realdata joint limit edited (exactly that object is
processed again and exactly its archive changes).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
REALDATA = (REPO / ".." / "shared" / "realdata").resolve()

pytestmark = pytest.mark.slow


@pytest.mark.skipif(not (REALDATA / "genesis_repo").is_dir(), reason="needs ../shared/realdata")
def test_reduced_scale_run_keeps_counts_and_checksums(tmp_path):
    done = subprocess.run(
        [sys.executable, str(REPO / "tests" / "bench" / "bench_build.py"), "scale", "--n", "24",
         "--sources", "gapartnet_repo", "--runner", "thread", "--counts-only",
         "--work", str(tmp_path)],
        cwd=REPO, capture_output=True, text=True, timeout=600)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    verdict = next(line for line in done.stdout.splitlines() if line.startswith("scale "))
    assert "MISSED" not in verdict and verdict.count("OK") == 4, verdict
    assert "[scale unchanged]" in done.stdout and "[scale edited]" in done.stdout


def test_the_bench_sampler_catches_a_short_peak_of_a_descendant():
    """The tree sampler reads PSS once a second, and at once when the summed RSS reaches a
    new high: a grandchild that holds 300 MB for 0.5 s between two slow readings is seen."""
    sys.path.insert(0, str(REPO / "tests" / "bench"))
    from bench_build import TreeSampler

    script = ("import subprocess, sys, time; time.sleep(1.5); subprocess.run([sys.executable, "
              "'-c', 'import time; b = bytearray(300 * 2**20); b[::4096] = b\"x\" * len(b[::4096]);"
              " time.sleep(0.5)']); time.sleep(1.5)")
    proc = subprocess.Popen([sys.executable, "-c", script])
    sampler = TreeSampler(proc.pid, every=0.1, full_every=10.0)
    sampler.start()
    proc.wait()
    sampler.done.set()
    sampler.join()
    assert sampler.peak > 300 * 2**20
    assert sampler.peak_procs == 2
    assert 2 <= sampler.readings < 15  # the first reading, the new high; not every tick
