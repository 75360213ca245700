"""Our own work per turn in a scripted offline session (scoring, deciding, atomic save)."""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ANSWERS = [
    "We kept TP=8 inside the node on NVLink and PP=4 across nodes, because each transformer block needs two "
    "all-reduces forward and two backward under TP, and the 400 Gb/s inter-node links could not carry that. "
    "MFU went from 38% to 45%, measured as 6ND over peak, and we checked the comm share in nsys: 22% to 14%.",
    "We used Megatron and DeepSpeed and it worked well.",
    "Could you be more specific?",
    "I don't know.",
    "No idea, sorry.",
    "ZeRO-3 shards parameters, gradients and optimizer states; for a 7B model with Adam that is 16 bytes per "
    "parameter, 112 GB, so across 8 GPUs about 14 GB each, at the cost of an extra all-gather in forward and backward.",
]


def main(runs: int = 5) -> dict:
    from interviewer import skills
    from interviewer.plan import build_plan
    from interviewer.resume import load_resume
    from interviewer.session import Session
    from interviewer.transcript import TranscriptStore

    pack = skills.resolve(None, "en")
    resume = load_resume(ROOT / "skills" / "distributed-training" / "sample-resume.en.md")
    plan = build_plan(pack, resume, 45, "en")
    per_turn: list[float] = []
    no_save: list[float] = []
    for r in range(runs):
        with tempfile.TemporaryDirectory() as d:
            for store in (TranscriptStore(Path(d) / "s.json"), None):
                s = Session.create(pack, resume, plan, store=store, max_turns=60)
                s.start()
                for i in range(40):
                    t0 = time.perf_counter()
                    res = s.answer(ANSWERS[i % len(ANSWERS)])
                    (per_turn if store else no_save).append(time.perf_counter() - t0)
                    if res.finished:
                        break
                s.close()
    med = statistics.median(per_turn) * 1000
    p95 = statistics.quantiles(per_turn, n=20)[-1] * 1000
    med_ns = statistics.median(no_save) * 1000
    print(f"   per turn with atomic save  median {med:6.2f} ms   p95 {p95:6.2f} ms   ({len(per_turn)} turns)")
    print(f"   per turn without saving    median {med_ns:6.2f} ms   (target: under 20 ms of our own work)")
    return {"turn_ms_median": med, "turn_ms_p95": p95, "turn_ms_no_save": med_ns, "turns": len(per_turn)}


if __name__ == "__main__":
    main()
