"""The offline scorer measured: agreement on our labelled sets, the quote audit, the candidates' order in their
scorecards, and InterviewBench s5 with each item's rubric as a pack.

`python bench/bench_scorer.py [-v]` prints it all (-v also lists disagreements and the audit sample); `main()`
returns the figures so bench/run.py (`make bench`) prints and collects them.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import interviewbench  # noqa: E402
from scorer_sets import (audit, candidate_order, evaluate, load, our_packs, public_packs,  # noqa: E402,F401
                         spearman)

TARGETS = {"exact": 0.75, "within_one": 0.95, "spearman": 0.85}
SETS = [("devset (public pack)", "devset.jsonl", "public"), ("ours_dev", "ours_dev.jsonl", "ours"),
        ("ours_heldout", "ours_heldout.jsonl", "ours"), ("ours_heldout2", "ours_heldout2.jsonl", "ours"),
        ("ours_heldout3 (blind)", "ours_heldout3.jsonl", "ours"),
        ("ours_heldout4 (blind)", "ours_heldout4.jsonl", "ours"),
        ("ours_heldout5 (blind)", "ours_heldout5.jsonl", "ours"),
        ("ours_heldout6 (blind)", "ours_heldout6.jsonl", "ours"),
        ("ours_heldout7 (blind)", "ours_heldout7.jsonl", "ours"),
        ("ours_heldout8 (blind)", "ours_heldout8.jsonl", "ours"),
        ("ours_heldout9 (blind)", "ours_heldout9.jsonl", "ours"),
        ("ours_heldout10 (blind)", "ours_heldout10.jsonl", "ours"),
        ("ours_heldout11 (blind)", "ours_heldout11.jsonl", "ours"),
        ("ours_heldout12 (blind)", "ours_heldout12.jsonl", "ours"),
        ("ours_heldout13 (blind)", "ours_heldout13.jsonl", "ours"),
        ("ours_heldout14 (blind)", "ours_heldout14.jsonl", "ours"),
        ("ours_heldout15 (blind)", "ours_heldout15.jsonl", "ours"),
        ("ours_heldout16 (blind)", "ours_heldout16.jsonl", "ours"),
        ("ours_heldout17 (blind)", "ours_heldout17.jsonl", "ours"),
        ("ours_heldout18 (blind)", "ours_heldout18.jsonl", "ours"),
        ("ours_heldout19 (blind)", "ours_heldout19.jsonl", "ours"),
        ("ours_heldout20 (blind)", "ours_heldout20.jsonl", "ours"),
        ("ours_heldout21 (blind)", "ours_heldout21.jsonl", "ours"),
        ("ours_heldout22 (blind)", "ours_heldout22.jsonl", "ours"),
        ("ours_heldout23 (blind)", "ours_heldout23.jsonl", "ours"),
        ("ours_heldout24 (blind)", "ours_heldout24.jsonl", "ours"),
        ("ours_heldout25 (blind)", "ours_heldout25.jsonl", "ours"),
        ("ours_heldout26 (blind)", "ours_heldout26.jsonl", "ours"),
        ("ours_heldout27 (blind)", "ours_heldout27.jsonl", "ours"),
        ("ours_heldout28 (blind)", "ours_heldout28.jsonl", "ours"),
        ("ours_heldout29 (blind)", "ours_heldout29.jsonl", "ours"),
        ("ours_heldout30 (blind)", "ours_heldout30.jsonl", "ours"),
        ("ours_heldout31 (blind)", "ours_heldout31.jsonl", "ours"),
        ("ours_heldout32 (blind)", "ours_heldout32.jsonl", "ours"),
        ("ours_heldout33 (blind)", "ours_heldout33.jsonl", "ours"),
        ("ours_heldout34 (blind)", "ours_heldout34.jsonl", "ours")]
HELD_OUT = ("ours_heldout", "ours_heldout2", "ours_heldout3 (blind)", "ours_heldout4 (blind)", "ours_heldout5 (blind)",
            "ours_heldout6 (blind)", "ours_heldout7 (blind)", "ours_heldout8 (blind)", "ours_heldout9 (blind)",
            "ours_heldout10 (blind)", "ours_heldout11 (blind)", "ours_heldout12 (blind)",
            "ours_heldout13 (blind)", "ours_heldout14 (blind)", "ours_heldout15 (blind)",
            "ours_heldout16 (blind)", "ours_heldout17 (blind)", "ours_heldout18 (blind)",
            "ours_heldout19 (blind)", "ours_heldout20 (blind)", "ours_heldout21 (blind)", "ours_heldout22 (blind)",
            "ours_heldout23 (blind)", "ours_heldout24 (blind)", "ours_heldout25 (blind)",
            "ours_heldout26 (blind)", "ours_heldout27 (blind)", "ours_heldout28 (blind)",
            "ours_heldout29 (blind)", "ours_heldout30 (blind)", "ours_heldout31 (blind)",
            "ours_heldout32 (blind)", "ours_heldout33 (blind)", "ours_heldout34 (blind)")
CANDIDATES = [("candidates", "candidates.jsonl"), ("candidates2 (blind)", "candidates2.jsonl"),
              ("candidates3 (blind)", "candidates3.jsonl"), ("candidates4 (blind)", "candidates4.jsonl"),
              ("candidates5 (blind)", "candidates5.jsonl"), ("candidates6 (blind)", "candidates6.jsonl"),
              ("candidates7 (blind)", "candidates7.jsonl"), ("candidates8 (blind)", "candidates8.jsonl"),
              ("candidates9 (blind)", "candidates9.jsonl"), ("candidates10 (blind)", "candidates10.jsonl"),
              ("candidates11 (blind)", "candidates11.jsonl"), ("candidates12 (blind)", "candidates12.jsonl"),
              ("candidates13 (blind)", "candidates13.jsonl"), ("candidates14 (blind)", "candidates14.jsonl"),
              ("candidates15 (blind)", "candidates15.jsonl"), ("candidates16 (blind)", "candidates16.jsonl"),
              ("candidates17 (blind)", "candidates17.jsonl"), ("candidates18 (blind)", "candidates18.jsonl"),
              ("candidates19 (blind)", "candidates19.jsonl"), ("candidates20 (blind)", "candidates20.jsonl"),
              ("candidates21 (blind)", "candidates21.jsonl"), ("candidates22 (blind)", "candidates22.jsonl"),
              ("candidates23 (blind)", "candidates23.jsonl"), ("candidates24 (blind)", "candidates24.jsonl"),
              ("candidates25 (blind)", "candidates25.jsonl"), ("candidates26 (blind)", "candidates26.jsonl"),
              ("candidates27 (blind)", "candidates27.jsonl"), ("candidates28 (blind)", "candidates28.jsonl"),
              ("candidates29 (blind)", "candidates29.jsonl"), ("candidates30 (blind)", "candidates30.jsonl"),
              ("candidates31 (blind)", "candidates31.jsonl"), ("candidates32 (blind)", "candidates32.jsonl"),
              ("candidates33 (blind)", "candidates33.jsonl")]


def _line(name: str, fig: dict) -> str:
    marks = "".join("" if fig[k] >= v else f"  BELOW {k} {v}" for k, v in TARGETS.items())
    return (f"   {name:<24} exact {fig['exact']:.3f}  within one {fig['within_one']:.3f}  Spearman "
            f"{fig['spearman']:.3f}  ({fig['scored_pairs']} answers){marks}")


def main(verbose: bool = False) -> dict:
    packs = {"ours": our_packs(), "public": public_packs()}
    out: dict = {}
    everything: list[tuple[int, int]] = []
    tuned: list[tuple[int, int]] = []
    print("-- agreement with the labelled levels (1-4) per set")
    for name, file, which in SETS:
        if packs[which] is None:
            print(f"   {name:<24} skipped: ../shared/upstream/offercome is not beside the project")
            continue
        fig = evaluate(load(file), packs[which], timing=name == "ours_dev")
        results, pairs = fig.pop("_results"), fig.pop("_pairs")
        out[name] = fig
        everything += pairs
        if name not in HELD_OUT:
            tuned += pairs
        print(_line(name, fig))
        if verbose:
            for r, a in results:
                if r["level"] != a.level:
                    print(f"      {r['id']:<5} gold {r['level']} got {a.level} {a.signal:<9} [{r['kind']}] "
                          f"{r['answer'][:70]}")
    cands = {}
    for name, file in CANDIDATES:
        cand = cands[name] = candidate_order(packs["ours"], file)
        pairs = cand.pop("_answer_pairs")
        everything += pairs
        if "blind" not in name:
            tuned += pairs
        out[f"{name} (answers)"] = _pairs_fig(pairs)
        print(_line(f"{name} answers", out[f"{name} (answers)"]))
    out["all own sets"] = _pairs_fig(everything)
    out["all but held-out"] = _pairs_fig(tuned)
    print(_line("all but held-out", out["all but held-out"]))
    print(_line("all own sets", out["all own sets"]))
    if "ours_dev" in out:
        print(f"   speed: {out['ours_dev']['ms_per_answer_median']:.1f} ms per answer (median), "
              f"{out['ours_dev']['ms_per_answer_p95']:.1f} ms p95")

    print("-- candidates: topic levels in their scorecards (median of each topic's answers) and the overall level")
    for name, cand in cands.items():
        for c in cand["candidates"]:
            print(f"   {c['id']:<5} level {c['gold']}: topic levels {c['topic_levels']}, mean {c['mean']:.2f} "
                  f"(best-answer rule: {c['max_rule_mean']:.2f}); overall {c['overall']:.1f}")
        print(f"   {name}: order kept by the overall level: {cand['order_kept_overall']} "
              f"({cand['pairs_out_of_order_overall']} pairs out of order); by the mean of the topic levels: "
              f"{cand['order_kept']} ({cand['pairs_out_of_order']}); with the old best-answer rule: "
              f"{cand['order_kept_with_best_answer_rule']}")
    kept = sum(c["order_kept_overall"] for c in cands.values())
    by_topics = sum(c["order_kept"] for c in cands.values())
    print(f"   order kept in {kept} of {len(cands)} candidate sets by the overall level, {by_topics} by the mean of "
          f"the topic levels")
    out["candidate_order"] = cands

    print("-- quote audit (ours_dev, ours_heldout, ours_heldout2)")
    rows = load("ours_dev.jsonl") + load("ours_heldout.jsonl") + load("ours_heldout2.jsonl")
    au = audit(rows, packs["ours"])
    missed, extra, sample = au.pop("_missed"), au.pop("_extra"), au.pop("_sample")
    out["quote_audit"] = au
    print(f"   credited quotes {au['credited']}: carry the marker's subject {au['quote_has_subject']}, "
          f"show it (number, formula, mechanism or reason) {au['quote_shows_it']}")
    print(f"   markers the answers state (labelled) {au['stated_markers']}: listed as missed "
          f"{au['stated_but_missed']}; credited beyond the labels {au['credited_not_labelled']}")
    if verbose:
        for rid, m in missed:
            print(f"      missed   {rid}: {m[:70]}")
        for rid, m, q in extra:
            print(f"      extra    {rid}: {m[:50]} :: {q[:80]}")
        for rid, m, q, ok in sample:
            print(f"      {'ok ' if ok else 'BAD'} {rid}: {m[:50]} :: {q[:90]}")

    s5 = interviewbench.main()
    if s5 is None:
        print("-- InterviewBench s5: skipped (../shared/upstream/offercome is not beside the project)")
    else:
        out["interviewbench_s5"] = s5
        print("-- InterviewBench s5 (60 English ML answers, each item's own rubric as a pack; bands low/medium/high)")
        for k in ("all", "even (designed on)", "odd (not tuned on)", "length_baseline"):
            f = s5[k]
            print(f"   {k:<24} exact {f['exact']:.3f}  quadratic kappa {f['qwk']:.3f}  ({f['items']} items)")
        print(f"   levels changed when another item's rubric is used: {s5['levels_changed_by_another_rubric']} of 60")
    return out


def _pairs_fig(pairs: list[tuple[int, int]]) -> dict:
    n = len(pairs) or 1
    return {"scored_pairs": len(pairs), "exact": sum(g == p for g, p in pairs) / n,
            "within_one": sum(abs(g - p) <= 1 for g, p in pairs) / n,
            "spearman": spearman([g for g, _ in pairs], [p for _, p in pairs])}


if __name__ == "__main__":
    main(verbose="-v" in sys.argv)
