"""Resolve package locations: folders installed by Python distributions, used where they are.

A :class:`~schemas.packages.PackageLocation` is found with :mod:`importlib.metadata` only
(``distribution(name)``, ``dist.files``, ``dist.locate_file``, ``dist.version``, the
metadata's license fields): the packages are never imported (importing ``metaworld`` needs
dependencies this project does not install), and nothing is copied -- the source root is the
installed folder.

:func:`package_root` is what :func:`flows.fetch.location_root` calls for a package
location. Each failure is a :class:`~flows.fetch_error.FetchError` that the build turns into a
skipped source, whose message ends with the line that fixes it:

* ``fetch.missing``: a distribution is not installed (the message *is* the pip line), its
  files under ``path`` are missing on disk or it has no ``RECORD`` listing them (a
  ``--force-reinstall`` line), it installs
  nothing under ``path`` (edit the manifest), or the distributions install ``path`` into
  different folders;
* ``fetch.version``: an installed version differs from the manifest's ``version`` (installed
  vs pinned, and the pip line).

:func:`with_installed` fills a manifest's ``location.installed`` (version and declared
license per distribution) when the build loads its config.
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from flows.fetch_error import FetchError
from schemas.packages import InstalledDistribution, PackageLocation, spdx_license
from schemas.sources import SourceManifest


def package_root(manifest: SourceManifest, where: str) -> Path:
    """The installed folder of ``manifest``'s package location, after checking that every
    distribution is installed at the pinned version and installs files under ``path``.

    Raises:
        FetchError: ``fetch.missing`` or ``fetch.version`` (see the module docstring).
    """
    location: PackageLocation = manifest.location
    pinned = manifest.version
    line = location.pip_line(pinned)
    roots = set()
    for name in location.package:
        dist = _distribution(name)
        if dist is None:
            raise FetchError("fetch.missing", line)
        if dist.version != pinned:
            raise FetchError("fetch.version", f"{where}: {name} {dist.version} is installed, "
                             f"the manifest pins {pinned}: {line}")
        roots.add(_installed_folder(dist, name, location.path, where, line))
    if len(roots) > 1:
        raise FetchError("fetch.missing", f"{where}: the distributions install "
                         f"{location.path!r} into different folders "
                         f"({', '.join(sorted(map(str, roots)))}): {line}")
    return roots.pop()


def installed(name: str) -> InstalledDistribution | None:
    """The version and declared license of the installed distribution ``name`` (None: absent)."""
    dist = _distribution(name)
    if dist is None:
        return None
    meta = dist.metadata
    return InstalledDistribution(version=dist.version, license=spdx_license(
        expression=meta.get("License-Expression"), license_field=meta.get("License"),
        classifiers=meta.get_all("Classifier") or []))


def with_installed(manifest: SourceManifest) -> SourceManifest:
    """``manifest`` with ``location.installed`` filled (unchanged unless a package location)."""
    if manifest.location_kind != "package":
        return manifest
    found = {name: installed(name) for name in manifest.location.package}
    location = manifest.location.model_copy(update={"installed": found})
    return manifest.model_copy(update={"location": location})


def _distribution(name: str) -> metadata.Distribution | None:
    try:
        return metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return None


def _installed_folder(dist: metadata.Distribution, name: str, path: str, where: str,
                      line: str) -> Path:
    """``dist``'s folder ``path`` on disk, checked against the files its RECORD lists."""
    files = dist.files
    if files is None:
        raise FetchError("fetch.missing", f"{where}: {name} {dist.version} lists no files (no "
                         f"RECORD), so {path!r} cannot be checked: pip install "
                         f"--force-reinstall --no-deps {name}=={dist.version}")
    prefix = path + "/"
    mine = [f for f in files if f.as_posix().startswith(prefix)]
    if not mine:
        raise FetchError("fetch.missing", f"{where}: {name} {dist.version} installs nothing "
                         f"under {path!r}; edit the manifest's location 'path'")
    absent = [f for f in mine if not Path(dist.locate_file(f)).is_file()]
    if absent:
        again = f"pip install --force-reinstall --no-deps {name}=={dist.version}"
        raise FetchError("fetch.missing", f"{where}: {len(absent)} of the {len(mine)} files "
                         f"{name} installs under {path!r} are missing (first: "
                         f"{absent[0].as_posix()}): {again}")
    return Path(dist.locate_file(path))
