"""Fetch source archives (resumable, retried, sha256-verified, cached) and unpack them.

:func:`fetch` turns a local path or an http(s) URL into a verified local file:

* downloads go to ``cache_dir/.partial/<key>.part`` and resume from its size with an HTTP
  ``Range`` request after an interruption (within the same call, by retrying, or in a
  later call); a server that ignores ``Range`` (answers 200) restarts the file;
* transient failures (connection errors, timeouts, truncated bodies, HTTP 408/429/5xx)
  are retried ``retries`` times with exponential backoff; other HTTP errors fail at once;
* the sha256 is checked BEFORE the file is used: a mismatch raises ``fetch.checksum`` and
  the ``.part`` is deleted, so nothing is kept;
* verified files live at ``cache_dir/<sha256>/<name>``: a fetch with a known sha256 that
  is already cached does no network access.

:func:`location_root` turns a :class:`~schemas.sources.SourceManifest` location into
a local folder: a folder is used as is, an archive (local or URL) is verified and safely
extracted into ``work_dir/<sha256>/`` once and reused afterwards, and a package location is
the folder its installed distributions hold (:mod:`flows.packages`: nothing is copied).

Only the standard library is used (``urllib``); no Prefect here.
"""

from __future__ import annotations

import http.client
import os
import re
import time
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import unquote, urlsplit
from urllib.request import Request, urlopen

from arena_core.formats.archive import ArchiveError, extract_archive
from arena_core.util.hashing import bytes_sha256, file_sha256, tree_sha256
from flows.fetch_error import FetchError
from flows.packages import package_root
from schemas.files import SHA256
from schemas.sources import SourceManifest

#: HTTP statuses worth retrying (the server may answer next time).
TRANSIENT_STATUS = frozenset({408, 425, 429, 500, 502, 503, 504})
#: Bytes read per chunk from the network.
CHUNK_BYTES = 1 << 20
#: Largest download accepted by default (bytes).
MAX_DOWNLOAD_BYTES = 64 << 30
#: Longest single backoff sleep (seconds).
MAX_BACKOFF = 30.0
USER_AGENT = "articulatearena-pipeline-fetch/1"


class _Transient(Exception):
    """One download attempt failed in a way a retry may fix."""


class _RangeRefused(Exception):
    """The server answered 416 to a resume request (the ``.part`` may already be whole)."""


def fetch(
    url_or_path: str | os.PathLike[str],
    *,
    sha256: str | None = None,
    cache_dir: str | os.PathLike[str],
    retries: int = 4,
    backoff: float = 0.5,
    timeout: float = 60.0,
    max_bytes: int = MAX_DOWNLOAD_BYTES,
) -> Path:
    """Return a local, verified copy of ``url_or_path`` (a path is returned as is).

    Args:
        url_or_path: an http(s) URL, a ``file://`` URL or a local path.
        sha256: expected hex digest; when given, the file is refused unless it matches.
        cache_dir: where downloads, partial files and the checksum cache live.
        retries: extra attempts after transient failures (total attempts ``retries + 1``).
        backoff: first sleep between attempts in seconds, doubled each time.
        timeout: socket timeout per request, seconds.
        max_bytes: largest download accepted.

    Raises:
        FetchError: ``fetch.missing``, ``fetch.checksum``, ``fetch.http``, ``fetch.network``,
            ``fetch.too_large`` or ``fetch.unsupported``.
    """
    text = os.fspath(url_or_path)
    expected = _check_sha256(sha256)
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme == "file":
        return _verified_local(Path(unquote(parts.path)), expected)
    if scheme not in ("http", "https"):
        if len(scheme) > 1:
            raise FetchError("fetch.unsupported", f"{text}: only http(s) URLs and local paths")
        return _verified_local(Path(text), expected)
    cache_dir = Path(cache_dir)
    if expected and (hit := _cached(cache_dir, expected)) is not None:
        return hit
    part = cache_dir / ".partial" / f"{expected or bytes_sha256(text.encode())}.part"
    part.parent.mkdir(parents=True, exist_ok=True)
    _download(text, part, retries=retries, backoff=backoff, timeout=timeout, max_bytes=max_bytes)
    return _commit(part, text, cache_dir, expected)


def location_root(
    manifest: SourceManifest,
    *,
    cache_dir: str | os.PathLike[str],
    work_dir: str | os.PathLike[str],
    **fetch_options,
) -> Path:
    """Return the local folder holding ``manifest``'s library (joined with its ``subdir``).

    A folder is returned as is (checked against ``tree_sha256`` when the manifest pins a
    ``sha256``); so is the installed folder of a package location
    (:func:`flows.packages.package_root`: installed at the pinned version, and the
    distributions' own files). A local archive or URL is fetched and verified, then extracted into
    ``work_dir/<sha256>/`` by :func:`~arena_core.formats.archive.extract_archive`; when that folder
    already exists it is reused with no fetch (for a URL: no network access).
    ``fetch_options`` go to :func:`fetch` (``retries``, ``backoff``, ...).

    Raises:
        FetchError: no location (``generated``), missing path or distribution
            (``fetch.missing``), another installed version (``fetch.version``), bad checksum,
            download failure.
        ArchiveError: the archive is refused (traversal, links, limits, corrupt).
    """
    kind = manifest.location_kind
    where = f"source {manifest.name!r}" + (
        f" ({manifest.manifest_file})" if manifest.manifest_file else ""
    )
    if kind is None:
        raise FetchError(
            "fetch.no_location", f"{where}: adapter {manifest.adapter!r} has no location"
        )
    if kind == "folder":
        root = _checked_folder(manifest.local_path, manifest.sha256, where)
    elif kind == "package":
        root = package_root(manifest, where)
    else:
        root = _extracted(manifest, cache_dir, Path(work_dir), where, fetch_options)
    return _with_subdir(root, manifest.subdir, where)


def _extracted(
    manifest: SourceManifest, cache_dir, work_dir: Path, where: str, options: dict
) -> Path:
    """Return ``work_dir/<sha256>`` for an archive location, fetching and extracting it once."""
    path = manifest.local_path
    if manifest.sha256 and (work_dir / manifest.sha256).is_dir():
        return work_dir / manifest.sha256  # pinned and already extracted: no access at all
    if path is not None and not path.is_file():
        raise FetchError(
            "fetch.missing", f"{where}: archive {path} does not exist; edit 'location'"
        )
    if manifest.sha256 is None:  # a local archive without a pin: its digest names the folder
        key, local = file_sha256(path), path
    else:
        key = manifest.sha256
        local = fetch(manifest.location, sha256=key, cache_dir=cache_dir, **options)
    root = work_dir / key
    if not root.is_dir():
        _extract_once(local, root)
    return root


def _download(
    url: str, part: Path, *, retries: int, backoff: float, timeout: float, max_bytes: int
) -> None:
    """Fill ``part`` with the body of ``url``, resuming and retrying transient failures."""
    last = ""
    for attempt in range(retries + 1):
        if attempt:
            time.sleep(min(backoff * 2 ** (attempt - 1), MAX_BACKOFF))
        try:
            _attempt(url, part, timeout=timeout, max_bytes=max_bytes)
            return
        except _RangeRefused:
            part.unlink(missing_ok=True)
            last = "server refused to resume; restarting"
        except _Transient as exc:
            last = str(exc)
    raise FetchError(
        "fetch.network",
        f"{url}: gave up after {retries + 1} attempts ({last}); partial file kept for resume",
    )


def _attempt(url: str, part: Path, *, timeout: float, max_bytes: int) -> None:
    """One GET of ``url`` into ``part``: a ``Range`` request when ``part`` has bytes."""
    offset = part.stat().st_size if part.exists() else 0
    headers = {"User-Agent": USER_AGENT, "Accept-Encoding": "identity"}
    if offset:
        headers["Range"] = f"bytes={offset}-"
    try:
        with urlopen(Request(url, headers=headers), timeout=timeout) as resp:
            offset = _resume_offset(resp, offset, url)
            length = resp.headers.get("Content-Length")
            total = offset + int(length) if length and length.isdigit() else None
            if total is not None and total > max_bytes:
                raise FetchError("fetch.too_large", f"{url}: {total} bytes > limit {max_bytes}")
            written = _copy_body(resp, part, offset, max_bytes, url)
    except HTTPError as exc:
        if exc.code == 416 and offset:
            raise _RangeRefused() from None
        if exc.code in TRANSIENT_STATUS:
            raise _Transient(f"HTTP {exc.code}") from None
        raise FetchError("fetch.http", f"{url}: HTTP {exc.code} {exc.reason}") from None
    except (URLError, http.client.HTTPException, ConnectionError, TimeoutError) as exc:
        raise _Transient(f"{type(exc).__name__}: {exc}") from None
    if total is not None and written != total:
        raise _Transient(f"transfer cut at {written} of {total} bytes")


def _resume_offset(resp, offset: int, url: str) -> int:
    """Return where the body starts: ``offset`` for a matching 206, 0 for a 200."""
    if resp.status == 200:
        return 0
    if resp.status == 206 and offset:
        match = re.match(r"bytes (\d+)-", resp.headers.get("Content-Range", ""))
        if match and int(match.group(1)) == offset:
            return offset
        raise _RangeRefused()
    raise FetchError("fetch.http", f"{url}: unexpected HTTP {resp.status}")


def _copy_body(resp, part: Path, offset: int, max_bytes: int, url: str) -> int:
    """Append (or, at offset 0, write) the response body to ``part``; return its new size."""
    written = offset
    with part.open("ab" if offset else "wb") as out:
        while chunk := resp.read(CHUNK_BYTES):
            written += len(chunk)
            if written > max_bytes:
                out.close()
                part.unlink(missing_ok=True)
                raise FetchError("fetch.too_large", f"{url}: more than {max_bytes} bytes")
            out.write(chunk)
    return written


def _commit(part: Path, url: str, cache_dir: Path, expected: str | None) -> Path:
    """Verify ``part`` and move it to ``cache_dir/<sha256>/<name>``; delete it on mismatch."""
    digest = file_sha256(part)
    if expected and digest != expected:
        part.unlink(missing_ok=True)
        raise FetchError(
            "fetch.checksum", f"{url}: sha256 {digest} != expected {expected}; download deleted"
        )
    final = cache_dir / digest / _file_name(url)
    final.parent.mkdir(parents=True, exist_ok=True)
    os.replace(part, final)
    return final


def _cached(cache_dir: Path, sha256: str) -> Path | None:
    """Return the cached file with this digest (re-verified), or None."""
    folder = cache_dir / sha256
    files = sorted(p for p in folder.iterdir() if p.is_file()) if folder.is_dir() else []
    for path in files:
        if file_sha256(path) == sha256:
            return path
        path.unlink()
    return None


def _verified_local(path: Path, expected: str | None) -> Path:
    """Return a local file after checking it exists and matches ``expected``."""
    if not path.is_file():
        raise FetchError("fetch.missing", f"{path} does not exist or is not a file")
    if expected and (digest := file_sha256(path)) != expected:
        raise FetchError("fetch.checksum", f"{path}: sha256 {digest} != expected {expected}")
    return path


def _checked_folder(path: Path, expected: str | None, where: str) -> Path:
    """Return a folder location after checking it exists (and its tree digest if pinned)."""
    if not path.is_dir():
        raise FetchError(
            "fetch.missing",
            f"{where}: folder {path} does not exist; download the library and edit 'location'",
        )
    if expected and (digest := tree_sha256(path)) != expected:
        raise FetchError(
            "fetch.checksum", f"{where}: folder tree sha256 {digest} != expected {expected}"
        )
    return path


def _extract_once(archive: Path, root: Path) -> None:
    """Extract ``archive`` into ``root`` unless a concurrent run already did."""
    try:
        extract_archive(archive, root)
    except ArchiveError as exc:
        if exc.code != "archive.exists" or not root.is_dir():
            raise


def _with_subdir(root: Path, subdir: str | None, where: str) -> Path:
    """Return ``root/subdir`` (or ``root``), which must be an existing folder."""
    if subdir is None:
        return root
    folder = root / subdir
    if not folder.is_dir():
        raise FetchError("fetch.missing", f"{where}: subdir {subdir!r} not found in {root}")
    return folder


def _file_name(url: str) -> str:
    """A safe local file name from the URL path's last part (``download`` if none)."""
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
    name = re.sub(r"[^A-Za-z0-9._-]", "_", name).lstrip(".")
    return name or "download"


def _check_sha256(sha256: str | None) -> str | None:
    """Return ``sha256`` lower-cased, or raise ValueError when it is not 64 hex digits."""
    if sha256 is None:
        return None
    value = sha256.strip().lower()
    if not SHA256.match(value):
        raise ValueError(f"sha256 must be 64 hex digits, got {sha256!r}")
    return value
