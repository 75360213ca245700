"""What local servers (llama.cpp, Ollama, vLLM) do to the LLM path, scripted on the fake server with the real SDKs:
no forced tool call, JSON in text, JSON that ends at max_tokens, a model looping after its JSON, the chain enum,
and usage recorded for every call, failed or not (issue 14)."""

from __future__ import annotations

import json

import pytest

from fake_llm import (anthropic_message, anthropic_stream, auto_reply, fake, faults, openai_completion,  # noqa: F401
                      openai_stream, request_schema, text_only)
from interviewer.providers import llm_common as lc
from interviewer.providers import registry
from interviewer.providers.base import TurnFailed
from test_llm_providers import (APIS, SESSION_ANSWERS, VALID, context, pack, plan, run_session,  # noqa: F401
                                settings)

WHOLE = "```json\n" + json.dumps(VALID, indent=2) + "\n```"
CUT = json.dumps(VALID)[:60]


def _max_tokens_reply(api: str, stream: bool, text: str):
    if api == "anthropic":
        return (anthropic_stream(None, text=text, stop_reason="max_tokens") if stream else
                anthropic_message(None, text=text, stop_reason="max_tokens"))
    return openai_stream(text, finish_reason="length") if stream else openai_completion(text, finish_reason="length")


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
@pytest.mark.parametrize("api", APIS)
def test_a_whole_json_object_that_ends_at_max_tokens_is_accepted(fake, pack, plan, api, stream):
    engine = registry.make_engine(settings(fake, api, stream, timeout=5))
    fake.push(_max_tokens_reply(api, stream, WHOLE + "\n\n\n\n"))
    d, usage = engine.decide(context(pack, plan))
    assert d.reply == VALID["reply"] and usage[0].input > 0 and not usage[0].error


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
@pytest.mark.parametrize("api", APIS)
def test_an_object_cut_by_max_tokens_fails_with_its_usage(fake, pack, plan, api, stream):
    engine = registry.make_engine(settings(fake, api, stream, timeout=5))
    # The inner object closes; the outer one does not: that is still a cut reply.
    fake.push(_max_tokens_reply(api, stream, '{"signal": "answered", "x": {"a": 1}, "reply": "Wh'))
    with pytest.raises(TurnFailed) as e:
        engine.decide(context(pack, plan))
    assert "truncated" in str(e.value)
    [u] = e.value.usage
    assert u.input > 0 and u.output > 0 and "truncated" in u.error


@pytest.mark.parametrize("api", APIS)
def test_a_model_looping_after_its_json_is_not_read_to_the_end(fake, pack, plan, api):
    """llama.cpp's small models close their JSON and emit newlines until max_tokens: reading stops soon after."""
    loop = ["\n"] * 400
    fake.push(anthropic_stream(None, text=WHOLE, then=loop, stop_reason="max_tokens") if api == "anthropic"
              else openai_stream(WHOLE, then=loop, finish_reason="length"))
    d, usage = registry.make_engine(settings(fake, api, True, timeout=5)).decide(context(pack, plan))
    assert d.reply == VALID["reply"]
    assert lc.LoopGuard.BLANKS <= usage[0].output < 60  # pieces read, not the 400 sent


@pytest.mark.parametrize("api", APIS)
def test_a_plain_text_question_then_blanks_is_read_as_the_wording(fake, pack, plan, tmp_path, api):
    """Wording needs only the words: a question written as plain text, then a run of spaces, is the reply."""
    from test_llm_wording import new_session

    # Code's next question after this answer asks whether the gain was throughput or convergence time.
    question = "Did the gain show up as throughput or as a shorter time to convergence?"
    loop = [" "] * 300
    def plain(req, n):
        return (anthropic_stream(None, text=question, then=loop, stop_reason="max_tokens") if api == "anthropic"
                else openai_stream(question, then=loop, finish_reason="length"))
    fake.push(auto_reply, plain, tool="decide")
    s = new_session(fake, api, "en", tmp_path, role="word", stream=True)
    s.start()
    turn = s.answer("The baseline was 38% MFU on the same 2,048 GPUs and sequence length.").interviewer
    assert turn.engine == api and turn.text == question and turn.worded
    assert turn.usage[0].output < 60 and not turn.usage[0].error


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
@pytest.mark.parametrize("api", APIS)
def test_a_model_asking_on_and_on_words_the_turn_with_its_first_question(fake, pack, plan, tmp_path, api, stream):
    """Qwen wrote "How did you measure throughput? Did you compare it to the baseline? Did you …" to the
    token limit: wording code's turn, its first question is the turn, and a stream is closed soon after it."""
    from test_llm_wording import new_session

    question = "Did the gain show up as throughput or as a shorter time to convergence?"
    on = [" Did you compare it to the baseline?", " What metrics did you use?"] * 150
    def asking(req, n):
        if stream:
            return (anthropic_stream(None, text='{"reply": "' + question, then=on, stop_reason="max_tokens")
                    if api == "anthropic" else openai_stream('{"reply": "' + question, then=on, finish_reason="length"))
        body = '{"reply": "' + question + "".join(on)
        return (anthropic_message(None, text=body, stop_reason="max_tokens") if api == "anthropic"
                else openai_completion(body, finish_reason="length"))
    fake.push(auto_reply, asking, tool="decide")
    s = new_session(fake, api, "en", tmp_path, role="word", stream=stream)
    s.start()
    turn = s.answer("The baseline was 38% MFU on the same 2,048 GPUs and sequence length.").interviewer
    assert turn.engine == api and turn.text == question
    if stream:
        # The fake sends a role chunk (OpenAI) and the question in 3 pieces; then the grace; not the 300 after it.
        assert turn.usage[0].output <= 4 + lc.LoopGuard.QUESTION_GRACE


@pytest.mark.parametrize("api", APIS)
def test_fields_in_a_broken_object_never_reach_the_candidate(fake, pack, plan, tmp_path, api):
    """Qwen wrote ["signal": …, "reply": "…"] (brackets for braces): the question is its reply value; the same
    shape without a reply is refused, never shown."""
    from test_llm_wording import new_session

    question = "Did the gain show up as throughput or as a shorter time to convergence?"
    broken = f'["signal": "answered", "action": "probe", "chain": "c1", "target": "gain", "reply": "{question}"]'
    no_reply = '["signal": "answered", "action": "probe", "chain": "c1", "target": "gain"]'

    def text(body):
        def reply(req, n):
            return (anthropic_message(None, text=body, stop_reason="end_turn") if api == "anthropic"
                    else openai_completion(body))
        return reply

    fake.push(auto_reply, text(broken), text(no_reply), tool="decide")
    s = new_session(fake, api, "en", tmp_path, role="word")
    s.start()
    turn = s.answer("The baseline was 38% MFU on the same 2,048 GPUs and sequence length.").interviewer
    assert turn.engine == api and turn.text == question
    turn = s.answer("It was throughput.").interviewer
    assert turn.engine == "offline-fallback"
    assert '"signal"' not in turn.text and "signal:" not in turn.text


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
def test_anthropic_without_the_tool_call_reads_the_json_from_text_and_says_so_once(fake, pack, plan, tmp_path,
                                                                                   stream):
    fake.auto = text_only
    t, _, notices = run_session(fake, pack, plan, tmp_path, "anthropic", stream=stream, answers=SESSION_ANSWERS[:3],
                                timeout=5)
    asked = [x for x in t.turns if x.role == "interviewer"]
    assert [x.engine for x in asked[:4]] == ["anthropic"] * 4
    said = [n for n in notices if "without the forced `decide` tool call" in n]
    assert len(said) == 1, notices
    scored = [x.assessment.scorer for x in t.turns if x.role == "candidate" and x.assessment]
    assert scored.count("anthropic:anthropic-test") == 3  # the scorer's JSON is read from text too


def test_a_tool_call_written_out_as_text_is_unwrapped(fake, pack, plan):
    text = json.dumps({"name": "decide", "arguments": VALID})
    fake.push(anthropic_message(None, text=text, stop_reason="end_turn"))
    d, _ = registry.make_engine(settings(fake, "anthropic", False, timeout=5)).decide(context(pack, plan))
    assert d.reply == VALID["reply"]


@pytest.mark.parametrize("api", APIS)
def test_the_decision_schema_lists_the_plans_chain_ids_and_stays_the_same(fake, pack, plan, tmp_path, api):
    run_session(fake, pack, plan, tmp_path, api, stream=False, answers=SESSION_ANSWERS[:2], timeout=5)
    schemas = [request_schema(r) for r in fake.of("decide")]
    assert schemas and all(s == schemas[0] for s in schemas)
    assert schemas[0]["properties"]["chain"]["enum"] == [c.id for c in plan.chains]
    assert set(schemas[0]["required"]) == set(VALID)
    # A schema-following model names only chains that exist.
    assert all(d.chain in {c.id for c in plan.chains} for d in [lc.to_decision(VALID, context(pack, plan))])


@pytest.mark.parametrize("api", APIS)
def test_every_call_is_recorded_with_its_usage_failed_or_not(fake, pack, plan, tmp_path, api):
    f = faults(api, VALID, stream=True)
    cut_json = (anthropic_stream(None, text=json.dumps(VALID)[:50], stop_reason="max_tokens") if api == "anthropic"
                else openai_stream(json.dumps(VALID)[:50], finish_reason="length"))
    fake.push(auto_reply, f["500"], cut_json, tool="decide")
    fake.push(faults(api, {"signal": "answered", "level": 2, "markers": [], "danger_signals": [], "feedback": "x"},
                     "assess", stream=True)["500"], tool="assess")
    t, saved, _ = run_session(fake, pack, plan, tmp_path, api, answers=SESSION_ANSWERS[:2], end=False,
                              timeout=5)
    asked = [x for x in saved.turns if x.role == "interviewer"]
    assert [x.engine for x in asked] == [api, "offline-fallback", "offline-fallback"]
    [ok], [http], [cut] = (x.usage for x in asked)
    assert not ok.error and ok.input > 0
    assert "HTTP 500" in http.error and http.input == 0  # the server said nothing about tokens
    assert "truncated" in cut.error and cut.input > 0 and cut.output > 0
    scorer_calls = [u for x in saved.turns if x.role == "candidate" for u in x.usage]
    assert len(scorer_calls) == 2 and sum(bool(u.error) for u in scorer_calls) == 1


def test_a_refused_decision_is_recorded_with_the_reason(fake, pack, plan, tmp_path):
    from fake_llm import valid_decision

    def echo(req, n):
        answer = SESSION_ANSWERS[0]  # read back as one sentence: there is no question of its own to keep
        return openai_completion(json.dumps({**valid_decision(req, n), "reply": "So " + answer.rstrip(".") + "?"}))

    fake.push(auto_reply, echo, tool="decide")
    t, _, _ = run_session(fake, pack, plan, tmp_path, "openai", stream=False, answers=SESSION_ANSWERS[:1],
                          end=False, timeout=5)
    second = [x for x in t.turns if x.role == "interviewer"][1]
    assert second.engine == "openai" and len(second.usage) == 2
    assert second.usage[0].error.startswith("refused: your reply repeats the candidate's words")
    assert not second.usage[1].error


def test_raw_replies_go_to_the_debug_log_only_when_asked(fake, pack, plan, tmp_path, monkeypatch):
    engine = registry.make_engine(settings(fake, "openai", False, timeout=5))
    engine.decide(context(pack, plan))
    log = tmp_path / "llm.jsonl"
    monkeypatch.setenv("INTERVIEWER_LLM_LOG", str(log))
    engine.decide(context(pack, plan))
    [line] = log.read_text(encoding="utf-8").splitlines()
    entry = json.loads(line)
    assert entry["purpose"] == "interviewer" and json.loads(entry["raw"])["reply"].startswith("Thanks.")
    assert "sk-test" not in line
