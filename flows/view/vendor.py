"""Re-vendor the viewer's JavaScript libraries at their pinned versions (run by hand).

The viewer page needs three.js (MIT) and urdf-loader (Apache-2.0). They are copied, at
the versions of :data:`PACKAGES`, from the npm registry's tarballs into
``flows/view/static/vendor/`` and committed, so the installed package serves them and the
viewer needs no network at run time. Only the files the page imports are kept (the modules
of :data:`PACKAGES` and every module they import by a relative path), each package with
its license text; ``vendor/VENDORED.json`` records the versions, the tarballs' integrity
strings and each file's sha256 (a test checks the committed files against it).

Run it from the repository root after changing a pin (needs ``npm``)::

    python -m flows.view.vendor

urdf-loader's tarball has no LICENSE file: its README's license section (the copyright
notice) is written followed by the Apache-2.0 text of Debian's ``base-files``
(``/usr/share/common-licenses/Apache-2.0``).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path, PurePosixPath

VENDOR = Path(__file__).resolve().parent / "static" / "vendor"
APACHE_TEXT = Path("/usr/share/common-licenses/Apache-2.0")

#: npm package -> version, license, the modules the page imports (paths in the tarball).
PACKAGES = {
    "three": {"version": "0.185.1", "license": "MIT", "modules": [
        "build/three.module.min.js",
        "examples/jsm/controls/OrbitControls.js",
        "examples/jsm/loaders/STLLoader.js",
        "examples/jsm/loaders/OBJLoader.js",
        "examples/jsm/loaders/ColladaLoader.js",  # urdf-loader imports it (unused here)
    ]},
    "urdf-loader": {"version": "0.13.1", "license": "Apache-2.0", "modules": [
        "src/URDFLoader.js",
    ]},
}

_RELATIVE_IMPORT = re.compile(r"""(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}/[^'"]+)['"]"""
                              r"""|import\s*['"](\.{1,2}/[^'"]+)['"]""")


def relative_imports(source: str) -> list[str]:
    """The relative module specifiers ``source`` imports or re-exports, in order.

    >>> relative_imports("import {A} from './a.js';\\nimport * as T from 'three';"
    ...                  "export * from '../b/c.js'; import './d.js';")
    ['./a.js', '../b/c.js', './d.js']
    """
    return [a or b for a, b in _RELATIVE_IMPORT.findall(source)]


def closure(root: Path, modules: list[str]) -> list[str]:
    """``modules`` and every module they import by a relative path (paths under ``root``)."""
    seen: list[str] = []
    todo = list(modules)
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.append(rel)
        text = (root / rel).read_text(encoding="utf-8")
        for spec in relative_imports(text):
            target = PurePosixPath(rel).parent / spec
            todo.append(_normalized(target))
    return sorted(seen)


def _normalized(path: PurePosixPath) -> str:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if not parts:
                raise ValueError(f"import {path} leaves the package")
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def _pack(name: str, version: str, dest: Path) -> tuple[Path, str]:
    """Download ``name@version`` with ``npm pack``; return its unpacked folder and integrity."""
    out = subprocess.run(["npm", "pack", f"{name}@{version}", "--json", "--pack-destination",
                          str(dest)], check=True, capture_output=True, text=True).stdout
    info = json.loads(out)[0]
    folder = dest / f"{name}-unpacked"
    with tarfile.open(dest / info["filename"]) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package", info["integrity"]


def _license_text(name: str, package: Path) -> str:
    for candidate in ("LICENSE", "LICENSE.md", "LICENSE.txt"):
        if (package / candidate).is_file():
            return (package / candidate).read_text(encoding="utf-8")
    readme = (package / "README.md").read_text(encoding="utf-8")
    section = readme.split("# LICENSE", 1)[1].strip() if "# LICENSE" in readme else ""
    if not section or not APACHE_TEXT.is_file():
        raise SystemExit(f"{name}: no LICENSE file, and no license section in its README or "
                         f"no {APACHE_TEXT} to complete it")
    return (f"{name}: license notice from its README.md\n\n{section}\n\n"
            f"{'-' * 72}\n{APACHE_TEXT.read_text(encoding='utf-8')}")


def vendor(dest: Path = VENDOR) -> dict:
    """Replace ``dest`` with the pinned packages' modules and licenses; return the manifest."""
    manifest: dict = {"packages": {}}
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp) / "vendor"
        for name, pin in PACKAGES.items():
            package, integrity = _pack(name, pin["version"], Path(tmp))
            files = {}
            for rel in closure(package, pin["modules"]):
                target = staged / name / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(package / rel, target)
                files[rel] = hashlib.sha256(target.read_bytes()).hexdigest()
            (staged / name / "LICENSE").write_text(_license_text(name, package), encoding="utf-8")
            files["LICENSE"] = hashlib.sha256((staged / name / "LICENSE").read_bytes()).hexdigest()
            manifest["packages"][name] = {"version": pin["version"], "license": pin["license"],
                                          "integrity": integrity, "files": files}
        (staged / "VENDORED.json").write_text(json.dumps(manifest, indent=2, sort_keys=True)
                                              + "\n", encoding="utf-8")
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(staged, dest)
    return manifest


def main() -> int:
    manifest = vendor()
    for name, entry in manifest["packages"].items():
        print(f"{name} {entry['version']} ({entry['license']}): {len(entry['files'])} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
