"""Issue 12: a topic's level is the candidate's consistent performance (the median, not the best answer), shown
with its best and weakest answers; candidates keep their order; every red flag leaves something to improve; and
each answer's feedback names its own most important missing point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interviewer import skills
from interviewer.scorecard import build_scorecard, topic_level
from interviewer.scoring import Assessment, DangerHit, MarkerHit, score_answer

CANDIDATES = [json.loads(x) for x in (Path(__file__).parent / "data" / "candidates.jsonl").read_text(
    encoding="utf-8").splitlines() if x.strip()]


def a(level, topic="T", markers=0, flags=()):
    return Assessment(topic=topic, signal="answered", level=level,
                      markers=[MarkerHit(marker=f"m{i}", evidence=f"quote {i}") for i in range(markers)],
                      danger_signals=[DangerHit(signal=f, evidence="said it") for f in flags], excerpt="opening")


@pytest.mark.parametrize("levels, markers, expected", [
    ([4, 1, 1], [1, 0, 0], 1),  # one strong answer among weak ones does not set the headline
    ([2, 3, 3], [0, 1, 1], 3),
    ([2, 4], [0, 2], 4),  # between the two middle levels: the upper one, backed by a quoted point
    ([2, 3], [0, 0], 2),  # ... not when nothing at that level quotes a point
    ([1, 2], [0, 0], 1),  # an honest beginner who names a term once stays below a names-level candidate
    ([3], [1], 3),
])
def test_the_topic_level_is_the_median_of_its_answers(levels, markers, expected):
    assert topic_level([a(lv, markers=m) for lv, m in zip(levels, markers)]) == expected


def test_the_card_says_how_and_shows_the_best_and_the_weakest_answer():
    card = build_scorecard(["T", "U"], [a(4, markers=1), a(2, flags=("只报名词没有机制",)), a(3, markers=1)], "zh")
    t = card.topics[0]
    assert t.level == 3 and t.levels == [4, 2, 3]
    assert "中位数" in t.how and "最好一题 4 级" in t.how and "最弱一题 2 级" in t.how
    assert t.best.level == 4 and t.best.quote == "quote 0" and t.best.position == 1
    assert t.weakest.level == 2 and t.weakest.quote == "said it"
    assert card.topics[1].level is None
    assert "中位数" in card.summary and "最高" not in card.summary
    assert card.overall == 3.0 and "总体 3.0 级：全部 3 条已评回答等级的平均" in card.summary
    en = build_scorecard(["T"], [a(2), a(2)], "en")
    assert en.topics[0].how.startswith("median of 2 assessed answers") and en.topics[0].weakest.quote == "opening"


def test_the_overall_level_keeps_apart_two_candidates_whose_topic_levels_tie():
    steady = build_scorecard(["T", "U"], [a(3, markers=1), a(3, markers=1), a(3, "U", markers=1)], "en")
    stronger = build_scorecard(["T", "U"], [a(4, markers=2), a(3, markers=1), a(3, markers=1),
                                            a(4, "U", markers=2), a(3, "U", markers=1), a(3, "U", markers=1)], "en")
    assert [t.level for t in steady.topics] == [t.level for t in stronger.topics] == [3, 3]
    assert steady.overall == 3.0 < stronger.overall == 3.3
    assert "Overall level 3.3: the mean of all 6 assessed answers' levels." in stronger.summary
    assert build_scorecard(["T"], [], "en").overall is None


def test_a_flag_on_a_word_the_opening_holds_is_shown_in_the_opening_words():
    # The zh session's report quoted the weakest answer as "吞吐。", the clause its names-only flag was raised on.
    weak = Assessment(topic="T", signal="answered", level=2,
                      excerpt="吞吐。基线是最早那版 TP8 PP4 的配置，每卡每秒 token 从 1500 左右到 1850 左右",
                      danger_signals=[DangerHit(signal="只报名词没有机制", evidence="吞吐。")])
    card = build_scorecard(["T"], [weak, a(3, markers=1)], "zh")
    assert card.topics[0].weakest.quote.startswith("吞吐。基线是最早那版")


@pytest.mark.parametrize("lang, short, long", [
    ("zh", "我先 py-spy dump 了所有 rank 的栈，", "我先 py-spy dump 了所有 rank 的栈，发现 rank 1337 停在 all-reduce 之前。"),
    ("en", "I py-spy dumped every rank,", "I py-spy dumped every rank, and rank 1337 sat before the all-reduce."),
])
def test_a_quote_inside_a_longer_one_is_shown_once(lang, short, long):
    # The zh session's report listed both: two points credited on one sentence.
    two = Assessment(topic="T", signal="answered", level=4, excerpt="opening",
                     markers=[MarkerHit(marker="m0", evidence=short), MarkerHit(marker="m1", evidence=long)])
    assert build_scorecard(["T"], [two], lang).topics[0].evidence == [long]


def test_red_flags_always_leave_something_to_improve():
    card = build_scorecard(["T"], [a(4, markers=2, flags=("hang 了只会重启",)), a(4, markers=1)], "zh")
    assert card.topics[0].level == 4 and card.danger_signals
    assert card.improvements and "hang 了只会重启" in card.improvements[0]


@pytest.fixture(scope="module")
def cards():
    packs = {lang: skills.resolve(None, lang) for lang in ("zh", "en")}
    out = []
    for c in CANDIDATES:
        pack = packs[c["lang"]]
        assessed = []
        for x in c["answers"]:
            topic = pack.topic(x["topic"])
            assessed.append(score_answer(topic, x["answer"], x["question"], pack.danger_for(topic.title)))
        card = build_scorecard(list(dict.fromkeys(y.topic for y in assessed)), assessed, c["lang"])
        levels = [t.level for t in card.topics if t.level is not None]
        out.append((c["level"], sum(levels) / len(levels), card))
    return out


def test_candidates_of_different_levels_keep_their_order_in_their_scorecards(cards):
    for gold, mean, card in cards:
        for gold2, mean2, card2 in cards:
            if gold < gold2:
                assert mean < mean2, (gold, mean, gold2, mean2)
                assert card.overall < card2.overall, (gold, card.overall, gold2, card2.overall)


def test_every_scorecard_with_a_red_flag_has_an_improvement(cards):
    for _, _, card in cards:
        if card.danger_signals:
            assert card.improvements


# --------------------------------------------------------------------------- feedback per answer


@pytest.fixture(scope="module")
def zh():
    return skills.resolve(None, "zh")


def _fb(pack, n, answer, question):
    t = pack.topic(n)
    return score_answer(t, answer, question, pack.danger_for(t.title))


def test_feedback_after_i_dont_know_names_the_point_asked_never_a_deeper_step(zh):
    x = _fb(zh, 6, "ZeRO 我听说过，具体三级分别切什么我不太清楚。", "ZeRO 三个级别有什么区别？")
    assert x.level == 1 and "ZeRO-1 分优化器状态" in x.feedback
    assert "深" not in x.feedback and "下一级" not in x.feedback


def test_feedback_never_names_a_point_the_answer_covered(zh):
    answer = "每参数 16 字节：ZeRO-1 只分优化器状态，每卡 4+12/N；ZeRO-2 再分梯度 2+14/N；ZeRO-3 全分 16/N。64 卡 7B 每卡约 1.75 GB。"
    x = _fb(zh, 6, answer, "ZeRO 三级每卡各省多少显存？")
    assert x.markers
    for h in x.markers:
        assert h.marker[:12] not in x.feedback


def test_feedback_is_not_the_same_remedy_for_every_answer(zh):
    rows = [(6, "ZeRO-3 最省显存，我们一般直接开。", "ZeRO 三级有什么区别？"),
            (10, "MFU 就是算力利用率，我们做得挺高的。", "MFU 怎么算？"),
            (11, "checkpoint 一般一小时存一次。", "checkpoint 多久存一次？"),
            (8, "开了异步 all-reduce，通信就藏起来了。", "通信怎么藏进计算？")]
    feedback = [_fb(zh, n, ans, q).feedback for n, ans, q in rows]
    assert len(set(feedback)) == len(feedback)


@pytest.mark.parametrize("lang, question, answer, whole", [
    ("zh", "换到更大规模还成立吗？", "这个不太清楚，没量过。", "融合、CUDA graph、更大 micro batch、少做重计算、调并行度各压缩哪段时间"),
    ("en", "Does it still hold at larger scale?", "Not sure, never measured it.", "fusion, CUDA graphs, larger micro-batches"),
])
def test_feedback_names_a_listed_point_whole_not_one_item_of_its_list(lang, question, answer, whole):
    # The closing zh session fed back "这一题的要点是「更大 micro batch」": one item of a list that shares its predicate.
    pack = skills.resolve(None, lang)
    t = pack.topic(10)
    assert whole in score_answer(t, answer, question, pack.danger_for(t.title)).feedback


def test_feedback_names_a_list_that_makes_up_a_whole_not_its_last_item_and_what_follows():
    # The junior's zh session fed back "讲清「训练更新组成，并能给出 rollout、训练、权重同步各占 step 的比例」": the last item of
    # "一步由 rollout 生成、奖励计算、…、训练更新组成" with the clause after it.
    from interviewer.scoring_feedback import _shown
    marker = "知道一步由 rollout 生成、奖励计算、参考与旧策略 logprob、训练更新组成，并能给出 rollout、训练、权重同步各占 step 的比例"
    for part in ("一步由 rollout 生成", "训练更新组成"):
        assert _shown(marker, part).startswith("知道一步由 rollout 生成、奖励计算、参考与旧策略 logprob、训练更新组成")
