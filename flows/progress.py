"""Live progress a person can follow: per stage done/total, rate and ETA, on stderr."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field


@dataclass
class StageProgress:
    """Counts work items of one stage and prints a line at most every ``every`` seconds."""

    stage: str
    total: int
    unit: str = "objects"
    every: float = 2.0
    stream: object = field(default=sys.stderr, repr=False)
    done: int = 0
    started: float = field(default_factory=time.monotonic)
    _last: float = 0.0

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if now - self._last >= self.every or self.done >= self.total:
            self._last = now
            print(self.line(now), file=self.stream, flush=True)

    def line(self, now: float | None = None) -> str:
        now = time.monotonic() if now is None else now
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate > 0 else float("inf")
        eta = "done" if self.done >= self.total else (
            "ETA --" if left == float("inf") else f"ETA {left:5.0f}s")
        return (f"[{self.stage:>9}] {self.done:>6}/{self.total:<6} {self.unit}  "
                f"{rate:7.1f}/s  {eta}")

    @property
    def seconds(self) -> float:
        return time.monotonic() - self.started
