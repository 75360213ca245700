"""Issue 14 on the session side: the compact prompt, wording-only mode (configured, or switched to after
repeated refusals and kept on resume), re-asks that say the exact fix, the opening on the first chain, and
a model scorer bounded both ways. The real SDK clients against the fake server throughout."""

from __future__ import annotations

import json

import pytest

from conftest import OUR_PACK
from fake_llm import anthropic_message, auto_reply, fake, openai_completion, valid_decision  # noqa: F401
from interviewer import model_turn, skills, wording
from interviewer.plan import build_plan
from interviewer.questions import clip
from interviewer.providers import llm_prompts as lp
from interviewer.providers import registry
from interviewer.providers.base import Decision
from interviewer.resume import load_resume
from interviewer.session import Session
from interviewer.transcript import TranscriptStore, load
from test_llm_providers import APIS, settings

RESUMES = {"zh": OUR_PACK / "sample-resume.md", "en": OUR_PACK / "sample-resume.en.md"}
ANSWERS = {
    "zh": ["最近一次是 NCCL 超时，告警后 20 分钟定位到一台机器：有个 rank 的 step 时间慢了 30%，DCGM 报了 XID 错误。",
           "大概丢了几百步吧。", "这个我不太清楚，是另一个同事负责的。", "不知道。"],
    "en": ["The baseline was the same 130B config at 38% MFU, computed as tokens per second times 6N over the "
           "dense BF16 peak of 2,048 GPUs.", "It was throughput.", "I don't know, another team ran that.",
           "No idea."],
}


def new_session(fake, api, lang, tmp_path, role="decide", stream=False):
    pack = skills.resolve(str(OUR_PACK), lang)
    resume = load_resume(RESUMES[lang])
    plan = build_plan(pack, resume, 45, lang)
    s = settings(fake, api, stream, role=role, timeout=5)
    return Session.create(pack, resume, plan, registry.make_engine(s), registry.make_scorer(s),
                          store=TranscriptStore(tmp_path / f"{api}-{lang}.json"))


def reply_with(api: str, obj: dict):
    return anthropic_message(obj) if api == "anthropic" else openai_completion(json.dumps(obj))


def scripted(make_reply):
    """An interviewer that answers every request with valid_decision's fields but its own reply text."""
    def reply(req, n):
        obj = valid_decision(req, n)
        return reply_with(req.api, {**obj, "reply": make_reply(req, obj)})
    return reply


# --------------------------------------------------------------------------- the compact prompt


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("api", APIS)
def test_the_session_prompt_is_compact_and_byte_identical_across_turns(fake, tmp_path, api, lang):
    s = new_session(fake, api, lang, tmp_path)
    s.start()
    for a in ANSWERS[lang]:
        s.answer(a)
    s.close()
    reqs = fake.of("decide")
    assert len(reqs) == 1 + len(ANSWERS[lang])
    assert len({r.system for r in reqs}) == 1
    # Everything before the messages is byte-identical too: the tool or response format with its chain enum.
    fixed = ("system", "tools", "tool_choice") if api == "anthropic" else ("response_format", "prompt_cache_key")
    assert len({json.dumps([r.body[k] for k in fixed], ensure_ascii=False) for r in reqs}) == 1
    for a, b in zip(reqs, reqs[1:]):
        assert b.messages[:len(a.messages)] == a.messages
    system = reqs[0].system
    # 2.3k (en) and 2.8k (zh) tokens by the Qwen2.5 tokenizer (llama.cpp /tokenize); the approximation
    # over-counts by 5-20%. The target is 4k; 3.3k keeps room for a longer résumé.
    assert lp.approx_tokens(system) <= 3300, lp.approx_tokens(system)
    assert lp.approx_tokens(system + reqs[0].messages[0]["content"]) <= 3700
    # What the interview needs, not the whole pack: the plan's chains and their rubric, the résumé.
    assert all(f"- {c.id}: {c.topic}" in system for c in s.plan.chains)
    assert all(clip(m, lp.RUBRIC_CLIP[lang]) in system for c in s.plan.chains for m in c.markers)
    assert s.transcript.resume_text.strip()[:40] in system
    off_plan = [t for t in s.pack.topics if t.title not in {c.topic for c in s.plan.chains}]
    assert off_plan and not any(clip(m, lp.RUBRIC_CLIP[lang]) in system for t in off_plan for m in t.markers)


def test_the_token_approximation_counts_cjk_and_latin():
    assert lp.approx_tokens("") == 0
    assert lp.approx_tokens("你好世界") == 4
    assert lp.approx_tokens("a" * 32) == 10
    assert lp.approx_tokens("MFU 从 38% 到 47%") == 2 + 5  # 2 CJK + 13 other characters / 3.2, rounded up


# --------------------------------------------------------------------------- the opening


@pytest.mark.parametrize("api", APIS)
def test_an_opening_that_switches_away_from_the_first_chain_is_refused(fake, tmp_path, api):
    s = new_session(fake, api, "en", tmp_path)
    c2 = s.plan.chains[1]
    wrong = {"signal": "answered", "action": "switch", "chain": c2.id, "target": "", "notes": "",
             "reply": "Hi. " + c2.opening}
    fake.push(reply_with(api, wrong), tool="decide")
    first = s.start().interviewer
    assert first.chain == s.plan.chains[0].id and first.engine == api
    reask = fake.of("decide")[1].messages[-1]["content"]
    assert "the opening must open the first chain, c1" in reask and '"action": "probe"' in reask


# --------------------------------------------------------------------------- wording-only mode


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("api", APIS)
def test_in_wording_mode_code_decides_and_the_model_words(fake, tmp_path, api, lang):
    s = new_session(fake, api, lang, tmp_path, role="word")
    twin = new_session(fake, api, lang, tmp_path / "twin")  # the same interview, offline, for code's choices
    twin.engine = twin.offline
    turns = [(s.start().interviewer, twin.start().interviewer)]
    for a in ANSWERS[lang]:
        turns.append((s.answer(a).interviewer, twin.answer(a).interviewer))
    for mine, code in turns:
        assert mine.engine == api
        assert (mine.action, mine.chain, mine.target) == (code.action, code.chain, code.target)
        assert wording.in_language(mine.text, lang)
    cards = [r.messages[-1]["content"] for r in fake.of("decide")]
    assert all("the software has decided this turn" in c for c in cards)
    assert all("a question that would do" in c and "never answer the question yourself" in c for c in cards)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_wording_sessions_get_a_brief_without_the_rubric_that_stays_the_same(fake, tmp_path, lang):
    decide = new_session(fake, "openai", lang, tmp_path / "d")
    decide.start()
    word = new_session(fake, "openai", lang, tmp_path / "w", role="word")
    word.start()
    for a in ANSWERS[lang][:2]:
        word.answer(a)
    full, *briefs = [r.system for r in fake.of("decide")]
    assert len(briefs) == 3 and len(set(briefs)) == 1
    brief = briefs[0]
    # Code decides each turn: no rubric, no deciding rules; the chains and the résumé stay for the wording.
    marker = clip(decide.plan.chains[0].markers[0], lp.RUBRIC_CLIP[lang])
    assert marker in full and marker not in brief and "# Rubric" not in brief and "Thin answer" not in brief
    assert all(f"- {c.id}: {c.topic}" in brief for c in word.plan.chains)
    assert word.transcript.resume_text.strip()[:40] in brief
    assert lp.approx_tokens(brief) < 0.7 * lp.approx_tokens(full)
    # The model writes the question alone: the schema asks for nothing else (each field costs generation time).
    from fake_llm import request_schema

    full_schema, *word_schemas = [request_schema(r) for r in fake.of("decide")]
    assert "chain" in full_schema["required"] and all(x["required"] == ["reply"] for x in word_schemas)


@pytest.mark.parametrize("api", APIS)
def test_repeated_refusals_switch_to_wording_and_a_resumed_session_keeps_it(fake, tmp_path, api):
    echo = scripted(lambda req, obj: "So " + ANSWERS["en"][0].rstrip(".") + "?")
    fake.push(auto_reply, echo, echo, tool="decide")
    s = new_session(fake, api, "en", tmp_path)
    s.start()
    r = s.answer(ANSWERS["en"][0])
    assert r.interviewer.engine == "offline-fallback"
    assert any("only words the question" in n for n in r.notices)
    assert s.transcript.state.interviewer_role == "word"
    s.close()
    saved = load(s.store.path)
    assert saved.state.interviewer_role == "word"
    again = Session.restore(saved, s.pack, registry.make_engine(settings(fake, api, False, timeout=5)),
                            store=TranscriptStore(s.store.path))
    before = len(fake.of("decide"))
    turn = again.answer(ANSWERS["en"][1]).interviewer
    assert turn.engine == api
    card = fake.of("decide")[before].messages[-1]["content"]
    assert "the software has decided this turn" in card
    # The switch brings the shorter wording brief once; the turns after it keep it byte for byte.
    again.answer(ANSWERS["en"][2])
    systems = [r.system for r in fake.of("decide")]
    assert "# Rubric" in systems[0] and "# Rubric" not in systems[before] and systems[before] == systems[-1]


@pytest.mark.parametrize("api", APIS)
def test_a_config_role_of_word_reaches_the_engine(fake, api, monkeypatch, tmp_path):
    from interviewer.config import load_settings

    (tmp_path / "config.toml").write_text(f'provider = "{api}"\ninterviewer_role = "word"\n'
                                          f'base_url = "{fake.origin}"\n', encoding="utf-8")
    s = load_settings(None)
    assert s.role == "word" and s.sources["role"] == "config file"
    assert registry.make_engine(s).role == "word"
    monkeypatch.setenv("INTERVIEWER_ROLE", "decide")
    assert load_settings(None).role == "decide"


# --------------------------------------------------------------------------- re-asks say the exact fix


FIXES = [
    ("echo", lambda req, obj: ANSWERS["zh"][0].rstrip("。") + "？",
     "your reply repeats the candidate's words: quote a few of their words at most and ask one question about"),
    ("english", lambda req, obj: "What was the baseline for that number?", "your reply is not in Chinese (简体中文)"),
    ("no question", lambda req, obj: "好的，请继续解释一下。", "your reply has no question mark: ask one question about"),
    ("two questions", lambda req, obj: "基线是什么？为什么选它？", "ask exactly one question: your reply asks more than one"),
]


@pytest.mark.parametrize("case, make, fix", FIXES, ids=[f[0] for f in FIXES])
def test_a_refusal_is_re_asked_with_the_exact_fix(fake, tmp_path, case, make, fix):
    fake.push(auto_reply, scripted(make), tool="decide")
    s = new_session(fake, "openai", "zh", tmp_path)
    s.start()
    r = s.answer(ANSWERS["zh"][0])
    reask = fake.of("decide")[2].messages[-1]["content"]
    assert "[code check]" in reask and fix in reask, reask
    if case == "no question":
        assert reask.split("ask one question about", 1)[1].strip().split(",")[0]  # names what to ask about
        assert "ending with ？" in reask
    assert r.interviewer.engine == "openai"  # the fake then decides properly


def test_in_wording_mode_an_off_target_question_is_refused_with_the_question_to_ask(fake, tmp_path):
    off = scripted(lambda req, obj: "你平时喜欢用什么编辑器？")
    fake.push(auto_reply, off, tool="decide")
    s = new_session(fake, "openai", "zh", tmp_path, role="word")
    s.start()
    r = s.answer(ANSWERS["zh"][0])
    reask = fake.of("decide")[2].messages[-1]["content"]
    assert "your reply does not ask what this turn is about" in reask and "ask this in your own words" in reask
    assert r.interviewer.engine == "openai" and "编辑器" not in r.interviewer.text


def test_a_reply_that_reads_the_answer_back_then_asks_keeps_only_its_question(fake, tmp_path):
    question = "具体是哪个 rank 慢了，你是怎么确认的？"
    fake.push(auto_reply, scripted(lambda req, obj: "你提到" + ANSWERS["zh"][0] + question), tool="decide")
    s = new_session(fake, "openai", "zh", tmp_path)
    s.start()
    r = s.answer(ANSWERS["zh"][0])
    assert r.interviewer.engine == "openai" and r.interviewer.text == question
    assert len(fake.of("decide")) == 2  # no re-ask was needed


@pytest.mark.parametrize("text, lang, ok", [
    ("你提到 MFU 从 38% 提升到 47%，对比的基线是什么？", "zh", True),
    ("What was the baseline for the MFU number?", "zh", False),
    ("那 all-reduce 和 reduce-scatter 在 NCCL 里怎么选？", "zh", True),
    ("What was the baseline?", "en", True),
    ("基线是什么？", "en", False),
    ("You said 林子航 led it. What did you own?", "en", True),
])
def test_the_language_check(text, lang, ok):
    assert wording.in_language(text, lang) is ok


def test_the_copy_check_allows_a_pick_up_and_refuses_an_echo():
    answer = "We kept TP=8 inside the node on NVLink because every layer does two all-reduces; MFU went to 45%."
    assert wording.copies(answer.rstrip(".") + "?", answer, "en")
    assert wording.copies("So you kept TP=8 inside the node on NVLink because every layer does two all-reduces?",
                          answer, "en")
    assert not wording.copies("You mentioned “We kept TP=8 inside the node on NVLink”. Why not across nodes?",
                              answer, "en")
    assert not wording.copies("Why did MFU stop at 45%?", answer, "en")
    zh = "最近一次是 NCCL 超时，告警后 20 分钟定位到一台机器。"
    assert wording.copies("最近一次是 NCCL 超时，告警后 20 分钟定位到一台机器？", zh, "zh")
    assert not wording.copies("你提到「告警后 20 分钟定位到一台机器」，具体是怎么定位到那台机器的？", zh, "zh")


# --------------------------------------------------------------------------- the scorer, bounded both ways


def _score_with(fake, api, tmp_path, lang, answer, assessment):
    s = new_session(fake, api, lang, tmp_path)
    fake.push(reply_with(api, assessment) if api == "openai" else anthropic_message(assessment, "assess"),
              tool="assess")
    s.start()
    s.answer(answer)
    t = s.close()
    chain = s.plan.chains[0]
    reading, _ = s.offline_scorer.score(s._topic(chain), t.turns[0].text, answer, chain.danger_signals, lang,
                                        own_work=bool(chain.evidence))  # as the session reads it
    return t.turns[1].assessment, reading


NULL = {"signal": "answered", "level": None, "markers": [], "danger_signals": [], "feedback": "Say more."}
HELP = {"signal": "help", "level": 1, "markers": [], "danger_signals": [], "feedback": "Say more."}


@pytest.mark.parametrize("out", [NULL, HELP], ids=["null", "help"])
@pytest.mark.parametrize("api", APIS)
def test_a_null_or_help_on_a_substantive_answer_keeps_the_offline_level(fake, tmp_path, api, out):
    a, reading = _score_with(fake, api, tmp_path, "en", ANSWERS["en"][0], out)
    assert reading.level is not None and reading.level >= 2
    assert a.scorer == f"{api}:{api}-test"  # the model's result was used, within bounds
    assert (a.level, a.signal) == (reading.level, reading.signal)


@pytest.mark.parametrize("api", APIS)
def test_a_null_level_on_a_dont_know_keeps_the_offline_level_1(fake, tmp_path, api):
    out = {"signal": "dont_know", "level": None, "markers": [], "danger_signals": [], "feedback": "讲讲你做过的部分。"}
    a, reading = _score_with(fake, api, tmp_path, "zh", "不知道。", out)
    assert (reading.signal, reading.level) == ("dont_know", 1)
    assert (a.signal, a.level) == ("dont_know", 1) and a.scorer == f"{api}:{api}-test"


@pytest.mark.parametrize("api", APIS)
def test_offline_danger_signals_with_verified_quotes_stay(fake, tmp_path, api):
    answer = "我们就是用的默认配置，没怎么调，hang 了就重启。"
    a, reading = _score_with(fake, api, tmp_path, "zh", answer, {**NULL, "level": 2, "feedback": "讲讲机制。"})
    assert reading.danger_signals, "the offline reading should flag this answer"
    kept = {(d.signal, d.evidence) for d in a.danger_signals}
    assert all((d.signal, d.evidence) in kept for d in reading.danger_signals)


@pytest.mark.parametrize("api", APIS)
def test_feedback_in_the_wrong_language_falls_back_to_the_offline_feedback(fake, tmp_path, api):
    out = {"signal": "answered", "level": 3, "markers": [], "danger_signals": [],
           "feedback": "Explain how the slow rank was found."}
    a, reading = _score_with(fake, api, tmp_path, "zh", ANSWERS["zh"][0], out)
    assert a.feedback == reading.feedback and wording.in_language(a.feedback, "zh")
    zh = {**out, "feedback": "讲清楚慢 rank 是怎么找到的。"}
    a, _ = _score_with(fake, api, tmp_path / "zh", "zh", ANSWERS["zh"][0], zh)
    assert a.feedback == zh["feedback"]


@pytest.mark.parametrize("api", APIS)
def test_the_scorer_names_rubric_items_by_id(fake, tmp_path, api):
    answer = ANSWERS["zh"][0]
    quote = "有个 rank 的 step 时间慢了 30%"
    out = {"signal": "answered", "level": 3, "markers": [{"marker": "m3", "evidence": quote}],
           "danger_signals": [], "feedback": "讲清楚根因。"}
    a, _ = _score_with(fake, api, tmp_path, "zh", answer, out)
    topic = skills.resolve(str(OUR_PACK), "zh").topic(
        build_plan(skills.resolve(str(OUR_PACK), "zh"), load_resume(RESUMES["zh"]), 45, "zh").chains[0].topic)
    assert any(m.marker == topic.markers[2] and m.evidence == quote for m in a.markers)
    system = fake.of("assess")[0].system
    assert f"- m3: {topic.markers[2]}" in system and "- r1: " in system


def test_a_chain_outside_the_plan_is_refused(fake, tmp_path):
    s = new_session(fake, "openai", "en", tmp_path)
    s.start()
    d = Decision(signal="answered", action="probe", chain="c9", target="", reply="Why?")
    from interviewer.providers.base import TurnContext

    ctx = TurnContext(pack=s.pack, plan=s.plan, resume_text="", lang="en", history=list(s.transcript.turns),
                      state=s.transcript.state.model_copy(deep=True), candidate_text="We did X.")
    assert "does not exist" in s.validate(d, ctx)


@pytest.mark.parametrize("api", APIS)
def test_a_reply_ends_on_its_question(fake, tmp_path, api):
    """Qwen went on after asking ("You can share… so that I can assess you."): the candidate sees the question."""
    chatty = scripted(lambda req, obj: obj["reply"] + " You can share the details of each step, so I can assess you.")
    fake.push(auto_reply, chatty, tool="decide")
    s = new_session(fake, api, "en", tmp_path, role="word")
    s.start()
    turn = s.answer(ANSWERS["en"][0]).interviewer
    assert turn.engine == api and turn.text.endswith("?") and "assess" not in turn.text


@pytest.mark.parametrize("api", APIS)
def test_an_interviewer_telling_its_own_work_is_refused(fake, tmp_path, api):
    """Qwen once wrote "我是负责 130B 配置的 MFU 的。你在哪一部分具体负责？": the interviewer speaking as the candidate."""
    mine = scripted(lambda req, obj: "我是负责 130B 配置的 MFU 的。你在哪一部分具体负责？")
    fake.push(auto_reply, mine, tool="decide")
    s = new_session(fake, api, "zh", tmp_path, role="word")
    s.start()
    turn = s.answer(ANSWERS["zh"][0]).interviewer
    assert "我是负责" not in turn.text and turn.engine == api  # asked again with the fix, and worded properly
    reask = fake.of("decide")[2].messages[-1]["content"]
    assert "you are the interviewer" in reask
    # Quoting the candidate's own "我负责…" back is not speaking as them.
    # Introducing itself with the candidate's biography is the same slip; introducing itself as the interviewer is not.
    assert model_turn.OWN_WORK.search("你好！我叫林子航，毕业于某理工大学，有7年分布式训练工程师的经验。")
    assert model_turn.OWN_WORK.search("Hi! My name is Alex Chen and I have 3 years of experience.")
    assert not model_turn.OWN_WORK.search("你好，我叫小王，是今天的面试官。你简历里写到「MFU 从 38% 提升到 47%」，基线是什么？")
    assert not model_turn.OWN_WORK.search("你有 7 年经验，最近一次 MFU 的基线是什么？")
    assert model_turn._quotes_candidate("你说「我负责调度」，具体怎么做？", "我负责调度，用的 Volcano。")
    assert not model_turn._quotes_candidate("我负责调度。你具体怎么做？", "我负责调度，用的 Volcano。")
