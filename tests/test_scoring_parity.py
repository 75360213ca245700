"""The same answer in Chinese and in English reaches the same level with the same credit. Each case was heard in a
whole session run in both languages (the two-year fine-tuning candidate of tests/test_plan.py) and read aloud."""

from __future__ import annotations

import pytest

from test_scoring_points import ours, score  # noqa: F401 - ours is a fixture


RECOMPUTE = {
    "zh": ("你提到「用的是全量重计算」，重计算多花了多少算力？", "大概多一次前向，计算量从 3 倍前向变成 4 倍，实测 step 时间慢了 25% 左右。"),
    "en": ("You mentioned “Full recomputation”. Can you tell me how much extra compute recomputation cost?",
           "About one extra forward: compute goes from 3 forwards to 4, and measured step time was about 25% slower."),
}
FP32 = {
    "zh": ("哪些计算保留了 FP32？", "softmax 和 layernorm 在 fp32 里算，优化器的主权重也是 fp32。"),
    "en": ("Which computations stayed in FP32?", "Softmax and LayerNorm run in fp32, and so do the optimizer's master weights."),
}


def test_one_extra_forward_is_credited_in_both_languages(ours):
    """Heard: zh 3 with the recomputation marker, en 2 with it listed as missed. The marker's closing brackets
    ("(compute goes from about 3 forwards to about 4)") spell its point out; they were read as a premise, like
    "在 H100（稠密 BF16 约 989 TFLOPS）上", and English says the rest in fewer of the whole's words."""
    got = {lang: score(ours, lang, 2, RECOMPUTE[lang][1], RECOMPUTE[lang][0]) for lang in ("zh", "en")}
    for lang, a in got.items():
        assert any("3" in h.marker and "4" in h.marker and ("前向" in h.marker or "forward" in h.marker)
                   for h in a.markers), (lang, a.markers)
    assert got["zh"].level == got["en"].level == 3


def test_and_so_do_is_too_not_a_reason(ours):
    """Heard: en 3, zh 2 for the same FP32 list; "and so do the optimizer's master weights" was read as a reason."""
    got = {lang: score(ours, lang, 1, FP32[lang][1], FP32[lang][0]) for lang in ("zh", "en")}
    assert got["zh"].level == got["en"].level == 2, {k: v.level for k, v in got.items()}


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("zh", 7, "专家数和 EP 度是怎么定的？", "8 个专家是参考 Mixtral 定的，模型小，单机 8 卡，EP 就设成 8，每张卡一个专家。"),
    ("en", 7, "How were the expert count and the EP degree chosen?",
     "Eight experts, following Mixtral; the model is small and one node has 8 GPUs, so EP is 8, one expert per GPU."),
    ("zh", 15, "最近一次事故从发现到定位用了多久？",
     "先是看 loss 曲线发现 NaN，然后回退到上一个 checkpoint 重跑，发现同一个位置又 NaN，就怀疑是数值问题，前后大概花了两天。"),
    ("en", 15, "How long did the latest incident take from detection to diagnosis?",
     "First we saw the NaN on the loss curve, then rolled back to the last checkpoint and reran, it hit NaN at the "
     "same place again, so we suspected a numerical issue; it took about two days in all."),
])
def test_a_consequence_given_with_jiu_is_one_given_with_so(ours, lang, topic, question, answer):
    """Heard: "…单机 8 卡，EP 就设成 8" was flagged "只报名词没有机制" where "…so EP is 8" was not: Chinese gives the
    consequence with 就 after its subject, no 所以 needed. (The zh MoE answer is still read as thin where en is an
    answer: a 就 that lifted the reading moved four labelled levels away from gold, so only the flag follows it.)"""
    a = score(ours, lang, topic, answer, question)
    assert not any(d.signal in ("只报名词没有机制", "names without mechanism")
                                              for d in a.danger_signals), (a.signal, [d.signal for d in a.danger_signals])


CP_DEGREE = {
    "zh": ("你简历里写到「在 256 张 H100 上把 34B 模型从 32K 继续预训练到 128K 上下文，Megatron-LM，TP=8…」。在你自己负责的那部分里，"
           "CP 度是怎么选的？",
           "34B 在 TP8 下 128K 序列的激活单卡放不下，CP=2 的时候还差十几 GB OOM，CP=4 正好降到 61GB 左右。再往上加 CP，每块序列"
           "变短，ring 传 KV 的时间就盖不住计算了，所以定在 4。"),
    "en": ("Your résumé says “…from 32K to 128K context on 256 H100s with Megatron-LM at…”. In your own part of that "
           "work, how was the CP degree chosen?",
           "At TP8, 128K activations for the 34B model did not fit on one GPU. CP=2 was still a dozen GB over, CP=4 "
           "brought it to about 61 GB. Going higher makes each chunk shorter and the ring's KV transfer stops hiding "
           "behind compute, so we stayed at 4."),
}


def test_a_degree_settled_on_between_two_figures_is_judgement_in_both_languages(ours):
    """Heard with the long-context candidate: en 4 with the per-layer activations credited, zh 3 with nothing credited.
    "十几 GB" is a size as "61GB" is (and as "a dozen GB" is), and "所以定在 4" settles on a value as "so we stayed
    at 4" does."""
    got = {lang: score(ours, lang, 7, CP_DEGREE[lang][1], CP_DEGREE[lang][0]) for lang in ("zh", "en")}
    for lang, a in got.items():
        assert any("128K" in h.marker for h in a.markers), (lang, [h.marker for h in a.markers])
    assert got["zh"].level == got["en"].level == 4, {k: v.level for k, v in got.items()}


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "all-to-all 占 step 的比例大概是多少？",
     "重叠之前 all-to-all 大概占 step 的 25%，重叠以后暴露的部分降到 10% 左右，所以 step 时间缩短了 15%。"),
    ("en", "Can you tell me how much of the step the all-to-all took?",
     "Before the overlap the all-to-all was about 25% of the step; after it the exposed part was about 10%, which is "
     "the 15% step-time cut."),
])
def test_a_figure_worked_from_a_before_and_after_has_its_basis(ours, lang, question, answer):
    """Heard with the long-context candidate: en flagged "a number without its source or basis" on "which is the 15%
    step-time cut", zh did not; the before and the after told in the sentence are its basis in both."""
    a = score(ours, lang, 7, answer, question)
    assert not any(d.signal in ("数字没有出处或依据", "a number without its source or basis") for d in a.danger_signals), \
        [(d.signal, d.evidence) for d in a.danger_signals]
