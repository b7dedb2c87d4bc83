"""Live progress a person can follow: per stage done/total, rate and ETA, on stderr.

A run makes one :class:`StageTimer`; each ``with timer.stage(name, total):`` block shows
its :class:`StageProgress` while it runs and adds its seconds to ``timer.seconds``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
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


@dataclass
class StageTimer:
    """Seconds per stage of one run (stage name -> seconds, in the order the stages ran)."""

    stream: object = field(default=sys.stderr, repr=False)
    seconds: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def stage(self, name: str, total: int = 1, unit: str = "steps") -> Iterator[StageProgress]:
        """Time the block and show its progress; a block that ends normally is complete
        (whatever it did not count is counted at the end)."""
        progress = StageProgress(name, total, unit=unit, stream=self.stream)
        yield progress
        if progress.done < progress.total:
            progress.advance(progress.total - progress.done)
        self.seconds[name] = progress.seconds
