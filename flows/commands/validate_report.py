"""The ``arena validate`` report: a JSON document (the data) and its readable text.

``report.json`` holds ``format``, the input (``input``, ``kind``, ``urdf`` = the file read,
``file_format`` = ``urdf`` or ``mjcf``: detected by content), the verdict
(``status``, ``exit_code``, ``counts`` per severity, ``reasons`` = the distinct error
codes), where the canonical object is (``object_dir``, ``canonical_urdf``, ``checksum``,
``record``), the metric oracle's ``oracle_distance``, every ``issue``, and ``against``
(the nearest release objects) when asked for. ``report.txt`` is :func:`render_text`.

Example:
    >>> report = failure_report("x.urdf", Issue(code="xml.malformed", severity="error",
    ...                                          location="file", message="not XML"))
    >>> (report["status"], report["exit_code"], report["reasons"])
    ('rejected', 1, ['xml.malformed'])
    >>> print(render_text(report, Path("out")).splitlines()[0])
    REJECTED  x.urdf  (1 errors, 0 warnings, 0 infos)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from arena_core.util.fs import write_atomic
from schemas.issues import Issue

REPORT_FORMAT = "arena-validate-report-1"

#: Issues listed per severity in the text report (the JSON report has all of them).
TEXT_LIMIT = 40


def summary(issues: list[Issue]) -> dict[str, Any]:
    """Verdict of ``issues`` under the default policy (accepted = no error)."""
    from arena_core.verify import decide

    decision = decide(issues)
    return {"status": "accepted" if decision.accepted else "rejected",
            "exit_code": 0 if decision.accepted else 1, "counts": decision.counts,
            "reasons": list(decision.reasons)}


def object_report(record, *, input_path: str, kind: str, urdf: str, file_format: str = "urdf",
                  against: dict[str, Any] | None = None) -> dict[str, Any]:
    """The report of a processed object (``record`` is its ObjectRecord; ``urdf`` the file
    read, a URDF or, when ``file_format`` is ``"mjcf"``, an MJCF file)."""
    issues = list(record.verification.issues)
    written = record.checksum is not None
    report = {"format": REPORT_FORMAT, "input": input_path, "kind": kind, "urdf": urdf,
              "file_format": file_format,
              "object_id": record.object_id, "category": record.category, **summary(issues),
              "object_dir": record.object_id if written else None,
              "canonical_urdf": f"{record.object_id}/{record.urdf}" if written else None,
              "oracle_distance": record.oracle_distance, "checksum": record.checksum,
              "record": "record.json", "issues": [i.model_dump(mode="json") for i in issues]}
    if against is not None:
        report["against"] = against
    return report


def failure_report(input_path: str, problem: Issue) -> dict[str, Any]:
    """The report of an input that never became an object (bad archive, no URDF, crash)."""
    return {"format": REPORT_FORMAT, "input": input_path, "kind": None, "urdf": None,
            "file_format": None, "object_id": None, "category": None, **summary([problem]),
            "object_dir": None,
            "canonical_urdf": None, "oracle_distance": None, "checksum": None, "record": None,
            "issues": [problem.model_dump(mode="json")]}


def write_reports(report: dict[str, Any], out: Path) -> None:
    """Write ``report.json`` and ``report.txt`` into ``out`` atomically (a failure is said,
    not raised)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        write_atomic(out / "report.json", json.dumps(report, indent=2) + "\n")
        write_atomic(out / "report.txt", render_text(report, out) + "\n")
    except OSError as exc:
        print(f"arena validate: cannot write the report to {out}: {exc}", file=sys.stderr)


def render_text(report: dict[str, Any], out: Path) -> str:
    """The report for people: verdict, where things are, then issues by severity."""
    counts = report["counts"]
    lines = [f"{report['status'].upper()}  {report['object_id'] or report['input']}  "
             f"({counts['error']} errors, {counts['warning']} warnings, {counts['info']} infos)",
             f"input    {report['input']}" + (f"  [{_kind(report)}: {report['urdf']}]"
                                                if report["kind"] else "")]
    if report["canonical_urdf"]:
        lines.append(f"object   {out / report['canonical_urdf']}")
    if report["oracle_distance"] is not None:
        lines.append(f"oracle   {report['oracle_distance']:.3g} (metric, source vs canonical)")
    lines.append(f"report   {out / 'report.json'}")
    if report["reasons"]:
        lines.append(f"rejected because of: {', '.join(report['reasons'])}")
    lines += _issue_lines(report["issues"])
    if "against" in report:
        lines += ["", *_nearest_lines(report["against"])]
    return "\n".join(lines)


def _kind(report: dict[str, Any]) -> str:
    """``urdf``, ``folder``, ``mjcf``, ``folder, mjcf``, ... (the input kind and its format)."""
    fmt = report.get("file_format") or "urdf"
    return report["kind"] if fmt in ("urdf", report["kind"]) else f"{report['kind']}, {fmt}"


def _nearest_lines(against: dict[str, Any]) -> list[str]:
    lines = [f"nearest objects in {against['release']} (E^phi,tree):"]
    if "error" in against:
        return [*lines, f"  not searched: {against['error']}"]
    for item in against.get("nearest") or []:
        if isinstance(item, dict) and "object_id" in item:
            same = "  (same files: a duplicate)" if item.get("same_checksum") else (
                "  (same upstream object)" if item.get("same_upstream") else "")
            distance = float(item.get("distance", "nan"))
            lines.append(f"  {item['object_id']:<40} {distance:.6g}{same}")
        else:
            lines.append(f"  {item}")
    return lines


def _issue_lines(issues: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for severity in ("error", "warning"):
        chosen = [i for i in issues if i["severity"] == severity]
        if chosen:
            lines += ["", f"{severity}s ({len(chosen)}):"]
            lines += [f"  {i['code']:<34} {i['location']:<28} {i['message']}"
                      for i in chosen[:TEXT_LIMIT]]
            if len(chosen) > TEXT_LIMIT:
                lines.append(f"  ... {len(chosen) - TEXT_LIMIT} more in report.json")
    infos: dict[str, int] = {}
    for i in issues:
        if i["severity"] == "info":
            infos[i["code"]] = infos.get(i["code"], 0) + 1
    if infos:
        lines += ["", "infos: " + ", ".join(f"{code} x{n}" for code, n in sorted(infos.items()))]
    return lines
