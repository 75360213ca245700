"""The headless core and `--help` must not import the heavy modules (start-up stays instant)."""

import json
import subprocess
import sys

HEAVY = ["textual", "anthropic", "openai", "pypdf", "jinja2", "httpx2"]


def modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def test_help_imports_nothing_heavy():
    code = ("import sys\nfrom interviewer import cli\n"
            "try:\n    cli.main(['--help'])\nexcept SystemExit:\n    pass")
    loaded = modules_after(code)
    assert not [m for m in HEAVY if m in loaded]


def test_core_is_headless():
    core = ["skills", "resume", "plan", "scoring", "transcript", "session", "providers.base", "providers.offline"]
    loaded = modules_after("\n".join(f"import interviewer.{m}" for m in core))
    for m in ("textual", "anthropic", "openai", "httpx2"):
        assert m not in loaded, m
