"""Agreement of the offline scorer with the labelled development set (tests/data/devset.jsonl).

Scores every answer against the PUBLIC distributed-training pack (zh or en, per row), then prints
exact / within-one agreement, Spearman rank correlation, the guard-rail rates and the speed.
`main()` returns the figures as a dict so bench/run.py can collect them.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from interviewer import skills, vocabulary  # noqa: E402
from interviewer.scoring import score_answer  # noqa: E402
from interviewer.textutil import found_in  # noqa: E402

DEVSET = ROOT / "tests" / "data" / "devset.jsonl"
PUBLIC = ROOT.parent / "shared" / "upstream" / "offercome"
PACK_DIR = PUBLIC / "skills" / "distributed-training"
S5 = PUBLIC / "bench" / "subtasks" / "s5-level.json"


def _ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rho with average ranks for ties (Pearson on ranks)."""
    if len(a) < 2:
        return float("nan")
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")


def load_rows(path: Path = DEVSET) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def evaluate(rows: list[dict], packs: dict) -> dict:
    """Figures for one group of rows; each row carries its gold level, signal, danger flag and kind."""
    pairs, results, quotes_ok, times = [], [], True, []
    for row in rows:
        pack = packs[row["skill_lang"]]
        topic = pack.topic(row["topic"])
        signals = pack.danger_for(topic.title)
        a = score_answer(topic, row["answer"], row["question"], signals)
        runs = []
        for _ in range(5):  # best of 5 after a warm call: the scorer's own cost, not the machine's noise
            t0 = time.perf_counter()
            score_answer(topic, row["answer"], row["question"], signals)
            runs.append(time.perf_counter() - t0)
        times.append(min(runs))
        results.append((row, a))
        quotes = [h.evidence for h in a.markers] + [d.evidence for d in a.danger_signals]
        quotes_ok &= all(found_in(q, row["answer"]) for q in quotes)
        if row["level"] is not None and a.level is not None:
            pairs.append((row["level"], a.level))
    gold = [g for g, _ in pairs]
    got = [p for _, p in pairs]
    n = len(pairs) or 1
    guarded = [(r, a) for r, a in results if r["kind"] in ("manipulation", "stuffing")]
    floored = [(r, a) for r, a in results if r["signal"] in ("dont_know", "not_mine")]
    shows = [(r, a) for r, a in results if r["has_danger"]]
    solid = [(r, a) for r, a in results if (r["level"] or 0) >= 3]
    return {
        "answers": len(rows),
        "scored_pairs": len(pairs),
        "unscored_gold_level": sum(1 for r, a in results if r["level"] is not None and a.level is None),
        "exact": sum(g == p for g, p in pairs) / n,
        "within_one": sum(abs(g - p) <= 1 for g, p in pairs) / n,
        "spearman": spearman(gold, got),
        "signal_agreement": sum(r["signal"] == a.signal for r, a in results) / (len(results) or 1),
        "manipulation_or_stuffing_le2": all((a.level or 0) <= 2 for _, a in guarded),
        "dont_know_not_mine_level1": all(a.level == 1 for _, a in floored),
        "danger_recall": sum(bool(a.danger_signals) for _, a in shows) / (len(shows) or 1),
        "danger_on_solid": sum(bool(a.danger_signals) for _, a in solid) / (len(solid) or 1),
        "quotes_found": quotes_ok,
        "ms_per_answer_median": 1000 * statistics.median(times) if times else 0.0,
        "ms_per_answer_p95": 1000 * sorted(times)[int(0.95 * (len(times) - 1))] if times else 0.0,
        "ms_per_answer_max": 1000 * max(times) if times else 0.0,
        "_results": results,
    }


def s5_agreement(packs: dict) -> dict | None:
    """Optional: the public s5-level items (ML interviews, not distributed training) mapped low/medium/high → 1-2/3/4.

    Scored against the closest topic we have (MFU and performance analysis); only the rank
    correlation is meaningful, since the vocabulary is another field's.
    """
    if not S5.exists():
        return None
    items = json.loads(S5.read_text(encoding="utf-8"))["items"]
    gold_map = {"low": 1.5, "medium": 3, "high": 4}
    topic = packs["en"].topic(5)
    gold, got = [], []
    for it in items:
        a = score_answer(topic, it["answer"], it.get("question", ""), [])
        if a.level is not None:
            gold.append(gold_map[it["truth"]["level"]])
            got.append(a.level)
    return {"items": len(items), "spearman": spearman(gold, got)}


def main(verbose: bool = False) -> dict:
    if not PACK_DIR.is_dir():
        return {"skipped": f"the public pack is not at {PACK_DIR}"}
    # The public pack has no vocabulary file; it is the field our pack's vocabulary describes.
    vocab = vocabulary.read(ROOT / "skills" / "distributed-training" / "vocabulary.toml")
    packs = {"zh": skills.load_pack(PACK_DIR / "SKILL.md").with_vocabulary(vocab),
             "en": skills.load_pack(PACK_DIR / "SKILL.en.md").with_vocabulary(vocab)}
    rows = load_rows()
    out: dict = {}
    splits = list(dict.fromkeys(r.get("split", "dev") for r in rows))
    for split in [*splits, "all"]:
        part = [r for r in rows if split == "all" or r.get("split", "dev") == split]
        if not part:
            continue
        fig = evaluate(part, packs)
        res = fig.pop("_results")
        out[split] = fig
        if verbose:
            for r, a in res:
                if r["level"] != a.level or r["signal"] != a.signal or r["has_danger"] != bool(a.danger_signals):
                    print(f"  {r['id']:<5} gold L{r['level']} {r['signal']:<9} d={int(r['has_danger'])}  "
                          f"got L{a.level} {a.signal:<9} d={int(bool(a.danger_signals))}  [{r['kind']}]")
    s5 = s5_agreement(packs)
    if s5:
        out["s5_level_public"] = s5
    for split, fig in out.items():
        if "exact" in fig:
            print(f"   {split:<9} exact {fig['exact']:.3f}  within one {fig['within_one']:.3f}  Spearman "
                  f"{fig['spearman']:.3f}  danger recall {fig['danger_recall']:.3f}  ({fig['scored_pairs']} answers)")
        elif "spearman" in fig:
            print(f"   {split:<9} Spearman {fig['spearman']:.3f} ({fig['items']} general-ML answers scored against our MFU "
                  "topic: another field's vocabulary, for reference only)")
    return out


def _print(figs: dict) -> None:
    if "skipped" in figs:
        print(f"scorer bench skipped: {figs['skipped']}")
        return
    targets = {"exact": 0.55, "within_one": 0.85, "spearman": 0.7, "danger_recall": 0.8}
    for split, fig in figs.items():
        print(f"[{split}]")
        for k, v in fig.items():
            mark = ""
            if k in targets and isinstance(v, float):
                mark = "  ok" if v >= targets[k] else f"  BELOW {targets[k]}"
            if k == "danger_on_solid":
                mark = "  ok" if v <= 0.15 else "  ABOVE 0.15"
            print(f"  {k:<30} {v:.3f}{mark}" if isinstance(v, float) else f"  {k:<30} {v}")


if __name__ == "__main__":
    figures = main(verbose="-v" in sys.argv)
    _print(figures)
