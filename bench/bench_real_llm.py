"""Opt-in: a real model holds whole interviews, on both APIs and in both languages.

Skipped (one line) unless INTERVIEWER_BENCH_BASE_URL names a server's origin, e.g. llama.cpp's
`llama-server` started by ../shared/tools/real-llm.sh (http://127.0.0.1:8089: the Anthropic API there,
the OpenAI API under /v1). Per API and language it runs one session (the opening and one question per
answer) and prints the turns the model took against those that fell back (with the reasons), seconds
and tokens per turn (the server's usage figures), the prompt cache's share, and whether the model scorer
erased anything the offline reading found (a level, a danger signal).

Settings, all optional but the first:
  INTERVIEWER_BENCH_BASE_URL   the server's origin (a trailing /v1 is ignored)
  INTERVIEWER_BENCH_MODEL      model name (qwen2.5-coder-1.5b-instruct)
  INTERVIEWER_BENCH_KEY        API key (sk-local)
  INTERVIEWER_BENCH_ROLE       decide | word (word: code decides, the model words each question)
  INTERVIEWER_BENCH_APIS       anthropic,openai
  INTERVIEWER_BENCH_LANGS      zh,en
  INTERVIEWER_BENCH_RESUME_ZH / _EN    résumé files (the pack's sample résumés)
  INTERVIEWER_BENCH_ANSWERS_ZH / _EN   answers, separated by lines holding only --- (the ones below)
  INTERVIEWER_BENCH_TIMEOUT    seconds per call (300)
  INTERVIEWER_BENCH_THINK      seconds the candidate takes to answer each question (15; not counted in a turn's
                               seconds). A person reads and types for longer; the model scorer works in that
                               time, and with 0 every answer lands while the server is still busy with it.
  INTERVIEWER_BENCH_FRESH      1: empty llama.cpp's prompt cache (POST /slots/N?action=erase) before each
                               session, so every opening is an uncached turn
Or run it directly: `python bench/bench_real_llm.py` with the same variables.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACK_DIR = ROOT / "skills" / "distributed-training"
ENV = "INTERVIEWER_BENCH_"

ANSWERS = {
    "en": [
        "The baseline was the same 130B configuration before my changes, at 38% MFU. We computed MFU as tokens per "
        "second times 6N, divided by 2,048 GPUs times the dense BF16 peak of 989 TFLOPS. Most of the gain came from "
        "overlapping the distributed optimizer's reduce-scatter with the backward pass and from larger micro-batches.",
        "It was throughput. We did not train to convergence twice.",
        "Honestly I don't know whether it holds at larger scale; we never ran on more than 2,048 GPUs.",
        "I think a step was mostly compute, then communication and some pipeline bubble, but I did not profile it "
        "myself; another engineer did the Nsight work.",
        "In the Nsight Systems timeline we looked first for gaps where the GPU sat idle, then for NCCL kernels that "
        "did not overlap with compute, then for runs of small kernels. Fusing RMSNorm and RoPE into one Triton "
        "kernel removed about 6% of the step, and the loss curves matched over 1,000 steps.",
    ],
    "zh": [
        "基线是我改动之前同样 130B 配置的 MFU，38%。MFU 按每秒 token 数乘 6N，除以 2048 张卡乘 BF16 稠密峰值 989 "
        "TFLOPS 来算。提升主要来自把分布式优化器的 reduce-scatter 和反向计算重叠，以及更大的 micro-batch。",
        "提升的是吞吐。我们没有把同一个模型训练到收敛两次。",
        "这个我不太清楚，更大规模是另一个同事负责的。",
        "不知道。",
        "在 Nsight Systems 的时间线上，我们先找 GPU 空闲的空隙，再看 NCCL kernel 有没有和计算重叠，然后找成串的小 "
        "kernel。把 RMSNorm 和 RoPE 融合成一个 Triton kernel 省了大约 6% 的 step 时间，1000 步内 loss 曲线对得上。",
    ],
}
RESUMES = {"zh": PACK_DIR / "sample-resume.md", "en": PACK_DIR / "sample-resume.en.md"}


def _env(name: str, default: str = "") -> str:
    return os.environ.get(ENV + name, "").strip() or default


def _answers(lang: str) -> list[str]:
    path = _env(f"ANSWERS_{lang.upper()}")
    if not path:
        return ANSWERS[lang]
    text = Path(path).read_text(encoding="utf-8")
    parts, cur = [], []
    for line in text.splitlines():
        if line.strip() == "---":
            parts.append("\n".join(cur).strip())
            cur = []
        else:
            cur.append(line)
    parts.append("\n".join(cur).strip())
    return [p for p in parts if p]


def _erase_cache(origin: str) -> bool:
    """llama.cpp only: drop every slot's cached prompt, so the next turn reads its prompt from scratch.

    False when the server cannot (llama-server erases slots only when started with --slot-save-path): the
    first turn may then be served from an earlier run's cache, as its "cached" figure shows.
    """
    erased = 0
    for slot in range(8):
        req = urllib.request.Request(f"{origin}/slots/{slot}?action=erase", data=b"{}", method="POST",
                                     headers={"content-type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10).read()
            erased += 1
        except Exception:  # noqa: BLE001 - no such slot, no slot actions, or not llama.cpp
            break
    return erased > 0


def _session_figures(session, seconds: list[float], notices: list[list[str]], api: str) -> dict:

    t = session.transcript
    asked = [x for x in t.turns if x.role == "interviewer"]
    turns = []
    for i, (turn, sec, said) in enumerate(zip(asked, seconds, notices)):
        calls = [u for u in turn.usage if u.purpose == "interviewer"]
        turns.append({
            "turn": i, "engine": turn.engine, "by_model": turn.engine == api, "action": turn.action,
            "chain": turn.chain, "seconds": round(sec, 1), "calls": len(calls),
            "input": sum(u.input for u in calls), "cached": sum(u.cached for u in calls),
            "output": sum(u.output for u in calls),
            "errors": [u.error for u in calls if u.error],
            "fallback": said if turn.engine != api else [],
            "notices": said, "text": turn.text,
        })
    scored, erased = [], []
    for i, turn in enumerate(t.turns):
        if turn.role != "candidate" or turn.assessment is None:
            continue
        chain = t.plan.chain(turn.chain) if turn.chain else None
        if chain is None:
            continue
        question = t.turns[i - 1].text if i and t.turns[i - 1].role == "interviewer" else ""
        reading, _ = session.offline_scorer.score(session._topic(chain), question, turn.text,
                                                  chain.danger_signals, t.lang)
        final = turn.assessment
        lost = []
        if reading.level is not None and final.level is None:
            lost.append(f"level {reading.level}")
        kept = {(d.signal, d.evidence) for d in final.danger_signals}
        lost += [f"danger signal {d.signal!r}" for d in reading.danger_signals if (d.signal, d.evidence) not in kept]
        calls = [u for u in turn.usage if u.purpose == "scorer"]
        scored.append({"turn": i, "scorer": final.scorer, "offline_level": reading.level, "level": final.level,
                       "signal": final.signal, "feedback": final.feedback, "errors": [u.error for u in calls if u.error],
                       "input": sum(u.input for u in calls), "output": sum(u.output for u in calls)})
        if lost:
            erased.append({"turn": i, "lost": lost})
    return {"turns": turns, "scores": scored, "erased": erased}


def run_one(api: str, lang: str, origin: str, role: str, out: Path) -> dict:
    from pydantic import SecretStr

    from interviewer import skills
    from interviewer.config import Settings
    from interviewer.plan import build_plan
    from interviewer.providers import registry
    from interviewer.resume import load_resume
    from interviewer.session import Session
    from interviewer.transcript import TranscriptStore

    settings = Settings(provider=api, model=_env("MODEL", "qwen2.5-coder-1.5b-instruct"),
                        base_url=origin if api == "anthropic" else origin + "/v1",
                        timeout=float(_env("TIMEOUT", "300")), max_retries=0, stream=True, role=role,
                        api_key=SecretStr(_env("KEY", "sk-local")))
    pack = skills.resolve(None, lang)
    resume = load_resume(Path(_env(f"RESUME_{lang.upper()}", str(RESUMES[lang]))))
    plan = build_plan(pack, resume, 45, lang)
    engine, scorer = registry.make_engine(settings), registry.make_scorer(settings)
    engine.warm_up()
    scorer.warm_up()
    path = out / f"real-{api}-{lang}-{role}.json"
    path.unlink(missing_ok=True)
    session = Session.create(pack, resume, plan, engine, scorer, store=TranscriptStore(path))
    seconds, notices = [], []
    t0 = time.perf_counter()
    r = session.start()
    seconds.append(time.perf_counter() - t0)
    notices.append(list(r.notices))
    print(f"   ({api} {lang}: opening {seconds[0]:.0f} s)", file=sys.stderr, flush=True)
    think = float(_env("THINK", "15"))
    for answer in _answers(lang):
        time.sleep(think)
        t0 = time.perf_counter()
        r = session.answer(answer)
        seconds.append(time.perf_counter() - t0)
        notices.append(list(r.notices))
        print(f"   ({api} {lang}: turn {len(seconds) - 1} {seconds[-1]:.0f} s)", file=sys.stderr, flush=True)
        if r.finished:
            break
    session.close()
    return {"api": api, "lang": lang, "role": role, "think": think, "transcript": str(path),
            **_session_figures(session, seconds, notices, api)}


def _print(r: dict) -> None:
    turns = r["turns"]
    taken = sum(t["by_model"] for t in turns)
    inputs = [t["input"] for t in turns if t["input"]]
    cached = sum(t["cached"] for t in turns)
    share = cached / sum(inputs) if inputs else 0.0
    first = turns[0] if turns else None
    print(f"   {r['api']:9} {r['lang']}  {r['role']:6}  ({r['think']:.0f} s to answer each)  model took {taken}/{len(turns)} turns; "
          f"first turn {first['seconds']:.0f} s ({first['input']} tokens in, {first['cached']} cached); "
          f"later turns median {statistics.median([t['seconds'] for t in turns[1:]] or [0]):.0f} s, "
          f"{statistics.median([t['input'] for t in turns[1:]] or [0]):.0f} tokens in; cache share {share:.0%}; "
          f"scorer erased {len(r['erased'])} of {len(r['scores'])} readings")
    for t in turns:
        why = "; ".join(t["fallback"] + t["errors"]) if not t["by_model"] or t["errors"] else ""
        print(f"      turn {t['turn']}: {t['engine']:16} {t['seconds']:5.0f} s  in {t['input']:5} (cached "
              f"{t['cached']:5}) out {t['output']:4}  {t['action']:7} {t['chain']}  {why[:160]}")
        print(f"         “{' '.join(t['text'].split())[:110]}”")
    for e in r["erased"]:
        print(f"      ERASED at turn {e['turn']}: {', '.join(e['lost'])}")


def main() -> dict:
    origin = _env("BASE_URL").rstrip("/")
    if not origin:
        print("   skipped: set INTERVIEWER_BENCH_BASE_URL to a server's origin (e.g. http://127.0.0.1:8089 after "
              "../shared/tools/real-llm.sh start 8089) to run interviews against a real model")
        return {"skipped": "INTERVIEWER_BENCH_BASE_URL not set"}
    origin = origin[:-3] if origin.endswith("/v1") else origin
    role = _env("ROLE", "word")
    out = ROOT / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    results = []
    for lang in _env("LANGS", "zh,en").split(","):
        for api in _env("APIS", "anthropic,openai").split(","):
            if _env("FRESH") == "1" and not _erase_cache(origin):
                print("   note: the server did not empty its prompt cache (llama-server needs --slot-save-path, or a "
                      "restart); see each first turn's cached tokens")
            r = run_one(api.strip(), lang.strip(), origin, role, out)
            _print(r)
            results.append(r)
    (out / "real_llm.json").write_text(json.dumps(results, ensure_ascii=False, indent=1))
    print(f"   every turn, call and score: {out / 'real_llm.json'}")
    return {"runs": results}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
