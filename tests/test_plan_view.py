"""The printed plan: follow-ups never repeat their own basis or an earlier question, chains on one topic are told
apart, the candidate's name and headline are separated."""

from __future__ import annotations

import re

import pytest

from interviewer import skills
from interviewer.plan import build_plan
from interviewer.plan_view import basis_adds, chain_titles, near_same, render_plan
from interviewer.resume import load_resume

from conftest import OUR_PACK


@pytest.mark.parametrize("question,basis,shown", [
    ("gang 调度是怎么保证的？", "gang 调度是怎么保证的", False),
    ("Pod 里 RDMA 网络与运行环境是怎么配置的？", "Pod 里 RDMA 网络与运行环境的配置", False),
    ("Is it throughput or convergence speed?", "whether it is throughput or convergence speed", False),
    ("How is overflow handled?", "how overflow is handled", False),
    ("数据并行、张量并行各解决什么瓶颈？", "数据并行、张量并行各解决什么瓶颈；ZeRO 的三级", True),
    ("Can you walk me through failures in thousand-GPU training and checkpoint strategy?",
     "failures in thousand-GPU training (slow nodes, dropped GPUs, communication) and checkpoint strategy", True),
])
def test_the_basis_is_printed_only_when_it_says_more_than_the_question(question, basis, shown):
    assert basis_adds(question, basis) is shown


@pytest.mark.parametrize("a,b,same", [
    ("Can you tell me how the time of one step breaks down?", "Can you tell me how the time of one step breaks down?",
     True),
    ("能具体讲讲一个 step 的时间分解吗？", "一个 step 的时间是怎么分解的？", True),
    ("What was the MFU?", "Can you walk me through common ways to raise MFU and the cost of each?", False),
    ("gang 调度是怎么保证的？", "gang 调度解决哪些问题？", False),
])
def test_near_same_questions(a, b, same):
    assert near_same(a, b) is same


@pytest.fixture(params=["zh", "en"])
def sample_plan(request):
    lang = request.param
    pack = skills.resolve(str(OUR_PACK), lang)
    resume = load_resume(OUR_PACK / ("sample-resume.md" if lang == "zh" else "sample-resume.en.md"))
    return pack, build_plan(pack, resume, 45, lang)


def test_the_printed_plan_repeats_no_question_and_no_basis_that_only_restates_it(sample_plan):
    pack, plan = sample_plan
    md = render_plan(plan, "md", pack)
    items = re.findall(r"^\d+\. (.+?)(?: _\((?:asks about|问的是)[:：] ?(.+)\)_)?$", md, re.M)
    assert items
    questions = [q for q, _ in items]
    for i, q in enumerate(questions):
        assert not any(near_same(q, other) for other in questions[:i]), q
    for q, basis in items:
        assert not basis or basis_adds(q, basis), (q, basis)
    assert "gang 调度是怎么保证的？ _(" not in md


def test_chains_on_the_same_topic_get_titles_that_tell_them_apart(sample_plan):
    pack, plan = sample_plan
    titles = chain_titles(plan)
    assert len(set(titles.values())) == len(plan.chains)
    md = render_plan(plan, "md", pack)
    headings = re.findall(r"^## (c\d+) · (.+)$", md, re.M)
    assert [h for _, h in headings] == [titles[c.id] for c in plan.chains]
    if plan.lang == "en":  # the English sample has two chains on "MFU and performance profiling"
        shared = [c for c in plan.chains if sum(d.topic == c.topic for d in plan.chains) > 1]
        assert len(shared) == 2 and all(titles[c.id].startswith(c.topic + " (") for c in shared)


def test_the_candidate_line_keeps_name_and_headline_apart(sample_plan):
    pack, plan = sample_plan
    plan.candidate = "Alex Chen\nML Infrastructure Engineer, 3 years"
    md = render_plan(plan, "md", pack)
    assert "Alex Chen — ML Infrastructure Engineer, 3 years" in md
    assert "Alex Chen ML" not in md
