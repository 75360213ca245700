"""The interviewer and scorer roles over any SDK: a subclass supplies only the client and its `call`."""

from __future__ import annotations

import threading

from interviewer.providers import llm_common as lc
from interviewer.providers.base import Decision, TurnContext
from interviewer.scoring import Assessment
from interviewer.skills import Topic
from interviewer.transcript import Usage


class Caller:
    """Settings, one lazily built SDK client, and the structured call a provider implements."""

    name = "llm"
    # Structured output as a forced tool call (the prompts then name the tool), else a response_format schema.
    uses_tools = False

    def __init__(self, settings) -> None:
        self.settings = settings
        self.model = settings.model
        self._client = None
        self._lock = threading.Lock()

    def warm_up(self) -> None:
        """Import the SDK and build the client (about 2 s), e.g. from a worker thread after the first paint."""
        self.client()

    def client(self):
        with self._lock:
            if self._client is None:
                self._client = self.build_client()
            return self._client

    def build_client(self):
        raise NotImplementedError

    def call(self, system: str, messages: list[dict], tool: str, schema: dict, purpose: str,
             max_tokens: int) -> tuple[dict | str, Usage]:
        """The structured reply (a dict, or text holding JSON) and the call's usage; TurnFailed on truncation."""
        raise NotImplementedError

    def bounded_call(self, *args) -> tuple[dict | str, Usage]:
        """`call`, given up after settings.call_budget seconds, retries and retry-after waits included."""
        self.client()  # importing the SDK (seconds on a busy machine) is not the server's time
        return lc.within(self.settings.call_budget, self.call, *args)


class LLMEngine(Caller):
    """The LLM interviewer: one structured `decide` call per turn over an append-only conversation."""

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.conversation = lc.Conversation(lc.DECIDE_TOOL if self.uses_tools else None)

    def decide(self, ctx: TurnContext) -> tuple[Decision, list[Usage]]:
        with lc.turn_guard(self.settings.timeout, (self.settings.key(),)):
            system, messages = self.conversation.request(ctx)
            raw, usage = self.bounded_call(system, messages, lc.DECIDE_TOOL, lc.schema_of(lc.DecisionOut),
                                   "interviewer", lc.INTERVIEWER_MAX_TOKENS)
            obj = lc.load_object(raw)
            self.conversation.record(obj)
            return lc.to_decision(obj, ctx), [usage]


class LLMScorer(Caller):
    """The LLM scorer: a fresh context per answer, the topic's rubric as the system prompt."""

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.name = f"{type(self).name}:{settings.model}"

    def score(self, topic: Topic, question: str, answer: str, danger_signals: list[str],
              lang: str) -> tuple[Assessment, list[Usage]]:
        with lc.turn_guard(self.settings.timeout, (self.settings.key(),)):
            tool = lc.ASSESS_TOOL if self.uses_tools else None
            system, user = lc.scorer_prompts(topic, question, answer, danger_signals, lang, tool)
            raw, usage = self.bounded_call(system, [{"role": "user", "content": user}], lc.ASSESS_TOOL,
                                   lc.schema_of(lc.AssessmentOut), "scorer", lc.SCORER_MAX_TOKENS)
            return lc.to_assessment(lc.load_object(raw), topic, self.name), [usage]
