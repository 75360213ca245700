"""Does the interviewer listen? Simulated candidates of levels 1-4, zh and en, through the real offline session.

Prints, over every follow-up question: the re-ask rate (a question about something an earlier answer already
covered, by the bank's tags), pick-ups and the filler or cut ones, questions right after a miss that ask to go
deeper, whether a second miss on a chain moves on, how many chains a candidate meets in 10 answers, and each
candidate's final scorecard. `main()` returns the figures for bench/run.py.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interview_sim as S  # noqa: E402


def main(verbose: bool = False) -> dict:
    fig = S.Figures()
    rows = []
    t0 = time.perf_counter()
    runs = [S.simulate(c) for c in S.candidates()]
    elapsed = time.perf_counter() - t0
    for run in runs:
        S.measure(run, fig)
        rows.append((run.candidate, S.chains_in(run, 10), run.chains_planned, len(run.exchanges), run.scorecard))
    turns = sum(len(r.exchanges) for r in runs)
    rate = fig.reasks / max(1, fig.follow_ups)
    print(f"   candidates {len(runs)} (zh+en, levels 1-4), {turns} exchanges, {fig.follow_ups} follow-ups "
          f"({elapsed / max(1, turns) * 1000:.1f} ms a turn)")
    print(f"   re-asks                    {fig.reasks} of {fig.follow_ups} follow-ups = {rate:.1%}  (target ≤ 5%)")
    prec = fig.covers_right / max(1, fig.covers_found)
    rec = fig.covers_right / max(1, fig.covers_tagged)
    print(f"   coverage read from answers precision {prec:.0%} ({fig.covers_right}/{fig.covers_found}), "
          f"recall {rec:.0%} ({fig.covers_right}/{fig.covers_tagged}) against the bank's tags")
    print(f"   pick-ups                   {fig.pickups} ({fig.pickups / max(1, fig.follow_ups):.0%} of follow-ups); "
          f"filler or cut {fig.bad_pickups}  (target 0)")
    print(f"   after a miss               {fig.after_miss} questions; asking deeper {fig.deeper_after_miss}  (target 0)")
    print(f"   misses read as dont_know   {fig.misses_read_as_dont_know} of {fig.misses_total}")
    print(f"   second miss → switch       {fig.switched_after_second_miss} of {fig.second_miss}")
    print("   chains met in 10 answers and the scorecard (topic levels, · = not assessed):")
    for cand, chains, planned, n, card in rows:
        levels = " ".join("·" if v is None else str(v) for v in card.values())
        print(f"     {cand.name:<22} L{cand.level} {cand.lang}  chains {chains}/{planned}  exchanges {n:>2}  [{levels}]")
    for kind, examples in fig.examples.items():
        if examples:
            print(f"   e.g. {kind}:")
            for e in examples[: 6 if verbose else 3]:
                print(f"     - {e[:150]}")
    mid = [c for cand, c, *_ in rows if cand.level in (2, 3)]
    return {
        "reask_rate": round(rate, 4), "follow_ups": fig.follow_ups, "reasks": fig.reasks,
        "coverage_precision": round(prec, 3), "coverage_recall": round(rec, 3), "pickups": fig.pickups, "bad_pickups": fig.bad_pickups, "deeper_after_miss": fig.deeper_after_miss,
        "misses_dont_know": f"{fig.misses_read_as_dont_know}/{fig.misses_total}",
        "switch_after_two_misses": f"{fig.switched_after_second_miss}/{fig.second_miss}",
        "min_chains_in_10_answers_level_2_3": min(mid) if mid else None,
        "scorecards": {cand.name: card for cand, _, _, _, card in rows},
    }


if __name__ == "__main__":
    main(verbose="-v" in sys.argv)
