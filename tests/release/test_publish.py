"""publish(): dry run without network, clear refusals, an unreachable Hub, the calls made."""

from __future__ import annotations

import socket

import httpx2
import pytest
from huggingface_hub import constants
from huggingface_hub.errors import RevisionNotFoundError

import release.publish as publish_module
from release.publish import PublishError, check_repo_id, publish, upload_listing
from release.writer import release_checksums
from schemas.release import FORMAT_VERSION

SECRET = "hf_test_secret_token_never_printed"


def closed_port() -> int:
    """A local TCP port with nothing listening on it."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def online(monkeypatch, tmp_path):
    """huggingface_hub allowed on the network, with a token and no login cache."""
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    monkeypatch.setattr(constants, "HF_TOKEN_PATH", str(tmp_path / "token"))
    monkeypatch.setenv("HF_TOKEN", SECRET)


def test_dry_run_lists_every_file_with_its_size(built):
    result = publish(built.release_dir, "org/arena", dry_run=True)
    sums = release_checksums(built.release_dir)
    assert [p for p, _ in result.files] == sorted(sums)
    sizes = dict(result.files)
    assert sizes["README.md"] == (built.release_dir / "README.md").stat().st_size
    assert result.total_bytes == sum(sizes.values()) and result.commit_url is None


def test_refuses_bad_inputs(built, tmp_path):
    with pytest.raises(ValueError, match="ORG/NAME"):
        publish(built.release_dir, "no-slash", dry_run=True)
    with pytest.raises(ValueError):
        check_repo_id("a/../b")
    with pytest.raises(PublishError, match="not a release folder"):
        upload_listing(tmp_path)


def test_offline_mode_is_a_clear_error(built, monkeypatch):
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    with pytest.raises(PublishError, match="HF_HUB_OFFLINE"):
        publish(built.release_dir, "org/arena")


def test_missing_token_is_a_clear_error(built, online, monkeypatch):
    monkeypatch.delenv("HF_TOKEN")
    monkeypatch.delenv("HUGGING_FACE_HUB_TOKEN", raising=False)
    with pytest.raises(PublishError, match="no Hugging Face token"):
        publish(built.release_dir, "org/arena")


def test_unreachable_endpoint_leaves_the_release_untouched(release_copy, online):
    before = release_checksums(release_copy)
    endpoint = f"http://127.0.0.1:{closed_port()}"
    with pytest.raises(PublishError) as info:
        publish(release_copy, "org/arena", endpoint=endpoint)
    message = str(info.value)
    assert endpoint in message and "run the same command again" in message
    assert SECRET not in message
    assert release_checksums(release_copy) == before


class FakeApi:
    """Records the calls publish() makes; fails the first upload when asked to."""

    def __init__(self, fail_uploads: int = 0):
        self.calls: list[tuple[str, dict]] = []
        self.fail_uploads = fail_uploads
        self.commits = 0
        self.tags: dict[str, str] = {}
        self.endpoint = "https://hub.example"
        self.token = SECRET

    def create_repo(self, repo_id, **kw):
        self.calls.append(("create_repo", {"repo_id": repo_id, **kw}))

    def create_branch(self, repo_id, **kw):
        self.calls.append(("create_branch", {"repo_id": repo_id, **kw}))

    def upload_folder(self, **kw):
        self.calls.append(("upload_folder", kw))
        if self.fail_uploads:
            self.fail_uploads -= 1
            raise ConnectionError(f"connection reset while sending (token {SECRET})")
        self.commits += 1
        return type("Info", (), {"commit_url": f"https://hub.example/commit/{self.commits}",
                                 "oid": f"{self.commits:040x}"})()

    def delete_tag(self, repo_id, *, tag, **kw):
        self.calls.append(("delete_tag", {"repo_id": repo_id, "tag": tag, **kw}))
        if tag not in self.tags:
            request = httpx2.Request("DELETE", f"{self.endpoint}/api/datasets/{repo_id}/tag/{tag}")
            raise RevisionNotFoundError("no such tag", response=httpx2.Response(404, request=request))
        del self.tags[tag]

    def create_tag(self, repo_id, *, tag, revision, **kw):
        self.calls.append(("create_tag", {"repo_id": repo_id, "tag": tag, "revision": revision,
                                          **kw}))
        self.tags[tag] = revision


def test_calls_upload_folder_for_a_dataset_and_resumes_by_running_again(release_copy,
                                                                        monkeypatch):
    fake = FakeApi(fail_uploads=1)
    monkeypatch.setattr(publish_module, "_api", lambda token, endpoint: fake)
    with pytest.raises(PublishError) as info:
        publish(release_copy, "org/arena", revision="v1", private=True)
    assert SECRET not in str(info.value) and "***" in str(info.value)
    result = publish(release_copy, "org/arena", revision="v1", private=True)
    assert result.commit_url == "https://hub.example/commit/1"
    names = [name for name, _ in fake.calls]
    assert names == ["create_repo", "create_branch", "upload_folder"] * 2 + [
        "delete_tag", "create_tag"]
    create, branch, upload = (kw for _, kw in fake.calls[3:6])
    assert create == {"repo_id": "org/arena", "repo_type": "dataset", "private": True,
                      "exist_ok": True}
    assert branch["branch"] == "v1" and branch["repo_type"] == "dataset"
    assert upload["repo_type"] == "dataset" and upload["revision"] == "v1"
    assert upload["folder_path"] == str(release_copy)


def test_the_commit_is_tagged_with_the_release_format_and_the_tag_moves(release_copy,
                                                                       monkeypatch):
    fake = FakeApi()
    monkeypatch.setattr(publish_module, "_api", lambda token, endpoint: fake)
    first = publish(release_copy, "org/arena")
    assert first.tag == FORMAT_VERSION and fake.tags == {FORMAT_VERSION: f"{1:040x}"}
    tag_call = fake.calls[-1][1]
    assert tag_call["repo_type"] == "dataset" and tag_call["revision"] == f"{1:040x}"
    publish(release_copy, "org/arena")  # a newer upload of the same format: the tag moves
    assert fake.tags == {FORMAT_VERSION: f"{2:040x}"}
    assert publish(release_copy, "org/arena", dry_run=True).tag == FORMAT_VERSION


def test_a_release_without_a_format_version_is_refused_before_any_upload(release_copy,
                                                                         monkeypatch):
    info = release_copy / "release_info.json"
    info.write_text(info.read_text().replace('"format_version"', '"old_format_version"'))
    fake = FakeApi()
    monkeypatch.setattr(publish_module, "_api", lambda token, endpoint: fake)
    with pytest.raises(PublishError, match="no release format version"):
        publish(release_copy, "org/arena")
    assert fake.calls == []
