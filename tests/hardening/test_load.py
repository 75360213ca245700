"""Load: a 300-turn session and a history of 1,000 saved sessions. The tests assert correctness; the times
are recorded for the bench (machines are too noisy for timed assertions)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hardening.support import DATA, FIGURES, count
from hardening.test_kill import script
from interviewer import report, skills
from interviewer import transcript as T
from interviewer import transcript_index as TI
from interviewer.plan import build_plan
from interviewer.resume import load_resume
from interviewer.session import Session

RESUME = DATA / "resume_zh.md"
TURNS = 300


def ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def long_plan(pack, resume, rounds: int = 5):
    """The full plan repeated `rounds` times (numbered, so no question repeats): enough for 300 questions.

    The interviewer never asks a point an answer already covered, in any chain, and these scripted answers
    cover many: each follow-up's point (follow_up_basis) is a label of its own here, so the load stays 300 turns.
    """
    plan = build_plan(pack, resume, 10_000, "zh")
    chains = []
    for k in range(rounds):
        tag = "" if k == 0 else f"（第 {k + 1} 轮）"
        for c in plan.chains:
            chains.append(c.model_copy(update={
                "id": f"c{len(chains) + 1}", "opening": c.opening.rstrip("？?") + tag + "？",
                "follow_ups": [q.rstrip("？?") + tag + "？" for q in c.follow_ups],
                "follow_up_basis": [f"point{len(chains) + 1}x{i}" for i in range(len(c.follow_ups))]}))
    return plan.model_copy(update={"chains": chains})


def run_long_session(path: Path, turns: int = TURNS) -> dict:
    pack = skills.resolve(None, "zh")
    resume = load_resume(RESUME)
    session = Session.create(pack, resume, long_plan(pack, resume), store=T.TranscriptStore(path), max_turns=turns)
    session.start()
    times = []
    for text in script(turns * 2):
        if session.finished:
            break
        t0 = time.perf_counter()
        session.answer(text)
        times.append(time.perf_counter() - t0)
    session.close()
    times.sort()
    return {"answers": len(times), "questions": session.transcript.state.questions,
            "per_turn_median_ms": ms(statistics.median(times)), "per_turn_p95_ms": ms(times[int(0.95 * len(times))]),
            "per_turn_max_ms": ms(times[-1]), "file_kb": round(path.stat().st_size / 1024, 1)}


def test_a_300_turn_session_saves_every_turn(tmp_path):
    path = tmp_path / "long.json"
    figures = run_long_session(path)
    saved = T.load(path)
    assert saved.status == "finished"
    assert saved.state.questions == TURNS
    answers = [t for t in saved.turns if t.role == "candidate"]
    assert len(answers) == figures["answers"] == TURNS
    assert [t.text for t in answers] == [a.strip() for a in script(TURNS)]
    assert all(t.assessment is not None for t in answers)
    t0 = time.perf_counter()
    html = report.render_report(saved, "html")
    figures["report_300_turns_ms"] = ms(time.perf_counter() - t0)
    assert html.count('class="turn candidate"') == TURNS or len(html) > 100_000
    FIGURES["session_300_turns"] = figures
    count("load.turns_saved", len(answers))


def write_history(folder: Path, n: int = 1000) -> Path:
    """`n` saved sessions copied from one real session, each with its own id and time."""
    first = folder / "first.json"
    proc = subprocess.run([sys.executable, "-m", "interviewer", "chat", "--provider", "offline", "--resume", str(RESUME),
                           "--answers", str(DATA / "answers_zh.txt"), "--transcript", str(first)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    base = T.load(first)
    first.unlink()
    for i in range(n):
        t = base.model_copy(update={"id": f"20250101-{i:06d}-hist", "updated_at": f"2025-01-{1 + i % 28:02d}T"
                                    f"{i % 24:02d}:{i % 60:02d}:00+00:00",
                                    "status": "finished" if i % 3 else "in_progress"})
        T.save(t, folder / f"{t.id}.json")
    return folder


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    return write_history(tmp_path_factory.mktemp("history"))


def timed(fn, runs: int = 3) -> tuple[float, object]:
    out, times = None, []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def test_listing_1000_saved_sessions(history):
    index = history / TI.INDEX_NAME
    index.unlink(missing_ok=True)
    t0 = time.perf_counter()
    cold = TI.list_transcripts(history)
    cold_s = time.perf_counter() - t0
    warm_s, warm = timed(lambda: TI.list_transcripts(history))
    assert len(cold) == len(warm) == 1000
    assert all(s.error is None for s in warm)
    assert [s.id for s in warm] == [s.id for s in cold]
    stamps = [s.updated_at for s in warm]
    assert stamps == sorted(stamps, reverse=True), "not newest first"
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "interviewer", "transcripts", "list", "--transcripts", str(history)],
                          capture_output=True, text=True, timeout=60)
    cli_s = time.perf_counter() - t0
    assert proc.returncode == 0 and proc.stdout.count("\n") >= 1000, proc.stderr
    FIGURES["list_1000"] = {"cold_ms": ms(cold_s), "warm_ms": ms(warm_s), "cli_ms": ms(cli_s)}
    count("load.sessions_listed", len(warm))


def test_opening_a_report_from_1000_sessions(history):
    path = sorted(history.glob("*.json"))[500]
    load_s, t = timed(lambda: T.load(path))
    md_s, md = timed(lambda: report.render_report(t, "md"))
    html_s, html = timed(lambda: report.render_report(t, "html"))
    assert t.id in md and t.id in html
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "interviewer", "report", str(path)], capture_output=True, text=True,
                          timeout=60)
    cli_s = time.perf_counter() - t0
    assert proc.returncode == 0 and t.id in proc.stdout, proc.stderr
    FIGURES["open_report"] = {"load_ms": ms(load_s), "md_ms": ms(md_s), "html_ms": ms(html_s), "cli_ms": ms(cli_s)}
