"""The interviewer and scorer through the openai SDK: OpenAI itself or any compatible server by base URL.

Chat Completions with a strict `json_schema` response format. Streams are read by iterating
`create(stream=True)` ourselves, because the SDK's stream helper drops chunks without
`"object": "chat.completion.chunk"` and some compatible servers (llama.cpp, older vLLM) omit it.
"""

from __future__ import annotations

import hashlib
import threading
import time
from urllib.parse import urlparse

from interviewer.providers import llm_common as lc
from interviewer.providers.base import Decision, TurnContext, TurnFailed
from interviewer.scoring import Assessment
from interviewer.skills import Topic
from interviewer.transcript import Usage

_DONE = ("stop", "tool_calls", "function_call")


def cache_key(prefix: str, system: str) -> str:
    """A per-session `prompt_cache_key`: the same system prompt routes to the same cache."""
    return f"{prefix}-{hashlib.sha256(system.encode()).hexdigest()[:24]}"


class _OpenAICaller:
    """One lazily built SDK client and the call that returns the JSON reply plus the call's usage."""

    name = "openai"

    def __init__(self, settings) -> None:
        self.settings = settings
        self.model = settings.model
        self._client = None
        self._lock = threading.Lock()
        host = urlparse(settings.base_url or "").hostname or "api.openai.com"
        # Compatible servers know the older `max_tokens`; OpenAI's own API wants `max_completion_tokens`.
        self._limit_param = "max_completion_tokens" if host.endswith("openai.com") else "max_tokens"

    def warm_up(self) -> None:
        """Import the SDK and build the client, e.g. from a worker thread after the first paint."""
        self.client()

    def client(self):
        with self._lock:
            if self._client is None:
                import openai

                s = self.settings
                extra = {"base_url": s.base_url} if s.base_url else {}
                self._client = openai.OpenAI(api_key=s.key(), timeout=s.timeout, max_retries=s.max_retries,
                                             **extra)
            return self._client

    def call(self, system: str, messages: list[dict], name: str, schema: dict, purpose: str,
             max_tokens: int, cache_prefix: str) -> tuple[str, Usage]:
        """The reply text (JSON, maybe wrapped in prose by servers that ignore schemas); TurnFailed on truncation."""
        kwargs = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, *messages],
            "response_format": {"type": "json_schema",
                                "json_schema": {"name": name, "schema": schema, "strict": True}},
            "prompt_cache_key": cache_key(cache_prefix, system),
            self._limit_param: max_tokens,
        }
        completions = self.client().chat.completions
        if self.settings.stream:
            return self._streamed(completions, kwargs, purpose)
        resp = completions.create(**kwargs)
        choices = getattr(resp, "choices", None) or []
        if not choices:
            raise TurnFailed("the response has no choices")
        choice = choices[0]
        if choice.finish_reason not in _DONE:
            raise TurnFailed(f"reply truncated (finish_reason {choice.finish_reason})")
        msg = choice.message
        if getattr(msg, "refusal", None):
            raise TurnFailed("the model refused")
        text = msg.content or ""
        if not text.strip() and getattr(msg, "tool_calls", None):
            text = msg.tool_calls[0].function.arguments or ""
        return text, lc.openai_usage(purpose, getattr(resp, "usage", None))

    def _streamed(self, completions, kwargs: dict, purpose: str) -> tuple[str, Usage]:
        parts: list[str] = []
        tool_parts: list[str] = []
        finish, usage = None, None
        stream = completions.create(**kwargs, stream=True, stream_options={"include_usage": True})
        with stream:
            deadline = time.monotonic() + self.settings.timeout
            for chunk in stream:
                usage = getattr(chunk, "usage", None) or usage
                for choice in getattr(chunk, "choices", None) or []:
                    delta = getattr(choice, "delta", None)
                    if delta is not None:
                        if getattr(delta, "content", None):
                            parts.append(delta.content)
                        for call in getattr(delta, "tool_calls", None) or []:
                            fn = getattr(call, "function", None)
                            if fn is not None and getattr(fn, "arguments", None):
                                tool_parts.append(fn.arguments)
                    finish = getattr(choice, "finish_reason", None) or finish
                if time.monotonic() > deadline:
                    raise TurnFailed(f"stream ran past the {self.settings.timeout:g} s timeout")
        if finish not in _DONE:
            raise TurnFailed(f"stream ended before its finish_reason (got {finish})")
        text = "".join(parts)
        return (text if text.strip() else "".join(tool_parts)), lc.openai_usage(purpose, usage)


class OpenAIEngine(_OpenAICaller):
    """The LLM interviewer: one structured-output call per turn over an append-only conversation."""

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.conversation = lc.Conversation(None)

    def decide(self, ctx: TurnContext) -> tuple[Decision, list[Usage]]:
        with lc.turn_guard(self.settings.timeout, (self.settings.key(),)):
            system, messages = self.conversation.request(ctx)
            raw, usage = self.call(system, messages, lc.DECIDE_TOOL, lc.schema_of(lc.DecisionOut),
                                   "interviewer", lc.INTERVIEWER_MAX_TOKENS, "interviewer")
            obj = lc.load_object(raw)
            self.conversation.record(obj)
            return lc.to_decision(obj, ctx), [usage]


class OpenAIScorer(_OpenAICaller):
    """The LLM scorer: a fresh context per answer, the topic's rubric as the system prompt."""

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.name = f"openai:{settings.model}"

    def score(self, topic: Topic, question: str, answer: str, danger_signals: list[str],
              lang: str) -> tuple[Assessment, list[Usage]]:
        with lc.turn_guard(self.settings.timeout, (self.settings.key(),)):
            system, user = lc.scorer_prompts(topic, question, answer, danger_signals, lang, None)
            raw, usage = self.call(system, [{"role": "user", "content": user}], lc.ASSESS_TOOL,
                                   lc.schema_of(lc.AssessmentOut), "scorer", lc.SCORER_MAX_TOKENS, "scorer")
            return lc.to_assessment(lc.load_object(raw), topic, self.name), [usage]
