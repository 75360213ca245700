"""Issue 12: a marker is credited with the clause that shows it, a stated marker is never listed as missed, a red
flag is raised on the clause that shows it (for any topic the answer strays into), grader text is told apart
from technical prose, and the same answer reaches the same level in Chinese and in English."""

from __future__ import annotations

import pytest

from interviewer import skills
from interviewer.scoring import score_answer
from interviewer.scoring_read import read
from interviewer.textutil import found_in, normalize_key


@pytest.fixture(scope="module")
def ours():
    return {lang: skills.resolve(None, lang) for lang in ("zh", "en")}


def score(packs, lang, topic, answer, question=""):
    pack = packs[lang]
    t = pack.topic(topic)
    return score_answer(t, answer, question, pack.danger_for(t.title))


def flags(a) -> list[str]:
    return [d.signal for d in a.danger_signals]


def credited(a, *words) -> str | None:
    """The quote of the first credited marker whose text holds every word, or None."""
    return next((h.evidence for h in a.markers if all(w in h.marker for w in words)), None)


# --------------------------------------------------------------------------- stated markers are credited

STATED = [  # (lang, topic, question, answer, words of the marker, words one of which its quote must hold)
    # DCGM fields said without the prefix their family shares (heldout31 h31_48 and five more had listed them missed)
    ("zh", 14, "慢节点怎么找？", "DCGM 看 SM_ACTIVE 和 PIPE_TENSOR_ACTIVE，不看普通利用率，因为只要有 kernel 在跑利用率就算忙，NCCL 空等也算。",
     ("DCGM",), ("SM_ACTIVE",)),
    ("en", 14, "How do you find the straggler?", "I look at DCGM_FI_PROF_SM_ACTIVE and PIPE_TENSOR_ACTIVE rather than "
     "plain utilization, since utilization counts any resident kernel as busy, even NCCL spinning on a peer.", ("DCGM",), ("PIPE_TENSOR_ACTIVE",)),
    ("zh", 13, "PyTorchJob 是怎么把训练拉起来的？",
     "PyTorchJob 由 training operator 建 master 和 worker 的 Pod，并给每个 Pod 注入 MASTER_ADDR、MASTER_PORT、RANK 和 "
     "WORLD_SIZE，torchrun 读这些变量完成 rendezvous。", ("MASTER_ADDR",), ("MASTER_ADDR",)),
    ("en", 13, "Why does a training job need gang scheduling?",
     "Without it two 64-GPU jobs can each get half their pods on a 64-GPU cluster and wait on each other forever. Volcano "
     "or Kueue admits all pods of a job together or none.", ("gang",), ("half", "Kueue")),
    ("zh", 13, "训练 Pod 里 NCCL 报错，你会先看什么？",
     "先看 /dev/shm，容器默认只有 64 MB，NCCL 和 DataLoader 都要用共享内存，不够就报 bus error，要挂一个 Memory 的 emptyDir。",
     ("/dev/shm",), ("64 MB",)),
    ("en", 15, "The job hangs with no error. How do you find the rank?",
     "py-spy dump on every rank to see which one sits in a different collective, then TORCH_DISTRIBUTED_DEBUG=DETAIL and "
     "the NCCL flight recorder with a dump on timeout.", ("py-spy",), ("py-spy", "TORCH_DISTRIBUTED_DEBUG")),
    ("zh", 10, "MFU 怎么算？",
     "MFU = 每秒 token 数 × 6N ÷（卡数 × 单卡稠密峰值），7B 在 H100 上 989 TFLOPS，40% 大概每卡 9.4K token/s。",
     ("MFU =",), ("6N",)),
    ("zh", 2, "全量重计算多花多少算力？", "刚说了：计算量从约 3 倍前向到 4 倍，多 33%；端到端 step 实测 +20%",
     ("全量重计算",), ("3 倍前向",)),
    ("zh", 12, "packing 要不要加 mask？",
     "要，不然不同文档会互相看到。我们用 flash attention 的 varlen 接口传 cu_seqlens，position id 每篇文档从 0 开始。",
     ("packing",), ("cu_seqlens",)),
    # The figure in a short sentence of its own, then how it was got (seen in an en session).
    ("en", 8, "Can you tell me how much of the step was exposed communication?",
     "About 11% of the step. I summed the gaps on the compute stream in Nsight where only NCCL kernels ran, on a few "
     "ranks per stage; mostly the TP tail and the last DP bucket.", ("measured exposed",), ("compute stream",)),
    ("zh", 8, "暴露通信占 step 的比例大概是多少？",
     "大概 11%。用 nsys 把计算流上只有 NCCL kernel 在跑的空隙加起来算的，主要是 TP 的尾巴和最后一个 DP 桶。",
     ("暴露通信",), ("计算流",)),
    # "先看显存" is fitting memory first (seen in a zh session: a level-4 answer credited with no point at all).
    ("zh", 3, "各并行度是怎么定下来的？", "130B 按每参数 16 字节算约 2 TB 模型状态，先看显存：TP8 放机内走 NVLink；PP8 跨机只传激活。"
     "试过 TP16 跨机，step 慢了 25%，所以没用。", ("先让显存装下",), ("先看显存",)),
    # The marker lists its detectors one word each ("via NCCL timeouts, the watchdog, Xid"): the watchdog shows it.
    ("en", 11, "Break down one recovery after a GPU failure.",
     "The NCCL watchdog timed out after 10 minutes; rescheduling onto a spare node took 3 minutes and loading the "
     "checkpoint 4.", ("detected via",), ("watchdog",)),
    # A communication kernel is a kernel, not a fused one: "kernel" read as fusion left the SM point missed in Chinese
    # (candidates2 d3zh.3 and two more); the English twin was credited already.
    ("zh", 8, "通信重叠有什么代价？", "通信 kernel 要占 SM 和显存带宽，盖住不等于免费，同时跑的 GEMM 会变慢，我们测下来慢了 6%。",
     ("占 SM",), ("SM",)),
    ("en", 8, "What does overlapping communication cost?", "Communication kernels take SMs and memory bandwidth, so "
     "hidden is not free: the GEMM running beside them slowed by about 6%.", ("take SMs",), ("SMs",)),
    # A kernel "spinning" or "just waiting" on its peers is the "idling" one of the marker, as "空等" is in Chinese
    # (candidates22 c22_e.4 and a bank answer listed it missed).
    ("en", 14, "Why is GPU utilisation misleading?", "It's 'some kernel was resident', sampled. An all-reduce spinning "
     "on a dead peer reads 100%, and during our first big hang that's exactly what the dashboard showed for 2047 GPUs, "
     "which is a large part of why it took 40 minutes to notice. We took utilisation off the dashboard and alert on "
     "TENSOR_ACTIVE and per-rank compute time instead.", ("running kernel",), ("spinning",)),
    ("zh", 14, "为什么说 GPU 利用率有误导性？", "它只是采样里有 kernel 驻留就算忙。一个在死掉的对端上空等的 all-reduce 也显示 100%，我们第一次"
     "大 hang 的时候看板上 2047 张卡都是这样，所以 40 分钟后才发现。后来把利用率从看板上拿掉，改成按 TENSOR_ACTIVE 和每 rank 计算时间"
     "告警。", ("kernel 在跑",), ("空等",)),
    # A step told as its parts in seconds, the communication as what was left exposed (seen in a zh session: read 2
    # with 只报名词没有机制, and the feedback asked for the very breakdown given).
    ("zh", 10, "能具体讲讲一个 step 的时间分解吗？", "3.36 秒里面，前向反向的计算大概 2.4 秒，all-to-all 优化后暴露出来的大概 0.35 秒，"
     "流水线气泡大概 0.4 秒，剩下的是优化器和 DP 的梯度同步，梯度同步大部分被反向盖住了。这个是用 nsys 抓了几个 step 看的 timeline。",
     ("step 时间拆成",), ("暴露",)),
    ("en", 10, "Can you walk me through the time breakdown of one step?", "Of the 3.36 s step, forward and backward "
     "compute is about 2.4 s, the all-to-all left exposed after the overlap is about 0.35 s, the pipeline bubble about "
     "0.4 s, and the rest is the optimizer and the DP gradient sync, mostly hidden behind backward. We read it off an "
     "nsys timeline of a few steps.", ("splits a step",), ("exposed",)),
]


@pytest.mark.parametrize("lang, topic, question, answer, marker_words, quote_words", STATED)
def test_a_marker_the_answer_states_is_credited_with_the_clause_that_shows_it(
        ours, lang, topic, question, answer, marker_words, quote_words):
    a = score(ours, lang, topic, answer, question)
    quote = credited(a, *marker_words)
    assert quote is not None, (a.level, [h.marker for h in a.markers])
    assert found_in(quote, answer) and any(w in quote for w in quote_words), quote
    assert not any(all(w in m for w in marker_words) for m in a.missed_markers)
    # A stated point with its numbers is the mechanism with numbers; without numbers it still counts as named.
    assert a.level >= (3 if any(ch.isdigit() for ch in answer) else 2)


def test_the_terse_expert_of_the_issue_reaches_level_3(ours):
    a = score(ours, "zh", 2, "刚说了：计算量从约 3 倍前向到 4 倍，多 33%；端到端 step 实测 +20%")
    assert a.level == 3 and not a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "那你们这个配置气泡大概多少？", "(p-1)/(m+p-1)，3/67，4.5% 左右。"),
    ("en", "So what's the bubble in that configuration?", "(p-1)/(m+p-1), 3/67, about 4.5%."),
])
def test_the_asked_figure_worked_out_in_one_line_is_a_3(ours, lang, question, answer):
    # A blind candidate's follow-up (candidates8 k3zh): the formula and the figure on the candidate's own setting.
    a = score(ours, lang, 5, answer, question)
    assert a.level == 3 and not a.danger_signals, (a.level, [d.signal for d in a.danger_signals])
    # A before-and-after result in one line is a claim of the work, not the working.
    off = score(ours, "zh", 7, "MoE 的话我们主要关注推理延迟，上线后 P99 从 800ms 降到 500ms，用的 vLLM 加了 prefix cache。",
                "MoE 专家负载不均你怎么处理？")
    assert off.level <= 2


# --------------------------------------------------------------------------- and only such markers


def test_a_marker_is_not_credited_by_a_sentence_that_says_the_candidate_never_did_it(ours):
    a = score(ours, "zh", 6, "FSDP2 没在生产上用过，只知道它是 FSDP 的新版本，逐参数分片。", "FSDP2 相对 FSDP1 好在哪？")
    assert not credited(a, "FSDP2")
    # A guess the candidate says they never checked is no statement of the point either.
    for lang, guess in (("en", "Maybe it's overheating? I've heard clocks drop when the card gets hot, so temperature "
                               "could throttle it. But I've never actually checked that."),
                        ("zh", "可能是过热吧？听说卡一热时钟就会降，所以温度可能让它降频，不过我没查过。")):
        b = score(ours, lang, 14, guess, "Could a GPU show 100% and still be slow?" if lang == "en" else "利用率 100% 的卡会不会还是慢？")
        assert not b.markers and b.level <= 2, (lang, b.markers, b.level)


@pytest.mark.parametrize("lang, topic, answer", [
    ("zh", 10, "我们的 MFU 做到了 60%，GPU 利用率一直在 95% 以上，属于业界领先水平。"),
    ("en", 1, "Loss spikes are usually a learning-rate thing. We use a cosine schedule with warmup and BF16, plus "
              "gradient clipping, and with our stability recipe we cut spikes by 80%."),
    ("zh", 9, "调过 NCCL_IB_HCA、NCCL_SOCKET_IFNAME、NCCL_ALGO 这些，调完以后性能提升了 40%。"),
    ("en", 8, "We enabled async all-reduce and overlap_grad_reduce in Megatron, so communication is fully overlapped "
              "and basically free now."),
])
def test_buzzwords_and_numbers_without_a_source_stay_below_3(ours, lang, topic, answer):
    a = score(ours, lang, topic, answer)
    assert a.level <= 2 and a.danger_signals
    assert all(not h.evidence or normalize_key(h.evidence) != normalize_key(answer) for h in a.markers)


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历写了“NCCL 调优”，具体做了什么？",
     "1）NCCL_SOCKET_IFNAME\n2）NCCL_IB_HCA\n3）NCCL_IB_GID_INDEX\n4）NCCL_DEBUG=INFO\n5）NCCL_ALGO\n主要就是调了这几个环境变量。"),
    ("en", "Your résumé says 'NCCL tuning'. What exactly did you do?",
     "1) NCCL_SOCKET_IFNAME\n2) NCCL_IB_HCA\n3) NCCL_IB_GID_INDEX\n4) NCCL_DEBUG=INFO\n5) NCCL_ALGO\n"
     "That's basically the environment variables we tuned."),
])
def test_a_list_of_variable_names_shows_no_point_they_name(ours, lang, question, answer):
    a = score(ours, lang, 9, answer, question)
    assert not a.markers and a.level <= 2 and a.danger_signals, a
    # Said with what it does, the same name shows the point.
    said = ("NCCL_SOCKET_IFNAME 指定 bootstrap 走哪块网卡，选错了 TCPStore 之后的 unique id 交换就建不起来。" if lang == "zh" else
            "Rank 0 creates the unique id and shares it through the TCPStore; if the bootstrap NIC is wrong the "
            "communicator never forms, so we set NCCL_SOCKET_IFNAME to the right interface.")
    assert credited(score(ours, lang, 9, said, question), "NCCL_SOCKET_IFNAME")


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "暴露的通信占 step 的多少？",
     "我们基本没有暴露的通信，因为 all-reduce 都是 async_op=True 发出去的，在后台跑。现在框架都帮你做好 overlap 了。"
     "而且我们 GPU 利用率一直在 98% 左右，所以没有时间花在等通信上。"),
    ("en", "How much of your step is exposed communication?",
     "We don't really have exposed communication, because all the all-reduces are launched with async_op=True. "
     "Frameworks handle overlap for you now. And our GPU utilisation was around 98%, so there was no idle time spent "
     "waiting on communication."),
])
def test_gpu_utilisation_is_no_share_of_exposed_communication(ours, lang, question, answer):
    a = score(ours, lang, 8, answer, question)
    assert not a.markers and a.level == 1, a
    assert any("异步" in d.signal or "async" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "简历上写“实现异步 checkpoint，保存阻塞从 5 分钟降到 20 秒”，具体怎么做的？",
     "这个主要是我 mentor 做的，我负责接入和测试。大概原理是先把模型和优化器的状态拷到 CPU 内存里，然后起一个后台线程写到存储"
     "上，训练就不用等写盘了。具体 20 秒是怎么测出来的我不太确定。"),
    ("en", "Your résumé says you built async checkpointing that cut save stalls from 5 minutes to 20 seconds. How?",
     "That was mostly my mentor's work; I did the integration and testing. Roughly, the model and optimizer states are "
     "first copied to CPU memory, then a background thread writes them to storage, so training doesn't wait on the "
     "write. I'm not sure how the 20 seconds was measured."),
])
def test_a_mechanism_with_no_figure_shows_no_point_that_works_a_figure_out(ours, lang, question, answer):
    """heldout28 h28_14 (a 2 that read 3): the async save told is that point, not "estimates the checkpoint and derives
    the blocking time from storage bandwidth", which needs a figure worked out."""
    a = score(ours, lang, 11, answer, question)
    assert credited(a, "异步保存" if lang == "zh" else "async saves") and not credited(a, "1 TB"), a.markers
    assert a.level == 2


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "Your résumé says you cut checkpoint save time from 9 min to 70 s with async sharded checkpoints. How long "
           "does one save block training?",
     "About 70 seconds of blocking now: each rank copies its shard to pinned host memory and a background thread uploads "
     "it. Before, the synchronous save to shared storage blocked for 9 minutes."),
    ("zh", "你简历写了用异步分片 checkpoint 把保存时间从 9 分钟降到 70 秒。一次保存会阻塞训练多久？",
     "现在阻塞大概 70 秒：每个 rank 把自己的分片拷到锁页内存，后台线程再上传。以前同步存到共享存储要卡 9 分钟。"),
])
def test_how_long_a_save_blocked_derives_no_blocking_time_from_bandwidth(ours, lang, question, answer):
    """Seen in the closing en session: the 9 minutes it took was credited as "estimates a 70B checkpoint at ~1 TB and
    derives the blocking time from aggregate storage bandwidth"."""
    a = score(ours, lang, 11, answer, question)
    assert credited(a, "锁页内存" if lang == "zh" else "pinned") and not credited(a, "1 TB"), a.markers


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历里写到「负责 65B MoE 模型预训练（1024 卡 A800），DeepSpeed ZeRO-1 + 专家并行…」。各并行度是怎么定下来的？",
     "EP8 是因为一共 64 个专家，每卡放 8 个，all-to-all 限制在机内 8 卡走 NVLink；我们试过 EP16 跨机，step 慢了 18%，所以定在 "
     "EP8。ZeRO-1 只切优化器状态，因为 65B 的优化器状态切到 128 个 DP rank 上每卡只剩几 GB，ZeRO-3 每步通信是 DP 的 1.5 倍，不划算。"),
    ("en", "Your résumé says 65B MoE on 1024 A800s with ZeRO-1 + EP8. How was each parallel degree chosen?",
     "EP8 because 64 experts at 8 per GPU keeps the all-to-all inside the node on NVLink; we tried EP16 across nodes and "
     "the step got 18% slower. ZeRO-1 only shards optimizer states: over 128 DP ranks that's a few GB per GPU, and "
     "ZeRO-3 moves 1.5 times DP's traffic, not worth it."),
])
def test_an_option_not_worth_its_cost_is_no_condition_where_a_parallelism_fails(ours, lang, question, answer):
    """Read aloud in the closing zh session: "ZeRO-3 每步通信是 DP 的 1.5 倍，不划算。" was the quote for "各并行的失效条件
    （头数不整除 TP、层数不整除 PP、batch 撑不起 DP）"."""
    a = score(ours, lang, 3, answer, question)
    assert not credited(a, "失效条件" if lang == "zh" else "failure conditions"), a.markers
    assert a.level == 4


@pytest.mark.parametrize("lang, question, answer, safeguard", [
    ("en", "What safeguard was added afterwards?",
     "Afterwards we added a per-rank heartbeat and an Xid watcher that cordons the node on its own; detection dropped "
     "from about 10 minutes to under 1.", "heartbeat"),
    ("zh", "事后做了什么防线？", "事后加了按 rank 的心跳和一个 Xid 监控，发现坏卡就自动把节点隔离；发现时间从 10 分钟左右降到了 1 分钟以内。",
     "心跳"),
])
def test_a_point_told_in_one_short_sentence_is_quoted_with_all_of_it(ours, lang, question, answer, safeguard):
    """The closing en sessions quoted the safeguard point with "detection dropped from about 10 minutes to under 1."
    alone: half of a one-sentence answer, the safeguard itself left out."""
    a = score(ours, lang, 15, answer, question)
    quote = credited(a, "防线" if lang == "zh" else "safeguard")
    assert quote and safeguard in quote and ("10" in quote), a.markers


def test_a_write_time_worked_out_from_an_object_stores_bandwidth_shows_that_point(ours):
    """The closing en session told this answer, in its feedback, to derive the blocking time from aggregate storage
    bandwidth: "object store" was no storage in English, as "对象存储" is in Chinese. (The Chinese answer of the same
    words still misses the point, for another reason: its one word beyond the question's, "聚合", is a character pair,
    which supports a match but makes none. Left in the stop's note.)"""
    a = score(ours, "en", 11, "Not really. 512 ranks each write their own shard, roughly 400 GB in total, and the object "
              "store sustains about 20 GB/s aggregate, so the upload takes around 20 seconds in the background.",
              "Was storage bandwidth the bottleneck?")
    quote = credited(a, "aggregate storage bandwidth")
    assert quote and "20" in quote, a.markers
    assert "aggregate storage bandwidth" not in a.feedback, a.feedback


def test_one_clause_shows_one_point(ours):
    answer = ("ZeRO-1 and ZeRO-2 cost the same as DP: a reduce-scatter plus an all-gather is one all-reduce. ZeRO-3 "
              "also all-gathers the parameters again in backward, about 1.5x DP.")
    a = score(ours, "zh", 6, answer, "ZeRO-3 的通信比 DP 多多少？")
    assert credited(a, "1.5 倍") and not credited(a, "FSDP2")
    quotes = [h.evidence for h in a.markers]
    assert len(quotes) == len(set(quotes))


# --------------------------------------------------------------------------- red flags


def test_a_red_flag_of_another_topic_is_raised_when_the_answer_strays_into_it(ours):
    answer = ("MFU was basically our GPU utilization: nvidia-smi showed 98% most of the time, so the cluster was "
              "very efficient.")
    a = score(ours, "en", 14, answer, "How would you find a straggler?")  # observability, not MFU
    flags = {d.signal: d.evidence for d in a.danger_signals}
    mfu = next(s for s in flags if "as MFU" in s)
    assert "MFU" in flags[mfu] and "utilization" in flags[mfu]
    assert any("nvidia-smi" in s for s in flags)


def test_names_without_mechanism_is_never_raised_on_a_mechanism_or_a_formula(ours):
    for lang, topic, answer in [
        ("zh", 5, "1F1B 的气泡是 (p-1)/(m+p-1)，所以 p=8、m=32 时约 18%。"),
        ("en", 4, "Each all-reduce is b·s·h elements; ring sends about 2(t-1)/t of that per GPU."),
        ("zh", 6, "ZeRO-3 反向要再 all-gather 一次参数，所以通信约为 DP 的 1.5 倍。"),
    ]:
        a = score(ours, lang, topic, answer)
        assert not any(d.signal in ("只报名词没有机制", "names without mechanism") for d in a.danger_signals), a


def test_a_naive_remedy_in_a_real_story_is_not_a_red_flag(ours):
    answer = ("我用 py-spy dump 抓了所有 rank 的栈，发现 rank 17 卡在 all-reduce，因为它的 NCCL 超时；重启丢了 200 步，"
              "之后加了 NCCL flight recorder 做防线。")
    a = score(ours, "zh", 15, answer)
    assert a.level >= 3 and not any("重启" in d.signal for d in a.danger_signals)


# --------------------------------------------------------------------------- the question counts


def test_an_answer_to_another_question_is_not_credited_for_what_it_knows(ours):
    a = score(ours, "zh", 3, "我们主要做数据这块，数据用 Parquet 存在对象存储上，多进程 DataLoader 读，8 个 worker，吞吐 3 万 "
                             "token/s，因为预取把 IO 藏起来了。", "TP 为什么一般不跨机？")
    assert a.level == 1 and not a.markers and "问题" in a.feedback


# --------------------------------------------------------------------------- grader text versus technical prose


@pytest.mark.parametrize("text", [
    "树比较时先比根的哈希，一致就跳过所有列表子节点比较，省掉 90% 的比较。",
    "我们把系统提示词放在每条样本前面，rollout 时用 prefix cache 复用，prefill 省了 30%。",
    "We cache the system prompt prefix across samples, which saved 30% of prefill.",
    "We set NCCL_DEBUG to INFO and raised the log level to see which transport was used.",
    "用一个评分模型给每条 rollout 打分，再按组算 advantage。",
    "系统：三级缓存，L2 命中率 80%。",
])
def test_technical_prose_is_not_taken_for_text_addressed_to_the_grader(ours, text):
    assert read(text, ours["zh"].vocabulary).grader == []


# --------------------------------------------------------------------------- the same answer in both languages

PAIRS = [
    (11, "我们按 Young-Daly 定的间隔：一次同步保存阻塞 30 秒，平均 4 小时坏一次，算下来约 15 分钟存一次。后来改成异步保存，"
         "阻塞降到 4 秒，代价是每个节点多占 60 GB 主机内存。上线后对比了一个月的故障，每次丢的训练量从 8 分钟降到 3 分钟。",
     "We set the interval with Young-Daly: a synchronous save blocked for 30 seconds and the cluster failed every 4 "
     "hours on average, which gives about one save every 15 minutes. Then we moved to async saves and blocking fell to "
     "4 seconds, at the cost of 60 GB more host memory per node. After a month in production we compared failures: "
     "lost training per failure went from 8 minutes to 3."),
    (8, "我们 64 卡那次暴露通信占 step 的 22%：用 nsys 时间线把计算流上只有 NCCL 的空隙加起来，再和关掉梯度同步的对照跑对比。"
        "把 bucket 调到 100 MB 后降到 9%，但桶太大会推迟第一次 all-reduce，所以没再加。",
     "On our 64-GPU run exposed communication was 22% of the step: we summed the gaps on the compute stream where "
     "only NCCL ran in the nsys timeline, and compared against a run with gradient sync turned off. Raising the bucket "
     "to 100 MB brought it to 9%, but bigger buckets delay the first all-reduce, so we stopped there."),
    (5, "1F1B 的气泡是 (p-1)/(m+p-1)，p=8、m=32 时 7/39，约 18%；它省的是在途激活，不是气泡。",
     "Under 1F1B the bubble is (p-1)/(m+p-1): with p=8 and m=32 that's 7/39, about 18%; what it saves is in-flight "
     "activations, not bubble."),
    (2, "全量重计算多一次前向，计算量从约 3 倍前向到 4 倍，多 33%；我们端到端实测 step 慢了 20%，所以改成选择性重计算，"
        "只多 4%，显存多 5 GB 也装得下，对比 loss 曲线一致。",
     "Full recomputation adds one forward: compute goes from about 3x forward to 4x, 33% more; we measured steps 20% "
     "slower end to end, so we switched to selective recomputation, only 4% more, and 5 GB more memory still fit; "
     "the loss curves matched."),
]


@pytest.mark.parametrize("topic, zh, en", PAIRS)
def test_trade_off_validation_and_incident_wording_count_the_same_in_both_languages(ours, topic, zh, en):
    a, b = score(ours, "zh", topic, zh), score(ours, "en", topic, en)
    assert a.level == b.level and a.level >= 3


@pytest.mark.parametrize("lang, answer", [
    ("zh", "我先看显存：70B 每参数 16 字节，模型状态约 1.1 TB；TP8 放机内，PP4 跨机，一个副本 32 卡，每卡模型状态约 35 GB，因为 TP 每层都要 "
           "all-reduce 只能走 NVLink。DP 就是 1024/32=32，每个 DP rank 32 条，micro batch 取 1 就有 32 个 micro batch，所以 1F1B 气泡 "
           "3/35，约 8.6%。换成 PP8 的话 DP 只有 16，每个 rank 64 条，气泡 7/71 约 10%，点对点还翻倍，所以我取 PP4。80 层除 4 整除，64 个头"
           "除 8 也整除。"),
    ("en", "I'd size memory first: 70B at 16 bytes a parameter is about 1.1 TB of model state; TP8 inside the node and PP4 across "
           "nodes gives a 32-GPU replica and about 35 GB a GPU, because TP all-reduces every layer and needs NVLink. DP "
           "is then 1024/32 = 32, so each DP rank gets 32 sequences and at micro-batch 1 that's 32 micro-batches, so the "
           "1F1B bubble is 3/35, about 8.6%. With PP8 DP drops to 16 with 64 sequences a rank, a bubble of 7/71, about "
           "10%, and twice the point-to-point traffic, so I'd take PP4. 80 layers divide by 4 and 64 heads by 8."),
])
def test_a_layout_worked_through_on_the_case_at_length_is_judgement_in_both_languages(ours, lang, answer):
    # Sized, compared with the alternative and chosen, in no particular words of judgement: ten figures with their
    # mechanism and four explaining sentences.
    q = "1024 张 H100 训 70B、4K 序列、全局 batch 1024，你怎么切？" if lang == "zh" else \
        "You have 1024 H100s for a 70B at 4K with a global batch of 1024. How do you lay it out?"
    assert score(ours, lang, 3, answer, q).level == 4


@pytest.mark.parametrize("kind, zh, en", [
    ("validation", "调完各 stage 峰值差在 4 GB 以内，step 时间没变长。", "After the change the step didn't get slower."),
    ("incident", "1024 卡那个作业 DP 暴露占 step 6%。", "Once, on a 256-GPU job, the step went from 5.1 to 5.8 s."),
    ("tradeoff", "容量因子没往大调，调大只是少丢 token，慢卡还在。",
     "We didn't go higher on the capacity factor: it only drops fewer tokens, the slow rank stays."),
    ("validation", "之后每个作业启动前都用 nccl-tests 校验一遍。", "Now every job runs nccl-tests first to catch it."),
    ("tradeoff", "换成 ZeRO-2 的话，那样就得每卡 29 GB，长序列还是放不下。",
     "ZeRO-2 would have been about 29 GB a GPU, which still left no room for longer sequences."),
    ("incident", "我们试过更大的 micro batch，首个 stage 直接 OOM。", "We tried a bigger micro-batch and the first stage OOM'd."),
    ("outcome", "融合 kernel 之后每层省下 0.4 毫秒。", "Fusing the kernels took back 0.4 ms a layer."),
    ("outcome", "最后到了 42%。", "We ended at 42%."),
    ("validation", "2K 步的 loss 都在 seed 波动范围内。", "Loss over 2K steps stayed inside the seed band."),
    ("tradeoff", "去掉重计算反而更慢，GEMM 效率掉得比省下的还多。",
     "The one that didn't pay was dropping recompute: GEMM efficiency fell by more than we gained."),
    ("tradeoff", "要是全局 batch 压到 512，那我宁可上 interleaved。", "If the batch went down to 512 I'd rather go interleaved."),
    ("tradeoff", "它又快了 5%，但峰值到 78 GB，所以没上线。", "It bought another 5%, but peak hit 78 GB, so it didn't ship."),
    ("tradeoff", "我们关掉了它，认了 8% 的吞吐损失。", "We turned it off and ate ~8% rollout throughput."),
    ("tradeoff", "算下来 11 分钟；我们实际取 15 分钟。", "That gives 11 minutes; in practice we use 15."),
    ("validation", "nsys 的结果和估算吻合。", "nsys agreed with the estimate."),
    ("incident", "原来的做法是存盘再让 vLLM 重新加载。", "The original path was save, then vLLM reload."),
    ("outcome", "换成 HSDP 后显存从 46 涨到 61 GB。", "Moving to HSDP took memory from 46 to 61 GB."),
    ("outcome", "之前一次两三个小时；上了之后半小时以内。", "Before it took 3 hours; now it's under 30 minutes."),
    ("outcome", "设成 8 以后峰值 68 GB，最后上线的就是它。", "Setting it to 8 peaked at 68 GB, and that's what shipped."),
    ("safeguard", "Xid 类坏卡现在是自动摘除。", "Bad GPUs with an Xid are now cordoned automatically."),
    ("incident", "最要命的是长尾：中位 6K token，step 却要等 32K 的。",
     "The killer was the tail: median 6K tokens, but the step waits for the 32K ones."),
    ("provenance", "我们在每个 step 里给取 batch 打点。", "We time the next(batch) call on every step."),
    ("outcome", "换桶以后跳到 11%，改成 tar 分片后又回到 1% 以内。", "After the move it jumped to 11%; with tar shards it went back under 1%."),
    ("tradeoff", "考虑过把它和下一轮 rollout 重叠，但只占 step 的 2%，所以没做。",
     "We thought about overlapping it with the next rollout, but it's 2% of the step, so we left it."),
    ("incident", "最疼的是长尾：最后 5% 的回答占了一半时间。", "What hurt was the tail: the last 5% of responses took half the time."),
    # A zh session: the ZeRO-3 choice told "那时候 6B 模型…" read 3, its English twin "Back then…" 4.
    ("incident", "那时候 6B 模型、32 张 A100，ZeRO-2 放不下，所以上了 ZeRO-3。",
     "Back then it was a 6B model on 32 A100s; ZeRO-2 didn't fit, so we went to ZeRO-3."),
])
def test_judgement_is_read_from_the_same_wording_in_both_languages(ours, kind, zh, en):
    """The cost checked after a fix, a particular job, an alternative set aside, a check kept on."""
    for lang, text in (("zh", zh), ("en", en)):
        assert read(text, ours[lang].vocabulary).has(kind), (lang, text)


@pytest.mark.parametrize("lang, text", [("en", "Stage 2 shards the optimizer states and the gradients."),
                                        ("zh", "第 3 级连参数也切了。")])
def test_the_number_of_a_stage_names_which_one_and_measures_nothing(ours, lang, text):
    assert not any(cl.numbers for cl in read(text, ours[lang].vocabulary).clauses)


@pytest.mark.parametrize("lang, text, figures", [
    # "第二天" is which day, not a figure of the story (heldout19 h19_33); "两天后" is one.
    ("zh", "第二天早上我们才发现。", []), ("zh", "两天后才恢复。", ["count"]),
    ("en", "We only found out the next day.", []), ("en", "It was back two days later.", ["count"]),
])
def test_an_ordinal_day_is_no_figure_and_a_count_of_days_is(ours, lang, text, figures):
    assert [k for cl in read(text, ours[lang].vocabulary).clauses for k in cl.numbers] == figures


def test_that_one_operation_of_a_step_is_no_story(ours):
    # "那次同步" / "那次 all-reduce" point at an operation; "那次是 256 卡" tells a time something happened.
    v = ours["zh"].vocabulary
    assert not read("暴露的主要是最后一个 bucket 和 optimizer 前那次同步。", v).has("incident")
    assert not read("embedding 那次 all-reduce 是 b·s·h 的。", v).has("incident")
    assert read("那次是 256 卡的作业，跑到 3 万步卡住。", v).has("incident")


@pytest.mark.parametrize("lang, text", [
    ("en", "Divide the achieved FLOPs by the GPU count, then compare against the H100 peak."),
    ("zh", "实际 FLOPs 除以卡数，再和 H100 的峰值对比。"),
])
def test_comparing_against_the_peak_is_the_mfu_division_not_a_check(ours, lang, text):
    assert not read(text, ours[lang].vocabulary).has("validation")
    # A check designed against a reference run still is one.
    check = ("Force a restart and compare per-step hashes against an uninterrupted run." if lang == "en"
             else "强制重启一次，再和不中断的那次对比每步的哈希。")
    assert read(check, ours[lang].vocabulary).has("validation")


def test_an_answer_on_the_question_that_goes_on_to_a_neighbouring_point_is_not_off_the_question(ours):
    # The first half alone is a level-2 answer; adding the memory it comes to must not make it "another question".
    head = "TP8 放在机内走 NVLink，PP8 跨机，DP32"
    q = "你们 130B 的并行配置是怎么定的？"
    alone = score(ours, "zh", 3, head + "。", q)
    longer = score(ours, "zh", 3, head + "；130B 的参数加优化器状态用分布式优化器切开以后每卡大概 60 GB。", q)
    assert alone.level == 2 and longer.level >= 2
    assert "没有扣住问题" not in longer.feedback


def test_a_degree_written_onto_its_name_is_the_name(ours):
    from interviewer.vocabulary import variants
    assert "tp" in variants("tp8") and "dp" in variants("dp32") and variants("h100") == ("h100",)
    found = ours["zh"].vocabulary.find("tp8 放在机内，pp4 跨机，dp32")[0]
    assert {"tp", "pp", "dp"} <= set(found)


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "一个 step 的时间花在哪了？", "主要是前向反向的计算，还有 DP 的梯度通信，具体比例没看过。"),
    ("zh", "混合精度下每个参数多少显存？", "权重和梯度是 BF16，优化器是 FP32，具体字节数记不太清，大概十几个字节。"),
    ("en", "Where does the time of a step go?",
     "Mostly forward and backward compute, then the gradient all-reduce of DP; I can't recall the exact ratio."),
    ("zh", "zero-bubble 是怎么把气泡填上的？", "好像是把反向拆开，拆成两部分分开调度，具体怎么拆的我没细看，论文里说能做到接近零气泡。"),
    # The miss may name what the answer already named ("per parameter"); a reason beside the list is still no figure.
    ("en", "What takes up GPU memory during training?",
     "The weights, the gradients and the optimizer states; Adam keeps two states so that's the big one. Then "
     "activations. I don't remember the exact numbers per parameter, but the optimizer is the biggest part."),
    # "好几倍" is no figure, and "几个字节" the figure missed.
    ("zh", "训练时显存主要花在哪？", "主要是参数、梯度和优化器状态，Adam 挺占的，再就是激活。一个参数占几个字节我记不太清了，反正是参数量的好几倍。"),
])
def test_missing_only_a_figure_after_answering_is_a_thin_answer_not_a_miss(ours, lang, question, answer):
    topic = 5 if "zero-bubble" in question else 10 if "step" in question else 2
    a = score(ours, lang, topic, answer, question)
    assert a.signal != "dont_know" and a.level == 2


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "How much memory does one parameter cost with mixed-precision Adam?",
     "I don't know the exact number, sorry. I usually just reduce the batch size until it stops OOMing."),
    ("zh", "ZeRO 三个级别有什么区别？", "ZeRO 我听说过，是 DeepSpeed 的，具体三级分别切什么我不太清楚。"),
    ("zh", "MFU 怎么算？", "MFU 是一个指标吧，具体怎么算我忘了。"),  # after a name alone, the how was the question
])
def test_a_miss_of_the_question_itself_stays_a_miss(ours, lang, question, answer):
    topic = 2 if "memory" in question else 10 if "MFU" in question else 6
    a = score(ours, lang, topic, answer, question)
    assert a.signal == "dont_know" and a.level == 1


@pytest.mark.parametrize("lang, answer", [
    ("zh", "我们 64 卡训 13B，用了 TP 和 DP，TP=8 放在机内，DP=8，这是组里之前定的。"),
    ("en", "We train 13B on 64 GPUs with TP and DP, TP=8 inside the node and DP=8; it was already set before I joined."),
    ("zh", "我们 64 卡训 13B，TP=8 放在机内，DP=8，config 里原来就是这么写的，也没出过什么问题。"),
    ("en", "We train 13B on 64 GPUs, TP=8 inside the node and DP=8. Those were the settings from the recipe we "
           "started from, and they worked."),
    ("zh", "大概 TP8，PP 的话……4 吧，剩下 DP 8。为什么是 4 我说不太清，主要是感觉 70B 要多切一点，参考了网上的配置。"),
    ("en", "Probably TP8 and PP4, the rest DP 8. I can't really say why 4; it's a config I found online for a 70B."),
    ("en", "We used TP8 and PP4 with the rest DP. The config was basically the one from the reference scripts for that "
           "model size."),
])
def test_a_configuration_taken_over_from_others_shows_no_judgement(ours, lang, answer):
    q = "你们的并行配置是怎么定的？" if lang == "zh" else "How did you choose your parallel configuration?"
    a = score(ours, lang, 3, answer, q)
    assert a.level == 2 and a.danger_signals  # and it is said why


def test_the_baseline_being_the_groups_config_is_no_naive_remedy(ours):
    # Asked for the baseline, the config one started from is the answer, not a choice made by copying.
    a = score(ours, "zh", 10, "基线是我们一开始那版配置，70B 在 512 张 H800 上，TP8 PP8，micro batch 1，MFU 38%。这个配置是组里之前定的。",
              "你简历里写到「…MFU 从 38% 提升到 47%」。对比的基线是什么？")
    assert not any("朴素" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "我们每 500 步存一次，大概四十分钟，存权重和优化器状态。这个是项目一开始就这么定的，感觉差不多。保存时会停两三分钟。"),
    ("en", "We save every 500 steps, about forty minutes, weights and optimizer state. It was set at the start of the "
           "project and felt about right. Saving pauses training for two or three minutes."),
])
def test_an_interval_set_once_because_it_felt_right_shows_no_judgement(ours, lang, answer):
    # "一开始" here is when the value was set, not a story; the pack's own flag says why the answer is a 2.
    q = "checkpoint 多久存一次？间隔怎么定的？" if lang == "zh" else "How often do you checkpoint, and how was that chosen?"
    a = score(ours, lang, 11, answer, q)
    assert a.level == 2, a.level
    assert any("凭感觉" in d.signal or "gut feeling" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer, flag", [
    ("en", "In that fine-tune, did the gradient communication overlap with backward?",
     "Yes, DeepSpeed has overlap_comm, we set it to true, so it overlaps. I'd assume it was fully hidden after that.",
     "async means overlapped"),
    ("zh", "那次微调里，梯度通信和反向重叠了吗？", "重叠了，DeepSpeed 有 overlap_comm，我们设成 true 了，所以是重叠的，我估计之后就完全藏住了。",
     "开了异步就重叠上了"),
])
def test_a_switch_turned_on_taken_for_overlap_is_the_async_misconception(ours, lang, question, answer, flag):
    # A blind level-1 answer (candidates8 k2en): the framework's overlap switch is the "async" the flag means.
    a = score(ours, lang, 8, answer, question)
    assert a.level == 1 and any(flag in d.signal for d in a.danger_signals), (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "You list DeepSpeed ZeRO on your resume. Which stage did you use, and why?",
     "ZeRO-2 mostly. Stage 2 shards the optimizer states and the gradients, so it saves a lot of memory, and it's faster "
     "than stage 3 because stage 3 also shards the params and has to gather them. We fine-tuned a 13B model on 32 A100s."),
    ("zh", "你简历上写了 DeepSpeed ZeRO，用的是哪一级？为什么？",
     "主要用 ZeRO-2。stage 2 切了优化器状态和梯度，所以省很多显存，而且比 stage 3 快，因为 stage 3 还要切参数，用的时候要 gather "
     "回来。我们在 32 张 A100 上微调了一个 13B 的模型。"),
])
def test_the_model_size_and_gpu_count_of_the_scene_are_no_figure_of_the_mechanism(ours, lang, question, answer):
    # A blind level-2 answer (candidates8 k2en): the mechanism in words, and numbers that only say where it ran.
    assert score(ours, lang, 6, answer, question).level == 2
    # In a story the same kinds of number are what happened.
    story = score(ours, "en", 13, "Otherwise two jobs each grab half the GPUs and deadlock waiting for the rest. We use "
                  "Kueue so a job's pods are admitted together; before that we had a weekend where two 256-GPU jobs sat "
                  "half-scheduled for 9 hours.", "Why gang scheduling?")
    assert story.level == 4


def test_an_answer_that_is_only_the_packs_misconception_is_level_1(ours):
    wrong = score(ours, "zh", 10, "MFU 就是 GPU 的利用率吧，nvidia-smi 里能看到。", "MFU 怎么算？")
    assert wrong.level == 1 and any("充当 MFU" in d.signal for d in wrong.danger_signals)
    # The flag names two alternatives ("GPU utilisation or the sparse peak"); one of them is enough to raise it.
    en = score(ours, "en", 10, "MFU is basically the GPU utilization, you can see it in nvidia-smi.", "How do you compute MFU?")
    assert en.level == 1 and any("as MFU" in d.signal for d in en.danger_signals)
    # Taking one thing for another is shown by saying one is the other, not by naming both: a list of names is a
    # names answer, with no conflation flag.
    names = score(ours, "zh", 7, "序列太长了，要用上下文并行或者 Ulysses，还有 ring attention。", "序列并行为什么不够用？")
    assert names.level == 2 and not any("混为一谈" in d.signal for d in names.danger_signals)
    said = score(ours, "zh", 7, "其实够的，上下文并行和序列并行本来就是一回事，TP 开大点就行。", "序列并行为什么不够用？")
    assert said.level == 1 and any("混为一谈" in d.signal for d in said.danger_signals)


def test_a_rubric_text_naming_two_alternatives_is_met_by_either():
    from interviewer.scoring_rubric import alternatives
    assert [" ".join(a.split()) for a in alternatives("passes off GPU utilisation or the sparse peak as MFU")] == [
        "passes off GPU utilisation as MFU", "passes the sparse peak as MFU"]
    assert [" ".join(a.split()) for a in alternatives("拿 GPU 利用率或稀疏峰值充当 MFU")] == [
        "拿 GPU 利用率 MFU", "拿 GPU 稀疏峰值充当 MFU"]
    assert alternatives("或许可以先看时间线") == [] and alternatives("no alternative here") == []


def test_a_question_about_another_topics_subject_is_judged_by_that_topic(ours):
    from interviewer.scoring import asked_topic
    parallel = ours["zh"].topic(3)
    assert asked_topic(parallel, "MFU 是按什么口径算的？").title == ours["zh"].topic(10).title
    # A question its own topic's rubric speaks of stays with it, even when it names another topic's words.
    assert asked_topic(parallel, "TP 放机内而 PP 跨机的原因是什么？") is parallel
    hangs = ours["en"].topic(15)
    assert "Checkpoint" in asked_topic(hangs, "Can you tell me how many steps recovery lost?").title
    # A mechanism the chain's topic never names, another topic's own: judged there, in both languages; the words
    # the follow-up quotes from the answer do not keep it home, nor do a résumé line's move it.
    for lang, q in (("zh", "接着「每层两次 all-reduce 必须走 NVLink」往下问：暴露通信占 step 的比例大概是多少？"),
                    ("en", "Picking up on “two all-reduces per layer”: how much of the step was exposed communication?")):
        assert asked_topic(ours[lang].topic(3), q).index == 8
    resume = ("Your résumé says “Owned training stability: per-rank step-time and DCGM…”. In your own part of that work, "
              "how long did the latest incident take from detection to diagnosis?")
    assert asked_topic(hangs, resume) is hangs
    # Whether the loss curves matched, asked in the MFU chain, is loss alignment in both languages: the en session had
    # judged "The final loss was 2.31 versus 2.32, so basically the same" by MFU's points and fed back the MFU formula.
    for lang, q in (("zh", "loss 曲线有没有对齐？"), ("en", "Can you tell me whether the loss curves matched?")):
        assert asked_topic(ours[lang].topic(10), q).index == 15, lang
    # An answer on the chain's headline that names a neighbour's word too stays home: the closing zh session judged
    # the baseline of an MFU gain by communication hiding, and credited "exposed communication measured" with "MFU 47%".
    for lang, q, a in (
            ("zh", "你简历里写到「…MFU 从 38% 提升到 47%」。在你自己负责的那部分里，对比的基线是什么？",
             "基线是最早那版 TP8 PP8 的配置，每卡每秒大概 1900 个 token，MFU 38%。后来开了通信重叠和融合算子，到每秒 2350 个 token 左右，MFU 47%。"),
            ("en", "Your résumé says “…raised MFU from 38% to 47%”. In your own part of that work, what was the baseline?",
             "The earliest TP8 PP8 config, about 1,900 tokens per second per GPU, MFU 38%. Later we turned on comm "
             "overlap and fused kernels and got to about 2,350 tokens per second, MFU 47%.")):
        assert asked_topic(ours[lang].topic(10), q, a).index == 10, lang
    assert asked_topic(ours["zh"].topic(10), "嗯，换到更大规模还成立吗？").index == 10  # scale is no RL question


def test_after_a_miss_the_feedback_names_the_asked_point_the_answer_only_brushed(ours):
    q = "接着「每层两次 all-reduce 必须走 NVLink」往下问：暴露通信占 step 的比例大概是多少？"
    a = score(ours, "zh", 8, "这个我没仔细量过，感觉不多吧，大部分都被计算盖住了。", q)
    assert a.level == 1 and "暴露通信占 step" in a.feedback
    assert any("暴露通信" in d.signal for d in a.danger_signals)


def test_a_story_about_something_else_is_not_the_markers_story(ours):
    # "rank" is in a dozen markers: a story of checkpoint files per rank does not tell a hang investigation.
    a = score(ours, "zh", 15, "checkpoint 我们用 torch.distributed.checkpoint，每个 rank 存自己的分片，7B 的 FSDP 存 64 个文件"
                              "每个 1.7 GB，25 秒存完，之前 rank0 单写要 6 分钟。", "最近一次事故从发现到定位用了多久？")
    assert not a.markers and a.level == 1
    assert [d.signal for d in a.danger_signals] == ["答非所问"]  # not "vague": it is precise, about something else


def test_after_i_dont_know_the_feedback_names_the_point_the_question_asked_for(ours):
    a = score(ours, "zh", 10, "不会。", "MFU 是按什么口径算的？")
    assert "6N" in a.feedback  # the formula, not "改了什么" matched on the question word 什么


@pytest.mark.parametrize("lang, answer", [
    ("en", "Last month a node had a flapping NIC: step time went from 1.9 s to 2.6 s. We found it by comparing per-rank "
           "all-reduce time in our dashboards, drained the node, and added an alert on NIC error counters; detection "
           "went from 3 hours to 10 minutes."),
    ("zh", "上个月有台机器网卡抖动，step 从 1.9 秒涨到 2.6 秒，我们对比各 rank 的 all-reduce 耗时找到它，摘掉节点，"
           "再给网卡错误计数加了告警，发现时间从 3 小时缩到 10 分钟。"),
])
def test_a_sound_story_about_something_else_is_not_an_answer_to_the_question(ours, lang, answer):
    q = "How was load balanced under the causal mask?" if lang == "en" else "causal mask 下负载是怎么均衡的？"
    a = score(ours, lang, 7, answer, q)
    assert a.level == 1 and not a.markers
    assert any(d.signal in ("答非所问", "answers another question") for d in a.danger_signals)


# --------------------------------------------------------------------------- a marker stated in other words

OTHER_WORDS = [  # (lang, topic, question, answer, words of the marker, words one of which its quote must hold)
    # GQA told by its few KV heads; "复制" / "replicated" is how they are laid out
    ("zh", 4, "TP 度比 KV 头多怎么办？", "TP=16 而 KV 头只有 8 个时，每张卡分不到完整的 KV 头，只能把每个 KV 头复制到两张卡上。",
     ("GQA",), ("复制",)),
    ("en", 4, "What if TP is larger than the number of KV heads?",
     "With TP=16 and only 8 KV heads no GPU gets a whole KV head, so each KV head is replicated on two GPUs.",
     ("GQA",), ("replicated",)),
    # "make it fit" / "装下" says memory comes first
    ("en", 3, "How did you pick your parallel degrees?",
     "First make it fit: TP8 inside the node, because TP all-reduces every layer and the NIC is ten times slower.",
     ("fits memory first",), ("make it fit",)),
    ("zh", 3, "并行度怎么定的？", "先让显存装下：TP=8 放在机内，因为 TP 每层都要 all-reduce，走网卡要慢一个量级。",
     ("先让显存装下",), ("装下", "TP=8")),
    # a percent of the step is its share
    ("zh", 16, "RL 一步的时间花在哪？", "rollout 大约 65%，训练 25%，权重同步 10%，长回答拖住整批是主要问题。",
     ("各占 step 的比例",), ("%",)),
    ("en", 16, "Where does an RL step spend its time?",
     "Rollout is about 65%, training 25% and weight sync 10%; long responses hold up the whole batch.",
     ("step-time shares",), ("%",)),
    # colocated / time-share the cards
    ("en", 16, "Colocated or separate pools?",
     "We ran colocated: trainer and vLLM time-share the same 64 GPUs and offload weights and KV cache between phases.",
     ("colocation",), ("time-share", "colocated")),
    # a profiler's timeline read in order is an explanation, not a story to tell
    ("zh", 10, "时间线你怎么读？", "nsys 时间线上先找 GPU 空隙，每层边界都是空隙的话，多半是小 kernel 太多、CPU 发射跟不上。",
     ("读时间线",), ("空隙",)),
    ("en", 10, "How do you read a timeline?",
     "I look for GPU gaps first: gaps at every layer boundary usually mean lots of tiny kernels and launch overhead.",
     ("reads a timeline",), ("gaps",)),
    # the condition said from the side where it holds, quoted where it is said (not the answer's last clause)
    ("en", 3, "When does each kind of parallelism stop working?",
     "TP needs the number of heads divisible by the TP degree, PP needs layers divisible by the stage count, and DP "
     "needs enough global batch: with 512 sequences and 16 micro-batches per rank you cannot go past DP32.",
     ("failure conditions",), ("divisible",)),
    ("zh", 3, "各种并行什么时候不适用？",
     "TP 要求头数能被 TP 度整除，PP 要求层数能被 stage 数整除，DP 要全局 batch 够大：512 条、每个 rank 16 个 micro batch "
     "时 DP 超不过 32。", ("失效条件",), ("整除",)),
]


@pytest.mark.parametrize("lang, topic, question, answer, marker_words, quote_words", OTHER_WORDS)
def test_a_marker_stated_in_other_words_is_credited_with_the_clause_that_shows_it(
        ours, lang, topic, question, answer, marker_words, quote_words):
    a = score(ours, lang, topic, answer, question)
    quote = credited(a, *marker_words)
    assert quote is not None, (a.level, [h.marker for h in a.markers])
    assert found_in(quote, answer) and any(w in quote for w in quote_words), quote


NOT_THIS_STORY = [  # a story about something else, or a mechanism worded "after the fact", tells no story marker
    ("zh", 15, "优化以后怎么证明 loss 对齐了？",
     "固定 seed 和数据顺序，先比第一步的 loss，差在 1e-3 内再比长曲线；换了 TP 度规约顺序变了，不可能逐位一致。"
     "我们上次换融合算子，曲线落在 seed 波动带内才合进去。", ("hang",)),
    ("zh", 5, "为什么 1F1B 下第一个 stage 最容易 OOM？",
     "1F1B 里第一个 stage 要先做 p 个 micro batch 的前向才开始反向，在途激活最多 p 份；PP=8 时是最后一个 stage 的 8 倍左右。",
     ("zero-bubble",)),
]


@pytest.mark.parametrize("lang, question, answer, marker_words", [
    # candidates33 c33_a.2: the kernel that makes utilisation read busy is no fused kernel (the English twin was never
    # credited; it holds the two languages level).
    ("zh", "MFU 你们是怎么算的？", "MFU 是每秒 token 数乘 6N 再除以卡数乘单卡稠密峰值。不能拿 GPU 利用率当 MFU，因为利用率只说明有 "
     "kernel 在跑。", ("融合算子",)),
    ("en", "How do you compute MFU?", "MFU is tokens per second times 6N over GPU count times the dense peak. GPU "
     "utilisation can't stand in for MFU, because it only says some kernel is running.", ("fused kernel",)),
])
def test_a_kernel_running_is_not_a_kernel_fused(ours, lang, question, answer, marker_words):
    a = score(ours, lang, 10, answer, question)
    assert credited(a, *marker_words) is None, credited(a, *marker_words)
    assert any("MFU" in h.marker for h in a.markers)  # what the answer does show is still credited


@pytest.mark.parametrize("lang, topic, question, answer, marker_words", NOT_THIS_STORY)
def test_a_story_marker_is_not_credited_with_a_story_about_something_else(
        ours, lang, topic, question, answer, marker_words):
    a = score(ours, lang, topic, answer, question)
    assert credited(a, *marker_words) is None, credited(a, *marker_words)


@pytest.mark.parametrize("lang, answer", [
    ("en", "First I would lower the learning rate and maybe increase the warmup, and then restart from the last checkpoint."),
    ("zh", "我会先把学习率调小一点，warmup 拉长，然后从上一个 checkpoint 重新跑。"),
])
def test_the_naive_remedy_offered_is_not_credited_as_the_marker_it_shares_words_with(ours, lang, answer):
    q = "Loss spikes at step 40K. What do you check?" if lang == "en" else "loss 在 4 万步突然尖峰，你先查什么？"
    a = score(ours, lang, 1, answer, q)
    assert not a.markers and a.level <= 2


def test_a_layout_adapted_from_the_frameworks_example_shows_no_judgement(ours):
    a = score(ours, "zh", 3, "TP 4，DP 16，没开 PP。TP 放机内是因为机内带宽高嘛，这套是参考 Megatron 的 example 改的。",
              "你们 64 卡训 13B，并行是怎么配的？")
    assert a.level == 2


def test_an_alternative_weighed_and_set_aside_is_a_trade_off():
    from interviewer.scoring_read import read
    r = read("We went to interleaved with v=2; raising the global batch would fix it too but the algorithm side "
             "didn't want to change the token budget.")
    assert r.has("tradeoff")
    assert read("Last one was an Xid 79 on one node, the GPU fell off the bus.").has("incident")


@pytest.mark.parametrize("lang, answer", [
    ("zh", "有的。我们开了 TP overlap 之后 GEMM 本身慢了 6% 左右，因为 NCCL kernel 要占 SM，还抢显存带宽。暴露通信从 10% 降到 4%，"
           "但端到端只快了 3%。后来把 NCCL 的 channel 数调小，让它少占几个 SM，最后端到端快了 5%。"),
    ("en", "Yes. After we turned on TP overlap the GEMMs themselves got about 6% slower, because the NCCL kernels take SMs "
           "and memory bandwidth. Exposed communication went from 10% to 4%, but end to end we were only 3% faster. "
           "Later we lowered the NCCL channel count so it takes fewer SMs, and end to end ended up 5% faster."),
])
def test_a_gain_weighed_against_its_cost_in_numbers_is_a_trade_off(ours, lang, answer):
    from interviewer.scoring_read import read
    assert score(ours, lang, 8, answer, "把通信重叠上，有没有代价？").level == 4
    assert not read("我们用 TP=8，但 PP=4。").has("tradeoff")  # settings on both sides weigh nothing
    assert not read("吞吐提升了 20%，可以再调到 30% 左右。").has("tradeoff")  # "可以" is no "but"


def test_an_interval_set_by_habit_shows_no_judgement(ours):
    a = score(ours, "zh", 11, "一般每 1000 步存一次吧，大家都这么设，凭经验。掉卡的话监控群里会报警，我们看到了就手动把任务停掉，换台机器，"
                              "从最近的 ckpt 重新提交。", "checkpoint 间隔怎么定的？掉卡了怎么恢复？")
    assert a.level <= 2


def test_a_misconception_said_outright_is_flagged_whatever_else_the_answer_names(ours):
    a = score(ours, "zh", 7, "其实够的，上下文并行和序列并行本来就是一回事嘛。Megatron 里把 --sequence-parallel 打开，序列就被切到 "
                             "TP 那几张卡上了，128K 也这么跑。", "序列并行为什么不够用？")
    assert any("混为一谈" in d.signal for d in a.danger_signals) and a.level <= 2


def test_one_step_of_a_procedure_does_not_show_the_procedure(ours):
    marker = "读时间线先看 GPU 空隙"
    one = score(ours, "zh", 10, "提升主要来自通信与计算重叠，暴露的 all-reduce 从 20% 降到 6%。", "MFU 提升从哪来？")
    assert credited(one, marker) is None
    two = score(ours, "zh", 10, "nsys 时间线上每层边界都有 GPU 空隙，小 kernel 太多、发射开销大，融合以后空隙没了，MFU 从 31% 到 42%。",
                "你怎么读时间线？")
    assert credited(two, marker)


def test_the_mfu_formula_is_credited_and_never_flagged_as_its_misconception(ours):
    a = score(ours, "en", 10, "MFU is 6ND over peak FLOPs, times the number of GPUs.", "How do you compute MFU?")
    assert credited(a, "6N") and not a.danger_signals and a.level == 3


def test_a_story_told_as_a_before_and_after_is_a_story(ours):
    a = score(ours, "zh", 10, "7B 在 128 卡上 MFU 只有 33%。我们看时间线，每步开头 GPU 空等，把 worker 从 2 加到 8，MFU 从 33% 到 40%。",
              "讲一次你提 MFU 的经历。")
    assert credited(a, "完整剖析")


def test_context_and_sequence_parallelism_are_two_ideas_and_a_concepts_words_are_its_own(ours):
    v = ours["en"].vocabulary
    assert v.find("context parallelism")[0] == ["cp"] and v.find("sequence parallelism")[0] == ["sp"]
    # "sequence" inside "sequence parallel" is the concept's word: naming SP is no claim that it adds communication.
    a = score(ours, "en", 7, "We used context parallelism with ring attention and also Ulysses, plus FlashAttention and "
                             "sequence parallel. It scaled really well.", "How do you handle 128K context training?")
    assert not any("adds communication" in d.signal for d in a.danger_signals) and a.level == 2
    slow = score(ours, "zh", 14, "我们那次慢节点事件里 2048 张卡 GPU-Util 全是 99%，但 tensor active 除了一台还在 0.55，其余都掉到 0.4。",
                 "讲一次你定位慢节点的经过。")
    assert credited(slow, "慢节点")


def test_an_answer_naming_nothing_of_the_field_is_vague_not_an_answer_to_another_question(ours):
    a = score(ours, "zh", 10, "前向、反向，然后优化器更新。反向比较慢，大概是前向的两倍吧，具体没测过。", "那一个 step 的时间都花在哪了？")
    assert "答非所问" not in [d.signal for d in a.danger_signals]


def test_load_balancing_is_a_mechanism_and_its_marker_is_quoted_where_it_is_said(ours):
    from interviewer.scoring_read import read
    assert not read("For load balancing we use an auxiliary loss.").has("tradeoff")
    assert read("It is a balance between memory and speed.").has("tradeoff")
    a = score(ours, "en", 7, "EP puts the experts on different GPUs and uses all-to-all to send tokens to them. For load "
                             "balance you use an auxiliary loss and a capacity factor.",
              "How did you balance the load across experts?")
    assert [m.evidence for m in a.markers if "auxiliary" in m.marker] == [
        "For load balance you use an auxiliary loss and a capacity factor."]


def test_a_miss_is_not_of_the_candidates_own_words_the_question_opens_with(ours):
    # The pick-up quotes the previous answer's TP point; the question asks for the exposed share.
    q = "接着「因为 TP 每层两次 all-reduce」往下问：暴露通信占 step 的比例大概是多少？"
    a = score(ours, "zh", 3, "这个我们没单独量过，具体比例不清楚。", q)
    assert a.level == 1 and "不知道 TP 跨机的代价" not in [d.signal for d in a.danger_signals]
    assert "TP 跨机" not in a.feedback  # the point the candidate had just explained is not what was asked
    # A résumé line names the subject when nothing of the field follows it: the feedback stays on MFU.
    b = score(ours, "zh", 10, "他说基线是优化前的 MFU 38%，按 6N 乘 token 吞吐除以峰值算。",
              "你简历里写到「…MFU 从 38% 提升到 47%」。在你自己负责的那部分里，对比的基线是什么？")
    assert "MFU 前后各多少" in b.feedback
    # With nothing after it, the quote is the subject.
    from interviewer.scoring import _unquoted
    assert _unquoted("刚才说到「TP8」——为什么？") == "为什么？"
    assert _unquoted("你说的「ZeRO-3」和 FSDP 有什么区别？") == "你说的「ZeRO-3」和 FSDP 有什么区别？"


@pytest.mark.parametrize("lang, question, answer, claim", [
    # heldout dev o58: the English question's "bitwise-identical" names no term of the pack, so the point after "I don't
    # know" is the topic's first (hangs), which is not "the point of this question"; the Chinese question asks for
    # the bitwise point by name, and the feedback says so.
    ("en", "When would you require bitwise-identical results?", "I don't know, I've never needed that.",
     "A point of this topic to learn first: "),
    ("zh", "什么时候应该要求结果逐位一致？", "不知道，我没遇到过这种需要。", "这一题的要点是「说明何时应要求逐位一致"),
])
def test_a_point_the_question_did_not_ask_for_is_not_called_its_point(ours, lang, question, answer, claim):
    a = score(ours, lang, 15, answer, question)
    assert a.level == 1 and a.feedback.startswith(claim), a.feedback


@pytest.mark.parametrize("lang, question, answer, other_subject", [
    # Read aloud in an English session: the zigzag answered in full, then "one point still open" on the experts'
    # balance, which shares only "balance" with the question; the Chinese twin was offered Ulysses.
    ("en", "I see. How was load balanced under the causal mask?",
     "Zigzag. With CP4 we split the sequence into 8 chunks and rank i gets chunk i and chunk 7 minus i, so every rank "
     "has the same amount of unmasked attention. Before that, with contiguous chunks, the last rank's attention took "
     "about 4 times the first rank's and everyone waited on it. After the change the ranks were within 5 percent of "
     "each other and step time at 128K dropped 22 percent.", ("auxiliary", "expert", "Ulysses", "dispatch")),
    ("zh", "明白。因果掩码下各 CP rank 的负载是怎么均衡的？",
     "Zigzag。CP4 的时候把序列切成 8 块，rank i 拿第 i 块和第 7-i 块，这样每个 rank 要算的未被掩掉的注意力一样多。之前按顺序切，"
     "最后一个 rank 的 attention 时间是第一个的将近 4 倍，step 被它拖着；改成 zigzag 以后各 rank 的 attention 时间差在 5% 以内，"
     "step 快了 18%。", ("辅助损失", "专家", "Ulysses", "dispatch")),
])
def test_a_solid_answer_is_offered_no_point_of_another_subject(ours, lang, question, answer, other_subject):
    a = score(ours, lang, 7, answer, question)
    assert a.level == 4 and not any(w in a.feedback for w in other_subject), a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "提升的是吞吐还是收敛时间？",
     "主要是吞吐，每卡每秒 token 从 1.9K 到 2.35K。收敛的话我们看了 loss 曲线按 token 数对得上，差在 0.01 以内。"),
    ("en", "Was it throughput or time to convergence?",
     "Mostly throughput: tokens per GPU per second went from 1.9K to 2.35K. For convergence we checked the loss "
     "curves against tokens and they matched, within 0.01."),
])
def test_answering_a_follow_up_with_numbers_and_a_check_is_above_names(ours, lang, question, answer):
    # The résumé rule's follow-up ("throughput or convergence?") is no sign of a solid answer of the MFU topic.
    a = score(ours, lang, 10, answer, question)
    assert a.level is not None and a.level >= 3
    assert not [d for d in a.danger_signals if "机制" in d.signal or "mechanism" in d.signal]


def test_a_story_marker_needs_a_story_of_its_subject_and_is_quoted_where_that_part_is_told(ours):
    a = score(ours, "zh", 15, "最近一次是上个月，一台机器网卡降速，整体 step 从 2.1 秒涨到 2.6 秒。看板上那台机器 8 个 rank 纯计算时间正常，"
                              "但通信等待最短，别人都在等它，ib_write_bw 测下来只有 100 Gb/s，正常 400。从告警到定位 40 分钟，换节点恢复。"
                              "事后加了每天跑 nccl-tests 的巡检。", "最近一次事故从发现到定位用了多久？")
    quotes = {m.marker: m.evidence for m in a.markers}
    assert not [m for m in quotes if "hang 排查" in m]  # a slow NIC is no hang story
    assert [q for m, q in quotes.items() if m.startswith("事后把排查固化成防线")] == ["事后加了每天跑 nccl-tests 的巡检。"]
    # A baseline's MFU is no profiling story.
    b = score(ours, "zh", 10, "基线是我们最开始跑的那版配置，70B 在 512 张 H800 上，TP8 PP8，micro batch 1，MFU 38%。", "对比的基线是什么？")
    assert not [m for m in b.markers if "剖析" in m.marker]


@pytest.mark.parametrize("lang, question, answer, after", [
    ("zh", "讲一次你排查 hang 的经历？",
     "有一次 256 卡的作业跑到 3 万步突然 hang 住，NCCL watchdog 30 分钟后才报超时。我们用 py-spy dump 抓了所有 rank 的栈，发现 rank 37 "
     "卡在 all_reduce，其他 rank 都在 all_gather，原因是那张卡 Xid 79 掉了。把那台机器摘掉后从最近的 checkpoint 拉起，丢了大概 400 步。"
     "之后把 NCCL 超时从 30 分钟调到 10 分钟，加了 Xid 自动摘节点，下次同类问题 15 分钟内就定位了。", "之后把 NCCL 超时"),
    ("en", "Tell me about a hang you debugged.",
     "Once a 256-GPU job hung at step 30k and the NCCL watchdog only fired after 30 minutes. We took py-spy dumps on every "
     "rank and saw rank 37 stuck in all_reduce while the others were in all_gather; the cause was an Xid 79 on that GPU. "
     "We cordoned the node and restarted from the last checkpoint, losing about 400 steps. After that we cut the NCCL "
     "timeout from 30 to 10 minutes and added automatic node removal on Xid, so the next similar hang was located "
     "within 15 minutes.", "After that we cut"),
])
def test_what_was_added_afterwards_is_quoted_from_the_part_of_the_story_after_the_fix(ours, lang, question, answer,
                                                                                       after):
    # The watchdog that opened the story shares the safeguard's words (timeout, watchdog), but it is not what was
    # added afterwards.
    a = score(ours, lang, 15, answer, question)
    quotes = [m.evidence for m in a.markers if "防线" in m.marker or "safeguard" in m.marker]
    assert len(quotes) == 1 and answer.index(quotes[0].split("，")[0]) >= answer.index(after)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "超时会自动 dump：flight recorder 落盘各 rank 最近的集合通信，同时对所有 rank 做 py-spy dump。上次那次是 rank 517 停在 "
           "all-gather，其他 rank 都在 all-reduce，次序对不上；根因是那个 rank 拿到了空 batch，跳过了 MoE 层的一次通信。修法是空 "
           "batch 也 pad 一条假样本、走完整路径。"),
    ("en", "A timeout triggers an automatic dump: the flight recorder writes each rank's recent collectives and we take "
           "py-spy dumps on every rank. Last time it was rank 517 sitting in all-gather while every other rank was in "
           "all-reduce; the root cause was an empty batch on that rank skipping one MoE collective. The fix was to pad an "
           "empty batch with a dummy sample so it takes the full path."),
])
def test_a_hang_story_told_without_we_and_with_its_ids_for_figures_is_judgement(ours, lang, answer):
    q = "训练 hang 了你们怎么定位？" if lang == "zh" else "How do you track down a hang?"
    a = score(ours, lang, 15, answer, q)
    stories = [m for m in a.markers if any(w in m.marker for w in ("hang 排查", "防线", "hang investigation"))]
    assert a.level == 4 and stories, (a.level, a.markers)


@pytest.mark.parametrize("lang, answer", [
    ("en", "The baseline was our first config on 512 H800s, TP8 PP8 with micro batch 1, at 38% MFU. We compute MFU as "
           "tokens per second times 6N divided by GPUs times the dense BF16 peak, 989 TFLOPS, from the Megatron logs."),
    ("zh", "基线是我们最开始跑的那版配置，70B 在 512 张 H800 上，TP8 PP8，micro batch 1，MFU 38%。MFU 按每秒 token 数乘 6N 除以卡数"
           "乘稠密 BF16 峰值 989 TFLOPS 算的，日志里打出来的。"),
])
def test_a_figure_a_marker_gives_in_brackets_is_its_premise_not_its_point(ours, lang, answer):
    # "computes that a 7B model at 40% MFU on H100 (about 989 TFLOPS dense BF16) is about 9.4K tokens/s": saying the
    # peak computes nothing; the sentence shows the MFU formula.
    for question in (["What was the baseline?", "Your résumé says “…raised MFU from 38% to 47%”. In your own part of "
                      "that work, what was the baseline?"] if lang == "en" else
                     ["对比的基线是什么？", "你简历里写到「…MFU 从 38% 提升到 47%」。在你自己负责的那部分里，对比的基线是什么？"]):
        # (The question's own figures, 38% and 47%, stand for no figure of the candidate's.)
        marks = [m.marker for m in score(ours, lang, 10, answer, question).markers]
        assert any("6N" in m for m in marks) and not any("9.4K" in m for m in marks), question


def test_a_judgement_word_only_repeated_from_the_question_is_no_judgement(ours):
    answer = ("The baseline was our first config on 512 H800s, TP8 PP8 with micro batch 1, at 38% MFU. We compute MFU "
              "as tokens per second times 6N divided by GPUs times the dense BF16 peak, 989 TFLOPS, from the Megatron logs.")
    echoed = score(ours, "en", 10, answer, "In your own part of that work, what was the baseline?").level
    assert echoed == 3
    # Said unprompted, a baseline is a comparison the candidate made.
    assert score(ours, "en", 10, answer, "How do you compute MFU?").level > echoed


def test_feedback_skips_the_points_earlier_answers_of_the_topic_showed(ours):
    pack = ours["en"]
    t = pack.topic(3)
    tp = next(m for m in t.markers if m.startswith("knows TP across nodes"))
    q, answer = "Can you tell me how much of the step was exposed communication?", "I'm not sure, we never measured it."
    plain = score_answer(t, answer, q, pack.danger_for(t.title))
    told = score_answer(t, answer, q, pack.danger_for(t.title), shown_before=frozenset({tp}))
    assert "TP across nodes" in plain.feedback  # what the question asks nearest, when nothing was shown before
    assert "TP across nodes" not in told.feedback and told.missed_markers == plain.missed_markers


def test_an_answer_to_another_question_is_not_flagged_ignorant_of_what_it_explains(ours):
    a = score(ours, "zh", 13, "ring attention 是按块把 KV 在卡之间传一圈，每张卡算自己那块 Q 对所有 KV 的注意力，用 online softmax 合并。"
                              "因果掩码下后面的块算得多，所以切成 2 倍 CP 个块 zigzag 分配。",
              "你简历里写到「从零搭建基于 Kubernetes 的训练平台」。在你自己负责的那部分里，作业是怎么拉起并完成 rendezvous 的？")
    assert a.level == 1 and [d.signal for d in a.danger_signals] == ["答非所问"]


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "gang 调度是怎么保证的？",
     "Volcano 的 PodGroup 设 minMember 等于 worker 数，资源不够就整组都不调度，避免一半 Pod 占着卡等另一半造成死锁。"),
    ("en", "How is gang scheduling guaranteed?",
     "Volcano's PodGroup sets minMember to the number of workers, so if resources are short nothing of the group is "
     "scheduled, to avoid half the pods holding GPUs while waiting for the other half."),
])
def test_a_mechanism_told_with_what_it_prevents_is_explained(ours, lang, question, answer):
    # A purpose ("避免…", "to avoid…") is a reason; "to avoid" meets a marker told as "never".
    a = score(ours, lang, 13, answer, question)
    assert a.level == 3 and credited(a, "Volcano") and not a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "提升的是吞吐还是收敛时间？", "吞吐。收敛时间没测过，token 数是一样的，所以 step 时间短了就是墙钟时间短了。"),
    ("en", "Was the gain in throughput or in time to converge?",
     "Throughput. We didn't measure convergence separately; the token count is the same, so a shorter step is a "
     "shorter wall-clock run."),
])
def test_the_option_a_question_offered_is_an_answer_not_a_miss_or_a_name_dropped(ours, lang, question, answer):
    a = score(ours, lang, 10, answer, question)
    assert a.signal not in ("dont_know", "help") and a.level == 2
    assert not any(d.evidence.rstrip("。.") in ("吞吐", "Throughput") for d in a.danger_signals), a.danger_signals


def test_a_misconception_said_outright_credits_nothing_and_the_naive_remedy_beside_it_is_flagged(ours):
    a = score(ours, "en", 7,
              "Context parallel and sequence parallel are basically the same thing — Megatron SP already splits the "
              "sequence across the TP ranks, so with TP8 you get 8x on the sequence, that's enough for 128K. For MoE "
              "imbalance we just raised the capacity factor to 2.0 so fewer tokens get dropped.",
              "Why isn't sequence parallelism enough for 128K context, and what did you do about MoE imbalance?")
    flags = {d.signal: d.evidence for d in a.danger_signals}
    assert a.level == 1 and not a.markers, (a.level, a.markers)
    assert "the same thing" in flags["conflates context and sequence parallelism"]
    assert "capacity factor" in flags["only raises the capacity factor for MoE imbalance"]


@pytest.mark.parametrize("lang, topic, question, answer, flag", [
    ("en", 7, "Some experts get far more tokens than others. What would you do?",
     "Raise the capacity factor, say from 1.25 to 2.5, so the busy experts stop dropping tokens; that usually fixes it.",
     "capacity factor"),
    ("zh", 7, "MoE 负载不均怎么办？", "把 capacity factor 调大，比如从 1.25 调到 2，就不会丢 token 了。", "容量因子"),
    ("zh", 16, "权重更新完以后怎么同步给推理引擎？",
     "每个 step 往共享盘存一次 checkpoint，然后把 vLLM 服务重启一下把新权重加载进来，几分钟就好。", "重启推理服务"),
])
def test_a_naive_remedy_offered_without_a_subject_is_the_candidates_own_and_shows_no_point(ours, lang, topic,
                                                                                            question, answer, flag):
    # Imperative advice and a Chinese sentence without 我们 offer the remedy as much as "we just raised…" does.
    a = score(ours, lang, topic, answer, question)
    assert not a.markers and a.level <= 2, (a.level, a.markers)
    assert any(flag in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer, flag", [
    ("en", 2, "The job OOMs on the first step. What do you do?",
     "I'd halve the batch size until it fits, and if batch size 1 still OOMs I'd ask for bigger GPUs.",
     "only shrinks the batch on OOM"),
    ("zh", 2, "第一步就 OOM 了，你怎么办？", "先把 batch size 减半，减到能跑为止，还不行就申请大显存的卡。", "OOM 只会减 batch"),
    # The cut told as from and to, escalated in the same sentence (a blind level-1 candidate, candidates8 k1zh).
    ("zh", 2, "当时显存主要花在哪？", "我们 OOM 了就把 batch size 从 16 降到 4，还不行就降到 1，然后用梯度累积补回来。",
     "OOM 只会减 batch"),
    # A save interval never settled is one picked by feel (candidates8 k1zh).
    ("zh", 11, "训练中间的 checkpoint 你们是怎么存的？", "每隔一段时间存一下，就是 torch.save 把 model.state_dict() 存下来。"
     "间隔大概几个小时吧，没有固定，看情况。", "保存间隔凭感觉定"),
    ("en", 11, "How did you save checkpoints during training?", "Every so often, just torch.save on model.state_dict(). "
     "The interval was a few hours, nothing fixed, it depended.", "by gut feeling"),
    ("zh", 1, "loss 突然冲高怎么办？", "我会先把 lr 砍一半，从上一个 ckpt 接着跑；实在不行就从头重跑。", "调小学习率"),
    ("en", 1, "The loss spiked. What do you do?", "I'd cut the lr in half and resume from the last checkpoint; if that "
     "doesn't work, restart from scratch.", "lower the learning rate"),
])
def test_the_packs_naive_remedy_is_named_in_the_ways_candidates_say_it(ours, lang, topic, question, answer, flag):
    # "实在不行就…" is the next step if this one fails, not the remedy found wanting.
    a = score(ours, lang, topic, answer, question)
    assert any(flag in d.signal for d in a.danger_signals), a.danger_signals
    assert a.level <= 2


@pytest.mark.parametrize("lang, answer", [
    ("en", "I keep nvidia-smi open and check utilization stays near 100%. If it's at 100% the GPUs are fully used, so "
           "we're fine."),
    ("zh", "我一直开着 nvidia-smi 看利用率，保持在 100% 附近。到了 100% 就说明卡都用满了，所以没问题。"),
])
def test_numbers_and_reasons_of_the_naive_way_alone_are_no_explanation(ours, lang, answer):
    # The pack's naive remedy offered as one's own, with no point beside it, stays below 3 however it is argued.
    q = "How do you monitor the GPUs?" if lang == "en" else "你们怎么监控 GPU？"
    a = score(ours, lang, 14, answer, q)
    assert a.level <= 2 and any("nvidia-smi" in d.signal for d in a.danger_signals), (a.level, a.danger_signals)


def test_a_restart_policy_the_system_runs_is_no_restart_by_hand(ours):
    a = score(ours, "zh", 13, "任一 worker 挂掉，torchrun 会停掉整组进程重新 rendezvous 再拉起，max_restarts 限制最多重启几次，比如 3 次；"
                              "作业级还有重启策略和坏节点隔离。", "worker 挂了以后 torchrun 怎么恢复？")
    assert not any("人工" in d.signal for d in a.danger_signals), a.danger_signals
    assert a.level >= 3


@pytest.mark.parametrize("lang, topic, question, answer, flag", [
    ("en", 5, "What does 1F1B give you over GPipe?",
     "1F1B basically eliminates the bubble: after warm-up every stage always has a forward or a backward to run.",
     "1F1B saves activations rather than bubble"),
    ("zh", 5, "1F1B 比 GPipe 好在哪？", "1F1B 前向反向交替，流水线里几乎没有空闲，气泡基本消除了。", "1F1B 省的是激活而非气泡"),
    ("zh", 4, "开了序列并行以后 TP 的通信量怎么变？",
     "会变大。每个 LayerNorm 前要 all-gather，后面还要 reduce-scatter，比原来多了两次通信，所以我们没开 SP。", "以为序列并行增加通信量"),
    ("en", 4, "What happens to TP communication once you turn on sequence parallelism?",
     "It goes up: SP adds an all-gather before each LayerNorm and a reduce-scatter after, so it increases communication.",
     "thinks sequence parallelism adds communication"),
    # the thing named in the sentence after ("…翻一倍。我们就是因为这个没开 SP")
    ("zh", 4, "开了 sequence parallel 之后，TP 的通信量会怎么变？",
     "会变大吧，序列切开了，每层除了原来两次 all-reduce 还要多做 all-gather 拼回来，通信量差不多翻一倍。我们就是因为这个没开 SP。",
     "以为序列并行增加通信量"),
])
def test_a_red_flag_about_which_way_something_goes_is_shown_by_saying_it_goes_that_way(ours, lang, topic, question,
                                                                                       answer, flag):
    a = score(ours, lang, topic, answer, question)
    assert any(flag in d.signal for d in a.danger_signals), a.danger_signals
    assert a.level == 1 and not a.markers, (a.level, a.markers)


@pytest.mark.parametrize("lang, topic, answer", [
    ("en", 5, "Interleaved 1F1B cuts the bubble by about v, at the cost of v times the point-to-point traffic."),
    ("zh", 5, "zero-bubble 把反向拆成 B 和 W 去填气泡，能做到接近零气泡。"),
    ("zh", 4, "SP 把每次 all-reduce 换成 reduce-scatter 加 all-gather，次数多了但通信总量不变，省的是激活。"),
    ("zh", 4, "所以前向每层两次 all-reduce，反向也是两次。开 SP 以后拆成 reduce-scatter 加 all-gather，有人以为这样通信变多了，"
              "其实总量不变。"),
    ("en", 4, "People sometimes assume SP adds communication; it doesn't, the all-reduce just splits into a "
              "reduce-scatter and an all-gather of the same volume."),
])
def test_the_way_a_variant_or_a_correction_goes_is_no_such_red_flag(ours, lang, topic, answer):
    a = score(ours, lang, topic, answer)
    assert not any("1F1B" in d.signal or "序列并行" in d.signal or "sequence parallelism" in d.signal
                   for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "每个 rank 报纯计算时间和集合通信的等待时间，慢卡是计算最长、等待最短的那个，等得最久的反而是正常卡。"),
    ("en", "Each rank reports its compute time and its wait in collectives; the slow GPU computes longest and waits "
           "least, and the ones waiting longest are, counterintuitively, the healthy ones."),
])
def test_a_belief_turned_round_in_the_same_sentence_is_no_misconception(ours, lang, answer):
    a = score(ours, lang, 14, answer)
    assert not any("慢卡" in d.signal or "slow one" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer, belief", [
    # The least of what the belief holds the most of, with a "就" of an aside between its two names: no misconception
    # (the zh one had been flagged twice and read 1; the en one is a guard).
    ("zh", "慢节点是靠每个 rank 上报纯计算时间和通信等待，计算时间偏离中位数 5% 以上就告警，慢的那张卡通常等待最短。", None),
    ("en", "Each rank reports compute time and communication wait, so we alert when compute is 5% off the median, and "
           "the slow GPU is the one with the shortest communication time.", None),
    ("zh", "我们看每个 rank 的 NCCL 时间，通信时间最长的那张卡就是慢卡，直接把那台机器摘掉。", "通信最久"),
    ("en", "We look at NCCL time per rank: the rank with the longest communication time is the slow one, so we drain "
           "that node.", "longest communication"),
])
def test_the_least_of_what_a_belief_holds_the_most_of_does_not_argue_it(ours, lang, answer, belief):
    a = score(ours, lang, 14, answer, "慢节点是怎么发现的？" if lang == "zh" else "How do you find a straggler?")
    flagged = [d.signal for d in a.danger_signals if "慢卡" in d.signal or "slow one" in d.signal]
    assert (flagged and belief in flagged[0] and a.level == 1) if belief else (not flagged and a.level >= 2), a


@pytest.mark.parametrize("lang, answer, flagged", [
    ("en", "Packing just concatenates short samples into one 4K sequence so there's no padding waste. You can train on "
           "it directly; attention is causal anyway, so it's fine.", True),
    ("zh", "packing 就是把几条短样本拼成一条 4K 的长样本，省掉 padding。拼好直接训就行，反正本来就是 causal mask，不会有什么问题。", True),
    ("en", "Packing concatenates samples, so you need a document mask, otherwise samples attend to each other; with "
           "varlen attention and cu_seqlens it's fine.", False),
])
def test_doing_it_without_what_the_flag_names_said_to_be_fine_is_the_misconception(ours, lang, answer, flagged):
    q = "What do you watch out for with sequence packing?" if lang == "en" else "做 sequence packing 要注意什么？"
    a = score(ours, lang, 12, answer, q)
    raised = any("掩码" in d.signal or "document masks" in d.signal for d in a.danger_signals)
    assert raised == flagged, a.danger_signals
    assert (a.level == 1 and not a.markers) if flagged else a.level >= 3
    if flagged:  # the point it got wrong is the one to learn, however much of its wording the answer brushed
        assert "packing" in a.feedback, a.feedback


@pytest.mark.parametrize("lang, answer", [
    ("en", "Basically none, because DDP's all-reduce is async — it runs on its own stream, so it's all overlapped with "
           "compute. Async means it doesn't block, so the communication costs nothing."),
    ("zh", "基本没有，因为 DDP 的 all-reduce 是异步的——在单独的 stream 上跑，所以全都和计算重叠了。异步就是不阻塞，通信等于白送。"),
])
def test_a_misconception_argued_across_an_aside_is_the_misconception(ours, lang, answer):
    # "because … async — an aside —, so … overlapped": the "so" relates the two, past the "because" that opens it.
    q = "How much of the step is exposed communication?" if lang == "en" else "暴露通信占 step 多少？"
    a = score(ours, lang, 8, answer, q)
    assert a.level == 1 and any("async" in d.signal or "异步" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer, flagged", [
    ("zh", "机内 NVLink，机间 IB。NCCL 主要设了 NCCL_IB_HCA、NCCL_SOCKET_IFNAME、NCCL_IB_GID_INDEX 这几个，调完快了 20%。", True),
    ("en", "We set NCCL_IB_HCA, NCCL_SOCKET_IFNAME, NCCL_ALGO and NCCL_P2P_LEVEL, and training got about 20% faster.", True),
    ("zh", "NCCL_IB_HCA 用来指定走哪几张 IB 卡，NCCL_SOCKET_IFNAME 决定引导用哪个网口，NCCL_IB_GID_INDEX 在 RoCE 上选对 GID，选错就建不起"
           "通信。", False),
])
def test_environment_variables_listed_with_nothing_of_what_they_do_are_names_recited(ours, lang, answer, flagged):
    q = "NCCL 做过什么调优？" if lang == "zh" else "What NCCL tuning did you do?"
    a = score(ours, lang, 9, answer, q)
    raised = any("环境变量" in d.signal or "environment variable" in d.signal for d in a.danger_signals)
    assert raised == flagged, a.danger_signals
    if flagged:
        assert a.level <= 2 and not a.markers, (a.level, a.markers)


def test_raising_the_capacity_factor_weighed_against_its_cost_is_no_naive_remedy(ours):
    a = score(ours, "en", 7, "We raised the capacity factor to 2.0, which cut dropped tokens from 6% to 1% but cost 9 GB "
                             "per GPU and 12% more all-to-all time, so we moved to aux-loss-free bias balancing.")
    assert not any("capacity factor" in d.signal for d in a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    # The other alternative of the flag ("or the sparse peak") named in a later sentence must not hide this one.
    ("en", "MFU is basically the GPU utilization — we read it from nvidia-smi, and our runs were at 95–98% the whole "
           "time. Sometimes people compare against the sparse TFLOPS number on the spec sheet, but ours was good."),
    ("zh", "MFU 其实就是 GPU 利用率，我们从 nvidia-smi 里读，一直在 95% 到 98%。"),
])
def test_utilisation_called_mfu_is_the_packs_misconception_in_both_languages(ours, lang, answer):
    a = score(ours, lang, 10, answer, "How do you compute MFU?" if lang == "en" else "MFU 怎么算？")
    assert a.level == 1 and any("MFU" in d.signal for d in a.danger_signals if "nvidia-smi" not in d.signal)


@pytest.mark.parametrize("answer", [
    "As for memory versus compute: DP only divides compute, TP, PP and EP divide weights, and TP with sequence "
    "parallelism plus CP are what divide activations.",
    "At 128K it drove the CP decision: 34 × 131072 × 12288 is about 55 GB per layer, TP8 with SP brings it to 6.8 GB, "
    "CP4 to 1.7 GB.",
])
def test_naming_context_and_sequence_parallelism_together_is_no_conflation(ours, answer):
    a = score(ours, "en", 7, answer)
    assert not any("conflates" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "一般就是学习率太大了吧，先把 lr 调小一半。BF16 和 FP16 其实差不多，都是半精度，主要是省显存。"),
    ("en", "Probably the learning rate is too high, so I halve it. BF16 and FP16 are basically the same, both half "
           "precision, they just save memory."),
])
def test_saying_two_things_are_the_same_shows_not_telling_them_apart(ours, lang, answer):
    a = score(ours, lang, 1, answer)
    flag = next(d for d in a.danger_signals if "BF16" in d.signal)
    assert "FP16" in flag.evidence and a.level == 1


@pytest.mark.parametrize("lang, topic, answer", [
    ("en", 1, "Both BF16 and FP16 are 16 bits and the same size in memory, but BF16 keeps FP32's 8 exponent bits, so "
              "it needs no loss scaling."),
    ("zh", 1, "BF16 和 FP16 一样都是 16 位，区别在于 BF16 有 8 位指数，和 FP32 范围一样，不用 loss scaling。"),
    ("en", 9, "For all-reduce busbw = algbw × 2(n−1)/n, so busbw is what compares with the link speed."),
])
def test_what_two_things_share_or_a_formula_relating_them_is_no_confusion_of_them(ours, lang, topic, answer):
    a = score(ours, lang, topic, answer)
    assert not any(("BF16" in d.signal or "busbw" in d.signal) for d in a.danger_signals), a.danger_signals


def test_a_formula_marker_is_shown_by_a_computation_not_by_its_result(ours):
    q = "你简历里写到「…MFU 从 38% 提升到 47%」。对比的基线是什么？"
    result = score(ours, "zh", 10, "基线是最开始那版：TP8 PP8，没开通信重叠，MFU 38%。后来换成 TP4 PP8，到了 47%，同样 token 数下 loss "
                                  "曲线对得上。", q)
    assert not credited(result, "MFU =")
    said = score(ours, "zh", 10, "MFU 按每秒 token 数乘 6N 除以卡数乘单卡稠密峰值算，我们是 47%。", "MFU 怎么算？")
    assert "除以" in credited(said, "MFU =")


def test_asked_about_their_own_work_a_chinese_answer_need_not_say_we(ours):
    q_zh, q_en = "你说 DP 最后一个桶会露出来，实际量过暴露多少吗？", "You said the last DP bucket is exposed; did you measure how much?"
    zh = ("量过。profiler 看计算流上的空隙，再跑一个关掉 DP 规约的基线对比 step 时间，DP 暴露大概占 step 6%。bucket 从 25MB 调到 "
          "100MB 以后首个规约起得晚，反而涨到 7%，最后调到 40MB，降到 3% 左右。")
    en = ("Yes. Gaps on the compute stream in the profiler, plus a baseline with DP reduction switched off to compare step "
          "time; DP exposure was about 6% of the step. Going from 25MB to 100MB buckets started the first reduction "
          "later and it went up to 7%; at 40MB it came down to about 3%.")
    assert score(ours, "zh", 8, zh, q_zh).level == score(ours, "en", 8, en, q_en).level == 4


def test_a_common_adverb_is_no_term_of_a_point(ours):
    # "once per step" is the point's frequency; "run once with the all-reduce switched off" is a measurement.
    a = score(ours, "en", 3, "I'd add up the gaps on the compute stream where only NCCL kernels run, or run once with "
                             "the gradient all-reduce switched off and compare step times.",
              "Why does TP stay inside a node while PP spans nodes?")
    assert not credited(a, "once per step"), a.markers


@pytest.mark.parametrize("lang, answer", [
    ("zh", "通信都开了 overlap，NCCL 都是异步调用的，所以基本上都和计算重叠掉了，暴露大概 2%。另外 IB 带宽也很大，通信不是瓶颈。"),
    ("en", "Overlap is on everywhere; NCCL calls are async, so basically all of it overlaps with compute, maybe 2% "
           "exposed. The IB bandwidth is large too, communication is not the bottleneck."),
])
def test_a_misconception_argued_outright_is_raised_whatever_else_the_answer_names(ours, lang, answer):
    a = score(ours, lang, 8, answer)
    assert any(("异步" in d.signal or "async" in d.signal) for d in a.danger_signals), a.danger_signals
    assert a.level <= 2


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "1024 卡训练突然整体慢了 20%，你怎么找出是哪个节点拖慢的？",
     "先看 nvidia-smi，哪台机器 GPU 利用率低就是哪台慢。如果利用率都是 100%，那就去看 NCCL 的通信时间，通信时间最长的那张卡肯定就是"
     "慢卡，把它所在的节点踢掉重新起作业就行了。"),
    ("en", "A 1024-GPU job suddenly got 20% slower overall. How do you find the node that's dragging it?",
     "First look at nvidia-smi: whichever machine has low GPU utilization is the slow one. If they're all at 100%, look "
     "at the NCCL communication time; the card with the longest communication time is definitely the slow one, so kick "
     "its node out and restart the job."),
])
def test_a_condition_leading_to_another_check_does_not_excuse_the_belief_after_it(ours, lang, question, answer):
    # A blind level-1 answer (heldout10): the "if" opens the step before; the belief is said outright after it.
    a = score(ours, lang, 14, answer, question)
    assert a.level == 1, a.level
    assert any(("通信最久" in d.signal or "longest communication" in d.signal) for d in a.danger_signals)
    assert any("nvidia-smi" in d.signal for d in a.danger_signals)


@pytest.mark.parametrize("lang, topic, answer", [
    ("zh", 8, "NCCL 是异步调用，只要通信在独立的 stream 上并且桶足够早触发，就能和反向计算重叠；我们实测暴露还剩 6%。"),
    ("zh", 14, "nvidia-smi 的 GPU-Util 只要有一个 kernel 在跑就算忙。NCCL kernel 空等对端时也在跑，所以一个 rank 在等慢卡时"
               "利用率照样是 100%。要看 SM_ACTIVE 这类指标，或者直接算 MFU。"),
])
def test_a_misconception_named_under_a_condition_or_out_of_order_is_not_raised(ours, lang, topic, answer):
    a = score(ours, lang, topic, answer)
    assert not any(d.signal.startswith(("以为", "assumes", "thinks")) for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, text", [("zh", "256 专家 top-8，用无辅助损失的 bias 均衡。"),
                                        ("en", "256 experts, top-8, balanced with an aux-loss-free bias.")])
def test_a_count_of_experts_is_a_number_with_its_unit_in_both_languages(ours, lang, text):
    clause = read(text, ours[lang].vocabulary).clauses[0]
    assert clause.numbers == ["count"], clause.numbers


def test_feedback_never_names_a_markers_example_as_the_point_to_learn(ours):
    a = score(ours, "zh", 3, "可以用 nsys 看时间线吧，看通信 kernel 占了多久。", "没关系，换个简单点的：TP 放机内而 PP 跨机的原因是什么？")
    assert "「1024 卡取 TP8 PP4 DP32」" not in a.feedback, a.feedback
    # ...nor within the whole marker, named after a miss.
    for lang, q, miss in (("zh", "各并行度是怎么定下来的？", "不太清楚，没量过。"),
                          ("en", "How were the parallel degrees chosen?", "Not sure, I never measured it.")):
        b = score(ours, lang, 3, miss, q)
        assert "1024" not in b.feedback and ("定下来" in b.feedback or "chosen" in b.feedback), b.feedback


def test_a_naive_remedy_flag_is_shown_by_the_remedy_not_by_its_subject(ours):
    # "掉卡后只会手动从头重跑" is "掉卡" once its framing is read: a dropped GPU found is no rerun from scratch.
    a = score(ours, "zh", 15, "大概半小时吧。先看日志发现 NCCL 超时，然后用 py-spy 看每个 rank 卡在哪，找到一台机器的卡掉了。",
              "最近一次事故从发现到定位用了多久？")
    assert not any("从头重跑" in d.signal for d in a.danger_signals), a.danger_signals
    rerun = score(ours, "zh", 11, "掉卡了就手动把任务停掉，从头重跑。", "掉卡以后怎么恢复？")
    assert any("从头重跑" in d.signal for d in rerun.danger_signals)


def test_a_markers_example_is_met_by_a_case_with_its_figures_not_by_its_names(ours):
    names = score(ours, "zh", 3, "我主要在单机 8 卡上跑过 DDP，TP、PP 只看过文档。DP 应该是每个 step 反向完同步一下梯度；TP 是把矩阵"
                                 "切开，所以每层算完都要通信一下；PP 是按层切，把结果传给下一个 stage。", "DP、TP、PP 各自在什么时候通信？")
    assert not credited(names, "实际配置"), names.markers
    case = score(ours, "zh", 3, "34B、8K 序列，TP=8 放机内，PP=4，剩下 DP=16。试过 PP=8、DP=8，气泡从 3/35 涨到 7/39，吞吐低了 7%。",
                 "你们的并行配置是怎么定下来的？")
    assert credited(case, "实际配置")


def test_feedback_after_a_miss_is_about_the_question_not_the_resume_line_it_quoted(ours):
    q = ("Let's park that and look at another area. Your résumé says “Led the long-context extension from 8K to 128K "
         "tokens with…”. How was load balanced under the causal mask?")
    a = score(ours, "en", 7, "I'm not sure, I never looked at that.", q)
    # The clause of the ring-attention marker the question asked for, not the MoE one the résumé line brushed.
    assert "zigzag assignment under the causal mask" in a.feedback and "auxiliary" not in a.feedback, a.feedback


def test_a_flag_of_lacking_something_is_not_raised_on_its_words_in_passing(ours):
    # "没有按 rank 的 step 时间" (observability) is lacking per-rank timing, not any sentence with "step" and "没有".
    a = score(ours, "zh", 10, "吞吐。token 预算一样，step 短了整个 run 就短了，收敛没有单独再测。", "提升的是吞吐还是收敛时间？")
    assert not any("rank" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("en", 2, "Your job OOMs after you double the sequence length. What do you do?",
     "I'd halve the micro batch size, that usually does it. If it still OOMs, halve it again down to 1. That's how we "
     "always handle it."),
    ("zh", 2, "序列长度翻倍以后 OOM 了，你怎么办？", "把 micro batch 减半，一般就好了。要是还不行就继续减到 1。我们一直这么弄。"),
    ("zh", 1, "loss 突然冲高怎么办？", "一般就是学习率太大了吧。我会把 lr 砍一半，从上一个 ckpt 接着跑；实在不行就从头重跑。"),
    ("en", 16, "How do new weights reach the inference engine?",
     "We save a checkpoint to shared storage after each step and restart the vLLM server so it reloads the weights. "
     "Takes a few minutes."),
    # The question's subject told back and the remedy said again as a rule add nothing to it.
    ("zh", 15, "上个月训练半夜卡住了，你们怎么处理的？",
     "半夜卡住的，日志不动了。我们把作业杀了，从最近的 checkpoint 重启，重启完就正常了。NCCL 的问题一般都是偶发的，重启一般就好了。"),
    ("en", 15, "Your run hung overnight last month. How did you deal with it?",
     "It got stuck around 3 am, the logs just stopped. We killed the job and restarted it from the latest checkpoint, "
     "and then it was fine. NCCL problems are mostly random anyway, a restart usually sorts them out."),
    # ...nor does the excuse after it, a list of names with nothing said of them, or the next step "if it keeps".
    ("en", 16, "How do the new weights get to vLLM after a training step?",
     "We write a checkpoint to shared storage after every step and restart the vLLM servers so they load it. That takes "
     "a couple of minutes, but rollout is fast anyway, so it doesn't really matter."),
    ("zh", 16, "训练一步之后新权重怎么到 vLLM 那边？",
     "每步训完存一个 checkpoint 到共享存储，然后把 vLLM 服务重启，让它加载新权重。要两三分钟，不过 rollout 本来就快，问题不大。"),
    ("zh", 2, "OOM 了你一般怎么处理？",
     "显存这块 ZeRO、offload、gradient checkpointing、FlashAttention 这些我们都上了。OOM 的话一般先把 batch size 调小，调到能跑"
     "为止，还不行就申请大显存的卡。"),
    ("en", 2, "What do you do when you hit an OOM?",
     "For memory we have ZeRO, offload, gradient checkpointing, FlashAttention, all of those turned on. When it OOMs I "
     "cut the batch size until it runs, and if it still OOMs we ask for bigger GPUs."),
    ("zh", 15, "训练 hang 住了你一般怎么排查？",
     "hang 的话一般直接 kill 掉重启，大多数时候重启就好了。如果老是 hang，就把 NCCL 超时时间调长一点，让它多等一会儿。"),
    ("en", 15, "How do you debug a training hang?",
     "I usually just kill it and restart it, most of the time that's enough. If it keeps hanging, I raise the NCCL "
     "timeout so it waits longer."),
])
def test_an_answer_that_is_only_the_packs_naive_remedy_is_level_1(ours, lang, topic, question, answer):
    # The pack: "只会答「调小学习率」「从头重跑」的，多半没在一线处理过". Escalating the remedy or excusing it adds nothing.
    a = score(ours, lang, topic, answer, question)
    assert a.level == 1 and not a.markers, (a.level, a.markers)
    assert a.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer", [
    # Checks of its own before the restart: a names answer, not a naive one.
    ("zh", 15, "训练 hang 住了你怎么查？",
     "先看日志有没有报错，多半是 NCCL timeout，再看是哪台机器先报的。可以用 py-spy 看下 Python 栈。其实大部分时候重启一下就好了。"),
    ("en", 15, "The job hangs. What do you do?",
     "First I check the logs for errors, usually it's an NCCL timeout, and see which node reported first. If nothing "
     "shows up, I restart the job, that often clears it."),
    # Memory explained beside the batch cut is more than a list of names.
    ("zh", 2, "OOM 了你一般怎么处理？",
     "显存里权重、梯度、优化器状态是大头，ZeRO-3 把这些按 64 卡分掉以后每卡只剩几 GB，所以剩下主要是激活。OOM 的话一般先把 batch "
     "size 调小。"),
    # The flagged practice told as improved on is not the candidate's practice.
    ("zh", 11, "checkpoint 会卡训练多久？", "我们把 checkpoint 改成异步以后，阻塞从 3 分钟左右降到了 10 秒以内。具体实现是平台组同事写的。"),
])
def test_a_naive_remedy_beside_checks_of_its_own_or_improved_on_stays_a_names_answer(ours, lang, topic, question,
                                                                                    answer):
    a = score(ours, lang, topic, answer, question)
    assert a.level == 2, (a.level, a.markers, a.danger_signals)


@pytest.mark.parametrize("lang, topic, question, answer, words", [
    ("en", 14, "How would you find the GPU slowing a 256-GPU job down?",
     "I'd look at GPU utilization on every node in Grafana and see which looks lower. Maybe also check temperatures, "
     "since a hot GPU might throttle.", ("bisects",)),
    ("zh", 11, "一份 checkpoint 里要存哪些东西？", "模型权重、优化器状态，还有 lr scheduler 和当前 step 吧。多久存一次是按经验来的。",
     ("随机数",)),
])
def test_a_point_guessed_at_is_not_credited(ours, lang, topic, question, answer, words):
    a = score(ours, lang, topic, answer, question)
    assert credited(a, *words) is None, a.markers
    assert a.level <= 2
    # Said outright, the same clause shows it.
    sure = answer.replace("Maybe also check", "I also check").replace("might throttle", "throttles").replace(
        " 吧。", "。")
    assert credited(score(ours, lang, topic, sure, question), *words) is not None


@pytest.mark.parametrize("lang, question, answer, flagged", [
    ("en", "How do you compute MFU for a training run?",
     "I think it's basically the GPU utilization, what nvidia-smi shows. Ours was around 90%.", True),
    ("zh", "MFU 你们是怎么算的？", "就是 GPU 利用率嘛，nvidia-smi 里看的那个 util，我们一般在 90% 左右。", True),
    # The opening says what MFU is without taking utilisation or the sparse peak for it.
    ("en", "How do you compute MFU?", "It's the achieved FLOPs over the peak FLOPs of the GPU. Ours was about 45%.", False),
    ("zh", "MFU 怎么算？", "就是实际达到的 FLOPs 除以 GPU 的峰值 FLOPs，我们大概 45%。", False),
])
def test_a_conflation_is_shown_across_the_question_and_the_answers_opening(ours, lang, question, answer, flagged):
    # The question names MFU; "it's basically the GPU utilization" takes utilisation for it.
    a = score(ours, lang, 10, answer, question)
    hit = [d for d in a.danger_signals if "MFU" in d.signal and ("充当" in d.signal or "passes off" in d.signal)]
    assert bool(hit) is flagged, a.danger_signals
    if flagged:
        assert a.level == 1 and found_in(hit[0].evidence, answer)


def test_a_result_claimed_is_not_the_figure_a_marker_asks_for(ours):
    # "快了 30%" is a speedup claimed, not the measured share of the step spent waiting on data.
    q = "你简历写“优化数据管线，训练加速 30%”，基线是什么？"
    a = score(ours, "zh", 12, "主要是把 DataLoader 的 num_workers 调大了，加了 prefetch，开了 pin_memory，整体训练快了 30% 左右。"
                              "基线就是之前的版本。", q)
    assert credited(a, "数据等待") is None and a.level <= 2, (a.level, a.markers)
    measured = score(ours, "zh", 12, "我们每个 step 记取 batch 的耗时，数据等待占 step 的 18%，调大 num_workers 加 prefetch 以后"
                                     "降到 2%。", q)
    assert credited(measured, "数据等待") is not None


@pytest.mark.parametrize("lang, answer", [
    ("zh", "这块主要是平台组做的，我这边算是用户。我们提交一个 PyTorchJob 的 yaml，operator 会把 MASTER_ADDR、RANK、WORLD_SIZE "
           "这些环境变量注进去，然后容器里 torchrun 起来。gang 调度这些我就不太清楚了。"),
    ("en", "That part was mostly the platform team's, I was a user. We submit a PyTorchJob yaml, the operator injects "
           "MASTER_ADDR, RANK and WORLD_SIZE into the pods, then torchrun starts in the container. Gang scheduling I "
           "don't really know."),
])
def test_one_point_without_a_figure_and_the_rest_unknown_or_handed_off_is_level_2(ours, lang, answer):
    q = "你们的训练作业在 k8s 上是怎么拉起来的？" if lang == "zh" else "How do your training jobs get launched on k8s?"
    a = score(ours, lang, 13, answer, q)
    assert a.level == 2, (a.level, a.markers)
    # Told as one's own, with nothing said to be unknown, the same point explained is a 3.
    own = score(ours, lang, 13, answer.split("。", 1)[-1].replace("gang 调度这些我就不太清楚了。", "") if lang == "zh"
                else answer.split("user. ", 1)[-1].replace(" Gang scheduling I don't really know.", ""), q)
    assert own.level == 3, (own.level, own.markers)


# Judgement told in words of its own, with its numbers, on the candidate's own case: each wording reaches 4 in both
# languages. (lang, topic, question, answer)
JUDGED = [
    # Notes of one's own work drop the subject ("Turned on…", "Capped the comm SMs, kept it.", "在…上开了…").
    pytest.param("en", 8, "Did overlapping the TP communication actually help?",
                 "Partly. Turned on the userbuffer overlap on a 30B TP8 run, GEMMs chunked and pipelined with the "
                 "all-gather. The timeline said exposed TP comm dropped from 11% to 4% of the step, but the GEMMs got "
                 "about 6% slower because the comm kernels took SMs. Net end to end +3.5% tokens/s. Capped the comm "
                 "SMs, kept it.", id="notes-without-we-en"),
    pytest.param("zh", 8, "TP 通信做了 overlap 以后真的有帮助吗？",
                 "部分有用。在一个 30B TP8 的任务上开了 userbuffer overlap，GEMM 切块和 all-gather 流水起来。时间线上暴露的 TP 通信"
                 "从 step 的 11% 降到 4%，但 GEMM 慢了大约 6%，因为通信 kernel 占了 SM。端到端净收益 +3.5% tokens/s。限了通信的 SM "
                 "数，保留了。", id="notes-without-we-zh"),
    # Loss curves laid over each other are the check "我们看了…对得上" is.
    pytest.param("zh", 10, "你简历写训练加速 30%，提升的是吞吐还是收敛时间？",
                 "主要是吞吐，每卡每秒 token 从 1.9K 到 2.35K；收敛的话按 token 数对齐看 loss 曲线，差在 0.01 以内。",
                 id="loss-curves-aligned-zh"),
    pytest.param("en", 10, "Your résumé says training got 30% faster. Throughput or time to convergence?",
                 "Mainly throughput, tokens per GPU per second went from 1.9K to 2.35K; for convergence we aligned loss "
                 "curves by tokens seen, within 0.01.", id="loss-curves-aligned-en"),
    # A measurement held against the estimate made before it.
    pytest.param("en", 3, "What made you choose that over the alternatives?",
                 "Memory first: 130B at 16 bytes per parameter is about 2 TB, so TP8 inside the node on NVLink gets each "
                 "GPU's weights and optimizer states to fit; PP8 across nodes only sends activations, and with 1F1B and "
                 "64 micro-batches the bubble is (p-1)/(m+p-1), about 10%. We measured step time within 3% of that "
                 "estimate.", id="held-against-estimate-en"),
    pytest.param("zh", 3, "为什么这么选，而不是别的切法？",
                 "先看显存：130B 每参数 16 字节约 2 TB，TP8 放机内走 NVLink 让每卡的权重和优化器状态装得下；PP8 跨机只传激活，1F1B、"
                 "64 个 micro batch 时气泡 (p-1)/(m+p-1) 约 10%。我们实测 step 时间和估算差 3% 以内。", id="held-against-estimate-zh"),
    # One option chosen over another for a reason given.
    pytest.param("zh", 4, "GQA 的 KV 头数比 TP 度少的时候怎么办？",
                 "KV 头只有 4 个、TP=8 时只能复制 KV 头。我们在一个 32B、4 个 KV 头的模型上碰到了，最后选的是 TP4 加 CP2 而不是复制 "
                 "KV 头，因为复制后 KV 投影和激活那部分显存翻倍，测下来 TP4+CP2 吞吐高 7% 左右。", id="chosen-over-zh"),
    pytest.param("en", 4, "What if GQA has fewer KV heads than the TP degree?",
                 "With 4 KV heads and TP=8 you have to replicate KV heads. We hit it on a 32B model with 4 KV heads and "
                 "went with TP4 plus CP2 rather than replicating, because replication doubles the KV projection and "
                 "activation memory; measured, TP4+CP2 was about 7% faster.", id="chosen-over-en"),
    # A limit kept for the failure it prevents.
    pytest.param("en", 11, "How long did a save block training, before and after going async?",
                 "Writing about 1 TB at roughly 25 GB/s, blocking went from about 60 s to 6 s once we went async: we copy "
                 "the shards to pinned host memory and a background thread writes them. We did have to cap it at one "
                 "save in flight, otherwise host memory blew up.", id="limit-or-else-en"),
    pytest.param("zh", 11, "异步前后一次保存各阻塞多久？",
                 "1 TB、聚合带宽约 25 GB/s，改成异步后阻塞从 60 秒降到 6 秒：我们先拷到锁页内存，后台线程再写盘。同时只允许一个保存在写，"
                 "不然主机内存会爆。", id="limit-or-else-zh"),
    # An alternative tried and dropped for its measured cost (seen in a zh session: the feedback asked for a trade-off
    # the answer had just told).
    pytest.param("zh", 3, "各并行度是怎么定下来的？",
                 "130B 按每参数 16 字节算约 2 TB 模型状态，先让显存装下：TP8 放机内走 NVLink；PP8 跨机只传激活。试过 TP16 跨机，step "
                 "慢了 25%，所以没用。", id="tried-and-dropped-zh"),
    pytest.param("en", 3, "How was each parallel degree chosen?",
                 "130B at 16 bytes per parameter is about 2 TB of model state, so memory first: TP8 inside the node on "
                 "NVLink; PP8 across nodes only sends activations. We tried TP16 across nodes, step time went up 25%, so "
                 "we dropped it.", id="tried-and-dropped-en"),
]


@pytest.mark.parametrize("lang, topic, question, answer", JUDGED)
def test_judgement_told_in_these_words_reaches_4(ours, lang, topic, question, answer):
    a = score(ours, lang, topic, answer, question)
    assert a.level == 4, (a.level, a.markers, a.danger_signals)


def test_the_baseline_being_the_first_version_is_no_story_in_either_language(ours):
    # "最开始" tells a time something happened; "基线是我们最开始那版" names what was compared against, as "our initial
    # config" does in English: the twins reach the same level.
    zh = score(ours, "zh", 10, "基线是我们最开始那版配置，TP8 PP4，MFU 38%，按 6N 乘 token 数除以卡数乘稠密峰值算的；后来把 PP 改成 8 层"
                               "交错，MFU 到 45%。", "你简历里写 MFU 提升了，基线是什么？")
    en = score(ours, "en", 10, "The baseline was our initial config, TP8 PP4, MFU 38%, computed as 6N times tokens divided "
                               "by GPU count times dense peak; later we moved to interleaved PP8 and MFU reached 45%.",
               "Your résumé says MFU went up. What was the baseline?")
    assert zh.level == en.level == 3, (zh.level, en.level)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "TP8 PP8，一个副本 64 卡，剩下 DP32。这个是组里之前 Megatron 启动脚本里就这么配的，我们直接拿来用了。"),
    ("en", "TP8 PP8, one replica is 64 GPUs, the rest DP32. That was in the team's Megatron launch script already, we "
           "just reused it as is."),
])
def test_a_configuration_reused_as_it_was_gets_the_packs_own_flag(ours, lang, answer):
    # "之前" tells where the setting came from; with no change after it ("后来改成…") the setting is still the one used.
    q = "各并行度是怎么定下来的？" if lang == "zh" else "How did you choose the parallel degrees?"
    a = score(ours, lang, 3, answer, q)
    assert a.level == 2
    assert any("默认配置" in d.signal or "default config" in d.signal for d in a.danger_signals), a.danger_signals
    left = score(ours, "zh", 3, "之前用的是默认配置 TP8 PP4，后来按显存账改成 TP4 PP8，MFU 从 38% 到 45%。", q)
    assert not any("默认配置" in d.signal or "default config" in d.signal for d in left.danger_signals)


def test_feedback_names_a_clause_that_goes_on_from_the_one_before_together_with_it(ours):
    # "…固化成防线（…），并说出下次发现与定位各缩短到多久": the "并…" clause alone is a fragment.
    from interviewer.scoring_feedback import _shown
    marker = next(m for m in ours["zh"].topic(15).markers if "并说出下次发现" in m)
    shown = _shown(marker, "并说出下次发现与定位各缩短到多久")
    assert shown.startswith("事后把排查固化成防线") and shown.endswith("并说出下次发现与定位各缩短到多久"), shown
    marker = next(m for m in ours["zh"].topic(3).markers if "再压通信与气泡" in m)
    assert _shown(marker, "再压通信与气泡") == "定并行度时先让显存装下，再压通信与气泡"
    # The items a colon introduces go with it (seen in a zh session: "还可以补上「一次完整剖析：现象」").
    marker = next(m for m in ours["zh"].topic(10).markers if "完整剖析" in m)
    assert _shown(marker, "现象").endswith("现象、定位到哪段、改了什么、MFU 前后各多少"), _shown(marker, "现象")
    # ...and so do the items "拆成" introduces (seen in this stop's zh session: "围绕「一次恢复拆成检测」").
    marker = next(m for m in ours["zh"].topic(11).markers if "一次恢复拆成" in m)
    assert _shown(marker, "检测").endswith("拆成检测、重调度、拉镜像、NCCL 初始化、加载、数据快进各多久"), _shown(marker, "检测")
    # An example in brackets mid-sentence is left out, the sentence kept (seen in a zh session: "「规约顺序改变」").
    marker = next(m for m in ours["zh"].topic(15).markers if "规约顺序改变" in m)
    assert _shown(marker, marker) == "知道规约顺序改变后不可能逐位一致，要的是统计意义上的对齐"
    # A clause opening with "而" goes on from the one before (seen in the review's zh session: "「而序列并行只切…」").
    marker = next(m for m in ours["zh"].topic(7).markers if "而序列并行只切" in m)
    assert _shown(marker, "而序列并行只切 LayerNorm 与 dropout").endswith("平方增长，而序列并行只切 LayerNorm 与 dropout")


def test_feedback_names_the_english_clause_of_a_marker_the_question_asked_for(ours):
    # "How was load balanced under the causal mask?" asks for the zigzag clause, not ring attention's opening.
    from interviewer.scoring_feedback import _shown
    marker = next(m for m in ours["en"].topic(7).markers if "zigzag" in m)
    assert _shown(marker, "uses 2×CP chunks in a zigzag assignment under the causal mask").startswith("uses 2×CP chunks")
    # A comma inside a list sets off no clause: the point is named whole.
    marker = next(m for m in ours["en"].topic(10).markers if "which slice of time" in m)
    assert _shown(marker, "which slice of time fusion").startswith("says which slice of time fusion, CUDA graphs")


@pytest.mark.parametrize("lang, topic, answer, raised", [
    ("en", 7, "I was on the data side mostly; I built the packing with document masks using flash-attn varlen and "
              "cu_seqlens, and reset position ids per document.", False),
    ("zh", 12, "我们 packing 的时候加了文档掩码，用 flash-attn 的 varlen 和 cu_seqlens，每篇文档重置位置编号。", False),
    ("zh", 12, "我们 packing 的时候没加文档掩码，直接拼成 4K 训。", True),
])
def test_a_flag_of_doing_x_without_y_is_not_raised_by_doing_x_with_y(ours, lang, topic, answer, raised):
    # Seen in an en session: "packs without document masks" quoted "I built the packing with document masks…".
    a = score(ours, lang, topic, answer, "packing 要注意什么？" if lang == "zh" else "What did you own there?")
    hit = any("document mask" in d.signal or "文档掩码" in d.signal for d in a.danger_signals)
    assert hit is raised, a.danger_signals


@pytest.mark.parametrize("lang, chain_topic, question, answer, judged", [
    ("en", 7, "Understood, that part wasn't yours. Which piece of that project did you own yourself?",
     "I was on the data side mostly; I built the packing with document masks using flash-attn varlen and cu_seqlens, "
     "and reset position ids per document.", 12),
    ("zh", 15, "明白，那部分不是你做的。那在这件事里，你自己具体负责的是哪一块？", "我负责 checkpoint，异步保存，阻塞从 3 分钟降到 10 秒。", 11),
    # An answer on the chain's own subject, or on none, stays with the chain.
    ("en", 7, "Which piece of that project did you own yourself?", "I did the CP part: ring attention with zigzag chunks.", 7),
    ("en", 7, "Which piece of that project did you own yourself?", "Mostly the evaluation scripts.", 7),
])
def test_a_question_naming_nothing_of_the_field_is_judged_by_the_subject_the_answer_takes_up(
        ours, lang, chain_topic, question, answer, judged):
    from interviewer.scoring import asked_topic
    t = asked_topic(ours[lang].topic(chain_topic), question, answer)
    assert t.index == judged, t.title
    if judged != chain_topic:  # and it is no answer to another question there
        a = score(ours, lang, judged, answer, question)
        assert a.level >= 2 and not any(d.signal in ("答非所问", "answers another question") for d in a.danger_signals)


@pytest.mark.parametrize("answer, flagged", [
    ("We were at about 95%. nvidia-smi showed the GPUs fully utilized the whole time, so compute was basically "
     "saturated.", True),
    # Utilisation named beside the FLOPs it is not: no conflation.
    ("About 41%: achieved FLOPs from 6N times tokens per second over the dense peak. GPU utilization in nvidia-smi was "
     "near 100%, which says little.", False),
])
def test_the_asked_figure_given_with_utilisation_as_its_only_basis_takes_one_for_the_other(ours, answer, flagged):
    a = score(ours, "en", 10, answer, "What MFU did you reach on your last run, and how did you compute it?")
    assert any("passes off" in d.signal for d in a.danger_signals) is flagged, a.danger_signals
    assert (a.level == 1) is flagged


def test_a_slow_node_story_told_in_per_rank_timings_is_on_the_question(ours):
    # It never says "straggler" again; per-rank timers and CPU steal are how a slow node is found and what it was.
    a = score(ours, "en", 14, "Three weeks ago. Step time on a 512-GPU job went from 3.4 to 3.9 seconds. Per-rank timers: "
                              "one rank had the shortest collective wait and the longest compute. The host had heavy CPU "
                              "steal from another daemon. Found it in about 25 minutes, fixed the CPU affinity, reran GEMM "
                              "and nccl-tests on that node before putting it back.", "When did you last find a straggler?")
    assert a.level == 4 and not any("another question" in d.signal for d in a.danger_signals), (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, answer, flagged", [
    ("en", "algbw is the algorithm bandwidth and busbw is the bus bandwidth. I don't remember the exact formula.", False),
    ("zh", "algbw 是算法带宽，busbw 是总线带宽，具体公式我记不清了。", False),
    ("zh", "algbw 和 busbw 其实差不多，都是带宽。", True),
])
def test_two_things_each_defined_in_turn_are_told_apart_not_equated(ours, lang, answer, flagged):
    q = "nccl-tests 里 algbw 和 busbw 有什么区别？" if lang == "zh" else "What's the difference between algbw and busbw?"
    a = score(ours, lang, 9, answer, q)
    hit = any("algbw" in d.signal and ("分不清" in d.signal or "tell" in d.signal) for d in a.danger_signals)
    assert hit is flagged, a.danger_signals
    assert (a.level == 1) is flagged


@pytest.mark.parametrize("lang, topic, question, answer, flag", [
    ("en", 15, "Have you seen a distributed job hang? What did you do?",
     "Yeah, a few times. It just stops printing logs. We kill the job and restart it from the last checkpoint, and it's "
     "usually fine after the restart.", "only restarts on a hang"),
    ("zh", 13, "你们在 k8s 上跑训练，一台节点坏了怎么办？", "就是值班的同学收到告警以后手动把作业删掉，再重新提交一次，一般半小时就恢复了。",
     "只给了朴素的补救办法"),
])
def test_a_restart_offered_for_what_the_question_named_is_the_naive_remedy(ours, lang, topic, question, answer, flag):
    # The question names the hang or the bad node; the answer need not name it again to offer the restart for it.
    a = score(ours, lang, topic, answer, question)
    assert a.level == 1 and any(flag in d.signal for d in a.danger_signals), (a.level, a.danger_signals)
    # A remedy flag about something neither the answer nor the question speaks of is not the one raised.
    assert not any("NaN" in d.signal for d in a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "提升的是吞吐还是收敛时间？", "吞吐。收敛按 token 数看是一样的。"),
    ("en", "Was the gain in throughput or time to convergence?", "Throughput. Convergence per token was the same."),
])
def test_the_option_picked_in_a_few_words_is_an_answer_not_nothing(ours, lang, question, answer):
    # Seen in a zh session: the terse pick scored 1 with "回答空泛". Its feedback asks for the numbers of the choice,
    # not for a marker of the topic the question never asked about (seen: "讲清「7B 模型…9.4K token/s」").
    a = score(ours, lang, 10, answer, question)
    assert a.level == 2
    assert a.feedback == ("选择说清了，再用数字撑住：前后各是多少、在哪量的。" if lang == "zh" else
                          "The choice is clear; now back it with numbers: what it was before and after, and where you "
                          "measured it.")


def test_the_resume_line_a_question_quotes_is_not_what_it_asks(ours):
    # Seen in a zh session: a hang story answering "CP 度是怎么选的？" scored 4, its "MoE" taken for the résumé line's.
    q = ("换个方向：你简历里写到「主导长上下文扩展：序列长度从 8K 扩到 128K，引入 Context Parallel 与 MoE…」。在你自己负责的那部分里，"
         "CP 度是怎么选的？")
    a = score(ours, "zh", 7, "有一次 256 卡的作业卡住，NCCL 超时 30 分钟后才报错。py-spy 抓栈发现 rank 37 停在 all-gather，其他都在 "
                             "reduce-scatter，是 MoE 分支里一个条件判断让它少跑一个集合通信。修完之后加了超时自动 dump。", q)
    assert a.level == 1 and any(d.signal == "答非所问" for d in a.danger_signals), (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("en", "The baseline was the same 130B config before my change: MFU 38%, computed as 6N times tokens per second over "
           "GPU count times the 989 TFLOPS dense peak."),
    ("zh", "基线是改之前同一套 130B 配置：MFU 38%，按 6N 乘每秒 token 数除以卡数乘 989 TFLOPS 稠密峰值算的。"),
])
def test_repeating_a_markers_premise_figure_computes_nothing_of_it(ours, lang, answer):
    # "989 TFLOPS" is the premise of "a 7B model at 40% MFU on H100 (about 989 TFLOPS) is about 9.4K tokens/s": said in
    # the MFU formula, it is the formula's point (seen in an en session, credited as the 9.4K computation).
    q = "在你自己负责的那部分里，对比的基线是什么？" if lang == "zh" else "In your own part of that work, what was the baseline?"
    a = score(ours, lang, 10, answer, q)
    assert credited(a, "6N") and not credited(a, "9.4K"), a.markers


@pytest.mark.parametrize("lang, answer, level", [
    ("en", "We used the default config from the Megatron examples, it's already tuned by NVIDIA.", 1),
    ("zh", "就是用的 Megatron 官方示例脚本里的默认配置，NVIDIA 已经调好了。", 1),
    # The setting itself stated is the answer, however it was chosen.
    ("en", "TP8 PP8, one replica is 64 GPUs, the rest DP32. That was in the team's launch script, we just reused it as "
           "is.", 2),
])
def test_a_default_config_with_no_setting_stated_is_the_naive_answer(ours, lang, answer, level):
    q = "各并行度是怎么定下来的？" if lang == "zh" else "How was each parallel degree chosen?"
    a = score(ours, lang, 3, answer, q)
    assert a.level == level and any("默认配置" in d.signal or "default config" in d.signal for d in a.danger_signals), (
        a.level, a.danger_signals)


@pytest.mark.parametrize("topic, answer, flag", [
    (7, "sequence parallel 和 context parallel 其实是一个东西，名字不一样而已。", "混为一谈"),
    (9, "algbw 和 busbw 我理解应该是一个意思吧，不太确定。", "algbw"),
    (1, "BF16 和 FP16 我理解差别不大，都是 16 位，主要是省显存用的。", "BF16"),
])
def test_more_ways_of_saying_two_things_are_one(ours, topic, answer, flag):
    a = score(ours, "zh", topic, answer, "")
    assert any(flag in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你们 128K 用的是 context parallel 还是 sequence parallel？有什么区别？",
     "这两个其实是一回事吧，都是把序列切到不同卡上，Megatron 里叫 sequence parallel，别的框架叫 context parallel，名字不一样而已。"
     "我们开了 SP 之后 128K 就能跑了。"),
    ("en", "You trained at 128K. Did you use context parallel or sequence parallel, and what's the difference?",
     "Honestly they're the same idea, both split the sequence across GPUs: Megatron calls it sequence parallel, other "
     "frameworks call it context parallel, just different names. We turned on SP and 128K ran."),
])
def test_two_names_for_one_thing_is_the_conflation_quoted_where_it_is_said(ours, lang, question, answer):
    # The two named in one clause, equated by the clauses around them ("这两个其实是一回事…名字不一样而已").
    a = score(ours, lang, 7, answer, question)
    flag = next(d for d in a.danger_signals if "混为一谈" in d.signal or "conflates" in d.signal)
    assert a.level == 1 and ("名字不一样而已" in flag.evidence or "the same idea" in flag.evidence), flag


def test_communication_said_to_double_under_sp_is_the_misconception(ours):
    a = score(ours, "zh", 4, "MLP 就是两个矩阵都按行切，算完做一次 all-gather 拼起来。序列并行是在这个基础上再按序列切一刀，所以通信会多一倍，"
                             "一般不太建议开。", "Megatron 的张量并行，MLP 那块是怎么切的？")
    assert a.level == 1 and any("以为序列并行增加通信量" in d.signal for d in a.danger_signals), (a.level, a.danger_signals)


def test_a_solid_answer_is_not_told_every_point_was_covered_when_some_were_only_touched(ours):
    # Seen in a zh session: a 4 that credited no point was told "要点都讲到了".
    a = score(ours, "zh", 3, "先看显存：130B 每参数 16 字节约 2 TB，TP8 放机内走 NVLink；PP8 跨机只传激活。我们试过 TP16 跨机，step 慢了 25%，"
                             "所以没用。", "在你自己负责的那部分里，各并行度是怎么定下来的？")
    assert a.level == 4 and a.missed_markers
    assert "要点都讲到了" not in a.feedback and a.feedback.startswith("已经扎实")


@pytest.mark.parametrize("text, miss", [
    ("不会。", True), ("嗯，这个真不会啊", True), ("完全不会。", True), ("这个我不会，没接触过。", True),
    # "不会" followed by what will not happen is no miss (devset k14 read "不会重复也不会漏" as one).
    ("恢复后直接跳到第 consumed_samples 个样本开始读，不会重复也不会漏。", False),
    ("这个不会影响精度，数学上是等价的。", False), ("开了以后完全不会 OOM 了。", False),
])
def test_not_knowing_is_read_from_buhui_only_when_nothing_follows_it(ours, text, miss):
    assert read(text, ours["zh"].vocabulary).has("dont_know") is miss


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("en", 9, "When you run nccl-tests, what's the difference between algbw and busbw, and which one do you look at?",
     "algbw is the algorithm bandwidth, basically the message size divided by the time. busbw is the bus bandwidth, "
     "which is... I think it's corrected by some factor that depends on the number of GPUs, so you can compare it with "
     "the hardware peak. I usually just look at busbw and check it's close to the NIC speed. The exact formula I don't "
     "remember, it's something with n minus 1 over n."),
    ("zh", 5, "p=8、m=32 的时候 1F1B 的气泡比例是多少？想压到 5% 以下该怎么办？",
     "气泡的公式我记得是 (p-1)/m 吧……那就是 7/32，二十几个百分点。要降的话就是加大 micro batch 的数量，或者换 interleaved 的调度，"
     "把一个 stage 再拆成几个虚拟 stage。具体 m 要多大我得算一下，大概翻几倍应该就差不多了，interleaved 的话我们没用过，不太清楚代价。"),
    ("zh", 2, "训练时 GPU 显存里都装了哪些东西？各自大概多大？",
     "主要就是模型参数、梯度、优化器状态，还有激活值。优化器状态占得比较多，因为 Adam 要存两个状态。激活跟 batch size 和序列长度有关，"
     "序列越长越大。具体每个参数多少字节我没细算过，我们一般是 OOM 了就开 gradient checkpointing，或者直接上 ZeRO，基本就能跑起来。"),
])
def test_explanations_around_a_gap_the_candidate_admits_are_a_2(ours, lang, topic, question, answer):
    # Blind level-2 answers (heldout10): the point asked for is the one said not to be known.
    a = score(ours, lang, topic, answer, question)
    assert a.level == 2, (a.level, [h.marker for h in a.markers])


def test_a_gap_in_a_part_that_was_someone_elses_leaves_the_candidates_own_measurement_standing(ours):
    a = score(ours, "zh", 7, "这个是我自己测的。用 nsys 抓了 10 个 step，把计算流上等 all-to-all 的空隙加起来除以 step 时间，暴露的 "
              "all-to-all 大约占 18%。我当时还试了把 EP 从 8 改成 16 跨两台机器，暴露比例涨到 35% 左右，每卡显存能省 6 GB 左右，但我们 8 "
              "的时候显存已经够了，不值得，所以还是定在 EP8。后来框架组又做了两个 micro batch 交替来重叠 all-to-all，那部分不是我做的，"
              "最后降到多少我不太清楚。", "all-to-all 占一个 step 的多少？你是怎么测的？")
    assert a.level == 4


@pytest.mark.parametrize("lang, question, answer, flag", [
    ("en", "What's the difference between GPipe and 1F1B?",
     "1F1B is basically the fixed version of GPipe. GPipe runs all the forwards and then all the backwards, so it has "
     "this big bubble. 1F1B alternates one forward and one backward, so the pipeline stays full and the bubble basically "
     "disappears. That's why everyone uses 1F1B now; once you have it the bubble isn't really a concern anymore, so you "
     "can add as many pipeline stages as you need for memory.", "saves activations rather than bubble"),
    ("zh", "GPipe 和 1F1B 有什么区别？",
     "1F1B 基本上就是 GPipe 的改进版。GPipe 先跑完所有前向再跑所有反向，所以气泡很大。1F1B 一个前向一个反向交替着跑，流水线一直是满的，"
     "气泡基本就消失了。所以现在大家都用 1F1B，有了它气泡就不是问题了，显存不够就随便加 stage。", "省的是激活而非气泡"),
    # "气泡基本就没了" says it too (heldout19 h19_42, a 1 read as 2 with "只知道 1F1B 的名字").
    ("zh", "简历上写'用 1F1B 调度把流水线气泡基本消除'。能展开讲讲吗？",
     "对，GPipe 是先把所有 micro batch 的前向都跑完再跑反向，中间大家等来等去，气泡很大。1F1B 是前向一个、反向一个交替着跑，这样每个 "
     "stage 基本一直有活干，气泡基本就没了。我们切到 1F1B 之后吞吐提升挺明显的。", "省的是激活而非气泡"),
    ("en", "Your résumé says you 'basically eliminated the pipeline bubble with 1F1B'. Can you walk me through it?",
     "Sure. GPipe runs all the forwards first and then all the backwards, so stages sit waiting and the bubble is big. "
     "1F1B alternates one forward and one backward, so every stage basically always has work, and there's basically no "
     "bubble left. Throughput went up a lot after we switched.", "saves activations rather than bubble"),
])
def test_the_bubble_said_to_disappear_is_the_1f1b_misconception_and_what_is_argued_from_it_shows_nothing(
        ours, lang, question, answer, flag):
    # A blind level-1 answer (heldout10 r45). The sentence after it ("所以…显存不够就随便加 stage") had been credited with
    # "the first stage holds the most in-flight activations".
    a = score(ours, lang, 5, answer, question)
    assert a.level == 1 and not a.markers, (a.level, [h.marker for h in a.markers])
    assert any(flag in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer, absent", [
    # A memory remedy after a sentence on batch size names the flag's subjects, not the cut (heldout9 r24).
    ("zh", 2, "训练的时候显存都花在哪了？",
     "主要就是模型参数、梯度、优化器状态，还有激活值吧。Adam 的话优化器状态比较大，好像是参数的好几倍。激活跟 batch size 还有序列长度有关，"
     "序列越长越大。OOM 的话可以开 gradient checkpointing，或者 offload 到 CPU。每个参数具体多少字节我没细算过。", "OOM 只会减 batch"),
    ("en", 1, "Loss spikes: what do you check?", "Loss spikes are usually a learning-rate thing. We use a cosine schedule "
     "with warmup and BF16, plus gradient clipping.", "lower the learning rate"),
    # A question back is no remedy at all.
    ("zh", 1, "loss 突然变成 NaN 或者出现尖峰，你会按什么顺序排查？", "能具体一点吗？你是问 loss 不降还是变成 NaN？", "调小学习率"),
])
def test_a_remedy_the_vocabulary_spells_out_is_flagged_only_where_it_is_said(ours, lang, topic, question, answer, absent):
    a = score(ours, lang, topic, answer, question)
    assert not any(absent in d.signal for d in a.danger_signals), a.danger_signals


def test_a_remedy_told_in_the_past_is_the_remedy():
    en = skills.resolve(None, "en")
    t = en.topic(1)
    a = score_answer(t, "We lowered the learning rate by 10x and restarted, and it stabilised, so that was basically it.",
                     "The loss spiked. What did you do?", en.danger_for(t.title))
    assert a.level == 1 and any("lower the learning rate" in d.signal for d in a.danger_signals), a.danger_signals


def test_a_question_back_to_the_interviewer_is_quoted_for_no_flag(ours):
    # A blind level-2 answer (heldout10 r47) had "looks only at nvidia-smi utilisation" on its question back.
    a = score(ours, "en", 14, "Could you give me a hint? Do you mean the utilization number from nvidia-smi? ... OK. I guess "
              "because it's a percentage of time, so it can look high even when the GPU isn't doing much useful work. I "
              "think I've seen it at 100% while a job was hung. But I'm not sure what exactly it's measuring under the hood.",
              "Why is GPU utilisation a misleading health metric for a training job?")
    assert a.level == 2
    assert not any(d.evidence.rstrip().endswith("?") for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer, flag", [
    ("zh", "如果训练中间出现 NaN，你怎么定位是哪个 rank、哪一层先出的？",
     "出现 NaN 的话我们一般就是从最近的 checkpoint 重新跑，或者换个 seed，大部分时候就好了。实在不行就从头再跑一遍，具体哪一层先出的没有去定位过。",
     "出现 NaN 就从头重跑"),
    ("en", "If NaN shows up mid-training, how do you find which rank and which layer produced it first?",
     "When we get a NaN we usually just rerun from the latest checkpoint, or switch the seed, and most of the time it goes "
     "away. If that fails we rerun from scratch; we never actually located which layer went first.",
     "reruns from scratch whenever NaN appears"),
])
def test_what_the_candidate_says_they_never_did_credits_nothing(ours, lang, question, answer, flag):
    # A blind level-1 answer (candidates9): "没有去定位过" had been credited with the isfinite-hook marker.
    a = score(ours, lang, 15, answer, question)
    assert a.level == 1 and not a.markers, (a.level, [h.marker for h in a.markers])
    assert any(flag in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "有一次继续预训练到大概 3 万步，loss 突然从 2.1 跳到 4 多，我们当时看了一下 grad norm 也很大。后来是回滚到前一个 checkpoint，"
           "把学习率调低了一点重新跑，就过去了。具体是什么原因最后也没查清楚，可能是数据的问题。"),
    ("en", "Once, in continued pretraining around step 30K, the loss jumped from 2.1 to over 4 and the grad norm was huge "
           "too. We rolled back to the previous checkpoint, lowered the learning rate a bit and reran, and it went "
           "through. We never figured out what caused it, maybe the data."),
])
def test_a_story_fixed_by_the_naive_remedy_with_its_cause_unknown_is_a_2(ours, lang, answer):
    # A blind level-2 candidate's story (candidates9 cand_l2_zh) scored 4: the record is there, the judgement is not.
    q = "讲一次 loss 尖峰你是怎么处理的？" if lang == "zh" else "Tell me about one loss spike you dealt with."
    a = score(ours, lang, 1, answer, q)
    assert a.level == 2, a.level
    assert any("学习率" in d.signal or "learning rate" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "What does ZeRO-3 shard, and how does its communication compare with plain data parallelism?",
     "ZeRO-3 shards the parameters, the gradients and the optimizer states across the GPUs, so each GPU only keeps about "
     "1/N of everything. Communication... I believe it's the same as normal DP, since in the end each GPU still just "
     "syncs the gradients once per step."),
    ("zh", "ZeRO-3 切了什么？通信量和普通数据并行比怎么样？",
     "ZeRO-3 把参数、梯度和优化器状态都切到各张卡上，每张卡只存大约 1/N。通信量的话……我觉得和普通 DP 一样，因为最后每张卡还是每步同步一次梯度。"),
])
def test_a_ratio_the_pack_gives_said_to_be_the_same_is_its_flag(ours, lang, question, answer):
    # A blind level-2 answer (candidates9 cand_l1_en) scored 3 with no flag.
    a = score(ours, lang, 6, answer, question)
    assert a.level == 2 and any("1.5" in d.signal for d in a.danger_signals), (a.level, a.danger_signals)
    # The same words of the other stages, beside the figure, are what a solid answer says.
    right = score(ours, "en", 6, "Comm-wise ZeRO-1 and 2 cost the same as DDP, reduce-scatter plus all-gather is one "
                  "all-reduce, but ZeRO-3 all-gathers the params again in backward, so about 1.5x the DP traffic.", question)
    assert not any("1.5" in d.signal for d in right.danger_signals), right.danger_signals
    # Said of what only the question names, it is the flag too (the wheel check of this stop).
    bare = score(ours, "en", 6, "It's the same volume as DP, so there's no extra communication cost.", question)
    assert bare.level <= 2 and any("1.5" in d.signal for d in bare.danger_signals), bare.danger_signals
    # Said to be smaller, it is the flag too (heldout10 r37).
    smaller = score(ours, "zh", 6, "因为 ZeRO 是分片的，每张卡只需要传自己那一份，所以通信量比 DP 还小，ZeRO-3 最小。", question)
    assert any("1.5" in d.signal for d in smaller.danger_signals), smaller.danger_signals
    listed = score(ours, "zh", 6, "ZeRO-3 连 BF16 参数也切，约 16/N。ZeRO-1、2 的通信和 DP 一样，ZeRO-3 要额外 all-gather 参数。", question)
    assert not any("1.5" in d.signal for d in listed.danger_signals), listed.danger_signals


@pytest.mark.parametrize("lang, question, answer, level", [
    ("en", "Can you estimate on the spot how many tokens per second per GPU a 13B model gets at 40% MFU on A100s?",
     "I'd have to look that up, I don't remember the A100 specs exactly. I'd guess maybe around 10K tokens per second per "
     "GPU? Something in that range.", 1),
    ("zh", "能当场估一下 13B 模型在 A100 上 MFU 40% 时每卡每秒多少 token 吗？",
     "这个得查一下，A100 的规格我记不清了。我猜大概每卡每秒 1 万 token 左右？差不多这个量级吧。", 1),
    # A mechanism guessed after the miss is still an answer (candidates c2zh: labelled 2).
    ("zh", "ZeRO-3 比 DP 多多少通信？", "具体多少不清楚，应该是多了参数的 all-gather。", 2),
])
def test_after_a_miss_a_number_guessed_is_no_answer_and_a_mechanism_guessed_is(ours, lang, question, answer, level):
    # A blind level-1 answer (candidates9 cand_l1_en): "I'd guess maybe around 10K" had made it an answer.
    topic = 10 if "MFU" in question else 6
    a = score(ours, lang, topic, answer, question)
    assert a.level == level and (a.signal == "dont_know") is (level == 1), (a.level, a.signal)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "这种一般就是学习率偏大了。我会先把学习率砍一半，从最近的 checkpoint 重新跑，如果还是炸就再往下调，或者换个 seed 再跑一遍，基本都能过去。"
           "精度这块我们一直用的是默认的 fp16 混合精度，框架都处理好了，应该不是精度的问题。"),
    ("en", "That's usually the learning rate being too high. I'd cut the lr in half and rerun from the latest checkpoint, "
           "and if it still blows up lower it again or try another seed. Precision-wise we always used the default fp16 "
           "mixed precision, the framework handles it, so it's not a precision problem."),
])
def test_the_marker_that_sets_the_naive_remedy_aside_is_not_shown_by_offering_it(ours, lang, answer):
    # A blind level-1 answer (heldout10 r33) was credited with "checks data and grad norm first … instead of lowering
    # the learning rate first" on the very sentence that lowers it first.
    q = "训练到两万多步的时候 loss 突然冲上去，你会按什么顺序排查？" if lang == "zh" else "The loss shot up at step 20K. In what order do you check?"
    a = score(ours, lang, 1, answer, q)
    assert not a.markers and a.level <= 2, (a.level, [(h.marker, h.evidence) for h in a.markers])


@pytest.mark.parametrize("lang, answer, flagged", [
    # Blind level-1 answers (heldout10 r13, heldout5 k11): TP across nodes called fine.
    ("zh", "我们用的是 Megatron 的默认配置，TP 16、PP 2，剩下的都给 DP。TP 开大一点比较好，切得越细每张卡的压力越小，跨机其实也没关系，"
           "现在都是 400G 的 IB，已经很快了。", True),
    ("en", "TP only syncs gradients once at the end of the step, whereas PP keeps sending huge activations between "
           "stages. So PP wants the fast NVLink and TP is fine across nodes on InfiniBand.", True),
    # Said of PP beside a TP kept in the node, it is the solid answer.
    ("zh", "TP 不出机，因为 TP 每层前向反向都有 all-reduce，跨机就落到 IB 上，带宽差一个数量级；PP 只在 stage 边界做 p2p，跨机无所谓。", False),
    ("zh", "PP 只在 stage 边界点对点传一个 micro batch 的激活，每个 TP rank 25 MB 左右，频率是每个 micro batch 一次，走网卡没问题。", False),
])
def test_tp_across_nodes_called_fine_is_not_knowing_its_cost(ours, lang, answer, flagged):
    q = "TP、PP、DP 各是多少，是怎么定的？" if lang == "zh" else "What were TP, PP and DP, and how were they chosen?"
    a = score(ours, lang, 3, answer, q)
    raised = any("跨机的代价" in d.signal or "TP across nodes" in d.signal for d in a.danger_signals)
    assert raised is flagged, a.danger_signals
    if flagged:
        assert a.level == 1, a.level


@pytest.mark.parametrize("lang, text", [
    ("en", "With a causal mask you cut the sequence into 2×CP chunks and give rank i chunks i and 2·CP−1−i."),
    ("zh", "所以切成 2×CP 块，第 i 卡拿第 i 块和倒数第 i 块，负载就均衡了。"),
    ("zh", "W 可以挪去填气泡；但 optimizer step 前的全局同步得改成先 step、事后校验，不对再回滚。"),
    ("zh", "第一个 stage 要攒满 p 份激活才开始反向，最后一个 stage 只存 1 份，所以 OOM 往往先出在 stage 0。"),
])
def test_textbook_wording_is_no_sign_of_the_candidates_own_work(ours, lang, text):
    # Blind level-3 answers (heldout11) read as the candidate's own and lifted to 4: an index "i", "事后校验",
    # "最后一个 stage", "得改成".
    r = read(text, ours[lang].vocabulary)
    assert not r.has("first_person") and not r.has("incident") and r.cues.get("incident_weak", 0) == 0, r.cues


def test_a_lower_case_i_the_candidate_types_is_still_the_candidate(ours):
    # Only an index reads as one ("rank i", "−i"): a candidate typing in lower case speaks of their own work.
    assert read("i measured it at 31% of the step, 12% after overlap.", ours["en"].vocabulary).has("first_person")


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你说负责性能调优，MFU 是多少，怎么算的？",
     "MFU 大概 90% 多吧，我们看 nvidia-smi 里 GPU 利用率基本一直在 95% 以上，说明卡都跑满了，没什么可优化的空间了。"),
    ("en", "You said you owned performance tuning. What was the MFU, and how was it computed?",
     "MFU was above 90%, I think. Looking at nvidia-smi, GPU utilization stayed above 95% the whole time, so the GPUs "
     "were saturated and there wasn't much left to optimize."),
])
def test_an_mfu_read_off_gpu_utilisation_is_the_packs_misconception(ours, lang, question, answer):
    # A blind level-1 answer (candidates10 b11_c1_zh) scored 3: MFU is named, then read from utilisation.
    a = score(ours, lang, 10, answer, question)
    assert a.level == 1 and any("充当 MFU" in d.signal or "as MFU" in d.signal for d in a.danger_signals), (
        a.level, a.danger_signals)
    # Set against it, utilisation is told apart (candidates c3en, labelled 3).
    apart = score(ours, "en", 10, "Because nvidia-smi counts any running kernel as busy, including NCCL waiting. It said "
                  "97% when MFU was 30%.", "Why not just use GPU utilisation?")
    assert not any("as MFU" in d.signal for d in apart.danger_signals), apart.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer, flag, level", [
    # The repository's example kept as it was (candidates10 b11_c1_zh): the default config.
    ("zh", 3, "当时 TP、PP、DP 是怎么定下来的？", "我们主要是参考 Megatron 仓库里 70B 的示例脚本，TP 8、PP 4，剩下的都给 DP，这个配置大家都在用，"
     "跑起来挺稳的，就没改。", "默认配置", 2),
    ("en", 3, "How was each parallel degree chosen?", "Honestly the config came from the Megatron examples and we kept it, "
     "TP8 and PP8, it ran fine so we didn't change it.", "default config", 2),  # seen in the review's en session
    # Settings beside it show no failure condition, and TP across nodes "问题不大" is its cost unknown (heldout11 r17).
    ("zh", 3, "TP、PP、DP 是怎么定的？TP 为什么不跨机？", "并行度基本是参考官方 example 的脚本，TP=8、PP=8，剩下的给 DP，能跑起来就没怎么动过。"
     "TP 跨机其实问题不大，我们集群是 400G 的 IB，跟机内 NVLink 带宽差不多一个量级。", "跨机的代价", 1),
    # Packing "with no need for any special masking" (heldout11 r22).
    ("en", 12, "How do you pack documents into training sequences?", "We pack several documents into each 8K sequence to "
     "avoid padding, separated by an EOS token. There's no need for any special masking — the model learns that EOS is a "
     "boundary.", "without document masks", 1),
])
def test_blind_level_1_answers_of_heldout11_raise_the_packs_flag(ours, lang, topic, question, answer, flag, level):
    a = score(ours, lang, topic, answer, question)
    assert any(flag in d.signal for d in a.danger_signals), a.danger_signals
    assert a.level <= level and not a.markers, (a.level, [(h.marker, h.evidence) for h in a.markers])


def test_mfu_computed_against_the_dense_peak_with_the_sparse_one_set_aside_is_no_conflation(ours):
    # A blind level-4 answer (heldout11 r23) scored 2 with 拿 GPU 利用率或稀疏峰值充当 MFU.
    a = score(ours, "zh", 10, "7B，256 张 H100，4K 序列。每 token 6N = 42 GFLOP，加注意力约 6.4 GFLOP，共 48.4 GFLOP。改前实测 8.1K "
              "token/s/卡，8.1e3 × 48.4e9 ≈ 392 TFLOPS，除以稠密峰值 989 是 39.6%；按 1979 的稀疏峰值算就只剩一半，那个不能用。",
              "你说 MFU 从 39% 提到 45%，怎么算的？")
    assert not any("充当" in d.signal for d in a.danger_signals), a.danger_signals
    assert a.level >= 3


@pytest.mark.parametrize("lang, answer", [
    ("en", "We call all the collectives with async_op=True, so they run in the background and the communication is fully "
           "overlapped — it's basically free after that. NCCL runs on the network card, not on the SMs, so it doesn't take "
           "anything away from the compute kernels."),
    ("zh", "所有集合通信都用 async_op=True 调，所以都在后台跑，通信完全重叠掉了，基本是免费的。NCCL 跑在网卡上，不占 SM，所以不影响计算 kernel。"),
])
def test_async_taken_for_overlap_and_the_sms_denied_show_two_flags_and_no_point(ours, lang, answer):
    # A blind level-1 answer (heldout11 r02) scored 3, credited with "communication kernels take SMs" on the sentence
    # that says they do not.
    q = "How do you hide communication behind compute?" if lang == "en" else "通信怎么藏到计算后面？"
    a = score(ours, lang, 8, answer, q)
    assert a.level == 1 and not a.markers, (a.level, [(h.marker, h.evidence) for h in a.markers])
    assert any("async" in d.signal or "异步" in d.signal for d in a.danger_signals), a.danger_signals
    # Told apart, a "不是" is the distinction the point asks for (heldout4 h18 keeps its credit).
    apart = score(ours, "zh", 6, "先拿 profiler 确认是 GPU 在等 all-gather，不是 CPU 发射跟不上——kernel 之间没有零碎小空洞，而是每层前面一段 "
                  "NCCL 独占。", "FSDP2 step 慢，后来怎么调的？")
    assert any("区分" in h.marker for h in apart.markers), [h.marker for h in apart.markers]


@pytest.mark.parametrize("lang, text, cue", [
    ("en", "It got worse when we turned on FP8 KV cache in the engine, so we turned that back off.", "tradeoff"),
    ("zh", "开了 FP8 KV cache 以后偏差更大，所以又关掉了。", "tradeoff"),
    ("en", "We log per-token KL between the two and alert if the mean mismatch goes over 5e-3.", "safeguard"),
    ("zh", "每个 token 记 KL，均值超过 5e-3 就告警。", "safeguard"),
])
def test_an_option_turned_back_off_and_an_alert_kept_are_read_as_judgement(ours, lang, text, cue):
    # From a blind level-4 answer (candidates8 k4en): what was tried and turned off, and the alert on the figure.
    assert read(text, ours[lang].vocabulary).has(cue)


def test_a_figure_told_as_a_guess_credits_no_point(ours):
    # A blind level-2 answer (heldout11 r01) was credited with the 16-bytes breakdown on "I'd guess somewhere around 16".
    a = score(ours, "en", 2, "Hmm, I don't remember the exact number. There's the weights, the gradients, and then Adam keeps the "
              "momentum and variance... I'd guess somewhere around 16 bytes per parameter?",
              "Under mixed-precision Adam, how many bytes of GPU memory does each parameter cost?")
    assert not a.markers and a.level == 2, (a.level, [h.evidence for h in a.markers])


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "一个 RL step 的时间都花在哪？",
     "14B 模型，64 张 H100 共卡，GRPO，每 step 512 个 prompt、每个采 8 条。一步约 280 秒：rollout 190 秒，占 68%；reward 10 秒；"
     "old policy 和 ref 的 logprob 25 秒；训练 45 秒；权重同步加 vLLM 的 sleep/wake-up 10 秒。这个是我们按每个阶段打点、取 50 个 "
     "step 的中位数，不是估的。"),
    ("en", "Where does the time in one RL step go?",
     "14B model, 64 H100s colocated, GRPO, 512 prompts a step with 8 samples each. A step is about 280 s: rollout 190 s, "
     "68%; reward 10 s; old-policy and reference logprobs 25 s; training 45 s; weight sync plus vLLM sleep and wake-up "
     "10 s. We timed each phase and took the median of 50 steps; it is measured, not estimated."),
    ("en", "You mentioned recorded behaviour logprobs. Do they match the trainer's?",
     "No. vLLM's logprobs differ from the trainer's recompute even with the same weights: different kernels and BF16 "
     "reduction order. We log per-token KL between the two; the mean was around 1e-3 but some tokens were far off, and "
     "it got worse with FP8 KV cache, so we turned that back off. We use the trainer's recomputed logprobs for the PPO "
     "ratio and alert if the mean mismatch goes over 5e-3."),
    ("zh", "你提到记录了行为策略的 logprob，它和训练侧的一致吗？",
     "不一致。vLLM 的 logprob 和训练侧重算的即使权重相同也不一样：kernel 不同，BF16 规约顺序也不同。我们记录逐 token 的 KL，"
     "均值大概 1e-3，但有少数 token 差得很远，开了 FP8 KV cache 之后更严重，所以又关掉了。PPO 比值用训练侧重算的 logprob，"
     "均值超过 5e-3 就告警。"),
])
def test_the_candidates_own_run_measured_and_told_in_its_figures_is_a_4(ours, lang, question, answer):
    # A blind level-4 candidate's answer (candidates11 c11_e) scored 3: one kind of judgement, but its own measurement.
    # Blind level-4 answers (candidates8 k4en.4, candidates13 c13_f.3) scored 3 too: "the mean was around 1e-3" and
    # "alert if … over 5e-3" carry no unit, and bare numbers counted only inside an explanation.
    assert score(ours, lang, 16, answer, question).level == 4


@pytest.mark.parametrize("lang, answer", [
    ("en", "Our first config: TP8, PP8, micro batch 1, 38% MFU. After comm overlap and interleaving it reached 47%; we "
           "laid the loss curves over each other by tokens and they matched within 0.01."),
    ("zh", "基线是我们最开始那版配置：TP8、PP8、micro batch 1，MFU 38%。后来做了通信重叠和 interleaved，MFU 到 47%，按 token 数对齐看 "
           "loss 曲线，差在 0.01 以内。"),
])
def test_an_after_told_a_sentence_after_its_before_is_no_claim(ours, lang, answer):
    # Seen in this stop's sessions: the same answer scored 4 in zh and 2 in en ("it reached 47%" read as a claim).
    q = "Which baseline exactly, with its numbers?" if lang == "en" else "基线具体是哪一版，数字是多少？"
    a = score(ours, lang, 10, answer, q)
    assert a.level == 4 and not a.danger_signals, (a.level, a.danger_signals)


def test_a_story_with_no_part_after_the_fix_shows_no_safeguard_added(ours):
    # Seen in this stop's zh session: "从发现到定位大概 25 分钟" was credited with "事后把排查固化成防线…并说出下次…缩短到多久";
    # the interviewer then rightly asked "事后加了哪道防线？".
    a = score(ours, "zh", 15, "凌晨收到告警 step 时间涨了 20%，按 rank 的 step 时间看板上一眼就看到 rank 517 最慢，计算时间正常但通信等待"
              "最短，说明它是慢卡。ethtool 看网卡协商成了 200G，换线后恢复，从发现到定位大概 25 分钟。", "最近一次事故从发现到定位用了多久？")
    assert not credited(a, "事后把排查固化成防线"), [h.evidence for h in a.markers]
    # ...and it is the point the feedback names, not one of loss alignment.
    assert "事后把排查固化成防线" in a.feedback, a.feedback
    # A safeguard standing in the answer is shown without a part told afterwards (candidates4 f4zh keeps it).
    b = score(ours, "zh", 15, "超时会触发自动 dump：NCCL flight recorder 把各 rank 最近的集合通信记录落盘，同时对所有 rank 做 py-spy dump。"
              "上次那次是 rank 517 停在 all-gather，其他 rank 都在 all-reduce，次序对不上。", "训练 hang 的话你们怎么定位？")
    assert credited(b, "事后把排查固化成防线")


def test_a_clause_credited_with_a_point_is_not_quoted_as_naming_without_a_mechanism(ours):
    # Seen in the review's zh session: the hang-causes point was credited and "只报名词没有机制" raised on the same clause.
    a = score(ours, "zh", 15, "常见的是各 rank 调集合通信的次序或形状不一致，比如某个 rank 走了不同的分支少调了一次 all-reduce，或者提前退出了，"
              "其他 rank 就一直等到 NCCL 超时。还有就是网卡或者 GPU 掉了。", "能具体讲讲分布式训练 hang 的常见成因吗？")
    quotes = {h.evidence for h in a.markers}
    assert quotes and not any(d.evidence in quotes for d in a.danger_signals if "名词" in d.signal), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "Where did peak memory sit at 64K?",
     "Not in the layers, at the loss. Each rank holds 8K tokens after CP8, and the vocab-parallel logits are 8K × 38K in FP32, "
     "about 1.2 GB, doubled with the gradient, so the snapshot showed a spike at the end of forward. We moved to a chunked "
     "cross-entropy that never holds the full FP32 logits, and peak went from ~71 to ~64 GB."),
    ("zh", "64K 的时候显存峰值卡在哪？",
     "不在层里，在 loss。CP8 之后每卡 8K token，按词表切的 logits 是 8K × 38K，FP32 大约 1.2 GB，反向再翻一倍，所以快照上前向末尾有个尖峰。"
     "后来改成分块的 cross-entropy，不再整块留 FP32 logits，峰值从 71 GB 左右降到 64 GB。"),
])
def test_a_fix_of_ones_own_told_with_its_cause_and_before_and_after_is_a_4(ours, lang, question, answer):
    # Blind level-4 follow-ups (candidates11 c11_f, heldout7 p36) scored 3: the cause explained, the change made and
    # the figure before and after, with no word such as "trade-off" or "validated".
    assert score(ours, lang, 2, answer, question).level == 4


def test_a_figure_worked_on_paper_with_no_change_made_stays_a_3(ours):
    # "From 32 to 16" is a what-if here, not a fix measured (candidates10 b11_c6_en, a 3).
    a = score(ours, "en", 10, "I haven't run it beyond 1,024, so I wouldn't claim it. On paper, at 2,048 GPUs with the same global "
              "batch DP doubles and each pipeline gets half the micro-batches: with PP4 that's m from 32 to 16, bubble from "
              "3/35 ≈ 8.6% to 3/19 ≈ 16%, which alone costs several points of MFU unless we raise the global batch, and that "
              "changes the optimisation. I'd want a short 2K-GPU run before quoting a number.", "Does 40% still hold at larger scale?")
    assert a.level == 3


@pytest.mark.parametrize("lang, text, cue", [
    ("en", "First version split the sequence contiguously and the last rank did 15× the attention work of rank 0.", "incident"),
    ("zh", "梯度规约改成 BF16，我们对了 2000 步 loss 没差别才上。", "validation"),
])
def test_a_first_version_and_a_change_let_in_after_its_check_are_read(ours, lang, text, cue):
    # From blind level-4 follow-ups (candidates11 c11_f, c11_e) that scored 3.
    assert read(text, ours[lang].vocabulary).has(cue)


def test_a_follow_up_on_the_candidates_own_figure_asks_about_their_own_work(ours):
    # "训练那 45 秒里" points back at the candidate's own run, as "你提到" does (candidates11 c11_e.4, a 4).
    a = score(ours, "zh", 8, "用的是 HSDP，机内 8 卡分片，机间复制。profiler 上看，反向最后一个 reduce-scatter 加跨机的梯度 all-reduce "
              "是暴露的，约占训练时间 12%。又跑了一个单机、同样每卡 batch 的基线对比，差值也在 11% 到 12%，两个口径对得上。",
              "训练那 45 秒里，通信暴露了多少？")
    assert a.level == 4


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "序列从 2K 加到 4K，激活显存大概涨多少？", "激活主要看 batch size 吧，跟序列长度关系应该不大，OOM 主要还是 batch 开大了。"),
    ("en", "How much does activation memory grow from 2K to 4K tokens?",
     "Activation memory mostly depends on batch size, I think; it doesn't really depend on the sequence length."),
])
def test_activations_said_to_have_little_to_do_with_sequence_length_is_the_packs_flag_and_a_1(ours, lang, question, answer):
    # A blind level-1 answer (candidates12 c12_a) scored 2 with only "names without mechanism".
    a = score(ours, lang, 2, answer, question)
    assert any("序列长度" in d.signal or "sequence length" in d.signal for d in a.danger_signals), a.danger_signals
    assert a.level == 1


def test_activations_said_to_grow_with_sequence_length_raise_no_such_flag(ours):
    a = score(ours, "zh", 2, "激活跟序列长度线性相关，2K 到 4K 大约翻倍；注意力分数那项是平方，开了 FlashAttention 就没有了，跟 batch 也是线性。",
              "序列从 2K 加到 4K，激活显存大概涨多少？")
    assert not any("序列长度" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, text, cue", [
    ("en", "EP64 would halve expert memory but push 7/8 of the dispatch traffic cross-node.", "tradeoff"),
    ("zh", "EP64 能把专家显存减半，但 7/8 的 dispatch 流量要跨机。", "tradeoff"),
    ("en", "Not free: the comm kernels took 20 of 132 SMs.", "tradeoff"),
    ("zh", "这不是免费的：通信 kernel 占了 132 个 SM 里的 20 个。", "tradeoff"),
    ("en", "Tried 16 SMs, and comm slowed more than compute gained.", "incident"),
    ("en", "One node gave 22 GB/s busbw.", "incident"),
    ("zh", "有一台机器 busbw 只有 22 GB/s。", "incident"),
    ("en", "Since then link rate is part of the pre-launch check.", "safeguard"),
    ("zh", "之后把 logprob 差的 p99.9 做成告警，引擎升级前必须过这套对比。", "safeguard"),
])
def test_terse_expert_wording_is_read_as_judgement(ours, lang, text, cue):
    # From blind level-4 follow-ups (candidates12 c12_e, c12_f) that scored 3: an option priced, a cost owned, one
    # machine of their own, and the check every job now has to pass.
    assert read(text, ours[lang].vocabulary).has(cue)


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "What did nccl-tests show across nodes?",
     "alltoall on 4 nodes, large messages: about 38 GB/s busbw per GPU on healthy nodes. One node gave 22. ibstat showed one "
     "HCA had negotiated 200G instead of 400G; we reseated the cable and it was back to 38. Since then link rate is part "
     "of the pre-launch check."),
    ("zh", "跨机的 nccl-tests 结果怎么样？",
     "4 台机器跑 alltoall，大消息下健康节点每卡 busbw 大约 38 GB/s。有一台只有 22，ibstat 一看有块 HCA 协商成了 200G 而不是 400G，"
     "重新插了线缆，回到 38。之后链路速率就做成了启动前检查。"),
])
def test_one_machine_found_fixed_and_guarded_against_is_a_4(ours, lang, question, answer):
    assert score(ours, lang, 9, answer, question).level == 4


def test_a_question_asking_for_a_time_it_happened_asks_about_the_candidates_own_work(ours):
    # "有没有哪次没对齐？" - "有。升级 vLLM 后…" (candidates12 c12_f.5, a 4) is a story of their own, as "讲一次你…" is.
    a = score(ours, "zh", 15, "有。升级 vLLM 后 logprob 差的 p99.9 从 0.9 跳到 3.5，奖励曲线 200 步后掉了 2 个点。二分到是新版本默认打开了"
              "FP8 KV cache，长样本后半段误差累积。关掉后差的分布回到原样，重跑 500 步和旧版本 3 个 seed 的带重合。",
              "训推 logprob 有没有哪次没对齐？怎么查出来的？")
    assert a.level == 4


@pytest.mark.parametrize("lang, answer", [
    ("zh", "遇到过，序列从 2K 改到 4K 就 OOM 了。我们打开了 gradient checkpointing，就能跑了。gradient checkpointing 就是前向不存中间激活，"
           "反向的时候再算一遍，所以会慢一些，具体慢多少没测。"),
    ("en", "Yes, going from 2K to 4K sequences it OOMed. We turned on gradient checkpointing and it ran. Gradient checkpointing "
           "doesn't keep the activations in forward and recomputes them in backward, so it's slower; we never measured how "
           "much."),
])
def test_the_cost_named_but_never_measured_is_an_admitted_gap(ours, lang, answer):
    # A blind level-2 answer (candidates12 c12_a.2) scored 3: the mechanism is right, its figure never taken.
    assert score(ours, lang, 2, answer, "遇到过 OOM 吗？怎么处理的？" if lang == "zh" else "Ever hit OOM? What did you do?").level == 2


@pytest.mark.parametrize("lang, answer", [
    ("en", "We left it at the default, 25 MB. I think bigger buckets are generally better since there are fewer calls."),
    ("zh", "保持默认，25 MB。我觉得桶大一点一般更好，因为调用次数少。"),
])
def test_a_setting_left_at_its_default_is_no_choice_of_the_candidates(ours, lang, answer):
    # Blind level-2 answers (candidates12 c12_b.3, heldout8 q23) scored 3 on the default's figure.
    q = "How did you pick the bucket size?" if lang == "en" else "分桶大小你们是怎么定的？"
    assert score(ours, lang, 8, answer, q).level == 2


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "What MFU did your run reach, and how did you compute it?",
     "Our MFU was about 95%. We watched nvidia-smi during the whole run and GPU utilization was pinned at 95 to 100 percent."),
    ("zh", "你们训练的 MFU 到了多少？怎么算的？", "我们 MFU 大概 95%。整个训练过程盯着 nvidia-smi，GPU 利用率一直在 95% 到 100%。"),
])
def test_mfu_read_off_a_watched_utilisation_is_the_packs_misconception(ours, lang, question, answer):
    # A blind level-1 answer (heldout13 r05) scored 3 with no flag: "watched" and "100 percent" were not read.
    a = score(ours, lang, 10, answer, question)
    assert a.level == 1 and any("MFU" in d.signal and ("利用率" in d.signal or "utilisation" in d.signal)
                                for d in a.danger_signals), (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("en", "13B in fp16 is 26 GB and we have 80 GB per card, so on paper it fits easily. So first I'd cut the batch size from 8 "
           "to 2, and if it still OOMs, cut it to 1 and shorten the sequences."),
    ("zh", "13B 用 FP16 是 26 GB，每卡 80 GB，按理说肯定放得下。所以我先把 batch 从 8 减到 2，还 OOM 的话就减到 1，再把序列截短。"),
])
def test_the_batch_cut_in_the_vocabularys_words_is_the_packs_naive_remedy(ours, lang, answer):
    # A blind level-1 answer (heldout13 r21) scored 3 with no flag: "cut the batch" is the vocabulary's spelling of
    # "only shrinks the batch on OOM", not the flag's own words.
    q = "13B 全参微调在 8 张 80 GB A100 上 OOM 了，你怎么分析？" if lang == "zh" else "A 13B fine-tune OOMs on eight 80 GB A100s. How do you reason about it?"
    a = score(ours, lang, 2, answer, q)
    assert a.level <= 2 and any("batch" in d.signal for d in a.danger_signals), (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "几百万个小 json 文件放在 NAS 上，DataLoader 开 16 个 worker 直接读，然后拼到 4K 长度，中间加个 EOS 隔开。模型自己能学会 EOS 是"
           "分隔符，所以不用额外处理。"),
    ("en", "A few million small json files on NAS, read directly by 16 DataLoader workers, then packed to 4K with an EOS in "
           "between. The model learns EOS is a separator, so no special handling is needed."),
])
def test_packing_with_no_special_handling_is_packing_without_document_masks(ours, lang, answer):
    # A blind level-1 answer (heldout13 r11) scored 3 with no flag: "拼到 4K" is packing, "不用额外处理" calls it fine.
    q = "讲讲你们预训练的数据管线。" if lang == "zh" else "Walk me through your pretraining data pipeline."
    a = score(ours, lang, 12, answer, q)
    assert a.level == 1 and any("掩码" in d.signal or "mask" in d.signal for d in a.danger_signals), a.danger_signals


def test_final_losses_held_the_same_with_nothing_else_checked_is_the_packs_flag(ours):
    # A blind level-2 answer (heldout13 r22) scored 3 with no flag.
    a = score(ours, "en", 15, "We ran both configs for about 5K steps and the final loss was 2.31 versus 2.32, so basically "
              "the same. The math is identical, it's just split differently, so I wouldn't expect any real difference.",
              "After moving from TP4 to TP8, how did you show the loss was still aligned?")
    assert a.level == 2 and any("final loss" in d.signal for d in a.danger_signals), (a.level, a.danger_signals)


def test_final_losses_held_within_the_seed_band_are_a_check(ours):
    a = score(ours, "zh", 15, "两个配置各跑 5K 步，按 token 数对齐看 loss 曲线，差值一直在 3 个 seed 的波动带内，最终 loss 2.31 和 2.32 基本一样。",
              "TP4 换到 TP8 之后，你们怎么证明 loss 还是对齐的？")
    assert not any("最终 loss" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "每 1000 步存一次，一个多小时一次。一次保存大概要卡住几分钟，因为是同步写到 NAS 上的，不过一小时才一次，还能接受。"),
    ("en", "Every 1000 steps, a bit over an hour. Each save stalls training for a few minutes because it's a synchronous write to "
           "NAS, but once an hour that's acceptable."),
])
def test_the_packs_bad_practice_told_as_the_candidates_own_is_at_most_2(ours, lang, answer):
    # A blind level-2 answer (heldout13 r10) scored 3 with no flag: the sync write stalling training for minutes is
    # the pack's own red flag, told nearly in its words.
    q = "你们 checkpoint 的保存间隔是怎么定的？" if lang == "zh" else "How did you set the checkpoint interval?"
    a = score(ours, lang, 11, answer, q)
    assert a.level == 2 and any("同步写盘" in d.signal or "synchronous" in d.signal for d in a.danger_signals), (
        a.level, a.danger_signals)


@pytest.mark.parametrize("lang, question, answer, point", [
    ("zh", "BF16 训练出现 loss 尖峰。BF16 和 FP16 在这里有什么不同？尖峰你怎么处理？",
     "BF16 的指数位和 FP32 一样是 8 位，只是尾数少，所以范围一样，一般不需要 loss scaling；FP16 只有 5 位指数，所以要动态 loss scaler。"
     "尖峰的话，说实话我就把学习率调小一半，从上一个 checkpoint 接着跑，一般就好了。", "而不是先调小学习率"),
    ("en", "On a BF16 run you see a loss spike. What's different about BF16 versus FP16 here, and what would you do about "
           "the spike?",
     "BF16 keeps the same 8 exponent bits as FP32 with fewer mantissa bits, so the range is the same and you normally don't "
     "need loss scaling. FP16 only has 5 exponent bits, that's why you need the dynamic loss scaler there. For the spike "
     "itself, honestly I'd just drop the learning rate by 2x and continue from the last checkpoint.", "checks data and grad norm first"),
])
def test_half_the_question_answered_and_the_naive_remedy_for_the_other_half_is_a_2_pointed_at_the_better_way(
        ours, lang, question, answer, point):
    # A blind level-2 answer (heldout13 r31) scored 3 with no flag: the spike flag is worded "nothing but 'lower the
    # learning rate'" (no "only"), and "说实话我就…" had been read as something someone said.
    a = score(ours, lang, 1, answer, question)
    assert a.level == 2 and any("学习率" in d.signal or "learning rate" in d.signal for d in a.danger_signals)
    assert point in a.feedback, a.feedback


def test_a_scenario_worked_at_length_with_no_judgement_in_it_is_a_3(ours):
    # Blind level-3 answers (heldout13 r24, heldout10 r27) scored 4 on their figures alone: a textbook walk-through.
    a = score(ours, "en", 3, "Fit memory first. 16 bytes a parameter for mixed-precision Adam is about 544 GB of model states for 34B. "
              "TP communicates inside every layer, so it stays in the 8-GPU NVLink domain; across nodes each GPU has a ~50 GB/s "
              "NIC versus ~450 GB/s NVLink. TP8 works since 56 heads divide by 8. With a distributed optimizer, per GPU that's "
              "about 4 bytes × 34B / 8 ≈ 17 GB for weights and grads. Activations with SP are about s·h·34/t ≈ 250 MB per "
              "layer, ~12 GB for 48 layers, so TP8 with no PP fits and gives DP = 64 with 8 accumulation steps. If they "
              "didn't fit I'd add PP2, then DP32, 16 micro-batches, bubble (p-1)/(m+p-1) = 1/17 ≈ 6%.",
              "A 34B model, 8K sequences, 512 H100s, global batch 512. Pick TP, PP and DP.")
    assert a.level == 3


@pytest.mark.parametrize("lang, text, cue", [
    ("zh", "PP 在 4 和 8 之间纠结过。", "tradeoff"),
    ("zh", "我们在 256 卡上各跑了 200 步。", "validation"),
    ("en", "The surprise was on the last stage.", "incident"),
])
def test_options_weighed_and_run_side_by_side_are_read(ours, lang, text, cue):
    assert read(text, ours[lang].vocabulary).has(cue)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "看每个 rank 的 all-reduce 耗时，哪个 rank 通信时间最长，它就是拖后腿的那个，把那台机器踢掉就行。"),
    ("en", "Look at each rank's all-reduce time: the rank with the longest communication time is the one holding the job back."),
])
def test_the_longest_communicating_rank_taken_for_the_one_holding_the_job_back_is_the_packs_misconception(ours, lang, answer):
    # A blind level-1 answer (heldout13 r03) scored 2: "拖后腿" is the slow node, said in other words.
    q = "千卡作业整体变慢了，你怎么找出是哪台机器拖后腿？" if lang == "zh" else "A 1000-GPU job got slower. How do you find the slow machine?"
    a = score(ours, lang, 14, answer, q)
    assert a.level == 1 and any("通信最久" in d.signal or "longest communication" in d.signal for d in a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("en", "Sequence parallelism splits the sequence again, which means another round of communication, so it's slower and you "
           "only turn it on if memory is really tight."),
    ("zh", "序列并行又把序列切一遍，这就多一轮通信，所以更慢，只有显存特别紧的时候才开。"),
])
def test_sequence_parallelism_said_to_add_a_round_of_communication_is_the_packs_misconception(ours, lang, answer):
    # A blind level-1 answer (heldout13 r02) scored 2: "another round" was no word for more, and the condition after
    # it ("only turn it on if memory is tight") had been read as hedging it.
    q = "In Megatron TP, what does sequence parallelism change?" if lang == "en" else "Megatron 的序列并行改变了什么？"
    a = score(ours, lang, 4, answer, q)
    assert any("序列并行" in d.signal or "sequence parallelism" in d.signal for d in a.danger_signals), a.danger_signals


def test_a_condition_ahead_of_the_claim_still_hedges_it(ours):
    a = score(ours, "zh", 4, "如果不用 reduce-scatter 而是直接 all-gather 整个序列，序列并行就会多一轮通信。", "序列并行改变了什么？")
    assert not any("序列并行增加通信量" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("en", "After each training step we save a checkpoint and restart the vLLM servers so they load it. It takes a few minutes, "
           "but rollout is a small part of the step anyway."),
    ("zh", "每个训练 step 之后存一个 checkpoint，然后重启 vLLM 服务让它加载。每次要几分钟，不过 rollout 本来就是小头，所以影响不大。"),
])
def test_rollout_called_a_small_part_of_the_step_is_the_packs_flag(ours, lang, answer):
    # A blind level-1 answer (heldout13 r40) scored 2: it held the pack's belief, in other words.
    q = "How do updated weights get to the inference engine?" if lang == "en" else "更新后的权重怎么同步到推理引擎？"
    a = score(ours, lang, 16, answer, q)
    assert a.level == 1 and any("rollout" in d.signal for d in a.danger_signals), a.danger_signals
    # Another topic's flag names all its subjects: saving and loading a checkpoint is no parallel-layout change.
    assert not any("并行度" in d.signal or "parallel-layout" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    # Weights synced by reloading the model from disk, and the mismatch said to be gone (candidates21 c21_a.2, a 1
    # scored 2)...
    ("en", "How do the updated weights get from the FSDP actor into vLLM each step?",
     "After the update we save the actor to disk and vLLM reloads the model from that checkpoint. It's a 7B model, so "
     "that's only a few seconds, and it guarantees the two are consistent, so there's no train-inference mismatch to "
     "worry about."),
    ("zh", "每一步更新后的权重怎么从 FSDP 的 actor 到 vLLM？",
     "更新完把 actor 存到磁盘，vLLM 从 checkpoint 重新加载模型。7B 也就几秒，还能保证两边一致，训推 logprob 不一致就不用管了。"),
    # ...and training said to be the long phase, rollout the cheaper part (candidates21 c21_a.1, a 1 scored 2).
    ("en", "You said the bottleneck was training. What share of the step was rollout?",
     "You could see it in the logs, the training phase was the long one. I don't have the exact split, but backward is "
     "twice the forward, while generation is only forward passes, so by construction rollout is the cheaper part."),
    ("zh", "你说瓶颈在训练，rollout 占 step 多少？",
     "日志里能看出来，训练是最耗时的那部分。具体比例没有，但反向是前向的两倍，生成只有前向，所以 rollout 是便宜的那部分。"),
])
def test_rollout_as_the_cheap_part_and_weights_reloaded_from_disk_are_the_packs_flags(ours, lang, question, answer):
    a = score(ours, lang, 16, answer, question)
    assert a.level == 1 and a.danger_signals, a


def test_a_small_share_said_of_another_part_of_the_step_is_no_such_flag(ours):
    a = score(ours, "zh", 16, "我们那个 7B 数学 RL 上 rollout 大概占 60% 到 70%，训练 20% 多，权重同步几秒钟，占比很小。", "RL 一个 step 的时间花在哪？")
    assert not any("rollout" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer, point", [
    ("zh", "ZeRO-3 相对 DP 通信量多多少？",
     "ZeRO-3 把参数也切了，前向和反向前都要先 all-gather 参数，反向后再 reduce-scatter 梯度，所以比 DP 多，具体是 DP 的几倍我一时想不起来。",
     "1.5 倍"),
    ("en", "How much more does ZeRO-3 communicate than DP?",
     "ZeRO-3 shards the parameters too, so it all-gathers them before forward and backward and reduce-scatters the gradients "
     "after, so more than DP; I can't remember the exact multiple.", "1.5 times"),
])
def test_a_part_left_open_is_a_2_and_the_feedback_names_that_part(ours, lang, question, answer, point):
    # "一时想不起来" is a gap like "记不清"; the point it leaves open is the one to learn, though the answer touched it.
    a = score(ours, lang, 6, answer, question)
    assert a.level == 2 and point in a.feedback, (a.level, a.feedback)
    assert a.feedback.startswith("把没说上来的那块补上" if lang == "zh" else "Fill in the part you left open"), a.feedback


@pytest.mark.parametrize("lang, answer, label", [
    ("zh", "这个主要参考 Megatron 的 example 改的，TP8 放机内，PP8，剩下的给 DP。", "配置照搬现成的"),
    ("en", "Mostly from the Megatron example script, TP8 inside the node, PP8, and the rest goes to DP.", "a setting taken over"),
])
def test_a_setting_taken_over_is_named_as_such_not_as_a_naive_remedy(ours, lang, answer, label):
    # Seen in a zh session: "参考 Megatron 的 example 改的" under a topic with no default-config flag of its own was
    # flagged "只给了朴素的补救办法", which names no remedy it offered.
    q = "各并行度是怎么定下来的？" if lang == "zh" else "How were the parallel degrees chosen?"
    a = score(ours, lang, 10, answer, q)
    assert any(d.signal.startswith(label) for d in a.danger_signals), a.danger_signals
    assert not any(d.signal in ("只给了朴素的补救办法", "naive remedy only") for d in a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("en", "Every 1000 steps, about once an hour. That's what the team has always used and it's worked. The checkpoint has "
           "the model weights and the optimizer states, so we can pick up where we left off."),
    ("zh", "每 1000 步存一次，大概一小时一次，组里一直用这个数，也没出过问题。checkpoint 里有模型权重和优化器状态，能接着训。"),
])
def test_an_interval_always_used_is_taken_over_not_chosen(ours, lang, answer):
    # heldout27 h27_39 read 3 for 2: "That's what the team has always used" is a setting taken over, with no reason.
    a = score(ours, lang, 11, answer, "多久存一次 checkpoint？为什么是这个间隔？" if lang == "zh" else
              "How often do you checkpoint, and why that interval?")
    assert a.level == 2, (a.level, a.danger_signals)
    assert any(d.signal.startswith(("配置照搬现成的", "a setting taken over")) for d in a.danger_signals), a.danger_signals


def test_an_alternative_tried_and_its_cost_measured_before_the_choice_is_a_4_and_credits_no_ulysses_point(ours):
    # Seen in this stop's zh session: "CP=8 也试过…step 慢了 12%，所以定了 4" scored 3, and the Ulysses point
    # ("可组合为机内 Ulysses 机间 ring") was credited on a sentence about ring attention across nodes alone.
    a = score(ours, "zh", 7, "CP 度是按显存算的：128K 下每层激活 TP8 加 SP 之后还剩 2 个多 G，32 层放不下，CP=4 之后每卡 32K，激活降到原来"
              "四分之一，就放下了。CP=8 也试过，ring 上 KV 传输在跨机时盖不住计算，step 慢了 12%，所以定了 4。",
              "你简历里写到引入了 CP=4。CP 度是怎么选的？")
    assert a.level == 4
    assert not any("Ulysses" in h.marker for h in a.markers), [h.marker for h in a.markers]


def test_the_generic_naive_flag_is_not_repeated_beside_the_packs_own_on_the_same_words(ours):
    # Seen in this stop's en session: an off-question loss-spike remedy was flagged "naive remedy only" and "meets a
    # loss spike with nothing but 'lower the learning rate'" on the same quote.
    a = score(ours, "en", 7, "For a loss spike I'd just lower the learning rate and continue from the last checkpoint.",
              "How was load balanced under the causal mask?")
    signals = [d.signal for d in a.danger_signals]
    assert any("learning rate" in s for s in signals) and "naive remedy only" not in signals, signals


def test_a_ratio_written_with_a_colon_is_not_cut_as_a_clause(ours):
    # Seen in this stop's en session: a quote ended "…went from a 1:" because the colon of "1:7" ended a clause.
    r = read("With CP4 the per-rank attention time went from a 1:7 spread to within 5%.", ours["en"].vocabulary)
    assert len(r.clauses) == 1 and r.clauses[0].text.endswith("within 5%."), [cl.text for cl in r.clauses]


def test_an_interval_taken_over_from_a_previous_project_credits_no_young_daly_point(ours):
    # A blind level-1 answer (heldout14 r11) scored 4: the Young-Daly point credited on the inherited interval.
    a = score(ours, "en", 11, "Every 2,000 steps, which was about every 3 hours; that number came from the previous project. Saving "
              "takes around 10 minutes because everything goes through torch.save on rank 0, so training just waits.",
              "How often did you checkpoint the 70B run?")
    assert not a.markers and a.level <= 2, (a.level, [h.evidence for h in a.markers])


@pytest.mark.parametrize("lang, answer", [
    ("zh", "这块是平台组负责的，他们有个转换脚本，转成 TP8 的格式再给回来。原理大概就是把切开的权重先合起来，再按新的 TP 重新切。优化器状态"
           "有没有一起转我不太确定，当时也没细查。"),
    ("en", "The platform team owns that; they have a conversion script that turns it into the TP8 layout. I think it merges the "
           "shards and re-splits them for the new TP. Whether the optimizer state is converted too I'm not sure, we never "
           "looked into it."),
])
def test_a_part_someone_else_owns_and_the_rest_unsure_is_a_2(ours, lang, answer):
    # A blind level-2 answer (heldout14 r21) scored 4: "不太确定" and "没细查" were not read as gaps.
    q = "换了并行度之后，旧的 checkpoint 怎么加载？" if lang == "zh" else "After changing the parallel layout, how do you load the old checkpoint?"
    assert score(ours, lang, 11, answer, q).level == 2


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "换成自己写的 attention kernel 之后，怎么证明 loss 是对齐的？",
     "我们固定了 seed，新旧两版各跑了 5000 步，最后的 loss 分别是 2.134 和 2.141，差了不到 0.5%。我们定的标准是 1% 以内就算对齐，所以就上线了。"),
    ("en", "After swapping in your own attention kernel, how did you show the loss was aligned?",
     "We fixed the seed and ran old and new for 5,000 steps; the final loss was 2.134 versus 2.141, under 0.5% apart. Our "
     "bar was 1%, so it shipped."),
])
def test_a_bar_set_with_no_noise_measured_is_the_packs_tolerance_flag(ours, lang, question, answer):
    # A blind level-2 answer (heldout14 r46) scored 4 with no flag: "1% 以内就算对齐" with no seed noise measured.
    a = score(ours, lang, 15, answer, question)
    assert a.level <= 2 and any("噪声" in d.signal or "seed noise" in d.signal for d in a.danger_signals), (
        a.level, a.danger_signals)


def test_a_bar_set_against_measured_seed_noise_raises_no_tolerance_flag(ours):
    a = score(ours, "zh", 15, "先用 3 个不同 seed 跑基线，量出 loss 的 seed 波动大约 0.004，所以标准是差值在这个波动带以内就算对齐。",
              "怎么定 loss 对齐的容差？")
    assert not any("噪声" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("en", 7, "Ring attention or Ulysses: how do they differ?",
     "Both are ways to do context parallelism. Ring attention passes the KV chunks around a ring of GPUs, and Ulysses uses "
     "all-to-all instead. We used ring attention through a library flag for the 64K runs and it worked; I didn't really "
     "look at the overlap or the load balancing part."),
    ("zh", 4, "TP 下 MLP 怎么切？",
     "MLP 是两层 Linear，一层切输出维、一层切输入维，这样中间的激活函数不用通信。但第一层到底叫按行切还是按列切我老搞混。"),
    ("zh", 5, "GPipe 和 1F1B 有什么区别？",
     "GPipe 先跑完所有 micro batch 的前向再统一反向；1F1B 一个前向一个反向交替。气泡公式是 (p-1)/(m+p-1)。1F1B 最大的好处就是气泡小，"
     "stage 不用等所有前向跑完才开始反向，空闲时间少很多。"),
])
def test_hedged_halves_and_a_misconception_beside_a_formula_are_a_2(ours, lang, topic, question, answer):
    # Blind level-2 answers (heldout14 r43, r37, r04) scored 3: "didn't really look at", "老搞混" are gaps, and
    # "1F1B 最大的好处就是气泡小…空闲时间少很多" is the pack's 1F1B misconception.
    assert score(ours, lang, topic, answer, question).level == 2


def test_a_check_still_to_make_is_no_validation(ours):
    # A blind level-3 answer (heldout14 r12) was read as validated on "I'd have to check the exact form in Megatron".
    assert not read("There's a divisibility rule for the interleaved schedule, I'd have to check the exact form in Megatron.",
                    ours["en"].vocabulary).has("validation")
    assert read("We checked the loss against the baseline for 2K steps.", ours["en"].vocabulary).has("validation")


@pytest.mark.parametrize("lang, answer", [
    ("en", "Per layer it's about s·b·h·(34 + 5·a·s/h) bytes. With flash attention the 5as/h term isn't stored, so it's "
           "34·s·b·h: 34 × 4096 × 5120 ≈ 713 MB per layer at micro-batch 1, times 40 layers is about 28.5 GB."),
    ("zh", "每层大约 s·b·h·(34 + 5·a·s/h) 字节。开了 FlashAttention 之后 5as/h 那项不存，所以是 34·s·b·h：34 × 4096 × 5120 ≈ 713 MB 一层，"
           "40 层大约 28.5 GB。"),
])
def test_a_formula_in_brackets_is_the_point_not_its_premise(ours, lang, answer):
    # A blind level-3 answer (candidates13 c13_c.3) wrote the per-layer activation formula and scored 1, "answers
    # another question": the formula's brackets were read as the marker's premise, so its figures counted for nothing.
    q = "Where did those 28 GB of activations come from?" if lang == "en" else "那 28 GB 激活是怎么来的？"
    a = score(ours, lang, 2, answer, q)
    assert a.level == 3 and any("34" in h.marker for h in a.markers), (a.level, [h.marker for h in a.markers])


def test_two_figures_said_equal_for_a_case_the_answer_sets_apart_are_no_conflation(ours):
    # A blind level-4 follow-up (candidates13 c13_f.5) was flagged "cannot tell algbw from busbw" on "For broadcast
    # busbw equals algbw, there's no 2(n-1)/n factor like all-reduce" and scored 2.
    a = score(ours, "en", 9, "nccl-tests broadcast_perf across the two pools, 1 GB messages. For broadcast busbw equals algbw, "
              "there's no 2(n-1)/n factor like all-reduce, so you read it straight against the NIC: ~44 GB/s per GPU "
              "against ~50 for 400G.", "How did you check the broadcast bandwidth?")
    assert not any("algbw" in d.signal for d in a.danger_signals) and a.level >= 3, (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("en", "Two. First it hung at init: the bootstrap picked a management NIC that wasn't routable, and NCCL_SOCKET_IFNAME fixed "
           "that. Then it ran, but slowly: NCCL_DEBUG=INFO showed NET/IB without GDRDMA, so every bucket bounced through host "
           "memory. ACS was on in the PCIe switches; once it was off, GDR showed up and sync went from ~9 s to 3.8 s."),
    ("zh", "两个。一开始初始化就卡住：bootstrap 选了一张不通的管理网卡，设了 NCCL_SOCKET_IFNAME 修好了。然后能跑但很慢：NCCL_DEBUG=INFO 里是 "
           "NET/IB 但没有 GDRDMA，每个 bucket 都绕主机内存。PCIe 交换机开着 ACS，关掉之后 GDR 出来了，同步从 9 秒左右降到 3.8 秒。"),
])
def test_an_incident_fixed_with_its_before_and_after_is_a_4(ours, lang, answer):
    # A blind level-4 follow-up (candidates13 c13_f.4) scored 3: "First it hung… fixed that" was no story cue, and a
    # story's from-to counted as one figure.
    q = "That broadcast group spans the training and inference pools. Any NCCL trouble?" if lang == "en" else \
        "那个 broadcast 组跨训练和推理两个池子，NCCL 出过问题吗？"
    assert score(ours, lang, 9, answer, q).level == 4


@pytest.mark.parametrize("lang, answer", [
    ("en", "Compute, exposed communication, pipeline bubble, data wait and CPU launch. On our 70B run compute was about 62%, "
           "exposed all-reduce 14%, bubble 9%; we measured it from the nsys timeline. We then moved the last DP bucket "
           "earlier and exposed comm went from 14% to 6%."),
    ("zh", "计算、暴露通信、流水线气泡、等数据、CPU 发射。我们 70B 那次计算约 62%，暴露 all-reduce 14%，气泡 9%，是从 nsys 时间线上量的。"
           "后来把最后一个 DP 桶提前发，暴露通信从 14% 降到 6%。"),
])
def test_a_step_broken_down_on_ones_own_run_and_a_fix_measured_is_a_4_in_both_languages(ours, lang, answer):
    # Seen in this stop's closing en session: the English answer scored 3 where its Chinese twin scored 4 ("We then
    # moved the last DP bucket earlier" was no change made).
    q = "Can you tell me how the time of one step breaks down?" if lang == "en" else "一个 step 的时间怎么拆？"
    assert score(ours, lang, 10, answer, q).level == 4


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "能具体讲讲一个 step 的时间分解吗？", "一个 step 大概 9 秒，计算 6.5 秒，暴露通信 1 秒左右，PP 气泡 0.8 秒，剩下是优化器和数据。"
           "是从 Nsight 时间线上量的。"),
    ("en", "Can you tell me how the time of one step breaks down?", "7B on 64 GPUs: a 0.9 s step, 0.25 s forward, 0.5 s "
           "backward, about 0.1 s of exposed all-reduce, the rest optimizer."),
])
def test_a_step_breakdown_with_where_it_was_measured_is_a_3(ours, lang, question, answer):
    """Heard (the long-context candidate, zh): 2 and "只报名词没有机制「是从 Nsight 时间线上量的」": the sentence that says
    where the figures came from counted as a second list of names. (en: "7B on 64 GPUs" is the setting, and a step
    time asked about is answered by "a 0.9 s step" whether or not the question names it as one.)"""
    t = ours[lang].topic(10)
    a = score_answer(t, answer, question, ours[lang].danger_for(t.title), own_work=True)
    assert a.level == 3 and not a.danger_signals, (a.level, flags(a))


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "能具体讲讲一个 step 的时间分解吗？", "优化前一步 2.1 秒：前向 0.6、反向 1.1、优化器 0.15、暴露的梯度通信 0.25 秒；后来靠分桶和"
           "反向重叠把暴露通信压到 0.05 秒。"),
    ("en", "Can you tell me how the time of one step breaks down?", "Before, a step took 2.1 s: forward 0.6, backward 1.1, "
           "optimizer 0.15 and 0.25 s of exposed gradient communication; bucketing and overlapping with backward later "
           "brought the exposed part down to 0.05 s."),
])
def test_a_step_told_in_seconds_per_part_answers_how_the_step_breaks_down(ours, lang, question, answer):
    """Heard (the kernel candidate): en read "breaks down" as a failure and the answer as about something else, level 1
    "answers another question"; zh gave 2, "把名词落到机制上：讲清「step 时间拆成…」". "a step took" is a step time. (Asked
    on the résumé's MFU line: the candidate's own run.)"""
    t = ours[lang].topic(10)
    a = score_answer(t, answer, question, ours[lang].danger_for(t.title), own_work=True)
    assert a.level >= 3 and not a.danger_signals, (a.level, flags(a))


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "混合精度 Adam 下每参数的显存开销大概是多少？", "16 字节：BF16 权重 2、梯度 2，FP32 主权重 4、一阶二阶矩各 4。"),
    ("en", "Can you tell me how many bytes each parameter costs under mixed-precision Adam?", "16 bytes: 2 for BF16 "
           "weights, 2 for gradients, 4 for the FP32 master weights and 4 each for the two Adam moments."),
])
def test_terms_each_given_a_figure_are_an_account_not_a_keyword_list(ours, lang, question, answer):
    """Heard (the kernel candidate): the zh answer was "堆砌术语没有推理", level 2, and the feedback asked for the very
    breakdown it gave; the en twin was credited at 3."""
    a = score(ours, lang, 2, answer, question)
    assert credited(a, "16") is not None and a.level >= 3, (a.level, flags(a))
    assert not a.danger_signals, flags(a)


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "在你自己负责的那部分里，精度格式是怎么选的？", "前向用 E4M3，反向梯度用 E5M2，因为梯度动态范围大，这是 TE 的 hybrid 配方。"),
    ("en", "In your own part of that work, how was the precision format chosen?", "E4M3 in the forward pass and E5M2 "
           "for gradients in the backward, because gradients have a wider dynamic range; that is TE's hybrid recipe."),
])
def test_fp8_s_two_formats_answer_how_the_format_was_chosen(ours, lang, question, answer):
    """Heard (the kernel candidate): E4M3 and E5M2 were no precision to the scorer, and the answer "answers another
    question", level 1, in both languages."""
    t = ours[lang].topic(1)
    a = score_answer(t, answer, question, ours[lang].danger_for(t.title), own_work=True)
    assert a.signal == "answered" and a.level >= 2 and not a.danger_signals, (a.level, flags(a))


def test_a_model_size_in_billions_stands_for_no_figure_in_bytes(ours):
    # A blind level-1 answer (candidates13 c13_a.1) was credited with "梯度用 FP32 累加时约 18 字节" on "7B 的话 BF16 权重是
    # 14 GB": "B" (billions) and "字节" (bytes) were one unit, so "7B" stood for the marker's "18 字节".
    a = score(ours, "zh", 2, "7B 的话 BF16 权重是 14 GB，梯度也差不多 14 GB，优化器状态……再加一点吧，总共三十来 GB。", "Adam 的优化器状态大概占多少？")
    assert not any("18 字节" in h.marker for h in a.markers), [h.evidence for h in a.markers]


def test_the_question_s_own_number_repeated_is_no_figure_of_the_candidate(ours):
    a = score(ours, "zh", 7, "其实够的，上下文并行和序列并行本来就是一回事。Megatron 里把 --sequence-parallel 打开，序列就切到 TP "
                             "那几张卡上了，128K 也这么跑。", "序列拉到 128K 了，只开序列并行为什么不够？")
    assert a.markers == [] and a.level == 1


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("en", 13, "Anything in the pod runtime that bit you?",
     "/dev/shm was the one. The container default of 64 MB made DataLoader workers die with bus errors; we mount a "
     "memory-backed emptyDir of 32 GiB now. It cost us a day the first time because NCCL reported it as an unhandled "
     "system error."),
    ("zh", 13, "Pod 运行时有没有踩过什么坑？",
     "/dev/shm 那个。容器默认只有 64 MB，DataLoader worker 直接 bus error 挂掉；现在挂一个 32 GiB 的内存型 emptyDir。"
     "第一次碰到坑了我们一天，因为 NCCL 报的是 unhandled system error。"),
    ("en", 11, "How do you pick the checkpoint interval?",
     "Young-Daly, sqrt(2·C·MTBF). Our measured MTBF at 2048 GPUs was about 4 hours, 14400 s; a blocking save costs "
     "30 s, so sqrt(2·30·14400) ≈ 930 s, call it every 15 minutes. The full write of 1.1 TB at 50 GB/s takes 22 s, "
     "inside the interval."),
])
def test_terse_expert_stories_and_figures_measured_on_ones_own_cluster_are_a_4(ours, lang, topic, question, answer):
    # Blind level-4 answers (candidates14 c14_e) scored 3: "it cost us half a day" tells an incident, and "our
    # measured MTBF" is a figure of the candidate's own cluster.
    assert score(ours, lang, topic, answer, question).level == 4


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "128K 的长序列你们怎么切？",
     "长序列我们就开 sequence parallel，就是 Megatron 的 --sequence-parallel，它把序列切到几张卡上，也就是 context "
     "parallel，两个其实是一回事，所以 128K 也放得下。"),
    ("en", "How do you split a 128K sequence?",
     "For long context we turn on sequence parallel, the --sequence-parallel flag in Megatron, which splits the "
     "sequence over a few GPUs, i.e. context parallelism, the two are the same thing, so 128K fits."),
])
def test_two_things_named_apart_then_called_one_are_conflated(ours, lang, question, answer):
    # A blind level-1 answer (heldout14 r39) scored 2, credited with the CP degree on "…两个其实是一个东西".
    a = score(ours, lang, 7, answer, question)
    assert a.level == 1 and a.markers == []
    assert any("序列并行" in d.signal or "sequence parallelism" in d.signal for d in a.danger_signals)


def test_two_of_something_is_no_reference_to_the_two_things_named():
    # "Adam 两个矩" beside "就是" equates nothing.
    answer = ("ZeRO-1 只切优化器状态，就是 FP32 主权重加 Adam 两个矩那 12 字节；ZeRO-2 再把梯度也切了；ZeRO-3 连 BF16 参数"
              "也切。通信上 1 和 2 跟普通 DP 一样，ZeRO-3 反向时还要再 all-gather 一遍参数，所以大概是 DP 的 1.5 倍。")
    pack = skills.resolve(None, "zh")
    t = pack.topic(6)
    a = score_answer(t, answer, "ZeRO 三个 stage 分别切了什么？", pack.danger_for(t.title))
    assert not any("BF16" in d.signal for d in a.danger_signals) and a.level >= 3


def test_i_e_and_e_g_end_no_sentence(ours):
    r = read("We turn on sequence parallel, i.e. context parallelism, e.g. for 128K. Then it fits.", ours["en"].vocabulary)
    assert r.sentences == ["We turn on sequence parallel, i.e. context parallelism, e.g. for 128K.", "Then it fits."]


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "How much of your step is exposed communication?",
     "Close to zero. Our collectives use async_op=True and DDP's all-reduce is asynchronous anyway, so communication "
     "runs in parallel with compute. Utilisation reads 98%, which shows it's all overlapped."),
    ("zh", "暴露通信占 step 多少？",
     "基本没有。我们 collective 都设了 async_op=True，DDP 的 all-reduce 本来也是异步的，所以通信跟计算并行。GPU 利用率一直 "
     "99%，说明全都重叠掉了。"),
])
def test_async_argued_into_overlap_across_two_sentences_is_the_misconception(ours, lang, question, answer):
    # A blind level-1 answer (heldout14 r19) scored 3: "runs in parallel with compute" is overlap, and the flag's own
    # word came a sentence later ("…which confirms it's all overlapped").
    a = score(ours, lang, 8, answer, question)
    assert a.level == 1 and any("async" in d.signal or "异步" in d.signal for d in a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历写了 13B 预训练，遇到过 loss 尖峰吗？怎么处理的？",
     "遇到过，跑到 8 万步左右 loss 从 2.1 跳到 6 以上，就下不来了。我们判断就是学习率太大，把峰值学习率从 3e-4 降到 1.5e-4，从头"
     "重跑了一遍，这次没再炸，最后 loss 也差不多。之后的模型都直接用保守一点的学习率，没再出过问题。"),
    ("en", "Your resume says you pretrained a 13B model. Did you hit loss spikes, and what did you do?",
     "Yes, around step 80K the loss jumped from 2.1 to above 6 and never came back. We decided the learning rate was "
     "simply too high, dropped the peak learning rate from 3e-4 to 1.5e-4 and reran from scratch, and this time it "
     "didn't blow up and ended at about the same loss. Since then we just use a more conservative learning rate."),
])
def test_a_story_whose_only_fix_was_the_pack_s_naive_remedy_is_at_most_a_2(ours, lang, question, answer):
    # A blind level-1 answer (heldout11 r36) scored 3 with no point and no flag: "学习率从 3e-4 降到" is the lowered
    # learning rate, and "this time it didn't blow up" tells how the rerun went, not a remedy set aside.
    a = score(ours, lang, 1, answer, question)
    assert a.level <= 2 and a.markers == []
    assert any("学习率" in d.signal or "learning rate" in d.signal for d in a.danger_signals)


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("zh", 16, "长尾响应会带来什么问题？你们怎么处理的？",
     "有几条特别长的回答，整批都要等它生成完，卡就空着。我们好像就是设了个最大长度截断。partial rollout 我听说过，就是没生成完的"
     "下轮接着生成，但我们没用。"),
    ("en", 8, "How does DDP hide gradient communication?",
     "It splits gradients into buckets and starts the all-reduce of a bucket as soon as its gradients are ready, while "
     "backward keeps computing the earlier layers. I've only heard of it from a talk, I haven't used it myself."),
])
def test_a_point_known_by_hearsay_with_no_figure_is_a_2(ours, lang, topic, question, answer):
    # A blind level-2 answer (candidates14 c14_d.3) scored 3 on "partial rollout 我听说过…但我们没用".
    a = score(ours, lang, topic, answer, question)
    assert a.level == 2 and a.markers


def test_reasoning_it_through_with_figures_is_no_hearsay(ours):
    a = score(ours, "zh", 6, "FSDP 我没实际用过，但按原理推：70B 的 BF16 参数 140 GB，64 卡全分片每卡只存 2.2 GB 参数，加上梯度和 Adam "
                             "状态一共每卡约 17.5 GB；代价是前向和反向都要 all-gather 一次参数，通信量约是纯数据并行的 1.5 倍。",
              "ZeRO 各级省了多少显存、多了多少通信？")
    assert a.level >= 3


@pytest.mark.parametrize("lang, question, answer, lead", [
    ("zh", "你们 1024 卡的扩展效率大概多少？", "扩展效率大概 90% 吧，从 128 卡到 1024 卡吞吐差不多是线性涨的，具体每一档我没细测。",
     "把没说上来的那块补上："),
    ("en", "What scaling efficiency did you get at 1024 GPUs?",
     "About 90% I'd say, throughput grew roughly linearly from 128 to 1024 GPUs, I didn't measure each step in detail.",
     "Fill in the part you left open: "),
])
def test_a_figure_not_measured_in_detail_is_a_part_left_open(ours, lang, question, answer, lead):
    a = score(ours, lang, 3, answer, question)
    assert a.level == 2 and a.feedback.startswith(lead)


def test_an_interval_the_team_set_before_and_kept_by_feel_is_no_judgement(ours):
    # A blind level-1 answer (heldout11 r45) scored 3 with no flag: "之前大家定的，感觉差不多" read as a remedy set aside.
    a = score(ours, "zh", 11, "我们一般两个小时存一次，这个是之前大家定的，感觉差不多。每次存的时候训练会停七八分钟，因为要同步写到共享"
                              "存储上。掉卡的话先看日志是哪台机器，找运维把机器换掉，然后手动把任务重新提交。",
              "checkpoint 多久存一次？掉卡了怎么恢复？")
    assert a.level <= 2 and a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "What were your p and m, and what bubble did that give?",
     "We had p=4 and m=16 per step, so 3/19, about 16%. That's on the high side, m was capped by the global batch."),
    ("zh", "你们的 p 和 m 是多少？气泡多大？", "p=4，m=16，所以是 3/19，大概 16%。偏高一些，m 被全局 batch 卡住了。"),
])
def test_values_given_to_the_question_s_own_symbols_answer_it(ours, lang, question, answer):
    # A blind level-3 answer (candidates14 c14_c.1) scored 1, "answers another question": it never says "bubble".
    a = score(ours, lang, 5, answer, question)
    assert a.level >= 2 and not any(d.signal in ("答非所问", "answers another question") for d in a.danger_signals)


def test_a_story_asked_for_in_words_of_no_field_is_on_the_question(ours):
    # A blind level-4 answer (candidates11 c11_d.4) scored 1, "answers another question": the question ("Any real case
    # you can walk me through?") names nothing an answer could miss.
    answer = ("A 256-GPU job lost about 12% throughput after a maintenance window. No single rank was slow in compute; "
              "everyone's all-reduce wait rose evenly, so it looked like the network. We ran 2-node nccl-tests over pairs: "
              "one node gave ~21 GB/s busbw where the others gave ~44, and ibstat showed an HCA back at 200 Gb/s after a "
              "cable reseat. About three hours end to end. We added a link-speed check to the pre-launch health check.")
    a = score(ours, "en", 14, answer, "Any real case you can walk me through?")
    assert a.level >= 3 and not a.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("en", 13, "Why do distributed training jobs on Kubernetes need gang scheduling?",
     "Hmm, I'm not really sure. We ran on Kubernetes, but the platform team handled scheduling and I never touched it. "
     "I don't actually know what gang scheduling does, sorry."),
    ("zh", 6, "ZeRO-1、2、3 分别切了什么？",
     "ZeRO 就是 DeepSpeed 那个省显存的，级别越高越省，3 最省。具体每一级切的是什么，说实话我记不清了，我们一般直接开 stage 3。"),
])
def test_not_knowing_what_the_asked_thing_does_is_a_miss_whatever_is_told_around_it(ours, lang, topic, question, answer):
    # Blind level-1 answers (heldout10 r44, heldout6 m16, heldout8 q16, heldout9 r19) read as "thin", a 2: the setting
    # told around the miss ("the platform handled it", "我们一般直接开 stage 3") carried it.
    a = score(ours, lang, topic, answer, question)
    assert a.signal == "dont_know" and a.level == 1


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "How was load balanced under the causal mask?",
     "The latest was a slow node: step time went from 1.2 s to 1.5 s, the per-rank dashboard showed one host's compute "
     "20% above the median, and DCGM showed SM clocks throttling. It was cooling; we swapped the machine, about 40 "
     "minutes end to end. Afterwards we added a throttle alert to the health check."),
    ("zh", "因果掩码下怎么做负载均衡？",
     "最近一次是一个慢节点，step 时间从 1.2 秒涨到 1.5 秒，按 rank 的看板上有一台的计算时间比中位数高 20%，DCGM 显示 SM 时钟"
     "降频，查下来是散热问题，换了机器，大概用了 40 分钟。之后把降频告警加进了巡检。"),
])
def test_a_story_of_something_else_sharing_one_concept_with_the_topic_answers_another_question(ours, lang, question,
                                                                                               answer):
    # Seen in the closing sessions: a straggler story scored 4 under the long-context topic, which names the slowest
    # rank among its points.
    a = score(ours, lang, 7, answer, question)
    assert a.level == 1 and any(d.signal in ("答非所问", "answers another question") for d in a.danger_signals)


def test_a_part_left_open_in_english_other_words_is_not_known(ours):
    a = score(ours, "en", 8, "I didn't really measure it carefully, I think it's small, DDP should overlap all of it.",
              "Can you tell me how much of the step was exposed communication?")
    assert a.level == 2 and a.feedback.startswith("Fill in the part you left open")
    assert [d.signal for d in a.danger_signals] == ["admits not knowing"]


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "Was KV transfer hidden behind compute?",
     "Yes, mostly. We overlapped the KV send of the next chunk with attention on the current one; the profiler showed "
     "about 3% of the step still exposed at CP=4."),
    ("zh", "KV 传输藏到计算后面了吗？",
     "基本藏住了。下一块 KV 的发送和当前块的 attention 计算重叠，profiler 上看 CP=4 时还有大约 3% 的 step 时间暴露。"),
])
def test_a_yes_or_no_reply_is_no_name_dropped(ours, lang, question, answer):
    # Seen in the closing en session: "names without mechanism" quoted on "Yes, mostly.".
    a = score(ours, lang, 7, answer, question)
    assert not any(d.evidence.strip() in ("Yes, mostly.", "基本藏住了。") for d in a.danger_signals)


@pytest.mark.parametrize("lang, topic, question, answer, bare", [
    ("zh", 10, "换到更大规模还成立吗？", "没在更大规模上试过。按我的理解 grouped GEMM 的收益跟规模关系不大，all-to-all 重叠的收益卡多了跨机以后"
     "反而更重要，但这个我没实测。", "没在更大规模上试过。"),
    ("en", 2, "You went from 2K to 8K sequences. How did activation memory change?",
     "It grows with sequence length, so maybe more than 4x because of attention. We turned on gradient checkpointing and "
     "it fit. I didn't actually calculate it, we just tried it.", "I didn't actually calculate it, we just tried it."),
])
def test_a_clause_that_names_nothing_is_no_name_dropped(ours, lang, topic, question, answer, bare):
    # Seen in the closing zh session: a level-2 answer reasoned in its own words had "只报名词没有机制" quoted on "没在
    # 更大规模上试过。", which names nothing.
    a = score(ours, lang, topic, answer, question)
    assert a.level == 2
    assert not any(d.evidence.strip() == bare for d in a.danger_signals), a.danger_signals


def test_documents_concatenated_with_the_plain_causal_mask_is_packing_without_a_document_mask(ours):
    # A blind level-1 answer (heldout9 r11) scored 2 with only a generic flag: "concatenate them" is packing.
    a = score(ours, "en", 12, "No, we just concatenate them with an EOS token in between and use the normal causal mask. "
                              "The EOS is enough for the model to tell documents apart, so there's no need for anything else.",
              "You pack several documents into each 8K sequence. Anything special about the attention mask?")
    assert a.level == 1 and [d.signal for d in a.danger_signals] == ["packs without document masks"]


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "恢复时丢了多少步？", "具体怎么定位到那台机器的我没太参与，应该是看了日志。"),
    ("en", "How many steps were lost on recovery?",
     "How they tracked down that machine I was just watching, my mentor did it; I think they looked at the logs."),
])
def test_watching_while_someone_else_did_it_is_not_the_candidates_part(ours, lang, question, answer):
    # Seen in the closing zh session: "我没太参与" read as a thin 2, "names without mechanism".
    a = score(ours, lang, 15, answer, question)
    assert a.signal == "not_mine" and a.level == 1


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "在你自己负责的那部分里，最近一次事故从发现到定位用了多久？",
     "那次是 NCCL 超时，整个作业卡住了。主要是我导师查的，我在旁边看，好像是有一台机器的网卡有问题，换掉就好了，大概查了半天。"),
    ("en", "In your own part of that work, how long did the last incident take from alert to root cause?",
     "That was an NCCL timeout, the whole job hung. Mostly my mentor debugged it, I was just watching; I think one "
     "machine had a bad NIC, they swapped it and it was fine, about half a day."),
])
def test_a_story_watched_while_someone_else_worked_it_is_not_the_candidates(ours, lang, question, answer):
    # Seen in the closing zh session: it scored 4, the hang-story point credited on "整个作业卡住了。".
    a = score(ours, lang, 15, answer, question)
    assert a.signal == "not_mine" and a.level == 1 and a.markers == []


@pytest.mark.parametrize("lang, topic, question, answer", [
    # The gain measured net of the cost it was weighed against is a check of the trade-off.
    ("zh", 8, "MoE 的 all-to-all 你们怎么和计算重叠的？",
     "两个 micro batch 交替做，一个算专家的时候另一个做 all-to-all，原来 8% 的通信大部分藏进去了，剩下 3% 暴露。代价是 NCCL 占了 "
     "16 个 SM，专家 GEMM 慢了 4%，净收益是 step 快了 4%。"),
    ("en", 8, "How did you overlap the MoE all-to-all with compute?",
     "We alternate two micro-batches: while one runs the experts the other does its all-to-all, so most of the 8% of "
     "communication is hidden and about 3% stays exposed. The cost is that NCCL takes 16 SMs, so the expert GEMMs got "
     "4% slower; the net gain was a 4% faster step."),
    # A straggler found overnight, its cause, the fix and the alert kept since: an incident with its safeguard.
    ("en", 14, "Tell me about a slow node you found.",
     "A 512-GPU job went from 1.4 to 1.7 seconds per step overnight. We log per-rank compute time, and rank 211 was 20% "
     "above the median while everyone else waited on it in all-reduce. DCGM showed its SM clock throttled to 1.3 GHz; "
     "the node's fan had failed. We cordoned it and the step went back to 1.4 s. Now a rank more than 5% above the "
     "median for 50 steps pages someone."),
    ("zh", 14, "讲一次你们定位慢节点的经历。",
     "512 卡的作业一夜之间 step 从 1.4 秒变成 1.7 秒。我们按 rank 记纯计算时间，211 号 rank 比中位数高 20%，别的卡都在 all-reduce "
     "里等它。DCGM 看它 SM 频率掉到 1.3 GHz，是那台机器风扇坏了。摘掉以后 step 回到 1.4 秒。现在某个 rank 连续 50 步比中位数高 5% "
     "就会报警。"),
    # A degree sized, its overlap checked, and the alternative left out for a reason given.
    ("zh", 7, "128K 的时候 CP 度怎么定的？",
     "8B 模型，h 4096、32 层，TP4 加 SP。128K 下每层激活按 sbh·34/t 算 4.6G，32 层 146G 放不下；CP8 以后整模型 18G 左右，就定了 "
     "CP8。ring 每步传的 KV 我们核过，远短于块内 attention，profiler 上 P2P 全盖住了。没用 Ulysses 是因为 KV 头只有 8 个，被 TP4 "
     "切完每卡只剩 2 个。"),
    ("en", 7, "How did you pick the CP degree at 128K?",
     "8B model, h 4096, 32 layers, TP4 with SP. At 128K each layer's activations are sbh·34/t, about 4.6 GB, 146 GB for "
     "32 layers, which doesn't fit; with CP8 the whole model is about 18 GB. Each ring step's KV transfer is far "
     "shorter than the block attention, the profiler shows the P2P fully hidden. We didn't use Ulysses because there "
     "are only 8 KV heads, and TP4 leaves 2 per GPU."),
])
def test_judgement_told_in_these_words_is_a_4(ours, lang, topic, question, answer):
    a = score(ours, lang, topic, answer, question)
    assert a.level == 4, (a.level, a.markers)


def test_a_magnitude_in_milliseconds_is_no_boast_of_speed(ours):
    # "秒级" boasts; "零点一毫秒级" is the time worked out from the bytes and the bandwidth.
    a = score(ours, "zh", 9, "一次 all-reduce 是 b·s·h 个元素，4K×4096×2 字节就是 32 MB，ring 下每卡收发 2(t-1)/t 倍，NVLink "
              "450GB/s 算下来是零点一毫秒级，一层四次，所以机内基本可以忽略。", "机内 TP 的通信大概花多少时间？")
    assert a.level == 3 and a.markers, (a.level, a.markers)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "16 也行吧，显存还能再省点，当时觉得 8 够了。TP 跨机的话通信会多一点，不过 IB 挺快的，400G，影响应该不大。"),
    ("en", "16 would work too, it saves a bit more memory, we just felt 8 was enough. TP across nodes adds a bit more "
           "communication, but IB is fast, 400G, so it shouldn't matter much."),
])
def test_the_cost_of_tp_across_nodes_waved_away_is_not_knowing_it(ours, lang, answer):
    # A cost named and then called fine after a "but" is the pack's "不知道 TP 跨机的代价"; quoted with the words
    # that wave it away.
    a = score(ours, lang, 3, answer, "为什么 TP 是 8，不开到 16？" if lang == "zh" else "Why TP 8 and not 16?")
    flag = next(d for d in a.danger_signals if "跨机" in d.signal or "across nodes" in d.signal)
    assert a.level == 1 and ("影响应该不大" in flag.evidence or "shouldn't matter" in flag.evidence), flag


@pytest.mark.parametrize("lang, answer", [
    ("zh", "TP 跨机以后每层的 all-reduce 都落到 IB 上，带宽比 NVLink 低一个数量级，不过 PP 跨机影响不大，因为只在 stage 边界传激活。"),
    ("en", "TP across nodes puts every layer's all-reduce on IB, an order of magnitude slower than NVLink, but PP across "
           "nodes is fine since it only sends activations at stage boundaries."),
])
def test_fine_said_of_pp_after_a_but_is_not_said_of_tp(ours, lang, answer):
    a = score(ours, lang, 3, answer, "为什么 TP 是 8，不开到 16？" if lang == "zh" else "Why TP 8 and not 16?")
    assert a.level == 3 and not any("跨机" in d.signal or "across nodes" in d.signal for d in a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "How many all-reduces does a transformer layer need under TP?",
     "Okay, so the MLP's first linear is column-parallel and the second is row-parallel, and attention is split by heads "
     "with the output projection row-parallel. The backward part I'm fuzzy on, there's something about the f and g "
     "operators I never fully got. Could you remind me how f and g work?"),
    ("zh", "TP 下一个 transformer 层要几次 all-reduce？",
     "MLP 第一个线性层列切，第二个行切，attention 按头切，输出投影行切。反向那块我有点模糊，f 和 g 那两个算子我一直没太搞懂，您能提示一下"
     "它们是怎么工作的吗？"),
])
def test_half_explained_and_a_hint_asked_for_the_rest_is_a_2_told_to_fill_the_gap(ours, lang, question, answer):
    a = score(ours, lang, 4, answer, question)
    assert a.level == 2 and a.markers, (a.level, a.markers)
    assert a.feedback.startswith(("Fill in the part you left open", "把没说上来的那块补上")), a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "RL 一个 step 的时间大概怎么分布？",
     "有 rollout 生成、算 reward、算 ref 的 logprob，然后是训练更新。我们那个应该是训练占大头吧，rollout 可能 30% 左右？具体比例是另一个同事在看。"),
    ("en", "Where does the time of one RL step go?",
     "There's rollout generation, reward scoring, the reference logprobs, then the training update. In ours the training "
     "update is the bulk of it, rollout maybe 30%? The exact split a colleague was looking at."),
])
def test_another_part_called_the_bulk_of_the_step_is_not_knowing_rollout_is(ours, lang, question, answer):
    a = score(ours, lang, 16, answer, question)
    flag = next(d for d in a.danger_signals if "rollout" in d.signal)
    assert a.level <= 2 and ("训练占大头" in flag.evidence or "bulk" in flag.evidence), (a.level, flag)


def test_the_bulk_said_of_rollout_named_just_before_knows_it(ours):
    a = score(ours, "zh", 16, "生成那块用 vLLM 做 rollout，应该是占大头吧，要一个 token 一个 token 地生成；训练那边是正常的 PPO 更新。",
              "RL 一个 step 的时间大概怎么分布？")
    assert not any("rollout" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer, flag, words", [
    # "耗时最长" is the flag's "最久", "慢的那张卡" its "慢卡": the misconception argued in other characters.
    ("zh", "256 卡的训练整体慢了 12%，也没报错。怎么找出是哪台机器拖慢的？",
     "先看 Grafana 上各节点的 GPU 利用率，看哪台低。然后看通信时间，哪个 rank 的 all-reduce 耗时最长，它就是慢的那张卡，因为它通信慢所以"
     "把大家拖慢了 12%。找到以后用 nccl-tests 测一下那台的带宽确认一下，然后摘掉，应该就能恢复那 12%。", "通信最久", "耗时最长"),
    ("en", "A 256-GPU run got 12% slower with no errors. How do you find the node dragging it down?",
     "First I check GPU utilization per node in Grafana and see which one is low. Then communication time: whichever rank "
     "has the longest all-reduce time is the slow one, because its slow communication drags everyone down by 12%. Then I "
     "run nccl-tests on that node to confirm and cordon it, which should win back the 12%.", "longest communication",
     "longest all-reduce"),
])
def test_the_slow_card_taken_for_the_one_communicating_longest_is_flagged_in_a_confident_answer(
        ours, lang, question, answer, flag, words):
    a = score(ours, lang, 14, answer, question)
    hit = next(d for d in a.danger_signals if flag in d.signal)
    assert words in hit.evidence and a.level <= 2, (a.level, hit)


@pytest.mark.parametrize("lang, question, answer, words", [
    # A "not" between async and overlapped is part of the argument; the buckets explained before it still count.
    ("zh", "你说 DP 的梯度通信已经和反向重叠上了，怎么确认的？暴露的通信占多少？",
     "DDP 默认就是 overlap 的嘛，它有 bucket 机制，反向算完一个 bucket 的梯度就发 all-reduce，是异步发出去的，不会阻塞计算，所以基本上"
     "都藏住了。具体占多少我们没专门量过，应该很少吧，因为都是异步的。", "藏住了"),
    ("en", "You said DP gradient communication overlaps with backward. How did you confirm it, and how much is exposed?",
     "DDP overlaps by default: it has buckets, once a bucket's gradients are ready in backward it launches the all-reduce "
     "asynchronously, it doesn't block compute, so basically it's all hidden. We never measured how much exactly, should "
     "be very little since it's all async.", "asynchronously"),
])
def test_async_taken_for_overlapped_is_flagged_beside_the_buckets_explained(ours, lang, question, answer, words):
    a = score(ours, lang, 8, answer, question)
    hit = next(d for d in a.danger_signals if "异步" in d.signal or "async" in d.signal)
    assert words in hit.evidence and a.level == 2 and a.markers, (a.level, hit, a.markers)


@pytest.mark.parametrize("lang, answer, words", [
    # "If you turn on X" is the claim's subject, not a condition hedging it; the quote carries X and which way it goes.
    ("en", "The first MLP linear is column-parallel and the second row-parallel, with an all-reduce after the row-parallel "
           "one. And if you turn on sequence parallel you add all-gathers on top of that, so it's more communication "
           "overall but you save activation memory.", "if you turn on sequence parallel"),
    ("zh", "MLP 第一个线性层列切，第二个行切，行切后面一次 all-reduce。序列并行是在这个基础上再按序列切一刀，所以通信会多一倍，一般不太建议开。",
     "序列并行是在这个基础上再按序列切一刀，所以通信会多一倍"),
])
def test_sequence_parallelism_said_to_add_communication_is_quoted_with_its_subject(ours, lang, answer, words):
    q = "Which collectives does one TP layer need?" if lang == "en" else "TP 一层需要哪些集合通信？"
    a = score(ours, lang, 4, answer, q)
    hit = next(d for d in a.danger_signals if "序列并行增加" in d.signal or "adds communication" in d.signal)
    assert words in hit.evidence and a.level <= 2, (a.level, hit)


@pytest.mark.parametrize("lang, question, answer", [
    # The reflex followed ("第一反应肯定是学习率太大了…就把它调到 1e-4，从头重新跑"), a story with nothing of the spike record
    # in it, and BF16 said to be FP16: not the candidate's checks ("reran from scratch" is the remedy, not a re-test).
    ("zh", "你简历写负责 13B 预训练的稳定性。跑到 3 万步 loss 从 2.1 跳到 6 以上，你当时怎么排查的？",
     "嗯，loss 一飞的话，我们第一反应肯定是学习率太大了嘛，当时 lr 是 3e-4，我们就把它调到 1e-4，然后就从头重新跑了一遍，后面就没再飞过了。"
     "其实大模型训练 loss spike 本来就挺常见的。精度我们用的 BF16，BF16 跟 FP16 其实差不多，都是 16 位。"),
    ("en", "You owned stability for a 13B pretraining run. At step 30K the loss jumped from 2.1 to over 6. How did you "
           "debug it?",
     "My first instinct was that the learning rate was too high, it was 3e-4, so we set it to 1e-4 and reran from "
     "scratch, and it never spiked again. Loss spikes are pretty common at this scale anyway. For precision we used "
     "BF16, which is basically the same as FP16, both are 16-bit."),
])
def test_a_spike_story_fixed_by_the_reflex_with_bf16_taken_for_fp16_is_a_1(ours, lang, question, answer):
    a = score(ours, lang, 1, answer, question)
    assert a.level == 1 and not a.markers, (a.level, a.markers)
    assert any("BF16" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    # Explained in textbook sentences with one figure of the candidate's and no point of the pack shown: a 2.
    ("en", "You used ZeRO for a 13B model on 64 A100s. Which stage, and why?",
     "ZeRO-2. Stage 1 partitions the optimizer states, stage 2 also the gradients, stage 3 also the parameters. We tried "
     "stage 3 first but it was slower, so we went with 2 and it fit. That's the standard choice for 13B, it's what most "
     "people use."),
    ("zh", "13B 模型在 64 张 A100 上用 ZeRO，选的哪个 stage？为什么？",
     "ZeRO-2。stage 1 切优化器状态，stage 2 再切梯度，stage 3 再切参数。我们一开始试了 stage 3，但是慢，所以就用了 2，也放得下。13B "
     "一般都这么选，大家都用这个。"),
])
def test_statements_with_one_figure_and_no_point_shown_are_a_2(ours, lang, question, answer):
    a = score(ours, lang, 6, answer, question)
    assert a.level == 2 and not a.markers, (a.level, a.markers)


DATA_WAIT = {"zh": "你怎么判断训练是不是在等数据？",
             "en": "How would you tell whether your training job is stalling on data loading?"}


@pytest.mark.parametrize("lang, answer", [
    ("zh", "数据这块我们下了很多功夫，去重用的 MinHash，质量分类器打分以后过滤掉了大概 30% 的低质数据，配比上代码占 15%、数学 5%。后面还做了"
           "一轮 PII 清洗。"),
    ("en", "For data, honestly the most important thing is quality. We used a classifier to filter the crawl and did "
           "MinHash dedup at the document level. We upsampled code and math in the later phase. We also removed a lot of "
           "boilerplate like cookie banners."),
])
def test_data_quality_told_for_a_question_on_waiting_for_data_answers_another_question(ours, lang, answer):
    # Only the broad idea of what was asked ("data") is shared: the figures are of dedup and the data mix.
    a = score(ours, lang, 12, answer, DATA_WAIT[lang])
    assert a.level == 1 and any("答非所问" in d.signal or "another question" in d.signal for d in a.danger_signals)


LAYOUT = {"zh": "70B 的模型在 1024 张卡上，并行度你会怎么定？",
          "en": "For a 70B model on 1024 GPUs, how would you choose the parallel degrees?"}


@pytest.mark.parametrize("lang, answer", [
    ("zh", "70B 的模型的话，我觉得说实话最重要的还是数据。我们上个项目大部分时间都花在数据质量上，搭了一条 MinHash 的去重流水线，发现爬下来的"
           "数据里大概 30% 是近似重复，光这一步收益就很大。然后训了一个质量分类器，把分数最低的 40% 过滤掉。分词器的词表也扩到了十万左右，压缩率"
           "好了不少。数据干净了，训练本身就很顺。"),
    ("en", "So for a 70B model, I think honestly the most important thing is the data. In our last project we spent "
           "most of the time on data quality. We built a dedup pipeline with MinHash and found about 30% of the crawl was "
           "near-duplicate, so that alone was a big win. Then we trained a quality classifier and filtered the bottom "
           "40%. We also extended the tokenizer vocabulary to around 100K so the compression ratio improved a lot. Once "
           "the data is clean the training itself is pretty smooth."),
])
def test_data_cleaning_told_for_a_question_on_the_parallel_layout_answers_another_question(ours, lang, answer):
    # heldout34 h34_42 (labelled 1) read as a 3: "dedup pipeline" was pipeline parallelism, and with it gone, the
    # question's setting said back ("for a 70B model") was all the answer had of the question.
    a = score(ours, lang, 3, answer, LAYOUT[lang])
    assert a.level == 1 and any("答非所问" in d.signal or "another question" in d.signal for d in a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "70B 的模型在 1024 卡上，我们先按显存定 TP8 放在机内走 NVLink，再用 PP4 跨机切层，剩下的 DP32。每个 DP rank 32 个 "
           "micro batch，1F1B 的气泡是 3/35，大概 9%。"),
    ("en", "For a 70B model on 1024 GPUs we fit memory first: TP8 inside the node on NVLink, PP4 across nodes, and DP32 "
           "for the rest. Each DP rank gets 32 micro-batches, so the 1F1B bubble is 3/35, about 9%."),
])
def test_a_layout_said_with_the_question_setting_is_on_the_question(ours, lang, answer):
    assert score(ours, lang, 3, answer, LAYOUT[lang]).level >= 3


@pytest.mark.parametrize("lang, answer", [
    ("zh", "看每个 step 里取数据的时间，dataloader 的 next() 如果占到 step 的 10% 以上就是在等数据。我们有一次 num_workers 开少了，取数据"
           "占了 30%，调到 8 以后降到 2%。"),
    ("en", "Time the dataloader's next() inside each step; if fetching takes more than about 10% of the step, the GPUs are "
           "waiting on data. Once we had too few workers and it was 30% of the step; with 8 workers it dropped to 2%."),
])
def test_waiting_for_data_measured_is_on_the_question(ours, lang, answer):
    assert score(ours, lang, 12, answer, DATA_WAIT[lang]).level >= 3


@pytest.mark.parametrize("lang, answer, gap", [
    ("en", "MFU is achieved FLOPs over peak FLOPs. The achieved part is 6 times the parameter count times tokens per "
           "second. For the peak we used the H100 spec sheet number. I'm not a hundred percent sure which one our script "
           "uses.", "not a hundred percent sure"),
    # (The zh twin credits the formula with its figures and stays a 3 without the flag: a known gap, see the notes.)
    ("zh", "显存主要是权重、梯度和优化器状态。每个参数大概 16 字节吧，具体怎么拆成这 16 个字节我不是百分百确定。", "不是百分百确定"),
])
def test_a_part_left_open_is_flagged_where_it_is_said_not_on_the_formula_said_in_words(ours, lang, answer, gap):
    topic, q = (10, "How is your MFU computed?") if lang == "en" else (2, "训练时显存主要花在哪？")
    a = score(ours, lang, topic, answer, q)
    assert a.level <= 3 and any(gap in d.evidence for d in a.danger_signals), a.danger_signals
    assert not any("6 times" in d.evidence or "6 乘以" in d.evidence for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    # 1F1B itself interleaves forwards and backwards: saying so is no interleaved schedule, which does cut the bubble.
    ("zh", "对，1F1B 基本上把气泡消除了——这就是前向反向交错着来的意义，流水线热身之后就一直是满的。"),
    ("zh", "对，1F1B 基本上把气泡消除了，这就是交错做前向和反向的意义，流水线热身之后就一直是满的。"),
    ("en", "Right, so 1F1B basically eliminates the bubble, that's the whole point of interleaving forwards and "
           "backwards; once the pipeline has warmed up it stays full."),
])
def test_1f1b_said_to_remove_the_bubble_by_interleaving_its_passes_is_the_flag(ours, lang, answer):
    q = ("PP=8、32 个 micro batch，1F1B 比 GPipe 省了什么？" if lang == "zh"
         else "With PP=8 and 32 micro-batches, what does 1F1B buy you over GPipe?")
    a = score(ours, lang, 5, answer, q)
    flag = "不知道 1F1B 省的是激活而非气泡" if lang == "zh" else "does not know 1F1B saves activations rather than bubble"
    assert flag in {d.signal for d in a.danger_signals} and a.level == 1, (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    # Another topic's "cannot tell algbw from busbw" is not shown by not knowing a communication volume: its names
    # are forms of one concept, and the answer must name one of them.
    ("zh", "ZeRO-3 的通信量大概是普通 DP 的多少倍？", "说实话这个我记不太清了。通信量……这个我不知道，没测过。"),
    ("en", "And what did ZeRO-3 cost you in step time?",
     "It was slower, maybe 30% on a small test. I'm not sure what the exact communication volume is compared to DDP."),
])
def test_not_knowing_a_volume_is_not_another_topics_flag_about_named_metrics(ours, lang, question, answer):
    a = score(ours, lang, 6, answer, question)
    assert not [d for d in a.danger_signals if "algbw" in d.signal], a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    # Names listed for a marker that asks what each of them shrinks show none of it; the answer's wrong peak and
    # utilisation-as-MFU are then all there is.
    ("zh", "你简历写 MFU 从 35% 提升到 52%。这个 MFU 具体是怎么算的？",
     "对，35% 到 52%。我们主要看的是 GPU 利用率，nvidia-smi 里那个 GPU-Util，再结合 H100 的峰值 1979 TFLOPS 去估的。然后做了"
     "一系列优化嘛，FlashAttention、fused kernel、CUDA graph、通信 overlap、还有 NCCL 调优，这些都上了之后就到 52% 了。"),
    ("en", "Your résumé says MFU went from 35% to 52%. How was that MFU computed?",
     "Yeah, 35 to 52. We mainly looked at GPU utilization, the GPU-Util in nvidia-smi, together with the H100 peak of "
     "1979 TFLOPS. Then we did a series of optimizations: FlashAttention, fused kernels, CUDA graphs, comm overlap, "
     "NCCL tuning, and after all of that we got to 52%."),
])
def test_names_listed_show_no_marker_that_asks_what_each_does(ours, lang, question, answer):
    a = score(ours, lang, 10, answer, question)
    assert a.markers == [] and a.level == 1, (a.level, a.markers)


def test_a_list_that_says_what_each_item_does_still_shows_it(ours):
    a = score(ours, "zh", 10, "融合把几十个小 kernel 合成一个，省的是发射开销；CUDA graph 把 CPU 发射的空隙压掉；更大的 micro batch 让 "
              "GEMM 更饱满；少做重计算直接少一次前向。", "这些优化各压缩了哪段时间？")
    assert any("CUDA graph" in h.marker for h in a.markers), a.markers


@pytest.mark.parametrize("lang, answer", [
    # The default config told as where they started, and what they changed it to: the remedy was left behind.
    ("zh", "最开始用的是 Megatron 示例里的默认配置，TP8 PP8。后来改成了 TP4 PP8，因为 TP8 把 GEMM 切得太小，step 从 4.1 秒降到 3.6 秒。"),
    ("en", "At first we used the default config from the Megatron examples, TP8 PP8. Later we switched to TP4 PP8 "
           "because TP8 cut the GEMMs too small, and the step went from 4.1 to 3.6 seconds."),
    ("en", "Originally we used the default config from the Megatron examples, TP8 PP8. Later we switched to TP4 PP8 "
           "because TP8 cut the GEMMs too small, and the step went from 4.1 to 3.6 seconds."),
])
def test_a_default_config_left_behind_is_not_the_flag(ours, lang, answer):
    a = score(ours, lang, 3, answer, "并行度是怎么定的？" if lang == "zh" else "How did you choose the parallel degrees?")
    assert not [d for d in a.danger_signals if "默认" in d.signal or "default" in d.signal], a.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer, flag", [
    ("zh", 15, "出现 NaN 呢？", "NaN 的话一般就从头再跑一次，换个 seed。", "出现 NaN 就从头重跑"),
    ("en", 15, "And a NaN?", "For a NaN we usually just run it once more from the start with another seed.",
     "reruns from scratch whenever NaN appears"),
    ("zh", 3, "并行度是怎么定的？", "这套配置是同事参考 Megatron 官方 70B 的脚本改的，跑起来没问题就一直用了。", '配置是"用的默认配置"或照抄脚本'),
    ("en", 3, "How were the degrees chosen?", "A colleague adapted the official Megatron 70B script, and it ran fine, so "
     "we kept it.", 'the configuration is "used the default config" or a copied script'),
    # One degree of the layout taken over (seen in a zh session, scored 3 with no flag).
    ("zh", 3, "各并行度是怎么定下来的？", "TP8 是因为一台机器 8 张卡，TP 放机内走 NVLink；PP8 是组里之前定好的，我们沿用了；DP 就是 2048 "
     "除以 64，等于 32。", "配置照搬现成的，说不出自己的依据"),
    ("en", 3, "How was each parallel degree chosen?", "TP8 because a node has 8 GPUs, so TP stays on NVLink; PP8 was set "
     "by the team before, we inherited it; DP is just 2048 over 64, so 32.",
     'the configuration is "used the default config" or a copied script'),
])
def test_naive_remedies_in_these_words_are_flagged(ours, lang, topic, question, answer, flag):
    a = score(ours, lang, topic, answer, question)
    assert flag in {d.signal for d in a.danger_signals}, a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "NaN 一般是数值问题，我们的框架有自动检测，很快就能定位。"),
    ("en", "A NaN is usually a numerics problem; our framework detects it automatically and we find it quickly."),
    # A rerun that replays the failure to see where it starts (heldout18 h18_29, a 2, had scored 1 with the flag).
    ("en", "I'd turn on torch.autograd's anomaly detection and rerun from the last checkpoint before 18k to see which op "
           "first produces the NaN."),
    ("zh", "我会打开 torch.autograd 的 anomaly detection，从 18k 之前最近的 checkpoint 重新跑，看是哪个算子最先出 NaN。"),
])
def test_a_nan_answer_that_never_reruns_or_reruns_to_find_it_is_not_the_rerun_flag(ours, lang, answer):
    a = score(ours, lang, 15, answer, "NaN 出现了你怎么定位？" if lang == "zh" else "How do you locate a NaN?")
    assert not [d for d in a.danger_signals if "重跑" in d.signal or "rerun" in d.signal], a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    # "差不多" said of how much shorter the run got, the curves aligned by tokens overlapping: no final loss called
    # the same. The option picked with its reason is a choice, not names without mechanism.
    ("zh", "吞吐。token 预算一样，step 短了整个 run 就短了差不多这么多，收敛曲线按 token 对齐是重合的。"),
    ("en", "Throughput. Same token budget, so a shorter step shortens the whole run by about as much; the convergence "
           "curves aligned by tokens overlap."),
    # "差不多 20%" is about an amount, and curves never aligned are no final loss called the same (seen in a zh session).
    ("zh", "吞吐吧，每天能多跑差不多 20% 的 token。loss 曲线我们没专门对齐过。"),
    ("en", "Throughput, I guess, we get through about 20% more tokens a day. We never really aligned the loss curves."),
    # The curves held against the seed noise, which is the check the flag says was never made (closing zh session).
    ("zh", "吞吐。token 预算一样，step 短了整个 run 就短了差不多这么多，loss 曲线按 token 对齐在 seed 波动以内。"),
    ("en", "Throughput. Same token budget, so a shorter step shortens the run by about as much; the loss curves aligned "
           "by tokens stay within the seed band."),
])
def test_a_pick_with_its_reason_and_no_final_loss_called_the_same_is_flagged_nothing(ours, lang, answer):
    a = score(ours, lang, 10, answer, "提升的是吞吐还是收敛时间？" if lang == "zh"
              else "Was the gain in throughput or in time to convergence?")
    assert a.danger_signals == [] and a.level >= 2, (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "就看 reward 曲线和 loss 曲线嘛，最后差不多就行。seed 这些我们没特别固定。"),
    ("en", "We ran both configs for about 5k steps, and the final losses were 2.31 and 2.32, so basically aligned."),
    ("zh", "就跑一段看最后的 loss，新旧两个版本最后都在 1.85 左右，差了不到 0.01，就算对齐了。"),
])
def test_a_final_loss_called_the_same_is_still_the_flag(ours, lang, answer):
    a = score(ours, lang, 15, answer, "怎么证明训练结果没变？" if lang == "zh" else "How did you confirm the loss still matched?")
    assert [d for d in a.danger_signals if "差不多就说" in d.signal or "looks about the same" in d.signal], a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "我知道 1F1B 是前向反向交替着来，所以气泡比 GPipe 少很多，这是它主要的意义。"),
    ("en", "I know 1F1B alternates one forward and one backward, so it has much less bubble than GPipe, that's the "
           "main point of it."),
])
def test_1f1b_said_to_have_less_bubble_than_gpipe_is_the_flag(ours, lang, answer):
    a = score(ours, lang, 5, answer, "1F1B 比 GPipe 省了什么？" if lang == "zh" else "What does 1F1B buy over GPipe?")
    flag = "不知道 1F1B 省的是激活而非气泡" if lang == "zh" else "does not know 1F1B saves activations rather than bubble"
    assert flag in {d.signal for d in a.danger_signals}, a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    # A figure softened ("吧", "I think") and given its source is measured, not guessed (seen in a zh session, where
    # the marker the answer states almost word for word was listed as missed).
    ("zh", "暴露通信占 step 的比例大概是多少？", "暴露通信大概占 step 的 10% 吧，这个是从 nsys 时间线上看的，计算流上的空隙。"),
    ("en", "Roughly what share of the step is exposed communication?",
     "Exposed communication is about 10% of the step, I think; that's from the nsys timeline, the gaps on the compute "
     "stream."),
])
def test_a_softened_figure_with_its_source_is_credited(ours, lang, question, answer):
    a = score(ours, lang, 8, answer, question)
    assert credited(a, "测法") or credited(a, "method"), a.markers
    assert a.level == 3


@pytest.mark.parametrize("lang, question, answer", [
    # The question's own before and after said back ("最后就从 78 降到 52 了") is no change the answer tells: with a list
    # of what was turned on and no breakdown it shows no judgement (heldout18 h18_31, a 2, had scored 4).
    ("zh", "你简历写\"显存优化，把 13B 模型单卡峰值显存从 78GB 降到 52GB\"。优化前显存主要花在哪几块？",
     "主要就是权重、梯度、优化器状态还有激活这几块嘛。我们开了选择性重计算，然后设了 expandable_segments，micro batch 也调了一下，"
     "最后就从 78 降到 52 了。每块具体占多少的话……当时主要看的是 torch.cuda.max_memory_allocated 那个总数，没有拆开看。"),
    ("en", "Your résumé says you cut the 13B model's peak memory from 78 GB to 52 GB. Where did the memory go before?",
     "Mostly weights, gradients, optimizer states and activations. We turned on selective recompute, set "
     "expandable_segments, tuned the micro batch a bit, and in the end it went from 78 to 52. At the time we only "
     "looked at the max_memory_allocated total, we didn't break it down."),
])
def test_the_questions_own_before_and_after_said_back_is_no_story(ours, lang, question, answer):
    assert score(ours, lang, 2, answer, question).level <= 3


@pytest.mark.parametrize("lang, answer", [
    # The difference said, only the bit counts not remembered: a part left open, not "cannot say how they differ"
    # (candidates17 c17_b.2, a 2, had scored 1 with that flag).
    ("zh", "用的 BF16。区别就是 BF16 表示的范围大一些、精度低一些，FP16 精度高一点但是容易溢出，具体各几位我记不太清了。"),
    ("en", "We used BF16. The difference is BF16 has a wider range and less precision, FP16 more precision but it "
           "overflows easily; I don't remember how many bits each has."),
])
def test_the_difference_said_with_only_its_bit_counts_forgotten_is_a_2(ours, lang, answer):
    a = score(ours, lang, 1, answer, "你们用的 BF16 还是 FP16？两者有什么区别？" if lang == "zh"
              else "Did you use BF16 or FP16, and how do they differ?")
    assert a.level == 2 and not [d for d in a.danger_signals if "BF16" in d.signal], (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    # What gang scheduling does, said in plain words, with no why: a thin 2, not nothing (heldout18 h18_40).
    ("en", "Why did your training platform need gang scheduling?", "So all the pods of a job start together. We used "
     "Volcano for it."),
    ("zh", "你们的训练平台为什么需要 gang 调度？", "就是让一个作业的所有 Pod 同时拉起。我们用的 Volcano。"),
])
def test_what_gang_scheduling_does_said_plainly_is_a_2(ours, lang, question, answer):
    assert score(ours, lang, 13, answer, question).level == 2


@pytest.mark.parametrize("lang, answer", [
    # Utilisation read off a dashboard, then given as the MFU in the next sentence (heldout18 h18_20, a 1, scored 2).
    ("en", "We took it from the GPU utilization in nvidia-smi, well, our Grafana dashboard. It sat around 95% for the "
           "whole run, so MFU was about 95%."),
    ("zh", "就是从 nvidia-smi 的 GPU 利用率拿的，其实是我们的 Grafana 看板。整个训练一直在 95% 左右，所以 MFU 大概就是 95%。"),
    # The way to compute it offered as a look at utilisation, its figure in the next sentence (candidates18 c18_b.3)...
    ("en", "I'd look at GPU utilization in nvidia-smi. It was around 98%, so MFU was very high."),
    ("zh", "我会看 nvidia-smi 里的 GPU 利用率。当时一直在 98% 左右，所以 MFU 很高。"),
    # ...and the GPUs said to be pegged (heldout19 h19_38).
    ("en", "Around 95%. nvidia-smi showed the GPUs pegged the whole time."),
])
def test_utilisation_read_off_and_given_as_the_mfu_is_the_packs_misconception(ours, lang, answer):
    a = score(ours, lang, 10, answer, "你简历上的 MFU 是怎么算的？" if lang == "zh" else
              "How did you compute the MFU you report on the résumé?")
    assert a.level == 1 and [d for d in a.danger_signals if "充当 MFU" in d.signal or "as MFU" in d.signal], a


@pytest.mark.parametrize("lang, answer", [
    # The busbw formula right, then the cost of TP across nodes waved away (heldout18 h18_27, a 2, scored 3).
    ("en", "algbw is just message size over time, and for all-reduce busbw is algbw times 2(n-1)/n, which corrects for "
           "how much data each rank moves in a ring, so it's comparable across rank counts. As for TP, the NICs are in "
           "basically the same ballpark as NVLink, so TP across two nodes is fine. We've run TP16 and it's only a bit "
           "slower."),
    ("zh", "algbw 就是消息大小除以时间，all-reduce 的 busbw 是 algbw 乘 2(n-1)/n，修正了 ring 里每个 rank 实际要搬的数据量，所以不同"
           "卡数之间都能比。至于 TP，IB 网卡跟 NVLink 差不多一个量级，所以 TP 跨两台机没问题，我们跑过 TP16，只慢了一点。"),
])
def test_a_cost_the_pack_names_waved_away_keeps_a_sound_point_at_2(ours, lang, answer):
    a = score(ours, lang, 9, answer, "为什么 nccl-tests 里要看 busbw？它说明 TP 能放到哪？" if lang == "zh" else
              "Why is busbw the number to read in nccl-tests, and what does it tell you about where TP can go?")
    assert a.level == 2 and [d for d in a.danger_signals if "TP" in d.signal], (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, answer", [
    # What was added told after "修完之后" / "After the fix" is the safeguard the story ends with (seen in a zh
    # session, where it was listed as missed and named as the point still open).
    ("zh", "上次是 NCCL 超时，大概 40 分钟才发现。用 py-spy 抓了所有 rank 的栈，有一个 rank 停在 all-gather，别的都在 "
           "reduce-scatter，定位到是数据 loader 在那个 rank 多跑了一个 batch。修完之后把超时改成 10 分钟，并加了按 rank 的 "
           "step 时间告警。"),
    ("en", "Last time it was an NCCL timeout, and it took about 40 minutes before we noticed. We took py-spy stacks on "
           "every rank: one rank sat in an all-gather while the rest were in a reduce-scatter, and it turned out the data "
           "loader ran one extra batch on that rank. After the fix we cut the timeout to 10 minutes and added a per-rank "
           "step-time alert."),
])
def test_the_safeguard_told_after_the_fix_is_credited(ours, lang, answer):
    a = score(ours, lang, 15, answer, "最近一次事故从发现到定位用了多久？" if lang == "zh" else
              "How long did your last incident take from alert to root cause?")
    assert credited(a, "防线") or credited(a, "safeguard"), a.markers


def test_a_story_credited_with_its_sentence_is_quoted_with_it(ours):
    # Seen in the closing en session: the profiling story was quoted "38% MFU,", the clause naming its subject.
    a = score(ours, "en", 10, "The baseline was the TP8 PP8 config I inherited, 38% MFU, computed as tokens per second "
              "times 6N over GPU count times the 989 TFLOPS dense BF16 peak. The gain came from overlapping TP "
              "communication, exposed comm went from 12% to 5% of the step in nsys, and interleaved v=2 cut the bubble "
              "from 8.6% to 4.5%.", "Your résumé says “…raised MFU from 38% to 47%”. In your own part of that work, "
              "what was the baseline?")
    story = credited(a, "profiling story")
    assert story is not None and story.startswith("The baseline was") and "computed as" in story, a.markers


@pytest.mark.parametrize("lang, question, answer", [
    # The choice someone else's, run as handed over, and why never asked (heldout19 h19_15, a 1 read as thin 2).
    ("zh", "你们 70B 那个项目用的是 TP4 PP8 DP16，这个并行度是怎么定下来的？", "这个不是我定的，是隔壁 infra 组给的脚本，我们拿过来基本"
     "就是默认配置在跑。我主要负责数据那块，并行度为什么这么配我也没细问过。"),
    ("en", "Your 70B project ran TP4 PP8 DP16. How was that layout chosen?", "That wasn't my call, the infra team handed "
     "us the launch script and we mostly ran it as is. I was on the data side, so I never really asked why it was set "
     "up that way."),
])
def test_a_setting_someone_else_chose_and_never_asked_about_is_not_the_candidates(ours, lang, question, answer):
    a = score(ours, lang, 3, answer, question)
    assert a.signal == "not_mine" and a.level == 1, (a.signal, a.level)


@pytest.mark.parametrize("lang, answer", [
    # The pack's "nothing but lowering the LR", dressed in optimizer words (heldout19 h19_07, a 1 scored 2: "drop the
    # peak LR" was not read as lowering it).
    ("en", "So when we see a spike, the first lever is really the learning rate. We'd drop the peak LR, usually by half, "
           "stretch the warmup out, and move to a cosine schedule with a longer decay tail so the optimizer is less "
           "aggressive. If it keeps spiking we lower it again, bump Adam's epsilon a bit, and make sure gradient clipping "
           "is on at 1.0. At the end of the day a spike is a hyperparameter problem."),
    ("zh", "尖峰的话第一个手段就是学习率。把峰值学习率砍一半，warmup 拉长，换成衰减更慢的 cosine，让优化器没那么激进。如果还尖就再降，"
           "Adam 的 epsilon 调大一点，梯度裁剪开到 1.0。说到底尖峰就是超参问题。"),
])
def test_lowering_the_lr_in_other_words_is_still_the_naive_remedy(ours, lang, answer):
    a = score(ours, lang, 1, answer, "loss 出尖峰的时候，你按什么顺序处理？" if lang == "zh" else
              "When the loss spikes, what do you do, in order?")
    assert a.level == 1 and any("学习率" in d.signal or "learning rate" in d.signal for d in a.danger_signals), a


@pytest.mark.parametrize("lang, topic, question, answer", [
    # Shared storage named is not "massive numbers of small files read straight from shared storage" (the flag had been
    # raised on four read answers that only save or sync weights to it, e.g. heldout6 m47, heldout18 h18_30).
    ("zh", 16, "你们训推分离的时候，权重怎么同步到推理引擎？", "我们每训完一轮就把 checkpoint 存到共享存储上，然后把 vLLM 服务重启一下，"
     "重新加载新权重。一次十来分钟吧。"),
    ("en", 16, "How do the weights get to the inference engines?", "After each round we save the checkpoint to the shared "
     "storage and restart the vLLM service to load it. Takes ten minutes or so."),
])
def test_shared_storage_alone_is_not_the_small_files_flag(ours, lang, topic, question, answer):
    a = score(ours, lang, topic, answer, question)
    assert not [d for d in a.danger_signals if "小文件" in d.signal or "small files" in d.signal], a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    # How a data wait is told, answered with DataLoader settings: no small-file IO fix is shown (heldout20 h20_32, a 1
    # scored 3 with that marker credited on "所以数据这块应该不会拖慢训练").
    ("zh", "你怎么判断训练是不是在等数据？", "我们 DataLoader 的 num_workers 开到 8，prefetch_factor 设的 4，pin_memory 也开了，数据预处理都是"
     "离线做好的，所以数据这块应该不会拖慢训练。"),
    ("en", "How do you tell whether training is waiting on data?", "Our DataLoader runs 8 workers with prefetch_factor 4 "
     "and pin_memory on, and preprocessing is all done offline, so data shouldn't be slowing training down."),
])
def test_loader_settings_show_no_small_file_fix(ours, lang, question, answer):
    a = score(ours, lang, 12, answer, question)
    assert not [m for m in a.markers if "小文件" in m.marker or "small-file" in m.marker] and a.level <= 2, a


@pytest.mark.parametrize("lang, question, answer", [
    # The question's own subject said back, nothing of the marker beside it, credits nothing (heldout20 h20_24's twin:
    # "gang 调度" had credited the gang-scheduling marker and scored 3).
    ("zh", "为什么多机训练在 k8s 上需要 gang 调度？", "gang 调度是跟优先级调度一回事吗？这个不太确定。"),
    ("en", "Why does a multi-node training job on Kubernetes need gang scheduling?",
     "Hmm, gang scheduling on Kubernetes, is that the same as priority scheduling? Not sure."),
])
def test_the_questions_subject_said_back_credits_no_marker(ours, lang, question, answer):
    a = score(ours, lang, 13, answer, question)
    assert not a.markers and a.level <= 2, (a.level, [m.evidence for m in a.markers])


@pytest.mark.parametrize("lang, question, answer, off", [
    # On the topic, off the question: how the policy is updated, asked how the weights reach the inference engines
    # (heldout20 h20_16, a 1 scored 3). The zh twin reads as names (2) and is a guard against more than that.
    ("en", "How do the updated weights get from the trainer into the vLLM engines in your setup?",
     "So the weights are updated with PPO, we use the clipped objective with epsilon 0.2 and a KL penalty to the "
     "reference model, and the update uses Adam with lr 1e-6. After every update the policy weights are newer, so the "
     "rollout is more on-policy.", True),
    ("zh", "训练更新完的权重是怎么同步到 vLLM 引擎的？",
     "权重是用 PPO 更新的，clip 的 epsilon 取 0.2，加了对参考模型的 KL 惩罚，优化器是 Adam，lr 1e-6。每次更新完策略的权重就更新了，"
     "所以 rollout 更接近 on-policy。", False),
    # ...while the path told without the words "weight sync" answers it (the interview bank's r12.p1, a 3).
    ("zh", "权重同步走的是什么路径",
     "训练侧是 DeepSpeed ZeRO-3，参数是分片的。同步时逐个参数用 GatheredParameters 在训练的 rank 0 上聚出完整张量，然后通过一个单独建"
     "的 NCCL 通信组广播给所有 vLLM worker。vLLM 那边每个 worker 收到完整张量以后调 load_weights，自己按 TP 切出本 rank 那一份。32B 的 "
     "BF16 权重 64G，全程 8 秒左右。", False),
    ("en", "How do the updated weights get from the trainer into the vLLM engines?",
     "Training side is ZeRO-3, so parameters are sharded. For the sync we gather each parameter on rank 0 and broadcast "
     "it over a separate NCCL group to every vLLM worker, which slices its own TP shard in load_weights. 64 GB of BF16 "
     "for 32B, about 8 seconds end to end.", False),
])
def test_an_answer_on_the_topic_but_not_the_question_is_off_the_question(ours, lang, question, answer, off):
    a = score(ours, lang, 16, answer, question)
    flagged = any(d.signal in ("答非所问", "answers another question") for d in a.danger_signals)
    assert flagged is off and (a.level == 1 if off else a.level >= 2), (a.level, a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    # Two of the fields the marker names by identifier, each with what it means, the network side someone else's: the
    # DCGM marker shown, a 2, not "cannot describe own part" (heldout20 h20_06, a 2 scored 1 as not_mine).
    ("en", "What GPU metrics does your cluster collect?", "We run DCGM exporter into Prometheus. We look at "
     "DCGM_FI_PROF_SM_ACTIVE, which is how many SMs have something running, and the tensor pipe one, "
     "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE, which shows if the tensor cores are actually used. Network I'm not sure what we "
     "collect, the infra team owns that."),
    ("zh", "你们集群采哪些 GPU 指标？", "我们用 DCGM exporter 接 Prometheus，看 DCGM_FI_PROF_SM_ACTIVE，也就是有多少 SM 在跑东西，还有 "
     "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE，表示 tensor core 有没有真正在用。网络那边采什么我不太清楚，是 infra 组在管。"),
])
def test_fields_a_marker_names_by_identifier_said_with_their_meaning_show_it(ours, lang, question, answer):
    a = score(ours, lang, 14, answer, question)
    assert [m for m in a.markers if "DCGM" in m.marker] and a.level == 2 and a.signal == "answered", a


@pytest.mark.parametrize("lang, question, answer", [
    # The 16 bytes recalled as "the number everybody uses", never broken down: a figure taken over shows no point
    # (heldout20 h20_27, a 2 scored 3 with the bytes-per-parameter marker credited).
    ("en", "Before you turned on recomputation, where was the GPU memory actually going?",
     "So it's the weights, gradients, the Adam states and the activations, plus some workspace buffers and "
     "fragmentation. I remember it's like 16 bytes per parameter for the model part, that's the number everybody uses. "
     "Activations were the biggest I think, but I didn't really break it down."),
    ("zh", "开重计算之前，显存主要花在哪？",
     "主要是权重、梯度、Adam 状态和激活，还有一些 workspace 和碎片。模型那块我记得大概每参数 16 字节，大家都用这个数。激活应该最大吧，"
     "但我没细拆过。"),
])
def test_a_figure_everybody_uses_is_taken_over_not_worked_out(ours, lang, question, answer):
    a = score(ours, lang, 2, answer, question)
    assert not [m for m in a.markers if "16" in m.marker] and a.level == 2, a


@pytest.mark.parametrize("lang, question, answer", [
    # A gain of a tuned all-reduce ("step 大概快了 3%") is no share of the step it takes: it credited "a measured
    # exposed-communication share" and made a 3 of an unsourced number (heldout20 h20_26, a 2).
    ("zh", "你说 all-reduce 的 bucket 调过，为什么 bucket 大小会影响速度？",
     "这个 all-reduce 的 bucket 我们 tune 过，默认 25 MB，我们调到 200 MB，step 大概快了 3% 左右。"),
    ("en", "You tuned the all-reduce bucket size. Why does bucket size affect speed?",
     "We tuned the all-reduce bucket, default 25 MB, we moved it to 200 MB and the step got about 3% faster."),
])
def test_a_speedup_beside_a_collective_is_not_its_share_of_the_step(ours, lang, question, answer):
    a = score(ours, lang, 8, answer, question)
    assert not a.markers and a.level == 2, (a.level, [m.evidence for m in a.markers])


@pytest.mark.parametrize("lang, answer", [
    # What goes wrong without it is the reason gang scheduling exists ("Without it…", "不然…"): the marker shown
    # (candidates19 c19_e.4, a 3 scored 2 with "names without mechanism").
    ("en", "Without it two big jobs can each get half their pods running and sit on those GPUs waiting for the rest, "
           "and neither ever starts. Volcano with minAvailable equal to all the workers means a job gets all its pods "
           "or none."),
    ("zh", "不然两个大作业可能各起了一半的 Pod，占着卡等剩下的，谁也跑不起来。Volcano 把 minAvailable 设成全部 worker，一个作业要么 Pod "
           "全起要么都不起。"),
])
def test_what_goes_wrong_without_it_is_the_reason_it_exists(ours, lang, answer):
    a = score(ours, lang, 13, answer, "这些作业为什么需要 gang 调度？" if lang == "zh" else
              "Why do you need gang scheduling for these jobs?")
    assert [m for m in a.markers if "gang" in m.marker] and a.level == 3, a


LEVELS_OF_READ_ANSWERS = [  # (lang, topic, question, answer, level): each a read blind answer or its twin
    # The reason given for a naive remedy is part of it (heldout19 h19_18, a 1 scored 2: the reason's "optimizer state"
    # and "checkpoint" had counted as more of the field).
    ("zh", 15, "训练到一半出现 NaN，你们是怎么处理的？",
     "NaN 的话我们一般就直接把 job kill 掉，调一下超参从头重跑。因为出现 NaN 说明这个 run 已经坏了嘛，optimizer state 里面可能也"
     "被污染了，从 checkpoint 接着跑也不保险。我们会把 lr 降一点，warmup 拉长一点，gradient clipping 开上，然后重新起一个 job。", 1),
    ("en", 15, "When NaN showed up mid-training, what did you do?",
     "For NaN we'd usually just kill the job, tweak the hyperparameters and rerun from scratch. Because once you see NaN "
     "the run is already broken, the optimizer state may be polluted too, so resuming from a checkpoint isn't safe. We'd "
     "lower the lr a bit, stretch the warmup, turn on gradient clipping and start a fresh job.", 1),
    # The example config's values told back with nothing of why are the pack's "used the default config" (candidates19
    # c19_a.0, a 1 scored 2)...
    ("en", 3, "Your résumé says a 13B model on 256 A100s with Megatron. How were TP, PP and DP chosen?",
     "We used the config from the Megatron example scripts for 13B, I think TP was 2 and PP was 4, and DP is whatever "
     "is left. It was working so we didn't change it much.", 1),
    ("zh", 3, "简历上写 256 张 A100 用 Megatron 训 13B，TP、PP、DP 是怎么定的？",
     "用的是 Megatron example 脚本里 13B 的配置，TP 好像是 2，PP 是 4，剩下的就是 DP。能跑就没怎么改。", 1),
    # ...while the example's rule said with its reason is a names answer (the interview bank's t3.r2, a 2).
    ("en", 3, "How would you choose the parallel degrees for a given model and GPU count?",
     "Honestly, usually you start from the Megatron example scripts: TP8 for a big model, then enough PP to fit in "
     "memory, and the rest is DP.", 2),
    # A hang confirmed by its name, then only restarted (candidates19 c19_a.4, a 1 scored 2: "just restarted the job"
    # was not read as the restart, and "a few times NCCL timeout" counted as more of the field).
    ("en", 15, "Did the job ever hang? What did you do?",
     "Yes, a few times NCCL timeout. We just restarted the job from the last checkpoint and it was OK.", 1),
    ("zh", 15, "训练卡死过吗？你们怎么处理的？", "有，遇到过几次 NCCL 超时。就直接从最近的 checkpoint 重启，然后就好了。", 1),
    # The mechanism known, the figure never measured and only guessed (candidates13 c13_b.3, candidates8 k2en.5 and
    # candidates9 cand_l3_en.2, 2s, had scored 3; the zh twin already read 2)...
    ("en", 8, "Was communication exposed in that setup?", "Some, probably. DDP overlaps the gradient all-reduce with "
     "backward using buckets, so most of it should be hidden. I never measured the exact share; I'd guess 5 to 10%.", 2),
    ("zh", 8, "那个配置里通信有暴露吗？", "应该有一些吧。DDP 用 bucket 把梯度 all-reduce 和反向重叠起来，所以大部分应该藏住了。具体比例我没量"
     "过，估计 5% 到 10%。", 2),
    # ...while the share measured, the rest never split out, is still explained.
    ("en", 8, "Was communication exposed in that setup?", "Some. DDP overlaps the gradient all-reduce with backward using "
     "25 MB buckets; on the nsys timeline the exposed part was about 0.4 s of a 7 s step, roughly 6%. The per-bucket "
     "split I never measured.", 3),
    # A check said as what one would do, the tolerance left to the other team: a part named (candidates19 c19_e.5
    # scored 3; its zh twin scored 4).
    ("en", 15, "Say the research team changes TP degree and asks whether the loss still matches. How would you check?",
     "That's more their side, honestly. I'd run the same seed and data for a few thousand steps and see if the curves "
     "overlap; I know it won't be bitwise since the reduction order changes. How tight the tolerance should be I'd leave "
     "to them.", 2),
    ("zh", 15, "假如研究组改了 TP 度，问你 loss 还对不对得上，你怎么查？",
     "这个更多是他们那边的事。我会用同样的 seed 和数据跑几千步，看曲线能不能重合；我知道不会逐位一致，因为归约顺序变了。容差定多少让他们"
     "定。", 2),
    # One phase's MFU by 6N with a caveat, the other phase "说不出来" (candidates20 c20_f.4, a 2 scored 4: the
    # caveat read as a check, and "说不出来" was not heard as not knowing).
    ("zh", 10, "训练那一段的 MFU 是多少？", "训练那段大概 35% 左右，按 6N 算的，不过 RL 里序列长度变化大，padding 的 token 我没扣掉，"
     "所以这个数可能偏高。rollout 阶段我没按 MFU 算过，说不出来。", 2),
    ("en", 10, "What was the MFU of the training phase?", "The training part was around 35%, counted with 6N, though RL "
     "sequence lengths vary a lot and I didn't subtract the padding tokens, so that's probably on the high side. The "
     "rollout phase I never computed MFU for, can't say.", 2),
    # One point explained, its figure a guess beside what was never measured, the rest someone else's (heldout22
    # h22_23 and heldout14 r09, 2s, had scored 3 on two statements and one figure).
    ("en", 16, "In your GRPO setup, where does the step time go?",
     "Most of it is rollout, generating the responses with vLLM. I'd guess 60 to 70 percent, though I never measured "
     "the breakdown properly. We ran colocated, so the same GPUs switch between vLLM and FSDP training: you have to "
     "offload the training state and free the KV cache each time you switch, and that costs time. How exactly the "
     "weights are resharded between the two layouts, I didn't work on that part.", 2),
    ("zh", 16, "你们的 GRPO 里一个 step 的时间花在哪？",
     "大头是 rollout，用 vLLM 生成回复。我估计有 60% 到 70%，不过没认真测过。我们是共卡部署，同一批卡在 vLLM 和 FSDP 训练之间切换："
     "每次切换都要把训练状态 offload 掉、把 KV cache 释放，这要花时间。权重在两种布局之间具体怎么重排，那部分不是我做的。", 2),
    ("en", 2, "You listed 'memory optimisation for 30B SFT'. Before the change, where was the memory going?",
     "So that analysis was mostly done by my mentor; I was more on the running-experiments side. What I remember is that "
     "the optimizer states were the biggest chunk, because Adam keeps extra copies, and activations were big too since "
     "we went to 8K sequence length. We turned on activation checkpointing and then it fit.", 2),
    # The column/row split right, the communication "没细推过"; hang causes right, the one real case located by a
    # colleague (heldout22 h22_20 and h22_07, 2s that scored 3).
    ("zh", 4, "你做过 TP 相关的开发，说说 MLP 和 attention 是怎么切的？",
     "MLP 第一层是列切，第二层是行切，这样中间的激活函数在各卡上独立算，不需要通信，第二层出来做一次 all-reduce。attention 是按头切的，"
     "每张卡算一部分头，输出投影是行切。反向要几次通信、通信量怎么算这块我没细推过，平时都是直接调 Megatron 的 ColumnParallelLinear 和 "
     "RowParallelLinear。", 2),
    ("en", 4, "You did TP work. How are the MLP and attention split?",
     "The first MLP layer is column-split and the second row-split, so the activation in between runs on each GPU "
     "without communication, and the second layer ends with one all-reduce. Attention is split by heads, each GPU "
     "computes some heads, and the output projection is row-split. How many collectives backward needs and their "
     "volume, I never worked that out; I just call Megatron's ColumnParallelLinear and RowParallelLinear.", 2),
    ("zh", 15, "分布式训练 hang 住一般是什么原因？你会怎么排查？",
     "常见的是某个 rank 挂了，或者跑到别的分支去了，导致大家调用集合通信的顺序对不上，其他 rank 就一直在等。还有可能是网络或者某张卡有问题。"
     "排查的话可以用 py-spy 看一下进程卡在哪，再看 NCCL 的日志。我自己实际遇到过一次，不过当时是组里的师兄定位的，我只知道最后是数据那块某个 "
     "rank 多跑了一个 batch。", 2),
    # The schedules told apart, the bubble's formula "I don't remember"; DDP's overlap told, the exposed share "I
    # haven't profiled" (heldout22 h22_22 and h22_32, 2s that scored 3).
    ("en", 5, "What's the difference between GPipe and 1F1B, and how big is the bubble under 1F1B?",
     "GPipe runs all the forwards for every micro-batch first and then all the backwards, so it has to keep activations "
     "for all of them. 1F1B alternates one forward and one backward once the pipeline is full, so you hold fewer "
     "activations at once. For the bubble size, I don't remember the formula, sorry. I know it depends on the number of "
     "stages and micro-batches and that more micro-batches help, but I couldn't compute it for you.", 2),
    ("zh", 5, "GPipe 和 1F1B 有什么区别？1F1B 下气泡有多大？",
     "GPipe 先把所有 micro batch 的前向跑完再跑反向，所以要存所有 micro batch 的激活。1F1B 在流水线填满后一个前向一个反向交替，"
     "同时存的激活就少了。气泡多大的话，公式我记不清了，不好意思。只知道跟 stage 数和 micro batch 数有关，micro batch 越多越好，但算不出来。", 2),
    ("en", 8, "How does DDP hide gradient communication?",
     "It groups gradients into buckets and starts the all-reduce for a bucket as soon as every gradient in it is ready "
     "during backward, so communication runs while the rest of backward is still computing. I believe some of it still "
     "ends up exposed at the end, but I haven't profiled how much myself.", 2),
    ("zh", 8, "DDP 是怎么把梯度通信藏起来的？",
     "它把梯度分成 bucket，反向过程中一个 bucket 里的梯度都算好了就马上发起这个 bucket 的 all-reduce，所以通信和剩下的反向计算同时进行。"
     "我估计最后还是有一部分暴露在外面，不过具体多少我没 profile 过。", 2),
    # A layout change rehearsed small before the real run, then checked against the seed spread (candidates21
    # c21_e.5, a 4 that scored 3: no check was heard in "rehearsed" or "within the seed spread").
    ("en", 11, "Did you ever have to resume under a different parallel layout?",
     "Yes. For the long-context phase we went to 32K sequences and added CP2, so TP8 PP4 CP2 with DP halved. "
     "dist_checkpointing reshards on load, so in principle it just works. We didn't trust it on the big run, so we "
     "rehearsed on 16 GPUs with a small model first, and that found a real problem: the distributed optimizer state had "
     "been saved in a format that couldn't be resharded to a different DP size. On the real run we loaded the same "
     "checkpoint in the old and new layouts and ran a forward and backward on the same batch: loss 1.8412 vs 1.8413, "
     "grad norm within 0.2%. Then 500 steps, and the loss continued the pre-switch curve within the seed spread we'd "
     "measured at that stage, about 0.01.", 4),
    ("zh", 11, "有没有在换了并行布局之后续训过？",
     "有。长上下文阶段换成 32K 序列、加了 CP2，变成 TP8 PP4 CP2，DP 减半。dist_checkpointing 加载时会重新切分，理论上直接能用。"
     "大作业上我们没敢直接信，先在 16 卡小模型上演练过一遍，结果真发现了问题：分布式优化器的状态存成了不能换 DP 大小重切的格式。正式跑的时候"
     "同一个 checkpoint 用新旧两种布局加载，同一个 batch 跑一次前反向：loss 1.8412 对 1.8413，grad norm 差 0.2% 以内。之后跑 500 步，"
     "loss 接着切换前的曲线走，在我们测过的 seed 波动 0.01 以内。", 4),
    # The parts listed and 16 bytes remembered, its make-up not known (heldout22 h22_25, candidates21 c21_b.0, 2s that
    # scored 3).
    ("zh", 2, "训练时显存都被什么占了？混合精度 Adam 每个参数大概多少字节？",
     "主要是模型权重、梯度、优化器状态，还有激活。Adam 的话我记得是每参数 16 字节左右，因为要存的 FP32 的东西比较多……具体 16 是怎么凑出来"
     "的我一下子拆不太清楚，大概是权重、梯度再加上两个动量吧。激活那块跟 batch 和序列长度有关，序列越长越大。", 2),
    ("en", 2, "What takes up GPU memory in training, and how many bytes per parameter for mixed-precision Adam?",
     "Mainly the weights, gradients, optimizer states and activations. For Adam I remember it's about 16 bytes per "
     "parameter, since a lot is kept in FP32... how exactly the 16 adds up I can't quite break down right now, something "
     "like weights, gradients plus the two moments. Activations depend on batch and sequence length.", 2),
    # The LR lowered, "cut it in half and restarted from the last checkpoint" (heldout21 h21_08, a 1 scored 2: the
    # checkpoint resumed from had counted as more of the field beside the remedy).
    ("en", 1, "Your résumé says you trained a 13B model. When the loss spiked, what did you check, and in what order?",
     "Honestly the first thing is to lower the learning rate. If the loss spikes it means the LR is too high, so we cut "
     "it in half and restarted from the last checkpoint. That usually fixes it.", 1),
    ("zh", 1, "简历上写训过 13B。loss 尖峰的时候你查了什么、按什么顺序？",
     "说实话第一件事就是调小学习率。loss 尖峰就说明学习率太高了，所以我们减半，然后从最近的 checkpoint 接着跑。一般这样就好了。", 1),
    # A config someone else set before the candidate came, its values recalled after it by guess (heldout21 h21_15, a
    # 1 scored 2: "TP8 and some PP" had counted as a setting stated).
    ("en", 3, "You list 'trained a 34B model on 512 GPUs with Megatron'. How did you pick TP, PP and DP?",
     "The parallel config was already set by our team lead before I joined, I mainly launched the jobs and watched the "
     "loss curves. I think it was TP8 and some PP, I'd have to check the script.", 1),
    ("zh", 3, "简历上写 512 卡用 Megatron 训 34B，TP、PP、DP 是怎么选的？",
     "并行配置是我来之前组长就定好的，我主要负责提交任务、看 loss 曲线。好像是 TP8，PP 也开了一些，具体得翻一下脚本。", 1),
    # ...the same where the question names no degree (the closing zh session had scored it 2).
    ("zh", 3, "在你自己负责的那部分里，各并行度是怎么定下来的？",
     "并行配置是我来之前组长就定好的，我主要负责提交任务、看 loss 曲线。好像是 TP8，PP 也开了一些，具体得翻一下脚本。", 1),
    ("en", 3, "In the part you owned, how were the parallel degrees decided?",
     "The parallel config was already set by our team lead before I joined, I mainly launched the jobs. I think it was "
     "TP8 and some PP, I'd have to check the script.", 1),
]


@pytest.mark.parametrize("lang, topic, question, answer, level", LEVELS_OF_READ_ANSWERS)
def test_read_blind_answers_and_their_twins_score_their_levels(ours, lang, topic, question, answer, level):
    assert score(ours, lang, topic, answer, question).level == level


@pytest.mark.parametrize("lang, answer, opening", [
    # A picked option opens the answer in a word: the report quoted "Throughput." as the best answer of a topic.
    ("en", "Throughput. Per GPU we went from about 1,500 to 1,850 tokens per second.",
     "Throughput. Per GPU we went from about 1,500 to 1,850 tokens per second."),
    ("zh", "吞吐。每卡每秒 token 从大约 1500 到 1850。", "吞吐。每卡每秒 token 从大约 1500 到 1850。"),
    ("en", "The baseline was our first config, TP8 PP4 without comm overlap. MFU 38%.",
     "The baseline was our first config, TP8 PP4 without comm overlap."),
])
def test_an_answer_opening_in_a_word_is_shown_by_its_next_sentence_too(ours, lang, answer, opening):
    from interviewer.textutil import found_in
    a = score(ours, lang, 10, answer, "提升的是吞吐还是收敛时间？" if lang == "zh" else "Was the gain in throughput or time?")
    assert a.excerpt == opening and found_in(a.excerpt, answer)


@pytest.mark.parametrize("lang, question, answer, off", [
    # Load balanced across DP ranks, asked how the causal mask's load is balanced across CP ranks: a sibling of what was
    # asked, never naming it (heldout19 h19_47, a 1 scored 2).
    ("en", "You mentioned ring attention for 128K context. Under a causal mask, how do you balance the load across the CP "
           "ranks?", "Load balance was a big deal for us. We sorted samples into length buckets so every DP rank got "
           "roughly the same number of tokens. Before that some DP ranks got very long documents and everyone else "
           "waited on them at the gradient all-reduce; after bucketing the step times were even.", True),
    ("zh", "你提到 128K 用了 ring attention。因果掩码下，各个 CP rank 的负载怎么均衡？", "负载均衡我们很重视。我们按长度分桶，让每个 DP rank "
           "拿到的 token 数差不多。之前有的 DP rank 会拿到一批很长的文档，其他 rank 在梯度 all-reduce 那里等它；分桶之后 step 时间就均匀了。",
     True),
    # ...while an answer on the ZeRO stage that says "data-parallel" once is on it (candidates14 c14_b.2, a 2).
    ("en", "Which ZeRO stage did you use, and what does it shard?", "Stage 2. It shards the optimizer states and the "
           "gradients across the data-parallel GPUs, so each GPU only keeps its own part. Stage 3 also shards the "
           "parameters.", False),
    # ...and so is one that names the asked ZeRO through FSDP while telling of TP beside it (the public devset's d21, a 3;
    # "stage" also reads as a pipeline stage, whose sibling TP it names twice).
    ("en", "What does each ZeRO stage shard, and how much memory does it save?", "I haven't combined FSDP with tensor "
           "parallel myself, but I'd reason it through like this: TP=8 inside the node splits each layer's matmuls, and "
           "FSDP shards the remaining parameters, gradients and optimizer state across the data-parallel dimension "
           "between nodes. That way the per-layer all-gather of FSDP crosses nodes only once per layer per step, while "
           "the heavy activation all-reduce of TP stays on NVLink.", False),
])
def test_an_answer_about_a_sibling_of_what_was_asked_is_off_the_question(ours, lang, question, answer, off):
    topic = 7 if "CP" in question else 6
    a = score(ours, lang, topic, answer, question)
    assert any(d.signal in ("答非所问", "answers another question") for d in a.danger_signals) is off, a.danger_signals


@pytest.mark.parametrize("lang, topic, question, answer, quoted", [
    # A lead-in ending in a colon opens what shows the point: its quote goes on past the colon ("先看显存：" alone was
    # the quote of "fit memory first" in the closing zh session).
    ("zh", 3, "各并行度是怎么定下来的？", "先看显存：130B 每参数 16 字节，模型状态大约 2 TB，TP8 放机内、PP8，每卡大约 32 GB。",
     "先看显存：130B 每参数 16 字节，"),
    ("en", 7, "How much does each expert dispatch move?", "Each dispatch is tokens × top-k × h × bytes: 8192 × 6 × 5120 × "
     "2 ≈ 503 MB per GPU, most of it over the NICs.", "Each dispatch is tokens × top-k × h × bytes: 8192 × 6 × 5120 × 2"),
])
def test_a_quote_ending_in_a_lead_in_goes_on_past_its_colon(ours, lang, topic, question, answer, quoted):
    a = score(ours, lang, topic, answer, question)
    assert any(m.evidence.startswith(quoted) for m in a.markers), [m.evidence for m in a.markers]


@pytest.mark.parametrize("lang, question, answer", [
    # The question's 128K and the candidate's CP4 said together work out no activations (the closing en session had
    # credited "computes per-layer activations at 128K…" with this sentence).
    ("en", "Your résumé says 'Led the long-context extension from 8K to 128K tokens'. How was load balanced under the "
           "causal mask?",
     "With zigzag: split the sequence into 2×CP chunks and give rank i chunks i and 2·CP−1−i, so every rank gets one "
     "early and one late chunk and the causal work evens out. On our 128K run with CP4 the per-rank attention time "
     "spread went from about 40% to under 5%."),
    ("zh", "简历写了把上下文从 8K 扩到 128K。causal mask 下负载是怎么均衡的？",
     "用 zigzag：把序列切成 2×CP 块，rank i 拿第 i 块和第 2·CP−1−i 块，每个 rank 一前一后，causal 的计算量就均匀了。我们 128K 那次用 "
     "CP4，各 rank 的 attention 时间差从 40% 左右降到 5% 以内。"),
])
def test_a_setting_at_the_questions_figure_works_out_no_activations(ours, lang, question, answer):
    a = score(ours, lang, 7, answer, question)
    assert not [m for m in a.markers if "128K" in m.marker], a.markers
    assert [m for m in a.markers if "zigzag" in m.marker], a.markers



@pytest.mark.parametrize("lang, answer", [
    ("zh", "大概 3000 步的时候 loss 从 1.3 一下跳到 7，再也没下来。我觉得 2e-5 对 14B 太激进了，就把任务停了，learning_rate 改成 1e-5，"
           "warmup_ratio 改成 0.1，从头重新跑。第二次就很平稳，所以就是学习率的问题。之后 14B 我都从 1e-5 起步。"),
    ("en", "Around step 3,000 the loss jumped from 1.3 to about 7 and stayed there. I felt 2e-5 was too aggressive for a "
           "14B model, so I stopped the job, changed learning_rate to 1e-5 and warmup_ratio to 0.1, and restarted from "
           "scratch. The second run was smooth, so the learning rate was the problem. Since then I start 14B runs at 1e-5."),
    ("en", "Yeah, around step 2,000 the loss jumped from about 1.2 to something like 6. I figured 2e-5 was too aggressive, "
           "so I killed the job, changed the learning rate to 1e-5, and restarted from the beginning. The second run was "
           "smooth."),
])
def test_a_spike_story_fixed_by_setting_the_learning_rate_key_lower_is_the_naive_remedy(ours, lang, answer):
    q = {"zh": "你说那次全参微调 loss 炸了，你是怎么处理的？", "en": "You said the loss blew up on that full fine-tune. What did you do?"}
    a = score(ours, lang, 1, answer, q[lang])
    # (A 1 or a 2, as the story's other sentences fall: the naive remedy with nothing beside it is a 1.)
    assert a.level <= 2 and any("学习率" in d.signal or "learning rate" in d.signal for d in a.danger_signals), a


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "MoE 专家负载不均衡你们是怎么处理的？",
     "负载不均主要是 token 路由偏。我们把 capacity_factor 从 1.25 调到 2.0，每个专家能收的 token 多了，就不会丢 token，负载也就均衡了。"),
    ("en", "How did you handle MoE expert load imbalance?",
     "Imbalance is mostly skewed routing. We set capacity_factor from 1.25 to 2.0, so each expert could take more tokens, "
     "nothing was dropped, and the load evened out."),
])
def test_the_capacity_factor_key_moved_up_is_the_naive_moe_remedy(ours, lang, question, answer):
    # "从 1.25 调到 2.0" spells the raise with a decimal between the key and the verb; it had read 3 with a marker credited.
    a = score(ours, lang, 7, answer, question)
    assert a.level <= 2 and not a.markers
    assert any("容量因子" in d.signal or "capacity factor" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "7B 全参微调的时候，显存具体都花在哪了？",
     "显存主要是 batch 占的。我的做法是 per_device_train_batch_size 调到 1，gradient_accumulation_steps 调大补回来，还不够就换 LoRA。"),
    ("en", "On the 7B full fine-tune, where did the memory go?",
     "Memory is mostly the batch. What I do is set per_device_train_batch_size to 1 and raise gradient_accumulation_steps "
     "to make up for it, and if that's not enough I switch to LoRA."),
])
def test_the_batch_size_key_set_down_is_the_naive_oom_remedy(ours, lang, question, answer):
    a = score(ours, lang, 2, answer, question)
    assert a.level <= 2 and any("batch" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历里写到「主导长上下文扩展：序列长度从 8K 扩到 128K，引入 Context Parallel（CP=4）与 Ring…」。CP 度是怎么选的？",
     "主要看显存。128K 下 TP8 开 SP 以后，每层激活还是太大，放不下，所以上 CP，把序列再切 4 份，CP4 以后首 stage 刚好放得下。"),
    ("en", "Your résumé says “led the long-context extension from 8K to 128K with Context Parallel (CP=4)”. How did you "
           "pick the CP degree?",
     "Mostly memory. At 128K with TP8 and SP the per-layer activations were still too big, so we added CP and split the "
     "sequence 4 ways; with CP4 the first stage just fit."),
    # ...nor by the point's own setting said back with no size (the en session: a step back from the causal mask).
    ("zh", "那我们退一步：为什么长序列只靠序列并行不够？",
     "序列并行只切了 LayerNorm 和 dropout 的激活，attention 里每张卡还是看完整序列，所以到 128K 激活就放不下了，需要 CP 把 attention 里的序列也切开。"),
    ("en", "That's fine, let's step back: can you tell me why sequence parallelism alone falls short for long sequences?",
     "Sequence parallelism only splits the LayerNorm and dropout activations; attention still sees the whole sequence on "
     "every TP rank, so at 128K the attention activations don't fit, and you need CP to split the sequence inside "
     "attention too."),
])
def test_a_point_that_works_a_figure_out_is_not_shown_by_the_questions_setting_said_back(ours, lang, question, answer):
    # "能算出 128K 序列下每层激活并给出所需 CP 度" had been credited with "128K 下 TP8 开 SP 以后，每层激活还是太大" (the closing
    # zh session): 128K is the résumé's, and no activation size is worked out.
    a = score(ours, lang, 7, answer, question)
    assert credited(a, "128K") is None, a.markers
    # With the size worked out, it is shown.
    worked = {"zh": "128K 下 TP8 开 SP 以后，按 h=8192 算每层激活约 30 GB，放不下，所以上 CP，CP4 以后每层约 7.5 GB。",
              "en": "At 128K with TP8 and SP, at h=8192 the per-layer activations come to about 30 GB, too big; with CP4 "
                    "they are about 7.5 GB."}[lang]
    assert credited(score(ours, lang, 7, worked, question), "128K") is not None


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历里写到「用 Triton 写了 RMSNorm + RoPE 融合算子…」。在你自己负责的那部分里，替换的是哪个算子？",
     "RMSNorm 和 RoPE。原来是两个单独的 kernel，各自读写一遍激活；融合以后少一次 HBM 往返。端到端 step 快了 6% 左右，前向输出和梯度都和"
     "未融合版本对过，BF16 下误差在 1e-3 以内。"),
    ("en", "Your résumé says “Wrote a fused RMSNorm + RoPE kernel in Triton: end-to-end…”. In your own part of that work, "
           "can you tell me which operator you replaced?",
     "RMSNorm and RoPE. Before, they were separate kernels, each reading and writing the activations; fusing them saved a "
     "round trip to HBM. End to end the step got about 6% faster, and we checked forward outputs and gradients against "
     "the unfused version within 1e-3 in BF16."),
])
def test_a_round_trip_to_hbm_saved_is_the_memory_traffic_a_fused_kernel_saves(ours, lang, question, answer):
    # The en session read it 2 under the communication-hiding topic with "a number without its source" and fed back
    # TP/CP communication; a trip to GPU memory had named nothing the fusion point speaks of.
    from interviewer.scoring import asked_topic
    mfu = ours[lang].topic(10)
    assert asked_topic(mfu, question, answer) is mfu
    a = score(ours, lang, 10, answer, question)
    assert a.level >= 3 and (credited(a, "融合") or credited(a, "fused")), a


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "RLHF 里训练和 vLLM rollout 分开部署时，每步更新后的权重是怎么同步到推理侧的？",
     "说实话我不知道。我只做过 SFT 和 DPO，DPO 没有 rollout，所以从来不用同步权重。我猜 vLLM 应该有某种接口可以加载新权重，但具体怎么做我说不上来。"),
    ("en", "In an RLHF setup with a separate vLLM rollout engine, how do the updated weights get to the inference side?",
     "Honestly, I don't know. I've only done SFT and DPO, and DPO has no rollout, so I never had to sync weights. I'd "
     "guess vLLM has some API for loading new weights, but I really can't say how it works."),
])
def test_a_vague_guess_after_i_dont_know_is_no_answer(ours, lang, question, answer):
    # heldout24 h24_33, labelled dont_know, had read 'answered' at 2 on the guess.
    a = score(ours, lang, 16, answer, question)
    assert a.signal == "dont_know" and a.level == 1, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "按每卡每秒 token 数乘 6N 除以 989 TFLOPS 算。之前每卡 2900 token/s，约 23%；时间线上每步开头有一段 GPU 空等数据，"
           "大概占 step 的五分之一。我把分词挪到离线、加了预取，空隙没了，到 3600 token/s，约 28%。同 seed 的 loss 曲线和原来的叠在一起。"),
    ("en", "Tokens per second per GPU times 6N, over the dense 989 TFLOPS. Before: about 2,900 tokens per second per GPU, "
           "roughly 23%. On the timeline each step began with a gap, about a fifth of the step, where the GPU waited for "
           "data. I moved tokenization offline and added prefetching; the gap disappeared and we got about 3,600, 28%. "
           "The loss curve with the same seed lay on top of the old one."),
])
def test_loss_curves_laid_on_top_of_each_other_are_a_check(ours, lang, answer):
    # heldout24 h24_01 (a 4) read 3 with no judgement: "lay on top of the old one" was not read as a check.
    q = {"zh": "你写提升了训练效率，前后的数字各是多少？", "en": "You wrote that you improved training efficiency. What was the number before and after?"}
    assert score(ours, lang, 10, answer, q[lang]).level == 4


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_point_too_long_for_a_feedback_line_is_cut_at_a_word_outside_its_brackets(ours, lang):
    # The closing en session fed back "…share of step time and the method (c…" and "…and sets t…".
    from interviewer.scoring_feedback import _clip
    cut = 0
    for topic in ours[lang].topics:
        for marker in topic.markers:
            point = _clip(marker)
            body = point.removesuffix("…")
            cut += point != body
            assert body.count("(") == body.count(")") and body.count("（") == body.count("）"), point
            if lang == "en" and point != body:
                assert f" {body.split()[-1]} " in f" {marker} ".replace(",", " ").replace(")", " "), point
    assert cut  # some points of the pack are that long


@pytest.mark.parametrize("marker, kept", [
    ("writes per-layer activations as about s·b·h·(34 + 5·a·s/h) bytes and says TP plus sequence parallelism divides it "
     "all by t while selective recomputation or FlashAttention removes the 5·a·s/h term", "s·b·h·(34 + 5·a·s/h) bytes"),
    ("能写出每层激活约 s·b·h·(34 + 5·a·s/h) 字节，知道 TP 加序列并行把它整体除以 t，选择性重计算或 FlashAttention 去掉 5·a·s/h 那项",
     "s·b·h·(34 + 5·a·s/h) 字节"),
])
def test_a_bracket_inside_a_formula_is_no_aside_to_drop(marker, kept):
    # candidates26 c26_a.1's feedback read "per-layer activations as about s·b·h· bytes": the formula lost its bracket.
    from interviewer.scoring_feedback import _clip
    assert kept in _clip(marker), _clip(marker)


@pytest.mark.parametrize("lang, answer, point", [
    ("en", "Honestly I never measured that precisely. I'd guess maybe 10 percent.",
     "a measured exposed-communication share of step time and the method"),
    ("zh", "这个真没仔细量过，感觉大概 10% 吧。", "暴露通信占 step 的实测数字及测法"),
])
def test_after_a_miss_the_point_is_named_without_a_broken_bracket(ours, lang, answer, point):
    q = "Can you tell me how much of the step was exposed communication?" if lang == "en" else "暴露的通信占 step 多少？"
    fb = score(ours, lang, 8, answer, q).feedback
    assert point in fb and "(c…" not in fb and "（…" not in fb, fb


@pytest.mark.parametrize("lang, answer", [
    # The closing en session credited the 1 TB estimate with this sentence and not the async save it tells: "copies"
    # did not meet the marker's "copy".
    ("en", "About 3 seconds. The save first copies the sharded state to pinned CPU memory, that's the blocking part, then "
           "a background thread uploads to object storage while training continues."),
    ("zh", "大概 3 秒。保存时先把分片状态拷到锁页内存里，这一步是阻塞的，然后后台线程再写到对象存储，训练照常跑。"),
])
def test_an_async_save_told_in_other_words_is_credited_to_the_async_point(ours, lang, answer):
    q = "How long does one save block training?" if lang == "en" else "一次保存会阻塞训练多久？"
    a = score(ours, lang, 11, answer, q)
    assert credited(a, "pinned" if lang == "en" else "锁页"), a.markers
    assert not credited(a, "1 TB"), a.markers


@pytest.mark.parametrize("lang, answer", [
    ("en", "We ran the old version and the new version for about a day each and compared the final loss, it was 2.31 "
           "against 2.30, so basically identical, that's aligned. The curves looked the same by eye too. We did get a NaN "
           "once in the new run, but that happens, we just restarted from scratch with a different seed and it went away."),
    ("zh", "两个版本各跑了一天，比了最终 loss，2.31 对 2.30，基本一样，算是对齐了。曲线肉眼看也差不多。新版本中间出过一次 NaN，"
           "换了个 seed 从头重跑就好了，所以不是 kernel 的问题。"),
])
def test_final_loss_the_same_with_curves_by_eye_and_a_reseeded_rerun_is_no_alignment(ours, lang, answer):
    # heldout26 read this 4: "curves" and "seed" counted as more than the final figure, and at 4 the flag was never
    # looked for. A look by eye and a rerun with another seed hold the figure against nothing. It read 2 until the NaN
    # said to have gone away after the rerun ("it went away", "重跑就好了") was read as the naive remedy's own belief:
    # the pack's two flags are then all the answer has, its label (heldout26 h26_29, labelled 1).
    q = ("You said you confirmed the fused kernel didn't change the loss. How did you confirm that?" if lang == "en" else
         "你说确认过融合 kernel 没有改变 loss，怎么确认的？")
    a = score(ours, lang, 15, answer, q)
    assert a.level == 1 and any("final loss" in d.signal or "最终 loss" in d.signal for d in a.danger_signals), a.level
    # The point it brushed the way the pack warns against is the one to learn.
    assert "first-step loss" in a.feedback or "首步 loss" in a.feedback, a.feedback


@pytest.mark.parametrize("lang, answer", [
    ("en", "The micro-batch of 8 was just too big, so we dropped it to 1 with gradient accumulation of 8. In general, "
           "lowering the batch size is the cleanest fix for an OOM."),
    ("zh", "micro batch 8 太大了，我们把它降到 1，梯度累积 8 步。一般来说遇到 OOM，把 batch 降下来是最干净的办法。"),
])
def test_the_batch_lowered_in_other_words_is_the_naive_oom_remedy(ours, lang, answer):
    a = score(ours, lang, 2, answer, "How did you solve the OOM?" if lang == "en" else "OOM 是怎么解决的？")
    assert any("batch" in d.signal for d in a.danger_signals), [d.signal for d in a.danger_signals]


@pytest.mark.parametrize("lang, answer", [
    # heldout26 read this 4, the slow-node story point credited on the article's mechanism.
    ("zh", "利用率这个我只看过文章，大概意思是 nvidia-smi 那个 utilization 只要采样周期里有 kernel 在跑就算忙，NCCL 的 kernel "
           "在那空等对端的时候也算，所以大家都在等一台慢卡的时候，所有卡看起来都是 100%。那怎么找到慢的那台，说实话我不知道具体怎么"
           "定位，当时是 SRE 那边查的，最后换了一台机器就好了。"),
    ("en", "On utilisation I've only read articles: nvidia-smi counts the GPU busy whenever any kernel runs in the sample "
           "window, and an NCCL kernel spinning on a peer counts too, so when everyone waits on one slow GPU, all of them "
           "show 100%. How the slow one was found, honestly I don't know, the SRE team tracked it down, and in the end "
           "they swapped the machine."),
])
def test_a_slow_node_found_by_another_team_is_no_story_of_the_candidates(ours, lang, answer):
    q = ("刚才你说那段时间 GPU 利用率一直 100%，但训练明显变慢了。为什么会这样？后来怎么找到慢的那台？" if lang == "zh" else
         "You said utilisation stayed at 100% while training got slower. Why, and how was the slow machine found?")
    a = score(ours, lang, 14, answer, q)
    assert a.level == 2 and not credited(a, "慢节点的经过") and not credited(a, "slow node"), (a.level, a.markers)


@pytest.mark.parametrize("lang, question, answer", [
    # The closing zh session: "负载均衡" asked of the résumé's MoE line, and the feedback and flag were about ring
    # attention's balance under the causal mask.
    ("zh", "行，我们换一块聊。你简历里写到「负责 65B MoE 模型预训练（1024 卡 A800），DeepSpeed ZeRO-1 + 专家并行…」。负载均衡用了什么手段？",
     "这个不会，负载均衡是算法组那边调的，我没怎么参与。"),
    ("en", "Let's move to another area. Your résumé says “…65B MoE pretraining on 1024 A800s, ZeRO-1 + expert parallel…”. "
           "What did you use for load balancing?",
     "I don't know that one, the algorithm team tuned the load balancing, I wasn't really involved."),
])
def test_a_miss_on_load_balance_asked_of_moe_is_about_the_experts_not_the_causal_mask(ours, lang, question, answer):
    a = score(ours, lang, 7, answer, question)
    assert a.level == 1
    assert any(w in a.feedback for w in ("专家", "容量因子", "expert", "capacity factor")), a.feedback
    assert "zigzag" not in a.feedback, a.feedback
    assert not any("因果" in d.signal or "causal" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    # The closing zh session judged this baseline by the long-context and MoE markers ("讲清 128K 序列下每层激活…"): the
    # answer names EP8 and all-to-all, but the question quotes the résumé's MFU gain.
    ("zh", "这部分就先聊到这儿，聊点别的。你简历里写到「…MFU 从 32% 提到 43%」。在你自己负责的那部分里，对比的基线是什么？",
     "基线就是最早那版配置，EP8 没开 grouped GEMM，all-to-all 也没重叠，MFU 32%，每卡 1900 token/s 左右。"),
    ("en", "Let's talk about something else. Your résumé says “…MFU from 32% to 43%”. In your own part of that work, what "
           "was the baseline?",
     "The baseline was the earliest config: EP8 without grouped GEMM and no all-to-all overlap, MFU 32%, about 1,900 "
     "tokens/s per GPU."),
])
def test_an_own_part_question_on_a_quoted_line_of_the_chains_topic_stays_with_it(ours, lang, question, answer):
    from interviewer.scoring import asked_topic
    mfu = ours[lang].topic(10)
    assert asked_topic(mfu, question, answer) is mfu


@pytest.mark.parametrize("lang, question, answer", [
    # The closing zh session credited "能写出 MFU = 每秒 token 数 × 6N ÷…" with this baseline: the slash of "token/s" read as
    # the formula's division.
    ("zh", "你简历里写到「…MFU 从 32% 提到 43%」。在你自己负责的那部分里，对比的基线是什么？",
     "基线就是最早那版配置，EP8 没开 grouped GEMM，all-to-all 也没重叠，MFU 32%，每卡 1900 token/s 左右。优化后 2550 token/s，"
     "loss 曲线和基线按 token 数叠在一起，差在 0.01 以内。"),
    ("en", "Your résumé says “…MFU from 32% to 43%”. In your own part of that work, what was the baseline?",
     "The baseline was the earliest config, MFU 32% and 1900 token/s per GPU. After the change 2550 token/s, and the loss "
     "curves by tokens lay on top of the baseline within 0.01."),
])
def test_a_units_slash_is_no_division_of_the_mfu_formula(ours, lang, question, answer):
    assert not credited(score(ours, lang, 10, answer, question), "6N")


@pytest.mark.parametrize("lang, answer", [
    ("en", "From sharding the parameters, gradients and optimizer states across the 8 GPUs. For a 7B model that's 16 bytes "
           "per parameter, 112 GB of model state, which under DDP sits whole on every GPU; with full sharding it's 14 GB "
           "per GPU, and the freed memory went to activations, so the micro-batch went from 4 to about 6.5, the 1.6x."),
    ("zh", "来自把参数、梯度和优化器状态切到 8 张卡上。7B 模型每参数 16 字节，模型状态 112 GB，DDP 下每张卡都放一整份；全切以后每卡 14 GB，"
           "省下的显存给了激活，micro batch 从 4 提到平均 6.5 左右，就是那 1.6 倍。"),
])
def test_bytes_per_parameter_is_no_per_parameter_sharding(ours, lang, answer):
    # Seen in the closing en session: "For a 7B model that's 16 bytes per parameter" credited FSDP2's gains over
    # FSDP1 ("per-parameter sharding…"). The Chinese twin, "每参数" against "逐参数分片", was read right before.
    a = score(ours, lang, 6, answer, "吞吐涨的 1.6 倍是从哪来的？" if lang == "zh" else "Where did the 1.6x throughput gain come from?")
    assert not any("FSDP2" in m.marker for m in a.markers), a.markers


@pytest.mark.parametrize("lang, question, miss, point, story_question", [
    ("en", "Can you walk me through the order of checks when loss spikes or diverges?", "I don't know.",
     "checks data and grad norm first", "Tell me about a loss spike you handled."),
    ("zh", "loss 尖峰或发散时，排查顺序是什么？", "不知道。", "排查按数据与 grad norm、学习率与 warmup、精度的顺序走",
     "有没有遇到过 loss 尖峰？那次怎么处理的？"),
])
def test_a_question_on_how_it_is_done_is_told_the_method_not_the_story(ours, lang, question, miss, point, story_question):
    # Seen in this stop's closing en session: "I don't know" to the order of checks was told its point was "a record of
    # one loss spike", which shares "loss spike" with the question but is a story the question did not ask for. The
    # Chinese point was cut to "排查按数据与 grad norm", the first item of a list that shares "的顺序走".
    a = score(ours, lang, 1, miss, question)
    assert point in a.feedback, a.feedback
    told = score(ours, lang, 1, miss, story_question)
    assert "record of one loss spike" in told.feedback or "一次 loss 尖峰的处理记录" in told.feedback, told.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "How does DDP hide the gradient all-reduce behind backward, and what's left exposed?",
     "So NCCL has two main algorithms. Ring is bandwidth-optimal, each GPU sends and receives about 2(n-1)/n times the "
     "buffer, but the latency grows linearly with the number of ranks. Tree is logarithmic in latency, so for small "
     "messages or really large jobs NCCL tends to pick tree. On NVSwitch boxes there's also NVLS, which does the "
     "reduction inside the switch. You can force one with NCCL_ALGO if you want to benchmark them against each other."),
    ("zh", "DDP 是怎么把梯度 all-reduce 藏在反向计算后面的？还剩多少暴露在外面？",
     "NCCL 主要有两种算法。ring 是带宽最优的，每张卡收发大约 2(n-1)/n 倍的数据，但延迟随 rank 数线性增长；tree 的延迟是对数级的，"
     "所以小消息或者特别大的作业 NCCL 倾向选 tree。NVSwitch 的机器上还有 NVLS，在交换机里做规约。想对比的话可以用 NCCL_ALGO 强制指定一种来测。"),
])
def test_sharing_only_the_parent_of_the_asked_idea_answers_another_question(ours, lang, question, answer):
    # heldout29 h29_08 (labelled 1) read as a 3: "communication", the parent of the asked all-reduce, was all the answer
    # on NCCL's algorithms took up of how DDP overlaps it.
    a = score(ours, lang, 8, answer, question)
    assert a.level == 1 and any(d.signal in ("答非所问", "answers another question") for d in a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "On the 1024-GPU run on your résumé, how were TP, PP and DP chosen?",
     "Honestly that config came from the platform team. We used the default Megatron script they had for that model "
     "size, I think TP was 8 and something for pipeline. My part was mostly the evaluation harness and kicking off the "
     "runs, so I wouldn't be the right person to explain why those numbers."),
    ("zh", "你简历上那个千卡的训练，TP、PP、DP 是怎么定的？",
     "说实话那套配置是平台组给的，我们直接用了他们那个 Megatron 默认脚本，TP 好像是 8，PP 记不清了。我主要负责评测和起任务，为什么是这几个数"
     "我不是合适的人来讲。"),
])
def test_not_the_right_person_to_explain_it_is_someone_elses_work(ours, lang, question, answer):
    # heldout29 h29_39 (labelled 1) read as a 2: the settings recalled of the platform team's script carried it.
    a = score(ours, lang, 3, answer, question)
    assert a.signal == "not_mine" and a.level == 1, a


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "嗯，换到更大规模还成立吗？", "这个不太清楚，我们没在更大规模上试过，4096 卡的资源一直没拿到。"),
    ("en", "Would it still hold at a larger scale?", "I'm not sure, we never tried it at a larger scale, we never got the 4096 GPUs."),
])
def test_a_miss_beside_a_count_of_gpus_is_a_miss(ours, lang, question, answer):
    # Read aloud in this stop's zh session: "4096 卡" read as a figure of an answer, so the miss was "thin" and the
    # interviewer pressed "你是怎么确认的？" on what the candidate had just said was never tried.
    a = score(ours, lang, 10, answer, question)
    assert a.signal == "dont_know" and a.level == 1, a


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "No problem, no verdict needed: if you had to check it, what would you look at?",
     "I'd look at scaling efficiency: keep the per-GPU micro-batch, run a few hundred steps on 4096 GPUs and compare "
     "tokens per second per GPU. And the exposed communication share: with DP going from 32 to 64 the per-GPU "
     "all-reduce bytes barely change but the ring gets longer, so I'd check in the profiler whether the gradient "
     "all-reduce still hides in backward."),
    ("zh", "没关系，不用下结论：要是让你去验证这一点，你会看什么？",
     "要是让我验证，先看扩展效率：每卡 micro batch 不变，在 4096 卡上跑几百步，比每卡 token/s 掉了多少。再看暴露通信占比，DP 从 32 变成 64，"
     "每卡 all-reduce 的数据量差不多，但 ring 更长，要是让我查，就用 profiler 看反向里梯度通信还能不能藏住。"),
])
def test_what_the_candidate_would_check_is_no_story(ours, lang, question, answer):
    # Read aloud in this stop's en session: "so I'd check in the profiler whether…" was credited as "has one full
    # profiling story (the symptom, the slice it traced to, the change, MFU before and after)".
    a = score(ours, lang, 10, answer, question)
    assert not any("story" in h.marker or "一次完整剖析" in h.marker for h in a.markers), a.markers


@pytest.mark.parametrize("lang, question, answer, shown", [
    ("en", "Can you tell me why TP stays inside a node while PP spans nodes?",
     "TP does two all-reduces per layer in forward and two in backward, each on the order of b·s·h, hundreds per step, "
     "so it has to sit on NVLink: about 200 GB/s each way inside an H800 box versus 50 GB/s per GPU on 400 Gb/s IB, "
     "four times slower. PP only passes one activation at each stage boundary, small and overlappable, so crossing "
     "nodes is fine.", "four times slower"),
    ("zh", "TP 放机内而 PP 跨机的原因是什么？",
     "TP 每层前向反向各两次 all-reduce，量是 2·b·s·h 级别，一个 step 几百次，必须走 NVLink，机内 NVLink 单向 200 GB/s，跨机的 IB "
     "每卡只有 50 GB/s，所以 TP 不出机，DP 放在最外层。PP 只在 stage 边界传一次激活，量小而且可以和计算重叠，跨机没问题。", "50 GB/s"),
])
def test_a_quote_reaches_the_words_of_its_point_said_later_in_its_sentence(ours, lang, question, answer, shown):
    # Read aloud in this stop's en session: "knows TP across nodes puts every per-layer all-reduce on NICs an order of
    # magnitude slower" was quoted "TP does two all-reduces per layer…, each on the order of b·s·h," - the slower NIC
    # said four clauses on was left out.
    a = score(ours, lang, 3, answer, question)
    hit = next(h for h in a.markers if "NIC" in h.marker or "网卡" in h.marker)
    assert shown in hit.evidence, hit.evidence


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "What would you monitor on a GPU training cluster, and how do you find a slow node?",
     "For the slow node I'd time each rank's compute with CUDA events and each collective separately; the straggler has "
     "the longest compute and the shortest wait. For monitoring, the usual GPU metrics from the exporter, I guess. I "
     "haven't set that up myself, so I couldn't list specific fields."),
    ("zh", "训练集群你会采哪些指标？慢节点怎么找？",
     "慢节点的话，我会用 CUDA event 给每个 rank 的计算单独计时，集合通信也单独计时，慢卡计算最长、等待最短。监控那边就是 exporter 里常见的 GPU "
     "指标吧。我自己没搭过，具体字段我列不出来。"),
])
def test_fields_the_candidate_says_they_cannot_list_are_not_credited(ours, lang, question, answer):
    # heldout30 h30_11 (labelled 3) read as a 4: "names specific DCGM fields" was credited with "I couldn't list specific
    # fields".
    a = score(ours, lang, 14, answer, question)
    assert credited(a, "DCGM") is None, a.markers


@pytest.mark.parametrize("lang, question, answer, flag", [
    ("zh", "多机训练在 k8s 上为什么要用 gang 调度？",
     "gang 调度的话，我觉得其实不太需要。默认调度器资源不够时 Pod 就 Pending 排队，等别的作业释放了自然就调度上了，最多晚一点启动。",
     "说不出为什么要 gang 调度"),
    ("en", "Why would a multi-node training job on Kubernetes need gang scheduling?",
     "Gang scheduling, honestly I don't think it's really needed. With the default scheduler the pods just sit in "
     "Pending until another job frees its GPUs, so at worst the job starts a bit later.",
     "cannot say why gang scheduling is needed"),
])
def test_a_point_called_unneeded_is_not_credited_and_shows_the_flag(ours, lang, question, answer, flag):
    # heldout30 h30_21 (labelled 2) read as a 3: gang scheduling was credited with the clause that dismissed it.
    a = score(ours, lang, 13, answer, question)
    assert credited(a, "gang") is None, a.markers
    hit = next(d for d in a.danger_signals if d.signal == flag)
    assert ("不太需要" if lang == "zh" else "needed") in hit.evidence


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "PyTorchJob 是怎么把多机训练拉起来的？",
     "PyTorchJob 是 training operator 的 CRD，分 Master 和 Worker 副本，operator 给每个 Pod 注入 MASTER_ADDR、MASTER_PORT、"
     "WORLD_SIZE、RANK 这些环境变量，训练脚本里 init_process_group 用 env:// 读它们连到 master。调度我不太清楚。"),
    ("en", "How does a PyTorchJob bring up a multi-node training run?",
     "A PyTorchJob is the training operator's CRD with Master and Worker replicas; the operator injects MASTER_ADDR, "
     "MASTER_PORT, WORLD_SIZE, RANK environment variables into every pod, and init_process_group with env:// reads them "
     "to reach the master. The scheduling side I don't really know."),
])
def test_injected_variables_said_with_what_reads_them_are_not_names_recited(ours, lang, question, answer):
    # heldout30 h30_21: NCCL's "can only recite environment variable names" was raised on a PyTorchJob answer that tells
    # what the variables are for.
    a = score(ours, lang, 13, answer, question)
    assert credited(a, "MASTER_ADDR") is not None
    assert not any("环境变量" in d.signal or "environment variable" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你们的 checkpoint 是同步还是异步存的？间隔怎么定的？",
     "异步保存我没做过。我们每 2000 步同步存一次，存的时候训练停住四分钟左右。间隔也没专门算过，感觉 2000 步差不多，是之前的人定的。"),
    ("en", "Do you save checkpoints synchronously or asynchronously, and how was the interval chosen?",
     "I haven't done async saving. We save synchronously every 2000 steps and training stalls for about four minutes "
     "while it writes. I never really worked the interval out either, 2000 felt about right, and it was set by whoever "
     "was here before."),
])
def test_a_setup_told_back_with_half_unknown_and_the_setting_taken_over_is_a_2(ours, lang, question, answer):
    # heldout30 h30_18 (labelled 1) read as a 3: the stall's two figures counted as worked out, beside "没做过" and an
    # interval "是之前的人定的" (which no form of a setting taken over read).
    a = score(ours, lang, 11, answer, question)
    assert a.level == 2, a
    # ...and the interval kept because it felt right is the pack's own flag in both languages ("感觉 2000 步差不多").
    assert any(d.signal in ("保存间隔凭感觉定", "picks the save interval by gut feeling") for d in a.danger_signals)


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "How would you find the one slow node in a 256-GPU job?",
     "The mistake people make is to look for the rank with the longest communication time. It's the opposite: the "
     "straggler waits the least, so I'd time compute per rank."),
    ("zh", "256 卡的作业里怎么找出那台慢节点？", "常见的错是去找通信时间最长的那张卡。其实正相反：慢卡等得最少，我会按 rank 记计算时间。"),
])
def test_a_belief_told_as_others_and_turned_round_is_not_held(ours, lang, question, answer):
    # heldout30 h30_11: "The thing people get wrong is they look for the rank that spends the longest in communication.
    # It's the opposite: …" was flagged as the misconception it sets right, then as names without mechanism.
    a = score(ours, lang, 14, answer, question)
    assert a.level is not None and a.level >= 2
    assert not a.danger_signals, a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历上写了 MoE，专家负载不均衡是怎么处理的？",
     "这块我主要是看论文了解的。论文里说一般加一个辅助损失，让每个专家分到的 token 尽量均匀；也可以不用辅助损失，给每个专家加个偏置动态调。还有容量"
     "因子，超出容量的 token 就丢掉。我们项目里直接用的框架默认设置，具体丢了多少 token、all-to-all 占多少时间，我没有去看过。"),
    ("en", "Your résumé mentions MoE. How did you deal with expert load imbalance?",
     "I mostly know this from the papers. The paper says you usually add an auxiliary loss so each expert gets a similar "
     "share of tokens; DeepSeek drops the aux loss and adjusts a per-expert bias instead. There's also the capacity "
     "factor, and tokens over capacity are dropped. In our project we just used the framework defaults; how many tokens "
     "were dropped or how long the all-to-all took, I didn't go and check."),
])
def test_what_the_papers_say_beside_nothing_measured_is_a_2(ours, lang, question, answer):
    # heldout30 h30_38 (labelled 2) read as a 3: methods known from papers, the candidate's own run never looked at.
    a = score(ours, lang, 7, answer, question)
    assert a.level == 2, a


@pytest.mark.parametrize("lang, question, answer, flag", [
    ("zh", "128K 的序列，为什么光开序列并行不够？",
     "这个前提我不太同意，序列并行本来就是给长序列用的。它把序列切到 TP 组的各张卡上，TP8 的话每张卡只放 16K，这跟上下文并行是一回事，只是不同框架叫法"
     "不一样。所以开了序列并行，128K 也就够了。", "把上下文并行与序列并行混为一谈"),
    ("en", "Why isn't sequence parallelism alone enough at 128K tokens?",
     "I'd push back on that, sequence parallelism is exactly what you use for long sequences. It splits the sequence "
     "over the tensor-parallel GPUs, so at TP8 each GPU holds a 16K slice, and that's the same thing as context "
     "parallelism, just a different name in other frameworks. So with sequence parallelism on, 128K is covered.",
     "conflates context and sequence parallelism"),
])
def test_one_called_the_other_under_another_name_is_the_conflation(ours, lang, question, answer, flag):
    # heldout30 h30_26 (labelled 1) read as a 3: the pushback named sequence parallelism in one sentence and called it
    # context parallelism by another name in the next, where no window joins the two.
    a = score(ours, lang, 7, answer, question)
    assert a.level == 1 and any(d.signal == flag for d in a.danger_signals), a


@pytest.mark.parametrize("lang, question, answer, wrong", [
    ("en", "Ring versus tree all-reduce, when does each win? And how do you read nccl-tests output?",
     "Ring is bandwidth-optimal: each rank sends and receives about 2(n-1)/n of the buffer, so big messages run near link "
     "speed, but latency grows linearly with ranks, so tree wins for small messages and very large jobs. In nccl-tests, "
     "busbw is the raw bandwidth of the link itself, a hardware constant you compare with the spec sheet, and algbw is "
     "what your algorithm achieves, so if algbw is way below busbw the algorithm is inefficient.", "a claim stated wrong"),
    ("zh", "ring 和 tree all-reduce 各在什么时候占优？nccl-tests 的输出怎么看？",
     "ring 是带宽最优的，每张卡收发约 2(n-1)/n 倍数据，大消息基本跑满链路，但延迟随 rank 数线性增长，所以小消息和超大规模时 tree 更好。nccl-tests "
     "里 busbw 就是链路本身的物理带宽，是个硬件常数，拿来跟规格表比；algbw 是算法实际跑出来的，如果 algbw 远低于 busbw 说明算法效率低。", "说法不对"),
])
def test_a_good_opening_that_drifts_into_a_wrong_account_is_a_2(ours, lang, question, answer, wrong):
    # heldout30 h30_06 (labelled 2) read as a 4, "Solid; but avoid 'cannot tell algbw from busbw'": the busbw point was
    # credited with the ring clause while the answer went on to get busbw wrong. Both twins were 3.
    a = score(ours, lang, 9, answer, question)
    assert a.level == 2, a
    assert any(d.signal == wrong and "busbw" in d.evidence for d in a.danger_signals), a.danger_signals
    assert credited(a, "ring") is not None


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "How do BF16 and FP16 differ, and why did you pick BF16?",
     "Same 8-bit exponent as FP32 against FP16's 5, so BF16 gives up mantissa for range, and FP16 needs a dynamic loss "
     "scaler while BF16 doesn't. That's why the 130B was BF16 from day one, after we'd watched a customer's FP16 13B job "
     "collapse its loss scale to 1 and stall."),
    ("zh", "BF16 和 FP16 有什么区别？你们为什么选 BF16？",
     "BF16 和 FP32 一样是 8 位指数，FP16 只有 5 位，BF16 拿尾数换了范围，FP16 要动态 loss scaling，BF16 不用。所以那个 130B 从第一天就是 BF16，之前"
     "我们看过一个客户 FP16 的 13B 作业 loss scale 掉到 1 卡住了。"),
    ("en", "How do you read nccl-tests output?",
     "Read busbw: for all-reduce it is algbw times 2(n-1)/n, so an algbw of 200 on 8 GPUs is a busbw of 350, which you "
     "compare with the link speed."),
])
def test_two_names_set_equal_only_when_the_equation_is_said_of_them(ours, lang, question, answer):
    # "The 130B was BF16 from day one, after… a customer's FP16 job…" equates neither ("was" is of the 130B), "BF16 和
    # FP32 一样" sets BF16 with FP32, and "an algbw of 200 is a busbw of 350" converts: none is "cannot tell X from Y",
    # which had been raised on the first (a 4 scored 2) and on the last.
    a = score(ours, lang, 9 if "nccl" in question else 1, answer, question)
    assert not any(d.signal in ("cannot say how BF16 differs from FP16", "说不出 BF16 与 FP16 的差别",
                                "cannot tell algbw from busbw") for d in a.danger_signals), a.danger_signals
    assert a.level is not None and a.level >= 3, a


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "In nccl-tests, what is busbw and why do people read it rather than algbw?",
     "algbw is just size over time. For all-reduce with a ring, each rank sends and receives 2(n−1)/n times the buffer. "
     "So busbw = algbw × 2(n−1)/n, which takes n out of it. Example: 8 GPUs, a 4 GB buffer in 15 ms is an algbw of "
     "about 267 GB/s, times 1.75 is about 467 GB/s busbw, in the range you'd expect from NVLink on H100."),
    ("zh", "nccl-tests 里的 busbw 是什么？为什么看它而不看 algbw？",
     "algbw 就是数据量除以时间。ring all-reduce 每张卡收发 2(n−1)/n 倍的数据，所以 busbw = algbw × 2(n−1)/n，把 n 的影响去掉了。"
     "比如 8 卡、4 GB 用了 15 ms，algbw 大约 267 GB/s，乘以 1.75 就是 467 GB/s 左右的 busbw，跟 H100 的 NVLink 对得上。"),
])
def test_busbw_worked_out_from_algbw_with_a_typed_minus_is_the_point_not_a_conflation(ours, lang, question, answer):
    # candidates32 c32_c.2 (labelled 3) read as a 2: "2(n−1)/n" with the minus sign U+2212 was no formula, and "an algbw
    # of about 267 GB/s, times 1.75 is about 467 GB/s busbw" raised "cannot tell algbw from busbw", which then took the
    # busbw point away as contradicted. The zh twin failed the same way.
    a = score(ours, lang, 9, answer, question)
    assert credited(a, "busbw"), a.markers
    assert not any("algbw" in d.signal for d in a.danger_signals), a.danger_signals
    assert a.level == 3, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "Ulysses 是用 all-to-all，把按序列切换成按头切，算完 attention 再换回来；ring attention 是 KV 在卡之间一圈一圈地传。Ulysses "
     "的并行度受头数限制，ring 没有这个限制。我们项目里用的是 ring 那种，具体 CP 度是另一位同学定的。"),
    ("en", "Ulysses uses an all-to-all to swap the sequence split for a head split, computes attention, and swaps back; ring "
     "attention passes the KV blocks around the ranks. Ulysses is capped by the number of heads, ring is not. Our project "
     "used ring; the CP degree itself a teammate chose."),
])
def test_a_mechanism_told_with_the_asked_setting_someone_elses_is_a_2(ours, lang, answer):
    # candidates32 c32_d.2 (labelled 2) read as a 3: "是另一位同学定的" was no way of saying the choice was someone
    # else's. The English twin failed the same way.
    a = score(ours, lang, 7, answer, "Ulysses 和 ring attention 有什么区别？" if lang == "zh" else
              "How do Ulysses and ring attention differ?")
    assert a.level == 2, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "主训练用的 BF16，因为 BF16 和 FP32 一样是 8 位指数，动态范围够，不用 loss scaling，之前用 FP16 经常要调 loss scale 很麻烦。"
           "FP8 只在 7B 上试过，用的 Transformer Engine 默认的 delayed scaling，没有上到主训练。"),
    ("en", "We trained in BF16 because BF16 has the same 8-bit exponent as FP32, so the dynamic range is enough and no loss "
           "scaling is needed; with FP16 before we kept having to tune the loss scale, which was a pain. FP8 we only tried "
           "on 7B, with Transformer Engine's default delayed scaling, and never took it to the main run."),
])
def test_the_default_recipe_of_a_trial_never_adopted_is_no_choice_taken_over(ours, lang, answer):
    # A zh session, asked how the precision format was chosen: BF16 chosen for its reason read 2 with 配置照搬现成的 on
    # the FP8 trial's "默认的 delayed scaling"; the English twin read 3.
    a = score(ours, lang, 1, answer, "精度格式是怎么选的？" if lang == "zh" else "How was the precision format chosen?")
    assert a.level == 3, a
    assert credited(a, "BF16"), a.markers
    assert not a.danger_signals, a.danger_signals


@pytest.mark.parametrize("lang, question, answer, rest", [
    ("zh", "能具体讲讲五种并行各自切分的维度吗？", "DP 切的是 batch，每张卡一份完整模型；TP 切的是层内的权重矩阵；PP 切的是层，按 stage "
     "分；CP 切的是序列；EP 切的是专家。显存主要靠 TP、PP 和 ZeRO 省，DP 主要是扩算力。", "显存主要靠"),
    ("en", "Can you walk me through what each of the five parallelisms splits?", "DP splits the batch, each GPU holds a "
     "full model; TP splits the weight matrices inside a layer; PP splits the layers into stages; CP splits the "
     "sequence; EP splits the experts. Memory is saved mostly by TP, PP and ZeRO, while DP mainly adds compute.",
     "Memory is saved"),
])
def test_the_rest_of_a_credited_point_is_not_names_without_mechanism(ours, lang, question, answer, rest):
    # A zh session: the split of each parallelism was credited from the first sentence, and the second, the marker's
    # "并说出各自缓解的是显存还是算力", was quoted as 只报名词没有机制 (in English too).
    a = score(ours, lang, 1, answer, question)
    assert credited(a, "batch"), a.markers
    assert not any(rest in d.evidence for d in a.danger_signals), a.danger_signals


def test_in_that_case_is_no_time_something_happened(ours):
    # heldout3 b45 (labelled 3): "只有同配置下纯重构代码才该要求 bitwise，那时候开 torch.use_deterministic_algorithms 再逐位比".
    assert not read("只有同配置下纯重构代码才该要求 bitwise，那时候开 deterministic 再逐位比。", ours["zh"].vocabulary).has("incident")


# ZeRO-3 chosen on the candidate's own case, with its cost measured (a zh session; the listening tests use it too).
ZERO3_ON_THE_CASE = {
    "zh": "那时候 6B 模型、32 张 A100 40G，ZeRO-2 的话每卡参数 12G 加上激活放不下，所以上了 ZeRO-3，每卡模型状态大概 3G。代价是每层前向反向"
          "都要 all-gather 参数，step 大概慢了 15%。",
    "en": "Back then it was a 6B model on 32 A100 40GB cards. With ZeRO-2 the parameters alone were 12 GB per GPU and "
          "with activations it didn't fit, so we went to ZeRO-3, about 3 GB of model state per GPU. The cost is an "
          "all-gather of the parameters in every layer's forward and backward; the step got about 15% slower.",
}


@pytest.mark.parametrize("lang, answer", sorted(ZERO3_ON_THE_CASE.items()))
def test_a_sharding_level_chosen_on_the_case_with_its_cost_is_judgement_in_both_languages(ours, lang, answer):
    a = score(ours, lang, 6, answer, "分片级别是怎么选的？" if lang == "zh" else "How was the sharding level chosen?")
    assert a.level == 4, a


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "在你自己负责的那部分里，最近一次事故从发现到定位用了多久？",
     "最近一次是 loss 突然从 2.1 跳到 4 多，监控 grad norm 的报警大概 5 分钟就响了，我看了一下是 grad norm 先炸的，定位到一批数据里有很长的重复"
     "文本，前后大概用了一个小时。"),
    ("en", "In your own part of that work, how long did the latest incident take from detection to diagnosis?",
     "The latest one: loss suddenly jumped from 2.1 to over 4. The grad-norm alert fired within about 5 minutes; I "
     "looked and the grad norm had blown up first, and we traced it to a batch with very long repeated text. About an "
     "hour end to end."),
])
def test_the_incident_asked_for_told_in_its_figures_and_traced_to_its_cause_is_judgement(ours, lang, question, answer):
    # A zh session's incident chain: this read 2 with nothing credited ("最近一次" said back from the question, "定位到"
    # a weak cue), the English twin 4 ("traced it to" is a cause found).
    a = score(ours, lang, 15, answer, question)
    assert a.level == 4, a


SLOW_NODE_STORY = ("最近一次是上个月，凌晨 3 点多报警说吞吐掉到平时的一半，但没有报错也没挂。我先看按 rank 的 step 时间看板，发现第 37 号节点的 8 "
                   "个 rank 每步都慢 200 毫秒左右，其他节点在等它；再登上去看 ibstat，有一张网卡协商到了 100G，正常应该是 200G。从报警到定位大概 "
                   "40 分钟。")


def test_what_a_thing_normally_is_is_no_guess(ours):
    # Read aloud in a zh session: this slow-node story (the metric, 40 minutes, a NIC at 100G) showed no point, its
    # "正常应该是 200G" taken for a guess. (The English "where it should be 200G" never was one.)
    a = score(ours, "zh", 14, SLOW_NODE_STORY, "最近一次事故从发现到定位用了多久？")
    assert "网卡协商到了 100G" in (credited(a, "慢节点的经过") or ""), a.markers
    guess = score(ours, "zh", 14, "应该是某个节点网卡降速了吧，我没查过。", "慢节点怎么找？")
    assert not credited(guess, "慢节点的经过"), guess.markers


def test_a_slow_step_is_no_rank_running_an_extra_step(ours):
    # The same story under the hang topic was credited with "某个 rank 提前退出或多跑一步": "一步" was a form of throughput.
    a = score(ours, "zh", 15, SLOW_NODE_STORY, "最近一次事故从发现到定位用了多久？")
    assert not credited(a, "hang 常见于"), a.markers
    # A rank ahead of the others by a step is that cause.
    ahead = score(ours, "zh", 15, "1023 个 rank 都停在 clip_grad_norm 里的 all-reduce，只有 rank 517 已经走到下一步的数据加载了，"
                                  "它的集合通信序号比别人少 1。", "讲一次你亲自排查的 hang。")
    assert credited(ahead, "hang 常见于"), ahead.markers


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "扩到更多卡时的扩展效率有多少？",
     "我们从 512 卡扩到 1024 卡，全局 batch 跟着翻倍，每卡吞吐掉了大概 6%，扩展效率 94% 左右。掉的主要是 DP 那层：跨的交换机层级多了，"
     "最后一个梯度桶暴露的时间变长。"),
    ("en", "How well did it scale to more GPUs?",
     "We went from 512 to 1024 GPUs and doubled the global batch with them; per-GPU throughput fell about 6%, so about "
     "94% scaling efficiency. The loss is in the DP layer: more switch tiers, and the last gradient bucket stays "
     "exposed longer."),
], ids=["zh", "en"])
def test_the_figure_of_a_markers_example_said_of_another_quantity_shows_no_configuration(ours, lang, question, answer):
    # "从 512 卡扩到 1024 卡，全局 batch 跟着翻倍" was credited with "能给出实际配置并逐项解释…如 70B、4K 序列、全局 batch 1024 条…":
    # the example's batch of 1024 met the answer's 1024 GPUs.
    a = score(ours, lang, 3, answer, question)
    assert not credited(a, "70B"), a.markers
    assert credited(a, "Megatron"), a.markers  # the scaling efficiency and where it is lost


@pytest.mark.parametrize("lang, would, did", [
    ("zh", "我会先看框架有没有现成的：Megatron 的 dist_checkpointing 存的是带全局形状和切分信息的分片，加载时按新的 TP/PP 重新切；没有的话就"
           "先把分片合成一份完整的 state dict，再按新并行度切开，代价是要一台内存够大的机器和一次离线转换。",
     "我们用 Megatron 的 dist_checkpointing 做过：分片带着全局形状和偏移，从 TP8 换到 TP4 加载时直接重新切，前 200 步的 loss 和换之前是连续的。"),
    ("en", "I'd first check whether the framework has it: Megatron dist_checkpointing stores shards with their global "
           "shapes and offsets and re-slices them on load for the new TP/PP; otherwise I'd merge the shards into one "
           "full state dict and split it again, at the cost of a big-memory machine and an offline conversion.",
     "We did it with Megatron dist_checkpointing: the shards carry global shapes and offsets, so loading at TP4 "
     "after TP8 just re-slices them; we checked the loss stayed continuous over the first 200 steps."),
], ids=["zh", "en"])
def test_what_one_would_do_shows_no_marker_of_what_one_has_done(ours, lang, would, did):
    # Read aloud in a zh session: after "这个我们没做过", the answer to "假如现在要你来弄清…，你会先从哪里入手？" was credited with
    # "用 … Megatron dist_checkpointing … 做过改并行度加载并验证 loss 连续".
    question = "换并行度后怎么加载旧 checkpoint？" if lang == "zh" else "How does an old checkpoint load under a new parallel layout?"
    words = ("做过",) if lang == "zh" else ("has loaded",)
    assert not credited(score(ours, lang, 11, would, question), *words)
    assert credited(score(ours, lang, 11, did, question), *words)


@pytest.mark.parametrize("lang, answer", [
    ("zh", "这块是推理组同事做的，我只知道训练完一步会把权重广播给 vLLM，具体怎么重排的我不太清楚。"),
    ("en", "That part was done by a colleague on the inference team; I only know that after each step the weights are "
           "broadcast to vLLM, and I'm not sure how they are re-laid-out."),
], ids=["zh", "en"])
def test_weights_broadcast_to_the_engine_is_weight_sync_and_a_colleagues_part_is_not_mine(ours, lang, answer):
    # Read aloud in a zh session: this read 1, "答非所问", where its English twin read 2: "权重广播" was no weight sync
    # and "同事做的" no other person's part.
    from interviewer.scoring_read import CUES

    a = score(ours, lang, 16, answer, "权重同步走的是什么路径？" if lang == "zh" else "Which path does weight sync take?")
    assert a.level == 2, a
    assert not any("答非所问" in f.signal or "off the question" in f.signal.casefold() for f in a.danger_signals), a.danger_signals
    assert CUES["not_mine"].search(answer.casefold())



@pytest.mark.parametrize("lang, story", [
    ("zh", "最近一次是上个月，凌晨 3 点多报警说吞吐掉到平时的一半，没有报错，也没有 hang。我先看按 rank 的 step 时间看板，发现第 37 号节点的 8 个 "
           "rank 每步都慢 200 毫秒左右；再登上去看 ibstat，有一张网卡协商到了 100G。从报警到定位大概 40 分钟。"),
    ("en", "The latest was last month: at about 3 a.m. an alert said throughput had dropped to half, with no error and "
           "no hang. I first looked at the per-rank step-time dashboard and saw that the 8 ranks of node 37 were each "
           "about 200 ms slower per step; then I logged in and ran ibstat, and one NIC had negotiated 100G. From the "
           "alert to the diagnosis took about 40 minutes."),
], ids=["zh", "en"])
def test_a_story_told_as_no_hang_is_no_hang_investigation(ours, lang, story):
    # Read aloud in an en session: "walks through one full hang investigation" was credited with "an alert said
    # throughput had dropped to half, with no error and no hang."
    question = ("在你自己负责的那部分里，最近一次事故从发现到定位用了多久？" if lang == "zh" else
                "In your own part of that work, how long did the latest incident take from detection to diagnosis?")
    a = score(ours, lang, 15, story, question)
    assert not credited(a, "hang 排查" if lang == "zh" else "hang investigation"), a.markers


@pytest.mark.parametrize("lang, question, story", [
    ("zh", "能具体讲讲一次 hang 从发现到定位到具体 rank 的排查过程吗？",
     "碰到过一次：一个 1024 卡作业 step 不走了，NCCL watchdog 30 分钟才超时报出来。我用脚本对所有 rank 跑 py-spy dump，1023 个 rank 都停在"
     "梯度 all-reduce 里，只有一个 rank 停在数据加载，它那份数据分片少了一个 batch，提前结束了这个 epoch。修法是各 rank 按最短的分片对齐 step "
     "数，之后又把 watchdog 超时调到 10 分钟。"),
    ("en", "Can you tell me how you took one hang from first alert to the exact rank?",
     "Once: a 1024-GPU job stopped stepping, and the NCCL watchdog only timed out after 30 minutes. I ran py-spy dump on "
     "every rank with a script; 1023 ranks sat in the gradient all-reduce and one sat in data loading: its data shard "
     "was one batch short, so it had finished the epoch early. The fix was to align every rank's step count to the "
     "shortest shard, and we cut the watchdog timeout to 10 minutes afterwards."),
], ids=["zh", "en"])
def test_a_hang_traced_to_its_rank_with_its_fix_is_judgement_in_both_languages(ours, lang, question, story):
    # Read aloud: the zh story read 3 where its English twin read 4: "the fix was" tells a story's cause found and
    # mended, "修法是" did not (only "修法:"). And neither was the hang investigation the marker asks for: a job whose
    # step stopped ("step 不走了", "stopped stepping") is a hang.
    a = score(ours, lang, 15, story, question)
    assert a.level == 4, a
    assert credited(a, "hang 排查" if lang == "zh" else "hang investigation"), a.markers


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "MFU 是按什么口径算的？", "按 6N 算的：每秒 token 数乘 6 乘 65B，再除以 1024 乘 A800 的 BF16 稠密峰值 312 TFLOPS。重计算那部分没有算进去，"
                                "所以是偏保守的口径。"),
    ("en", "How was MFU computed?", "By 6N: tokens per second times 6 times 65B, divided by 1024 times the A800's dense "
                                   "BF16 peak of 312 TFLOPS. Recomputation is not counted, so it is the conservative "
                                   "definition."),
], ids=["zh", "en"])
def test_a_word_denied_in_another_sentence_does_not_deny_the_point(ours, lang, question, answer):
    # Read aloud in the en session: the MFU formula said in words was not credited, "Recomputation is not counted"
    # taken to deny the marker's "GPU count"; the zh twin was credited.
    a = score(ours, lang, 10, answer, question)
    assert credited(a, "6N"), a.markers


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "最近一次事故从发现到定位用了多久？", "上个月一次 hang，从告警到定位到具体 rank 大概 40 分钟。"),
    ("en", "Can you tell me how long the latest incident took from detection to diagnosis?",
     "A hang last month: from the alert to the exact rank took about 40 minutes."),
], ids=["zh", "en"])
def test_the_time_an_incident_took_is_no_walk_through_it(ours, lang, question, answer):
    # Read aloud (the platform candidate): the time asked for, said of a hang in one sentence, was credited as the
    # full hang investigation ("detection, captured stacks, the diverging rank, root cause and fix") and read as a 4.
    a = score(ours, lang, 15, answer, question)
    assert not credited(a, "hang 排查" if lang == "zh" else "hang investigation"), a.markers
    assert a.level < 4, a


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你简历里写到「基于 torch.distributed.checkpoint 实现分布式异步保存，70B 模型单次保存阻塞从 4 分钟…」。在你自己负责的那部分里，"
           "存储带宽是不是瓶颈？", "是。70B 连优化器状态大概 1TB，并行文件系统给一个作业的写带宽大约 5GB/s，同步写要 3 到 4 分钟；所以改成"
                            "先拷到 CPU 锁页内存，阻塞只剩拷贝的 25 秒，后台再写。"),
    ("en", "Your résumé says “Implemented distributed asynchronous saving on…”. In your own part of that work, was "
           "storage bandwidth the bottleneck?",
     "Yes. 70B with optimizer state is about 1 TB, the parallel file system gives one job about 5 GB/s of write "
     "bandwidth, so a synchronous save took 3 to 4 minutes; so we copy to pinned CPU memory first, blocking only for "
     "the 25-second copy, and write in the background."),
], ids=["zh", "en"])
def test_a_save_that_takes_minutes_is_no_save_interval(ours, lang, question, answer):
    # Read aloud (the platform candidate, en): "a synchronous save took 3 to 4 minutes…blocking only for the 25-second
    # copy" was credited as the Young-Daly interval "such as saving about every 15 minutes with 30 seconds of
    # blocking…": the example's words (blocking, minutes) without a word of what it is an example of.
    a = score(ours, lang, 11, answer, question)
    assert not credited(a, "Young-Daly"), a.markers
    assert credited(a, "1 TB"), a.markers


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "分词与打包放在离线还是在线？", "离线。分词和打包在预处理时做完，写成 tar 分片，训练时只读 token。"),
    ("en", "Can you tell me whether tokenization and packing ran offline or online?",
     "Offline. Tokenization and packing are done in preprocessing and written to tar shards; training only reads "
     "tokens."),
], ids=["zh", "en"])
def test_shards_written_say_nothing_of_small_files(ours, lang, question, answer):
    # Read aloud (the platform candidate): "写成 tar 分片" was credited as knowing that small files' metadata swamps the
    # store, fixed with large shard formats "（tar 分片、mmap 索引数据集、Parquet）": one thing the marker lists in
    # brackets, nothing of what it lists it for.
    a = score(ours, lang, 12, answer, question)
    assert not credited(a, "小文件" if lang == "zh" else "small files"), a.markers


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "坏节点是怎么摘除并重启作业的？", "DCGM 报 Xid 79 或者 NCCL watchdog 超时，我们的控制器给节点打 taint 并 cordon，然后删掉整个作业的 "
                                 "Pod 重建，从最近的 checkpoint 拉起。"),
    ("en", "How are bad nodes removed and the job restarted?",
     "When DCGM reports Xid 79 or the NCCL watchdog times out, our controller taints and cordons the node, deletes all "
     "of the job's pods and recreates them, and the job starts from the latest checkpoint."),
], ids=["zh", "en"])
def test_the_steps_of_a_procedure_are_no_names_dropped(ours, lang, question, answer):
    # Read aloud (the platform candidate): "只报名词没有机制" quoted "从最近的 checkpoint 拉起。", the last step of the
    # procedure the answer tells from what sets it off.
    a = score(ours, lang, 13, answer, question)
    assert not any(d.signal in ("只报名词没有机制", "names without mechanism") for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "事后加了哪道防线？", "给数据读取加了超时和校验，坏分片直接跳过并告警；NCCL watchdog 超时会自动触发 flight recorder dump，下次定位从 "
                           "40 分钟缩到 10 分钟以内。"),
    ("en", "What safeguard was added afterwards?",
     "Data reads got a timeout and a checksum, so a corrupt shard is skipped with an alert; an NCCL watchdog timeout "
     "now dumps the flight recorder automatically, and diagnosis went from 40 minutes to under 10."),
], ids=["zh", "en"])
def test_a_safeguard_asked_for_and_told_with_its_effect_is_judgement_in_both_languages(ours, lang, question, answer):
    # Read aloud (the platform candidate): zh 4 on one credit (its 校验 read as a check), en 3 on two. The zh marker
    # "事后把排查固化成防线…" asked for a story told in the first person (its 事后 reads as one), the en one did not and
    # was no story; asked what was added afterwards, the story is the question's, in both languages.
    a = score(ours, lang, 15, answer, question)
    assert credited(a, "防线" if lang == "zh" else "safeguard"), a.markers
    assert a.level == 4, a


# The kernel candidate's baseline, asked on the résumé's MFU line: a setting, a format named in passing, and the formula.
KERNEL_BASELINE = {
    "zh": "基线是同一个 7B 配置、同样 64 张卡、同样 global batch 的 Megatron 默认实现，开了 flash-attention 和 BF16；MFU 按 "
          "6N 乘 tokens/s 除以峰值算力算。",
    "en": "The baseline was the same 7B config on the same 64 GPUs with the same global batch, stock Megatron with "
          "flash-attention and BF16; MFU was 6N times tokens per second divided by peak FLOPs.",
}


@pytest.mark.parametrize("lang, question", [
    ("zh", "你简历里写到「用 Nsight Systems 做性能剖析，MFU 从 29% 提到 41%」。在你自己负责的那部分里，对比的基线是什么？"),
    ("en", "Your résumé says “Profiled with Nsight Systems and raised MFU from 29% to 41%”. In your own part of that "
           "work, what was the baseline?"),
])
def test_a_model_size_said_as_the_setting_computes_nothing_of_a_point(ours, lang, question):
    """Heard (the kernel candidate): en credited "computes on the spot that a 7B model at 40% MFU … is about 9.4K
    tokens/s per GPU" with the baseline's "the same 7B config…"; zh credited nothing and flagged "只报名词没有机制". The
    MFU formula the answer gives is the point it shows, in both languages."""
    t, answer = ours[lang].topic(10), KERNEL_BASELINE[lang]
    a = score_answer(t, answer, question, ours[lang].danger_for(t.title), own_work=True)
    assert credited(a, "6N") and not any("9.4K" in h.marker for h in a.markers), [h.marker for h in a.markers]
    assert a.level == 3 and not a.danger_signals, (a.level, flags(a))


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "遇到溢出时怎么处理？", "TE 的 delayed scaling，用前面 1024 步的 amax 历史算缩放因子；碰到过一次某层 amax 突然变大溢出，loss "
           "尖峰，把 amax 历史改短到 16 以后就没再出现。"),
    ("en", "How was overflow handled?", "TE's delayed scaling takes the scale from an amax history of the previous 1,024 "
           "steps; once a layer's amax jumped, overflowed and the loss spiked, and after shortening the amax history to "
           "16 it did not happen again."),
])
def test_it_did_not_happen_again_checks_a_fix_in_both_languages(ours, lang, question, answer):
    # Heard (the kernel candidate): zh 4 ("以后就没再出现" is the fix checked), en 2.
    t = ours[lang].topic(1)
    assert score_answer(t, answer, question, ours[lang].danger_for(t.title), own_work=True).level == 4


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "Can you tell me how you knew training was waiting on data?",
     "We log how long the dataloader takes to return the next batch every step; the profiler also shows the GPU idle at "
     "the start of a step. That was 8% of the step before."),
    ("zh", "怎么判断训练在等数据？",
     "每步记 dataloader 取下一个 batch 的耗时；profiler 里也能看到 step 开头 GPU 空着在等。原来这部分占 step 的 8%。"),
])
def test_a_method_told_then_its_figure_in_a_sentence_pointing_back_shows_the_measured_share(ours, lang, question, answer):
    # Read aloud (a pre-training framework candidate): zh 3 with the data-wait marker, en 2 and "names without
    # mechanism": the marker asks for a figure, and en's "That was 8% of the step before." came after the method.
    a = score(ours, lang, 12, answer, question)
    assert a.level == 3 and any("data-wait share" in h.marker or "数据等待占 step" in h.marker for h in a.markers), (
        a.level, [h.marker for h in a.markers])


@pytest.mark.parametrize("lang, text", [
    ("zh", "每卡 2 个虚拟 stage，理论上气泡减半；再多的话 P2P 通信次数跟着翻倍，每个虚拟 stage 只剩 3 层，通信盖不住。"),
    ("en", "2 virtual stages per GPU halve the bubble in theory; any more would double the P2P sends again."),
])
def test_the_cost_of_going_further_than_the_value_chosen_is_a_trade_off(ours, lang, text):
    # Read aloud (a pre-training framework candidate, zh): "交错式的虚拟 stage 数是怎么选的？" answered with what more
    # stages would cost was a 2 with "只报名词没有机制": the interleaving marker's cost ("代价是 v 倍点对点通信") asks for
    # a trade-off, and "再多的话…翻倍" was none.
    from interviewer import scoring_read as R

    assert R.CUES["tradeoff"].search(R.norm(text)), text
    if lang == "zh":
        a = score(ours, lang, 5, text, "交错式的虚拟 stage 数是怎么选的？")
        assert a.level == 3 and any("交错式虚拟 stage" in h.marker for h in a.markers), (a.level, a.markers)
        assert not a.danger_signals, a.danger_signals
