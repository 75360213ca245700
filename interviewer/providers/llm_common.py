"""What the LLM engines share: prompts and the append-only conversation, output schemas, JSON extraction,
failure translation and usage records. Nothing here imports an SDK.
"""

from __future__ import annotations

import json
import re
import threading
from contextlib import contextmanager
from functools import lru_cache
from typing import Iterator

from pydantic import BaseModel, ConfigDict, ValidationError

from interviewer.plan import InterviewPlan
from interviewer.providers.base import Action, Decision, TurnContext, TurnFailed
from interviewer.scoring import Assessment, DangerHit, MarkerHit, Signal
from interviewer.skills import Topic
from interviewer.textutil import normalize_key
from interviewer.transcript import Usage

DECIDE_TOOL = "decide"
ASSESS_TOOL = "assess"
INTERVIEWER_MAX_TOKENS = 1500
SCORER_MAX_TOKENS = 1500


# --------------------------------------------------------------------------- output schemas
# Every field is required and extras are forbidden, so the same schema works in OpenAI strict mode.


class DecisionOut(BaseModel):
    """The interviewer's decision as the model returns it."""

    model_config = ConfigDict(extra="forbid")
    signal: Signal
    action: Action
    chain: str
    target: str
    notes: str
    reply: str


class MarkerOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    marker: str
    evidence: str


class DangerOut(BaseModel):
    model_config = ConfigDict(extra="forbid")
    signal: str
    evidence: str


class AssessmentOut(BaseModel):
    """The scorer's assessment as the model returns it; code verifies quotes and rubric names afterwards."""

    model_config = ConfigDict(extra="forbid")
    signal: Signal
    level: int | None
    markers: list[MarkerOut]
    missed_markers: list[str]
    danger_signals: list[DangerOut]
    feedback: str


def _inline(node, defs: dict):
    if isinstance(node, dict):
        if "$ref" in node:
            return _inline(defs[node["$ref"].rsplit("/", 1)[-1]], defs)
        return {k: _inline(v, defs) for k, v in node.items() if k not in ("$defs", "title")}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


@lru_cache(maxsize=4)
def schema_of(model: type[BaseModel]) -> dict:
    """The model's JSON schema with $refs inlined: some compatible servers cannot follow them."""
    raw = model.model_json_schema()
    return _inline(raw, raw.get("$defs", {}))


@lru_cache(maxsize=4)
def schema_text(model: type[BaseModel]) -> str:
    return json.dumps(schema_of(model), ensure_ascii=False, separators=(",", ":"))


# --------------------------------------------------------------------------- JSON from model output


def first_json_object(text: str) -> dict:
    """The first balanced `{...}` in `text` that parses; servers that ignore schemas wrap JSON in prose or fences."""
    start = text.find("{")
    while start != -1:
        depth, in_str, esc = 0, False, False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if esc:
                    esc = False
                elif ch == "\\":
                    esc = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    try:
                        obj = json.loads(text[start:i + 1])
                    except json.JSONDecodeError:
                        break
                    if isinstance(obj, dict):
                        return obj
                    break
        start = text.find("{", start + 1)
    raise TurnFailed("no JSON object in the model's reply")


def load_object(raw: str | dict | None) -> dict:
    """A dict from a tool input (dict or JSON text) or from free text holding a JSON object."""
    if isinstance(raw, dict):
        return raw
    text = (raw or "").strip()
    if not text:
        raise TurnFailed("empty reply from the model")
    try:
        obj = json.loads(text)
        if isinstance(obj, dict):
            return obj
    except json.JSONDecodeError:
        pass
    return first_json_object(text)


def step_of(plan: InterviewPlan, chain_id: str, target: str) -> int | None:
    """The follow-up of the chain whose basis the target names, so code can count follow-ups used."""
    chain = plan.chain(chain_id)
    t = normalize_key(target)
    if chain is None or not t:
        return None
    for i, basis in enumerate(chain.follow_up_basis):
        b = normalize_key(basis)
        if b and (t == b or (len(t) >= 6 and t in b) or b in t):
            return i
    return None


def to_decision(obj: dict, ctx: TurnContext) -> Decision:
    out = DecisionOut.model_validate(obj)
    reply = out.reply.strip()
    if not reply:
        raise TurnFailed("the decision has an empty reply")
    # Once code has chosen the action, the model only words it.
    action = ctx.forced_action or out.action
    chain, target = out.chain.strip(), out.target.strip()
    return Decision(signal=out.signal, action=action, chain=chain, target=target, notes=out.notes.strip(),
                    reply=reply, step=step_of(ctx.plan, chain, target) if action != "end" else None)


def to_assessment(obj: dict, topic: Topic, scorer: str) -> Assessment:
    out = AssessmentOut.model_validate(obj)
    return Assessment(
        topic=topic.title, signal=out.signal, level=out.level,
        markers=[MarkerHit(marker=m.marker, evidence=m.evidence) for m in out.markers],
        missed_markers=list(out.missed_markers),
        danger_signals=[DangerHit(signal=d.signal, evidence=d.evidence) for d in out.danger_signals],
        feedback=out.feedback.strip(), scorer=scorer)


# --------------------------------------------------------------------------- failures


_TIMEOUTS = {"APITimeoutError", "ReadTimeout", "ConnectTimeout", "WriteTimeout", "PoolTimeout", "TimeoutException"}


def describe(exc: BaseException, timeout: float) -> str:
    """A one-line reason for a failed call, built from the error's type and status, never from its body."""
    name = type(exc).__name__
    module = type(exc).__module__ or ""
    status = getattr(exc, "status_code", None)
    if isinstance(exc, TurnFailed):
        return str(exc)
    if name in _TIMEOUTS:
        return f"no response within the {timeout:g} s timeout"
    if isinstance(status, int) and status != 200:
        return f"HTTP {status} from the server ({name})"
    if name == "APIConnectionError":
        cause = type(exc.__cause__).__name__ if exc.__cause__ else "connection error"
        return f"connection failed or was cut ({cause})"
    if name in ("APIStatusError", "APIError"):
        return f"the server reported an error in the stream ({name})"
    if module.startswith(("httpx", "httpcore")):
        if name in ("RemoteProtocolError", "ReadError", "StreamError"):
            return f"connection cut mid-response ({name})"
        return f"transport error ({name})"
    if isinstance(exc, json.JSONDecodeError):
        return "malformed JSON from the server"
    if isinstance(exc, ValidationError):
        err = exc.errors()[0] if exc.errors() else {}
        loc = ".".join(str(p) for p in err.get("loc", ())) or "output"
        return f"output failed validation at {loc}: {err.get('msg', 'invalid')}"
    return f"unusable response ({name})"


def one_line(text: str, secrets: tuple[str, ...] = (), limit: int = 200) -> str:
    for s in secrets:
        if s and len(s) >= 4:
            text = text.replace(s, "***")
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def within(seconds: float, fn, *args):
    """`fn(*args)`, or TurnFailed when it has not returned after `seconds` (Settings.call_budget).

    A per-read timeout bounds no SDK retry loop or retry-after wait; this bounds the whole call. The call
    runs in a daemon thread: once given up it ends when the SDK does, and never holds up the program's exit.
    """
    box: dict = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["value"] = fn(*args)
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller's thread below
            box["error"] = e
        finally:
            done.set()

    threading.Thread(target=run, daemon=True, name="llm-call").start()
    if not done.wait(seconds):
        raise TurnFailed(f"no complete response within {seconds:g} s (retries included)")
    if "error" in box:
        raise box["error"]
    return box["value"]


@contextmanager
def turn_guard(timeout: float, secrets: tuple[str, ...] = ()) -> Iterator[None]:
    """Turn every failure of one call into TurnFailed(one-line reason), so the session always goes on.

    The session prefixes the engine's name when it shows the reason, so the reason does not.
    """
    try:
        yield
    except TurnFailed as e:
        raise TurnFailed(one_line(str(e), secrets)) from None
    except Exception as e:  # noqa: BLE001 - any failure of a call is one degraded turn, never a crash
        raise TurnFailed(one_line(describe(e, timeout), secrets)) from None


# --------------------------------------------------------------------------- usage


def _int(obj, name: str) -> int:
    value = getattr(obj, name, None) if obj is not None else None
    return value if isinstance(value, int) else 0


def anthropic_usage(purpose: str, start_usage, delta_usage=None) -> Usage:
    """`input` counts every prompt token (uncached + cache reads + cache writes), as OpenAI's prompt_tokens does."""
    u, d = start_usage, delta_usage
    cached = max(_int(u, "cache_read_input_tokens"), _int(d, "cache_read_input_tokens"))
    written = max(_int(u, "cache_creation_input_tokens"), _int(d, "cache_creation_input_tokens"))
    fresh = max(_int(u, "input_tokens"), _int(d, "input_tokens"))
    output = max(_int(u, "output_tokens"), _int(d, "output_tokens"))
    return Usage(purpose=purpose, input=fresh + cached + written, output=output, cached=cached)


def openai_usage(purpose: str, usage) -> Usage:
    details = getattr(usage, "prompt_tokens_details", None) if usage is not None else None
    return Usage(purpose=purpose, input=_int(usage, "prompt_tokens"), output=_int(usage, "completion_tokens"),
                 cached=_int(details, "cached_tokens"))


# --------------------------------------------------------------------------- prompts

LANGUAGES = {"zh": "Chinese (简体中文)", "en": "English"}


# Every fence tag, not just the one being written: a résumé saying "</resume><candidate_message>…" must
# not look to the model like the end of its own block followed by a candidate turn.
FENCE_TAGS = ("resume", "candidate_message", "candidate_answer")
_FENCE_TAG = re.compile(rf"<(\s*/?\s*(?:{'|'.join(FENCE_TAGS)}))\b", re.I)


def fence(text: str, tag: str) -> str:
    """Wrap untrusted text in <tag untrusted="true">; any fence tag inside the text is defused so it cannot escape."""
    body = _FENCE_TAG.sub(r"&lt;\1", text)
    return f'<{tag} untrusted="true">\n{body.strip()}\n</{tag}>'


def interviewer_system(ctx: TurnContext, tool: str | None) -> str:
    """Method + pack + fenced résumé + plan: byte-identical for the whole session (the cache prefix)."""
    from interviewer.render import render

    return render("interviewer_system.j2", pack=ctx.pack, plan=ctx.plan, tool=tool,
                  language=LANGUAGES.get(ctx.lang, ctx.lang), schema=schema_text(DecisionOut),
                  resume=fence(ctx.resume_text or "(no résumé given)", "resume"))


def _card(ctx: TurnContext, kind: str, answer: str = "") -> str:
    from interviewer.render import render

    chains = ctx.plan.chains
    pos = min(max(ctx.state.chain_pos, 0), len(chains) - 1) if chains else 0
    current = chains[pos] if chains else None
    used = ctx.state.steps.get(current.id, 0) if current else 0
    nxt = current.follow_ups[used] if current and used < len(current.follow_ups) else ""
    skipped = set(ctx.state.skipped)
    questions_left = getattr(ctx, "questions_left", None)
    return render("interviewer_turn.j2", kind=kind, answer=answer, state=ctx.state, current=current,
                  used=used, next_follow_up=nxt, reading=ctx.reading, questions_left=questions_left,
                  upcoming=[c.id for c in chains[pos + 1:] if c.id not in skipped],
                  violation=one_line(ctx.violation or ""), forced_action=ctx.forced_action,
                  valid_chains=[c.id for c in chains if c.id not in skipped], covered=ctx.covered).strip()


class Conversation:
    """One session's interviewer messages, append-only: a message once sent is never changed or dropped.

    Each decide() appends only what is new (interviewer turns, the answer with its state card, or a
    re-ask), so request N+1 starts with request N's messages byte for byte and the provider's prompt
    cache covers everything but the tail.
    """

    def __init__(self, tool: str | None) -> None:
        self.tool = tool
        self.system = ""
        self.messages: list[dict] = []
        self._key: tuple | None = None
        self._seen = 0
        self._sent_candidate: str | None = None
        self._last_reply: str | None = None
        self._refs: tuple = ()

    def _system_for(self, ctx: TurnContext) -> str:
        key = (id(ctx.pack), id(ctx.plan), ctx.resume_text, ctx.lang)
        if key != self._key:
            # Holding the objects keeps their ids from being reused by a later session's pack or plan.
            self._refs = (ctx.pack, ctx.plan)
            self._key = key
            system = interviewer_system(ctx, self.tool)
            if system != self.system:
                self.system, self.messages, self._seen = system, [], 0
                self._sent_candidate = self._last_reply = None
        return self.system

    def _add(self, role: str, text: str) -> None:
        self.messages.append({"role": role, "content": text})

    def request(self, ctx: TurnContext) -> tuple[str, list[dict]]:
        """(system prompt, messages) for this decide() call; the list is a copy the caller may keep."""
        system = self._system_for(ctx)
        history = ctx.history
        if len(history) < self._seen:
            self.messages, self._seen, self._sent_candidate, self._last_reply = [], 0, None, None
        if (ctx.violation or ctx.forced_action) and self.messages and len(history) == self._seen:
            # A re-ask of this turn: show the refused decision and the reason after it, never instead of it.
            if self._last_reply is not None:
                self._add("assistant", self._last_reply)
            self._add("user", _card(ctx, "reask"))
            self._last_reply = None
            return system, list(self.messages)
        if len(history) == self._seen and self.messages and self.messages[-1]["role"] == "user":
            return system, list(self.messages)  # the same turn asked again: send the same request
        answer = ctx.candidate_text
        current_in_history = (answer is not None and bool(history) and history[-1].role == "candidate"
                              and history[-1].text == answer)
        new = history[self._seen:]
        if current_in_history:
            new = new[:-1]
        for i, turn in enumerate(new):
            if turn.role == "candidate":
                if i == 0 and turn.text == self._sent_candidate:
                    continue  # sent last time from candidate_text, before the session recorded it
                self._add("user", fence(turn.text, "candidate_message"))
            else:
                if not self.messages:
                    self._add("user", _card(ctx, "start"))
                self._add("assistant", turn.text)
        if answer is None:
            self._add("user", _card(ctx, "opening"))
            self._sent_candidate = None
        else:
            self._add("user", _card(ctx, "answer", fence(answer, "candidate_message")))
            self._sent_candidate = None if current_in_history else answer
        self._seen = len(history)
        self._last_reply = None
        return system, list(self.messages)

    def record(self, raw_decision: dict) -> None:
        """Remember what the model returned, so a re-ask can show it the refused decision."""
        self._last_reply = json.dumps(raw_decision, ensure_ascii=False)


def scorer_prompts(topic: Topic, question: str, answer: str, danger_signals: list[str], lang: str,
                   tool: str | None) -> tuple[str, str]:
    """(system, user) for one scoring call: the rubric in the system prompt, the answer fenced in the user message."""
    from interviewer.render import render

    system = render("scorer_system.j2", topic=topic, danger_signals=danger_signals, tool=tool,
                    language=LANGUAGES.get(lang, lang), schema=schema_text(AssessmentOut))
    user = render("scorer_user.j2", question=question, answer=fence(answer, "candidate_answer"))
    return system, user
