"""InterviewBench s5 (../shared/upstream/offercome/bench, MIT): each item's own rubric as a one-topic pack.

Each item is an English ML-interview question, an answer, and three anchors describing a low / medium / high
candidate on one dimension. The pack built from an item (in memory, nothing is copied into the project):
topic = the dimension, ladder = the three anchors, signs of a solid answer = the sentences of the medium and high
anchors, red flags = the sentences of the low anchor. There is no vocabulary file, so the scorer reads the answer
with the terms of that rubric. Our levels map to the bench's bands as it defines them: 1-2 low, 3 medium, 4 high.

The no-vocabulary path was designed looking at the even-numbered items only; the odd-numbered ones are reported
apart as the check nobody tuned on. Baseline: answer-length tertiles (shortest third low, middle medium, longest
high), as the issue describes it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from interviewer.scoring import score_answer
from interviewer.skills import DangerArea, SkillPack, Topic

S5 = Path(__file__).resolve().parent.parent.parent / "shared" / "upstream" / "offercome" / "bench" / "subtasks" / \
    "s5-level.json"
BAND = {"low": 0, "medium": 1, "high": 2}


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.;])\s+", text) if s.strip()]


def item_pack(item: dict, anchors_from: dict | None = None) -> tuple[SkillPack, Topic]:
    """The item's rubric as a pack (or another item's rubric, to check that the rubric decides)."""
    an = (anchors_from or item)["anchors"]
    title = (anchors_from or item)["dimension"].replace("_", " ")
    topic = Topic(index=1, title=title, ladder=[an["low"], an["medium"], an["high"]],
                  markers=sentences(an["medium"]) + sentences(an["high"]), line=1)
    area = DangerArea(area=title, signals=sentences(an["low"]), topic=title, line=1)
    return SkillPack(name=f"s5-{item['id']}", topics=[topic], danger_areas=[area], lang="en"), topic


def band(level: int | None) -> int:
    return 0 if (level or 1) <= 2 else 1 if level == 3 else 2


def qwk(gold: list[int], got: list[int], k: int = 3) -> float:
    """Quadratic-weighted Cohen's kappa over k ordered classes."""
    n = len(gold)
    obs = [[0] * k for _ in range(k)]
    for a, b in zip(gold, got):
        obs[a][b] += 1
    ha = [sum(obs[i]) for i in range(k)]
    hb = [sum(obs[i][j] for i in range(k)) for j in range(k)]
    num = sum((i - j) ** 2 * obs[i][j] for i in range(k) for j in range(k))
    den = sum((i - j) ** 2 * ha[i] * hb[j] / n for i in range(k) for j in range(k))
    return 1 - num / den if den else float("nan")


def _figures(gold: list[int], got: list[int]) -> dict:
    return {"items": len(gold), "exact": sum(a == b for a, b in zip(gold, got)) / len(gold), "qwk": qwk(gold, got)}


def length_baseline(items: list[dict]) -> list[int]:
    lengths = sorted(len(i["answer"]) for i in items)
    t1, t2 = lengths[len(lengths) // 3], lengths[2 * len(lengths) // 3]
    return [0 if len(i["answer"]) < t1 else 1 if len(i["answer"]) < t2 else 2 for i in items]


def main() -> dict | None:
    if not S5.exists():
        return None
    items = json.loads(S5.read_text(encoding="utf-8"))["items"]
    gold, got, swapped_changes = [], [], 0
    for n, it in enumerate(items):
        pack, topic = item_pack(it)
        a = score_answer(topic, it["answer"], it.get("question", ""), pack.danger_for(topic.title))
        gold.append(BAND[it["truth"]["level"]])
        got.append(band(a.level))
        # Swapping the rubric (the next item's of another dimension) must be able to change the level.
        other = next(x for x in items[n + 1:] + items[:n] if x["dimension"] != it["dimension"])
        opack, otopic = item_pack(it, other)
        b = score_answer(otopic, it["answer"], it.get("question", ""), opack.danger_for(otopic.title))
        swapped_changes += a.level != b.level
    base = length_baseline(items)
    return {
        "all": _figures(gold, got),
        "even (designed on)": _figures(gold[0::2], got[0::2]),
        "odd (not tuned on)": _figures(gold[1::2], got[1::2]),
        "length_baseline": _figures(gold, base),
        "levels_changed_by_another_rubric": swapped_changes,
        "confusion": {f"{g}->{p}": sum(1 for a, b in zip(gold, got) if (a, b) == (g, p))
                      for g in range(3) for p in range(3)},
    }
