"""SourceExtras: typed adapter data; unknown or mistyped fields fail where they are written."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from schemas.extras import SourceExtras
from schemas.files import SourceFile
from schemas.source_object import SourceObject

OBJECT = {"source": "sapien", "source_id": "7619", "license": "MIT",
          "urdf_path": "/data/7619/mobility.urdf", "root_dir": "/data/7619"}
EXTRAS = {"mobility_v2_path": "/data/7619/mobility_v2.json", "anno_id": "426",
          "semantics": [{"link": "link_0", "kind": "hinge", "label": "door"}],
          "archive": {"path": "7619.zip", "sha256": "0" * 64, "size": 3}}


def test_a_mapping_and_a_record_give_the_same_source_object():
    from_dict = SourceObject(**OBJECT, extras=EXTRAS)
    from_record = SourceObject(**OBJECT, extras=SourceExtras(**EXTRAS))
    assert from_dict == from_record
    assert from_dict.extras.mobility_v2_path == Path("/data/7619/mobility_v2.json")
    assert from_dict.extras.archive == SourceFile(path="7619.zip", sha256="0" * 64, size=3)
    assert SourceObject.model_validate_json(from_dict.model_dump_json()) == from_dict


def test_an_unknown_field_is_refused_by_name():
    with pytest.raises(ValidationError, match=r"extras\.mobility_path\n.*Extra inputs"):
        SourceObject(**OBJECT, extras={"mobility_path": "/data/7619/mobility_v2.json"})
    with pytest.raises(ValidationError, match="up_axis"):  # a SourceObject field, not an extra
        SourceExtras(up_axis="y")


@pytest.mark.parametrize(("field", "value"), [
    ("seed", "zero"),
    ("joint_types", ["revolute"]),
    ("archive", {"path": "../7619.zip", "sha256": "0" * 64, "size": 3}),
    ("angle_units_known", "maybe"),
])
def test_a_mistyped_field_is_refused_by_name(field, value):
    with pytest.raises(ValidationError, match=field):
        SourceExtras(**{field: value})


def test_merged_sets_fields_and_validates_them():
    base = SourceExtras(**EXTRAS)
    merged = base.merged(model_id="abc", anno_id="427")
    assert (merged.model_id, merged.anno_id, merged.semantics) == ("abc", "427", base.semantics)
    assert base.anno_id == "426"  # the record itself does not change
    with pytest.raises(ValidationError, match="anno"):
        base.merged(anno="427")
    with pytest.raises(ValidationError, match="frozen"):
        base.anno_id = "427"
