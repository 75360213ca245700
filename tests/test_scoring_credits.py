"""A point is credited only where the answer says what the point says: that two things differ, a story of one's own.
Each case was heard in a whole session of an RL-systems candidate (verl, GRPO, weight sync, logprob mismatch) read
aloud in both languages."""

from __future__ import annotations

import pytest

from test_scoring_points import ours, score  # noqa: F401 - ours is a fixture

STEP = {
    "zh": ("rollout 占一个 step 的多少时间？",
           "14B 那套，一个 step 大概 200 秒，rollout 占 120 秒左右，差不多六成；old logprob 和 ref logprob 加起来 25 秒，"
           "训练更新 45 秒，剩下是权重同步和 vLLM 的 sleep/wake-up。这是按阶段打点取的 20 个 step 的中位数。"),
    "en": ("How much of a step does rollout take?",
           "On the 14B setup a step is about 200 seconds and rollout takes about 120, roughly 60%; old and reference "
           "logprobs together take 25 seconds, the training update 45, and the rest is weight sync and vLLM "
           "sleep/wake-up. That's the median over 20 steps with per-phase timestamps."),
}
MISMATCH = {
    "zh": ("训推 logprob 不一致怎么处理？",
           "vLLM 算出来的 logprob 和训练侧重算的不一样，kernel 不同、bf16 规约顺序也不同。我们每步监控两边 token 级 logprob 的"
           "平均绝对差，训练时用训练侧重算的 old logprob，再对采样分布和训练分布的差做截断重要性采样，比率截到 2。"),
    "en": ("How was the train-inference logprob mismatch handled?",
           "vLLM's logprobs differ from the trainer's recomputed ones: different kernels and a different bf16 reduction "
           "order. We monitor the mean absolute token-level logprob difference every step, use the trainer's recomputed "
           "old logprobs, and apply truncated importance sampling, with the ratio capped at 2."),
}


def _credited(a, start: str) -> bool:
    return any(h.marker.startswith(start) for h in a.markers)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_point_that_two_things_differ_needs_the_answer_to_say_they_do(ours, lang):
    """Heard: zh "old logprob 和 ref logprob 加起来 25 秒" (a step's time shares) credited "推理引擎与训练框架的 logprob
    存在差异"; en did not."""
    mismatch = "知道推理引擎与训练框架" if lang == "zh" else "knows inference-engine"
    step = score(ours, lang, 16, STEP[lang][1], STEP[lang][0])
    told = score(ours, lang, 16, MISMATCH[lang][1], MISMATCH[lang][0])
    assert not _credited(step, mismatch), [h.marker for h in step.markers]
    assert _credited(told, mismatch), [h.marker for h in told.markers]


@pytest.mark.parametrize("lang, question, answer, order", [
    ("zh", "能具体讲讲 loss 尖峰或发散时的排查顺序吗？",
     "我会先看 grad norm 是不是先于 loss 异常，再看那一段数据有没有问题，然后才看学习率。RL 里还要看 reward 和 KL 是不是同时跳。",
     "排查按数据"),
    ("en", "Can you walk me through the order of checks when loss spikes or diverges?",
     "I'd first check whether grad norm went abnormal before the loss, then whether that stretch of data had a "
     "problem, and only then the learning rate. In RL I'd also check whether reward and KL jumped at the same time.",
     "checks data and grad norm"),
])
def test_an_order_of_checks_one_would_follow_is_no_record_of_a_loss_spike(ours, lang, question, answer, order):
    """Heard: en "I'd first check whether grad norm went abnormal…" credited "has a record of one loss spike" and not
    the order of checks ("a record of one" was no story cue in English, as 有一次 is in Chinese)."""
    a = score(ours, lang, 1, answer, question)
    assert _credited(a, order), [h.marker for h in a.markers]
    assert not _credited(a, "有一次 loss 尖峰" if lang == "zh" else "has a record"), [h.marker for h in a.markers]
