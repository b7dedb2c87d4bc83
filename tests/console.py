"""What a block of code prints on the console, C libraries included (for the quiet-loading tests).

The engines print from C (``printf``, ``fprintf(stderr, ...)``), which neither pytest's
``capsys`` nor a swapped ``sys.stdout`` sees: :func:`console` points file descriptors 1 and 2
at a temporary file with ``os.dup2`` (and Python's own streams at it too, which a test runner
may have replaced), flushes C's stdio buffers before putting them back, and returns the text.
"""

from __future__ import annotations

import ctypes
import os
import sys
import tempfile
import traceback

_LIBC = ctypes.CDLL(None)


def console(fn) -> str:
    """What ``fn()`` writes to file descriptors 1 and 2, and its exception, if any."""
    sys.stdout.flush()
    sys.stderr.flush()
    streams = sys.stdout, sys.stderr
    with tempfile.TemporaryFile() as sink:
        saved = os.dup(1), os.dup(2)
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        sys.stdout = sys.stderr = open(os.dup(2), "w", encoding="utf-8", buffering=1)
        try:
            fn()
        except Exception:  # noqa: BLE001 - the failure is part of what the user sees
            sys.stderr.write(traceback.format_exc())
        finally:
            sys.stdout.close()
            sys.stdout, sys.stderr = streams
            _LIBC.fflush(None)
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
        sink.seek(0)
        return sink.read().decode("utf-8", "replace")
