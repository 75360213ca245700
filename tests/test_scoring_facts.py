"""Issue 12: a figure the field knows otherwise, stated with confidence, is read as wrong (the pack's [[facts]]):
flagged on its clause, no point credited on its sentence, at most 2 (1 with nothing else shown), and the feedback
gives the right figure first. Right figures, figures set aside and figures corrected in the same answer are not."""

from __future__ import annotations

import pytest

from interviewer import skills
from interviewer.scoring import score_answer
from interviewer.scoring_facts import wrong_figures
from interviewer.scoring_read import read


@pytest.fixture(scope="module")
def score():
    """Scores an answer with our pack in one language; `score.vocab[lang]` is the pack's vocabulary."""
    packs = {lang: skills.resolve(None, lang) for lang in ("zh", "en")}

    def run(lang, topic, answer, question=""):
        t = packs[lang].topic(topic)
        return score_answer(t, answer, question, packs[lang].danger_for(t.title))

    run.vocab = {lang: pack.vocabulary for lang, pack in packs.items()}
    return run


WRONG = [  # (lang, topic, question, answer, the wrong clause, highest level)
    ("zh", 1, "BF16 和 FP16 有什么区别？",
     "BF16 是 8 位指数，和 FP32 一样，范围大，一般不用 loss scaling；FP16 只有 5 位指数，得配 loss scaling。"
     "精度上两者差不多，都是 10 位尾数，所以换 BF16 没有代价。", "都是 10 位尾数", 2),
    ("en", 1, "How do BF16 and FP16 differ?",
     "BF16 has 8 exponent bits like FP32, so it rarely overflows and needs no loss scaling; FP16 has 5 and needs it. "
     "Precision is the same, both have 10 mantissa bits, so BF16 is a free win.", "both have 10 mantissa bits", 2),
    ("zh", 2, "7B 全参训练、混合精度 Adam，模型状态大概要多少显存？",
     "7B 的话 BF16 权重是 14 GB，梯度也是 14 GB，Adam 的优化器状态再加一点，总共二十来 GB，一张 40G 的卡就够了。",
     "总共二十来 GB", 1),
    # A sum of too few bytes said as its result (heldout27 h27_32, a 1 that read 3): the sentence it sums shows no point.
    ("en", 2, "Roughly how much memory do the training states of a 70B model need with mixed-precision Adam?",
     "Weights are BF16, so 2 bytes, gradients another 2, and the two Adam moments in BF16 are 4 more. That's 8 bytes per "
     "parameter, so 70B times 8 is 560 GB.", "That's 8 bytes per parameter", 1),
    ("zh", 2, "混合精度 Adam 训练 70B 模型，训练状态大概要多少显存？",
     "权重 BF16 是 2 字节，梯度 2 字节，Adam 的两个矩也用 BF16 存，再加 4 字节。加起来每参数 8 字节，70B 就是 560 GB。", "加起来每参数 8 字节", 1),
    ("en", 2, "Under mixed-precision Adam, how many bytes does each parameter cost?",
     "Weights are 2 bytes in half precision and Adam adds a little on top, so about 6 bytes per parameter in total.",
     "about 6 bytes per parameter in total", 1),
    ("en", 2, "How many bytes per parameter does mixed-precision Adam need?",
     "Two for the FP16 weights, and the optimizer adds a bit, so I'd say about 5 bytes total per parameter.",
     "about 5 bytes total per parameter", 1),
    ("zh", 2, "7B 全参微调要多少显存？",
     "7B 用 BF16 存权重是 14 GB，所以一张 80G 的卡肯定放得下，还能把 batch 开大一点。", "一张 80G 的卡肯定放得下", 1),
    ("en", 2, "How much GPU memory does it take to train a 7B model?",
     "About 14 GB, 7 billion parameters at 2 bytes each, so a single 80 GB card is plenty for training it.",
     "a single 80 GB card is plenty", 1),
    ("zh", 2, "只算了参数。Adam 的优化器状态呢，大概占多少？",
     "优化器状态应该跟参数差不多大吧，也就再多 14G 左右，一张卡都放得下。", "优化器状态应该跟参数差不多大吧", 1),
    ("en", 2, "And Adam's optimizer states, how big are they?",
     "The optimizer states are roughly the same size as the weights, so another 14 GB or so.",
     "roughly the same size as the weights", 1),
    ("zh", 3, "各并行度是怎么定下来的？",
     "TP8 PP8 是组里之前定的。显存的话 130B 用 BF16 存是 260G，总共也就三百来 G，分到 64 张卡上每张 5G 不到，肯定够。",
     "总共也就三百来 G", 2),
    ("en", 10, "How was MFU computed?",
     "Tokens per second times 6N, divided by GPU count times the peak. We used 1979 TFLOPS for the H800.",
     "We used 1979 TFLOPS for the H800.", 2),
    ("en", 10, "How did you compute MFU?",
     "We read achieved TFLOPS from the profiler and divided by the H100's 1979 TFLOPS peak, which gave about 45%.",
     "1979 TFLOPS peak", 2),
    # The per-parameter bytes of mixed-precision Adam said without "in total" (candidates21 c21_a.5 says it so; there
    # "sharded across 8 GPUs" later in the sentence still sets the figure aside).
    ("en", 2, "How many bytes per parameter does mixed-precision Adam need?",
     "Mixed-precision Adam is about 4 bytes per parameter, so 28 GB for a 7B model.",
     "Mixed-precision Adam is about 4 bytes per parameter", 1),
    ("zh", 2, "混合精度 Adam 每个参数要多少字节？", "混合精度 Adam 大概要 4 个字节，7B 就是 28 GB。", "混合精度 Adam 大概要 4 个字节", 1),
    # ZeRO-3's traffic said to be three times DP's (heldout19 h19_35): it had credited "ZeRO-3 needs about 1.5 times".
    ("en", 6, "What did ZeRO-3 do to your communication volume?",
     "The price is communication: with ZeRO-3 you all-gather in forward, all-gather again in backward and then "
     "reduce-scatter, so it's about three times what DDP moves.", "about three times what DDP moves", 2),
    ("zh", 6, "ZeRO-3 对通信量有什么影响？",
     "代价是通信：ZeRO-3 前向 all-gather 一次、反向再 all-gather 一次，再加 reduce-scatter，所以通信量大概是 DDP 的 3 倍。",
     "大概是 DDP 的 3 倍", 2),
]


@pytest.mark.parametrize("lang, topic, question, answer, clause, most", WRONG)
def test_a_figure_stated_wrong_is_flagged_on_its_clause_and_caps_the_answer(score, lang, topic, question, answer,
                                                                            clause, most):
    a = score(lang, topic, answer, question)
    label = "数字说错了" if lang == "zh" else "a figure stated wrong"
    assert [d.evidence for d in a.danger_signals if d.signal == label] and clause in next(
        d.evidence for d in a.danger_signals if d.signal == label)
    assert a.level <= most
    assert not any(clause in h.evidence for h in a.markers)
    assert a.feedback.startswith("先把数字核对准：" if lang == "zh" else "Check your figures: ")


RIGHT = [  # figures the field agrees with, set aside, of another sum, or corrected before the answer ends
    ("zh", 1, "BF16 有 8 位指数、7 位尾数，FP16 是 5 位指数、10 位尾数，所以 BF16 范围大、精度低。"),
    ("zh", 1, "BF16 是 8 位指数 7 位尾数，和 FP32 同范围；FP16 是 5 位指数 10 位尾数，最大 65504。"),
    ("zh", 2, "130B 在 TP8 PP8 上每卡约 2B 参数，优化器状态摊到 DP32 后每卡只剩 0.8 GB，模型状态一共 13 GB 左右。"),
    ("en", 1, "BF16 keeps FP32's 8 exponent bits and gives up mantissa, 7 bits versus FP16's 10."),
    ("en", 2, "70B with mixed-precision Adam is about 16 bytes per parameter, so roughly 1.1 TB in total."),
    ("zh", 6, "混合精度 Adam 下 ZeRO-3 把模型状态全切开，7B 在 64 卡上每卡总共 1.75 GB。"),
    ("zh", 2, "7B 用 LoRA 微调，权重冻结，一张 40G 的卡就够了。"),
    ("en", 2, "A 1B model is 16 GB of model state with mixed-precision Adam, so it fits on a single 80 GB GPU for training."),
    ("zh", 2, "Adam 的优化器状态是 BF16 权重的 6 倍左右：FP32 主权重 4 字节加两个矩各 4 字节。"),
    ("en", 10, "MFU divides by the dense peak, 989 TFLOPS on an H100, not the 1979 number, which assumes sparsity."),
    ("zh", 2, "权重 2 字节，梯度 2 字节，Adam 两个状态，加起来 8 字节？哦不对，还有 FP32 的主权重，总共 16 个字节。"),
    # The figure is of the subject, not of what it is compared against ("wider than FP16 because it keeps 8").
    ("en", 1, "BF16 has a wider range than FP16 because it keeps 8 exponent bits; FP16 overflows past 65504."),
    ("zh", 1, "BF16 的范围比 FP16 大，因为它有 8 位指数；FP16 超过 65504 就溢出。"),
    # A total of per-layer activations beside the model states named: another sum (heldout18 h18_36, a 4, had a flag).
    ("zh", 7, "7B 模型，CP8 放不下模型状态；CP16 跨两台机，每层 1.1G、一共 36G 左右，不用重算就能放下。"),
    ("en", 7, "7B model: with CP16 it's 1.1 GB per layer, 36 GB in total, so with the model states it fits without recompute."),
    ("zh", 6, "ZeRO-3 前向、反向各 all-gather 一次参数，再加一次梯度 reduce-scatter，总共约 3Ψ，是 DP 的 1.5 倍。"),
    # What a figure is compared like is not what it is of ("跟 FP32 一样是 8 位指数，只是尾数只有 7 位" is BF16's 7; heldout19
    # h19_01, a 3, had "a figure stated wrong" and scored 2).
    ("zh", 1, "BF16 跟 FP32 一样是 8 位指数，只是尾数只有 7 位，所以动态范围跟 FP32 差不多。"),
    ("en", 1, "BF16 has 8 exponent bits like FP32, but only 7 mantissa bits, so its range matches FP32's."),
    ("en", 6, "ZeRO-3 all-gathers the parameters in forward and again in backward: about 1.5 times what DP moves."),
    # MFU as a run reaches it, and gains of MFU, are no MFU in the 80s or 90s.
    ("en", 10, "MFU went from 38% to 45% after we turned on the fused kernels."),
    ("zh", 10, "MFU 从 38% 提到了 45%，主要是融合算子。"),
    ("en", 10, "Overlapping the all-gather improved MFU by 90% relative to the naive FSDP baseline, from 21% to 40%."),
    ("zh", 10, "开了重叠以后 MFU 提升了 85% 左右，从 22% 到 41%。"),
    ("en", 10, "MFU went up by 90% once the dataloader stopped starving the GPUs, from 20% to 38%."),
]


@pytest.mark.parametrize("lang, answer, clause", [
    # heldout22 h22_27, a 1 scored 4: nvidia-smi's 97-99% beside "MFU-wise we were at about 85%".
    ("en", "We looked at GPU utilisation. Before our work nvidia-smi showed around 70%, and afterwards it was "
           "consistently 97-99%. MFU-wise we were at about 85%. The 30% came from FlashAttention 2, fused Adam and "
           "CUDA graphs together.", "MFU-wise we were at about 85%"),
    ("zh", "我们看的是 GPU 利用率，优化前 nvidia-smi 大概 70%，优化后一直在 97% 到 99%。MFU 的话大概 85%。那 30% 是 FlashAttention 2、"
           "fused Adam 和 CUDA graph 一起带来的。", "MFU 的话大概 85%"),
    # candidates21 c21_a.3, a 1 scored 3: "ended up" is no gain.
    ("en", "The baseline was the default example config. The metric was GPU utilisation: it went from around 65% to "
           "over 95% in nvidia-smi. So in MFU terms we ended up close to 95%.", "So in MFU terms we ended up close to 95%"),
])
def test_an_mfu_in_the_80s_or_90s_is_a_figure_stated_wrong(score, lang, answer, clause):
    a = score(lang, 10, answer, "How did you measure efficiency?" if lang == "en" else "效率是怎么衡量的？")
    assert a.level <= 2 and a.feedback.startswith("先把数字核对准：" if lang == "zh" else "Check your figures: ")
    assert clause in next(d.evidence for d in a.danger_signals if d.signal in ("数字说错了", "a figure stated wrong"))


@pytest.mark.parametrize("lang, topic, answer", RIGHT)
def test_right_figures_figures_set_aside_and_corrected_ones_are_not_wrong(score, lang, topic, answer):
    assert wrong_figures(read(answer, score.vocab[lang])) == []
    labels = {d.signal for d in score(lang, topic, answer).danger_signals}
    assert not labels & {"数字说错了", "a figure stated wrong"}


def test_a_model_size_from_the_question_reads_a_total_per_parameter(score):
    vocab = score.vocab["zh"]
    answer = "权重、梯度加上 Adam 的优化器状态，总共三十来 GB。"
    assert wrong_figures(read(answer, vocab), "7B 全参训练，模型状态要多少显存？")
    assert wrong_figures(read("权重、梯度加上 Adam 的优化器状态，总共 1.1T。", vocab), "70B 全参训练，模型状态要多少显存？") == []
    assert wrong_figures(read(answer, vocab), "模型状态要多少显存？") == []  # no model named: nothing to divide by



@pytest.mark.parametrize("lang, question, answer, formula", [
    ("zh", "你简历里写到 MFU 从 38% 提升到 47%，基线是什么？",
     "基线是我接手时的配置，TP8 PP8，micro batch 1，MFU 38%，用的是 H800。MFU 我们按每秒 token 数乘 6N 除以卡数乘峰值算，"
     "峰值用的 1979 TFLOPS。", "6N"),
    ("en", "Your resume says MFU went from 38% to 47%. What was the baseline?",
     "The baseline was the config I inherited: TP8 PP8, micro batch 1, 38% MFU on H800s. We compute MFU as tokens per "
     "second times 6N divided by GPU count times the peak, and the peak we used was 1979 TFLOPS.", "6N"),
])
def test_a_wrong_figure_takes_down_its_own_clause_not_a_sound_one_beside_it(score, lang, question, answer, formula):
    # Seen in a zh session: the right MFU formula beside the sparse peak scored 1, "不会算 MFU". A wrong total takes
    # the components it sums with it ("…总共二十来 GB", above); a wrong peak leaves the formula standing.
    a = score(lang, 10, answer, question)
    assert a.level == 2 and any(formula in h.evidence for h in a.markers)
    flag = next(d for d in a.danger_signals if d.signal in ("数字说错了", "a figure stated wrong"))
    assert "1979" in flag.evidence and formula not in flag.evidence  # its own clause, not the formula's sentence


@pytest.mark.parametrize("lang, answer, quoted", [
    # The subject inside the figure's own words ("峰值用的是 H100 规格表上的 1979 TFLOPS") and "1979 teraflops for BF16".
    ("zh", "峰值用的是 H100 规格表上的 1979 TFLOPS，BF16 的。", "1979 TFLOPS"),
    ("en", "For the peak we used the H100 spec sheet, 1979 teraflops for BF16.", "1979 teraflops for BF16"),
])
def test_the_sparse_peak_taken_for_the_h100_bf16_peak_is_a_figure_stated_wrong(score, lang, answer, quoted):
    a = score(lang, 10, answer, "MFU 怎么算？" if lang == "zh" else "How is MFU computed?")
    flag = next(d for d in a.danger_signals if d.signal in ("数字说错了", "a figure stated wrong"))
    assert quoted in flag.evidence and a.level == 1, (a.level, flag)


def test_a_peak_doubted_in_the_question_after_it_is_not_stated_wrong(score):
    a = score("en", 10, "For the peak we used the H100 spec sheet, 1979 teraflops for BF16 I think. Hmm, or is that "
              "the one with sparsity?", "How is MFU computed?")
    assert not any(d.signal == "a figure stated wrong" for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer, quoted", [
    # The peak's figure in a clause of its own, with no unit: the sparse A100 number taken for its peak.
    ("zh", "我们拿 profiler 打印的 TFLOPS 除以 A100 的峰值，也就是 624，算出来 60% 左右。", "A100 的峰值，也就是 624"),
    ("en", "We took the TFLOPS the profiler printed and divided by the A100 peak, which is 624, so about 60%.",
     "divided by the A100 peak, which is 624"),
])
def test_the_sparse_a100_peak_in_a_clause_of_its_own_is_a_figure_stated_wrong(score, lang, answer, quoted):
    a = score(lang, 10, answer, "MFU 怎么算的？" if lang == "zh" else "How was the MFU computed?")
    flag = next(d for d in a.danger_signals if d.signal in ("数字说错了", "a figure stated wrong"))
    assert quoted in flag.evidence and a.level == 1, (a.level, flag)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "我们拿 profiler 打印的 TFLOPS 除以 A100 的峰值，也就是 312，算出来 45% 左右。"),
    ("en", "We divided by the A100 peak, which is 312, so about 45%."),
    ("en", "We trained on H100s, which is 1024 GPUs in all."),  # a count, not a peak
])
def test_the_right_peak_or_a_count_in_a_clause_of_its_own_is_not_wrong(score, lang, answer):
    assert wrong_figures(read(answer, score.vocab[lang]), "How was the MFU computed?") == []


CLAIMS = [  # (lang, topic, question, answer, the wrong clause)
    ("zh", 1, "BF16 和 FP16 有什么区别？", "FP16 的范围更大一些，BF16 精度高，所以我们用 BF16。", "FP16 的范围更大一些"),
    ("en", 1, "How do BF16 and FP16 differ?", "FP16 has a wider range, BF16 is more precise, so we use BF16.",
     "FP16 has a wider range"),
    ("en", 2, "What does full activation checkpointing cost you in compute?",
     "Nothing really, it just saves memory. The speed was about the same.", "The speed was about the same."),
    ("zh", 2, "全量激活重计算在算力上要付出多少？", "没什么代价，就是省显存。速度基本一样。", "没什么代价"),
    ("zh", 1, "BF16 和 FP16 有什么区别？", "BF16 范围大一点，但 BF16 也需要开 loss scaling，不然梯度会下溢。", "BF16 也需要开 loss scaling"),
    ("en", 1, "How do BF16 and FP16 differ?", "BF16 has a bigger range, but BF16 still needs loss scaling or small "
     "gradients underflow.", "BF16 still needs loss scaling"),
    ("en", 2, "If you double the sequence length with FlashAttention on, how do activations change?",
     "They go up quadratically, because attention is n squared. So doubling the sequence is 4x the activation memory.",
     "4x the activation memory"),
    ("zh", 2, "开着 FlashAttention，序列长度翻倍，激活会怎么变？",
     "会按平方涨，因为 attention 是 n 方的。所以序列翻倍，激活就是 4 倍。", "激活就是 4 倍"),
    ("zh", 3, "你们千卡上 TP、PP、DP 各是多少？怎么定的？",
     "TP 8，PP 8，DP 就是剩下的。我理解 TP 越大越快嘛，因为每张卡要算的东西变少了，所以 TP 一般都开到最大。", "TP 越大越快"),
    ("en", 3, "What TP, PP and DP did you use on the 1024 GPUs, and how were they chosen?",
     "TP 8, PP 8, DP the rest. The way I see it, the bigger the TP the faster, since each GPU computes less, so we max "
     "out TP.", "the bigger the TP the faster"),
    ("zh", 1, "loss 尖峰你们怎么处理的？",
     "主要还是学习率的问题。精度这块用的是 BF16，BF16 比 FP16 精度更高一点，所以一般不会有数值问题。", "BF16 比 FP16 精度更高一点"),
    ("en", 1, "How did you handle the loss spike?",
     "Mostly the learning rate. We were on BF16, and BF16 is more precise than FP16, so numerics are rarely the problem.",
     "BF16 is more precise than FP16"),
    ("zh", 6, "ZeRO 你们用的哪个 stage？为什么？",
     "用的 ZeRO-3，因为它把参数、梯度、优化器状态全切了，每张卡要算的少了，所以 step 反而更快。", "每张卡要算的少了"),
    ("en", 6, "Which ZeRO stage did you use, and why?",
     "ZeRO-3, because it shards everything, so each GPU has less to compute and the step gets faster.",
     "so each GPU has less to compute and the step gets faster"),
    ("en", 6, "ZeRO-3 usually makes a step slower than plain data parallel. Where would a speed-up come from?",
     "Each GPU only holds a slice of the parameters, so it's doing less work per step, so it should be faster.",
     "so it's doing less work per step"),
    # A higher ZeRO stage said to be faster (candidates18 c18_b.0, a 1 read as 2).
    ("en", 6, "Your résumé says 'led distributed training of a 7B LLM on 128 GPUs with DeepSpeed'. How did you choose the "
     "ZeRO stage?", "We went with ZeRO-3 because it's the most optimized stage. The higher the stage, the faster it runs, "
     "so there was no reason to use 1 or 2.", "the most optimized stage"),
    ("zh", 6, "简历上写用 DeepSpeed 在 128 卡上训 7B。ZeRO 的 stage 是怎么选的？",
     "我们直接用的 ZeRO-3，stage 越高越快，所以没必要用 1 或者 2。", "stage 越高越快"),
    # The ZeRO stages told wrong and ZeRO-3 said to cost nothing in communication (heldout22 h22_29, a 1 scored 2).
    ("zh", 6, "ZeRO 的三个 stage 分别切了什么？ZeRO-3 相比 DDP 通信量怎么样？",
     "ZeRO-1 切的是梯度，ZeRO-2 切参数，ZeRO-3 就是全部都切了。通信量上 ZeRO-3 和 DDP 是一样的，所以基本没有额外开销。",
     "ZeRO-1 切的是梯度"),
    ("en", 6, "What does each ZeRO stage shard, and how does ZeRO-3's communication compare with DDP?",
     "ZeRO-1 shards the gradients, ZeRO-2 the parameters, and ZeRO-3 everything. ZeRO-3 has no extra communication, "
     "the data is just spread out.", "ZeRO-1 shards the gradients"),
    ("en", 6, "How does ZeRO-3's communication compare with DDP?",
     "ZeRO-3 is really just spreading the data out, so it has no extra communication versus DDP.",
     "so it has no extra communication versus DDP"),
    # Training said to take the time and the logprob mismatch said to be solved by the engine (heldout22 h22_35, a 1
    # scored 2: the mismatch waved away had credited the point about monitoring it).
    ("zh", 16, "rollout 和训练各占多少时间？训推 logprob 不一致怎么处理？",
     "主要时间都在训练上，rollout 用的是 vLLM，很快。训推 logprob 不一致这个问题 vLLM 里已经解决了，不用管。", "主要时间都在训练上"),
    ("en", 16, "How is the step time split between rollout and training, and what about the logprob mismatch?",
     "Most of the time is spent in training; rollout on vLLM is negligible. The logprob mismatch is already solved inside "
     "vLLM, so we don't track it.", "Most of the time is spent in training"),
    # A spiking run moved from BF16 to FP16 "for stability" (heldout22 h22_28, a 1 scored 2: FP16's 10 mantissa bits
    # had credited the BF16/FP16 point).
    ("en", 1, "Your loss jumps to about 3x at step 40K and doesn't come back down. What do you do?",
     "If that doesn't fix it I'd switch the run from BF16 to FP16, because FP16 has more mantissa bits so the gradients "
     "are more precise and more stable.", "because FP16 has more mantissa bits so the gradients are more precise and more stable"),
    ("zh", 1, "40K 步 loss 跳到 3 倍下不来，你怎么做？",
     "如果 loss 还在涨，我会把训练从 BF16 换成 FP16 求稳，因为 FP16 尾数位更多，梯度更精确。", "我会把训练从 BF16 换成 FP16 求稳"),
    # TP said to cross nodes at no cost (heldout22 h22_18, a 1 scored 2).
    ("zh", 3, "给你 512 张 H800 训一个 70B 的模型，TP、PP、DP 怎么定？",
     "一般先用 Megatron 推荐的配置再调。现在 IB 都是 400G 了，TP 跨机问题也不大，TP16 跨两台机器反而能把单卡显存压得更低。",
     "TP 跨机问题也不大"),
    ("en", 3, "512 H800s, a 70B model: how do you pick TP, PP and DP?",
     "We start from the Megatron recommended config and tune. With 400G IB these days, TP across nodes is fine, and TP16 "
     "over two machines lowers the memory per GPU.", "TP across nodes is fine"),
    # MFU said to be how busy the GPU is (heldout23 h23_28, a 1 scored 3).
    ("zh", 10, "你简历上写 MFU 做到了 95%，这个怎么算的？",
     "对，95% 左右。就是用 nvidia-smi 看 GPU-Util，所有卡基本都在 95 到 100 之间。所以 MFU 其实就是衡量 GPU 有多忙嘛。",
     "所以 MFU 其实就是衡量 GPU 有多忙嘛"),
    ("en", 10, "Your résumé says 95% MFU. How was it computed?",
     "Right, about 95%. We watched GPU-Util in nvidia-smi, all cards sat between 95 and 100. MFU is basically how busy "
     "the GPUs are.", "MFU is basically how busy the GPUs are"),
    # Rollout said to be fast and training the bottleneck: the pack's "unaware that rollout eats most of the step"
    # (candidates21 c21_a.0, a 1 scored 3).
    ("en", 16, "Walk me through the RL pipeline.", "We use verl with vLLM. Rollout is fast thanks to vLLM's "
     "PagedAttention and continuous batching, so the real bottleneck is the training side, and that's where we focused.",
     "Rollout is fast"),
    ("zh", 16, "讲讲你们的 RL 流水线。", "我们用 verl 加 vLLM。rollout 有 PagedAttention 和连续批处理，很快，瓶颈主要在训练侧，所以我们主要优化训练。",
     "瓶颈主要在训练侧"),
    # ZeRO-3 said to be the fastest a clause later, or the highest stage as the rule; its cost called zero; stage 1
    # said to shard the model (candidates23 c23_a.0 and c23_a.1, heldout24 h24_46: three 1s that scored 2).
    ("en", 6, "Why ZeRO-3 and not ZeRO-2?", "ZeRO-3 shards everything, so it saves the most memory and it's also the "
     "fastest.", "it's also the fastest"),
    ("zh", 6, "为什么用 ZeRO-3 而不是 ZeRO-2？", "ZeRO-3 切得最彻底，显存省得最多，一般直接用最高的那一级就行。", "一般直接用最高的那一级就行"),
    ("en", 6, "What does ZeRO-3 do compared with ZeRO-1 and ZeRO-2?", "ZeRO-3 removes all the redundancy, so you get "
     "near-linear scaling with zero communication overhead.", "zero communication overhead"),
    ("en", 6, "What does each ZeRO stage partition?", "Stage 1 partitions the model, stage 2 the gradients, and stage 3 "
     "the optimizer.", "Stage 1 partitions the model"),
    ("zh", 6, "ZeRO 每一级切的是什么？", "ZeRO-1 切的是模型，ZeRO-2 切梯度，ZeRO-3 切优化器。", "ZeRO-1 切的是模型"),
    # GPU utilisation near 100% taken for efficiency (candidates22 c22_a.5, candidates23 c23_a.4: two 1s that read 3).
    ("en", 10, "Three times faster than what, and how did you measure it?", "Before it took 30 hours, after 10. And the "
     "GPU utilization in nvidia-smi was 99% the whole time, so it was really efficient.", "so it was really efficient"),
    ("zh", 10, "快了三倍是跟什么比的？怎么量的？", "之前 30 个小时，之后 10 个小时。nvidia-smi 里 GPU 利用率一直 99%，说明卡都跑满了。",
     "说明卡都跑满了"),
    # Activations said not to grow with the sequence, no FlashAttention named (candidates26 c26_a.1, a 1 that read 2).
    ("en", 2, "And the activations? How do they grow with sequence length?", "Activations mostly depend on the batch size. "
     "If you double the context you don't really need more memory, you just wait longer.", "don't really need more memory"),
    ("zh", 2, "那激活呢？随序列长度怎么涨？", "激活主要跟 batch 有关，和序列长度关系不大，序列翻倍显存也差不多，只是慢一点。", "激活主要跟 batch 有关"),
    # The cross-node link said to be on par with NVLink, and TP across nodes taken as fine (heldout27 h27_03, a 1 that
    # read 3: "400G InfiniBand… that's 400 GB/s… basically on par with NVLink… comfortable running TP16 across two nodes").
    ("en", 9, "What cross-node bandwidth would you expect?", "Every GPU has its own 400G IB NIC, so the IB is on par with "
     "NVLink now.", "the IB is on par with NVLink now"),
    ("zh", 9, "跨机带宽大概多少？", "每张卡一张 400G 的 IB 网卡，现在 IB 和 NVLink 差不多了。", "现在 IB 和 NVLink 差不多了"),
    ("en", 3, "Would you run TP across nodes?", "Yes, we're comfortable running TP16 across two nodes on a modern fabric.",
     "comfortable running TP16 across two nodes"),
    # Sequence parallelism said to split attention (heldout27 h27_48: "128K becomes 16K per GPU, attention included").
    ("en", 7, "How would you train at 128K context?", "Just turn on Megatron's sequence parallelism: it splits the sequence "
     "across the TP ranks, attention included, so it's the standard long-context recipe.", "attention included"),
    ("zh", 7, "128K 上下文怎么训？", "直接开序列并行就行，序列按 TP 切开，注意力也一起切了，这是长上下文的标准做法。", "注意力也一起切了"),
    # NCCL's kernels said to take no SMs (heldout27 h27_38, a 1 that read 3), also with the subject a clause before.
    ("zh", 8, "通信和计算是怎么重叠的？", "通信走的是网卡和 NVLink，不占 GPU 的计算资源，所以对计算没有任何影响。", "不占 GPU 的计算资源"),
    ("en", 8, "How is communication overlapped with compute?", "NCCL goes over the NIC and NVLink, so it doesn't use any GPU "
     "compute resources and has no effect on compute.", "doesn't use any GPU compute resources"),
    # BF16 and FP16 said to behave the same, and FP16 to be more stable said a clause after "because" (heldout28
    # h28_46, a 1 that read 2).
    ("en", 1, "Loss suddenly spikes at step 41k and does not come back down. What do you check?",
     "Precision is not really the issue: BF16 and FP16 are both 16-bit formats, so they behave the same way "
     "numerically.", "so they behave the same way numerically"),
    ("en", 1, "Would you change the precision?", "If anything I would switch to FP16, because it has more mantissa bits "
     "and is therefore more stable.", "because it has more mantissa bits and is therefore more stable"),
    ("zh", 1, "BF16 和 FP16 有什么区别？", "BF16 和 FP16 都是 16 位格式，数值上表现差不多。", "数值上表现差不多"),
    ("zh", 1, "要不要换精度？", "真要换的话我会换成 FP16，因为它尾数位更多，所以更稳。", "所以更稳"),
    # torchrun said to restart only the dead worker, which rejoins the communicator (heldout28 h28_01, a 2 that read 3
    # on the marker it contradicts).
    ("en", 13, "What happens when one worker dies?", "If one worker dies, torchrun just restarts that single process and it "
     "rejoins the existing NCCL communicator, so the other 15 keep training.", "torchrun just restarts that single process"),
    ("zh", 13, "一个 worker 挂了会怎样？", "一个 worker 挂了的话，torchrun 只会重启挂掉的那个进程，它重新加入原来的 NCCL 通信域，"
     "其他 15 个继续训。", "torchrun 只会重启挂掉的那个进程"),
    # NCCL said to take no SMs with "they" a few clauses after it (heldout33 h33_38, a 2 that read 3: "NCCL transfers go
    # through the copy engines, it's DMA, so they don't take SMs away from the GEMMs").
    ("en", 8, "What does overlapping cost you?", "NCCL transfers go through the copy engines, it's DMA, so they don't "
     "take SMs away from the GEMMs.", "so they don't take SMs away from the GEMMs"),
    ("zh", 8, "重叠有什么代价？", "NCCL 走的是 copy engine，是 DMA，通信不占 SM，所以没什么代价。", "通信不占 SM"),
    # Gang scheduling taken for topology placement (heldout33 h33_36, a 1 that read 2).
    ("zh", 13, "gang 调度解决的是什么问题？", "gang 调度主要是为了把一个作业的 Pod 调到同一个交换机下面，这样节点之间网络更快。",
     "gang 调度主要是为了把一个作业的 Pod 调到同一个交换机下面"),
    ("en", 13, "What problem does gang scheduling solve?", "Gang scheduling is about putting all of a job's pods under the "
     "same switch, so the network between them is faster.", "Gang scheduling is about putting all of a job's pods under the "
     "same switch"),
    # ZeRO-3 guessed to move less than DDP, for the shards it holds (candidates32 c32_a.3, a 1 that read 2).
    ("en", 6, "How does ZeRO-3 communication compare with plain DDP?", "I'm not sure. I think it's less communication, "
     "because each GPU only holds part of the model, so there's less to send?", "I think it's less communication"),
    ("zh", 6, "ZeRO-3 的通信量和普通 DDP 比怎么样？", "不太确定，我觉得 ZeRO-3 通信比 DDP 少，因为每张卡只存一部分模型。", "通信比 DDP 少"),
    # The causal mask said to change nothing of the load (heldout33 h33_31, a 1 that read 2 with the ring-attention
    # point credited on that very clause).
    ("zh", 7, "CP 下因果掩码会带来什么问题？", "因果掩码的话我觉得影响不大，每张卡分到的 token 数一样，计算量自然也一样。",
     "因果掩码的话我觉得影响不大"),
    ("en", 7, "What does the causal mask do to context parallelism?", "The causal mask doesn't really matter here, every "
     "rank gets the same number of tokens.", "The causal mask doesn't really matter here"),
    # BF16 said the more precise one comparison first, or by its mantissa (heldout33 h33_27 said it so).
    ("zh", 1, "BF16 和 FP16 有什么区别？", "BF16 精度比 FP16 高，所以现在大模型都用它。", "BF16 精度比 FP16 高"),
    ("zh", 1, "BF16 和 FP16 有什么区别？", "BF16 的尾数位更多，所以比 FP16 更精确一点。", "BF16 的尾数位更多"),
    ("en", 1, "How do BF16 and FP16 differ?", "BF16 has more mantissa bits, which is why big models use it instead of "
     "FP16.", "BF16 has more mantissa bits"),
]


@pytest.mark.parametrize("lang, topic, question, answer, clause", CLAIMS)
def test_a_claim_the_facts_call_wrong_is_flagged_on_its_clause(score, lang, topic, question, answer, clause):
    # ZeRO and FSDP shard the model states, every rank still running the full forward and backward of its
    # micro-batch; BF16 has 7 mantissa bits to FP16's 10.
    a = score(lang, topic, answer, question)
    flag = next(d for d in a.danger_signals if d.signal in ("说法不对", "a claim stated wrong"))
    assert clause in flag.evidence and a.level == 1, (a.level, flag)
    assert a.feedback.startswith("先把事实弄准：" if lang == "zh" else "Get the facts right: ")


@pytest.mark.parametrize("lang, answer", [
    ("zh", "ZeRO-3 不会让每张卡算得更少，它切的是状态，计算量不变，还多了参数的 all-gather。"),
    ("en", "Tensor parallel splits the matmuls so each GPU has less to compute; ZeRO only shards the memory."),
    ("en", "Under ZeRO-1 each rank updates only its own shard, so the optimizer step does less work."),
    ("zh", "DP 切 batch，TP、PP 把权重切开，顺带也把计算分摊了。"),  # no ZeRO named: TP and PP do split the work
    ("zh", "FP16 的精度比 BF16 更高，BF16 换来的是范围。"),
    ("zh", "BF16 不需要 loss scaling，FP16 需要开动态 loss scaling。"),
    ("en", "FP16 needs loss scaling; BF16 doesn't need loss scaling because it has 8 exponent bits."),
    ("en", "Selective recompute costs almost nothing, since with FlashAttention only the cheap ops are recomputed."),
    ("en", "Without FlashAttention the s×s scores make activations grow quadratically; with it they grow linearly."),
    ("zh", "FlashAttention 之后激活随序列线性增长，但 attention 的计算量还是平方。"),
    ("en", "TP 8 inside the node; a bigger TP would leave NVLink, so we kept it at 8."),
    ("en", "FP16 keeps more precision than BF16; BF16 buys FP32's range."),
    ("en", "The higher the ZeRO stage, the less memory, but the more communication, so ZeRO-3 is slower per step."),
    ("zh", "ZeRO 的 stage 越高越省显存，但通信越多，所以不是越高越快。"),
    ("en", "Rollout was about 70% of the GRPO step, so the bottleneck is rollout, not the training update."),
    ("en", "The logprob mismatch is an issue we watch every step: the token-level gap between vLLM and the trainer."),
    ("en", "We moved from FP16 to BF16 and the runs became more stable, since FP16's 5 exponent bits overflowed."),
    # FP16 as what BF16 is compared against, then a consequence: BF16 is the stabler one.
    ("zh", "BF16 的指数位和 FP32 一样，范围比 FP16 大得多，所以更稳定。"),
    ("en", "BF16 keeps FP32's 8 exponent bits, so it overflows far less than FP16, therefore it is more stable."),
    ("en", "TP across nodes is not fine: every layer's all-reduce would leave NVLink for a 50 GB/s NIC."),
    ("en", "MFU is the model FLOPs per second over the dense peak; GPU utilisation only says a kernel was running."),
    ("zh", "MFU 是模型每秒 FLOPs 除以稠密峰值，GPU 利用率只说明有 kernel 在跑，不能当 MFU。"),
    ("zh", "TP 跨机代价很大，每层的 all-reduce 都要走网卡，所以 TP 放机内。"),
    ("zh", "从 FP16 换到 BF16 之后训练稳多了，FP16 只有 5 位指数容易溢出。"),
    ("zh", "训推 logprob 不一致是个问题，我们每步都看两边的差值，再用重要性采样修正。"),
    ("en", "ZeRO-1 shards the optimizer states, ZeRO-2 adds the gradients, ZeRO-3 the parameters; ZeRO-1 and 2 move "
           "the same as DDP, ZeRO-3 about 1.5 times."),
    ("zh", "ZeRO-1 切优化器状态，ZeRO-2 再切梯度，ZeRO-3 再切参数；ZeRO-2 和 DDP 通信一样，ZeRO-3 多了反向的 all-gather。"),
    ("zh", "GRPO 一个 step 里 rollout 占 70% 左右，瓶颈在 rollout，不在训练。"),
    ("en", "ZeRO-1 has no communication overhead beyond DDP; ZeRO-3 adds the parameter all-gathers."),
    ("en", "DDP is the fastest when the model fits; ZeRO-3 is the slowest of the stages."),
    ("en", "GPU utilization sat at 99%, but that only means a kernel was running; MFU was 38%, so not efficient at all."),
    ("zh", "MFU 从 38% 提到 45%，所以效率很高；GPU 利用率那个数不能看。"),
    ("zh", "通信 kernel 也要占 SM，重叠上了计算也会慢一点；数据预处理放在 CPU 上，不占 GPU 的计算资源。"),
    ("en", "NCCL kernels do take SMs, a few of them, so overlapped compute runs a little slower."),
    ("en", "The copy engines do the DMA, so they don't take SMs; the NCCL kernels that drive them do take a few."),
    ("zh", "因果掩码下每张卡 token 数一样，但计算量不一样，后段的卡算得多，所以用 zig-zag 切。"),
    ("zh", "ZeRO-2 通信少一点，和 DDP 一样；ZeRO-3 多一次参数 all-gather，大约 1.5 倍。"),
    ("zh", "gang 调度是要么全部 Pod 一起拿到资源、要么都不调度；把 Pod 放到同一个交换机下面是拓扑感知调度，另一回事。"),
    ("en", "Gang scheduling is all or nothing for a job's pods; keeping them under the same switch is topology-aware "
           "placement, which Volcano can do too."),
    ("en", "ZeRO-3 isn't less communication: it's about 1.5 times DDP's, with the extra parameter all-gather."),
    ("en", "With a causal mask the same number of tokens is not the same compute: the last rank does far more, so we split "
           "zig-zag."),
    ("zh", "FP16 的尾数位更多，BF16 精度比 FP16 低，换来的是和 FP32 一样的范围。"),
    ("en", "FP16 has more mantissa bits than BF16; BF16 trades them for FP32's exponent range."),
    ("en", "Sequence parallelism splits LayerNorm and dropout; for attention we add context parallelism with ring attention, "
           "which splits attention too."),
    ("en", "Weights are BF16, that's 2 bytes per parameter; with gradients and Adam's FP32 states it's 16 bytes in total."),
])
def test_claims_said_of_something_else_or_denied_are_not_wrong(score, lang, answer):
    assert wrong_figures(read(answer, score.vocab[lang]), "ZeRO 和 FSDP 有什么区别？") == []


@pytest.mark.parametrize("lang, answer", [
    # heldout26 read this 4: the claim names BF16 a clause before it says "it".
    ("zh", "先看了 grad norm，spike 那几步 grad norm 也有一个尖，所以判断是 learning rate 偏大，就把 warmup 从 1000 步拉到 2500 "
           "步，后面就没再出现了。BF16 的话，我们一直用的 BF16，它比 FP16 精度更高，所以一般不会是精度导致的。"),
    ("en", "We looked at grad norm first, it also spiked on those steps, so we decided the learning rate was too high and "
           "stretched warmup from 1000 to 2500 steps, and it never came back. As for BF16, we've always used BF16, it has "
           "higher precision than FP16, so precision is usually not the cause."),
])
def test_a_wrong_claim_said_of_it_a_clause_after_its_subject_is_read(score, lang, answer):
    a = score(lang, 1, answer, "动 warmup 之前你们先看了什么？BF16 有没有关系？" if lang == "zh" else
              "Before touching warmup, what did you look at? Does BF16 play a part?")
    assert a.level <= 2 and any("精度" in d.evidence or "precision" in d.evidence for d in a.danger_signals), a.level
    assert a.feedback.startswith(("先把事实弄准", "Get the facts right"))


@pytest.mark.parametrize("lang, answer", [
    # heldout27 h27_26 read 2 for 1: the range said to be the same in a clause that drops the subject of the one before
    # ("都是…，数值范围差不多"), beside the naive remedy and nothing else.
    ("zh", "第一时间把学习率降到原来的一半，warmup 拉长一倍，从最近的 checkpoint 重新拉起。精度一般不是问题，BF16 和 FP16 都是 16 位半精度，"
           "数值范围差不多，我们统一用 FP16。"),
    ("en", "First thing, halve the learning rate, double the warmup and restart from the last checkpoint. Precision is rarely "
           "the issue: BF16 and FP16 are both 16-bit half precision, the range is about the same, so we just use FP16."),
])
def test_a_range_said_to_be_the_same_of_both_a_clause_before_is_wrong(score, lang, answer):
    a = score(lang, 1, answer, "训练中 loss 突然尖峰，你怎么排查？" if lang == "zh" else "The loss suddenly spikes. How do you debug it?")
    assert a.level == 1, (a.level, [d.signal for d in a.danger_signals])
    assert any("范围差不多" in d.evidence or "about the same" in d.evidence for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, sentence", [
    # ...but "the range is the same" after a clause naming FP32 is of FP32.
    ("zh", "BF16 的指数位跟 FP32 一样是 8 位，动态范围一样，所以基本不用 loss scaling。"),
    ("en", "BF16 has 8 exponent bits, same as FP32, so the range is the same and small gradients never underflow."),
    # ...and only when it refers back: "训练更稳定" after "表示范围比 FP16 大" says nothing of FP16 being the steadier.
    ("zh", "BF16 表示范围比 FP16 大，训练更稳定，现在大模型基本都用 BF16。"),
    ("en", "BF16 has a larger range than FP16, training is more stable, so most large models use it."),
])
def test_a_clause_that_does_not_refer_back_takes_no_claim_from_the_one_before(score, lang, sentence):
    assert not wrong_figures(read(sentence, score.vocab[lang]))


@pytest.mark.parametrize("lang, answer", [
    # heldout26 read the English 4: a fluent wrong memory model, the naive remedy told as the fix.
    ("en", "So the memory is basically the model weights. In BF16 that's 2 bytes per parameter, so our 7B model is about "
           "14 GB, which obviously fits on an 80 GB card. The optimizer state is pretty small compared to that, Adam just "
           "keeps a couple of scalars. Activations used to be a problem but with FlashAttention they don't really depend on "
           "sequence length anymore. So we dropped the micro-batch to 1 with gradient accumulation, and after that it ran "
           "fine and the loss curve looked the same."),
    ("zh", "显存主要就是模型权重，BF16 每参数 2 字节，7B 大概 14 GB，80 GB 的卡肯定放得下。优化器状态很小，可以忽略。激活以前是问题，"
           "开了 FlashAttention 以后激活就和序列长度无关了。所以我们把 micro batch 降到 1，加梯度累积，之后就跑通了，loss 曲线也一样。"),
])
def test_optimizer_state_waved_away_and_activations_said_not_to_grow_with_sequence_are_wrong(score, lang, answer):
    a = score(lang, 2, answer, "What was actually using the memory, and how did you solve it?" if lang == "en" else
              "显存到底被什么占了？你们怎么解决的？")
    said = " ".join(d.evidence for d in a.danger_signals)
    assert a.level == 1, (a.level, [d.signal for d in a.danger_signals])
    assert ("optimizer state is pretty small" in said or "优化器状态很小" in said), said
    assert ("sequence length" in said or "序列长度" in said), said


@pytest.mark.parametrize("lang, answer", [
    # heldout26 read the English a thin 2: the MFU the question asked about, believed to be utilisation.
    ("en", "Honestly, I don't know exactly how that number was computed, it came off the team's dashboard. I believe it's "
           "the GPU utilization averaged over the job, something like that. Which peak, I'm not sure."),
    ("zh", "说实话这个数具体怎么算的我不太清楚，是组里看板上的。我觉得就是 GPU 的平均利用率吧，除以哪个峰值我也不确定。"),
])
def test_the_asked_mfu_believed_to_be_utilisation_is_the_packs_misconception(score, lang, answer):
    a = score(lang, 10, answer, "Your résumé says 'MFU 52%'. Which peak did you divide by to get that?" if lang == "en"
              else "你简历上写 MFU 52%，这个是除以哪个峰值算的？")
    assert a.level == 1 and any(("utiliz" in d.evidence or "利用率" in d.evidence) for d in a.danger_signals), (
        a.level, [(d.signal, d.evidence) for d in a.danger_signals])


@pytest.mark.parametrize("lang, answer", [
    # heldout26 read the English 2, the measured-share point credited on "around 10%." said back from the question.
    ("en", "Like I said, we enabled overlap in Megatron, so communication is overlapped with computation, and that's why "
           "it's low, around 10%. We used the recommended settings from the example scripts. And GPU utilization in "
           "nvidia-smi was sitting at 98 to 100% the whole run, so the GPUs were busy all the time, there's really no room "
           "for communication to be exposed."),
    ("zh", "刚才说了，Megatron 里开了 overlap，通信和计算是重叠的，所以才低，10% 左右。参数用的是示例脚本里推荐的。而且 nvidia-smi "
           "里 GPU 利用率整个训练都在 98% 到 100%，卡一直在忙，通信不可能暴露。"),
])
def test_a_share_said_back_and_utilisation_taken_for_no_exposed_communication_is_a_1(score, lang, answer):
    a = score(lang, 8, answer, "You said exposed communication was 'around 10%'. How did you measure that?" if lang == "en"
              else "你说暴露的通信大概 10%，这个是怎么量的？")
    assert a.level == 1 and not a.markers, (a.level, a.markers)
    assert any("exposed" in d.evidence or "暴露" in d.evidence for d in a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "那是一个 13B 的模型，TP4 加 ZeRO-1。我先用 memory snapshot 抓了一次峰值，总共大概 78 GB。"),
    ("en", "It was a 13B model with TP4 and ZeRO-1. I took a memory snapshot at the peak: about 78 GB in total."),
])
def test_a_measured_peak_is_no_sum_of_model_states(score, lang, answer):
    # heldout27 h27_43 read 2 for 4: a GPU's measured peak, "总共大概 78 GB", was read as 6 bytes a parameter of model
    # state for the 13B model.
    q = "你们那次频繁 OOM，显存到底花在哪了？" if lang == "zh" else "Where did the memory go in those OOMs?"
    assert wrong_figures(read(answer, score.vocab[lang]), q) == []


@pytest.mark.parametrize("lang, answer, point", [
    ("zh", "通信走的是网卡和 NVLink，不占 GPU 的计算资源，所以对计算没有任何影响。", "通信 kernel 会占 SM"),
    ("en", "NCCL goes over the NIC and NVLink, so it doesn't use any GPU compute resources and has no effect on compute.",
     "communication kernels take SMs"),
])
def test_after_a_fact_set_right_the_point_to_learn_is_the_one_it_is_about(score, lang, answer, point):
    # The wheel check's zh answer was told the fact, then to learn "MoE 用两个 micro batch 交替让 all-to-all 与计算重叠":
    # the question's words ("重叠") chose the point, though the fact is about the SMs communication takes.
    a = score(lang, 8, answer, "通信和计算是怎么重叠的？" if lang == "zh" else "How is communication overlapped with compute?")
    assert point in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "For an LLM run, how would you compute MFU?",
     "Model FLOPs utilisation, so I think it's the FLOPs the GPU reports divided by the max it can do, basically what "
     "nvidia-smi shows. For A100 we'd use the 624 TFLOPS number as the max."),
    ("zh", "LLM 训练的 MFU 你怎么算？",
     "MFU 就是模型算力利用率，我理解是 GPU 报出来的 FLOPs 除以它最大能跑的，基本上就是 nvidia-smi 里显示的那个数。A100 的话最大值用 "
     "624 TFLOPS。"),
])
def test_mfu_taken_for_what_nvidia_smi_shows_is_a_claim_stated_wrong(score, lang, question, answer):
    """candidates28 c28_a.1: MFU defined as nvidia-smi's figure is utilisation passed off as MFU, a 1."""
    a = score(lang, 10, answer, question)
    assert a.level == 1 and any("nvidia-smi" in d.evidence for d in a.danger_signals), a


@pytest.mark.parametrize("lang, answer, wrong", [
    ("zh", "第一个 linear 列切，第二个行切，中间 GeLU 不用通信，最后做一次 all-reduce 就行。反向的话就不用通信了，梯度各自算各自的。", True),
    ("en", "The first linear is column-split, the second row-split, GeLU in between needs no communication, and one "
           "all-reduce at the end does it. The backward needs no communication, each rank just computes its own "
           "gradients.", True),
    ("zh", "第一个 linear 列切，第二个行切，前向在行切层后做一次 all-reduce，反向在列切层前对输入梯度再做一次 all-reduce。", False),
    ("en", "Column-split first, row-split second: one all-reduce in forward after the row-split layer, and one in "
           "backward on the input gradient before the column-split layer.", False),
])
def test_tp_backward_said_to_need_no_communication_is_a_claim_stated_wrong(score, lang, answer, wrong):
    """candidates28 c28_b.0 (labelled 2) read as a 3: the MLP split right, the backward's all-reduce denied."""
    a = score(lang, 4, answer, "MLP 是怎么切的？" if lang == "zh" else "How is the MLP split?")
    flagged = any(d.signal in ("说法不对", "a claim stated wrong") for d in a.danger_signals)
    assert flagged == wrong and (a.level <= 2 or not wrong), a


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "Your résumé says 'improved training efficiency on the GPU cluster by 2x'. What was the baseline, and what "
           "metric?",
     "The baseline was our old CTR model training job. I work on recommender systems. We moved it to the new GPU nodes "
     "and GPU utilisation went from about 45 to 90 percent, so that's the 2x."),
    ("zh", "你简历写“GPU 集群训练效率提升 2 倍”，基线是什么，用什么指标？",
     "基线是我们原来的 CTR 模型训练任务，我是做推荐的。我们把它迁到新的 GPU 节点上，GPU 利用率从 45% 左右到了 90%，所以就是 2 倍。"),
])
def test_a_speed_up_read_off_gpu_utilisation_is_a_claim_stated_wrong(score, lang, question, answer):
    """candidates28 c28_a.0 (labelled 1) was a 2: utilisation doubling is no training twice as fast."""
    a = score(lang, 10, answer, question)
    assert a.level == 1 and any(d.signal in ("说法不对", "a claim stated wrong") for d in a.danger_signals), a


@pytest.mark.parametrize("lang, answer, clause", [
    ("zh", "ZeRO-1 是把参数切开，ZeRO-2 再切梯度，ZeRO-3 连优化器状态也切了，所以最省显存。通信量跟 DP 一样，该做的 all-reduce 还是那一次。",
     "ZeRO-1 是把参数切开"),
    ("en", "ZeRO-1 shards the parameters, ZeRO-2 adds the gradients, and ZeRO-3 also shards the optimizer states, which "
           "is why it saves the most memory. The traffic is the same as DP, it's still the one all-reduce.",
     "ZeRO-1 shards the parameters"),
])
def test_zero_stages_in_the_wrong_order_are_a_claim_stated_wrong(score, lang, answer, clause):
    # heldout30 h30_22 (labelled 1) read as a 2: the stages turned round went unnoticed beside the ZeRO-3 traffic flag.
    a = score(lang, 6, answer, "ZeRO 三个 stage 分别切了什么？" if lang == "zh" else "What does each ZeRO stage shard?")
    assert a.level == 1
    assert clause in next(d.evidence for d in a.danger_signals if d.signal in ("说法不对", "a claim stated wrong"))


@pytest.mark.parametrize("lang, answer", [
    ("zh", "ZeRO-1 切优化器状态，ZeRO-2 再把梯度也切了，ZeRO-3 连参数也切了，每卡约 16/N 字节每参数。"),
    ("en", "ZeRO-1 shards the optimizer states, ZeRO-2 also shards the gradients, and ZeRO-3 shards the parameters too, "
           "about 16/N bytes per parameter."),
])
def test_zero_stages_in_the_right_order_are_no_claim_stated_wrong(score, lang, answer):
    assert wrong_figures(read(answer, score.vocab[lang])) == []


@pytest.mark.parametrize("lang, answer", [
    ("zh", "7B 用 fp16 每个参数 2 字节，就是 14 GB。所以 24G 的 4090 就够训了，还剩 10 GB 给 batch。"),
    ("en", "7B in fp16 is 2 bytes per parameter, so 14 GB. So a 24 GB card like a 4090 is enough to train it, and you "
           "still have 10 GB left for the batch."),
])
def test_a_card_the_size_of_the_weights_said_enough_to_train_is_a_figure_stated_wrong(score, lang, answer):
    # candidates33 c33_b.1 (labelled 1) read as a 3: the weights' 14 GB is right, the 24 GB card "enough to train it"
    # is some 3 bytes a parameter where full training needs about 16.
    a = score(lang, 2, answer, "训练一个 7B 模型大概要多少显存？" if lang == "zh" else
              "Roughly how much memory do you need to train a 7B model?")
    assert a.level == 1
    assert any(d.signal in ("数字说错了", "a figure stated wrong") for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "7B 做 LoRA 微调，底座冻结成 bf16 是 14 GB，24G 的 4090 就够了。"),
    ("en", "For LoRA on 7B the frozen base is 14 GB in bf16, so a 24 GB card like a 4090 is enough."),
])
def test_a_card_said_enough_for_lora_is_no_figure_stated_wrong(score, lang, answer):
    assert wrong_figures(read(answer, score.vocab[lang])) == []
