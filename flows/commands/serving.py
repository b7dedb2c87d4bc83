"""Serve the viewer from the command line: :func:`serve` runs it until Ctrl-C,
:func:`view_validated` shows one ``arena validate`` output.

Shared by ``arena view`` (:mod:`flows.commands.view`) and ``arena validate --view``
(:mod:`flows.commands.validate`), which import it and not each other.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import webbrowser
from contextlib import contextmanager
from pathlib import Path

from flows.commands.common import reject, usage


def view_validated(out: Path, code: int, *, port: int = 0, open_page: bool = True) -> int:
    """Serve the ``arena validate`` output ``out`` (its exit code ``code``); return ``code``
    once the viewer stops (1 when there is nothing to show, 2 when it cannot listen)."""
    from flows.view.sources import FolderSource, ViewError

    try:
        source = FolderSource(out)
    except ViewError:
        reject("view", "nothing to show: the input never became an object (its report "
                       "above says why)")
        return 1
    served = serve(source, port=port, open_page=open_page)
    return served if served else code


def serve(source, *, port: int, open_page: bool) -> int:
    """Run the viewer of ``source`` on 127.0.0.1:``port`` until Ctrl-C; 0, or 2 when the
    port cannot be used."""
    from flows.view.server import ViewServer

    try:
        server = ViewServer(source, port)
    except OSError as exc:
        return usage("view", f"cannot listen on 127.0.0.1:{port} ({exc.strerror or exc}); "
                             "choose another --port (0: a free one)")
    one = getattr(source, "object_id", None)
    url = server.object_url(one) if one else server.url
    try:
        with _stop_signals():  # before the address is out: a client may stop us at once
            print(f"arena view: {source.name}\n  {url}\n  (Ctrl-C stops the viewer)",
                  flush=True)
            if open_page:
                _open(url)
            server.serve_forever()
    except KeyboardInterrupt:
        print("arena view: stopped", file=sys.stderr)
    finally:
        server.server_close()
    return 0


@contextmanager
def _stop_signals():
    """Ctrl-C (SIGINT) and SIGTERM stop the viewer while it serves, even where the shell
    that started it left SIGINT ignored (a background job): the temporary output of
    ``arena view PATH`` is then removed. The previous handlers come back after."""
    def stop(signum, frame):
        raise KeyboardInterrupt

    wanted = (signal.SIGINT, signal.SIGTERM)
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers
        return
    before = {sig: signal.signal(sig, stop) for sig in wanted}
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def _open(url: str) -> None:
    """Open ``url`` in the desktop's browser; without a display (where Python would start
    a text browser in this terminal) only say so."""
    graphical = sys.platform in ("darwin", "win32") or any(
        os.environ.get(k) for k in ("DISPLAY", "WAYLAND_DISPLAY"))
    if not (graphical and webbrowser.open(url)):
        print("  open that address in a browser", flush=True)
