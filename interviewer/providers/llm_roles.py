"""The interviewer and scorer roles over any SDK: a subclass supplies only the client and its `call`."""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from interviewer.providers import llm_common as lc
from interviewer.providers import llm_prompts as lp
from interviewer.providers.base import Decision, TurnContext, TurnFailed
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
        self.role = getattr(settings, "role", "decide")
        self._client = None
        self._lock = threading.Lock()
        self._notices: list[str] = []
        self._told: set[str] = set()

    def notice_once(self, key: str, text: str) -> None:
        """Tell the user something about this server once per session, not every turn."""
        with self._lock:
            if key not in self._told:
                self._told.add(key)
                self._notices.append(text)

    def take_notices(self) -> list[str]:
        with self._lock:
            out, self._notices = self._notices, []
        return out

    @contextmanager
    def guarded(self, purpose: str) -> Iterator[list[Usage]]:
        """One structured call: failures become TurnFailed carrying the call's usage, as far as the server said it.

        The body appends the call's Usage to the yielded list as soon as the server has answered, so a reply
        that then fails to parse or validate is still counted.
        """
        spent: list[Usage] = []
        try:
            with lc.turn_guard(self.settings.timeout, (self.settings.key(),)):
                try:
                    yield spent
                except TurnFailed as e:
                    spent += [u for u in e.usage if u not in spent]
                    raise
        except TurnFailed as e:
            if not spent:
                spent.append(Usage(purpose=purpose))
            spent[-1] = spent[-1].model_copy(update={"error": str(e)})
            raise TurnFailed(str(e), spent) from None

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
        self.conversation = lp.Conversation(lc.DECIDE_TOOL if self.uses_tools else None)

    def decide(self, ctx: TurnContext) -> tuple[Decision, list[Usage]]:
        """The model's decision, or with `ctx.word` set, code's decision worded by the model."""
        with self.guarded("interviewer") as spent:
            system, messages = self.conversation.request(ctx)
            schema = lc.WORD_SCHEMA if ctx.wording else lc.decision_schema(ctx.plan)
            raw, usage = self.bounded_call(system, messages, lc.DECIDE_TOOL, schema,
                                   "interviewer", lc.INTERVIEWER_MAX_TOKENS)
            spent.append(usage)
            lc.debug_log("interviewer", raw, "word" if ctx.word else "decide")
            try:
                obj = lc.load_object(raw)
            except TurnFailed:
                if ctx.word is None or not isinstance(raw, str) or not raw.strip():
                    raise
                # Wording needs only the words: a model that wrote its question as plain text has answered.
                obj = {"reply": lc.plain_reply(raw)}
            self.conversation.record(obj)
            return lc.to_decision(obj, ctx), spent


class LLMScorer(Caller):
    """The LLM scorer: a fresh context per answer, the topic's rubric as the system prompt."""

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.name = f"{type(self).name}:{settings.model}"

    def score(self, topic: Topic, question: str, answer: str, danger_signals: list[str],
              lang: str) -> tuple[Assessment, list[Usage]]:
        with self.guarded("scorer") as spent:
            tool = lc.ASSESS_TOOL if self.uses_tools else None
            system, user = lp.scorer_prompts(topic, question, answer, danger_signals, lang, tool)
            raw, usage = self.bounded_call(system, [{"role": "user", "content": user}], lc.ASSESS_TOOL,
                                   lc.schema_of(lc.AssessmentOut), "scorer", lc.SCORER_MAX_TOKENS)
            spent.append(usage)
            lc.debug_log("scorer", raw)
            return lc.to_assessment(lc.load_object(raw), topic, self.name, danger_signals), spent
