"""The viewer's server and JSON API on a small release (no browser): the list and its
filters, an object's sliders, files straight from the zips, and what it refuses."""

from __future__ import annotations

import hashlib
import http.client
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from flows.view.server import HOST, STATIC, ViewServer
from flows.view.sources import ReleaseSource, ViewError
from release.reader import find_row
from tests.flows.view_release import serving


def get(server: ViewServer, path: str, *, host: str | None = None) -> tuple[int, bytes, dict]:
    """GET ``path`` exactly as written (no client-side normalization of ``..``)."""
    conn = http.client.HTTPConnection(HOST, server.server_address[1], timeout=30)
    try:
        conn.putrequest("GET", path, skip_host=host is not None)
        if host is not None:
            conn.putheader("Host", host)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        conn.close()


def get_json(server: ViewServer, path: str):
    status, body, _ = get(server, path)
    return status, json.loads(body)


def ids(server: ViewServer, query: str) -> list[str]:
    status, body = get_json(server, f"/api/objects?{query}")
    assert status == 200, body
    return [item["object_id"] for item in body["items"]]


def test_listens_on_loopback_only(server):
    assert server.server_address[0] == "127.0.0.1"
    assert server.url.startswith("http://127.0.0.1:")


def test_info_and_facets(server, view_release):
    status, info = get_json(server, "/api/info")
    assert status == 200 and info["kind"] == "release" and info["count"] == 3
    _, facets = get_json(server, "/api/facets")
    assert facets["source"] == {"generated": 2, "handwritten": 1}
    assert facets["joint_types"]["helical"] == 1
    assert facets["in_eval200"] == {"no": 2, "yes": 1}
    assert facets["codes"]["joint.mimic"] == 1


@pytest.mark.parametrize(("query", "expected"), [
    ("", "all"),
    ("joint_type=helical", "helical"),
    ("joint_type=prismatic&joint_type=continuous", "mimic"),
    ("eval200=yes", "revolute"),
    ("source=handwritten", "mimic"),
    ("supercategory=mechanisms", "mimic"),
    ("category=piano_stool&category=laptop", "helical revolute"),
    ("moving_min=2", "mimic"),
    ("moving_max=1", "helical revolute"),
    ("code=joint.mimic", "mimic"),
    ("status=accepted&engine=pybullet:ok", "all"),
    ("engine=any:failed", ""),
    ("engine=pybullet:failed", ""),
    ("q=GRIP", "mimic"),
])
def test_list_filters(server, view_release, query, expected):
    roles = {"helical": view_release.helical, "revolute": view_release.revolute,
             "mimic": view_release.mimic}
    want = sorted(roles.values()) if expected == "all" else sorted(
        roles[r] for r in expected.split())
    assert ids(server, query) == want


def test_list_pages(server):
    _, body = get_json(server, "/api/objects?offset=1&limit=1")
    assert body["total"] == 3 and len(body["items"]) == 1


@pytest.mark.parametrize(("query", "message"), [
    ("colour=red", "unknown filter 'colour'"),
    ("joint_type=screw", "joint_type must be one of"),
    ("moving_min=-1", "moving_min must be a non-negative integer"),
    ("engine=pybullet", "engine must be NAME:ok or NAME:failed"),
    ("eval200=maybe", "eval200 must be yes or no"),
])
def test_bad_filters_are_400_with_a_message(server, query, message):
    status, body = get_json(server, f"/api/objects?{query}")
    assert status == 400 and message in body["error"]


def test_a_helical_joint_is_one_slider(server, view_release):
    status, data = get_json(server, f"/api/objects/{view_release.helical}")
    assert status == 200
    row = find_row(view_release.root, view_release.helical)
    (joint,) = [j for j in row["joints"] if j["type"] == "helical"]
    assert "__pitch" in row["urdf"]  # the canonical URDF holds the encoding ...
    (slider,) = data["sliders"]  # ... the page one slider
    assert slider["name"] == joint["name"] and slider["type"] == "helical"
    assert slider["pitch"] == joint["pitch"] and not slider["wrap"]
    assert (slider["min"], slider["max"]) == (joint["lower"], joint["upper"])
    assert data["urdf_url"] == f"/api/objects/{view_release.helical}/files/object.urdf"


def test_mimic_joints_follow_and_continuous_joints_wrap(server, view_release):
    _, data = get_json(server, f"/api/objects/{view_release.mimic}")
    sliders = {s["name"]: s for s in data["sliders"]}
    assert sorted(sliders) == ["dial_turn", "left_slide"]
    assert sliders["left_slide"]["followers"] == [
        {"name": "right_slide", "multiplier": 1.0, "offset": 0.0}]
    assert sliders["dial_turn"]["wrap"] and sliders["dial_turn"]["max"] == pytest.approx(3.14159265)
    assert [i["code"] for i in data["issues"]] == ["normalize.limit.filled", "joint.mimic"]
    tree = data["tree"]
    assert tree["link"] == "base"
    assert {c["joint"]["name"] for c in tree["children"]} == {"left_slide", "right_slide",
                                                             "dial_turn"}
    assert dict(data["fields"])["source"] == "handwritten"
    assert {e["engine"] for e in data["engines"]} >= {"mujoco", "pybullet", "pinocchio"}


def test_files_come_straight_from_the_zip(server, view_release):
    row = find_row(view_release.root, view_release.mimic)
    status, body, headers = get(server, f"/api/objects/{view_release.mimic}/files/object.urdf")
    assert status == 200 and body.decode() == row["urdf"]
    assert headers["Content-Type"] == "application/xml"
    with zipfile.ZipFile(view_release.root / row["mesh_archive"]) as zf:
        mesh = next(n for n in zf.namelist() if n.startswith("meshes/"))
        status, body, _ = get(server, f"/api/objects/{view_release.mimic}/files/{mesh}")
        assert status == 200 and body == zf.read(mesh)


@pytest.mark.parametrize("path", [
    "/api/objects/{id}/files/../../../release_info.json",
    "/api/objects/{id}/files/%2e%2e/%2e%2e/release_info.json",
    "/api/objects/{id}/files/..%2f..%2frelease_info.json",
    "/api/objects/{id}/files/%2fetc%2fpasswd",
    "/api/objects/{id}/files/meshes/nothing.obj",
    "/static/../server.py",
    "/static/%2e%2e/server.py",
    "/static/..%2fserver.py",
    "/static/vendor",
    "/api/objects/no-such-object",
    "/api/objects/no-such-object/files/object.urdf",
    "/nowhere",
])
def test_paths_outside_the_object_or_the_page_are_404(server, view_release, path):
    status, body, _ = get(server, path.format(id=view_release.mimic))
    assert status == 404, body
    assert json.loads(body)["error"]


def test_another_host_name_is_refused(server):
    status, body, _ = get(server, "/api/info", host="attacker.example:80")
    assert status == 403 and "127.0.0.1" in json.loads(body)["error"]
    port = server.server_address[1]
    assert get(server, "/api/info", host=f"localhost:{port}")[0] == 200


def test_only_get_is_served(server):
    conn = http.client.HTTPConnection(HOST, server.server_address[1], timeout=30)
    conn.request("POST", "/api/info", body=b"{}")
    assert conn.getresponse().status == 501
    conn.close()


def test_the_page_may_load_only_this_servers_files(server):
    status, body, headers = get(server, "/")
    assert status == 200 and b'<script type="importmap">' in body
    policy = headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy
    assert "'sha256-" in policy and "unsafe" not in policy
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_every_module_the_page_imports_is_served(server):
    index = (STATIC / "index.html").read_text()
    imports = json.loads(index.split('<script type="importmap">')[1].split("</script>")[0])
    for target in imports["imports"].values():
        if target.endswith("/"):
            target += "controls/OrbitControls.js"
        assert get(server, target)[0] == 200, target
    for name in ("app.js", "viewer.js", "style.css"):
        assert get(server, f"/static/{name}")[0] == 200


def test_thumbnail_is_a_png_of_the_object(server, view_release):
    status, body, headers = get(server, f"/api/objects/{view_release.helical}/thumbnail.png")
    assert status == 200 and body.startswith(b"\x89PNG") and headers["Content-Type"] == "image/png"
    assert get(server, f"/api/objects/{view_release.helical}/thumbnail.png")[1] == body


def test_a_corrupt_archive_is_refused_not_served(view_release, tmp_path):
    release = tmp_path / "release"
    shutil.copytree(view_release.root, release)
    row = find_row(release, view_release.revolute)
    archive = release / row["mesh_archive"]
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0xFF
    archive.write_bytes(bytes(data))
    with serving(ReleaseSource(release)) as srv:
        status, body, _ = get(srv, f"/api/objects/{view_release.revolute}/files/object.urdf")
        assert status == 400 and "does not match its sha256" in json.loads(body)["error"]
        assert get(srv, f"/api/objects/{view_release.helical}/files/object.urdf")[0] == 200


def test_not_a_release_is_a_clear_error(tmp_path):
    with pytest.raises(ViewError, match="not a readable release"):
        ReleaseSource(tmp_path)


def test_vendored_files_match_their_manifest():
    vendor = STATIC / "vendor"
    manifest = json.loads((vendor / "VENDORED.json").read_text())
    assert set(manifest["packages"]) == {"three", "urdf-loader"}
    for name, entry in manifest["packages"].items():
        assert "LICENSE" in entry["files"], name
        for rel, sha in entry["files"].items():
            path = vendor / name / rel
            assert hashlib.sha256(path.read_bytes()).hexdigest() == sha, path
    listed = {Path(n) / r for n, e in manifest["packages"].items() for r in e["files"]}
    on_disk = {p.relative_to(vendor) for p in vendor.rglob("*") if p.is_file()}
    assert on_disk - listed == {Path("VENDORED.json")}


def test_a_client_that_disconnects_mid_answer_prints_nothing(server, capfd):
    """A client that closes its socket while the answer is sent (with RST, as a closed tab
    does) is no error of the viewer: no ``BrokenPipeError`` traceback on the console."""
    import socket
    import struct
    import time

    for _ in range(20):
        with socket.create_connection((HOST, server.server_address[1]), timeout=30) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.sendall(b"GET /static/vendor/three/build/three.module.min.js HTTP/1.1\r\nHost: "
                         + f"{HOST}:{server.server_address[1]}".encode() + b"\r\n\r\n")
            sock.recv(1)
    time.sleep(0.5)
    err = capfd.readouterr().err
    assert "Traceback" not in err and "BrokenPipe" not in err and "ConnectionReset" not in err
