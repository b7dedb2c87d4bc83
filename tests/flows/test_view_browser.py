"""``arena view`` in a real browser: headless Chromium (Debian's) driven by Playwright.

The page loads a small release (list and thumbnails, not blank), a slider changes the
rendered pose where the part is, a helical joint screws its part (rotation and
``pitch * angle`` along the axis, every link where arena_core's forward kinematics puts
it), a mimic joint follows its leader, a continuous joint's slider wraps, the collision
geometry is drawn over or instead of the visuals on demand, and the page asks nothing of
any other address.

Without Chromium or Playwright the tests skip with the reason, unless
``ARENA_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import io
import math
import os
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose

from arena_core.formats.urdf.read import read_urdf
from arena_core.model.kinematics import link_poses
from release.reader import find_row, materialize

CHROMIUM = Path(os.environ.get("ARENA_CHROMIUM", "/usr/bin/chromium"))
#: Flags that run Debian's Chromium headless here: no sandbox (root), nothing phoned
#: home, WebGL by SwiftShader (software).
CHROMIUM_ARGS = ["--no-sandbox", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-quic",
                 "--use-angle=swiftshader", "--enable-unsafe-swiftshader"]
#: Link poses read from three.js against arena_core's kinematics (m; both float64).
POSE_TOL = 1e-9
#: A pixel differs when one channel changes by more than this (0-255).
PIXEL_DELTA = 24

pytestmark = pytest.mark.slow


def _playwright():
    missing = []
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
        missing.append("the playwright package (pip install playwright)")
    if not CHROMIUM.is_file():
        missing.append(f"{CHROMIUM} (apt-get install chromium)")
    if missing:
        reason = "the browser test needs " + " and ".join(missing)
        if os.environ.get("ARENA_REQUIRE_BROWSER") == "1":
            pytest.fail(reason + "; ARENA_REQUIRE_BROWSER=1 makes it required")
        pytest.skip(reason)
    return sync_playwright


@pytest.fixture(scope="module")
def browser():
    sync_playwright = _playwright()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def page(browser, server):
    """One page for the module; every request it makes is recorded in ``page.requests``."""
    context = browser.new_context(viewport={"width": 1200, "height": 760})
    pg = context.new_page()
    pg.requests = []
    pg.errors = []
    pg.on("request", lambda r: pg.requests.append(r.url))
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.set_default_timeout(30_000)
    yield pg
    context.close()


def _open(page, url: str, kind: str) -> None:
    page.goto(url)
    page.wait_for_function("kind => window.arenaView && window.arenaView.ready && "
                           "window.arenaView.page === kind", arg=kind)
    assert not page.errors, page.errors


def _canvas(page) -> np.ndarray:
    from PIL import Image

    png = page.locator("#stage canvas").screenshot()
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).astype(int)


def _changed(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.abs(a - b).max(axis=2) > PIXEL_DELTA


def _inside(mask: np.ndarray, boxes: list[dict], margin: int = 4) -> float:
    """The fraction of the set pixels of ``mask`` inside the union of screen ``boxes``."""
    inside = np.zeros_like(mask)
    for box in boxes:
        top, left = max(int(box["top"]) - margin, 0), max(int(box["left"]) - margin, 0)
        inside[top: int(math.ceil(box["bottom"])) + margin,
               left: int(math.ceil(box["right"])) + margin] = True
    return float((mask & inside).sum() / max(mask.sum(), 1))


def _set_slider(page, joint: str, value: float) -> float:
    """Move the slider of ``joint`` to ``value``; return the value it took (its step)."""
    before = page.evaluate("() => window.arenaView.renderCount()")
    slider = page.locator(f'input[data-joint="{joint}"]')
    slider.fill(repr(value))
    page.wait_for_function("n => window.arenaView.renderCount() > n", arg=before)
    return float(slider.input_value())


def _poses(page) -> dict[str, np.ndarray]:
    """Link poses of the page (three.js's column-major elements -> row-major 4x4)."""
    raw = page.evaluate("() => window.arenaView.linkPoses()")
    return {name: np.asarray(m, float).reshape(4, 4).T for name, m in raw.items()}


def _reference(view_release, object_id: str, tmp_path: Path):
    """The canonical object as arena_core reads it (helical joints collapsed)."""
    urdf = materialize(view_release.root, object_id, tmp_path / object_id)
    return read_urdf(urdf).obj


def _assert_poses(page, obj, q: dict[str, float]) -> None:
    shown, expected = _poses(page), link_poses(obj, q)
    for name, pose in expected.items():
        assert_allclose(shown[name], pose, atol=POSE_TOL, err_msg=f"link {name}")


def test_list_page_loads_with_thumbnails_and_is_not_blank(page, server, view_release):
    _open(page, server.url, "list")
    cards = page.locator(".card")
    assert cards.count() == 3
    page.wait_for_function("() => [...document.images].every(i => i.complete && "
                           "i.naturalWidth > 0)")
    from PIL import Image

    shot = np.asarray(Image.open(io.BytesIO(page.screenshot())).convert("RGB")).astype(int)
    assert shot.std() > 10, "the list page is blank"
    assert len(np.unique(shot.reshape(-1, 3), axis=0)) > 100
    page.locator('select[name="eval200"]').select_option("yes")
    page.wait_for_function("() => document.querySelectorAll('.card').length === 1")
    assert page.locator(".card").get_attribute("data-object") == view_release.revolute


def test_moving_a_slider_changes_the_pose_where_the_part_is(page, server, view_release,
                                                            tmp_path):
    oid = view_release.revolute
    _open(page, server.object_url(oid), "object")
    slider = page.evaluate("() => window.arenaView.data.sliders[0]")
    moved = page.evaluate(f"() => window.arenaView.subtree({slider['child']!r})")
    rest, box_rest = _canvas(page), page.evaluate("l => window.arenaView.screenBox(l)", moved)
    assert rest.std() > 5, "the 3D view is blank"
    _set_slider(page, slider["name"], slider["max"])
    opened, box_open = _canvas(page), page.evaluate("l => window.arenaView.screenBox(l)", moved)
    changed = _changed(rest, opened)
    assert changed.sum() > 500, "moving the slider did not change the picture"
    assert _inside(changed, [box_rest, box_open]) > 0.95, "pixels changed away from the part"
    _assert_poses(page, _reference(view_release, oid, tmp_path), {slider["name"]: slider["max"]})


def test_a_helical_joint_screws_its_part_along_the_axis(page, server, view_release, tmp_path):
    oid = view_release.helical
    _open(page, server.object_url(oid), "object")
    row = find_row(view_release.root, oid)
    (joint,) = [j for j in row["joints"] if j["type"] == "helical"]
    sliders = page.evaluate("() => window.arenaView.data.sliders")
    assert [s["name"] for s in sliders] == [joint["name"]], "one slider per helical joint"
    child = joint["child"]
    rest_pose, rest = _poses(page)[child], _canvas(page)
    q = max(joint["lower"], joint["upper"], key=abs)  # the far end of its travel
    _set_slider(page, joint["name"], q)
    screwed = _poses(page)[child]
    axis = np.asarray(joint["axis"])
    assert_allclose(screwed[:3, 3] - rest_pose[:3, 3], joint["pitch"] * q * axis, atol=POSE_TOL)
    assert abs(joint["pitch"] * q) > 1e-3  # the translation is there to be seen
    cos = (np.trace(rest_pose[:3, :3].T @ screwed[:3, :3]) - 1) / 2
    assert_allclose(cos, math.cos(q), atol=1e-9)
    _assert_poses(page, _reference(view_release, oid, tmp_path), {joint["name"]: q})
    box = page.evaluate("l => window.arenaView.screenBox(l)",
                        page.evaluate(f"() => window.arenaView.subtree({child!r})"))
    changed = _changed(rest, _canvas(page))
    assert changed.sum() > 50 and _inside(changed, [box]) > 0.95
    if os.environ.get("ARENA_VIEW_SCREENSHOT"):  # the README's picture (docs/viewer.md)
        _save_screenshot(page, Path(os.environ["ARENA_VIEW_SCREENSHOT"]))


def _save_screenshot(page, path: Path) -> None:
    """The page with the joint axes shown, as a 256-colour PNG (small enough to commit)."""
    from PIL import Image

    page.locator("#show-axes").check()
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    page.locator("#show-axes").uncheck()


def test_a_mimic_joint_follows_and_a_continuous_slider_wraps(page, server, view_release,
                                                            tmp_path):
    oid = view_release.mimic
    _open(page, server.object_url(oid), "object")
    sliders = {s["name"]: s for s in page.evaluate("() => window.arenaView.data.sliders")}
    assert sorted(sliders) == ["dial_turn", "left_slide"]
    assert [f["name"] for f in sliders["left_slide"]["followers"]] == ["right_slide"]
    q = _set_slider(page, "left_slide", 0.05)
    assert abs(q - 0.05) < 1e-4
    obj = _reference(view_release, oid, tmp_path)
    _assert_poses(page, obj, {"left_slide": q})
    dial = page.locator('input[data-joint="dial_turn"]')
    _set_slider(page, "dial_turn", sliders["dial_turn"]["max"])
    dial.focus()
    page.keyboard.press("ArrowRight")
    value = float(dial.input_value())
    assert value < sliders["dial_turn"]["min"] + 0.01, "the continuous slider did not wrap"
    _assert_poses(page, obj, {"left_slide": q, "dial_turn": value})


def test_joint_axes_are_drawn_on_demand(page, server, view_release):
    _open(page, server.object_url(view_release.mimic), "object")
    before = _canvas(page)
    page.locator("#show-axes").check()
    assert _changed(before, _canvas(page)).sum() > 100
    page.locator("#show-axes").uncheck()
    changed = _changed(before, _canvas(page))
    canvas, bar = (page.locator(s).bounding_box() for s in ("#stage canvas", ".toolbar"))
    top, left = int(bar["y"] - canvas["y"]), int(bar["x"] - canvas["x"])
    changed[: top + int(bar["height"]) + 2, : left + int(bar["width"]) + 2] = False
    assert changed.sum() == 0  # only the checkbox, over the canvas, looks different


def _outside_toolbar(page, changed: np.ndarray) -> np.ndarray:
    """``changed`` without the toolbar drawn over the canvas (its widgets change too)."""
    canvas, bar = (page.locator(s).bounding_box() for s in ("#stage canvas", ".toolbar"))
    top, left = int(bar["y"] - canvas["y"]), int(bar["x"] - canvas["x"])
    out = changed.copy()
    out[: top + int(bar["height"]) + 2, : left + int(bar["width"]) + 2] = False
    return out


def test_collision_geometry_is_drawn_over_or_instead_of_the_visuals(page, server, view_release):
    oid = view_release.revolute
    _open(page, server.object_url(oid), "object")
    collisions = find_row(view_release.root, oid)["urdf"].count("<collision")
    assert collisions > 0

    def drawn(mode: str) -> tuple[dict, np.ndarray]:
        page.locator("#geometry").select_option(mode)
        return page.evaluate("() => window.arenaView.drawnMeshes()"), _canvas(page)

    (visual, plain) = (page.evaluate("() => window.arenaView.drawnMeshes()"), _canvas(page))
    assert visual["visual"] > 0 and visual["collision"] == 0  # hidden by default
    both, over = drawn("both")
    assert both["visual"] == visual["visual"] and both["collision"] >= collisions
    assert _outside_toolbar(page, _changed(plain, over)).sum() > 500
    alone, instead = drawn("collision")
    assert alone == {"visual": 0, "collision": both["collision"]}
    assert _outside_toolbar(page, _changed(over, instead)).sum() > 500
    back, again = drawn("visual")
    assert back == visual
    assert _outside_toolbar(page, _changed(plain, again)).sum() == 0


def test_the_page_asks_nothing_of_another_address(page, server):
    assert page.requests
    outside = [u for u in page.requests if not (u.startswith(server.url) or u.startswith("data:"))]
    assert not outside, outside
