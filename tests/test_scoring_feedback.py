"""The feedback line names what this answer left out of what was asked, in both languages: never another subject
of the topic because it comes first in the pack. Each case was heard in a whole session (a two-year fine-tuning
candidate) and read aloud."""

from __future__ import annotations

import pytest

from test_scoring_points import ours, score  # noqa: F401 - ours is a fixture


@pytest.mark.parametrize("lang, question, answer, rest", [
    ("zh", "能具体讲讲五种并行各自切分的维度吗？",
     "数据并行切 batch，张量并行切层内的权重矩阵，流水线并行按层切，序列并行切序列，专家并行把不同专家放到不同卡上。",
     "显存还是算力"),
    ("en", "Can you tell me what each of the five kinds of parallelism splits?",
     "Data parallelism splits the batch, tensor parallelism splits the weight matrices inside a layer, pipeline "
     "parallelism splits by layers, sequence parallelism splits the sequence, and expert parallelism puts different "
     "experts on different GPUs.", "relieves memory or compute"),
])
def test_after_a_point_half_said_the_feedback_names_the_rest_of_it(ours, lang, question, answer, rest):
    """Heard: the five parallelisms each with what it splits were told "讲清「排查按数据与 grad norm…的顺序走」" (the
    topic's first point), not the half of the point they left out."""
    a = score(ours, lang, 1, answer, question)
    assert a.level == 2 and rest in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer, rest", [
    ("zh", "事后加了哪道防线？", "之后加了 loss spike 的告警，梯度范数超过阈值就报警。", "缩短"),
    ("en", "What safeguard did you add afterwards?",
     "Afterwards we added a loss-spike alert: when the gradient norm goes over a threshold it pages us.", "faster"),
])
def test_a_safeguard_named_is_asked_how_much_sooner_it_finds_the_fault(ours, lang, question, answer, rest):
    """Heard: zh "之后加了 loss spike 的告警…" was taught "hang 常见于各 rank 集合通信的次序或形状不一致"."""
    a = score(ours, lang, 15, answer, question)
    assert rest in a.feedback and "hang" not in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "FP8 的缩放粒度是怎么选的？", "FP8 没用过。"),
    ("en", "How was the FP8 scaling granularity chosen?", "I never used FP8."),
])
def test_a_question_on_one_format_is_taught_a_point_of_the_formats(ours, lang, question, answer):
    """Heard: "FP8 没用过。" was told "这一题的要点是「排查按数据与 grad norm…精度的顺序走」": the loss-spike order shares
    only "precision" with FP8. The pack has no FP8 point: the nearest is one of the other formats, and it is offered
    as a point of the topic, not as the point of this question."""
    a = score(ours, lang, 1, answer, question)
    assert "grad norm" not in a.feedback and ("BF16" in a.feedback or "FP32" in a.feedback), a.feedback
    assert a.feedback.startswith(("这个话题", "A point of this topic")), a.feedback


@pytest.mark.parametrize("lang, question, answer, point", [
    ("zh", "NaN 出现了你怎么定位？", "NaN 一般是数值问题，我们的框架有自动检测，很快就能定位。", "isfinite"),
    ("en", "When a NaN shows up, how do you localise it?",
     "NaN is usually a numerical issue; our framework detects it automatically, so we find it quickly.", "batch"),
])
def test_a_nan_answer_is_taught_how_nans_are_localised_not_how_hangs_are(ours, lang, question, answer, point):
    a = score(ours, lang, 15, answer, question)
    assert point in a.feedback and "hang" not in a.feedback, a.feedback


def test_an_experts_question_on_an_moe_line_is_taught_the_experts_balance_not_ulysses(ours):
    """Heard: "8 个专家是参考 Mixtral 定的…EP 就设成 8" was taught "Ulysses 用 all-to-all 把序列切分换成头切分": EP and
    Ulysses are both parallelism, which the question names only through EP. (Without the résumé line the two points
    share only MoE, and the earlier one is taught: see the closing note of this stop.)"""
    a = score(ours, "zh", 7, "8 个专家是参考 Mixtral 定的，模型小，单机 8 卡，EP 就设成 8，每张卡一个专家。",
              "你简历里写到「尝试 8 专家 MoE 小模型预训练，观察到专家负载不均衡」。在你自己负责的那部分里，专家数和 EP 度是怎么定的？")
    assert "Ulysses" not in a.feedback and "专家负载不均" in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "五种并行各自切的是什么？", "数据并行切 batch，张量并行切层内权重，流水线并行切层，上下文并行切序列，专家并行切专家；"
     "DP 缓解算力，其余主要缓解显存。"),
])
def test_an_answer_that_said_the_whole_point_is_not_sent_to_another_subject(ours, lang, question, answer):
    a = score(ours, lang, 1, answer, question)
    assert "grad norm" not in a.feedback and "z-loss" not in a.feedback, (a.level, a.feedback)


@pytest.mark.parametrize("lang, question, point", [
    ("zh", "能具体讲讲给定模型与卡数时定并行度的思路吗？", "定并行度时先让显存装下"),
])
def test_after_i_dont_know_a_rung_is_taught_the_point_that_says_its_words(ours, lang, question, point):
    """Heard: "不知道" to the rung on choosing degrees was told "这一题的要点是「TP 跨机后每层 all-reduce 落到慢一个数量级的网卡
    上」": every point of the topic shares parallelism with it, and the earliest was named. (English says the rung in
    other words than the point, "how to choose parallel degrees" against "fits memory first": see the stop's note.)"""
    a = score(ours, lang, 3, "不知道。" if lang == "zh" else "I don't know.", question)
    assert point in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "行，我们换一块聊。我们聊聊数值稳定与并行全景。能具体讲讲 loss 尖峰或发散时的排查顺序吗？",
     "我会先看 grad norm 是不是先于 loss 异常，再看那一段数据有没有问题，然后才看学习率。RL 里还要看 reward 和 KL 是不是同时跳。"),
    ("en", "Fine, let's move on to something else. Let's talk about numerical stability and the parallelism map. Can "
     "you walk me through the order of checks when loss spikes or diverges?",
     "I'd first check whether grad norm went abnormal before the loss, then whether that stretch of data had a "
     "problem, and only then the learning rate. In RL I'd also check whether reward and KL jumped at the same time."),
])
def test_the_topic_a_question_announces_is_not_what_it_asks(ours, lang, question, answer):
    """Heard: after the order of checks, "要到下一级需要判断：围绕「数据、张量、流水…专家并行分别切…」讲一次…": the topic's
    title, announced before the question ("并行全景"), was read as asking for parallelism."""
    a = score(ours, lang, 1, answer, question)
    assert a.level == 3 and "batch" not in a.feedback and "parallelism split" not in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历里写到「负责 MoE 模型（32 专家、top-2）的专家并行，all-to-all 用 DeepEP，最慢 rank 比平均慢…」。在你自己负责的那部分里，"
           "专家数和 EP 度是怎么定的？", "32 个专家是算法组定的，EP 我定成 8，正好一台机器 8 卡，all-to-all 都在 NVLink 里；每卡 4 个专家。"),
    ("en", "Your résumé says “Owned expert parallelism for an MoE model (32 experts, top-2…”. In your own part of that "
           "work, how were expert count and EP degree chosen?", "The 32 experts were the modelling team's choice; I set "
           "EP to 8, one node of 8 GPUs, so the all-to-all stays on NVLink, with 4 experts per GPU."),
])
def test_a_question_on_the_ep_degree_is_not_taught_ulysses(ours, lang, question, answer):
    """Heard (the kernel candidate): "讲清「Ulysses 用 all-to-all 把序列切分换成头切分」" for how the EP degree was chosen:
    the all-to-all the two parallelisms share made Ulysses a point the question asked for."""
    a = score(ours, lang, 7, answer, question)
    assert "Ulysses" not in a.feedback and "dispatch" in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "TP 下一个 transformer 层前向要做几次通信？", "应该是有 all-reduce 的，attention 一次，MLP 一次吧……反向是不是也一样我记不太清了。"),
])
def test_a_point_about_the_question_s_subject_is_taught_with_its_aside(ours, lang, question, answer):
    # A point that names a sibling of the asked thing only in passing ("每层前向两次、反向两次 all-reduce，序列并行换成…"
    # for a TP question) is still about the asked thing.
    a = score(ours, lang, 4, answer, question)
    assert "每层前向两次、反向两次 all-reduce" in a.feedback, a.feedback
