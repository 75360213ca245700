"""Issue 12: a pack is scored from its own rubric. Without a vocabulary file the terms come from the wording of its
markers and red flags; another pack's rubric gives other levels; InterviewBench items become packs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from interviewer import skills
from interviewer.scoring import score_answer
from interviewer.scoring_level import asks_numbers
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


# A behavioural rubric (no numbers asked): what reaches level 4 is the candidate's own decision rule, checked and
# with a way back; the same checks told as a glance stay at 3, and a release left to others stays low.
RELEASE_EN = ["Defines a success metric and runs checks before release", "Has a fallback to the previous model",
              "Sets explicit go/no-go criteria tied to the decision", "Weighs the trade-off between risk and speed",
              "Validates on a held-out period and a canary, and defines when to roll back"]
RELEASE_ZH = ["定义了成功指标，上线前做检查", "有兜底方案", "上线前定下明确的放行标准", "权衡风险和速度",
              "在留出时间段和灰度上验证，并规定什么情况回滚"]


def _release(markers: list[str], flags: list[str], lang: str) -> tuple[Topic, list[str]]:
    topic = Topic(index=1, title="release decisions", line=1, markers=markers,
                  ladder=[" ".join(flags), " ".join(markers[:2]), " ".join(markers[2:])])
    pack = SkillPack(name="release", topics=[topic], lang=lang, danger_areas=[DangerArea(
        area=topic.title, signals=flags, topic=topic.title, line=1)])
    return topic, pack.danger_for(topic.title)


@pytest.mark.parametrize("lang,answers", [
    ("en", ["I set the go/no-go criteria before launch: ship only if recall on the held-out month stayed within a "
            "point of the current model and p95 latency stayed under 200 ms. The trade-off was speed against risk, "
            "so we ran a canary on 5% of traffic for two days and compared it against control. Rollback was "
            "automatic if the error rate doubled.",
            "I picked a simple success metric and did a quick check against the current model before release. We "
            "had a basic fallback to the previous model if things looked off.",
            "I mostly trained the model. The release criteria and the rollback were handled by the platform team, "
            "and the PMs decided when to ship it."]),
    ("zh", ["我在上线前定了放行标准：留出的那个月上召回不能比现模型低超过一个点，p95 延迟要在 200 毫秒以内。代价是上线"
            "慢两天，所以我们先开 5% 灰度跑了两天，和对照组对比。错误率翻倍就自动回滚。",
            "我简单定了个成功指标，上线前快速过了一下，和现模型比了比。有个兜底，看起来不对就切回旧模型，大概就这样。",
            "模型是我训的。放行标准和回滚都是运维负责的，什么时候上线由产品来定。"]),
])
def test_a_behavioural_rubric_reaches_level_4_on_the_candidates_own_checked_decision(lang, answers):
    markers, flags = (RELEASE_EN, ["Ships when the offline metric improves", "Leaves rollback to someone else"]) \
        if lang == "en" else (RELEASE_ZH, ["离线指标变好就上线", "回滚交给别人"])
    topic, own = _release(markers, flags, lang)
    question = ("How did you decide a new ranking model was ready to ship, and what would have made you pull it back?"
                if lang == "en" else "你怎么判断一个新的排序模型可以上线，什么情况下会撤回？")
    assert not asks_numbers(markers)  # the path behavioural rubrics take
    decided, glanced, handed = (score_answer(topic, a, question, own) for a in answers)
    assert decided.level == 4
    assert glanced.level == 3 and ("a quick check" in glanced.feedback or "简单看了一下" in glanced.feedback)
    assert handed.level <= 2 and handed.danger_signals
    assert any(("handled by" in d.evidence or "运维负责" in d.evidence) for d in handed.danger_signals)
