"""`make bench`: every benchmark, one section each, figures as ratios or per-turn numbers."""

from __future__ import annotations

import importlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

BENCHES = [
    ("start-up", "bench_startup"),
    ("scorer agreement", "bench_scorer"),
    ("interviewer listening (simulated candidates)", "bench_interview"),
    ("session per turn", "bench_session"),
    ("LLM overhead", "bench_llm_overhead"),
    ("real model (opt-in)", "bench_real_llm"),
    ("terminal UI first paint", "bench_tui"),
    ("hardening", "bench_hardening"),
]


def main() -> int:
    results = {}
    failed = []
    for title, module in BENCHES:
        print(f"\n== {title} ({module})", flush=True)
        t0 = time.perf_counter()
        try:
            results[module] = importlib.import_module(module).main()
        except ModuleNotFoundError as e:
            if e.name == module:
                print("   (not present)")
                continue
            raise
        except Exception as e:  # noqa: BLE001 - one broken bench must not hide the others
            failed.append(module)
            print(f"   FAILED: {type(e).__name__}: {e}")
        print(f"   ({time.perf_counter() - t0:.1f} s)")
    out = Path(__file__).resolve().parent / "out"
    out.mkdir(exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False, default=str))
    print(f"\nall figures: {out / 'results.json'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
