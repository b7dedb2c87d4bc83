"""Mass-property checks on links with an <inertial>."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from arena_core.formats.urdf.read import read_urdf
from arena_core.model.articulated import MassProperties
from arena_core.verify import Context
from arena_core.verify.mass import check_mass, hull_distance, inertial_issues

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "urdf"


def mass_issues(name: str, *, canonical: bool = False) -> list[tuple[str, str, str]]:
    obj = read_urdf(FIXTURES / f"{name}.urdf").obj
    issues = check_mass(obj, Context(obj, {"canonical": canonical}))
    return [(i.code, i.severity, i.location) for i in issues if i.code != "mass.missing"]


@pytest.mark.parametrize("name, code", [
    ("mass_zero", "mass.nonpositive"),
    ("inertia_triangle", "mass.inertia.triangle"),
    ("inertia_not_pd", "mass.inertia.not_positive_definite"),
    ("inertia_nan", "mass.inertia.nonfinite"),
])
def test_unphysical_inertials_are_errors_on_canonical_objects(name, code):
    assert mass_issues(name, canonical=True) == [(code, "error", "link:door")]
    # a source object's inertial is replaced by normalization: reported, not fatal
    assert mass_issues(name) == [(code, "warning", "link:door")]


def test_com_outside_the_hull_is_a_warning_with_the_distance():
    obj = read_urdf(FIXTURES / "com_outside.urdf").obj
    (found,) = [i for i in check_mass(obj) if i.code == "mass.com.outside"]
    assert (found.severity, found.location) == ("warning", "link:door")
    # COM x = 2.25, door box ends at x = 0.5
    np.testing.assert_allclose(found.data["distance"], 1.75, atol=1e-6)
    np.testing.assert_allclose(found.data["com"][0], 2.25)


def test_good_door_inertials_pass():
    assert mass_issues("good_door", canonical=True) == []


def test_missing_inertial_is_info_for_sources_and_error_for_canonical_objects():
    obj = read_urdf(FIXTURES / "non_unit_axis.urdf").obj  # boxes, no <inertial>
    assert {(i.code, i.severity) for i in check_mass(obj)} == {("mass.missing", "info")}
    canonical = check_mass(obj, Context(obj, {"canonical": True}))
    assert {(i.code, i.severity) for i in canonical} == {("mass.missing", "error")}
    assert len(canonical) == 2


def test_asymmetric_inertia_in_memory():
    props = MassProperties(1.0, np.zeros(3), np.array([[1.0, 0.3, 0], [0, 1, 0], [0, 0, 1]]))
    assert [i.code for i in inertial_issues(props, "link:x")] == ["mass.inertia.asymmetric"]


@pytest.mark.parametrize("moments, ok", [
    ((1.0, 1.0, 2.0), True),            # a flat disc: equality is physical
    ((1.0, 1.0, 2.0 + 1e-3), False),
    ((1.0, 2.0, 2.5), True),
])
def test_triangle_inequality_boundary(moments, ok):
    props = MassProperties(1.0, np.zeros(3), np.diag(moments))
    rot = np.linalg.qr(np.random.default_rng(0).normal(size=(3, 3)))[0]
    rotated = replace(props, inertia=rot @ props.inertia @ rot.T)
    for p in (props, rotated):
        assert (inertial_issues(p, "l") == []) is ok


def test_hull_distance_is_the_facet_distance():
    cube = np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)], float)
    np.testing.assert_allclose(hull_distance(np.array([0.5, 0.5, 0.5]), cube), 0.0)
    np.testing.assert_allclose(hull_distance(np.array([3.0, 0.5, 0.5]), cube), 2.0)
    flat = cube[cube[:, 2] == 0]  # a square: bounding-box distance
    np.testing.assert_allclose(hull_distance(np.array([0.5, 0.5, 0.25]), flat), 0.25)
