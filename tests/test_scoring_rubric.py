"""Issue 12: a pack is scored from its own rubric. Without a vocabulary file the terms come from the wording of its
markers and red flags; another pack's rubric gives other levels; InterviewBench items become packs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from interviewer import skills
from interviewer.scoring import score_answer
from interviewer.skills import DangerArea, SkillPack, Topic

from conftest import OUR_PACK, ROOT, UPSTREAM

KAFKA = Topic(index=1, title="Kafka consumer groups", line=1,
              ladder=["how partitions are assigned", "what triggers a rebalance", "how to avoid rebalance storms"],
              markers=["knows a rebalance is triggered by a consumer joining, leaving or missing session.timeout.ms",
                       "knows cooperative-sticky assignment moves only the partitions that must move",
                       "has a measured story: lag before and after, and how the rebalance was proven to be the cause"])
KAFKA_PACK = SkillPack(name="kafka", topics=[KAFKA], danger_areas=[DangerArea(
    area=KAFKA.title, signals=["restarts consumers until lag goes away", "cannot say what triggers a rebalance"],
    topic=KAFKA.title, line=1)], lang="en")


def test_a_pack_without_a_vocabulary_is_scored_from_its_rubric_words():
    assert not KAFKA.vocabulary.concepts
    said = ("A rebalance is triggered when a consumer joins, leaves, or misses session.timeout.ms, so every GC pause "
            "over 10 s kicked one out; with cooperative-sticky assignment only the partitions that must move are "
            "revoked, and lag dropped from 2M to 40k messages.")
    a = score_answer(KAFKA, said, "What triggers a rebalance?", KAFKA_PACK.danger_for(KAFKA.title))
    assert a.level >= 3 and len(a.markers) >= 2
    assert any("session.timeout.ms" in h.evidence for h in a.markers)
    naive = score_answer(KAFKA, "We just restart the consumers until the lag goes away.", "What triggers a rebalance?",
                         KAFKA_PACK.danger_for(KAFKA.title))
    assert naive.level <= 2 and naive.danger_signals and not naive.markers


def test_another_packs_rubric_gives_other_levels():
    ours = skills.resolve(None, "en")
    answers = [json.loads(x) for x in (ROOT / "tests" / "data" / "ours_dev.jsonl").read_text(
        encoding="utf-8").splitlines() if x.strip()]
    en = [r for r in answers if r["skill_lang"] == "en" and (r["level"] or 0) >= 3]
    changed = 0
    for r in en:
        topic = ours.topic(r["topic"])
        here = score_answer(topic, r["answer"], r["question"], ours.danger_for(topic.title)).level
        there = score_answer(KAFKA, r["answer"], r["question"], KAFKA_PACK.danger_for(KAFKA.title)).level
        changed += here != there
        assert there <= 2  # distributed-training knowledge is no answer about Kafka consumer groups
    assert changed == len(en)


def test_swapping_our_vocabulary_out_still_scores_from_the_rubric():
    pack = skills.resolve(str(OUR_PACK), "zh").with_vocabulary(None)
    t = pack.topic(5)
    a = score_answer(t, "1F1B 的气泡是 (p-1)/(m+p-1)，p=8、m=32 时 7/39，约 18%；省的是在途激活，不是气泡。", "",
                     pack.danger_for(t.title))
    assert a.level >= 3 and a.markers


def test_interviewbench_items_become_packs_and_their_rubric_decides(upstream_skills):
    s5 = UPSTREAM / "bench" / "subtasks" / "s5-level.json"
    if not s5.exists():
        pytest.skip("InterviewBench is not beside the project")
    sys.path.insert(0, str(ROOT / "bench"))
    import interviewbench

    items = json.loads(s5.read_text(encoding="utf-8"))["items"][:6]
    for it in items:
        pack, topic = interviewbench.item_pack(it)
        assert topic.markers and pack.danger_for(topic.title) and not topic.vocabulary.concepts
        a = score_answer(topic, it["answer"], it["question"], pack.danger_for(topic.title))
        assert a.level in (1, 2, 3, 4)
    assert interviewbench.qwk([0, 1, 2, 2], [0, 1, 2, 2]) == 1.0
    assert interviewbench.length_baseline([{"answer": "x" * n} for n in (1, 2, 3, 4, 5, 6)]) == [0, 0, 1, 1, 2, 2]
