"""Per-turn overhead our code adds on top of the provider's time, against the fake server with zero delay.

Each decide() is timed whole, and the time spent inside the SDK (the create() call and every step of
its stream iterator, which includes the loopback HTTP exchange with the fake server) is timed
separately; the difference is our work: building the prompt, accumulating and validating the output.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

ANSWERS = [
    "We kept TP=8 inside the node on NVLink and PP=4 across nodes, because each block needs two all-reduces "
    "forward and two backward under TP. MFU went from 38% to 45%, measured as 6ND over peak.",
    "We used Megatron and DeepSpeed and it worked well.",
    "I don't know that part, it was another team's.",
    "ZeRO-3 shards parameters, gradients and optimizer states: 16 bytes per parameter for Adam, so 112 GB for 7B.",
]


class _Clock:
    """Accumulates the seconds spent inside SDK calls, stream iteration included."""

    def __init__(self) -> None:
        self.spent = 0.0

    def wrap(self, create):
        clock = self

        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            result = create(*args, **kwargs)
            clock.spent += time.perf_counter() - t0
            return _TimedStream(result, clock) if kwargs.get("stream") else result

        return timed


class _TimedStream:
    def __init__(self, inner, clock: _Clock) -> None:
        self.inner, self.clock = inner, clock

    def __enter__(self):
        self.inner.__enter__()
        return self

    def __exit__(self, *exc):
        return self.inner.__exit__(*exc)

    def __iter__(self):
        it = iter(self.inner)
        while True:
            t0 = time.perf_counter()
            try:
                item = next(it)
            except StopIteration:
                self.clock.spent += time.perf_counter() - t0
                return
            self.clock.spent += time.perf_counter() - t0
            yield item


class _ServerProcess:
    """The fake server in its own process, so its threads do not take the GIL from the code being timed."""

    def __enter__(self):
        import subprocess

        code = ("import sys, threading; sys.path.insert(0, sys.argv[1]); from fake_llm import FakeLLM\n"
                "f = FakeLLM().__enter__(); print(f.origin, flush=True); sys.stdin.read(); f.__exit__()")
        self.proc = subprocess.Popen([sys.executable, "-c", code, str(ROOT / "tests")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.origin = self.proc.stdout.readline().strip()
        self.openai_url = self.origin + "/v1"
        return self

    def __exit__(self, *exc):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def _run(api: str, stream: bool, pack, plan, resume_text: str, turns: int) -> dict:
    import json

    from pydantic import SecretStr

    from interviewer.config import Settings
    from interviewer.providers import registry
    from interviewer.providers.base import TurnContext
    from interviewer.transcript import SessionState, Turn

    with _ServerProcess() as fake:
        s = Settings(provider=api, model="bench", base_url=fake.origin if api == "anthropic" else fake.openai_url,
                     timeout=10, max_retries=0, stream=stream, api_key=SecretStr("sk-bench-" + "x" * 30))
        engine = registry.make_engine(s)
        client = engine.client()
        clock = _Clock()
        if api == "anthropic":
            client.messages.create = clock.wrap(client.messages.create)
        else:
            client.chat.completions.create = clock.wrap(client.chat.completions.create)
        history: list = []
        state = SessionState()
        total, ours, prompt = [], [], []
        answer = None
        for i in range(turns + 1):
            ctx = TurnContext(pack=pack, plan=plan, resume_text=resume_text, lang="en", history=list(history),
                              state=state, candidate_text=answer)
            before = clock.spent
            t0 = time.perf_counter()
            d, _ = engine.decide(ctx)
            elapsed = time.perf_counter() - t0
            if i > 0:  # the first call pays for the connection and the first template compile
                total.append(elapsed)
                ours.append(elapsed - (clock.spent - before))
            answer = ANSWERS[i % len(ANSWERS)]
            history += [Turn(index=len(history), role="interviewer", text=d.reply, chain=d.chain),
                        Turn(index=len(history) + 1, role="candidate", text=answer)]
            state = state.model_copy(update={"questions": i + 1})
        # Prompt building alone, on a fresh conversation replaying the same session.
        from interviewer.providers.llm_prompts import Conversation

        conv = Conversation("decide")
        for n in range(1, len(history), 2):
            ctx = TurnContext(pack=pack, plan=plan, resume_text=resume_text, lang="en", history=history[:n + 1],
                              state=state, candidate_text=history[n].text)
            t0 = time.perf_counter()
            system, messages = conv.request(ctx)
            prompt.append(time.perf_counter() - t0)
        size = len(json.dumps({"system": system, "messages": messages}, ensure_ascii=False).encode())
    ms = lambda xs: statistics.median(xs) * 1000  # noqa: E731
    return {"decide_ms": ms(total), "sdk_ms": ms(total) - ms(ours), "ours_ms": ms(ours),
            "ours_p95_ms": statistics.quantiles(ours, n=20)[-1] * 1000, "prompt_ms": ms(prompt),
            "request_kb": size / 1024, "turns": len(total)}


def main(turns: int = 30) -> dict:
    from interviewer import skills
    from interviewer.plan import build_plan
    from interviewer.resume import load_resume

    pack = skills.resolve(None, "en")
    resume = load_resume(ROOT / "skills" / "distributed-training" / "sample-resume.en.md")
    plan = build_plan(pack, resume, 45, "en")
    results = {}
    t0 = time.perf_counter()
    import anthropic  # noqa: F401

    results["import_anthropic_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    import openai  # noqa: F401

    results["import_openai_s"] = time.perf_counter() - t0
    for api in ("anthropic", "openai"):
        for stream in (False, True):
            r = _run(api, stream, pack, plan, resume.text, turns)
            results[f"{api}_{'stream' if stream else 'plain'}"] = r
            print(f"   {api:9} {'stream' if stream else 'plain ':6}  decide {r['decide_ms']:6.2f} ms = SDK+HTTP "
                  f"{r['sdk_ms']:6.2f} ms + ours {r['ours_ms']:5.2f} ms (p95 {r['ours_p95_ms']:5.2f}; prompt "
                  f"{r['prompt_ms']:4.2f} ms; request {r['request_kb']:.0f} KB; {r['turns']} turns)")
    print(f"   one-off SDK import: anthropic {results['import_anthropic_s']:.2f} s, "
          f"openai {results['import_openai_s']:.2f} s (lazy, off the first screen)")
    return results


if __name__ == "__main__":
    main()
