"""What the LLM engines share: output schemas, JSON extraction (streams that run on included), failure
translation and usage records. The prompts are in llm_prompts. Nothing here imports an SDK.
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
from interviewer.textutil import QUESTION_MARKS, normalize_key
from interviewer.transcript import Usage

DECIDE_TOOL = "decide"
ASSESS_TOOL = "assess"
# A decision is about 100 tokens and an assessment a few hundred; a small local model that loops after its JSON
# would otherwise generate for minutes at CPU speed before the server stops it.
INTERVIEWER_MAX_TOKENS = 400
SCORER_MAX_TOKENS = 1000


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
    """The scorer's assessment as the model returns it; code verifies quotes and rubric names afterwards.

    Markers and red flags are named by their id in the rubric ("m2", "r1"): a few tokens instead of a
    sentence copied verbatim, which small models mangle. The missed markers are whatever was not shown,
    so code works them out rather than having the model copy them.
    """

    model_config = ConfigDict(extra="forbid")
    signal: Signal
    level: int | None
    markers: list[MarkerOut]
    danger_signals: list[DangerOut]
    feedback: str


def _known(obj: dict, model: type[BaseModel]) -> dict:
    """Only the fields the model defines: a reply with an extra key is read, not refused (the schema sent still
    forbids them, for servers that enforce it)."""
    return {k: v for k, v in obj.items() if k in model.model_fields}


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


@lru_cache(maxsize=16)
def _decision_schema(chain_ids: tuple[str, ...]) -> str:
    schema = json.loads(json.dumps(schema_of(DecisionOut)))
    if chain_ids:
        schema["properties"]["chain"] = {"type": "string", "enum": list(chain_ids)}
    return json.dumps(schema, separators=(",", ":"))


# Wording-only sessions: code has decided, so the model writes the question alone. Every field a schema
# requires is generated token by token under a grammar; on a CPU the four bookkeeping fields cost ~10 s.
WORD_SCHEMA = {"type": "object", "properties": {"reply": {"type": "string"}}, "required": ["reply"]}


def decision_schema(plan: InterviewPlan) -> dict:
    """The decision schema with `chain` limited to this plan's chain ids: fixed for a session, so still cacheable.

    A model that follows the schema exactly can then only name a chain that exists.
    """
    return json.loads(_decision_schema(tuple(c.id for c in plan.chains)))


# --------------------------------------------------------------------------- JSON from model output


def _object_end(text: str, start: int) -> int | None:
    """The index of the "}" closing the object that opens at `start`, strings and escapes respected; None if open."""
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
                return i
    return None


def _parsed(text: str) -> dict | None:
    try:
        obj = json.loads(text)
    except json.JSONDecodeError:
        return None
    return obj if isinstance(obj, dict) else None


def first_json_object(text: str) -> dict:
    """The first balanced `{...}` in `text` that parses; servers that ignore schemas wrap JSON in prose or fences."""
    start = text.find("{")
    while start != -1:
        end = _object_end(text, start)
        if end is not None and (obj := _parsed(text[start:end + 1])) is not None:
            return obj
        start = text.find("{", start + 1)
    raise TurnFailed("no JSON object in the model's reply")


def _unwrap(obj: dict) -> dict:
    """The arguments of a tool call written out as text ({"name": "decide", "arguments": {...}}), else `obj`."""
    if "name" in obj and len(obj) <= 3:
        for key in ("arguments", "input", "parameters"):
            inner = obj.get(key)
            if isinstance(inner, str):
                try:
                    inner = json.loads(inner)
                except json.JSONDecodeError:
                    continue
            if isinstance(inner, dict):
                return inner
    return obj


def load_object(raw: str | dict | None) -> dict:
    """A dict from a tool input (dict or JSON text) or from free text holding a JSON object."""
    if isinstance(raw, dict):
        return _unwrap(raw)
    text = (raw or "").strip()
    if not text:
        raise TurnFailed("empty reply from the model")
    try:
        obj = json.loads(text)
        if isinstance(obj, dict):
            return _unwrap(obj)
    except json.JSONDecodeError:
        pass
    return _unwrap(first_json_object(text))


# The "reply" field of something shaped like the JSON object but not parseable: [ ] for { }, a missing
# comma, a cut end. Its value is the question; the rest is the model's bookkeeping.
_REPLY_FIELD = re.compile(r'"reply"\s*[:：]\s*"((?:[^"\\]|\\.)*)', re.S)
_FIELD = re.compile(r'"(?:signal|action|chain|target|notes|reply)"\s*[:：]')


def plain_reply(text: str) -> str:
    """A reply written as plain text instead of JSON: without code fences, a "reply:" label or wrapping quotes.

    Text that is the decision's fields in a broken object gives its "reply" value, or nothing when it has
    none: the fields themselves must never reach the candidate as the question.
    """
    if _FIELD.search(text):
        m = _REPLY_FIELD.search(text)
        if m is None:
            return ""
        try:
            return json.loads(f'"{m.group(1)}"').strip()
        except json.JSONDecodeError:
            return m.group(1).strip()
    t = re.sub(r"^```\w*\s*|\s*```$", "", text.strip())
    t = re.sub(r"^\s*(?:\"?reply\"?\s*[:：]\s*)", "", t, flags=re.I).strip()
    if len(t) >= 2 and t[0] + t[-1] in ('""', "“”", "「」"):
        t = t[1:-1].strip()
    return t


def has_object(text: str) -> bool:
    """True when the JSON object that starts at the first "{" of `text` is complete and parses.

    Only the outermost object counts: an inner one ({"marker": …} inside an unfinished assessment) closing
    says nothing about whether the reply is whole.
    """
    start = text.find("{")
    end = _object_end(text, start) if start != -1 else None
    return end is not None and _parsed(text[start:end + 1]) is not None


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
    if ctx.word is not None:
        # Wording-only: code's decision stands whatever else the model filled in; only its reply is used.
        reply = obj.get("reply")
        if not isinstance(reply, str) or not reply.strip():
            raise TurnFailed("output failed validation at reply: no reply")
        return ctx.word.model_copy(update={"reply": reply.strip(), "worded": True})
    out = DecisionOut.model_validate(_known(obj, DecisionOut))
    reply = out.reply.strip()
    if not reply:
        raise TurnFailed("the decision has an empty reply")
    # Once code has chosen the action, the model only words it.
    action = ctx.forced_action or out.action
    chain, target = out.chain.strip(), out.target.strip()
    return Decision(signal=out.signal, action=action, chain=chain, target=target, notes=out.notes.strip(),
                    reply=reply, step=step_of(ctx.plan, chain, target) if action != "end" else None)


def rubric_ids(topic: Topic, danger_signals: list[str]) -> dict[str, str]:
    """id → rubric text: m1… for the signs of a solid answer, r1… for the red flags."""
    return {**{f"m{i}": m for i, m in enumerate(topic.markers, 1)},
            **{f"r{i}": d for i, d in enumerate(danger_signals, 1)}}


def _named(name: str, ids: dict[str, str]) -> str:
    key = name.strip().strip("[]()").lower()
    return ids.get(key, name)


def to_assessment(obj: dict, topic: Topic, scorer: str, danger_signals: list[str] | None = None) -> Assessment:
    out = AssessmentOut.model_validate(_known(obj, AssessmentOut))
    ids = rubric_ids(topic, list(danger_signals or []))
    return Assessment(
        topic=topic.title, signal=out.signal, level=out.level,
        markers=[MarkerHit(marker=_named(m.marker, ids), evidence=m.evidence) for m in out.markers],
        danger_signals=[DangerHit(signal=_named(d.signal, ids), evidence=d.evidence) for d in out.danger_signals],
        feedback=out.feedback.strip(), scorer=scorer)


# --------------------------------------------------------------------------- streams that run on


class LoopGuard:
    """Says when to stop reading a stream that has finished in all but name.

    Small local models often close their JSON (or their sentence) and then loop on newlines or spaces
    until `max_tokens`: minutes of generation at CPU speed that nobody reads. After a complete JSON object
    a few more pieces are allowed for the natural end, which brings the server's usage figures; a long run
    of blank pieces after some text ends it too. Closing the stream also stops the server generating.
    """

    GRACE = 24
    BLANKS = 16
    # Wording a question: once it is asked, a few pieces close the quote and the object; more is a model
    # asking on and on ("Did you compare…? Did you check…?" to the token limit, 50 s on a CPU).
    QUESTION_GRACE = 12

    def __init__(self, question: bool = False) -> None:
        self.question = question
        self.parts: list[str] = []
        self.pieces = 0
        self.blanks = 0
        self.closed_at: int | None = None
        self.cut = False

    def feed(self, piece: str) -> bool:
        """Add one streamed piece; True when reading should stop (then `cut` is True)."""
        self.pieces += 1
        if self.closed_at is None and piece:
            self.parts.append(piece)
            if "}" in piece and has_object("".join(self.parts)):
                self.closed_at = self.pieces
            elif self.question and QUESTION_MARKS.search(piece):
                self.closed_at = self.pieces - self.GRACE + self.QUESTION_GRACE
        self.blanks = self.blanks + 1 if piece and not piece.strip() else 0
        wrote = any(p.strip() for p in self.parts)
        self.cut = ((self.closed_at is not None and self.pieces - self.closed_at >= self.GRACE)
                    or (wrote and self.blanks >= self.BLANKS))
        return self.cut


def debug_log(purpose: str, raw, note: str = "") -> None:
    """Append a model's raw reply to the file INTERVIEWER_LLM_LOG names (for benches and bug reports; off by
    default). Replies hold what the model wrote, never a key or a request."""
    import os

    path = os.environ.get("INTERVIEWER_LLM_LOG", "").strip()
    if not path:
        return
    line = json.dumps({"purpose": purpose, "note": note, "raw": raw}, ensure_ascii=False)
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(line + "\n")
    except OSError:
        pass


def whole_or_truncated(text: str, why: str, usage: Usage, question: bool = False) -> str:
    """The text of a reply that hit `max_tokens` when it still holds a whole JSON object (all that is read of
    it), or, wording a question, a whole question; else TurnFailed naming the truncation, with the call's usage."""
    if has_object(text) or (question and QUESTION_MARKS.search(text)):
        return text
    debug_log(usage.purpose, text, f"truncated ({why})")
    raise TurnFailed(f"reply truncated ({why})", [usage])


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
        raise TurnFailed(one_line(str(e), secrets), e.usage) from None
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
