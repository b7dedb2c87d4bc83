"""release.cache: a release is reused only for the same inputs, while it is in place."""

from __future__ import annotations

import shutil

from release.cache import MARKER, inputs_key, passing_check, remember
from schemas.build import BuildConfig
from schemas.release import BuildReport, ReleaseCheck


def _key(**report) -> str:
    return inputs_key(["k1", "k2"], BuildConfig(sources=["x.yaml"]), [],
                      BuildReport(**report))


def test_the_key_follows_every_input(tmp_path):
    taxonomy = tmp_path / "taxonomy.yaml"
    taxonomy.write_text("a: 1\n")
    config = BuildConfig(sources=["x.yaml"])
    base = inputs_key(["k1"], config, [], BuildReport(), files=[taxonomy])
    assert base == inputs_key(["k1"], config, [], BuildReport(), files=[taxonomy])
    assert base != inputs_key(["k2"], config, [], BuildReport(), files=[taxonomy])
    assert base != inputs_key(["k1"], config.model_copy(update={"seed": 1}), [], BuildReport(),
                              files=[taxonomy])
    assert base != inputs_key(["k1"], config, [], BuildReport(rejected=1), files=[taxonomy])
    taxonomy.write_text("a: 2\n")
    assert base != inputs_key(["k1"], config, [], BuildReport(), files=[taxonomy])


def test_a_remembered_check_comes_back_only_for_its_key_and_its_release(built, tmp_path):
    release = tmp_path / "out" / "release"
    shutil.copytree(built.release_dir, release)
    check = ReleaseCheck(release=str(release), counts={"full": 3})
    remember(release, _key(), check)
    assert passing_check(release, _key()) == check
    assert passing_check(release, _key(rejected=1)) is None
    (release / "SHA256SUMS").unlink()  # the release is no longer complete: rebuild
    assert passing_check(release, _key()) is None


def test_an_unreadable_marker_means_rebuild(built, tmp_path):
    release = tmp_path / "out" / "release"
    shutil.copytree(built.release_dir, release)
    key = _key()
    for text in ("{not json", "[]", '{"key": "x"}',
                 f'{{"key": "{key}", "check": {{"release": ["not", "a", "path"]}}}}',
                 f'{{"key": "{key}"}}'):
        (release.parent / MARKER).write_text(text)
        assert passing_check(release, key) is None, text
