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


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历里写到「把训练数据改成离线分词加 packing，数据等待占比从 12% 降到 1% 以下」。在你自己负责的那部分里，怎么判断训练在等数据？",
     "看 Nsight 时间线上每个 step 开头 GPU 等 dataloader 的空白，dataloader 的 next() 耗时占 step 的比例就是 12%。"),
    ("en", "Your résumé says “Moved training data to offline tokenization with packing; data-wait share fell from 12% to "
           "under 1%”. In your own part of that work, can you tell me how you knew training was waiting on data?",
     "On the Nsight timeline each step started with the GPU idle waiting for the dataloader; the time in the "
     "dataloader's next() as a share of the step was the 12%."),
])
def test_the_questions_own_figure_with_how_it_was_measured_is_a_measurement(ours, lang, question, answer):
    """Heard in zh: the measured data-wait share with its method was listed as missed, flagged "只报名词没有机制", and the
    feedback asked for exactly what had been said: the 12% was the résumé's. Told with how it was taken (the gap at step
    start on the timeline), the candidate's own figure is their measurement."""
    a = score(ours, lang, 12, answer, question)
    assert _credited(a, "能给出数据等待" if lang == "zh" else "gives a measured data-wait"), [h.marker for h in a.markers]
    assert a.level >= 3 and not a.danger_signals, (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, answer, shown", [
    ("zh", "48 层，PP=2，每个 stage 24 层。第一个 stage 有 embedding，最后一个有 LM head 和 loss，我们把第一个 stage 少放一层来平衡。",
     "第一个 stage 有 embedding"),
    ("en", "48 layers, PP=2, 24 layers a stage. The first stage has the embedding and the last has the LM head and loss, "
           "so we put one layer fewer on the first stage to balance them.", "The first stage has the embedding"),
])
def test_the_first_and_last_stages_are_quoted_where_the_answer_balances_them(ours, lang, answer, shown):
    """Heard in zh: "知道 embedding 与 LM head 会让首尾 stage 负载不均" quoted as "48 层，" (来平衡 was no balancing, so only
    the layer count showed anything); en named DualPipe in a marker zh does not have."""
    a = score(ours, lang, 5, answer, "stage 是怎么切分的？" if lang == "zh" else "How was the model split into stages?")
    hit = next((h for h in a.markers if "embedding" in h.marker), None)
    assert hit is not None and shown in hit.evidence, [(h.marker, h.evidence) for h in a.markers]
    assert "DualPipe" not in hit.marker


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "1F1B 下气泡比例是怎么估算的？",
     "1F1B 气泡是 (p-1)/(m+p-1)，p=2、m=4 就是 1/5，20%，实测 19%；interleaved 用 v=2 以后理论上约 1/9，实测 9%。"),
    ("en", "How was the bubble fraction under 1F1B worked out?",
     "Under 1F1B the bubble is (p-1)/(m+p-1); with p=2 and m=4 that is 1/5, 20%, and we measured 19%. With "
     "interleaving at v=2 it is about 1/9 in theory, and we measured 9%."),
])
def test_a_bubble_worked_out_on_ones_own_case_shows_the_formula(ours, lang, question, answer):
    """Heard: zh 2 with "只知道 1F1B 的名字" flagged on "1F1B 气泡是 (p-1)/(m+p-1)，" and told to explain that very formula
    (the marker's clause lost its formula where its brackets split it)."""
    a = score(ours, lang, 5, answer, question)
    formula = next((h for h in a.markers if "(p-1)/(m+p-1)" in h.marker and "GPipe" in h.marker), None)
    assert formula is not None and "(p-1)/(m+p-1)" in formula.evidence, [(h.marker, h.evidence) for h in a.markers]
    assert not a.danger_signals and a.level >= 3, (a.level, [(d.signal, d.evidence) for d in a.danger_signals])


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "回到「用 Nsight Systems 读…」这件事：换到更大规模还成立吗？", "没在更大规模上试过，不好说。"),
    ("en", "Back to “Read Nsight Systems…”: can you tell me whether it still holds at larger scale?",
     "We never tried it at a larger scale, so I can't say."),
])
def test_a_miss_after_the_way_back_to_a_chain_is_not_of_the_line_it_names(ours, lang, question, answer):
    """Heard: "回到「用 Nsight Systems 读…」这件事：换到更大规模还成立吗？" - "没在更大规模上试过，不好说" was flagged "不会读
    profiler 时间线": the résumé line named on the way back was read as what the question asks."""
    a = score(ours, lang, 10, answer, question)
    assert a.level == 1 and not any("profiler" in d.signal for d in a.danger_signals), [d.signal for d in a.danger_signals]
