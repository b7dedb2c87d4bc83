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
