"""Runs many offline sessions in forked children and kills each with SIGKILL at a random moment.

Run as `python kill_driver.py OUT_DIR ROUNDS SEED RESUME ANSWERS MAX_DELAY`; prints one JSON line per
round: the transcript path and how many turns the child had reported saved before it died. The
parent imports and plans once, so a round costs a fork instead of a Python start-up, and kills land
inside saves far more often than they would with whole processes.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import time
from pathlib import Path


def child(session_factory, answers: list[str], w: int) -> None:
    try:
        session = session_factory()
        session.start()
        os.write(w, f"{len(session.transcript.turns)}\n".encode())
        for text in answers:
            if session.finished:
                break
            session.answer(text)
            os.write(w, f"{len(session.transcript.turns)}\n".encode())
        session.close()
        os.write(w, b"done\n")
    finally:
        os._exit(0)


def main(argv: list[str]) -> int:
    out_dir, rounds, seed, resume_path, answers_path, max_delay = argv
    from interviewer import skills
    from interviewer.commands.chat_cmd import read_answers
    from interviewer.plan import build_plan
    from interviewer.resume import load_resume
    from interviewer.session import Session
    from interviewer.transcript import TranscriptStore

    rng = random.Random(int(seed))
    pack = skills.resolve(None, "zh")
    resume = load_resume(resume_path)
    plan = build_plan(pack, resume, 45, "zh")
    with open(answers_path, encoding="utf-8") as f:
        answers = list(read_answers(f))
    # One uncut run sets the kill window, so the kills land inside sessions on slow and fast machines alike.
    r, w = os.pipe()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        child(lambda: Session.create(pack, resume, plan, store=TranscriptStore(Path(out_dir) / "uncut.json"),
                                     max_turns=200), answers, w)
    os.close(w)
    while os.read(r, 65536):
        pass
    os.close(r)
    os.waitpid(pid, 0)
    window = min(float(max_delay), 0.9 * (time.perf_counter() - t0))
    for i in range(int(rounds)):
        path = Path(out_dir) / f"fork-{i:03d}.json"

        def factory(path=path):
            return Session.create(pack, resume, plan, store=TranscriptStore(path), max_turns=200)

        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            child(factory, answers, w)
        os.close(w)
        time.sleep(rng.uniform(0, window))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        chunks = []
        while True:
            b = os.read(r, 65536)
            if not b:
                break
            chunks.append(b)
        os.close(r)
        lines = b"".join(chunks).decode().split()
        numbers = [int(x) for x in lines if x.isdigit()]
        print(json.dumps({"path": str(path), "reported": numbers[-1] if numbers else 0,
                          "completed": "done" in lines}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
