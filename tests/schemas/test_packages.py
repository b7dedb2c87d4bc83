"""Package locations in source manifests: validation, the pip line, the declared license, and
the round trip through ``model_dump`` (what the release's input key hashes)."""

from __future__ import annotations

import pytest

from schemas.packages import InstalledDistribution, PackageLocation, spdx_license
from schemas.sources import ManifestError, SourceManifest, load_source_manifest

PKG = {"name": "lib", "adapter": "mjcf", "license": "MIT", "version": "3.1.1",
       "location": {"package": "metaworld", "path": "metaworld/assets", "no_deps": True}}


def _errors(data: dict) -> list[tuple[str, str]]:
    with pytest.raises(ManifestError) as info:
        load_source_manifest(data)
    return info.value.errors


def test_a_mapping_location_is_a_package_location():
    m = load_source_manifest(PKG)
    assert m.location_kind == "package" and m.local_path is None
    assert m.location == PackageLocation(package=["metaworld"], path="metaworld/assets",
                                         no_deps=True)
    assert m.location.pip_line(m.version) == "pip install --no-deps metaworld==3.1.1"


def test_the_pip_line_names_the_extra_or_every_distribution():
    split = PackageLocation(package=["a-1", "a-2"], path="a/objects")
    assert split.pip_line("0.1.0") == "pip install a-1==0.1.0 a-2==0.1.0"
    extra = split.model_copy(update={"extra": "libraries"})
    assert extra.pip_line("0.1.0") == 'pip install -e ".[libraries]"'


def test_installed_facts_survive_the_round_trip():
    m = load_source_manifest(PKG)
    installed = {"metaworld": InstalledDistribution(version="3.1.1", license="MIT")}
    m = m.model_copy(update={"location": m.location.model_copy(update={"installed": installed})})
    dumped = m.model_dump(mode="json")
    assert dumped["location"]["installed"] == {"metaworld": {"version": "3.1.1",
                                                             "license": "MIT"}}
    assert SourceManifest.model_validate(m.model_dump()) == m
    assert SourceManifest.model_validate(dumped) == m


@pytest.mark.parametrize("path", ["../site", "/abs/folder", "", ".", "a\\b", "a/../../b"])
def test_path_stays_inside_the_install_root(path):
    errors = _errors({**PKG, "location": {"package": "metaworld", "path": path}})
    assert errors[0][0] == "location.path" and "site-packages" in errors[0][1]


def test_trailing_slash_is_dropped():
    m = load_source_manifest({**PKG, "location": {"package": "x", "path": "x/assets/"}})
    assert m.location.path == "x/assets"


@pytest.mark.parametrize("location, field", [
    ({"package": "no good", "path": "x"}, "location.package"),
    ({"package": ["a", "a"], "path": "x"}, "location.package"),
    ({"package": [], "path": "x"}, "location.package"),
    ({"path": "x"}, "location.package"),
    ({"package": "a"}, "location.path"),
    ({"package": "a", "path": "x", "pip": "?"}, "location.pip"),
])
def test_bad_package_locations_name_the_field(location, field):
    assert _errors({**PKG, "location": location})[0][0] == field


def test_a_package_location_is_pinned_by_version_not_sha256():
    assert _errors({k: v for k, v in PKG.items() if k != "version"})[0][0] == "version"
    assert _errors({**PKG, "sha256": "0" * 64})[0][0] == "sha256"


def test_declared_license_prefers_the_expression_then_the_field_then_classifiers():
    assert spdx_license(expression="Apache-2.0", license_field="MIT License",
                        classifiers=[]) == "Apache-2.0"
    assert spdx_license(expression=None, license_field="zlib",
                        classifiers=["License :: OSI Approved :: MIT License"]) == "Zlib"
    assert spdx_license(expression=None, license_field="UNKNOWN",
                        classifiers=["License :: OSI Approved :: MIT License"]) == "MIT"
    assert spdx_license(expression=None, license_field="BSD-3-Clause",
                        classifiers=[]) == "BSD-3-Clause"
    assert spdx_license(expression=None, license_field="Copyright (c) ...\nPermission ...",
                        classifiers=[]) is None
    assert spdx_license(expression=None, license_field=None, classifiers=[]) is None
