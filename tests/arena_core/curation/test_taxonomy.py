"""Taxonomy manifest completeness and the category-assignment rules."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from arena_core.curation.structure import Structure, structure_of
from arena_core.curation.taxonomy import (
    AMBIGUITY_FACTOR,
    CONFIDENCE,
    REVIEW_BELOW,
    TaxonomyError,
    assign_category,
    build_index,
    load_overrides,
    load_taxonomy,
    review_queue,
)
from arena_core.util.text import normalize, tokens
from schemas.curation import SUPERCATEGORY_IDS, Override, Taxonomy
from schemas.record import JointRecord, LinkRecord

REPO = Path(__file__).resolve().parents[3]
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
    "diff_ring": "gear_train", "humanoid": "humanoid",
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


# ------------------------------------------------------------------ robots
#: ``(source id, URDF robot name) -> category``, as the curation stage sees a robot library
#: (ManiSkill, PyBullet, Genesis, robosuite, MuJoCo Menagerie layouts): family aliases.
ROBOTS = {
    ("robots/panda/panda_v2", "panda"): "robot_arm",
    ("kuka_iiwa/model", "lbr_iiwa"): "robot_arm",
    ("ur5e/ur5e", "ur5e"): "robot_arm",
    ("kinova/jaco2", "j2n6s300"): "robot_arm",
    ("xarm7/xarm7", "xarm7"): "robot_arm",
    ("sawyer_description/urdf/sawyer_arm", "sawyer"): "robot_arm",
    ("so100/so100", "SO_5DOF_ARM100_8j_URDF.SLDASM"): "robot_arm",
    ("koch/follower_arm_v1.1", "koch"): "robot_arm",
    ("allegro/allegro_hand_right", "allegro_right"): "robot_hand",
    ("shadow_hand/shadow_hand", "shadow_hand"): "robot_hand",
    ("inspire_hand/RH56DFX-2LR/urdf/inspire_hand_left", "inspire_hand"): "robot_hand",
    ("ability_hand/ability_hand_left", "ability_hand"): "robot_hand",
    ("dclaw/dclaw_gripper_glb", "dclaw_gripper"): "robot_hand",
    ("trifinger/trifingerpro", "trifingerpro"): "robot_hand",
    ("grippers/robotiq_gripper_85", "robotiq_arg2f_85_model"): "gripper",
    ("pr2_gripper", "physics"): "gripper",
    ("trifinger/robot_properties_fingers/urdf/edu/fingeredu", "fingeredu"): "finger",
    ("unitree_g1/g1", "g1"): "humanoid",
    ("h1/h1", "h1"): "humanoid",
    ("unitree_go2/go2", "go2_description"): "quadruped",
    ("a1/a1", "a1_description"): "quadruped",
    ("anymal_c/urdf/anymal_c", "anymal"): "quadruped",
    ("boston_dynamics_spot/spot", "spot"): "quadruped",
    ("laikago/laikago", "plane"): "quadruped",
    ("quadruped/minitaur", "quadruped"): "quadruped",
    ("biped/biped2d_pybullet", "balance"): "legged_robot",
    ("fetch/fetch", "fetch"): "mobile_manipulator",
    ("tiago/tiago", "tiago"): "mobile_manipulator",
    ("husky/husky", "husky_robot"): "mobile_base",
    ("drones/cf2x", "cf2"): "drone",
    ("objects/mug", "mug"): "cup",
    ("jenga/jenga", "jenga.urdf"): "toy_blocks",
    ("teddy_large", "cube.urdf"): "doll",
    # robosuite / robosuite-models MJCF robots (robots/<name>/robot.xml), metaworld, gym MJCF
    ("robots/spot_arm/robot", "robot"): "mobile_manipulator",
    ("robots/aloha/robot", "robot"): "robot_arm",
    ("robots/arx5/robot", "robot"): "robot_arm",
    ("robots/vx300s/robot", "robot"): "robot_arm",
    ("robots/z1/robot", "robot"): "robot_arm",
    ("robots/b1/robot", "robot"): "quadruped",
    ("objects/xyz_base", "xyz_base"): "robot_arm",
    ("mjcf/ant", "ant"): "quadruped",
    ("mjcf/reacher", "reacher"): "robot_arm",
    ("TwoJointRobot_w_fixedJoints", "TwoJointRobot"): "robot_arm",
    ("objects/coffeemachine", "coffeemachine"): "coffee_machine",
}


@pytest.mark.parametrize(("ids", "category"), sorted(ROBOTS.items()))
def test_robot_families_classify_by_name_or_path(index, ids, category):
    source_id, name = ids
    a = assign_category(None, index=index, name=name, description=source_id)
    assert a.category == category, a
    if a.supercategory != "mechanisms":
        assert category in ("cup", "toy_blocks", "doll", "coffee_machine")
    assert a.confidence >= REVIEW_BELOW or a.ambiguous, a


def test_robot_categories_exist_in_mechanisms(index):
    for category in ("robot_arm", "robot_hand", "gripper", "finger", "quadruped", "humanoid",
                     "legged_robot", "mobile_base", "mobile_manipulator", "drone", "robot_part"):
        assert index.supercategory_of[category] == "mechanisms"


def _structure(**counts) -> Structure:
    return Structure(**{"dof": 0, "revolute": 0, "prismatic": 0, "leaves": 0, "tips": 0,
                        "virtual": 0, "arm_joints": 0, **counts})


#: ``(source id, name, structure) -> category``: names that do not tell, joints that do.
AMBIGUOUS = [
    # Genesis's panda_bullet/hand and robosuite's panda hand: "panda", two coupled slides
    ("urdf/panda_bullet/hand", "panda", _structure(dof=1, prismatic=2, leaves=2), "gripper"),
    ("panda_description/urdf/hand", "hand", _structure(dof=2, prismatic=2, leaves=2),
     "gripper"),
    # ManiSkill's floating panda gripper: six virtual-base joints, then the fingers
    ("panda/panda_v2_gripper", "panda", _structure(dof=1, prismatic=2, leaves=2, virtual=6),
     "gripper"),
    # Genesis's two_link_arm: two joints, but one chain (no fingers)
    ("urdf/simple/two_link_arm", "two_link_robot", _structure(dof=2, revolute=2, leaves=1,
                                                              tips=1, arm_joints=1),
     "robot_arm"),
    # a TriFinger stage or a single xArm link: family name, no joint
    ("trifinger/robot_properties_fingers/urdf/stage", "stage", _structure(), "robot_part"),
    ("xarm/link1", "xarm6_link1", _structure(), "robot_part"),
    # ManiSkill's mobile panda (robot name "merged"): planar virtual base + arm
    ("panda/mobile_panda_dual_arm", "merged",
     _structure(dof=16, revolute=14, prismatic=4, virtual=3, leaves=4, tips=4),
     "mobile_manipulator"),
    # the arm itself stays an arm: one chain, gripper tips 7 joints down
    ("robots/panda/panda_v2", "panda",
     _structure(dof=8, revolute=7, prismatic=2, leaves=2, tips=2, arm_joints=7),
     "robot_arm"),
    # an arm carrying a hand is still an arm (the fingers branch 7 joints down)
    ("xarm7/xarm7_ability_right_hand", "xarm7",
     _structure(dof=13, revolute=17, leaves=5, tips=5, arm_joints=7), "robot_arm"),
    # TriFinger's URDF is named "finger_with_stage": three fingers on a fixed stage
    ("trifinger/robot_properties_fingers/urdf/trifinger", "finger_with_stage",
     _structure(dof=9, revolute=9, leaves=3, tips=3), "robot_hand"),
    # a single finger stays a finger
    ("trifinger/robot_properties_fingers/urdf/finger", "finger",
     _structure(dof=3, revolute=3, leaves=1, tips=1, arm_joints=2), "finger"),
]


@pytest.mark.parametrize(("source_id", "name", "structure", "category"), AMBIGUOUS,
                         ids=[case[0] for case in AMBIGUOUS])
def test_structure_rules_settle_ambiguous_robot_names(index, source_id, name, structure,
                                                      category):
    a = assign_category(None, index=index, name=name, description=source_id,
                        structure=structure)
    assert a.category == category, a
    refined = assign_category(None, index=index, name=name, description=source_id)
    assert (a.rule == "structure_rule") == (refined.category != category)
    if a.rule == "structure_rule":
        factor = AMBIGUITY_FACTOR if a.ambiguous else 1.0
        assert a.confidence == CONFIDENCE["structure_rule"] * factor and "structure" in a.matched


def test_structure_never_overrides_an_exact_source_category(index):
    two_slides = _structure(dof=1, prismatic=2, leaves=2)
    assert assign_category("panda", index=index, structure=two_slides).category == "robot_arm"
    assert assign_category(None, index=index, name="cabinet",
                           structure=two_slides).category == "cabinet"


def test_structure_of_records():
    """A floating parallel gripper: root -x-> f1 -rot-> palm, two fingers (one mimics)."""
    def joint(name, kind, parent, child, mimic=None):
        return JointRecord(name=name, type=kind, parent=parent, child=child, axis=[0, 0, 1],
                           origin=[0, 0, 0], twist=[0, 0, 1, 0, 0, 0], mimic=mimic)

    links = [LinkRecord(name="root"), LinkRecord(name="f1", mass=1e-6, mass_source="placeholder")]
    links += [LinkRecord(name=n, mass=0.1, mass_source="urdf") for n in ("palm", "l", "r", "t")]
    joints = [joint("x", "prismatic", "root", "f1"), joint("rot", "revolute", "f1", "palm"),
              joint("left", "prismatic", "palm", "l"),
              joint("right", "prismatic", "palm", "r", {"joint": "left"}),
              joint("tip", "fixed", "l", "t")]
    assert structure_of(joints, links) == _structure(dof=1, prismatic=2, leaves=2, virtual=2)
    # three two-joint fingers on a one-joint wrist
    fingers = [joint("wrist", "revolute", "base", "palm")]
    links = [LinkRecord(name="base", mass=1.0), LinkRecord(name="palm", mass=1.0)]
    for k in range(3):
        fingers += [joint(f"a{k}", "revolute", "palm", f"p{k}"),
                    joint(f"b{k}", "revolute", f"p{k}", f"d{k}")]
        links += [LinkRecord(name=f"p{k}", mass=0.1), LinkRecord(name=f"d{k}", mass=0.1)]
    assert structure_of(fingers, links) == _structure(dof=7, revolute=7, leaves=3, tips=3,
                                                      arm_joints=1)


def test_structure_rules_name_known_categories():
    data = _minimal()
    data["structure_rules"] = [{"category": "tools_x", "refines": ["spaceship"], "dof": [1]}]
    with pytest.raises(ValueError, match="unknown categories"):
        Taxonomy.model_validate(data)
    data["structure_rules"] = [{"category": "tools_x", "refines": ["tools_x"], "dof": [2, 1]}]
    with pytest.raises(ValueError, match="count range"):
        Taxonomy.model_validate(data)
