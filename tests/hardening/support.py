"""Shared helpers for the hardening tests: running the real CLI, checking clean refusals, counting cases."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
PACK_DIR = ROOT / "skills" / "distributed-training"
UPSTREAM_SKILLS = ROOT.parent / "shared" / "upstream" / "offercome" / "skills"

# Figures the bench prints; every test adds what it tried (module-level, so one pytest run sums them).
COUNTS: Counter = Counter()
FIGURES: dict[str, object] = {}


def count(key: str, n: int = 1) -> None:
    COUNTS[key] += n


def cli(args: list[str], cwd: Path | None = None, stdin: bytes | str | None = None, env: dict | None = None,
        timeout: float = 60) -> subprocess.CompletedProcess:
    """Run `python -m interviewer ARGS` exactly as a user would; text output, never raises on exit codes."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    proc = subprocess.run([sys.executable, "-m", "interviewer", *map(str, args)], cwd=cwd or ROOT, input=data,
                          capture_output=True, env=env if env is not None else dict(os.environ), timeout=timeout)
    proc.stdout = proc.stdout.decode("utf-8", "replace")
    proc.stderr = proc.stderr.decode("utf-8", "replace")
    return proc


def refusal_problem(proc: subprocess.CompletedProcess, *names: str) -> str | None:
    """Why `proc` is not a clean refusal (non-zero exit, one stderr line naming one of `names`, no traceback)."""
    err = proc.stderr.strip()
    lines = err.splitlines()
    if proc.returncode == 0:
        return f"exit 0; stdout={proc.stdout[-300:]!r}"
    if "Traceback" in proc.stderr or "Traceback" in proc.stdout:
        return f"traceback: {proc.stderr[-800:]}"
    if len(lines) != 1:
        return f"stderr has {len(lines)} lines: {err[-600:]!r}"
    if names and not any(n in lines[0] for n in names):
        return f"stderr does not name {names}: {lines[0]!r}"
    return None


def assert_refused(proc: subprocess.CompletedProcess, *names: str) -> None:
    problem = refusal_problem(proc, *names)
    assert problem is None, problem


def pack_files() -> list[Path]:
    """Our pack's files, then the public ones when ../shared is beside the checkout."""
    files = sorted(PACK_DIR.glob("SKILL*.md"))
    if UPSTREAM_SKILLS.is_dir():
        files += sorted(UPSTREAM_SKILLS.glob("*/SKILL*.md"))
    return files


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `folder` with its bytes and mtime, to prove a refusal changed nothing."""
    out = {}
    for p in sorted(Path(folder).rglob("*")):
        if p.is_file():
            out[str(p.relative_to(folder))] = (p.read_bytes(), p.stat().st_mtime_ns)
    return out
