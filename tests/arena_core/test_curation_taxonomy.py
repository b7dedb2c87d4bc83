"""Taxonomy manifest completeness and the category-assignment rules."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from arena_core.curation.taxonomy import (
    CONFIDENCE,
    REVIEW_BELOW,
    TaxonomyError,
    assign_category,
    build_index,
    load_overrides,
    load_taxonomy,
    review_queue,
)
from arena_core.text import normalize, tokens
from schemas.curation import SUPERCATEGORY_IDS, Override, Taxonomy

REPO = Path(__file__).resolve().parents[2]
TAXONOMY = REPO / "manifests" / "taxonomy.yaml"
OVERRIDES = REPO / "manifests" / "overrides.yaml"

#: PartNet-Mobility's 46 ``meta.json`` model_cat names -> (category, supercategory).
PARTNET_MOBILITY = {
    "Bottle": ("bottle", "containers"), "Box": ("box", "containers"),
    "Bucket": ("bucket", "containers"), "Camera": ("camera", "electronics"),
    "Cart": ("cart", "vehicles"), "Chair": ("chair", "furniture"),
    "Clock": ("clock", "office_stationery"), "CoffeeMachine": ("coffee_machine", "kitchen_appliances"),
    "Dishwasher": ("dishwasher", "kitchen_appliances"), "Dispenser": ("dispenser", "containers"),
    "Display": ("display", "electronics"), "Door": ("door", "doors_windows"),
    "Eyeglasses": ("eyeglasses", "office_stationery"), "Fan": ("fan", "home_appliances"),
    "Faucet": ("faucet", "bathroom_fixtures"), "FoldingChair": ("folding_chair", "furniture"),
    "Globe": ("globe", "office_stationery"), "Kettle": ("kettle", "kitchen_appliances"),
    "Keyboard": ("keyboard", "electronics"), "KitchenPot": ("pot", "containers"),
    "Knife": ("knife", "tools"), "Lamp": ("lamp", "lighting"), "Laptop": ("laptop", "electronics"),
    "Lighter": ("lighter", "personal_accessories"), "Microwave": ("microwave", "kitchen_appliances"),
    "Mouse": ("mouse", "electronics"), "Oven": ("oven", "kitchen_appliances"),
    "Pen": ("pen", "office_stationery"), "Phone": ("phone", "electronics"),
    "Pliers": ("pliers", "tools"), "Printer": ("printer", "home_appliances"),
    "Refrigerator": ("refrigerator", "kitchen_appliances"), "Remote": ("remote", "electronics"),
    "Safe": ("safe", "storage_furniture"), "Scissors": ("scissors", "tools"),
    "Stapler": ("stapler", "office_stationery"), "StorageFurniture": ("cabinet", "storage_furniture"),
    "Suitcase": ("suitcase", "containers"), "Switch": ("light_switch", "electronics"),
    "Table": ("table", "furniture"), "Toaster": ("toaster", "kitchen_appliances"),
    "Toilet": ("toilet", "bathroom_fixtures"), "TrashCan": ("trash_can", "containers"),
    "USB": ("usb_drive", "electronics"), "WashingMachine": ("washing_machine", "home_appliances"),
    "Window": ("window", "doors_windows"),
}

#: GAPartNet's 27 object names (23 PartNet-Mobility + 4 AKB-48).
GAPARTNET = [
    "Box", "Remote", "Microwave", "Camera", "Dishwasher", "WashingMachine", "CoffeeMachine",
    "Toaster", "StorageFurniture", "AKBBucket", "AKBBox", "AKBDrawer", "AKBTrashCan", "Bucket",
    "Keyboard", "Printer", "Toilet", "KitchenPot", "Safe", "Oven", "Phone", "Refrigerator",
    "Table", "TrashCan", "Door", "Laptop", "Suitcase",
]

#: Procedural generator kinds (issue 5) -> supercategory.
GENERATOR_KINDS = {
    "cabinet": "storage_furniture", "wardrobe": "storage_furniture",
    "drawer_unit": "storage_furniture", "dresser": "storage_furniture",
    "nightstand": "storage_furniture", "file_cabinet": "storage_furniture",
    "safe": "storage_furniture", "fridge": "kitchen_appliances", "oven": "kitchen_appliances",
    "microwave": "kitchen_appliances", "dishwasher": "kitchen_appliances",
    "washing_machine": "home_appliances", "laptop": "electronics", "box": "containers",
    "bottle": "containers", "jar": "containers", "faucet": "bathroom_fixtures",
    "wheel": "mechanisms", "cart": "vehicles", "scissors": "tools", "pliers": "tools",
    "door": "doors_windows", "window": "doors_windows", "lamp": "lighting",
    "desk": "furniture", "table": "furniture", "chair": "furniture",
    "office_chair": "furniture", "toilet": "bathroom_fixtures", "fan": "home_appliances",
    "stapler": "office_stationery", "globe": "office_stationery", "trash_can": "containers",
    "suitcase": "containers", "umbrella": "personal_accessories",
    "lighter": "personal_accessories", "valve": "mechanisms", "gear_train": "mechanisms",
    "crane": "mechanisms", "toy_car": "toys_recreation", "piano": "toys_recreation",
    "keyboard_instrument": "toys_recreation", "printer": "home_appliances",
    "camera": "electronics", "remote": "electronics", "kettle": "kitchen_appliances",
    "toaster": "kitchen_appliances", "coffee_machine": "kitchen_appliances",
    "eyeglasses": "office_stationery", "clock": "office_stationery", "knife": "tools",
    "vise": "tools", "stroller": "vehicles",
}

#: Expected categories of the realdata objects that have no PartNet ``model_cat``.
REALDATA_EXPECTED = {
    "103480_joint_6": "washing_machine", "calvin_table_A": "desk", "calvin_table_D": "desk",
    "cabinet": "cabinet", "door1": "door", "doubledoor": "door", "fridge": "refrigerator",
    "kitchen_counter": "kitchen_counter", "iai_apartment": "room_scene",
    "iai_kitchen": "kitchen_unit", "CabinetTop_00001": "cabinet", "Sink_00005": "sink",
    "counter": "kitchen_counter", "bicycle": "bicycle", "biped2d_pybullet": "legged_robot",
    "diff_ring": "gear_train", "humanoid": "legged_robot",
    **{f"urdformer_{n}": "cabinet" for n in (
        "output_root", "label13", "label29", "label3", "label31", "label4", "label40",
        "label42", "label53", "label55", "label62")},
}


@pytest.fixture(scope="module")
def index():
    return load_taxonomy(TAXONOMY)


@pytest.fixture(scope="module")
def raw_taxonomy() -> dict:
    return yaml.safe_load(TAXONOMY.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ manifest structure
def test_supercategories_are_exactly_the_spec_fifteen(raw_taxonomy):
    ids = [s["id"] for s in raw_taxonomy["supercategories"]]
    assert ids == list(SUPERCATEGORY_IDS)
    assert all(s["categories"] for s in raw_taxonomy["supercategories"])


def test_every_category_belongs_to_exactly_one_supercategory(raw_taxonomy, index):
    counts = Counter(c["id"] for s in raw_taxonomy["supercategories"] for c in s["categories"])
    assert counts and max(counts.values()) == 1
    assert set(index.categories) == set(counts)
    for sup in raw_taxonomy["supercategories"]:
        for cat in sup["categories"]:
            assert index.supercategory_of[cat["id"]] == sup["id"]
            assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", cat["id"]), cat["id"]


def test_aliases_are_unique_across_the_file(raw_taxonomy):
    owner: dict[str, str] = {}
    normalized: dict[str, str] = {}
    for sup in raw_taxonomy["supercategories"]:
        for cat in sup["categories"]:
            for alias in cat.get("aliases", []):
                assert alias not in owner, f"{alias!r} in {owner.get(alias)} and {cat['id']}"
                assert alias != cat["id"], f"{alias!r} repeats its own category id"
                owner[alias] = cat["id"]
            for alias in [cat["id"], *cat.get("aliases", [])]:
                key = normalize(alias)
                assert normalized.setdefault(key, cat["id"]) == cat["id"], (alias, key)
    category_ids = {c["id"] for s in raw_taxonomy["supercategories"] for c in s["categories"]}
    assert not set(owner) & category_ids, "an alias repeats another category's id"


def test_taxonomy_is_large_and_balanced_enough(index):
    per_sup = Counter(index.supercategory_of.values())
    assert set(per_sup) == set(SUPERCATEGORY_IDS)
    assert min(per_sup.values()) >= 5 and len(index.categories) >= 200


# ------------------------------------------------------------------ source vocabularies
@pytest.mark.parametrize(("name", "expected"), sorted(PARTNET_MOBILITY.items()))
def test_partnet_mobility_category_maps_by_exact_alias(index, name, expected):
    a = assign_category(name, index=index)
    assert (a.category, a.supercategory, a.rule, a.confidence) == (*expected, "alias", 1.0)


def test_partnet_mobility_has_46_categories():
    assert len(PARTNET_MOBILITY) == 46


def test_gapartnet_categories_map_by_exact_alias(index):
    for name in GAPARTNET:
        assert assign_category(name, index=index).rule == "alias", name
    assert assign_category("AKBDrawer", index=index).category == "drawer_unit"
    assert assign_category("AKBTrashCan", index=index).category == "trash_can"


@pytest.mark.parametrize(("kind", "supercategory"), sorted(GENERATOR_KINDS.items()))
def test_generator_kinds_map_by_alias(index, kind, supercategory):
    a = assign_category(kind, index=index)
    assert a.rule == "alias" and a.supercategory == supercategory, a


def test_registered_generator_kinds_agree_with_the_taxonomy(index):
    generate = pytest.importorskip("arena_core.generate")
    assert generate.KINDS, "the generator registers no kind"
    for kind_id, spec in generate.KINDS.items():
        a = assign_category(kind_id, index=index)
        assert a.rule == "alias", f"generator kind {kind_id!r} is not a taxonomy alias"
        assert a.supercategory == spec.supercategory, (kind_id, a.supercategory, spec.supercategory)


# ------------------------------------------------------------------ realdata
def _realdata_inputs(realdata: Path, record: dict) -> dict:
    """What an adapter knows: source category, object name, robot name, link/semantics names."""
    folder = realdata / record["local_dir"]
    first = record["urdf_files"][0]
    text = (folder / first["urdf"]).read_bytes().decode("utf-8", "replace")
    semantics = re.findall(r'<link\s+name="([^"]+)"', text)
    sem_file = folder / "semantics.txt"
    if sem_file.is_file():
        semantics += sem_file.read_text(encoding="utf-8").splitlines()
    return {
        "source_category": record.get("category"),
        "name": record["object_id"],
        "description": first.get("robot_name") or "",
        "semantics": semantics,
        "object_id": f"{record['source']}/{record['object_id']}",
    }


@pytest.fixture(scope="module")
def realdata_assignments(realdata, index):
    records = json.loads((realdata / "PROVENANCE.json").read_text(encoding="utf-8"))
    out = {}
    for record in records:
        inputs = _realdata_inputs(realdata, record)
        out[record["object_id"]] = (record, assign_category(
            inputs.pop("source_category"), index=index, **inputs))
    return out


def test_every_realdata_object_gets_a_category(realdata_assignments):
    assert len(realdata_assignments) == 96
    missing = [oid for oid, (_, a) in realdata_assignments.items() if a.category is None]
    assert missing == []


def test_realdata_partnet_categories_resolve_by_alias(realdata_assignments):
    for oid, (record, a) in realdata_assignments.items():
        if record.get("category"):
            assert a.rule == "alias" and a.confidence == 1.0, (oid, a)
            assert a.category == PARTNET_MOBILITY[record["category"]][0]


@pytest.mark.parametrize(("object_id", "category"), sorted(REALDATA_EXPECTED.items()))
def test_realdata_objects_without_source_category(realdata_assignments, object_id, category):
    record, a = realdata_assignments[object_id]
    assert record.get("category") is None
    assert a.category == category, a


def test_realdata_assignment_is_deterministic(realdata, index, realdata_assignments):
    records = json.loads((realdata / "PROVENANCE.json").read_text(encoding="utf-8"))
    for record in reversed(records):
        inputs = _realdata_inputs(realdata, record)
        again = assign_category(inputs.pop("source_category"), index=index, **inputs)
        assert again == realdata_assignments[record["object_id"]][1]


# ------------------------------------------------------------------ rules
def test_override_always_wins(index):
    overrides = {"sapien/41083": Override(category="kitchen_unit", reason="test")}
    a = assign_category("StorageFurniture", index=index, object_id="sapien/41083",
                        overrides=overrides, name="Cabinet")
    assert (a.category, a.rule, a.confidence) == ("kitchen_unit", "override", 1.0)
    other = assign_category("StorageFurniture", index=index, object_id="x", overrides=overrides)
    assert other.rule == "alias"


def test_rule_order_and_confidence(index):
    cases = [
        (("Refrigerator",), {"name": "Microwave_1"}, "refrigerator", "alias"),
        (("washing machines",), {}, "washing_machine", "normalized_alias"),
        (("Mini Fridge Doorless",), {}, "refrigerator", "source_keyword"),
        ((None,), {"name": "KitchenPot_100032", "description": "oven"}, "pot", "name_keyword"),
        ((None,), {"name": "obj_7", "description": "A shopping cart"}, "cart",
         "description_keyword"),
        ((None,), {"name": "x", "semantics": ["link_0 slider drawer"]}, "cabinet", "part_rule"),
        ((None,), {"name": "x", "semantics": ["frameLink", "handlebarLink"]}, "bicycle",
         "part_rule"),
    ]
    for args, kwargs, category, rule in cases:
        a = assign_category(*args, index=index, **kwargs)
        assert (a.category, a.rule) == (category, rule), (args, kwargs, a)
        assert a.confidence == CONFIDENCE[rule]
        assert a.supercategory == index.supercategory_of[category]


def test_unresolved_goes_to_the_review_queue(index):
    unresolved = assign_category("Zorblax", index=index, name="thing_1", object_id="b")
    assert unresolved.category is None and unresolved.rule == "unresolved"
    assert unresolved.confidence == 0.0
    ambiguous = assign_category(None, index=index, name="CabinetAboveOven", object_id="a")
    assert ambiguous.category == "cabinet" and ambiguous.ambiguous == ["oven"]
    assert ambiguous.confidence < REVIEW_BELOW
    sure = assign_category("Oven", index=index, object_id="c")
    part = assign_category(None, index=index, name="q", semantics=["doorR0"], object_id="d")
    rows = review_queue([sure, part, unresolved, ambiguous])
    assert [r.object_id for r in rows] == ["a", "b", "d"]
    assert rows[0].reason.startswith("ambiguous") and rows[1].reason == "no rule matched"
    assert rows[2].proposed_category == "cabinet" and rows[2].rule == "part_rule"


def test_keyword_search_prefers_the_longest_phrase(index):
    counter = assign_category(None, index=index, name="KitchenCounter_32354")
    assert counter.category == "kitchen_counter"
    assert assign_category(None, index=index, name="kitchen_pot_3").category == "pot"
    assert assign_category(None, index=index, name="iai_kitchen").category == "kitchen_unit"
    assert assign_category(None, index=index, name="chest_of_drawers").category == "drawer_unit"


def test_text_normalization():
    assert tokens("frontWheelLink") == ["front", "wheel", "link"]
    assert tokens("AKBTrashCan") == ["akb", "trash", "can"]
    assert normalize("Boxes") == normalize("box") == "box"
    assert normalize("Shelves") == "shelf" and normalize("batteries") == "battery"
    assert normalize("glass") == normalize("glasses") == "glass"


# ------------------------------------------------------------------ files and errors
def test_overrides_file_is_an_empty_documented_mapping(index):
    assert load_overrides(OVERRIDES, index=index) == {}
    assert "Example" in OVERRIDES.read_text(encoding="utf-8")


def test_overrides_with_unknown_category_are_rejected(index, tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("a/1: {category: cabinet, reason: checked}\n", encoding="utf-8")
    assert load_overrides(good, index=index)["a/1"].category == "cabinet"
    bad = tmp_path / "bad.yaml"
    bad.write_text("a/1: {category: spaceship}\n", encoding="utf-8")
    with pytest.raises(TaxonomyError, match="unknown categories"):
        load_overrides(bad, index=index)
    with pytest.raises(TaxonomyError, match="cannot read"):
        load_overrides(tmp_path / "missing.yaml", index=index)


def _minimal(**extra_aliases) -> dict:
    sups = [{"id": s, "categories": [{"id": f"{s}_x"}]} for s in SUPERCATEGORY_IDS]
    for cat, aliases in extra_aliases.items():
        for sup in sups:
            if sup["categories"][0]["id"] == cat:
                sup["categories"][0]["aliases"] = aliases
    return {"supercategories": sups}


def test_inconsistent_taxonomies_are_rejected(tmp_path):
    build_index(Taxonomy.model_validate(_minimal()))
    clash = _minimal(tools_x=["Gadget"], mechanisms_x=["Gadget"])
    with pytest.raises(ValueError, match="already used"):
        Taxonomy.model_validate(clash)
    near = Taxonomy.model_validate(_minimal(tools_x=["Gadgets"], mechanisms_x=["gadget"]))
    with pytest.raises(TaxonomyError, match="normalizes to 'gadget'"):
        build_index(near)
    short = {"supercategories": _minimal()["supercategories"][:14]}
    path = tmp_path / "tax.yaml"
    path.write_text(yaml.safe_dump(short), encoding="utf-8")
    with pytest.raises(TaxonomyError, match="supercategories must be exactly"):
        load_taxonomy(path)
    path.write_text("supercategories: [", encoding="utf-8")
    with pytest.raises(TaxonomyError, match="not valid YAML"):
        load_taxonomy(path)
