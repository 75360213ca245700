"""A small hand-built Transcript (3 chains: one at level 3, one at level 1 with a red flag, one never asked)."""

from __future__ import annotations

from interviewer.plan import Chain, InterviewPlan, ResumeRef
from interviewer.resume import Evidence
from interviewer.scoring import Assessment, DangerHit, MarkerHit, Scorecard, ScoredDanger, TopicScore
from interviewer.skills import SkillRef
from interviewer.transcript import Transcript, Turn

AT = "2025-03-01T09:00:00+00:00"

TEXT = {
    "zh": {
        "candidate": "王同学，三年大模型训练平台经验",
        "topics": ["数据并行与梯度同步", "混合精度与数值稳定", "流水线并行与气泡"],
        "evidence": [("负责 64 卡 DDP 训练的通信优化", 4), ("把训练迁移到 bf16 混合精度", 6)],
        "markers": [
            ["说清 all-reduce 的通信量", "给出实测数字和来源", "讲清计算与通信如何重叠"],
            ["说清 loss scale 的作用", "能定位溢出的层", "用对照实验验证"],
            ["算出气泡占比", "说清微批数量的取舍"],
        ],
        "dangers": [["只会说调大 batch"], ["出现 NaN 只会降低学习率", "重跑了事"], ["不知道 1F1B"]],
        "questions": [
            "简历里写了负责 64 卡 DDP 训练的通信优化，当时梯度同步是怎么做的？",
            "你提到后面的桶先发，桶的大小是怎么定下来的？",
            "换个方向：迁移到 bf16 之后如果 loss 变成 NaN，你会怎么排查？",
            "今天先到这里，谢谢你的时间。",
        ],
        "c3_opening": "流水线并行里的气泡是怎么产生的？",
        "answers": [
            "我们用 PyTorch DDP，梯度按 25MB 分桶做 ring all-reduce，每卡通信量约为 2(N-1)/N 倍梯度大小。"
            "在 64 张 A100 上实测一步 all-reduce 约 180ms，是用 nsys 抓的。反向传播时后面的桶先算完就先发，"
            "这样通信和计算是重叠的。",
            "用的是默认的 25MB，我们没怎么调过。",
            "这块不是很清楚，出现 NaN 的话我一般就降低学习率重跑。",
        ],
        "quotes": [
            ["每卡通信量约为 2(N-1)/N 倍梯度大小", "在 64 张 A100 上实测一步 all-reduce 约 180ms，是用 nsys 抓的",
             "后面的桶先算完就先发，这样通信和计算是重叠的"],
            ["用的是默认的 25MB"],
            ["这块不是很清楚", "出现 NaN 的话我一般就降低学习率重跑"],
        ],
        "feedback": ["再讲讲桶大小和重叠方式试过哪些取舍、怎么验证的，就到 4 级。",
                     "说出调桶大小时看的指标和实测结果。",
                     "先讲 loss scale 和溢出定位，再说你会怎么验证修复。"],
        "how": ["2 次回答中取最高：3 级、2 级 → 3 级", "1 次回答：1 级", "未提问"],
        "summary": "2 个主题有评估、1 个未评估；梯度同步讲到了机制和实测数字，混合精度的排查还不会。",
        "strengths": ["能用实测数字说明 all-reduce 的开销，并说出测量工具（nsys）。"],
        "improvements": ["混合精度出现 NaN 的排查。练习：写出从 loss scale、定位溢出层到 bf16/fp32 对照实验的排查步骤，"
                         "每一步写一个判断依据。"],
    },
    "en": {
        "candidate": "Alex, three years on an LLM training platform",
        "topics": ["Data parallelism and gradient sync", "Mixed precision and numerical stability",
                   "Pipeline parallelism and bubbles"],
        "evidence": [("Optimised communication for 64-GPU DDP training", 4), ("Moved training to bf16 mixed precision", 6)],
        "markers": [
            ["explains all-reduce traffic", "gives a measured number and its source", "explains compute/comm overlap"],
            ["explains what loss scaling does", "locates the overflowing layer", "validates with a controlled run"],
            ["computes the bubble fraction", "explains the micro-batch trade-off"],
        ],
        "dangers": [["only says 'increase the batch size'"], ["NaN → just lower the learning rate", "rerun from scratch"],
                    ["has not heard of 1F1B"]],
        "questions": [
            "Your résumé says you optimised communication for 64-GPU DDP training: how did gradient sync work there?",
            "You said the later buckets go first: how was the bucket size chosen?",
            "Switching topics: after moving to bf16, if the loss went NaN, how would you track it down?",
            "That is all for today, thank you for your time.",
        ],
        "c3_opening": "Where do bubbles come from in pipeline parallelism?",
        "answers": [
            "We used PyTorch DDP with 25MB gradient buckets and ring all-reduce, so each GPU sends about 2(N-1)/N times "
            "the gradient size. On 64 A100s one all-reduce step measured about 180ms, captured with nsys. Buckets "
            "that finish first in the backward pass are sent first, so communication overlaps compute.",
            "We kept the default 25MB, we never really tuned it.",
            "I'm not really sure about this; when I see NaN I usually just lower the learning rate and rerun.",
        ],
        "quotes": [
            ["each GPU sends about 2(N-1)/N times the gradient size",
             "On 64 A100s one all-reduce step measured about 180ms, captured with nsys",
             "Buckets that finish first in the backward pass are sent first, so communication overlaps compute"],
            ["We kept the default 25MB"],
            ["I'm not really sure about this", "when I see NaN I usually just lower the learning rate and rerun"],
        ],
        "feedback": ["Say which bucket sizes and overlap settings you compared and how you validated them to reach 4.",
                     "Name the metric you watched when tuning the bucket size and what it showed.",
                     "Start from loss scaling and locating the overflow, then say how you would validate the fix."],
        "how": ["highest of 2 answers: 3, 2 → 3", "1 answer: 1", "never asked"],
        "summary": "2 topics assessed, 1 not assessed; gradient sync reached mechanism with measured numbers, "
                   "NaN debugging under mixed precision is not there yet.",
        "strengths": ["Backs the cost of all-reduce with a measured number and names the tool (nsys)."],
        "improvements": ["Debugging NaN under mixed precision. Practice: write the steps from loss scaling, to "
                         "locating the overflowing layer, to a bf16/fp32 controlled run, with one check per step."],
    },
}


def sample_plan(lang: str = "zh") -> InterviewPlan:
    x = TEXT[lang]
    chains = []
    for i, topic in enumerate(x["topics"]):
        on_resume = i < len(x["evidence"])
        chains.append(Chain(
            id=f"c{i + 1}", rule_index=i + 1 if on_resume else None, topic=topic,
            evidence=[Evidence(quote=x["evidence"][i][0], line=x["evidence"][i][1])] if on_resume else [],
            opening=[x["questions"][0], x["questions"][2], x["c3_opening"]][i],
            follow_ups=[x["questions"][1]] if i == 0 else [], follow_up_basis=[x["markers"][i][0]] if i == 0 else [],
            markers=x["markers"][i], danger_signals=x["dangers"][i], on_resume=on_resume))
    return InterviewPlan(skill=sample_skill(), resume=ResumeRef(sha256="1" * 64, lines=12), lang=lang, minutes=30,
                         candidate=x["candidate"], chains=chains)


def sample_skill() -> SkillRef:
    return SkillRef(name="distributed-training", path="skills/distributed-training/SKILL.md", sha256="0" * 64)


def sample_assessments(lang: str = "zh") -> list[Assessment]:
    x = TEXT[lang]
    m, q, topics = x["markers"], x["quotes"], x["topics"]
    return [
        Assessment(topic=topics[0], signal="answered", level=3,
                   markers=[MarkerHit(marker=m[0][k], evidence=q[0][k]) for k in range(3)],
                   feedback=x["feedback"][0]),
        Assessment(topic=topics[0], signal="thin", level=2, missed_markers=m[0][1:], feedback=x["feedback"][1]),
        Assessment(topic=topics[1], signal="dont_know", level=1, missed_markers=m[1],
                   danger_signals=[DangerHit(signal=x["dangers"][1][0], evidence=q[2][1])], feedback=x["feedback"][2]),
    ]


def sample_scorecard(lang: str = "zh") -> Scorecard:
    x = TEXT[lang]
    t, q = x["topics"], x["quotes"]
    return Scorecard(
        topics=[TopicScore(topic=t[0], level=3, evidence=q[0], how=x["how"][0]),
                TopicScore(topic=t[1], level=1, evidence=[q[2][0]], how=x["how"][1]),
                TopicScore(topic=t[2], level=None, how=x["how"][2])],
        danger_signals=[ScoredDanger(topic=t[1], signal=x["dangers"][1][0], evidence=q[2][1])],
        summary=x["summary"], strengths=x["strengths"], improvements=x["improvements"])


def sample_transcript(lang: str = "zh", scorecard: bool = True) -> Transcript:
    """The three-chain session, finished, with fixed timestamps (golden files depend on them)."""
    x = TEXT[lang]
    a = sample_assessments(lang)
    chain_of = ["c1", "c1", "c2", "c2"]
    actions = ["open", "probe", "switch", "end"]
    turns: list[Turn] = []
    for k in range(4):
        turns.append(Turn(index=len(turns), role="interviewer", text=x["questions"][k], at=AT, chain=chain_of[k],
                          action=actions[k], engine="offline", target=x["markers"][0][0] if k < 2 else None))
        if k < 3:
            turns.append(Turn(index=len(turns), role="candidate", text=x["answers"][k], at=AT, chain=chain_of[k],
                              assessment=a[k]))
    return Transcript(id="20250301-090000-abc123", status="finished", created_at=AT, updated_at=AT,
                      skill=sample_skill(), lang=lang, resume_text="", plan=sample_plan(lang), turns=turns,
                      scorecard=sample_scorecard(lang) if scorecard else Scorecard())


def add_exchange(transcript: Transcript, n: int) -> None:
    """Append question and answer number `n` (for tests that grow a session turn by turn)."""
    base = len(transcript.turns)
    transcript.turns.append(Turn(index=base, role="interviewer", text=f"question {n}?", chain="c1", action="probe",
                                 engine="offline"))
    transcript.turns.append(Turn(index=base + 1, role="candidate", text=f"answer {n} " + "x" * 200, chain="c1"))
