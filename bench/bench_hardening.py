"""Hardening figures: runs tests/hardening (two pytest processes side by side) and prints what they counted.

Inputs fuzzed, kills survived, hostile cases passed, bad input refused cleanly, sockets opened offline,
the per-turn time of a 300-turn session, and how long listing 1,000 sessions and opening a report take.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HARD = ROOT / "tests" / "hardening"
# The timed load tests run alone first, so the figures are not taken beside two busy processes; then
# the rest in two shards balanced by run time (under a minute each on a 2-core machine).
PHASES = [[["test_load.py"]],
          [["test_fuzz.py", "test_hostile.py", "test_hostile_llm.py", "test_bad_files.py", "test_writers.py"],
           ["test_bad_input.py", "test_cli_contract.py", "test_secrets.py", "test_kill.py", "test_crashes.py"]]]
TIMEOUT = 300


def run_shards() -> tuple[dict, float]:
    merged: dict = {"counts": Counter(), "figures": {}, "outcomes": Counter()}
    t0 = time.perf_counter()
    for shards in PHASES:
        run_phase(shards, merged)
    return merged, time.perf_counter() - t0


def run_phase(shards: list[list[str]], merged: dict) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        procs = []
        for i, files in enumerate(shards):
            out = Path(tmp) / f"shard{i}.json"
            env = {**os.environ, "HARDENING_COUNTS": str(out)}
            cmd = [sys.executable, "-m", "pytest", *[str(HARD / f) for f in files], "-q", "-o", "addopts=",
                   "-p", "no:cacheprovider", "--timeout", str(TIMEOUT)]
            procs.append((subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                           text=True), out))
        for proc, out in procs:
            try:
                log, _ = proc.communicate(timeout=TIMEOUT + 60)
            except subprocess.TimeoutExpired:
                proc.kill()
                log, _ = proc.communicate()
            tail = [ln for ln in log.splitlines() if ln.startswith(("FAILED", "ERROR"))]
            for ln in tail[:20]:
                print(f"   {ln}")
            if out.exists():
                data = json.loads(out.read_text(encoding="utf-8"))
                merged["counts"].update(data["counts"])
                merged["figures"].update(data["figures"])
                merged["outcomes"].update(data["outcomes"])


def main() -> dict:
    data, seconds = run_shards()
    c, f, o = data["counts"], data["figures"], data["outcomes"]
    hostile_total = len(json.loads((HARD / "data" / "hostile.json").read_text(encoding="utf-8"))["cases"])
    fuzzed = {k.split(".", 1)[1]: v for k, v in c.items() if k.startswith("fuzz.")}
    kills = c["kill.cli"] + c["kill.forked"]
    mid = c["kill.cli_mid_session"] + c["kill.forked_mid_session"]
    s300 = f.get("session_300_turns", {})
    lst = f.get("list_1000", {})
    rep = f.get("open_report", {})
    passed = sum(v for k, v in o.items() if k.endswith(".passed"))
    failed = {k.removesuffix(".failed"): v for k, v in o.items() if k.endswith(".failed") and v}
    print(f"   inputs fuzzed              {sum(fuzzed.values()):6d}  ({', '.join(f'{k} {v}' for k, v in fuzzed.items())})")
    print(f"   kills survived             {kills:6d}  ({c['kill.cli']} of the real CLI, {c['kill.forked']} forked; "
          f"{mid} mid-session, each resumed to the end)")
    print(f"   disk faults survived       {c['kill.disk_faults_survived']:6d}  (ENOSPC, EACCES, EIO, EDQUOT while saving)")
    print(f"   hostile cases passed       {c['hostile.cases_passed']:6d}  of {hostile_total} (zh+en; level, action, plan); "
          f"{c['hostile.html_exports_inert']} HTML exports inert; {c['hostile.llm_fence_cases']} fenced on the LLM path")
    print(f"   bad input refused cleanly  {c['bad_input.refused_cleanly']:6d}  (+ {c['bad_input.decoded']} non-UTF-8 "
          "résumés read like their UTF-8 twin)")
    print(f"   sockets opened offline     {f.get('sockets_opened_offline', 'n/a')!s:>6}  "
          f"({c['secrets.offline_commands_guarded']} offline commands with keys set, socket guard on)")
    print(f"   exports private (0600)     {c['secrets.private_exports']:6d}  ; base URLs with a password masked: "
          f"{c['secrets.masked_urls']}")
    print(f"   one writer, nothing lost   {c['writers.second_writer_refused']:6d}  second writers refused "
          f"(none lost an answer); {c['writers.read_only_refused']} read-only transcripts refused; "
          f"{c['writers.disk_full_rescued']} full disks rescued (every answer in the rescue copy)")
    print(f"   crashes and hangs re-tried {c['crashes.ascii_output_commands']:6d}  commands under an ASCII/Latin-1 "
          f"output; {c['crashes.full_disk_stdout']} to a full stdout; {c['crashes.offline_with_bad_config']} offline "
          f"starts with a bad config; {c['crashes.encrypted_pdfs_read']} encrypted PDFs read")
    if s300:
        print(f"   300-turn session           median {s300['per_turn_median_ms']} ms/turn, p95 {s300['per_turn_p95_ms']} ms, "
              f"max {s300['per_turn_max_ms']} ms; file {s300['file_kb']} KB; its HTML report {s300['report_300_turns_ms']} ms")
    if lst:
        print(f"   list 1,000 sessions        cold {lst['cold_ms']} ms, indexed {lst['warm_ms']} ms, "
              f"`transcripts list` CLI {lst['cli_ms']} ms")
    if rep:
        print(f"   open a report              load {rep['load_ms']} ms + md {rep['md_ms']} ms / html {rep['html_ms']} ms; "
              f"`report` CLI {rep['cli_ms']} ms")
    print(f"   tests                      {passed} passed, failed: {failed or 'none'}  ({seconds:.0f} s)")
    return {"inputs_fuzzed": sum(fuzzed.values()), "fuzzed_by_target": fuzzed, "kills_survived": kills,
            "kills_mid_session": mid, "disk_faults_survived": c["kill.disk_faults_survived"],
            "hostile_cases_passed": c["hostile.cases_passed"], "hostile_cases": hostile_total,
            "bad_input_refused_cleanly": c["bad_input.refused_cleanly"], "non_utf8_decoded": c["bad_input.decoded"],
            "sockets_opened_offline": f.get("sockets_opened_offline"), "private_exports": c["secrets.private_exports"],
            "masked_urls": c["secrets.masked_urls"], "second_writers_refused": c["writers.second_writer_refused"],
            "full_disks_rescued": c["writers.disk_full_rescued"], "session_300_turns": s300,
            "list_1000_sessions": lst, "open_report": rep, "tests_passed": passed, "tests_failed": failed,
            "seconds": round(seconds, 1)}


if __name__ == "__main__":
    main()
