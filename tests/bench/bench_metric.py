"""Benchmark of the vectorized metric core against the reference package (not a test).

Run: ``python tests/bench/bench_metric.py [--quick] [--release build/release]``. Prints, side
by side with the reference ``articulatearena`` (one pair at a time), as ratios:

1. batch ``E_alpha^phi`` on 1e5 random joint pairs (target >= 100x);
2. tree distance on random cabinet-like objects with 100 moving joints and structural
   edits (target: >= 95% certified, each < 0.5 s, where not certified a relative gap
   <= 1% on 95% of pairs; the reference relaxation is timed for comparison);
3. star against path with 8 joints (reference ~30 s: run once under a timeout guard);
4. 40-joint objects: certified or tight bounds (target < 2 s);
5. pairs made from a release: every multi-joint tree against ``--copies`` perturbed
   copies (noise, then 0-3 of a reattached subtree, a spurious and a missing joint, the
   edits of ``arena_core/ablation/tree_edits.py``), same targets as 2. Needs a built
   release (``arena build`` writes ``build/release``, the default; skipped when absent).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import time
from pathlib import Path

import numpy as np
from articulatearena import joint_metric, make_split_norm, radial_compactify
from articulatearena.new_equation.tree import (
    assignment_tree_distance,
    contract_small_edges,
    exact_tree_distance,
)

from arena_core.ablation.tree import unit_twist
from arena_core.ablation.tree_edits import add_noise, add_spurious, reattach, remove_joint
from arena_core.metric import SplitNorm, compactified_endpoints, joint_distance, tree_distance
from arena_core.model.articulated import joint_twists

INNER = make_split_norm(1.0)
NORM = SplitNorm()


def random_twists(rng, n):
    types = rng.choice(["revolute", "prismatic", "helical"], size=n)
    axes = rng.normal(size=(n, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    return joint_twists(types, axes, rng.normal(size=(n, 3)), rng.normal(size=n) * 0.1)


# ------------------------------------------------------------------ 1. batch E_phi
def bench_batch(n: int, n_ref: int) -> None:
    rng = np.random.default_rng(0)
    xi1, xi2 = random_twists(rng, n), random_twists(rng, n)
    lo1, lo2 = rng.uniform(-2, 1, n), rng.uniform(-2, 1, n)
    hi1, hi2 = lo1 + rng.uniform(0, 2, n), lo2 + rng.uniform(0, 2, n)
    t0 = time.perf_counter()
    z1 = compactified_endpoints(xi1, lo1, hi1, norm=NORM)
    z2 = compactified_endpoints(xi2, lo2, hi2, norm=NORM)
    ours = joint_distance(z1, z2, norm=NORM)
    t_ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    ref = []
    for k in range(n_ref):
        ends = [radial_compactify(lim * xi, math.pi, INNER)
                for lim, xi in ((lo1[k], xi1[k]), (hi1[k], xi1[k]), (lo2[k], xi2[k]), (hi2[k], xi2[k]))]
        ref.append(joint_metric(*ends, INNER))
    t_ref = (time.perf_counter() - t0) * n / n_ref
    err = float(np.max(np.abs(ours[:n_ref] - np.array(ref))))
    note = "" if n_ref == n else f" (reference timed on {n_ref} pairs, scaled)"
    print(f"[1] E_alpha^phi, {n} pairs: ours {t_ours:.3f} s, reference {t_ref:.2f} s{note}; "
          f"speed-up {t_ref / t_ours:.0f}x (target >= 100x); max |diff| {err:.1e}")


# ------------------------------------------------------------------ random objects
def cabinet(rng, n: int):
    """A cabinet-like tree: a base with many drawers/doors/knobs, some nested; many
    joints share a twist (identical drawers)."""
    edges, pairs, depth = [], [], {0: 0}
    while len(edges) < n:
        cands = [x for x in depth if depth[x] < 3]
        w = np.array([8.0 if x == 0 else (1.0 if depth[x] == 1 else 0.3) for x in cands])
        parent = int(rng.choice(cands, p=w / w.sum()))
        kind = rng.choice(["drawer", "door", "knob"], p=[0.4, 0.4, 0.2])
        if kind == "drawer":
            tw = np.array([0, 0, 0, 1.0, 0, 0]) if rng.random() < 0.7 else np.array([0, 0, 0, 0, 1.0, 0])
            lo, hi = 0.0, float(rng.choice([0.3, 0.4, 0.5]))
        elif kind == "door":
            p = np.array([rng.choice([-0.4, 0.4]), rng.uniform(-0.3, 0.3), 0.0])
            tw = np.concatenate([[0, 0, 1.0], np.cross(p, [0, 0, 1.0])])
            lo, hi = 0.0, float(rng.choice([math.pi / 2, 2.0]))
        else:
            p = rng.uniform(-0.5, 0.5, 3)
            tw = np.concatenate([[1.0, 0, 0], np.cross(p, [1.0, 0, 0])])
            lo, hi = -math.pi / 4, math.pi / 4
        child = len(depth)
        depth[child] = depth[parent] + 1
        edges.append([parent, child])
        pairs.append(np.stack([lo * tw, hi * tw]))
    return np.array(edges), np.array(pairs)


def structural_edit(rng, edges, pairs, kind):
    edges, pairs = edges.copy(), pairs.copy()
    nodes = sorted(set(edges.ravel().tolist()))
    if kind == "reattach":
        child_of = {int(v): int(u) for u, v in edges}
        node = int(rng.choice(nodes[1:]))
        below, frontier = {node}, [node]
        while frontier:
            x = frontier.pop()
            kids = [int(v) for u, v in edges if u == x]
            below.update(kids)
            frontier.extend(kids)
        targets = [x for x in nodes if x not in below and x != child_of[node]]
        if targets:
            at = int(np.flatnonzero(edges[:, 1] == node)[0])
            edges[at, 0] = int(rng.choice(targets))
    elif kind == "spurious":
        node, new = int(rng.choice(nodes)), max(nodes) + 1
        move = (edges[:, 0] == node) & (rng.random(len(edges)) < 0.5)
        edges[move, 0] = new
        edges = np.vstack([edges, [[node, new]]])
        pairs = np.concatenate([pairs, 0.2 * np.stack([np.zeros(6), random_twists(rng, 1)[0]])[None]])
    elif kind == "missing":
        at = int(rng.integers(len(edges)))
        u, v = edges[at]
        edges, pairs = np.delete(edges, at, axis=0), np.delete(pairs, at, axis=0)
        edges[edges == v] = u
    return edges, pairs


def prediction(rng, edges, pairs):
    e2, p2 = edges, pairs + rng.normal(size=pairs.shape) * 0.01
    for _ in range(int(rng.integers(0, 4))):
        e2, p2 = structural_edit(rng, e2, p2, str(rng.choice(["reattach", "spurious", "missing"])))
    return e2, p2


def certification_line(results, times, target: float) -> str:
    """Certified share, times against ``target`` and, where not certified, the relative gap
    ``(value - lower_bound) / value`` (share <= 1% and worst)."""
    t = np.array(times)
    cert = np.array([r.certified for r in results])
    gaps = np.array([(r.value - r.lower_bound) / max(r.value, 1e-12) for r in results])
    open_gaps = gaps[~cert]
    gap_txt = ("all certified" if len(open_gaps) == 0 else
               f"not certified: gap <= 1% on {np.mean(open_gaps <= 0.01):.0%} of them, "
               f"worst {open_gaps.max():.1%}")
    return (f"certified {cert.sum()}/{len(cert)} ({cert.mean():.1%}, target >= 95%); "
            f"time median {np.median(t):.3f} s, p90 {np.quantile(t, 0.9):.3f} s, max {t.max():.3f} s, "
            f"{np.mean(t <= target):.0%} within {target} s; {gap_txt}")


def bench_objects(n_joints: int, count: int, seed: int, max_nodes: int | None, target: float) -> None:
    rng = np.random.default_rng(seed)
    times, results, t_relax = [], [], []
    for _ in range(count):
        gt_e, gt_p = cabinet(rng, n_joints)
        pr_e, pr_p = prediction(rng, gt_e, gt_p)
        t0 = time.perf_counter()
        results.append(tree_distance(pr_e, pr_p, gt_e, gt_p, norm=NORM, max_nodes=max_nodes))
        times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        assignment_tree_distance([(p[0], p[1]) for p in pr_p], [(p[0], p[1]) for p in gt_p], INNER)
        t_relax.append(time.perf_counter() - t0)
    budget = "default" if max_nodes is None else max_nodes
    print(f"    {n_joints} joints, max_nodes={budget}: {certification_line(results, times, target)}; "
          f"reference relaxation alone median {np.median(t_relax):.3f} s "
          f"({np.median(t_relax) / np.median(times):.1f}x ours)")


# ------------------------------------------------------------------ 5. release pairs
def perturbed_copy(tree, rng):
    """``tree`` with noise (sigma 0.01) and 0-3 of: a reattached subtree, a spurious joint,
    a missing joint (the ablation's edits)."""
    out = add_noise(tree, 0.01, rng)
    for _ in range(int(rng.integers(0, 4))):
        kind = str(rng.choice(["reattach", "spurious", "missing"]))
        e = int(rng.integers(len(out.edges)))
        if kind == "reattach":
            out = reattach(out, e, rng)
        elif kind == "spurious":
            node = int(out.nodes()[int(rng.integers(len(out.nodes())))])
            out = add_spurious(out, node, unit_twist(rng), float(rng.uniform(0.05, 1.0)))
        elif len(out.edges) > 1:
            out = remove_joint(out, e)
    return out


def bench_release(release: str, copies: int, seed: int, target: float) -> None:
    from arena_core.ablation.tree_edits import tree_from_joints
    from release.reader import load_rows

    rows = load_rows(release, "full", columns=["joints"])
    trees = [t for r in rows if (t := tree_from_joints(r["joints"])) is not None]
    rng = np.random.default_rng(seed)
    times, results, sizes = [], [], []
    for tree in trees:
        for _ in range(copies):
            pred = perturbed_copy(tree, rng)
            t0 = time.perf_counter()
            results.append(tree_distance(pred.edges, pred.pairs, tree.edges, tree.pairs, norm=NORM))
            times.append(time.perf_counter() - t0)
            sizes.append(len(tree.edges))
    big = np.array(sizes) >= 20
    print(f"[5] release {release}: {len(trees)} multi-joint trees of {len(rows)} objects "
          f"(2-{max(sizes)} moving joints), {copies} perturbed copies each")
    print(f"    all {len(results)} pairs: {certification_line(results, times, target)}")
    if big.any():
        pick = np.flatnonzero(big)
        print(f"    the {len(pick)} pairs with >= 20 joints: "
              f"{certification_line([results[i] for i in pick], [times[i] for i in pick], target)}")


# ------------------------------------------------------------------ 3. star vs path
def _reference_star_path(n: int, out) -> None:
    star, pairs, path = _star_path(n)
    labeled = [(int(u), int(v), (p[0], p[1])) for (u, v), p in zip(star, pairs, strict=True)]
    labeled2 = [(int(u), int(v), (p[0], p[1])) for (u, v), p in zip(path, pairs, strict=True)]
    t0 = time.perf_counter()
    value, _ = exact_tree_distance(contract_small_edges(labeled, INNER),
                                   contract_small_edges(labeled2, INNER), INNER)
    out.put((value, time.perf_counter() - t0))


def _star_path(n: int):
    rng = np.random.default_rng(n)
    lower = rng.uniform(-1, 0.2, n)
    pairs = np.stack([lower[:, None] * (xi := random_twists(rng, n)),
                      (lower + rng.uniform(0.05, 1.5, n))[:, None] * xi], axis=1)
    return np.array([[0, j + 1] for j in range(n)]), pairs, np.array([[j, j + 1] for j in range(n)])


def bench_star_path(n: int, timeout: float) -> None:
    star, pairs, path = _star_path(n)
    t0 = time.perf_counter()
    res = tree_distance(star, pairs, path, pairs, norm=NORM)
    t_ours = time.perf_counter() - t0
    queue: mp.Queue = mp.Queue()
    proc = mp.Process(target=_reference_star_path, args=(n, queue))
    proc.start()
    proc.join(timeout)
    if proc.is_alive():
        proc.terminate()
        proc.join()
        ref_txt = f"reference did not finish within {timeout:.0f} s (ratio > {timeout / t_ours:.0f}x)"
    else:
        value, t_ref = queue.get()
        ref_txt = (f"reference {t_ref:.2f} s, value {value:.9f} (|diff| {abs(value - res.value):.1e}), "
                   f"speed-up {t_ref / t_ours:.0f}x")
    print(f"[3] star vs path, {n} joints: ours {t_ours:.4f} s (certified={res.certified}, "
          f"value {res.value:.9f}); {ref_txt}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes, shorter timeouts")
    parser.add_argument("--release", default="build/release",
                        help="release folder for [5] (default build/release; skipped if absent)")
    parser.add_argument("--copies", type=int, default=5, help="perturbed copies per release tree")
    parser.add_argument("--only", choices=["objects", "release"],
                        help="run only [2] and [4] (random objects) or only [5] (release pairs)")
    args = parser.parse_args()
    if args.only == "objects":
        print("[2] random objects (prediction with noise and 0-3 structural edits vs ground truth)")
        bench_objects(100, 10 if args.quick else 30, 1, None, 0.5)
        print("[4] 40-joint objects")
        bench_objects(40, 10 if args.quick else 30, 2, None, 2.0)
        return
    if args.only == "release":
        bench_release(args.release, args.copies, 0, 0.5)
        return
    bench_batch(100_000, 5_000 if args.quick else 100_000)
    print("[2] random objects (prediction with noise and 0-3 structural edits vs ground truth)")
    bench_objects(100, 10 if args.quick else 30, 1, 200, 0.5)
    bench_objects(100, 10 if args.quick else 30, 1, None, 0.5)
    for n in (7, 8):
        bench_star_path(n, 20.0 if args.quick else 120.0)
    print("[4] 40-joint objects and a 40-joint star vs path")
    bench_objects(40, 10 if args.quick else 30, 2, None, 2.0)
    star, pairs, path = _star_path(40)
    t0 = time.perf_counter()
    res = tree_distance(star, pairs, path, pairs, norm=NORM)
    print(f"    star vs path, 40 joints: {time.perf_counter() - t0:.3f} s, certified={res.certified}, "
          f"gap {res.value - res.lower_bound:.1e}")
    if Path(args.release).is_dir():
        bench_release(args.release, 2 if args.quick else args.copies, 0, 0.5)
    else:
        print(f"[5] release pairs skipped: no release at {args.release} (build one with `arena build`, "
              "or pass --release)")


if __name__ == "__main__":
    main()
