"""A scripted fake of the Anthropic and OpenAI HTTP APIs on 127.0.0.1, for the real SDK clients.

Each test queues replies (valid messages, SSE streams, faults); every request's body and headers
are recorded. With the queue empty the server answers with `auto`, by default a valid instance of
whatever the request asks for (a decision or an assessment), built from the request itself.
"""

from __future__ import annotations

import json
import re
import threading
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

import pytest


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: dict
    raw: bytes

    @property
    def api(self) -> str:
        return "anthropic" if self.path.endswith("/messages") else "openai"

    @property
    def tool(self) -> str:
        """The structured-output name the request asks for: 'decide' or 'assess'."""
        if self.api == "anthropic":
            return (self.body.get("tool_choice") or {}).get("name", "")
        return ((self.body.get("response_format") or {}).get("json_schema") or {}).get("name", "")

    @property
    def system(self) -> str:
        if self.api == "anthropic":
            sys_ = self.body.get("system", "")
            return sys_ if isinstance(sys_, str) else "".join(b.get("text", "") for b in sys_)
        msgs = self.body.get("messages", [])
        return msgs[0]["content"] if msgs and msgs[0]["role"] == "system" else ""

    @property
    def messages(self) -> list[dict]:
        msgs = self.body.get("messages", [])
        return msgs[1:] if self.api == "openai" and msgs and msgs[0]["role"] == "system" else msgs


@dataclass
class Reply:
    """What the server sends: a body (JSON or raw) or SSE frames, optionally cut or stalled."""

    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    frames: list[bytes] | None = None  # SSE frames, each written as its own chunk
    cut_after: int | None = None  # close the connection after this many frames / bytes of body
    stall: float = 0.0  # seconds to wait before the first byte (or before frame `stall_at`)
    stall_at: int = 0


def json_reply(obj, status: int = 200, headers: dict | None = None) -> Reply:
    return Reply(status, {"content-type": "application/json", **(headers or {})}, json.dumps(obj).encode())


def raw_reply(body: bytes, status: int = 200, content_type: str = "application/json") -> Reply:
    return Reply(status, {"content-type": content_type}, body)


def sse(frames: list[tuple[str | None, object]], **kw) -> Reply:
    """SSE frames from (event, data) pairs; data objects are JSON-encoded, strings sent as they are."""
    out = []
    for event, data in frames:
        text = data if isinstance(data, str) else json.dumps(data)
        out.append(((f"event: {event}\n" if event else "") + f"data: {text}\n\n").encode())
    return Reply(200, {"content-type": "text/event-stream"}, frames=out, **kw)


# --------------------------------------------------------------------------- Anthropic shapes

def anthropic_usage(input_tokens=120, output_tokens=40, cached=100) -> dict:
    return {"input_tokens": input_tokens, "output_tokens": output_tokens, "cache_read_input_tokens": cached,
            "cache_creation_input_tokens": 0}


def anthropic_message(tool_input: dict | None = None, name: str = "decide", text: str | None = None,
                      stop_reason: str = "tool_use", usage: dict | None = None) -> Reply:
    content = [{"type": "text", "text": text}] if text is not None else []
    if tool_input is not None:
        content.append({"type": "tool_use", "id": "toolu_1", "name": name, "input": tool_input})
    return json_reply({"id": "msg_1", "type": "message", "role": "assistant", "model": "fake",
                       "content": content, "stop_reason": stop_reason, "stop_sequence": None,
                       "usage": usage or anthropic_usage()})


def anthropic_stream_frames(tool_input: dict | None = None, name: str = "decide", text: str | None = None,
                            pieces: int = 3, usage: dict | None = None, stop_reason: str | None = None,
                            then: list[str] = ()) -> list[tuple[str, object]]:
    """A whole message stream; `then` adds text pieces after the text (a model looping after its JSON)."""
    u = usage or anthropic_usage()
    start_usage = {**u, "output_tokens": 1}
    frames: list[tuple[str, object]] = [("message_start", {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "fake", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": start_usage}})]
    if text is not None:
        frames += [("content_block_start", {"type": "content_block_start", "index": 0,
                                            "content_block": {"type": "text", "text": ""}})]
        frames += [("content_block_delta", {"type": "content_block_delta", "index": 0,
                                            "delta": {"type": "text_delta", "text": p}})
                   for p in [*split(text, pieces), *then]]
        frames += [("content_block_stop", {"type": "content_block_stop", "index": 0})]
    if tool_input is not None:
        i = 1 if text is not None else 0
        frames += [("content_block_start", {"type": "content_block_start", "index": i, "content_block": {
            "type": "tool_use", "id": "toolu_1", "name": name, "input": {}}})]
        frames += [("ping", {"type": "ping"})]
        frames += [("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {
            "type": "input_json_delta", "partial_json": p}}) for p in split(json.dumps(tool_input), pieces)]
        frames += [("content_block_stop", {"type": "content_block_stop", "index": i})]
    frames += [("message_delta", {"type": "message_delta", "delta": {
        "stop_reason": stop_reason or ("tool_use" if tool_input is not None else "end_turn"), "stop_sequence": None},
        "usage": {"output_tokens": u["output_tokens"]}}),
        ("message_stop", {"type": "message_stop"})]
    return frames


def anthropic_stream(tool_input: dict | None = None, name: str = "decide", **kw) -> Reply:
    opts = {k: kw.pop(k) for k in ("text", "stop_reason", "then", "usage") if k in kw}
    return sse(anthropic_stream_frames(tool_input, name, **opts), **kw)


def anthropic_error(status: int, kind: str, headers: dict | None = None) -> Reply:
    return json_reply({"type": "error", "error": {"type": kind, "message": "scripted failure"}}, status, headers)


# --------------------------------------------------------------------------- OpenAI shapes

def openai_usage(prompt=150, completion=40, cached=128) -> dict:
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": cached}}


def openai_completion(content: str, finish_reason: str | None = "stop", usage: dict | None = None) -> Reply:
    return json_reply({"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "fake",
                       "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                    "finish_reason": finish_reason}],
                       "usage": usage or openai_usage()})


def openai_tool_call(arguments: str, name: str = "decide") -> Reply:
    """Some compatible servers answer a schema request with a tool call instead of content."""
    call = {"id": "call_1", "type": "function", "function": {"name": name, "arguments": arguments}}
    return json_reply({"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "fake",
                       "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                           "role": "assistant", "content": None, "tool_calls": [call]}}],
                       "usage": openai_usage()})


def openai_stream_frames(content: str, pieces: int = 3, usage: dict | None = None, with_object: bool = True,
                         finish_reason: str | None = "stop", then: list[str] = ()) -> list[tuple[None, object]]:
    def chunk(delta: dict, finish=None, usage_=None) -> dict:
        c = {"id": "chatcmpl-1", "created": 0, "model": "fake",
             "choices": [] if usage_ else [{"index": 0, "delta": delta, "finish_reason": finish}]}
        if with_object:
            c["object"] = "chat.completion.chunk"
        if usage_:
            c["usage"] = usage_
        return c

    frames = [(None, chunk({"role": "assistant", "content": ""}))]
    frames += [(None, chunk({"content": p})) for p in [*split(content, pieces), *then]]
    if finish_reason:
        frames += [(None, chunk({}, finish_reason))]
    frames += [(None, chunk({}, usage_=usage or openai_usage())), (None, "[DONE]")]
    return frames


def openai_stream(content: str, **kw) -> Reply:
    opts = {k: kw.pop(k) for k in ("pieces", "usage", "with_object", "finish_reason", "then") if k in kw}
    return sse(openai_stream_frames(content, **opts), **kw)


def openai_error(status: int, headers: dict | None = None) -> Reply:
    return json_reply({"error": {"message": "scripted failure", "type": "server_error", "code": None}},
                      status, headers)


def split(text: str, pieces: int) -> list[str]:
    step = max(1, -(-len(text) // pieces))
    return [text[i:i + step] for i in range(0, len(text), step)] or [""]


# --------------------------------------------------------------------------- valid instances from a request

def valid_decision(req: Request, n: int) -> dict:
    """A decision that passes code's checks: the current chain from the state card, one question.

    A wording request (code decided; the model words it) is followed as a careful model would: the fields
    it names, and the question it offers, after a short thanks in the interview's language.
    """
    last = req.messages[-1]["content"] if req.messages else ""
    last = last if isinstance(last, str) else json.dumps(last)
    fields = dict(re.findall(r'"(signal|action|chain|target)": "([^"]*)"', last))
    ask = re.search(r'(?:a question that would do|that asks): "(.*)"', last)
    zh = "Speak only Chinese" in req.system
    if "the software has decided this turn" in last and "action" not in fields:
        # A wording-only session asks for {"reply": …} alone.
        ending = "the software has decided this turn: end the interview" in last
        fields = {"action": "end" if ending else "probe"}
    if "action" in fields and (ask or fields["action"] == "end"):
        if fields["action"] == "end":
            reply = "好的，今天就到这里，谢谢。" if zh else "That's all for today, thank you."
        else:
            reply = ("好的。" if zh else "Thanks. ") + ask.group(1)
        return {**{"signal": "answered", "target": ""}, **fields, "notes": f"turn {n}", "reply": reply}
    m = re.search(r"current chain: (c\d+)", last) or re.search(r"\b(c\d+)\b", last)
    chain = m.group(1) if m else "c1"
    return {"signal": "answered", "action": "probe", "chain": chain, "target": f"probe {n}", "notes": f"turn {n}",
            "reply": f"好的。第 {n} 步你实际测到了什么？" if zh else f"Thanks. What did you measure in step {n}?"}


def valid_assessment(req: Request) -> dict:
    """Markers by their ids in the rubric of the system prompt; one real quote of the answer and one invented."""
    solid = re.search(r"Signs of a solid answer:\n((?:- .*\n)+)", req.system)
    markers = [line[2:].split(":", 1)[0] for line in solid.group(1).splitlines()] if solid else []
    user = req.messages[-1]["content"] if req.messages else ""
    body = re.search(r"<candidate_answer[^>]*>\n(.*?)\n</candidate_answer>", user, re.S)
    answer = body.group(1) if body else ""
    hits = []
    if markers:
        hits.append({"marker": markers[0], "evidence": answer[:24]})
        hits.append({"marker": markers[-1], "evidence": "an invented sentence the candidate never said"})
    zh = "Chinese" in req.system.split("\n", 1)[0]
    return {"signal": "answered", "level": 3, "markers": hits, "danger_signals": [],
            "feedback": "说出你实际测到的数字。" if zh else "Give the measured number."}


def request_schema(req: Request) -> dict:
    """The JSON schema the request asks the model to follow (Anthropic tool input, or OpenAI response format)."""
    if req.api == "anthropic":
        tools = req.body.get("tools") or [{}]
        return tools[0].get("input_schema", {})
    return ((req.body.get("response_format") or {}).get("json_schema") or {}).get("schema", {})


def text_only(req: Request, n: int) -> Reply:
    """An Anthropic-compatible local server that ignores the forced tool: the JSON comes back as fenced text."""
    obj = valid_decision(req, n) if req.tool == "decide" else valid_assessment(req)
    text = "```json\n" + json.dumps(obj, ensure_ascii=False, indent=2) + "\n```"
    if req.body.get("stream"):
        return anthropic_stream(None, req.tool, text=text)
    return anthropic_message(None, req.tool, text=text, stop_reason="end_turn")


def auto_reply(req: Request, n: int) -> Reply:
    obj = valid_decision(req, n) if req.tool == "decide" else valid_assessment(req)
    stream = bool(req.body.get("stream"))
    if req.api == "anthropic":
        return anthropic_stream(obj, req.tool) if stream else anthropic_message(obj, req.tool)
    return openai_stream(json.dumps(obj)) if stream else openai_completion(json.dumps(obj))


# --------------------------------------------------------------------------- the server

class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        import sys

        # A client that closes a stream early (the loop guard does) resets the connection: not a fault.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


class FakeLLM:
    """The server: `push` replies (or callables taking the Request), read `requests` afterwards."""

    def __init__(self) -> None:
        self.queues: dict[str | None, deque] = {}
        self.requests: list[Request] = []
        self.auto: Callable[[Request, int], Reply] = auto_reply
        self.stop = threading.Event()
        self._lock = threading.Lock()
        self.server = _Server(("127.0.0.1", 0), _handler(self))
        self.server.daemon_threads = True
        # A short poll interval so shutdown() at teardown returns at once rather than after 0.5 s.
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02},
                                       daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    @property
    def openai_url(self) -> str:
        return self.origin + "/v1"

    def push(self, *replies, tool: str | None = None) -> None:
        """Queue replies for any request, or only for one tool ('decide' / 'assess'): the session's
        scorer runs in a thread beside the interviewer, so their order on the wire is not fixed."""
        self.queues.setdefault(tool, deque()).extend(replies)

    def take(self, req: Request) -> Reply:
        with self._lock:
            self.requests.append(req)
            n = len(self.requests)
            queue = self.queues.get(req.tool) or self.queues.get(None)
            item = queue.popleft() if queue else self.auto
        return item(req, n) if callable(item) else item

    def of(self, tool: str) -> list[Request]:
        return [r for r in self.requests if r.tool == tool]

    def __enter__(self) -> "FakeLLM":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


def _handler(fake: FakeLLM):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # else Nagle + delayed ACK add 40 ms to every reply

        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                body = {}
            req = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body, raw)
            try:
                self._send(fake.take(req))
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

        def _send(self, r: Reply) -> None:
            if r.stall and r.frames is None:
                fake.stop.wait(r.stall)
            self.send_response(r.status)
            for k, v in r.headers.items():
                self.send_header(k, v)
            if r.frames is None:
                claimed = len(r.body)
                self.send_header("content-length", str(claimed))
                self.end_headers()
                if r.cut_after is not None:
                    self.wfile.write(r.body[:r.cut_after])
                    return self._hang_up()
                self.wfile.write(r.body)
                return
            self.send_header("transfer-encoding", "chunked")
            self.end_headers()
            for i, frame in enumerate(r.frames):
                if r.stall and i == r.stall_at:
                    self.wfile.flush()
                    fake.stop.wait(r.stall)
                if r.cut_after is not None and i == r.cut_after:
                    return self._hang_up()
                self.wfile.write(b"%x\r\n%s\r\n" % (len(frame), frame))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")

        def _hang_up(self) -> None:
            self.wfile.flush()
            self.close_connection = True
            import socket

            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    return Handler


@pytest.fixture
def fake():
    with FakeLLM() as server:
        yield server


# --------------------------------------------------------------------------- faults

STREAM_ONLY = {"malformed_data", "cut", "no_final", "stall_mid_stream", "error_event"}


def faults(api: str, valid: dict, name: str = "decide", stream: bool = False) -> dict[str, list[Reply]]:
    """Every fault for one API and stream mode, as the replies that produce it with max_retries=0."""
    quick = {"retry-after-ms": "1"}
    stall = Reply(stall=5.0, body=b"{}", headers={"content-type": "application/json"})
    # A value off its enum (extra keys are read past, so they would not do).
    bad = {**valid, "action": "dance"} if name == "decide" else {**valid, "signal": "dance"}
    if api == "anthropic":
        frames = anthropic_stream_frames(valid, name)
        out = {
            "500": anthropic_error(500, "api_error"),
            "429": anthropic_error(429, "rate_limit_error", quick),
            "529": anthropic_error(529, "overloaded_error", quick),
            "garbage": raw_reply(b"<html>bad gateway</html>", content_type="text/event-stream" if stream
                                 else "application/json"),
            "invalid_schema": anthropic_stream(bad, name) if stream else anthropic_message(bad, name),
            "text_not_json": (anthropic_stream(None, name, text="I would rather chat.") if stream else
                              anthropic_message(None, name, text="I would rather chat.", stop_reason="end_turn")),
            "stall": stall,
            "malformed_data": sse(frames[:3] + [("content_block_delta", "{not json")]),
            "cut": sse(frames, cut_after=4),
            "no_final": sse(frames[:-2]),
            "stall_mid_stream": sse(frames, stall=5.0, stall_at=3),
            "error_event": sse(frames[:2] + [("error", {"type": "error", "error": {
                "type": "overloaded_error", "message": "scripted"}})]),
        }
        if not stream:
            # Cut inside the object: a whole object that ends at max_tokens is accepted, this one is not.
            out["truncated"] = anthropic_message(None, name, text=json.dumps(valid)[:40], stop_reason="max_tokens")
    else:
        content = json.dumps(valid)
        frames = openai_stream_frames(content)
        out = {
            "500": openai_error(500),
            "429": openai_error(429, quick),
            "529": openai_error(529, quick),
            "garbage": raw_reply(b"<html>bad gateway</html>", content_type="text/event-stream" if stream
                                 else "application/json"),
            "invalid_schema": (openai_stream(json.dumps(bad)) if stream else openai_completion(json.dumps(bad))),
            "text_not_json": (openai_stream("I would rather chat.") if stream else
                              openai_completion("I would rather chat.")),
            "stall": stall,
            "malformed_data": sse(frames[:2] + [(None, "{not json")]),
            "cut": sse(frames, cut_after=2),
            "no_final": sse(frames[:3]),
            "stall_mid_stream": sse(frames, stall=5.0, stall_at=2),
        }
        if not stream:
            out["truncated"] = openai_completion(content[:20], finish_reason="length")
    return {k: v for k, v in out.items() if stream or k not in STREAM_ONLY}
