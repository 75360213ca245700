"""Issue 12: what the candidate says they don't know is read as not known, wherever in the sentence it is asked, and
nothing else: a question answered in its own clause, or a hedge before what follows, is no miss."""

from __future__ import annotations

import pytest

from test_scoring_points import credited, ours, score  # noqa: F401


@pytest.mark.parametrize("lang, question, answer, words", [
    ("en", "In Megatron tensor parallelism, which linear layers are column-split and which are row-split?",
     "Hmm. Honestly I don't know the details there. I've mostly used DeepSpeed ZeRO and HF Accelerate, we never needed "
     "tensor parallel for our 7B. I know TP splits the weight matrices across GPUs, but which layer gets which split, "
     "I'd have to look it up, sorry.", ("column",)),
    ("zh", "Megatron 的张量并行里，哪些线性层按列切、哪些按行切？",
     "说实话细节我不太清楚。我们 7B 的模型用不到张量并行。我知道 TP 是把权重矩阵切到多张卡上，但 MLP 哪一层是列切、哪一层是行切，"
     "我得查一下。", ("列切",)),
    ("zh", "Megatron 的张量并行里，哪些线性层按列切、哪些按行切？",
     "这个我不太清楚。TP 把 MLP 的两个线性层的权重切到多卡上，但第一层是列切还是行切，要查一下才知道。", ("列切",)),
])
def test_what_is_asked_in_the_clause_before_i_dont_know_is_not_shown(ours, lang, question, answer, words):  # noqa: F811
    # heldout33 h33_29 (labelled 1) read as a 2 with the column/row split credited with "but which layer gets which
    # split", the question the candidate went on to say they would have to look up. The feedback now names that point.
    a = score(ours, lang, 4, answer, question)
    assert credited(a, *words) is None, a.markers
    assert any(all(w in m for w in words) for m in a.missed_markers), a.missed_markers


@pytest.mark.parametrize("lang, answer", [
    ("zh", "TP 通信最频繁，所以一般放机内。为什么 PP 跨机没问题我理解是它通信量小，但具体小多少我没算过。"),
    ("en", "Honestly I'd have to look it up, but it scales with batch size, sequence length and hidden size."),
])
def test_a_question_answered_in_its_own_clause_or_a_look_up_alone_is_not_a_miss(ours, lang, answer):  # noqa: F811
    # "为什么…我理解是它通信量小" answers its own question; "I'd have to look it up, but it scales with…" hedges what follows.
    from interviewer.scoring_read import read
    r = read(answer, ours[lang].vocabulary)
    assert not r.clauses[-2 if lang == "zh" else 1].cues["dont_know"], [(c.text, c.cues["dont_know"]) for c in r.clauses]


@pytest.mark.parametrize("lang, answer", [
    ("en", "I've only used Slurm, so I don't really know Kubernetes. On Slurm the job just gets all its nodes when it "
     "starts, so I guess... I'm not sure what gang scheduling adds, sorry."),
    ("zh", "我只用过 Slurm，K8s 不太了解。Slurm 上作业一启动就拿到所有节点，所以……gang 调度解决什么问题我不太清楚，不好意思。"),
])
def test_not_knowing_what_the_asked_thing_adds_is_a_miss_beside_a_neighbouring_setup(ours, lang, answer):  # noqa: F811
    # candidates32 c32_c.3 (labelled 1) read as a 2: "what gang scheduling adds" was no way of not knowing what it does,
    # so Slurm's allocation told beside it counted as an answer. The zh twin already passed.
    a = score(ours, lang, 13, answer, "Why do training jobs on Kubernetes need gang scheduling?" if lang == "en"
              else "K8s 上的训练作业为什么需要 gang 调度？")
    assert a.signal == "dont_know" and a.level == 1, a


GANG = {"zh": "为什么分布式训练作业在 k8s 上需要 gang 调度？",
        "en": "Why do distributed training jobs on Kubernetes need gang scheduling?"}


@pytest.mark.parametrize("lang, answer", [
    ("zh", "这个我不太确定。我理解 gang 调度就是把带同样 label 的 Pod 归成一组，方便一起找到和监控。"),
    ("en", "I'm not really sure. I think gang scheduling is for grouping pods with the same labels, so it's easier to "
           "find them and monitor them together as one group."),
])
def test_not_sure_then_a_guess_that_shows_nothing_is_a_miss(ours, lang, answer):  # noqa: F811
    # candidates33 c33_b.3 (labelled 1) read as a 2: the guess after "not sure" named the asked subject and a reason.
    a = score(ours, lang, 13, answer, GANG[lang])
    assert a.signal == "dont_know" and a.level == 1, a


@pytest.mark.parametrize("lang, answer", [
    ("zh", "不太确定。我理解是为了避免两个作业各占一半卡互相等，所以要么所有 Pod 一起调度，要么都不调度。"),
    ("en", "I'm not sure. I think it's so two jobs never each hold half the GPUs waiting on each other: all pods get "
           "their resources at once or none do."),
])
def test_not_sure_then_a_guess_that_shows_the_point_is_an_answer(ours, lang, answer):  # noqa: F811
    a = score(ours, lang, 13, answer, GANG[lang])
    assert a.level == 2 and credited(a, "gang"), a
