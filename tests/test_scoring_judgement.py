"""Issue 12: judgement (a check, a trade-off, an incident, a safeguard) is read in the words candidates use, in
both languages, and not where the answer says it was not done ("没有完整跑过对比", "I didn't run a baseline")."""

from __future__ import annotations

import pytest

from interviewer.scoring_level import _ASKS_OWN
from interviewer.scoring_read import norm, read
from test_scoring_points import ours, score  # noqa: F401  (ours is a fixture)


@pytest.mark.parametrize("lang, sentence", [
    ("zh", "这个没有完整跑过对比，主要是感觉 PP8 气泡会更大。"),
    ("zh", "各阶段具体多少我们没细拆过，也没拿基线核对。"),
    ("en", "I didn't run a comm-free baseline to cross-check; it's just from the timeline."),
    ("en", "We never compared it against the old config."),
])
def test_a_check_said_not_to_have_been_run_is_no_check(lang, sentence):
    assert not read(sentence).has("validation"), sentence


@pytest.mark.parametrize("lang, sentence", [
    # What a check did not show is a check; a cue that carries its own negation is one too.
    ("en", "We didn't see any change compared with the baseline."),
    ("zh", "和基线对比没发现差别。"),
    ("zh", "换了之后就没再出现。"),
])
def test_what_a_check_did_not_find_is_still_a_check(lang, sentence):
    assert read(sentence).has("validation"), sentence


@pytest.mark.parametrize("lang, answer", [
    # The closing zh session read "最早那版" (the earliest version, the baseline) as a story told, and the answer 4.
    ("zh", "是最早那版 TP8 PP8 的配置，每卡每秒大概 1900 个 token，MFU 38%。后来开了通信重叠和融合算子，到每秒 2350 个 token 左右，MFU 47%。"),
    ("en", "The earliest TP8 PP8 config, about 1,900 tokens per second per GPU, MFU 38%. Later we turned on comm overlap "
           "and fused kernels and got to about 2,350 tokens per second, MFU 47%."),
])
def test_the_earliest_version_named_as_a_baseline_is_no_story(ours, lang, answer):
    assert score(ours, lang, 10, answer, "具体是哪一个，当时的数字是多少？" if lang == "zh" else "Which one exactly, with its numbers?"
                 ).level == 3
    assert not read("是最早那版 TP8 PP8 的配置。").has("incident") and read("最早发现是凌晨告警。").has("incident")


def test_what_was_not_done_at_the_time_is_no_story():
    # "当时" is a time something happened; "当时没算" tells what was not done.
    assert not read("具体数字当时没算，大概是这么判断的。").has("incident")
    assert read("当时排查了大半天才定位到那台机器。").has("incident")


@pytest.mark.parametrize("question", [
    "Did anything hang?", "Did you see a train-inference logprob mismatch?", "How long did the recovery take?",
    "interleaved 你 v 取了多少？", "你们量过吗？", "有没有卡死过？", "从 38% 到 45%，具体是哪段时间被压下去了？",
    "MFU went from 38% to 45%. Which part of the step got shorter?", "事后做了什么防线？下次快了多少？",
    "What did you change afterwards?", "Did expert imbalance ever show up looking like a hardware straggler?",
    # their result quoted back without a "from" (candidates18 c18_e.4)
    "MFU 28% 到 37% 这个数怎么算的？", "MFU 28% to 37%: how were those computed?",
])
def test_a_question_about_what_happened_on_their_run_asks_about_their_own_work(question):
    assert _ASKS_OWN.search(norm(question)), question


@pytest.mark.parametrize("question", ["How is MFU computed?", "你觉得原因是什么？", "What does ZeRO-3 shard?",
                                      "From 8 to 64 GPUs, how does the all-reduce time grow?"])
def test_a_question_about_the_field_does_not(question):
    assert not _ASKS_OWN.search(norm(question)), question


_LAYOUT_ZH = ("先算 memory：70B 的 model states 大概 1.1 TB，再加 4K 序列的 activation，单卡 80G 肯定要切。TP 先定 8，因为一个节点 8 卡"
              "走 NVLink，TP 每层都有 all-reduce，一跨机就落到每卡 400G 的 IB 上，带宽差一个数量级。TP8 之后每卡还是放不下，再加 "
              "PP4，80 层每个 stage 20 层，正好整除。剩下 1024/32 = 32 路 DP。global batch 1024 条、micro batch 1，所以每个 DP "
              "rank 跑 32 个 micro batch，1F1B 的 bubble 是 (4-1)/(32+4-1) = 3/35，大约 8.6%。扩展效率是拿 128 卡当 baseline 比 "
              "per-GPU throughput，1024 卡是 91%，掉的那部分主要是 DP 最后一个 gradient bucket 露在外面，再加上 bubble。想再压 "
              "bubble 可以上 interleaved，但 global batch 不能再加了，再加收敛会变差，所以就停在这里。")
_LAYOUT_EN = ("Memory first: 70B model states are about 1.1 TB plus the activations for 4K sequences, so an 80 GB card has to "
              "split it. TP is 8 because one node's 8 GPUs share NVLink; TP all-reduces every layer, and across nodes that "
              "lands on the 400G IB per GPU, an order of magnitude slower. After TP8 it still didn't fit, so PP4: 80 layers, "
              "20 per stage. That leaves 1024/32 = 32-way DP. Global batch 1024 sequences, micro-batch 1, so each DP rank "
              "runs 32 micro-batches and the 1F1B bubble is (4-1)/(32+4-1) = 3/35, about 8.6%. Scaling efficiency was "
              "measured against a 128-GPU baseline on per-GPU throughput: 91% at 1024 GPUs, the loss mostly the last DP "
              "gradient bucket left exposed plus the bubble. Interleaving could cut the bubble further, but the global batch "
              "can't grow without hurting convergence, so we stopped there.")


LEVELS = [  # (lang, topic, question, answer, level): judgement read, or a check said not run, in these words
    # A hang told terse, with its fix and the alert kept since, and no "we" in it.
    ("en", 15, "Did anything hang?",
     "Yes. Weight sync deadlocked when an inference replica restarted mid-run: the trainer's NCCL group kept the old "
     "membership and sat in broadcast with no timeout. py-spy dump showed every trainer rank in the broadcast. Fix: "
     "rebuild the group on membership change behind a version check, a 120 s timeout on it. That stall used to sit "
     "about 30 minutes until someone noticed; now it alerts and re-initialises in about 2.", 4),
    ("zh", 15, "有没有卡死过？",
     "有。推理副本中途重启后，权重同步卡死了：训练侧的 NCCL 组还是旧成员，一直停在 broadcast 里，这个组没设超时。py-spy dump "
     "看到训练侧所有 rank 都在 broadcast。修法：成员变化时按版本握手重建这个组，超时设 120 秒。以前这种卡住要 30 分钟左右才有人发现，"
     "现在会告警，2 分钟左右自动重新初始化。", 4),
    # A correction checked by running without it on the same config, across seeds.
    ("en", 16, "Did you see a train-inference logprob mismatch, and what did you do about it?",
     "Yes: we log per-token |Δlogprob| between vLLM and the trainer, the mean sits around 4e-3. We clip the importance "
     "ratio π_train/π_rollout at 2. Without the correction, same config, reward plateaued about 60 steps earlier on two "
     "of three seeds.", 4),
    ("zh", 16, "训推 logprob 不一致你们看到过吗？怎么处理的？",
     "看到过：我们按 token 记 vLLM 和训练侧的 |Δlogprob|，均值在 4e-3 左右。重要性比 π_train/π_rollout 截断在 2。去掉这个修正、"
     "同样配置，三个 seed 里有两个 reward 提前 60 步左右就平了。", 4),
    # Measured, its check said not to have been run: a 3.
    ("en", 8, "Across the whole step, how much communication was exposed?",
     "From nsys, gaps on the compute stream were about 9% of the step. Most of it was the TP all-gathers under sequence "
     "parallel and the tail of the DP reduce-scatter. I didn't run a comm-free baseline to cross-check; it's just from "
     "the timeline.", 3),
    ("zh", 8, "整个 step 暴露的通信大概多少？",
     "nsys 上看计算流上的空隙大概占 step 的 9%。主要是序列并行下 TP 的 all-gather，和最后几层反向之后 DP reduce-scatter 的尾巴。"
     "没有跑过去掉通信的基线来对比，就是从时间线上看的。", 3),
    # A setting priced by what was tried, told terse mid-sentence and with no "we": judgement of their own run.
    ("zh", 4, "attention 那边 TP 是多少？为什么？",
     "attention 部分 TP=2。QKV 按头列切，输出投影行切，前向一次 all-reduce，反向一次。一次是 b·s·h，4K×4096×2 字节，32 MB，"
     "NVLink 上零点一毫秒级。TP 只开 2 是因为 attention 参数只占四分之一左右，试过 TP=4，step 慢了 4%。", 4),
    ("en", 4, "What TP does attention use, and why?",
     "Attention is TP=2. QKV is split by heads column-wise, the output projection row-wise, one all-reduce forward and "
     "one backward. Each is b·s·h, 4K×4096×2 bytes, 32 MB, a tenth of a millisecond on NVLink. TP is only 2 because "
     "attention is about a quarter of the parameters; tried TP=4, the step was 4% slower.", 4),
    # A schedule priced, tried on their own nodes and the result held against what the formula gives.
    ("en", 5, "How would you bring that down?",
     "Interleaved schedule: v virtual stages per GPU divides the bubble by roughly v, so v=2 gives 3/35, about 8.6%. "
     "Cost is v times the point-to-point traffic, and m has to be a multiple of p, 16 is fine. I actually tried v=2 on "
     "our four nodes: step time dropped 6%, not the ~8% the formula says, because the extra P2P crosses nodes.", 4),
    ("zh", 5, "怎么把它降下来？",
     "用 interleaved：每卡 v 个虚拟 stage，气泡大约除以 v，v=2 就是 3/35，8.6% 左右。代价是点对点多 v 倍，而且 m 得是 p 的整数倍，"
     "16 没问题。我实际试过 v=2，四台机器上 step 快了 6%，比公式算的 8% 少，因为多出来的 P2P 跨机没完全藏住。", 4),
    # The triage made automatic after the incident, with what it did for the next ones: a safeguard, told of their
    # own run with no "we" in it.
    ("zh", 15, "事后做了什么防线？下次快了多少？",
     "把刚才那套排查做成自动的：任一 rank 2 分钟没有新 step 就触发，自动对全部 rank 抓 py-spy 栈，脚本比对集合通信的序号，直接输出"
     "序号不一致的 rank。后面半年 11 次 hang，9 次自动给出了 rank，中位定位时间从 40 分钟左右降到 6 分钟。", 4),
    ("en", 15, "What did you change afterwards, and how much faster was the next one?",
     "Made that triage automatic: when any rank goes 2 minutes without a new step it fires, grabs py-spy stacks on "
     "every rank, and a script compares collective sequence numbers and prints the rank that is out of step. Over the "
     "next half year, 11 hangs, 9 got their rank automatically, and median time to locate went from about 40 minutes "
     "to 6.", 4),
    # Asked about what the résumé says ("你写了…"), the layout worked through and measured is the candidate's own
    # case (heldout28 h28_13, a 4 that read 3).
    ("zh", 3, "你写了“1024 卡训练 70B，扩展效率 90%+”。并行度是怎么定下来的？", _LAYOUT_ZH, 4),
    ("en", 3, "You wrote '70B on 1024 GPUs, 90%+ scaling efficiency'. How were the parallel degrees chosen?",
     _LAYOUT_EN, 4),
    # "踩过几个" / "I've hit a few of these" opens a list of what to watch, no time something happened (heldout28
    # h28_07, a 3 that read 4).
    ("zh", 13, "训练 Pod 里要跑 NCCL over RDMA，Pod spec 上要注意什么？",
     "我做 SRE 的时候踩过几个。第一，容器默认 /dev/shm 只有 64 MB，NCCL 机内走共享内存、DataLoader 多进程传数据都会出错，要挂"
     "一个 medium: Memory 的 emptyDir 到 /dev/shm。第二，RDMA 要 pin 内存，Pod 需要 IPC_LOCK capability，memlock 的 ulimit "
     "要调成 unlimited。第三，网卡要通过 RDMA device plugin 作为资源申请进来，多网卡的话用 Multus 挂 secondary network，或者"
     "简单点直接 hostNetwork。第四，调度的时候尽量把同一个作业放在同一个 leaf switch 下面。", 3),
    ("en", 13, "What do you need in the pod spec to run NCCL over RDMA in a training pod?",
     "I've hit a few of these as an SRE. First, the container's default /dev/shm is only 64 MB, and both NCCL's "
     "intra-node shared-memory transport and multi-process DataLoader break on it, so mount a medium: Memory emptyDir at "
     "/dev/shm. Second, RDMA pins memory, so the pod needs the IPC_LOCK capability and an unlimited memlock ulimit. "
     "Third, the NICs come in as a resource through the RDMA device plugin, with Multus for secondary networks or simply "
     "hostNetwork. Fourth, schedule one job under the same leaf switch where possible.", 3),
    # "so you can compare it against link speed" explains busbw; it checks nothing (heldout28 h28_21, a 3 that
    # read 4).
    ("en", 9, "What is the difference between NCCL's ring and tree algorithms?",
     "I think it maps onto what we had in MPI. Ring all-reduce is bandwidth-optimal: each rank sends and receives about "
     "2(n-1)/n times the buffer, but it takes 2(n-1) steps, so latency grows linearly with n. Tree is, I believe, log n "
     "in latency, so it wins for small messages and very large rank counts. That is also why nccl-tests reports busbw as "
     "algbw times 2(n-1)/n -- it normalises away the algorithm factor so you can compare the number directly against "
     "link speed. I'm less sure about NVLS and SHARP; I think that is the reduction being done inside the switch.", 3),
    ("zh", 9, "NCCL 的 ring 和 tree 算法有什么区别？",
     "我觉得和 MPI 里的差不多。ring all-reduce 带宽最优：每个 rank 收发大约 2(n-1)/n 倍的数据，但要走 2(n-1) 步，所以延迟"
     "随 n 线性增长。tree 我印象里延迟是 log n，所以小消息和超大规模时更好。这也是为什么 nccl-tests 报 busbw = algbw × "
     "2(n-1)/n，把算法系数归一掉，可以用来直接和链路带宽对比。NVLS 和 SHARP 我不太确定，应该是在交换机里做规约。", 3),
]


@pytest.mark.parametrize("lang, topic, question, answer, level", LEVELS)
def test_judgement_in_these_words_reaches_its_level(ours, lang, topic, question, answer, level):  # noqa: F811
    a = score(ours, lang, topic, answer, question)
    assert a.level == level, (a.level, a.markers)


@pytest.mark.parametrize("sentence", [
    "I also considered interleaving with v=2, but it doubles the p2p traffic.", "我也考虑过 interleaved，但点对点会翻倍。",
])
def test_an_option_considered_is_weighed(sentence):
    assert read(sentence).has("tradeoff"), sentence


@pytest.mark.parametrize("lang, answer", [
    ("zh", "推理副本中途重启后，权重同步卡死了：训练侧的 NCCL 组还是旧成员，一直停在 broadcast 里。"),
    ("en", "An inference replica suddenly restarted mid-run, and the weight sync deadlocked: the trainer's group kept the old "
           "membership."),
])
def test_a_restart_that_happened_is_no_restart_offered(ours, lang, answer):  # noqa: F811
    a = score(ours, lang, 16, answer, "权重同步出过问题吗？" if lang == "zh" else "Did the weight sync ever break?")
    assert not [d for d in a.danger_signals if "重启" in d.signal or "restart" in d.signal.lower()], a.danger_signals


@pytest.mark.parametrize("sentence, weighed", [
    ("Honestly it was the default config from the Megatron examples, TP8 PP8, and it ran fine so we kept it.", False),
    ("It was what the example script used, and it ran, so we kept the default config.", False),
    ("We measured 6% lower throughput from the extra bubble, so we kept PP4.", True),
])
def test_a_setting_kept_because_it_ran_is_no_trade_off(sentence, weighed):
    assert read(sentence).has("tradeoff") is weighed, sentence


@pytest.mark.parametrize("lang, sentence", [
    ("en", "Afterwards we added a pre-launch GPU/NIC health check so the spare can't be bad too."),
    ("zh", "事后加了启动前的健康检查，备用节点也得先过一遍 GPU 和网卡。"),
])
def test_a_check_run_before_every_launch_is_a_safeguard(lang, sentence):
    assert read(sentence).has("safeguard"), sentence


@pytest.mark.parametrize("cue, sentence", [
    # A run with the suspect part taken out is a check; the triage put where the alert is read is a safeguard.
    ("validation", "To make sure I wasn't fooling myself I ran an 8-node test with DP communication stubbed out."),
    ("validation", "为了确认，我把通信去掉跑了一个 8 机的对照，重叠后的 step 和它差 2% 以内。"),
    ("safeguard", "We added per-expert load to the straggler dashboard so the alert says routing versus hardware."),
    ("safeguard", "我们把每个专家的负载加到了慢节点看板上，告警里直接区分是路由还是硬件。"),
])
def test_checks_and_safeguards_in_these_words(cue, sentence):
    assert read(sentence).has(cue), sentence


@pytest.mark.parametrize("lang, question, answer, level", [
    # An incident with no figure of its own, beside a setting told in another sentence, is no 4 (heldout19 h19_33,
    # labelled 2, had scored 4; candidates c4en.5 "We hit it on our first cluster", labelled 3, too); found the next
    # morning and resumed by hand, with nothing of automatic recovery shown, it is the 2 it is labelled.
    ("zh", "你们集群掉卡之后，一般多久能恢复训练？讲一次具体的。",
     "有一次半夜有台机器掉卡了，job 直接挂了，第二天早上我们才发现，就把那台机器踢掉，从最近的 checkpoint 重新拉起来。"
     "checkpoint 我们一般是 1000 步存一次，这个是之前大家用下来觉得差不多的经验值。", 2),
    ("en", "When a GPU drops on your cluster, how long until training is back? Tell me about one time.",
     "One night a machine lost a GPU and the job just died; we only found out the next morning, kicked that node out "
     "and restarted from the latest checkpoint. We save a checkpoint every 1000 steps, which is what people found "
     "works.", 2),
    # ...while a terse one with its own figures is judgement (candidates c4en.4, a 4).
    ("en", "Why gang scheduling?", "Otherwise two jobs each grab half the GPUs and deadlock waiting for the rest. We use "
     "Kueue so a job's pods are admitted together; before that we had a weekend where two 256-GPU jobs sat "
     "half-scheduled for 9 hours.", 4),
    ("zh", "为什么要 gang 调度？", "不然两个作业各抢一半卡，互相等剩下的，就死锁了。我们用 Kueue 让一个作业的 Pod 一起准入；之前有个周末两个 "
     "256 卡的作业各起了一半，卡了 9 个小时。", 4),
])
def test_an_incident_alone_is_judgement_when_told_in_its_own_figures(ours, lang, question, answer, level):  # noqa: F811
    topic = 11 if "checkpoint" in answer else 13
    assert score(ours, lang, topic, answer, question).level == level


@pytest.mark.parametrize("lang, question, answer", [
    # Chinese drops the "we": a setting changed from one figure to another is the candidate's own (candidates18 c18_e.1,
    # a 4 scored 3 as a textbook answer).
    ("zh", "负载均衡怎么做的？丢 token 多少？",
     "不丢 token，走的 dropless。均衡用的是无辅助损失的偏置：每个专家一个 bias 只参与选 top-k，按每步的负载往回调。前 2000 步 "
     "max/mean 一度到 3.1，有一个 rank 显存峰值冲到 OOM 挂了一次，后来把 bias 的更新速度从 1e-4 提到 1e-3，max/mean 稳定在 1.3 以下。"),
    ("en", "How did you balance the experts, and how many tokens were dropped?",
     "None dropped, it's dropless. Balancing is the aux-loss-free bias: each expert has a bias used only to pick the "
     "top-k, nudged every step by its load. In the first 2000 steps max/mean went up to 3.1 and one rank OOMed once "
     "on a hot expert; bumped the bias update rate from 1e-4 to 1e-3 and max/mean stayed under 1.3."),
])
def test_a_change_told_with_its_subject_dropped_is_the_candidates_own(ours, lang, question, answer):  # noqa: F811
    assert score(ours, lang, 7, answer, question).level == 4


@pytest.mark.parametrize("lang, answer", [
    # Each phase timed, the fixes made and the phases after: a fix of their own, measured. The English "We cut
    # detection to about a minute… Now it's roughly 1, 3…" had scored 3 where the Chinese twin scored 4
    # (candidates19 c19_e.0, a 4).
    ("en", "We timed each phase over about 30 incidents. Before: detection 10 minutes because we relied on the 10-minute "
           "NCCL timeout, rescheduling 6, image pull 8 because it's a 20 GB image on cold nodes, NCCL init on 4096 ranks "
           "4, checkpoint load 9, data fast-forward 3. We cut detection to about a minute with Xid and ECC alerts plus a "
           "per-rank heartbeat, pre-pulled the image on the spare pool, loaded from a local-NVMe cached copy of the "
           "latest checkpoint, and made data resume jump to a global sample index instead of replaying. Now it's roughly "
           "1, 3, half a minute, 3, 3.5 and half a minute."),
    ("zh", "我们统计了大约 30 次故障的各阶段耗时。之前：检测 10 分钟，因为靠的是 10 分钟的 NCCL 超时；重调度 6 分钟；拉镜像 8 分钟，镜像有 "
           "20 GB；4096 个 rank 的 NCCL 初始化 4 分钟；加载 checkpoint 9 分钟；数据快进 3 分钟。后来用 Xid、ECC 告警加每个 rank 的心跳把检测"
           "压到一分钟左右，备用池预拉镜像，checkpoint 从本地 NVMe 缓存加载，数据恢复直接跳到全局样本下标。现在大概是 1、3、0.5、3、3.5、0.5 "
           "分钟。"),
])
def test_a_fix_told_as_cut_to_a_figure_is_the_same_judgement_in_both_languages(ours, lang, answer):  # noqa: F811
    q = "你把恢复时间从 40 分钟降到 12 分钟。那 40 分钟花在哪了？" if lang == "zh" else \
        "You cut recovery time from 40 to 12 minutes. Where did the 40 go?"
    assert score(ours, lang, 11, answer, q).level == 4


_WORKED = [
    ("zh", 4, "你们那个配置下，每层 TP 通信量大概多少？要不要紧？",
     "我们是 h=5120、序列 8192、micro batch 1、TP8。每次 all-reduce 是 b·s·h 约 4200 万个元素，bf16 就是 84 MB，ring 下每卡收发 "
     "2(t-1)/t 倍，也就是 1.75 倍，约 147 MB；每层前向反向一共四次，大约 590 MB。按 NVLink 实际 350 GB/s 算，一层 1.7 ms 左右，"
     "对比每层 GEMM 大概 4 ms，所以不重叠的话要占到三成，我们因此开了 TP 通信重叠。这些都是估算，我没在这个配置上实测过。"),
    ("en", 3, "Why did you pick TP8 PP4 DP16 for that 65B model on 512 GPUs and not TP8 PP8?",
     "Memory first. 65B over TP8 × PP4 = 32 GPUs is about 2B parameters per GPU; with the distributed optimizer over DP16 the "
     "model states are 2B × (4 + 12/16) ≈ 9.5 GB, which leaves room for activations at 4K. With PP8 the states halve, but "
     "with a global batch of 512 and DP16 each rank has m = 32 micro-batches, and the bubble (p−1)/(m+p−1) goes from 3/35, "
     "about 9%, to 7/39, about 18%, so PP8 buys memory we didn't need at twice the bubble. TP stays inside the node because "
     "it all-reduces in every layer. I did not run PP8 end to end to compare — that's from the arithmetic."),
]


@pytest.mark.parametrize("lang, topic, question, answer", _WORKED)
def test_an_own_case_worked_out_but_said_not_measured_is_a_3(ours, lang, topic, question, answer):
    # A level-4 answer is the candidate's own measured case; one told as estimated, or its alternative never run, is a 3.
    assert score(ours, lang, topic, answer, question).level == 3
    # The same answer with its figures measured is a 4.
    measured = {"zh": "后来用 nsys 实测，TP 通信占 step 的 27%，和估算差不多，开了重叠以后降到 7%。",
                "en": "We measured it: PP8 for 200 steps on the same data was 11% slower per step, which agreed with the bubble arithmetic."}
    cut = answer.rsplit("这些都是" if lang == "zh" else "I did not", 1)[0]
    assert score(ours, lang, topic, cut + measured[lang], question).level == 4


@pytest.mark.parametrize("lang, topic, question, answer", [
    ("zh", 4, "你们那个配置下，每层 TP 通信量大概多少？要不要紧？", "…以上都是估算，我们自己没有精确统计过。"),
    ("en", 3, "Why did you pick TP8 PP4 DP16 for that 65B model on 512 GPUs and not TP8 PP8?",
     "…These are all estimates, nothing we ran."),
])
def test_an_own_case_said_to_be_all_estimates_is_a_3(ours, lang, topic, question, answer):
    # heldout27 h27_17 read 4 for 3: "这些都是估算，我们自己的 MTBF 没有精确统计过" had been missed without a "的" after 估算.
    worked = next(a for lg, t, q, a in _WORKED if lg == lang)
    cut = worked.rsplit("这些都是" if lang == "zh" else "I did not", 1)[0]
    assert score(ours, lang, topic, cut + "We measured it: PP8 for 200 steps on the same data was 11% slower per step."
                 if lang == "en" else cut + "后来用 nsys 实测，TP 通信占 step 的 27%，开了重叠以后降到 7%。", question).level == 4
    assert score(ours, lang, topic, cut + answer.lstrip("…"), question).level == 3


HANG_STORY = {
    # The closing en session read this 3, crediting only py-spy, and the zh one 2 with "hang 了只会重启": a story told
    # as its steps in the past, with no "last month", ending in a restart once the bad node was out.
    "en": ("About 40 minutes. The job stopped logging, our hang detector fired after 10 minutes of no step progress, then "
           "I ran py-spy dump on every rank and saw rank 37 stuck in a different all-reduce than the rest; its node had an "
           "NVLink error in dmesg. We cordoned the node and restarted from the last checkpoint."),
    "zh": ("大概 40 分钟。作业日志停了，我们的 hang 检测器在 10 分钟没有 step 进展后告警，然后我在每个 rank 上跑了 py-spy dump，看到 "
           "rank 37 卡在和其他 rank 不同的一次 all-reduce 上；它所在节点 dmesg 里有 NVLink 报错。我们把节点摘掉，从上一个 checkpoint 重启。"),
}
HANG_QUESTION = {"en": "In your own part of that work, how long did the latest incident take from detection to diagnosis?",
                 "zh": "在你自己负责的那部分里，最近一次事故从发现到定位用了多久？"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_hang_story_told_as_its_steps_is_an_investigation_and_its_restart_no_naive_remedy(ours, lang):  # noqa: F811
    a = score(ours, lang, 15, HANG_STORY[lang], HANG_QUESTION[lang])
    assert a.level == 4, (a.level, [d.signal for d in a.danger_signals])
    assert any("hang investigation" in m.marker or "hang 排查" in m.marker for m in a.markers), a.markers
    assert not a.danger_signals


@pytest.mark.parametrize("lang, safeguard", [("en", "safeguard afterwards"), ("zh", "事后把排查固化成防线")])
def test_after_a_story_that_tells_nothing_after_the_fix_the_feedback_asks_for_its_safeguard(ours, lang, safeguard):  # noqa: F811
    # Not "compares first-step loss and grad norm…" or "when bitwise equality should be required": the question was
    # from detection to diagnosis, and what came after is the point left.
    assert safeguard in score(ours, lang, 15, HANG_STORY[lang], HANG_QUESTION[lang]).feedback


@pytest.mark.parametrize("lang, answer", [
    # candidates25 read the English 3: "when we first set up" opened no story, and the check added to node admission
    # was no safeguard.
    ("en", "Each node has eight 400G NICs, one per GPU, so about 50 GB/s per GPU per direction; two-node nccl-tests "
           "all-reduce gives us around 45 GB/s busbw. When we first set up the rollout pool one node came in at about 30; "
           "NCCL_DEBUG=INFO showed NET/IB but no GDRDMA on its channels, so traffic was bouncing through host memory. "
           "nvidia-peermem wasn't loaded on that node after a driver update. Loading it brought it back to 45, and we "
           "added the module check to node admission."),
    ("zh", "每台 8 张 400G 网卡，一卡一张，单向每卡约 50 GB/s；两机 nccl-tests all-reduce 的 busbw 大约 45 GB/s。刚搭 rollout 池的"
           "时候有一台节点只跑到 30 左右；NCCL_DEBUG=INFO 显示走的是 NET/IB，但 channel 上没有 GDRDMA，流量绕了主机内存。那台驱动升级"
           "后没加载 nvidia-peermem，加载后回到 45，之后我们把这个模块检查加进了节点准入。"),
])
def test_a_node_fixed_and_its_check_added_to_admission_is_a_story_with_its_safeguard(ours, lang, answer):  # noqa: F811
    q = ("You said the weight broadcast ran near line rate. What's line rate there, and how did you check?" if lang == "en"
         else "你说权重广播接近线速。这里线速是多少，你们怎么确认的？")
    assert score(ours, lang, 9, answer, q).level == 4


@pytest.mark.parametrize("lang, answer", [
    # candidates25 read the English 3: "we instrumented each phase" was no measurement of their own, and seven figures
    # with their source fell one short of what a measured breakdown needed.
    ("en", "On 32 H100s colocated, GRPO with 8 samples per prompt, we instrumented each phase per step. Rollout was about "
           "62%, reference and old-policy logprobs 8%, the training update 24%, reward scoring about 3% since it's mostly "
           "rule-based, and weight sync plus the offload and reload of weights and KV cache about 3%. So rollout is the "
           "thing to fix, and within rollout it's the long tail: by the time 90% of responses are done we're only about "
           "40% into the rollout wall-clock."),
    ("zh", "32 张 H100 共置，GRPO 每个 prompt 采 8 个样本，我们每步给每个阶段打点。rollout 大约 62%，reference 和 old policy 的 "
           "logprob 8%，训练更新 24%，reward 打分约 3%，因为基本是规则打分，权重同步加上权重和 KV cache 的卸载重载约 3%。所以要优化的"
           "是 rollout，而且是长尾：90% 的回复生成完时，rollout 的墙钟时间才过了 40% 左右。"),
])
def test_a_step_broken_down_by_the_candidates_own_instrumentation_is_a_4(ours, lang, answer):  # noqa: F811
    q = ("Your résumé says you built the RL training loop for a 7B policy. Where does the time in one step go?"
         if lang == "en" else "你简历上写了 7B 策略模型的 RL 训练，一个 step 的时间花在哪？")
    assert score(ours, lang, 16, answer, q).level == 4


@pytest.mark.parametrize("lang, question, answer", [
    # The closing en session: asked what was added afterwards, the answer's safeguard and how much faster diagnosis got
    # was not credited to the safeguard point, whose "after" part had to open with "afterwards".
    ("en", "Got it. What safeguard was added afterwards?",
     "We added a per-rank heartbeat with the current collective's sequence number, so the detector names the lagging "
     "rank directly, and we set a 15 minute NCCL timeout so the job dies instead of hanging. Since then the median time "
     "to diagnose went from about 40 to under 10 minutes."),
    ("zh", "好。事后加了哪道防线？",
     "加了按 rank 的心跳，带上当前集合通信的序号，检测器能直接报出落后的 rank；NCCL 超时设成 15 分钟，作业直接退出而不是一直卡着。"
     "后来定位的中位时间从 40 分钟左右降到了 10 分钟以内。"),
])
def test_asked_what_came_after_the_whole_answer_is_the_after_part(ours, lang, question, answer):  # noqa: F811
    a = score(ours, lang, 15, answer, question)
    assert any("safeguard afterwards" in m.marker or "防线" in m.marker for m in a.markers), a.markers
    # ...and tells no walk through the hang itself (the en session credited that too, on the same sentence).
    assert not any("hang investigation" in m.marker or "hang 排查" in m.marker for m in a.markers), a.markers


ALIGNED = {
    "en": ("We fixed the seed, the data order and the initial checkpoint, and compared step one first: loss matched to about "
           "1e-3 relative and the grad norm was 0.3% off. For the tolerance we ran PP4 with three seeds for 3K steps; the "
           "spread at 3K was about ±0.01, and PP8 stayed inside that band. Bitwise equality was not the bar, because a "
           "different PP degree changes the order of the reductions and BF16 sums differ. "),
    "zh": ("先固定 seed、数据顺序和初始 checkpoint，第一步先对：loss 相对误差 1e-3 左右，grad norm 差 0.3%。容差是拿 PP4 跑了三个 seed、"
           "3K 步量出来的，3K 步时的波动大约 ±0.01，PP8 一直在这个带子里。没要求逐位一致，因为换 PP 度数后规约顺序变了，BF16 累加结果本来就不同。"),
}


@pytest.mark.parametrize("lang, limits, unmeasured", [
    ("en", "Limits: 3K steps is short, and we didn't run the downstream evals on PP8.",
     "We didn't run the downstream evals on PP8."),
    ("zh", "局限是 3K 步不长，PP8 也没跑过下游评测。", "PP8 也没跑过下游评测。"),
])
def test_limits_named_beside_a_measured_check_keep_it_a_4(ours, lang, limits, unmeasured):  # noqa: F811
    # heldout27 h27_21 read 3 for 4: "Limits: 2K steps is short, and we didn't run downstream evals" is the senior naming
    # what the check does not cover, not the case left unmeasured. Said without the word, it still caps at 3.
    q = {"en": "You moved the model from PP4 to PP8. How did you show the loss was still aligned?",
         "zh": "你们从 PP4 换到 PP8，怎么证明 loss 还是对齐的？"}[lang]
    assert score(ours, lang, 15, ALIGNED[lang], q).level == 4
    assert score(ours, lang, 15, ALIGNED[lang] + limits, q).level == 4
    assert score(ours, lang, 15, ALIGNED[lang] + unmeasured, q).level == 3


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "In a disaggregated setup, how do you sync new policy weights to the inference servers after each update?",
     "Simplest robust way: save a checkpoint to shared storage, then restart the vLLM servers pointing at the new "
     "checkpoint. It takes a few minutes, but it is clean and there is no risk of serving half-updated weights."),
    ("zh", "训推分离的架构里，每次更新后怎么把新权重同步给推理服务？",
     "最稳的办法：把 checkpoint 存到共享存储，然后重启 vLLM 服务加载新的 checkpoint。要几分钟，但是很干净，不会出现推理用到"
     "一半新一半旧的权重。"),
])
def test_the_naive_remedy_with_its_cost_waved_away_for_simplicity_is_a_1(ours, lang, question, answer):  # noqa: F811
    """heldout28 h28_24 (a 1 read as 2): "it takes a few minutes, but it is clean" excuses the remedy, it adds nothing."""
    a = score(ours, lang, 16, answer, question)
    assert a.level == 1 and any("重启" in d.signal or "restart" in d.signal for d in a.danger_signals), a


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "千卡作业突然变慢了 20%，你怎么找出是哪个慢节点？",
     "具体到 GPU，我们会看 nvidia-smi 的利用率，如果某张卡利用率明显偏低，那基本就是它有问题；如果大家都是 100%，说明 GPU "
     "没问题，就要去看网络或者存储。"),
    ("en", "A thousand-GPU job suddenly got 20% slower. How do you find the slow node?",
     "For the GPUs we look at nvidia-smi utilisation: if one card's utilisation is clearly lower, that's basically the bad "
     "one; if everyone is at 100%, the GPUs are fine and we go look at the network or storage."),
])
def test_all_the_cards_at_100_percent_is_no_remedy_set_aside(ours, lang, question, answer):  # noqa: F811
    """heldout28 h28_12: "大家都是 100%" is of the GPUs, not "everyone does it" (which sets a remedy aside as others')."""
    a = score(ours, lang, 14, answer, question)
    assert any("nvidia-smi" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer, by_hand", [
    ("zh", "torchrun 会把这一组进程都停掉然后重启……后面具体怎么重新 rendezvous、坏节点怎么处理我不太清楚。", False),
    ("en", "torchrun stops the whole group and restarts it... how rendezvous runs again or what happens to the bad node "
           "I'm not really sure.", False),
    ("zh", "掉卡了就上机器去看，把作业杀掉，然后从头重新跑一遍。", True),
    ("en", "When a GPU dies, whoever's on call takes the node out of the hostfile; then we just restart from scratch.",
     True),
])
def test_a_restart_the_launcher_does_is_no_restart_by_hand(ours, lang, answer, by_hand):  # noqa: F811
    a = score(ours, lang, 13 if not by_hand else 11, answer)
    flagged = any(("人工" in d.signal or "手动" in d.signal or "by hand" in d.signal) for d in a.danger_signals)
    assert flagged == by_hand, a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "Your pipeline packed short documents into 4K sequences. Anything to watch out for during training?",
     "We put an EOS token between documents so the model knows where one ends and the next begins, and we padded the "
     "tail. That's really all packing needs, the model learns the boundaries."),
    ("zh", "你们把短文档拼成 4K 序列，训练时要注意什么？",
     "文档之间加一个 EOS token，让模型知道哪里结束、哪里开始，尾巴再 padding 一下。packing 就这些，模型自己会学边界。"),
])
def test_packing_said_to_need_nothing_more_is_the_packs_no_document_mask(ours, lang, question, answer):  # noqa: F811
    """candidates27 c27_a.2 (a 1 that read 2): "that's all packing needs" calls packing without masks fine."""
    a = score(ours, lang, 12, answer, question)
    assert a.level == 1 and any("掩码" in d.signal or "document masks" in d.signal for d in a.danger_signals), a


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "After you switched from TP4 to TP8, how did you convince yourself the loss was still aligned?",
     "So we fixed the seed, ran both for about 2K steps and overlaid the curves — they were basically on top of each "
     "other, the difference stayed under, like, 1%, so we called it aligned. I know you can't expect bit-exact when TP "
     "changes, because the reduction order's different, so we didn't go for that. Where the 1% came from… honestly it "
     "just seemed like a reasonable number."),
    ("zh", "从 TP4 换到 TP8 之后，你怎么确认 loss 还是对齐的？",
     "固定了 seed，两边各跑了 2K 步，把曲线叠在一起，基本重合，差别一直在 1% 以内，就当对齐了。TP 变了本来就不可能逐位一致，"
     "因为规约顺序不一样，所以没追求这个。至于 1% 怎么来的……说实话就是觉得这个数比较合理。"),
])
def test_called_aligned_within_a_bar_no_noise_measured_is_the_packs_tolerance_flag(ours, lang, question, answer):  # noqa: F811
    """heldout23 h23_20 (a 2 that read 4): "stayed under 1%, so we called it aligned" sets a bar with no seed noise."""
    a = score(ours, lang, 15, answer, question)
    assert a.level == 2 and any("seed" in d.signal for d in a.danger_signals), a
    # A look at the curves is not a bar set ("differed in the third decimal, so we called it aligned").
    b = score(ours, "en", 15, "We ran the new version for about 2000 steps and the loss curve basically overlapped the "
              "old one, the final loss differed in the third decimal, so we called it aligned.")
    assert not any("seed noise" in d.signal for d in b.danger_signals), b.danger_signals


@pytest.mark.parametrize("lang, question, answer, point", [
    ("en", "After you switched from TP4 to TP8, how did you convince yourself the loss was still aligned?",
     "We fixed the seed, ran both for about 2K steps and overlaid the curves; the difference stayed under 1%, so we "
     "called it aligned. You can't expect bit-exact when TP changes, because the reduction order is different.",
     "fixes seed"),
    ("zh", "从 TP4 换到 TP8 之后，你怎么确认 loss 还是对齐的？",
     "固定了 seed，两边各跑了 2K 步，把曲线叠在一起，差别一直在 1% 以内，就当对齐了。TP 变了本来就不可能逐位一致，因为规约顺序不一样。",
     "多 seed 的波动"),
])
def test_below_3_the_feedback_teaches_the_point_a_red_flag_of_the_pack_is_about(ours, lang, question, answer, point):  # noqa: F811
    """heldout23 h23_20's feedback was the causes of a hang; the flag raised is a tolerance set with no seed noise."""
    a = score(ours, lang, 15, answer, question)
    assert a.level == 2 and point in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer, other", [
    ("zh", "你简历里写到「负责 65B MoE 模型预训练（1024 卡 A800），DeepSpeed ZeRO-1 + 专家并行…」。负载均衡用了什么手段？",
     "用的是辅助损失，系数 0.01，容量因子 1.25，超出的 token 直接丢。丢弃率大概 2% 左右，每个专家的 token 数我们有监控，有一次某个"
     "专家吃了 3 倍的 token，那张卡显存峰值直接涨了 6 GB。", "Ulysses"),
    ("en", "Your résumé says “Led pretraining of a 65B MoE model… expert parallel EP8”. What did you use for load balancing?",
     "An auxiliary loss with coefficient 0.01 and capacity factor 1.25; overflow tokens were dropped. The drop rate was "
     "about 2%, and we monitored tokens per expert: once one expert took 3x the tokens and that GPU's memory peak jumped "
     "by 6 GB.", "Ulysses"),
])
def test_a_solid_answer_is_offered_no_point_of_another_subject(ours, lang, question, answer, other):  # noqa: F811
    """The closing zh session told the MoE line's load balance, a 4, to add "Ulysses 用 all-to-all…"."""
    a = score(ours, lang, 7, answer, question)
    assert a.level >= 3 and other not in a.feedback, a.feedback


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你们编译器优化以后说“训练快了 25%”，MFU 是多少？", "MFU 我们没算，我们看的是 GPU-Util，从 70% 到了 95%，所以说快了。"),
    ("en", "After your compiler work you said training got 25% faster. What was the MFU?",
     "We didn't compute MFU, we looked at GPU-Util, it went from 70% to 95%, so it got faster."),
])
def test_utilisation_in_latin_letters_is_the_packs_utilisation_as_mfu(ours, lang, question, answer):  # noqa: F811
    """candidates28 c28_b.2: the flag "拿 GPU 利用率…充当 MFU" read "利用率" twice, as the concept of "GPU 利用率" and as
    Chinese words of its own, so an answer that wrote "GPU-Util" missed words the flag never meant apart."""
    a = score(ours, lang, 10, answer, question)
    assert a.level == 1 and any("MFU" in d.signal and ("利用率" in d.signal or "utilisation" in d.signal)
                                for d in a.danger_signals), a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "我们是 colocate，训练用 FSDP，vLLM 是 TP4。训练完 FSDP 按参数 all-gather 成完整 tensor，再按 vLLM 的 TP 切法切开，同机"
           "通过 CUDA IPC handle 直接交给 vLLM 进程，不落盘。32B BF16 是 64 GB，实测 2.1 秒。最早那一版是存盘再重启 vLLM，要 3 分钟。"),
    ("en", "We're colocated: training is FSDP, vLLM is TP4. After the update FSDP all-gathers each parameter into a full "
           "tensor, we re-split it the way vLLM's TP expects and hand it over CUDA IPC handles on the same host, nothing "
           "goes to disk. 32B in BF16 is 64 GB and it measured 2.1 seconds. The very first version saved to disk and "
           "restarted vLLM, which took 3 minutes."),
])
def test_the_first_version_named_is_a_remedy_left_behind(ours, lang, answer):  # noqa: F811
    """candidates28 c28_f.1: "最早那一版是存盘再重启 vLLM" is the version replaced by the one just told, not weight sync
    done by restarting the engine."""
    a = score(ours, lang, 16, answer, "权重同步是怎么做的？" if lang == "zh" else "How do you do the weight sync?")
    assert a.level >= 3 and not any("重启" in d.signal or "restart" in d.signal for d in a.danger_signals), a


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "为什么训练作业要 gang 调度？",
     "gang 调度是因为默认的 scheduler 一个 pod 一个 pod 地调，两个 16 卡的作业可能各抢到 8 卡然后互相等，谁也起不来。Volcano 用 PodGroup "
     "设 minMember，要么一次全给，要么一个都不给。"),
    ("en", "Why do training jobs need gang scheduling?",
     "Gang scheduling is needed because the default scheduler places pods one at a time, so two 16-GPU jobs can each "
     "grab 8 GPUs and wait on each other forever. Volcano's PodGroup with minMember gives all or nothing."),
])
def test_a_default_given_as_the_cause_is_no_setting_taken_over(ours, lang, question, answer):  # noqa: F811
    """heldout29 h29_14: "是因为默认的 scheduler…" explains why gang scheduling exists; it was flagged as a configuration
    copied with no reason of the candidate's own."""
    a = score(ours, lang, 13, answer, question)
    assert not any("照搬" in d.signal or "taken over" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "How did you deal with load balance under the causal mask?",
     "Zigzag. 16 chunks for CP8, rank i gets chunk i and chunk 15 minus i. Before that we had contiguous chunks and rank "
     "7's attention time was about 8 times rank 0's, and everything waited on rank 7. After the change the attention "
     "time across ranks was within 5 percent, and end-to-end step time dropped 31 percent."),
    ("zh", "因果掩码下的负载均衡你们怎么做的？",
     "zigzag。CP8 切 16 块，rank i 拿第 i 块和第 15-i 块。之前是连续切，rank 7 的 attention 时间大概是 rank 0 的 8 倍，大家都在等 rank 7。"
     "改完以后各 rank 的 attention 时间差在 5% 以内，端到端 step 时间降了 31%。"),
])
def test_the_gap_measured_within_a_figure_after_the_change_is_a_check(ours, lang, question, answer):  # noqa: F811
    """candidates28 c28_e.1 (labelled 4) was a 3 in English: "was within 5 percent" is the check "差在 5% 以内" is."""
    assert score(ours, lang, 7, answer, question).level == 4


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "提升的是吞吐还是收敛时间？",
     "吞吐。基线是最早那版配置，同样 2048 卡、同样的 global batch，MFU 38%。后来主要三件事：开了 overlap 把 DP 的梯度通信藏到反向里，"
     "micro batch 从 1 调到 2 让 GEMM 更饱满，再加上融合算子，涨到 47%。收敛按 token 算是一样的。"),
    ("en", "Did it improve throughput or time to converge?",
     "Throughput. The baseline was the very first config, same 2048 GPUs and the same global batch, MFU 38%. Then three "
     "things: we turned on overlap so DP's gradient communication hides in backward, took the micro-batch from 1 to 2 "
     "so the GEMMs are fuller, and added fused kernels, up to 47%. Convergence per token is the same."),
])
def test_another_topics_flag_said_which_way_it_goes_names_its_subjects(ours, lang, question, answer):  # noqa: F811
    """Read aloud in this stop's zh session: "DP 的梯度通信…收敛按 token 算是一样的" was flagged "不知道 ZeRO-3 通信约为 DP 的
    1.5 倍" (a 4 told to avoid it), though it names no ZeRO stage."""
    a = score(ours, lang, 10, answer, question)
    assert not any("ZeRO" in d.signal for d in a.danger_signals), a.danger_signals


MFU_ASKED = {"zh": "MFU 你们是怎么算的？大概多少？", "en": "How did you compute MFU, and what was it?"}


@pytest.mark.parametrize("lang, answer", [
    ("zh", "MFU 就是实际达到的模型算力除以硬件的峰值算力，模型算力一般按每个 token 6 倍参数量来估，前向 2 倍、反向 4 倍。要注意不能拿 GPU "
           "利用率当 MFU，因为利用率只说明有 kernel 在跑。我们当时大概是 45% 左右，是框架日志里直接打出来的，在业界算比较不错的水平了。"),
    ("en", "MFU is the model FLOPs you achieve divided by the hardware peak; model FLOPs are about 6 times the parameter "
           "count per token, 2 for forward and 4 for backward. Don't use GPU utilization as MFU, it only says a kernel "
           "was running. Back then we were at about 45%, printed straight from the framework logs, which is pretty good "
           "for the industry."),
])
def test_the_figure_of_the_run_back_then_is_no_story(ours, lang, answer):  # noqa: F811
    # candidates33 c33_a.2 (labelled 2) read as a 4: "我们当时大概是 45%" was a time something happened, so the figure
    # from the logs made an incident told with its source.
    a = score(ours, lang, 10, answer, MFU_ASKED[lang])
    assert a.level == 3, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "当时 MFU 只有 31%，我们用 nsys 抓了时间线，发现 TP 的 all-reduce 有 18% 没藏住。开了 TP 通信重叠以后暴露降到 7%，MFU 到了 "
           "38%，但 GEMM 慢了 4%，因为通信 kernel 占了 SM，权衡下来还是开着。"),
    ("en", "Back then MFU was only 31%. We captured an nsys timeline and saw 18% of the TP all-reduce exposed. With TP "
           "comm overlap the exposed share fell to 7% and MFU reached 38%, but the GEMMs got 4% slower because the "
           "communication kernels took SMs; on balance we kept it on."),
])
def test_a_story_that_opens_back_then_is_still_one(ours, lang, answer):  # noqa: F811
    assert score(ours, lang, 10, answer, MFU_ASKED[lang]).level == 4


@pytest.mark.parametrize("lang, answer", [
    ("zh", "做过，在 Megatron 上开了 TP comm overlap，就是把 GEMM 切成几块，跟 all-gather、reduce-scatter 流水起来。TP8、序列 8K 的配置，"
           "开之前我们量的 TP 通信暴露大概占 step 的 22%，开之后降到 9% 左右。但是 step time 只快了 8%，没有按 13 个点来。查下去是通信 "
           "kernel 占了 SM，我们单独 profile 了同一个 GEMM，开 overlap 以后慢了 6% 左右。后来把通信用的 SM 数从默认往下调了一点，再配合 "
           "CUDA_DEVICE_MAX_CONNECTIONS=1 保证发射顺序，最后端到端快了 10%。结论就是 overlap 不能只看通信被盖住了多少，要看端到端。"),
    ("en", "Yes, in Megatron we turned on TP comm overlap, which splits the GEMM into chunks and pipelines them with the "
           "all-gather and reduce-scatter. TP8 with 8K sequences: before, the exposed TP communication we measured was "
           "about 22% of the step, after, about 9%. But step time only improved 8%, not 13 points. Digging further, the "
           "communication kernels were taking SMs; we profiled the same GEMM alone and it was about 6% slower with "
           "overlap on. Then we lowered the SM count for communication a bit and set CUDA_DEVICE_MAX_CONNECTIONS=1 to "
           "keep the launch order, and end to end it was 10% faster."),
])
def test_a_cause_dug_out_of_a_shortfall_is_a_story(ours, lang, answer):  # noqa: F811
    # heldout34 h34_23 (labelled 4) read as a 3: "查下去是…" / "Digging further, …" was no way of telling a cause found.
    q = "你做过 TP 通信和计算的重叠吗？代价是什么？" if lang == "zh" else "Have you overlapped TP communication with compute? What did it cost?"
    assert score(ours, lang, 8, answer, q).level == 4


_IF_YOU_CHECKED = {"zh": "没关系，不用下结论：要是让你去验证这一点，你会看什么？",
                   "en": "No problem, no verdict needed: if you had to check it, what would you look at?"}


@pytest.mark.parametrize("lang, answer", [
    # Read aloud in a session: the same plan read 4 in English ("compare" is a check's word) and 3 in Chinese.
    ("zh", "会看扩展效率：每卡 micro batch 不变，在 4096 卡上跑几百步，对比每卡 token/s 掉了多少。再看暴露通信占比，DP 从 32 "
           "变成 64，每卡 all-reduce 的数据量差不多，但 ring 更长，延迟会涨；我会用 profiler 看反向里梯度通信还能不能藏住。"),
    ("en", "I'd look at scaling efficiency: keep the per-GPU micro-batch, run a few hundred steps on 4096 GPUs and compare "
           "tokens per second per GPU. And the exposed communication share: with DP going from 32 to 64 the per-GPU "
           "all-reduce bytes barely change but the ring gets longer, so I'd check in the profiler whether the gradient "
           "all-reduce still hides in backward."),
])
def test_a_check_proposed_for_a_would_you_question_is_no_check_run(ours, lang, answer):  # noqa: F811
    a = score(ours, lang, 10, answer, _IF_YOU_CHECKED[lang])
    assert a.level == 3, a.level


@pytest.mark.parametrize("lang, answer", [
    # The check asked for ("验证") is answered by a check told in other words ("对比"): the Chinese read 2 while the
    # English, which says "check" back, read 4.
    ("zh", "我们在 1024 卡上真测过一次：和 512 卡对比每卡 token/s，掉了 4%，nsys 上看是最后一个 DP bucket 没藏住。"),
    ("en", "We actually did check it once on 1024 GPUs: we compared tokens per second per GPU against the 512-GPU run "
           "and lost 4%, and nsys showed the last DP bucket exposed."),
])
def test_a_check_run_told_for_a_would_you_question_is_still_judgement(ours, lang, answer):  # noqa: F811
    a = score(ours, lang, 10, answer, _IF_YOU_CHECKED[lang])
    assert a.level == 4, a.level


@pytest.mark.parametrize("lang, question, answer", [
    # A bank answer labelled 4 that read 3 in English: the hang it was noticed in, how late, and the alert kept since.
    ("en", "Why is GPU utilisation misleading?",
     "It's 'some kernel was resident', sampled. An all-reduce spinning on a dead peer reads 100%, and during our first "
     "big hang that's exactly what the dashboard showed for 2047 GPUs, which is a large part of why it took 40 minutes "
     "to notice. We took utilisation off the dashboard and alert on TENSOR_ACTIVE and per-rank compute time instead."),
    ("zh", "为什么说 GPU 利用率有误导性？",
     "它只是采样周期里有 kernel 驻留就算忙。一个在死掉的对端上空转的 all-reduce 也显示 100%，我们第一次大 hang 的时候看板上 "
     "2047 张卡都是这样，所以 40 分钟后才发现。后来把利用率从看板上拿掉，改成按 TENSOR_ACTIVE 和每 rank 计算时间告警。"),
])
def test_the_time_it_took_to_notice_and_the_alert_kept_since_are_judgement(ours, lang, question, answer):  # noqa: F811
    a = score(ours, lang, 14, answer, question)
    assert a.level == 4, a.level


_IDLE_TAIL = {
    "en": ("You said engines sat idle in the rollout tail. How did you see that, and what do you monitor?",
           "DCGM, scraped every 10 seconds, but not the utilisation field: a GPU running an NCCL kernel that is just "
           "waiting shows 100%. We looked at SM_ACTIVE and PIPE_TENSOR_ACTIVE per GPU, plus per-engine counts of "
           "in-flight sequences. In the tail, tensor-active dropped under 5% on most engines while one or two were still "
           "decoding."),
    "zh": ("你说 rollout 长尾时推理引擎在空等，怎么看出来的？平时监控什么？",
           "DCGM 每 10 秒采一次，但不看利用率字段：空等的 NCCL kernel 也显示 100%。看的是每卡的 SM_ACTIVE 和 PIPE_TENSOR_ACTIVE，"
           "加上每个引擎在途的序列数。长尾阶段大多数引擎的 tensor-active 降到 5% 以下，只有一两个还在解码。"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("topic", [14, 16])
def test_what_the_tail_looked_like_is_read_alike_in_both_languages(ours, lang, topic):  # noqa: F811
    # candidates22 c22_e.4: "dropped under 5%" is what the metric showed, as "降到 5% 以下" is; asked under the RL topic,
    # "just waiting" and "the rollout tail" are the "空等" and "长尾" the question asks about (English read it as another
    # question's answer, a 1, where the Chinese read 4).
    question, answer = _IDLE_TAIL[lang]
    a = score(ours, lang, topic, answer, question)
    assert a.level == 4 and not a.danger_signals, (a.level, [d.signal for d in a.danger_signals])
