"""The interviewer and scorer through the openai SDK: OpenAI itself or any compatible server by base URL.

Chat Completions with a strict `json_schema` response format. Streams are read by iterating
`create(stream=True)` ourselves, because the SDK's stream helper drops chunks without
`"object": "chat.completion.chunk"` and some compatible servers (llama.cpp, older vLLM) omit it.
"""

from __future__ import annotations

import hashlib
import time
from urllib.parse import urlparse

from interviewer.providers import llm_common as lc
from interviewer.providers.base import TurnFailed
from interviewer.providers.llm_roles import Caller, LLMEngine, LLMScorer
from interviewer.transcript import Usage

_DONE = ("stop", "tool_calls", "function_call")


def cache_key(prefix: str, system: str) -> str:
    """A per-session `prompt_cache_key`: the same system prompt routes to the same cache."""
    return f"{prefix}-{hashlib.sha256(system.encode()).hexdigest()[:24]}"


class _OpenAICaller(Caller):
    """The openai client and the call that returns the JSON reply plus the call's usage."""

    name = "openai"

    def __init__(self, settings) -> None:
        super().__init__(settings)
        host = urlparse(settings.base_url or "").hostname or "api.openai.com"
        # Compatible servers know the older `max_tokens`; OpenAI's own API wants `max_completion_tokens`.
        self._limit_param = "max_completion_tokens" if host.endswith("openai.com") else "max_tokens"

    def build_client(self):
        import openai

        s = self.settings
        extra = {"base_url": s.base_url} if s.base_url else {}
        return openai.OpenAI(api_key=s.key(), timeout=s.timeout, max_retries=s.max_retries, **extra)

    def call(self, system: str, messages: list[dict], name: str, schema: dict, purpose: str,
             max_tokens: int) -> tuple[str, Usage]:
        """The reply text (JSON, maybe wrapped in prose by servers that ignore schemas); TurnFailed on truncation."""
        kwargs = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, *messages],
            "response_format": {"type": "json_schema",
                                "json_schema": {"name": name, "schema": schema, "strict": True}},
            "prompt_cache_key": cache_key(purpose, system),
            self._limit_param: max_tokens,
        }
        completions = self.client().chat.completions
        # Wording a question (code decided the turn), a reply is whole once its question is.
        question = schema is lc.WORD_SCHEMA
        if self.settings.stream:
            return self._streamed(completions, kwargs, purpose, question)
        resp = completions.create(**kwargs)
        usage = lc.openai_usage(purpose, getattr(resp, "usage", None))
        choices = getattr(resp, "choices", None) or []
        if not choices:
            raise TurnFailed("the response has no choices", [usage])
        choice = choices[0]
        msg = choice.message
        if getattr(msg, "refusal", None):
            raise TurnFailed("the model refused", [usage])
        text = msg.content or ""
        if not text.strip() and getattr(msg, "tool_calls", None):
            text = msg.tool_calls[0].function.arguments or ""
        return self._finished(text, choice.finish_reason, usage, question), usage

    @staticmethod
    def _finished(text: str, finish: str | None, usage: Usage, question: bool) -> str:
        if finish in _DONE:
            return text
        if finish == "length":
            return lc.whole_or_truncated(text, "finish_reason length", usage, question)
        raise TurnFailed(f"reply truncated (finish_reason {finish})", [usage])

    def _streamed(self, completions, kwargs: dict, purpose: str, question: bool) -> tuple[str, Usage]:
        parts: list[str] = []
        tool_parts: list[str] = []
        finish, usage = None, None
        guard = lc.LoopGuard(question)
        stream = completions.create(**kwargs, stream=True, stream_options={"include_usage": True})
        with stream:
            deadline = time.monotonic() + self.settings.timeout
            for chunk in stream:
                usage = getattr(chunk, "usage", None) or usage
                piece = ""
                for choice in getattr(chunk, "choices", None) or []:
                    delta = getattr(choice, "delta", None)
                    if delta is not None:
                        if getattr(delta, "content", None):
                            parts.append(delta.content)
                            piece += delta.content
                        for call in getattr(delta, "tool_calls", None) or []:
                            fn = getattr(call, "function", None)
                            if fn is not None and getattr(fn, "arguments", None):
                                tool_parts.append(fn.arguments)
                                piece += fn.arguments
                    finish = getattr(choice, "finish_reason", None) or finish
                if finish is None and guard.feed(piece):
                    break  # the reply is over: the rest is a loop nobody reads
                if time.monotonic() > deadline:
                    raise TurnFailed(f"stream ran past the {self.settings.timeout:g} s timeout",
                                     [lc.openai_usage(purpose, usage)])
        spent = lc.openai_usage(purpose, usage)
        if guard.cut:
            # Closed by us before the usage chunk, the reply being over: only the pieces read are known (one
            # token each from llama.cpp).
            spent = spent.model_copy(update={"output": max(spent.output, guard.pieces)})
            finish = "stop"
        text = "".join(parts)
        text = text if text.strip() else "".join(tool_parts)
        if finish is None:
            raise TurnFailed(f"stream ended before its finish_reason (got {finish})", [spent])
        return self._finished(text, finish, spent, question), spent


class OpenAIEngine(_OpenAICaller, LLMEngine):
    """The interviewer over the openai SDK: a strict json_schema reply per turn."""


class OpenAIScorer(_OpenAICaller, LLMScorer):
    """The scorer over the openai SDK: a strict json_schema reply per answer."""
