"""Could the level be decided better from what the scorer already reads? Fits it and says.

The scorer reads counts (`scoring_level.Features`), a level the rules give from them, red flags and caps. This fits
a level from all of those on the labelled answers the scorer was tuned on, cross-validated one set left out at a
time, and applies the fit to the sets kept unread. Where the fit beats the rules on sets it never saw, the
hand-set boundaries are what fails to carry over; where it does not, what fails is the reading itself.

Not part of `make bench` (it needs numpy and scikit-learn, which the program does not):
    .venv/bin/pip install numpy scikit-learn && .venv/bin/python bench/level_fit.py
"""

from __future__ import annotations

import dataclasses
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorer_sets import load, our_packs, spearman  # noqa: E402

from interviewer import scoring_level as L  # noqa: E402
from interviewer import scoring_marks as M  # noqa: E402
from interviewer import scoring_terms as T  # noqa: E402
from interviewer.scoring import score_answer  # noqa: E402

# Sets no change to the scorer was read from (their answers were never looked at one by one). heldout33 and
# candidates32 were unread when the fit was first measured (their figures are in the commit that added this file) and
# were read after it.
UNREAD = ("ours_heldout12.jsonl", "ours_heldout25.jsonl", "ours_heldout32.jsonl", "candidates24.jsonl",
          "candidates31.jsonl")
KINDS = ("tradeoff", "validation", "incident", "measured", "safeguard")
SIGNALS = ("answered", "thin", "dont_know", "help", "not_mine", "refuse", "wants_end")
LEVELS = (None, 1, 2, 3, 4)
GENERIC = {x: k for k, pair in T.GENERIC_DANGER.items() for x in pair}


def _answers():
    """(set, gold level, own flags, topic, question, answer, lang) for every labelled answer of our pack."""
    packs = our_packs()
    for f in sorted((ROOT / "tests/data").glob("*.jsonl")):
        if f.name == "devset.jsonl":
            continue  # the public pack's
        for row in load(f.name):
            if f.name.startswith("candidates"):
                pack = packs[row["lang"]]
                for x in row["answers"]:
                    t = pack.topic(x["topic"])
                    yield f.name, x["level"], pack.danger_for(t.title), t, x["question"], x["answer"], row["lang"]
            else:
                pack = packs[row["skill_lang"]]
                t = pack.topic(row["topic"])
                yield f.name, row["level"], pack.danger_for(t.title), t, row["question"], row["answer"], row["lang"]


def rows() -> list[tuple[str, int, int, list[float]]]:
    """(set, gold, the scorer's level, features) per answer."""
    seen = {}
    rule = L.level

    def level(r, f):  # the Features and the rules' level, which score_answer keeps to itself
        seen["f"], seen["rule"] = f, rule(r, f)
        return seen["rule"]

    L.level = level
    out = []
    try:
        for name, gold, own, topic, question, answer, lang in _answers():
            seen.clear()
            a = score_answer(topic, answer, question, own)
            f = seen.get("f") or L.Features()
            v = [float(getattr(f, x.name)) for x in dataclasses.fields(f)
                 if isinstance(getattr(f, x.name), (bool, int, float))]
            v += [float(k in f.judgement) for k in KINDS] + [float(k in f.judged_here) for k in KINDS]
            v += [float(a.level == k) for k in LEVELS] + [float(seen.get("rule") == k) for k in LEVELS]
            v += [float(a.signal == s) for s in SIGNALS]
            flags = [GENERIC.get(d.signal) or ("own_" if d.signal in own else "other_") + M.flag_kind(d.signal)
                     for d in a.danger_signals]
            v += [float(flags.count(k)) for k in (*T.GENERIC_DANGER, *(p + k for p in ("own_", "other_") for k in
                                                                        ("naive", "misconception", "ignorance",
                                                                         "other")))]
            v += [len(a.markers), math.log1p(len(answer)), float(lang == "zh")]
            out.append((name, gold, a.level or 1, v))
    finally:
        L.level = rule
    return out


def figures(pairs) -> str:
    n = len(pairs)
    exact = sum(g == p for g, p in pairs) / n
    within = sum(abs(g - p) <= 1 for g, p in pairs) / n
    rho = spearman([g for g, _ in pairs], [p for _, p in pairs])
    return f"exact {exact:.3f}  within one {within:.3f}  Spearman {rho:.3f}  ({n} answers)"


def main() -> None:
    try:
        import numpy as np
        from sklearn.ensemble import HistGradientBoostingClassifier
        from sklearn.linear_model import LogisticRegression
        from sklearn.pipeline import make_pipeline
        from sklearn.preprocessing import StandardScaler
    except ImportError:
        sys.exit("bench/level_fit.py needs numpy and scikit-learn: .venv/bin/pip install numpy scikit-learn")
    data = rows()
    sets = np.array([d[0] for d in data])
    gold = np.array([d[1] for d in data])
    ours = np.array([d[2] for d in data])
    X = np.array([d[3] for d in data])
    read = ~np.isin(sets, UNREAD)
    models = {"logistic": lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=3000)),
              "boosted trees": lambda: HistGradientBoostingClassifier(max_depth=3, max_iter=150, learning_rate=0.05)}
    print(f"the scorer, read sets:     {figures(list(zip(gold[read], ours[read])))}")
    for name, make in models.items():
        fitted = ours.copy()
        for left_out in sorted(set(sets[read])):
            train, test = read & (sets != left_out), sets == left_out
            fitted[test] = make().fit(X[train], gold[train]).predict(X[test])
        print(f"{name}, one set left out: {figures(list(zip(gold[read], fitted[read])))}")
    fits = {name: ours.copy() for name in models}
    for name, make in models.items():
        fits[name][~read] = make().fit(X[read], gold[read]).predict(X[~read])
    for label, where in (("unread sets", ~read), *((s, sets == s) for s in UNREAD)):
        print(f"{label}:")
        for name, levels in (("the scorer", ours), *fits.items()):
            print(f"   {name:14} {figures(list(zip(gold[where], levels[where])))}")


if __name__ == "__main__":
    main()
