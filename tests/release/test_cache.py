"""release.cache: a build is reused only for the same inputs, while its release is in place."""

from __future__ import annotations

import shutil

from release.cache import MARKER, inputs_key, previous_build, remember
from schemas.build import BuildConfig
from schemas.release import BuildReport, ReleaseCheck


def _key(*keys: str) -> str:
    return inputs_key(["k1", "k2", *keys], BuildConfig(sources=["x.yaml"]), [])


def test_the_key_follows_every_input(tmp_path):
    taxonomy = tmp_path / "taxonomy.yaml"
    taxonomy.write_text("a: 1\n")
    config = BuildConfig(sources=["x.yaml"])
    base = inputs_key(["k1"], config, [], files=[taxonomy])
    assert base == inputs_key(["k1"], config, [], files=[taxonomy])
    assert base != inputs_key(["k2"], config, [], files=[taxonomy])
    assert base != inputs_key(["k1"], config.model_copy(update={"seed": 1}), [],
                              files=[taxonomy])
    taxonomy.write_text("a: 2\n")
    assert base != inputs_key(["k1"], config, [], files=[taxonomy])


def test_a_remembered_build_comes_back_only_for_its_key_and_its_release(built, tmp_path):
    release = tmp_path / "out" / "release"
    shutil.copytree(built.release_dir, release)
    report = BuildReport(objects_in=3, accepted=3, released=3)
    check = ReleaseCheck(release=str(release), counts={"full": 3})
    remember(release, _key(), report, check)
    assert previous_build(release, _key()) == (report, check)
    assert previous_build(release, _key("k3")) is None
    (release / "SHA256SUMS").unlink()  # the release is no longer complete: rebuild
    assert previous_build(release, _key()) is None


def test_an_unreadable_marker_means_rebuild(built, tmp_path):
    release = tmp_path / "out" / "release"
    shutil.copytree(built.release_dir, release)
    key = _key()
    for text in ("{not json", "[]", '{"key": "x"}',
                 f'{{"key": "{key}", "report": {{}}, "check": {{"release": ["a", "b"]}}}}',
                 f'{{"key": "{key}", "check": {{"release": "x"}}}}'):
        (release.parent / MARKER).write_text(text)
        assert previous_build(release, key) is None, text
