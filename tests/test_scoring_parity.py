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


# --------------------------------------------------------------------------- the network candidate (NETWORK_RESUME)
# Each heard in this stop's whole sessions of tests/test_plan.py::NETWORK_RESUME, asked on the candidate's own résumé
# line (so scored as the session scores it: about their own work).

def own(packs, lang, topic, answer, question):
    from interviewer.scoring import score_answer

    t = packs[lang].topic(topic)
    return score_answer(t, answer, question, packs[lang].danger_for(t.title), own_work=True)


NAMES = ("只报名词没有机制", "names without mechanism")

NARROWED = {
    "zh": ("怎么定位到具体节点或卡？", "NCCL_DEBUG 日志里所有超时都指向同两台交换机下的节点，再用 ib_write_bw 两两打流，经过那两台交换机的"
           "带宽只有正常的一半，查配置发现 PFC 没开。"),
    "en": ("How was it narrowed to a node or GPU?", "Every timeout in the NCCL_DEBUG logs pointed at nodes under the same "
           "two switches; ib_write_bw pair by pair showed half the normal bandwidth through them, and their config had "
           "PFC off."),
}


def test_a_search_told_to_what_it_found_answers_how_it_was_narrowed(ours):
    """Heard: zh 1 flagged 答非所问 (it never says 定位 or 排查, the question's words), en 2 flagged "names without
    mechanism": the logs read, the pairs measured, the half bandwidth and the switch config found is how it was
    narrowed, in the candidate's own words."""
    got = {lang: own(ours, lang, 15, NARROWED[lang][1], NARROWED[lang][0]) for lang in ("zh", "en")}
    assert got["zh"].level == got["en"].level == 3, {k: (v.level, v.danger_signals) for k, v in got.items()}
    assert not [d for a in got.values() for d in a.danger_signals], got


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("zh", 15, "恢复时丢了多少步？", "按 checkpoint 回退，丢了大概 400 步，半个小时。"),
    ("en", 15, "Can you tell me how many steps recovery lost?", "We rolled back to the checkpoint and lost about 400 "
     "steps, half an hour."),
    ("zh", 15, "最近一次事故从发现到定位用了多久？", "那次 NCCL 超时是晚上报的，第二天中午定位到交换机，大概 14 个小时。"),
    ("en", 15, "Can you tell me how long the latest incident took from detection to diagnosis?", "That NCCL timeout "
     "was reported in the evening and we traced it to the switches by noon the next day, about 14 hours."),
    ("zh", 15, "loss 曲线有没有对齐？", "对过，跑了 1000 步两条 loss 基本重合。"),
    ("en", 15, "Can you tell me whether the loss curves matched?", "We checked: 1,000 steps, the two loss curves lie on "
     "top of each other."),
])
def test_the_figure_or_the_check_asked_for_is_no_name_dropped(ours, lang, topic, question, answer):
    """Heard: "按 checkpoint 回退，丢了大概 400 步" and "…大概 14 个小时" flagged 只报名词没有机制 ("14 个小时" was no time to the
    scorer), and "对过，跑了 1000 步两条 loss 基本重合" read 1 as 回答空泛 (nothing of the field named but loss): each gives
    what was asked, thinly. Level 2, with no flag."""
    a = own(ours, lang, topic, answer, question)
    assert a.level == 2 and not a.danger_signals, (a.level, a.danger_signals)


def test_a_safeguard_made_automatic_is_credited_in_both_languages(ours):
    """Heard: zh credited the afterwards safeguard ("…的节点自动隔离"), en not: "automatically" and the marker's
    "automatic" met at no stem."""
    q = {"zh": "事后加了哪道防线？", "en": "What safeguard was added afterwards?"}
    a = {"zh": "加了每天的 nccl-tests 巡检，总线带宽低于中位数 10% 的节点自动隔离，交换机配置也加了上线前的一致性检查。",
         "en": "A daily nccl-tests check that automatically cordons nodes more than 10% below the median bus "
               "bandwidth, and a consistency check of switch configs before they go live."}
    got = {lang: own(ours, lang, 15, a[lang], q[lang]) for lang in ("zh", "en")}
    for lang, x in got.items():
        assert any("防线" in h.marker or "safeguard" in h.marker for h in x.markers), (lang, x.markers)
    assert got["zh"].level == got["en"].level


@pytest.mark.parametrize("topic, question, answer", [
    (6, {"zh": "分片级别是怎么选的？", "en": "How was the sharding level chosen?"},
     {"zh": "用的 FULL_SHARD，70B 不全切显存放不下；也试过 HYBRID_SHARD，机内切机间复制，通信少了但每卡显存多 20 多 GB，放不下。",
      "en": "FULL_SHARD: 70B does not fit otherwise. We tried HYBRID_SHARD, sharded inside a node and replicated "
            "across, less traffic but 20-odd GB more per GPU, which did not fit."}),
    (10, {"zh": "换到更大规模还成立吗？", "en": "Can you tell me whether it still holds at larger scale?"},
     {"zh": "在 256 卡上也试过，收益小一点，大概 12%，因为机间带宽占比更高了。",
      "en": "We tried it on 256 GPUs too; the gain is smaller, about 12%, because inter-node bandwidth is a bigger "
            "share there."}),
    (9, {"zh": "遇到过什么网络故障？", "en": "Can you tell me which network faults came up?"},
     {"zh": "最常见的是 PFC 配置不一致导致拥塞时丢包重传，还有光模块降速，一条链路从 400G 掉到 200G，整个 ring 都被拖慢。",
      "en": "Most often PFC configured inconsistently, so packets drop and retransmit under congestion; also optics "
            "dropping a link from 400G to 200G, which slows the whole ring."}),
])
def test_the_candidates_own_tries_weigh_the_same_in_both_languages(ours, topic, question, answer):
    """Heard: the sharding answer (HSDP tried, 20-odd GB more per GPU) 2 in both with a names flag: "20 多 GB" and
    "20-odd GB" were no size and "也试过" no try; "在 256 卡上也试过…大概 12%，因为…" 2 (256 GPUs are the larger scale
    asked about); "PFC 配置不一致" read as a check (一致), which made the zh fault answer 4 once "400G" counted."""
    got = {lang: own(ours, lang, topic, answer[lang], question[lang]) for lang in ("zh", "en")}
    assert got["zh"].level == got["en"].level, {k: v.level for k, v in got.items()}
    assert topic == 9 or got["zh"].level >= 3, {k: v.level for k, v in got.items()}


def test_a_list_of_settings_reads_alike_in_both_languages(ours):
    """Heard: the same NCCL variables were "thin" in en (and pressed for what they changed) and "answered" in zh:
    "…对上 PFC 的优先级" read as a first step (先), which made the list an explanation."""
    q = {"zh": "改了哪些 NCCL 环境变量？", "en": "Which NCCL environment variables were changed?"}
    a = {"zh": "主要是 NCCL_IB_HCA 指定网卡、NCCL_IB_GID_INDEX=3 走 RoCEv2、NCCL_IB_TC 配流量等级对上 PFC 的优先级，还有 NCCL_ALGO "
               "在小消息时试过 tree。",
         "en": "Mainly NCCL_IB_HCA to pick the NICs, NCCL_IB_GID_INDEX=3 for RoCEv2, NCCL_IB_TC to match the traffic "
               "class to the PFC priority, and NCCL_ALGO where we tried tree for small messages."}
    got = {lang: own(ours, lang, 9, a[lang], q[lang]) for lang in ("zh", "en")}
    assert got["zh"].signal == got["en"].signal and got["zh"].level == got["en"].level, \
        {k: (v.level, v.signal) for k, v in got.items()}
