"""Export the JSON Schemas of the records to ``schemas/json/`` (checked in, kept current).

Run ``python -m schemas.export`` after changing a model; ``python -m schemas.export --check``
exits 1 (listing the stale files) when the checked-in schemas differ from the models. The
test ``tests/schemas/test_record.py`` runs the same comparison.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import BaseModel

from schemas.issues import Issue
from schemas.record import ObjectRecord
from schemas.release import BuildReport, ReleaseCheck

#: Folder holding the exported schemas.
JSON_DIR = Path(__file__).resolve().parent / "json"

#: File name (without ``.schema.json``) -> model. Add new records here.
MODELS: dict[str, type[BaseModel]] = {
    "build_report": BuildReport,
    "issue": Issue,
    "object_record": ObjectRecord,
    "release_check": ReleaseCheck,
}


def schema_text(model: type[BaseModel]) -> str:
    """The JSON Schema of ``model`` as deterministic text (sorted keys, trailing newline)."""
    return json.dumps(model.model_json_schema(), indent=2, sort_keys=True) + "\n"


def stale_files(folder: Path | None = None) -> list[str]:
    """Names of the schema files in ``folder`` (default :data:`JSON_DIR`) that are missing or
    differ from the models."""
    folder = JSON_DIR if folder is None else Path(folder)
    out = []
    for name, model in MODELS.items():
        path = folder / f"{name}.schema.json"
        if not path.is_file() or path.read_text(encoding="utf-8") != schema_text(model):
            out.append(path.name)
    return out


def export(folder: Path | None = None) -> list[Path]:
    """Write every schema to ``folder`` (default :data:`JSON_DIR`); returns the paths."""
    folder = JSON_DIR if folder is None else Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, model in MODELS.items():
        path = folder / f"{name}.schema.json"
        path.write_text(schema_text(model), encoding="utf-8")
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m schemas.export", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report stale schema files")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_files()
        for name in stale:
            sys.stderr.write(f"stale: schemas/json/{name}\n")
        return 1 if stale else 0
    for path in export():
        sys.stdout.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
