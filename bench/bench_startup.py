"""Start-up time of `interviewer --help` and of `interviewer plan` (median of several runs)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE = Path(sys.executable).with_name("interviewer")


def timed(cmd: list[str], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, capture_output=True, check=True, cwd=ROOT)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> dict:
    sample = ROOT / "skills" / "distributed-training" / "sample-resume.md"
    python = timed([sys.executable, "-c", "pass"])
    help_s = timed([str(EXE), "--help"])
    plan_s = timed([str(EXE), "plan", "--resume", str(sample)])
    print(f"   bare python         {python * 1000:7.1f} ms")
    print(f"   interviewer --help  {help_s * 1000:7.1f} ms  ({help_s / python:.1f}x bare python)")
    print(f"   interviewer plan    {plan_s * 1000:7.1f} ms  ({plan_s / python:.1f}x bare python)")
    return {"python_ms": python * 1000, "help_ms": help_s * 1000, "plan_ms": plan_s * 1000}


if __name__ == "__main__":
    main()
