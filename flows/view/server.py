"""The viewer's web server: the page, its vendored libraries and a JSON API, on 127.0.0.1.

A stdlib :class:`~http.server.ThreadingHTTPServer` bound to ``127.0.0.1`` only (never
another interface), answering GET requests whose ``Host`` is this address or
``localhost`` with this port (a page of another site cannot reach it through a DNS name
that resolves here). Every response carries a Content-Security-Policy that lets the page
load nothing but this server's own files (``default-src 'self'``; the page's one inline
script, its import map, by its sha256), so the viewer provably needs no network.

Routes (``ID`` an object id, URL-quoted; errors are ``{"error": message}`` with 400, 404,
422 or 500):

=====================================  =============================================
``/``                                  the page (``static/index.html``)
``/static/PATH``                       the page's scripts, styles and vendored libraries
``/api/info``                          ``kind`` (release or object), ``name``, ``count``
``/api/facets``                        filter values with their object counts
``/api/objects?FILTERS``               one page of the filtered list (flows.view.catalog)
``/api/objects/ID``                    the object page's data (:func:`object_payload`)
``/api/objects/ID/thumbnail.png``      its thumbnail (flows.view.thumbnails)
``/api/objects/ID/files/PATH``         a file of its canonical folder (URDF, meshes)
=====================================  =============================================
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

from arena_core.formats.archive import ArchiveError, safe_member_path
from flows.commands.common import jsonable
from flows.view import detail
from flows.view.catalog import Query, QueryError, facets, page
from flows.view.sources import NotFound, ViewError
from flows.view.thumbnails import ThumbnailCache

#: The only address the viewer listens on.
HOST = "127.0.0.1"
STATIC = Path(__file__).resolve().parent / "static"
#: Content types by file suffix (anything else is served as bytes).
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                 ".css": "text/css; charset=utf-8", ".json": "application/json",
                 ".png": "image/png", ".urdf": "application/xml", ".xml": "application/xml",
                 ".obj": "text/plain; charset=utf-8", ".stl": "model/stl",
                 ".mtl": "text/plain; charset=utf-8", ".txt": "text/plain; charset=utf-8"}
_IMPORT_MAP = re.compile(r'<script type="importmap">(.*?)</script>', re.S)


class ViewServer(ThreadingHTTPServer):
    """The viewer of ``source`` (a :mod:`flows.view.sources` source) on ``127.0.0.1:port``
    (``port`` 0: a free one; :attr:`url` says which).

    Raises:
        OSError: the port is taken (or not allowed).
    """

    daemon_threads = True

    def __init__(self, source, port: int = 0):
        super().__init__((HOST, port), _Handler)
        self.source = source
        self.thumbnails = ThumbnailCache(source)
        self.csp = content_security_policy((STATIC / "index.html").read_text(encoding="utf-8"))

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"

    def handle_error(self, request, client_address) -> None:
        """A client that went away mid-answer (a closed tab, a cancelled download) is
        normal for a viewer: nothing is printed. Anything else is reported as usual."""
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipe, ConnectionReset
            return
        super().handle_error(request, client_address)

    def object_url(self, object_id: str) -> str:
        """The page of one object."""
        return f"{self.url}#/object/{quote(object_id, safe='')}"


def content_security_policy(index_html: str) -> str:
    """The page's policy: its own files only, and its inline import map by hash.

    >>> content_security_policy('<script type="importmap">{}</script>').split("; ")[1]
    "script-src 'self' 'sha256-RBNvo1WzZ4oRRq0W9+hknpT7T8If536DEMBg9hyq/4o='"
    """
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(m.encode()).digest()).decode() + "'"
        for m in _IMPORT_MAP.findall(index_html))
    return ("default-src 'self'; " + f"script-src 'self' {hashes}".strip() + "; style-src "
            "'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; "
            "base-uri 'none'; frame-ancestors 'none'; form-action 'none'")


def object_payload(source, object_id: str) -> dict:
    """What the object page shows (see :mod:`flows.view.detail`): the row's sliders,
    kinematic tree, fields, joints, links, issues, engines, duplicates and nearest
    objects, and ``urdf_url`` (its canonical URDF here; None when none was written)."""
    row = source.row(object_id)
    joints = row.get("joints") or []
    links = [link["name"] for link in row.get("links") or []]
    urdf = row.get("urdf_path") if row.get("has_geometry") else None
    base = f"/api/objects/{quote(object_id, safe='')}"
    return {
        "object_id": object_id, "kind": source.kind,
        "status": (row.get("verification") or {}).get("status"),
        "urdf_url": f"{base}/files/{quote(urdf)}" if urdf else None,
        "thumbnail_url": f"{base}/thumbnail.png" if urdf else None,
        "sliders": detail.sliders(joints), "tree": detail.kinematic_tree(joints, links),
        "fields": detail.fields(row), "joints": joints, "links": row.get("links") or [],
        "issues": detail.issues(row), "engines": row.get("engines") or [],
        "duplicates": detail.duplicates(row, source.duplicate_records),
        "nearest": row.get("nearest"),
    }


class _Handler(BaseHTTPRequestHandler):
    server: ViewServer
    server_version = "arena-view"
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's signature
        """Requests are not logged (the terminal shows the URL and errors only)."""

    def do_GET(self):  # noqa: N802 - the stdlib's name
        if not self._host_allowed():
            return self._error(403, "this viewer answers only at "
                               f"http://{HOST}:{self.server.server_address[1]}/")
        try:
            self._route(urlsplit(self.path))
        except (ViewError, QueryError) as exc:
            self._error(getattr(exc, "status", 400), str(exc))
        except ArchiveError as exc:
            self._error(404, str(exc))
        except ConnectionError:
            self.close_connection = True  # the client went away mid-answer: nothing to say
        except Exception as exc:  # noqa: BLE001 - one bad object must not stop the viewer
            code = getattr(exc, "code", None)
            if isinstance(code, str):  # arena_core's coded errors (a URDF that cannot be read)
                return self._error(422, f"{code}: {exc}"[:400])
            print(f"arena view: {self.path}: {type(exc).__name__}: {exc}", file=sys.stderr)
            self._error(500, f"{type(exc).__name__}: {exc}"[:400])

    def _route(self, url) -> None:
        parts = [unquote(p) for p in url.path.split("/")[1:]]
        source = self.server.source
        if parts in ([""], ["index.html"]):
            return self._static("index.html")
        if parts[0] == "static" and len(parts) > 1:
            return self._static("/".join(parts[1:]))
        if parts[:1] != ["api"] or len(parts) < 2:
            raise NotFound(f"no page {url.path!r}")
        if parts[1:] == ["info"]:
            return self._json({"kind": source.kind, "name": source.name,
                               "count": len(source.summaries),
                               "object_id": getattr(source, "object_id", None)})
        if parts[1:] == ["facets"]:
            return self._json(facets(source.summaries))
        if parts[1:] == ["objects"]:
            return self._json(page(source.summaries, Query.parse(url.query)))
        if parts[1] == "objects" and len(parts) >= 3:
            return self._object(parts[2], parts[3:])
        raise NotFound(f"no API route {url.path!r}")

    def _object(self, object_id: str, rest: list[str]) -> None:
        source = self.server.source
        if not rest:
            return self._json(object_payload(source, object_id))
        if rest == ["thumbnail.png"]:
            return self._send(200, self.server.thumbnails.png(object_id), "image/png")
        if rest[0] == "files" and len(rest) > 1:
            member = "/".join(rest[1:])
            return self._send(200, source.read(object_id, member), _content_type(member))
        raise NotFound(f"no API route for object {object_id!r}: {'/'.join(rest)!r}")

    def _static(self, rel: str) -> None:
        try:
            safe = safe_member_path(rel)
        except ArchiveError as exc:
            raise NotFound(f"static file refused: {exc.message}") from None
        path = STATIC.joinpath(*(safe.parts if safe else ()))
        if safe is None or not path.is_file() or not path.resolve().is_relative_to(STATIC):
            raise NotFound(f"no static file {rel!r}")
        cache = "max-age=3600" if safe.parts[0] == "vendor" else "no-cache"
        self._send(200, path.read_bytes(), _content_type(path.name), cache=cache)

    def _host_allowed(self) -> bool:
        port = self.server.server_address[1]
        return self.headers.get("Host", "") in (f"{HOST}:{port}", f"localhost:{port}")

    def _json(self, value) -> None:
        body = json.dumps(jsonable(value), allow_nan=False, separators=(",", ":")).encode()
        self._send(200, body, "application/json")

    def _error(self, status: int, message: str) -> None:
        self._send(status, json.dumps({"error": message}).encode(), "application/json")

    def _send(self, status: int, body: bytes, content_type: str, *, cache: str = "no-store"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", self.server.csp)
        self.end_headers()
        self.wfile.write(body)


def _content_type(name: str) -> str:
    return CONTENT_TYPES.get(Path(name).suffix.lower(), "application/octet-stream")
