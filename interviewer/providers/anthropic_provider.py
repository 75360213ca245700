"""The interviewer and scorer through the anthropic SDK (imported here only, on first use).

Structured output is a forced tool call (`tool_choice` = the `decide` / `assess` tool) rather than
`messages.parse(output_format=…)`: tool use is what Anthropic-compatible gateways and older models
support, it streams as `input_json_delta` we can accumulate ourselves, and when a server ignores the
tool anyway the schema is also in the system prompt and the JSON is taken from the text.
"""

from __future__ import annotations

import json
import time

from interviewer.providers import llm_common as lc
from interviewer.providers.base import TurnFailed
from interviewer.providers.llm_roles import Caller, LLMEngine, LLMScorer
from interviewer.transcript import Usage

EPHEMERAL = {"type": "ephemeral"}


class _AnthropicCaller(Caller):
    """The anthropic client and the call that returns a tool's input plus the call's usage."""

    name = "anthropic"
    uses_tools = True

    def build_client(self):
        import anthropic

        s = self.settings
        return anthropic.Anthropic(api_key=s.key(), base_url=s.base_url, timeout=s.timeout, max_retries=s.max_retries)

    def call(self, system: str, messages: list[dict], tool: str, schema: dict, purpose: str,
             max_tokens: int) -> tuple[dict | str, Usage]:
        """The tool input (dict), or the reply text when the server ignored the tool; TurnFailed on truncation."""
        kwargs = dict(
            model=self.model, max_tokens=max_tokens,
            system=[{"type": "text", "text": system, "cache_control": EPHEMERAL}],
            messages=messages,
            tools=[{"name": tool, "description": f"Return the {tool} result as structured fields.",
                    "input_schema": schema}],
            tool_choice={"type": "tool", "name": tool},
            # Top-level cache_control moves the breakpoint to the end of the history on every call.
            cache_control=EPHEMERAL,
        )
        # Wording a question (code decided the turn), a reply is whole once its question is.
        question = schema is lc.WORD_SCHEMA
        if self.settings.stream:
            return self._streamed(kwargs, tool, purpose, question)
        msg = self.client().messages.create(**kwargs)
        stop = getattr(msg, "stop_reason", None)
        usage = lc.anthropic_usage(purpose, getattr(msg, "usage", None))
        texts = []
        for block in getattr(msg, "content", None) or []:
            kind = getattr(block, "type", None)
            if kind == "tool_use" and getattr(block, "name", None) == tool:
                tool_input = getattr(block, "input", None) or {}
                if stop is None or (stop == "max_tokens" and not tool_input):
                    raise TurnFailed(f"reply truncated (stop_reason {stop})", [usage])
                return tool_input, usage
            if kind == "text":
                texts.append(getattr(block, "text", "") or "")
        return self._from_text("".join(texts), stop, tool, usage, question), usage

    def _from_text(self, text: str, stop: str | None, tool: str, usage: Usage, question: bool) -> str:
        """The reply text when the forced tool call did not come back, as Anthropic-compatible local servers do."""
        if stop is None:
            raise TurnFailed("reply truncated (stop_reason None)", [usage])
        if stop == "max_tokens":
            text = lc.whole_or_truncated(text, "stop_reason max_tokens", usage, question)
        self.notice_once("no-tool", f"{self.name}: the server answered without the forced `{tool}` tool call "
                                    "(an Anthropic-compatible local server?); its JSON is read from the reply text")
        return text

    def _streamed(self, kwargs: dict, tool: str, purpose: str, question: bool) -> tuple[dict | str, Usage]:
        start_usage = delta_usage = None
        stop_reason, stopped = None, False
        blocks: dict[int, list] = {}  # index → [type, name, parts]
        guard = lc.LoopGuard(question)
        with self.client().messages.create(**kwargs, stream=True) as stream:
            deadline = time.monotonic() + self.settings.timeout
            for event in stream:
                kind = getattr(event, "type", None)
                if kind == "message_start":
                    start_usage = getattr(getattr(event, "message", None), "usage", None)
                elif kind == "content_block_start":
                    cb = event.content_block
                    blocks[event.index] = [cb.type, getattr(cb, "name", None), []]
                elif kind == "content_block_delta":
                    d = event.delta
                    piece = d.partial_json if d.type == "input_json_delta" else getattr(d, "text", "")
                    blocks.setdefault(event.index, [None, None, []])[2].append(piece or "")
                    if guard.feed(piece or ""):
                        break  # the reply is over: the rest is a loop nobody reads
                elif kind == "message_delta":
                    stop_reason = getattr(event.delta, "stop_reason", None) or stop_reason
                    delta_usage = getattr(event, "usage", None) or delta_usage
                elif kind == "message_stop":
                    stopped = True
                if time.monotonic() > deadline:
                    raise TurnFailed(f"stream ran past the {self.settings.timeout:g} s timeout",
                                     [lc.anthropic_usage(purpose, start_usage, delta_usage)])
        usage = lc.anthropic_usage(purpose, start_usage, delta_usage)
        if guard.cut:
            # Closed by us, the reply being over: the output count is the pieces read (one token each from
            # llama.cpp).
            usage = usage.model_copy(update={"output": max(usage.output, guard.pieces)})
            stop_reason, stopped = "end_turn", True
        if not stopped or stop_reason is None:
            raise TurnFailed(f"stream ended before its final event (stop_reason {stop_reason})", [usage])
        for kind, name, parts in blocks.values():
            if kind == "tool_use" and name == tool:
                text = "".join(parts)
                if stop_reason == "max_tokens":
                    return lc.load_object(lc.whole_or_truncated(text, "stop_reason max_tokens", usage, question)), usage
                return (json.loads(text) if text.strip() else {}), usage
        text = "".join("".join(p) for k, _, p in blocks.values() if k == "text")
        return self._from_text(text, stop_reason, tool, usage, question), usage


class AnthropicEngine(_AnthropicCaller, LLMEngine):
    """The interviewer over the anthropic SDK: a forced `decide` tool call per turn."""


class AnthropicScorer(_AnthropicCaller, LLMScorer):
    """The scorer over the anthropic SDK: a forced `assess` tool call per answer."""
