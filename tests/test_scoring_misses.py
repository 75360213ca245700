"""A miss is read as one in both languages, and flagged for what the candidate said they do not know or did,
never for a neighbour of it. Each case was heard in a whole session (a two-year fine-tuning candidate: FSDP on one
node, ZeRO-3 with offload, fp16 → bf16) and read aloud."""

from __future__ import annotations

import re

import pytest

from test_scoring_points import ours, score  # noqa: F401 - ours is a fixture


def flags(a) -> list[str]:
    return [d.signal for d in a.danger_signals]


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "FP8 的缩放粒度是怎么选的？", "FP8 没用过。"),
    ("en", "How did you choose the FP8 scaling granularity?", "I never used FP8."),
])
def test_never_having_used_one_format_is_no_flag_on_the_others(ours, lang, question, answer):
    """Heard: "FP8 没用过。" flagged "说不出 BF16 与 FP16 的差别" (every format is the vocabulary's precision), which then
    kept the interviewer from stepping down to that very question; then "不知道哪些计算要留在 FP32"."""
    a = score(ours, lang, 1, answer, question)
    assert a.signal == "dont_know" and a.danger_signals, flags(a)
    assert not any(re.search(r"BF16|FP16|FP32", f) for f in flags(a)), flags(a)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "没遇到过 hang。"),
    ("zh", "这个没碰到过。"),
    ("en", "I have never run into a hang."),
])
def test_never_having_met_it_is_a_miss_not_an_empty_answer(ours, lang, answer):
    """Heard: zh "没遇到过 hang。" read as a thin answer, "回答空泛，没有机制"; en "never run into" as not knowing."""
    question = ("能具体讲讲一次 hang 从发现到定位到具体 rank 的排查过程吗？" if lang == "zh" else
                "Can you walk me through one hang investigation, from detection to the exact rank?")
    a = score(ours, lang, 15, answer, question)
    assert a.signal == "dont_know" and a.level == 1, (a.signal, flags(a))
    assert not any("空泛" in f or "vague" in f for f in flags(a)), flags(a)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "先是看 loss 曲线发现 NaN，然后回退到上一个 checkpoint 重跑，发现同一个位置又 NaN，就怀疑是数值问题，前后大概花了两天。"),
    ("en", "First we saw NaN on the loss curve, then rolled back to the last checkpoint and reran; it went NaN at the "
           "same place again, so we suspected a numerical issue. It took about two days in all."),
])
def test_a_rerun_from_the_last_checkpoint_is_no_rerun_from_scratch(ours, lang, answer):
    """Heard: the zh story was flagged "出现 NaN 就从头重跑" and held at 1; the en one was at 2 with no flag."""
    question = ("在你自己负责的那部分里，最近一次事故从发现到定位用了多久？" if lang == "zh" else
                "In the part you owned, how long did your latest incident take from detection to diagnosis?")
    a = score(ours, lang, 15, answer, question)
    assert not any("从头" in f or "scratch" in f for f in flags(a)), flags(a)
    assert a.level == 2, (a.level, flags(a))


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "和 TP 或 PP 是怎么组合的？", "没和 TP、PP 组合，就是纯 FSDP 数据并行。"),
    ("en", "How did you combine it with TP or PP?", "We didn't combine it with TP or PP; it was plain FSDP data parallelism."),
])
def test_saying_the_asked_thing_was_not_done_drops_no_name(ours, lang, question, answer):
    """Heard: "没和 TP、PP 组合，就是纯 FSDP 数据并行。" flagged "只报名词没有机制" (en no flag): it denies what the
    question took for granted and says what was done instead."""
    a = score(ours, lang, 6, answer, question)
    assert a.level == 2 and not a.danger_signals, flags(a)
