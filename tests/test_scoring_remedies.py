"""Issue 12: the pack's naive remedy is seen for what it is however it is worded, with its escalations ("if it still
spikes, drop it another notch") counted as more of the same remedy rather than as a story or a point."""

from __future__ import annotations

import pytest

from test_scoring_points import credited, ours, score  # noqa: F401


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "简历上写你负责过 13B 预训练的稳定性。训练中途 loss 突然尖峰，你的排查顺序是什么？",
     "这个我们遇到过挺多次的。一般第一步就是把 learning rate 降一半，比如从 3e-4 降到 1.5e-4，然后从最近一个 checkpoint 重新拉起来跑，"
     "大部分情况降完就稳了。如果还是 spike，就再降一档，同时把 warmup 拉长一点，比如从 2000 步拉到 4000 步。基本上 lr 这块调好了 loss "
     "就不会再飞了，实在不行就换个 seed 重跑一遍。"),
    ("en", "Your résumé says you owned stability for a 13B pretraining run. Loss suddenly spikes mid-training: what's your "
     "order of checks?",
     "We hit this quite a lot. Usually step one is to halve the learning rate, say from 3e-4 to 1.5e-4, and restart from "
     "the latest checkpoint; most of the time it settles after that. If it still spikes, drop it another notch and "
     "stretch the warmup, like from 2000 steps to 4000. Once the lr is tuned right the loss basically won't blow up "
     "again, and worst case we change the seed and rerun."),
])
def test_a_lower_learning_rate_escalated_is_still_the_naive_answer(ours, lang, question, answer):  # noqa: F811
    # heldout31 h31_47 (labelled 1) read as a 4: "把 learning rate 降一半" was no form of the remedy (code-switched), the
    # "从 3e-4 降到 1.5e-4" in its sentence read as a practice improved on, and "如果还是 spike，就再降一档，同时把 warmup
    # 拉长" was credited as the record of a loss spike. The English twin was already a 1.
    a = score(ours, lang, 1, answer, question)
    assert a.level == 1, a
    assert not a.markers, a.markers
    assert any("learning rate" in d.signal or "学习率" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer, flag", [
    ("en", "On your 1K-GPU cluster, how do you find the straggler when the whole job slows down?",
     "We have the DCGM exporter into Prometheus. I look at DCGM_FI_PROF_SM_ACTIVE and PIPE_TENSOR_ACTIVE, not the plain "
     "utilization, because utilization counts as busy if any kernel is running, even NCCL just waiting. Also Xid errors, "
     "ECC, clocks and power. For the straggler we look per rank at how long each all-reduce takes, and the GPU with the "
     "longest all-reduce time is the slow one — it's the one holding everybody. In our last case rank 517 had "
     "all-reduce around 300 ms when the others were 40 ms, we drained that node and the speed came back.",
     "assumes the GPU with the longest communication time is the slow one"),
    ("zh", "在你们千卡集群上，整个作业变慢时怎么找到慢节点？",
     "我们有 DCGM exporter 接到 Prometheus。我看 DCGM_FI_PROF_SM_ACTIVE 和 PIPE_TENSOR_ACTIVE，不看普通的 utilization，因为只要有 "
     "kernel 在跑就算忙，NCCL 在空等也算。另外看 Xid、ECC、时钟和功耗。找慢卡就按 rank 看每次 all-reduce 花多久，all-reduce 时间最长"
     "的那张卡就是慢卡，就是它拖着大家。上次 rank 517 的 all-reduce 大概 300 ms，其他都是 40 ms，我们把那台节点 drain 掉，速度就回来了。",
     "以为通信最久的卡就是慢卡"),
])
def test_the_packs_misconception_at_the_core_caps_a_fluent_answer_at_2(ours, lang, question, answer, flag):  # noqa: F811
    # heldout31 h31_48 (labelled 2) read as a 4 with its flag raised: points shown beside the misconception (the DCGM
    # fields, utilisation counting any kernel) had kept it at 4, since only an answer with fewer than two points was
    # capped. Doing a thing without what a flag names and calling it fine still needs fewer than two points to cap
    # (that flag is raised on sound text more often: "on NVLink that's fine, across nodes it would land on NICs").
    a = score(ours, lang, 14, answer, question)
    assert any(d.signal == flag for d in a.danger_signals), a.danger_signals
    assert len(a.markers) >= 2 and a.level == 2, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "DDP 会把参数按反向的顺序分成 bucket，默认 25MB 一个，一个 bucket 里的梯度都算完就马上发 all-reduce，后面的层还在算 backward 的时候"
     "前面的 bucket 已经在通信了，最后一个 bucket 没东西可以盖。所以本质上就是异步的，NCCL 在单独的 stream 上跑，只要开了 async，通信就都和"
     "计算 overlap 上了，我们的暴露通信基本是 0，这个没专门测过，也没必要测。"),
    ("en", "DDP groups parameters into buckets in reverse order, 25 MB by default, and as soon as a bucket's gradients are all "
     "computed it fires the all-reduce, so earlier buckets communicate while later layers are still in backward; the "
     "last bucket has nothing to hide behind. So it's asynchronous by nature, NCCL runs on its own stream, and as long as "
     "async is on, the communication all overlaps with compute. Our exposed communication is basically zero; we never "
     "measured it, no need to."),
])
def test_a_belief_conditioned_on_its_own_premise_is_still_held(ours, lang, answer):  # noqa: F811
    # heldout31 h31_02 (labelled 2) read as a 3: "只要开了 async，通信就都和计算 overlap 上了" is the pack's "以为开了异步就重叠上了"
    # in its own words, but "只要" read as a condition that would make it true (as "只要有独立的 stream，异步就能重叠" is).
    # The English twin was already flagged.
    a = score(ours, lang, 8, answer, "DDP 的梯度通信是怎么藏进反向的？你们暴露的通信大概多少？")
    assert any(d.signal in ("以为开了异步就重叠上了", "assumes async means overlapped") for d in a.danger_signals), a
    assert a.level == 2, a


def test_a_condition_on_something_else_still_makes_the_belief_true(ours):  # noqa: F811
    a = score(ours, "zh", 8, "只要通信放在独立的 stream 上、并且 bucket 在反向中途就发出去，异步就能和计算重叠；最后一个 bucket 总是暴露的，我们实测暴露 "
              "8%。", "DDP 的通信怎么藏？")
    assert not any(d.signal == "以为开了异步就重叠上了" for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "你写的是'MFU 从 35% 提到 52%'。这个是怎么算的？",
     "那个 52% 是我们 dashboard 上的 GPU 利用率平均值，DCGM 采的……MFU 理论上是每秒 token 数乘 6N，除以卡数乘峰值，我们也算过一个，大概三十多。"
     "优化主要是看 profiler：先看 GPU 上有没有空白，空白主要在 step 开头等数据和 backward 最后的 all-reduce；再看小 kernel 太多、launch 开销，"
     "把几个 elementwise 融了，加了 prefetch。前后利用率从 35 到 52。"),
    ("en", "Your résumé says 'MFU from 35% to 52%'. How was that computed?",
     "That 52% is the average GPU utilization on our dashboard, collected by DCGM... MFU in theory is tokens per second "
     "times 6N, divided by GPUs times peak; we worked one out too, around thirty-something. The optimization was mostly "
     "profiler work: first look for gaps on the GPU, mainly the data wait at the start of the step and the last "
     "all-reduce of backward; then too many small kernels and launch overhead, so we fused a few elementwise ops and "
     "added prefetch. Utilization went from 35 to 52."),
])
def test_the_questions_mfu_figure_said_to_be_utilisation_is_the_packs_misconception(ours, lang, question, answer):  # noqa: F811
    # heldout31 h31_07 (labelled 2) read as a 4: the résumé's "MFU 52%" is the dashboard's GPU utilisation, said in so
    # many words, but the answer names MFU (its formula) too, and a conflation across question and answer was only
    # read in an answer that never names the asked thing. Both twins were 4.
    a = score(ours, lang, 10, answer, question)
    hit = next(d for d in a.danger_signals if d.signal in ("拿 GPU 利用率或稀疏峰值充当 MFU",
                                                            "passes off GPU utilisation or the sparse peak as MFU"))
    assert "52%" in hit.evidence
    assert a.level == 2, a


def test_a_figure_of_the_question_measured_as_the_right_thing_is_no_conflation(ours):  # noqa: F811
    a = score(ours, "en", 10, "The 52% is model FLOPs: 6N times tokens per second over GPUs times the 989 TFLOPS dense "
              "peak. GPU utilization sat at 99% the whole time, which says nothing.",
              "Your résumé says MFU went from 35% to 52%. How was that computed?")
    assert not any("utilisation" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer, stall", [
    ("en", "How often did you checkpoint that 64-node run, and what happened when a GPU died?",
     "We saved every 1000 steps, I think that's the default in the script, and it took a few minutes to write, training "
     "waits during that. When a GPU died the job crashed, so someone on the team would check in the morning, remove the "
     "node from the hostfile and restart from the last checkpoint. Sometimes we lost several hours, but I think that's "
     "normal for large training.", "lets synchronous writes stall training for minutes"),
    ("zh", "那个 64 节点的训练你们多久存一次 checkpoint？掉卡的时候怎么办？",
     "我们每 1000 步存一次，我记得是脚本里默认的，写一次要好几分钟，这期间训练就等着。掉卡的话作业就挂了，第二天早上组里有人看一眼，把那台机器从 "
     "hostfile 里删掉，从最近的 checkpoint 重新拉起来。有时候丢好几个小时，不过我觉得大规模训练这很正常。", "让同步写盘把训练卡住几分钟"),
])
def test_a_default_interval_a_stalling_save_and_recovery_by_hand_is_the_naive_answer(ours, lang, question, answer, stall):  # noqa: F811
    # heldout31 h31_22 (labelled 1) read as a 2 with no flag: "that's the default in the script" was no form of a setting
    # taken over, "training waits during that" no form of a synchronous write, the stall's sentence was excused as the
    # setting stated (an exception meant for how a setting was chosen), and in Chinese the by-hand recovery was credited
    # as "automatically remove the bad node and resume from the latest checkpoint".
    a = score(ours, lang, 11, answer, question)
    assert a.level == 1, a
    assert any(d.signal == stall for d in a.danger_signals), a.danger_signals
    assert not a.markers, a.markers


def test_recovery_by_hand_told_as_what_came_before_automation_keeps_its_point(ours):  # noqa: F811
    a = score(ours, "zh", 15, "之前 hang 了靠人一台台登机器 py-spy，一次两三个小时，还经常现场已经没了；上了之后 watchdog 超时 10 分钟内各 rank 的栈和"
              "通信记录就齐了，定位一般半小时以内。", "你刚才说自动 dump，上这套之前和之后，定位时间差多少？")
    assert credited(a, "py-spy") is not None, a


@pytest.mark.parametrize("lang, question, answer, flag", [
    ("zh", "你说做过 128K 长上下文训练，序列并行和上下文并行有什么区别？",
     "其实是一个东西，不同框架叫法不一样，Megatron 里叫 sequence parallel，别的地方叫 context parallel。核心就是把序列切开放到不同卡上，128K "
     "的话开 SP=8，每张卡就是 16K，显存就下来了。我们就是这么跑的，开了以后就不 OOM 了。", "把上下文并行与序列并行混为一谈"),
    ("en", "You said you trained at 128K context. What's the difference between sequence parallelism and context "
     "parallelism?",
     "They're basically the same thing, different frameworks just name it differently: Megatron calls it sequence "
     "parallel, elsewhere it's context parallel. The core is cutting the sequence across GPUs; at 128K we ran SP=8, so "
     "16K per GPU, and memory came down. That's how we ran it, no more OOM.", "conflates context and sequence parallelism"),
])
def test_the_two_the_question_names_equated_with_the_subject_dropped_is_the_conflation(ours, lang, question, answer, flag):  # noqa: F811
    # heldout31 h31_04 (labelled 1) read as a 2 with "names without mechanism": "其实是一个东西" opens on the question's
    # pair with no name of its own, and only "两个其实是…" / "the two are…" had been read as equating two named before.
    # The English twin was already a 1.
    a = score(ours, lang, 7, answer, question)
    hit = next(d for d in a.danger_signals if d.signal == flag)
    assert "context parallel" in hit.evidence
    assert a.level == 1, a


def test_the_two_the_question_names_told_apart_are_not_equated(ours):  # noqa: F811
    a = score(ours, "zh", 7, "不一样：序列并行只在 TP 组里把 LayerNorm、dropout 的激活按序列切，上下文并行是把 attention 本身按序列切到多卡，K、V 走 ring 交换。",
              "序列并行和上下文并行有什么区别？")
    assert not any(d.signal == "把上下文并行与序列并行混为一谈" for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "简历上写'优化训练数据 IO，吞吐提升 3 倍'，你具体做了什么？",
     "这个主要是……当时训练很慢，后来发现是读数据慢，存储那边的同事把数据重新整理了一下格式，然后吞吐就上去了，大概三倍吧。具体怎么改的格式我不太清楚，"
     "是存储组负责的，我主要是跑训练的时候发现 loss 曲线走得慢，然后报给了他们。"),
    ("en", "Your résumé says 'optimised training data IO, 3x throughput'. What exactly did you do?",
     "So this was mainly... training was slow back then, later we found data reading was slow, the colleagues on the "
     "storage side reorganised the data format, and throughput went up, about three times. How exactly they changed the "
     "format I don't really know, the storage team owned it; I mainly noticed the loss curve moving slowly while running "
     "training and just reported it to them."),
])
def test_another_teams_result_the_candidate_only_reported_is_not_theirs(ours, lang, question, answer):  # noqa: F811
    # heldout31 h31_46 (labelled 1) read as a 2: the question's "3 倍" said back read as a figure of the answer's own, and
    # in English the storage team's fix was credited as the candidate's small-file IO story. Both twins were 2.
    a = score(ours, lang, 12, answer, question)
    assert a.signal == "not_mine" and a.level == 1, a
    assert not a.markers, a.markers


@pytest.mark.parametrize("lang, answer", [
    ("zh", "三层。一是打开 NCCL flight recorder，watchdog 超时前自动 dump 每个 rank 最近的集合通信记录；二是 agent 发现 step 停滞 5 分钟就对所有 rank 跑 "
     "py-spy dump，把栈按内容聚类，一眼看出哪几个 rank 跟大家不一样；三是比对 flight recorder 里每个 rank 的 collective 序号和 shape，自动标出第一个不一致"
     "的 rank。上线前一次 hang 平均要值班的人手动查两三个小时，有一半最后是'重启就好了'，也不知道原因；上线后 80% 的 hang 15 分钟内能给出是哪个 rank、"
     "卡在哪个调用。最常见的根因是数据不整除导致某个 rank 少跑一步，其次是坏卡，坏卡现在直接自动摘。"),
    ("en", "Three layers. One, the NCCL flight recorder is on, so before the watchdog times out it dumps each rank's recent "
     "collectives automatically; two, an agent that sees the step stall for 5 minutes runs py-spy dump on every rank and "
     "clusters the stacks by content, so the ranks that differ stand out; three, it compares each rank's collective "
     "sequence numbers and shapes in the flight recorder and marks the first rank that disagrees. Before we launched it, "
     "a hang took the on-call engineer two or three hours by hand, and half ended in 'a restart fixed it' with no cause; "
     "after launch, 80% of hangs are pinned to a rank and a call within 15 minutes. The most common root cause is data "
     "not dividing evenly so one rank runs one step fewer; next is bad GPUs, which are now drained automatically."),
])
def test_the_practice_before_the_platform_launched_is_the_one_improved_on(ours, lang, answer):  # noqa: F811
    # candidates30 c30_f.6 (labelled 4) read as a 2: "上线前…值班的人手动查两三个小时，有一半最后是'重启就好了'" raised "hang 了只会重启",
    # "不会抓各 rank 调用栈" and "坏节点只会人工重启作业", since "上线前" / "上线后" were no words of before and after. The
    # English twin ("Before we launched it") was already a 4.
    a = score(ours, lang, 15, answer, "hang 的话平台做了什么自动化？效果怎么样？")
    assert not a.danger_signals, a.danger_signals
    assert a.level == 4, a


def test_a_check_said_not_to_have_been_read_credits_nothing(ours):  # noqa: F811
    # candidates30 c30_c.4 (labelled 1) read as a 3 with "reads NCCL_DEBUG=INFO logs…" credited on "I know you can set
    # NCCL_DEBUG, but I didn't read the logs in detail."
    a = score(ours, "en", 9, "Yes, RoCE. To check... we saw the training speed was OK, so I think it was working. I know "
              "you can set NCCL_DEBUG, but I didn't read the logs in detail.",
              "Did that cluster use RDMA? How did you know GPUDirect RDMA was actually on?")
    assert credited(a, "NCCL_DEBUG") is None, a.markers
    assert a.level <= 2, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "有。一个视频多模态团队直接把 2000 多万个小文件放在 CPFS 上读，几十个作业一起跑的时候元数据服务打到上限，所有作业都变慢。我们看到文件系统 metadata "
     "ops 到了 15 万每秒左右，训练侧每 step 取 batch 的时间从几十毫秒涨到 1 秒多，占 step 的 20% 以上。给他们做了离线打包成 tar 分片，每片 1 到 2 GB，"
     "加节点本地 NVMe 缓存和预取，之后元数据 ops 降到 3000 左右，取 batch 回到 50ms 以内。平台后来加了规则：单作业文件打开速率超阈值告警，新数据集接入要求"
     "分片格式。"),
    ("en", "Yes. A video multimodal team read over 20 million small files straight off CPFS, and with dozens of jobs running "
     "the metadata service hit its ceiling and every job slowed down. We saw metadata ops at about 150K per second, and "
     "fetching a batch went from tens of milliseconds to over a second, more than 20% of the step. We packed the data "
     "offline into tar shards of 1 to 2 GB each, added node-local NVMe caching and prefetch, and metadata ops fell to "
     "about 3000, batch fetch back under 50 ms. The platform later added a rule: a threshold alert on each job's "
     "file-open rate, and new datasets must come in shard format."),
])
def test_an_incident_with_its_fix_and_an_alert_kept_afterwards_is_a_4(ours, lang, answer):  # noqa: F811
    # candidates30 c30_f.3 (labelled 4) read as a 3: "超阈值告警" was no form of an alert kept afterwards.
    a = score(ours, lang, 12, answer, "平台层面数据读取出过问题吗？")
    assert a.level == 4, a


@pytest.mark.parametrize("lang, answer, story", [
    ("zh", "我之前是做 SRE 的。我们是 dcgm-exporter 接 Prometheus，Grafana 上看 GPU 利用率、显存、温度、功耗，Xid 报错会直接告警。慢节点的话，"
     "主要就看哪台机器的 GPU 利用率掉下来了，比如低于 80% 就报警，然后人上去看一下。之前有一次就是有台机器温度特别高，我们把它下掉了，后来就加了个温度告警。",
     "有一次"),
    ("en", "I used to do SRE. We run dcgm-exporter into Prometheus and watch GPU utilization, memory, temperature and power "
     "in Grafana, with Xid errors alerting directly. For slow nodes we mainly look at which machine's GPU utilization "
     "drops, say below 80% it alerts, and then someone goes and looks. One time a machine was running very hot, we "
     "took it out, and afterwards added a temperature alert.", "One time"),
])
def test_a_story_point_is_quoted_from_the_story_not_the_practice_said_before_it(ours, lang, answer, story):  # noqa: F811
    # heldout30 h30_33 and candidates30 c30_f.2: the slow-node story point was quoted with the habit told before the
    # story ("主要就看哪台机器的 GPU 利用率掉下来了…", "基础是按 rank 的 step 内计时…"), which names the subject and a figure.
    a = score(ours, lang, 14, answer, "训练集群你们平时采哪些指标？慢节点是怎么发现的？")
    quote = credited(a, "有一次定位慢节点" if lang == "zh" else "story of finding a slow node")
    assert quote is None or story in quote, quote


@pytest.mark.parametrize("lang, answer, flag", [
    ("zh", "我们是把 seed 固定住，新旧两个版本各跑一遍，跑了 5000 步，最后 loss 一个 2.314、一个 2.321，差 0.007，小于 0.01，就认为对齐了。中间的曲线也"
     "大概看了一下，形状差不多。", "最终 loss 差不多就说已对齐"),
    ("en", "We fixed the seed and ran the old and new versions once each for 5000 steps; the final loss was 2.314 against "
     "2.321, a gap of 0.007, under 0.01, so we called it aligned. We also glanced at the curves in between, roughly the "
     "same shape.", "calls it aligned because the final loss looks about the same"),
])
def test_one_seed_given_both_runs_is_no_check_against_the_seed_noise(ours, lang, answer, flag):  # noqa: F811
    # heldout30 h30_15 (labelled 2) read as a 3: "把 seed 固定住" read as a check held against the seed noise, "最后 loss"
    # was no form of "最终 loss" and "就认为对齐了" none of calling it the same; the English twin ("We fixed the seed")
    # was not flagged either.
    a = score(ours, lang, 15, answer, "你改了通信的实现以后，怎么证明 loss 还是对齐的？")
    assert any(d.signal == flag for d in a.danger_signals), a.danger_signals
    assert a.level <= 2, a


def test_the_final_loss_check_set_aside_is_not_the_flag(ours):  # noqa: F811
    # (This one was flagged before: "只看最终 loss 差不多是不行的" sets the check aside.)
    a = score(ours, "zh", 15, "固定 seed、数据顺序和初始化，先比首步 loss 和 grad norm；只看最终 loss 差不多是不行的，要拿同配置 3 个 seed 的波动当容差，"
              "新版本的曲线落在这个带内才算对齐。", "怎么证明 loss 对齐？")
    assert not any(d.signal == "最终 loss 差不多就说已对齐" for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("en", "On 64 GPUs, what does each ZeRO stage cost you per GPU for a 7B model? And ZeRO-3 costs about 1.5x DP's "
     "communication, right?",
     "So ZeRO-1 shards the optimizer states, ZeRO-2 also the gradients, ZeRO-3 also the parameters. On 64 GPUs for 7B: "
     "ZeRO-1 is about 4.2 bytes, so ~29 GB; ZeRO-2 about 2.2 bytes, ~15 GB; ZeRO-3 0.25 bytes, under 2 GB. About the "
     "communication — I think it's not 1.5x, it's 3x. DP does one all-reduce. ZeRO-3 does an all-gather in forward, "
     "another all-gather in backward, and a reduce-scatter for gradients, so three collectives of the full model size "
     "against one. That's 3x."),
    ("zh", "64 卡上 7B 模型，ZeRO 每一级每卡各占多少？ZeRO-3 的通信大约是 DP 的 1.5 倍，对吧？",
     "ZeRO-1 切优化器状态，ZeRO-2 再切梯度，ZeRO-3 再切参数。64 卡 7B：ZeRO-1 每参数约 4.2 字节，大概 29 GB；ZeRO-2 约 2.2 字节，15 GB；"
     "ZeRO-3 0.25 字节，不到 2 GB。通信的话我觉得不是 1.5 倍，是 3 倍。DP 只做一次 all-reduce，ZeRO-3 前向一次 all-gather、反向再一次 "
     "all-gather，再加一次梯度的 reduce-scatter，三次全量对一次。所以是 3 倍。"),
])
def test_a_ratio_said_back_wrong_to_the_questions_subject_is_a_wrong_figure(ours, lang, question, answer):  # noqa: F811
    # heldout31 h31_38 (labelled 2) read as a 3: "it's not 1.5x, it's 3x" names neither ZeRO-3 nor DP, whose ratio the
    # question asked about, so no form of the pack's fact read it.
    a = score(ours, lang, 6, answer, question)
    assert any("3" in d.evidence and d.signal in ("a figure stated wrong", "数字说错了") for d in a.danger_signals), a
    assert a.level == 2, a


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "先聊聊训练稳定性。如果训练中 loss 突然飙上去了，你会怎么办？",
     "我会先把学习率调小，比如从 2e-5 调到 1e-5，然后重新跑。一般 loss 尖峰都是学习率太大导致的。"),
    ("en", "Let's start with stability. If the loss suddenly shoots up mid-training, what do you do?",
     "I'd lower the learning rate first, say from 2e-5 to 1e-5, and rerun. Loss spikes are usually just the learning "
     "rate being too high."),
])
def test_the_belief_behind_the_naive_remedy_is_no_more_of_the_field(ours, lang, question, answer):  # noqa: F811
    # candidates29 c29_b.0 (labelled 1) read as a 2: "一般 loss 尖峰都是学习率太大导致的" named the loss spike, which the
    # question had called "飙上去", so the remedy was not the whole answer.
    a = score(ours, lang, 1, answer, question)
    assert a.level == 1, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "一般我先看一眼 grad norm，grad norm 也跟着飙上去的话，基本就是学习率太大了，我会把 learning rate 砍一半，warmup 再拉长"
     "一点，然后从上一个 checkpoint 重新跑，一般就稳住了。"),
    ("en", "I glance at the grad norm first; if it shot up too, it's basically the learning rate being too high, so I cut "
     "the learning rate in half, stretch the warmup a bit and restart from the last checkpoint, and it usually settles."),
])
def test_the_learning_rate_cut_in_half_is_the_naive_remedy_however_it_is_said(ours, lang, answer):  # noqa: F811
    # heldout33 h33_27 (labelled 1) read as a 3: "把 learning rate 砍一半" (the English name with a Chinese verb) was no form
    # of the remedy, so the ordering point was credited with the clauses that offer it. The English twin already passed.
    a = score(ours, lang, 1, answer, "训练跑到一半 loss 突然尖峰，你的排查顺序是怎样的？" if lang == "zh" else
              "Loss suddenly spikes halfway through training: what's your order of checks?")
    assert a.level is not None and a.level <= 2, a
    assert not a.markers, a.markers
    assert any("learning rate" in d.signal or "学习率" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "MoE 负载不均的话，我们一般把 capacity factor 调大，比如从 1.25 调到 2，这样就不丢 token 了，问题也就解决了。"),
    ("en", "For MoE load imbalance we usually just raise the capacity factor, like from 1.25 to 2, so that no tokens get "
     "dropped, and that solves it."),
])
def test_the_example_and_the_promise_of_a_naive_remedy_are_the_remedy(ours, lang, answer):  # noqa: F811
    # heldout33 h33_31 (labelled 1) read as a 2: "这样就不丢 token 了", what raising the capacity factor is said to bring,
    # credited the capacity-factor-and-dropped-tokens point beside the pack's flag of that very remedy.
    a = score(ours, lang, 7, answer, "MoE 专家负载不均你怎么处理？" if lang == "zh" else "How do you handle MoE expert imbalance?")
    assert not a.markers, a.markers
    assert a.level == 1, a


OOM = {"zh": "训练遇到 OOM 你一般怎么处理？", "en": "What do you usually do when training runs out of memory?"}
HANG = {"zh": "256 卡的作业卡住了，也没有报错，你怎么办？", "en": "Your 256-GPU job hangs with no error. What do you do?"}


@pytest.mark.parametrize("lang, topic, answer", [
    ("zh", 2, "OOM 的话最直接就是把 batch size 调小，micro batch 从 4 调到 2，不行就调到 1。如果 1 还是 OOM，就去申请更多的卡。别的方法"
              "我们一般不太用，比如重计算会让训练慢很多，不太划算。"),
    ("en", 2, "On OOM the quickest thing is to lower the batch size, micro-batch 4 to 2, then 1. If batch 1 still OOMs we "
              "ask for more GPUs. We don't really use other tricks; recomputation slows training a lot, it's not worth it."),
    ("zh", 15, "卡住的话我们一般直接杀掉，从上一个 checkpoint 重启。大部分时候是网络偶发的问题，重启就过去了。要是再卡住，就把 NCCL 的超时调到"
               "两个小时，免得被杀掉。"),
    ("en", 15, "Usually when it hangs we just kill it and restart from the last checkpoint. Most of the time it's some "
               "transient network thing and it goes away. If it happens again we raise the NCCL timeout to like two "
               "hours so it doesn't get killed. It's not worth spending days debugging these."),
])
def test_the_naive_remedy_with_its_excuse_its_belief_and_its_next_step_is_all_there_is(ours, lang, topic, answer):  # noqa: F811
    # heldout34 h34_35 and h34_21 (labelled 1) read as 2s: a better method waved away as not worth it ("重计算会让训练慢
    # 很多，不太划算"), the trouble said to pass by itself ("transient… it goes away") and the step taken if it comes back
    # ("If it happens again we raise the NCCL timeout") named more of the field than the remedy.
    a = score(ours, lang, topic, answer, (OOM if topic == 2 else HANG)[lang])
    assert a.danger_signals and a.level == 1, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "先从上一个 checkpoint 重启止损，但重启前在所有 rank 上跑 py-spy dump，看谁卡在哪个集合通信上。要是再卡住，就打开 NCCL flight "
           "recorder 对比各 rank 最后一次集合通信的序号，找出那个多跑或少跑一步的 rank。"),
    ("en", "Restart from the last checkpoint to stop the bleeding, but first run py-spy dump on every rank to see which "
           "collective each one is stuck in. If it happens again, turn on the NCCL flight recorder and compare each "
           "rank's last collective sequence number to find the rank that ran an extra or a missing step."),
])
def test_a_restart_with_the_hang_looked_into_is_more_than_the_naive_remedy(ours, lang, answer):  # noqa: F811
    assert score(ours, lang, 15, answer, HANG[lang]).level >= 2


SYNC = {"zh": "RL 训练里训练侧更新完的权重是怎么同步给推理引擎的？",
        "en": "In RL training, how do the updated weights get from the trainer to the inference engine?"}


@pytest.mark.parametrize("lang, answer", [
    ("zh", "我们就是训练那边每个 step 存一次 checkpoint 到共享存储，然后把推理服务重启一下，让它加载新的 checkpoint。一次大概十几分钟吧，"
           "反正 rollout 本来就慢，这个时间占比不算大。"),
    ("en", "We just save a checkpoint to shared storage every step and then restart the inference service so it loads "
           "the new checkpoint. It takes maybe ten-odd minutes, but rollout is slow anyway, so it's a small share of the "
           "time."),
])
def test_the_cost_of_a_naive_remedy_said_small_beside_something_slow_is_its_excuse(ours, lang, answer):  # noqa: F811
    # candidates33 c33_f.3 (labelled 1) read as a 2: "反正 rollout 本来就慢，这个时间占比不算大" named rollout beside the
    # restart, though it only waves the restart's cost away.
    a = score(ours, lang, 16, answer, SYNC[lang])
    assert a.danger_signals and a.level == 1, a


def test_a_restart_told_with_how_the_servers_are_rolled_is_more_than_the_remedy(ours):  # noqa: F811
    # heldout30 h30_08 (labelled 2): a serving engineer's blue-green roll of the vLLM servers, not the bare restart.
    answer = ("The way I'd do it: the trainer saves a new checkpoint in HF format to shared storage, and then you roll "
              "the vLLM servers — drain requests, restart with the new weights, health-check, put them back in rotation. "
              "Basically a blue-green deploy. Rollout is most of the time anyway, generation is the slow part, so a "
              "minute or two of reload per iteration doesn't seem like a big deal.")
    assert score(ours, "en", 16, answer, SYNC["en"]).level == 2


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "在你自己负责的那部分里，最近一次事故从发现到定位用了多久？",
     "最近一次是 NCCL timeout，训练卡住了，大概过了一个多小时才发现，日志里报的是 watchdog timeout。当时就是重启了，重启之后就好了，"
     "具体原因没查到。"),
    ("en", "In the part you owned, how long did the latest incident take from detection to diagnosis?",
     "The last one was an NCCL timeout. Training hung, and we only noticed about an hour later, from the watchdog timeout "
     "in the logs. We just restarted it and it was fine after that; we never found the root cause."),
])
def test_a_hang_restarted_with_its_cause_never_found_is_no_investigation_told(ours, lang, question, answer):  # noqa: F811
    # A junior candidate's session: the zh answer was credited "能讲一次完整的 hang 排查（怎么发现、抓到哪些栈、哪个 rank 不
    # 一致、根因与修复）" with "训练卡住了，大概过了一个多小时才发现…" (the hang, and the question's "发现…定位"), beside the flag
    # "hang 了只会重启"; the feedback then pointed past the investigation to the safeguard after it.
    a = score(ours, lang, 15, answer, question)
    assert a.level == 2, a.level
    assert not a.markers, [(h.marker, h.evidence) for h in a.markers]
    assert any(d.signal in ("hang 了只会重启", "naive remedy only") for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, question, answer", [
    ("zh", "嗯，事后加了哪道防线？", "后来加了一个监控，loss 曲线超过十分钟没更新就发消息到群里，这样能早点发现。"),
    ("en", "What safeguard was added afterwards?",
     "Afterwards we added monitoring: if the loss curve hasn't updated for ten minutes, it posts to our team channel, so "
     "we notice sooner."),
])
def test_an_alert_told_in_plain_words_is_a_safeguard_named(ours, lang, question, answer):  # noqa: F811
    # The junior's zh session read this 1 ("先把「hang 常见于…」讲清楚"): a message to the team's group is the alert the
    # pack's "告警" names, said the way people say it.
    a = score(ours, lang, 15, answer, question)
    assert a.level is not None and a.level >= 2, a.level


@pytest.mark.parametrize("lang, answer", [
    ("zh", "可以在代码里打点吧，rollout 开始和结束各记一下时间，再和整个 step 的时间比一下，就知道占多少了。"),
    ("en", "I'd put timers in the code: record when rollout starts and ends, then compare that with the whole step time, "
           "and that gives the share."),
])
def test_timing_a_phase_by_hand_is_a_way_to_measure_it(ours, lang, answer):  # noqa: F811
    # The junior's zh session: asked how they would measure rollout's share of the step, this read 1 with the pack's
    # flag "没意识到 rollout 吃掉了大部分 step 时间" on the plan itself ("打点" named nothing of the field); the en twin 2.
    q = ("没关系，不用给具体数字：这个数要是让你去量，你会怎么量？" if lang == "zh" else
         "No problem, no exact number needed: if you had to measure it, how would you go about it?")
    a = score(ours, lang, 16, answer, q)
    assert a.level == 2, a.level
    assert not any("rollout" in d.signal for d in a.danger_signals), a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "我们 capacity factor 设的是 1.25，训练刚开始的时候路由很不均匀，丢 token 能到 8% 左右，后来加了 aux loss 之后稳定在 1% 以下。"
           "丢的 token 走残差直接过去，不算专家输出。"),
    ("en", "Our capacity factor was 1.25. Early in training routing was very uneven and up to about 8% of tokens were "
           "dropped; after we added the aux loss it settled below 1%. Dropped tokens just pass through the residual and "
           "get no expert output."),
])
def test_imbalance_and_dropped_tokens_told_raise_no_capacity_factor(ours, lang, answer):  # noqa: F811
    # A zh session: asked what share of tokens was dropped, this read 2 with 只报名词没有机制 on the residual path, while
    # the English twin read 3: "路由很不均匀，丢 token 能到 8%" held three of the four words of the pack's flag "MoE 不均
    # 只会调大容量因子" and was taken for that remedy, though it raises nothing.
    a = score(ours, lang, 7, answer, "丢 token 的比例是多少？" if lang == "zh" else "What share of tokens was dropped?")
    assert a.level == 3, a
    assert credited(a, "aux") or credited(a, "辅助损失"), a.markers
    assert not a.danger_signals, a.danger_signals


@pytest.mark.parametrize("lang, answer", [
    ("zh", "推荐系统里我们有热点行的问题，是把热的 embedding 在每张卡上都缓存一份。MoE 的话我看过 aux loss，让 router 把 token 分得更均匀，"
           "还有 capacity factor，超过容量的 token 会被丢掉。DeepSeek 有一种不用辅助损失的 bias 方法。这些我没自己实现过，只看过论文。"),
    ("en", "In recsys we have the hot-rows problem, we handle it by caching hot embeddings on every GPU. For MoE I read "
           "about the auxiliary loss that pushes the router to spread tokens evenly, and the capacity factor — tokens over "
           "capacity are dropped. DeepSeek has some bias method without auxiliary loss. I have not implemented it myself, "
           "only read the papers."),
])
def test_balancing_known_only_from_the_papers_is_a_2(ours, lang, answer):  # noqa: F811
    # candidates30 c30_c.2 (labelled 2) was a 2 only because "and the capacity factor" was taken for the remedy of
    # raising it; read right, the point is there, and "only read the papers" is what keeps it at 2.
    a = score(ours, lang, 7, answer, "专家负载怎么做均衡？" if lang == "zh" else "How would you keep the experts balanced?")
    assert a.level == 2, a
