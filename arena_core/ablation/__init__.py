"""The paper's ablations as library functions (the ``arena ablate`` commands draw them).

* :mod:`arena_core.ablation.tree` — Figure 5: ``E_alpha^tree`` against a constant
  penalty per unmatched joint, on sweeps of structural edits and random corruptions
  (:mod:`arena_core.ablation.tree_edits` holds the trees and the edits);
* :mod:`arena_core.ablation.norm` — Figure 4: ``E_B`` and ``E_alpha`` against the
  material-motion discrepancy of the child link over single-joint perturbations.
"""
