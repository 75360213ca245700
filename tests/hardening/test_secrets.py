"""Secrets and privacy: no API key in any file or output a session produces; transcripts 0600;
`--provider offline` opens no network connection even with keys in the environment."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fake_llm import fake, json_reply  # noqa: F401
from hardening.support import DATA, ROOT, cli, count

SECRET = "TESTKEY-5f3a9c1e7b2d4680"
KEYS = {"ANTHROPIC_API_KEY": f"sk-ant-{SECRET}-anthropic-0000", "OPENAI_API_KEY": f"sk-proj-{SECRET}-openai-1111"}
RESUME = DATA / "resume_en.md"
ANSWERS = DATA / "answers_zh.txt"

# Runs the CLI with every way of opening a connection replaced by one that records and refuses.
GUARD = r"""
import atexit, json, os, socket, sys
attempts = []
def refuse(kind):
    def blocked(*args, **kwargs):
        attempts.append(f"{kind} {args[1:] if kind.startswith('socket.') else args!r}"[:200])
        raise OSError(101, "network disabled by the hardening test")
    return blocked
for name in ("connect", "connect_ex", "sendto", "sendmsg"):
    setattr(socket.socket, name, refuse("socket." + name))
socket.create_connection = refuse("create_connection")
socket.getaddrinfo = refuse("getaddrinfo")
def report():
    with open(os.environ["SOCKET_LOG"], "w") as f:
        json.dump({"attempts": attempts,
                   "sdk_modules": sorted(m for m in ("anthropic", "openai", "httpx") if m in sys.modules)}, f)
atexit.register(report)
"""
RUN_CLI = GUARD + "from interviewer.cli import main\nsys.exit(main(sys.argv[1:]))\n"
CONTROL = GUARD + ("try:\n    socket.create_connection(('127.0.0.1', 9), timeout=1)\nexcept OSError:\n    pass\n"
                   "s = socket.socket()\ntry:\n    s.connect(('127.0.0.1', 9))\nexcept OSError:\n    pass\n")


def env_with_keys(**extra) -> dict:
    return {**os.environ, **KEYS, **extra}


def guarded(args: list, cwd: Path, log: Path, env: dict, code: str = RUN_CLI) -> tuple[subprocess.CompletedProcess, dict]:
    proc = subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          env={**env, "SOCKET_LOG": str(log)}, timeout=60)
    return proc, json.loads(log.read_text())


def leaks(text: str) -> list[str]:
    """Which secrets `text` shows: a whole key, or its distinctive middle (a partial mask is still a leak)."""
    return [k for k in [*KEYS.values(), SECRET] if k in text]


def scan_tree(root: Path) -> dict[str, list[str]]:
    found = {}
    for p in root.rglob("*"):
        if p.is_file():
            hit = leaks(p.read_bytes().decode("utf-8", "replace"))
            if hit:
                found[str(p)] = hit
    return found


def transcripts_in(folder: Path) -> list[Path]:
    return [p for p in folder.glob("*.json") if not p.name.startswith(".")]


# --------------------------------------------------------------------------- the guard itself


def test_the_socket_guard_catches_a_connection_attempt(tmp_path):
    _, log = guarded([], tmp_path, tmp_path / "log.json", dict(os.environ), code=CONTROL)
    assert len(log["attempts"]) == 2, log


# --------------------------------------------------------------------------- offline: no socket, no key


def offline_commands(tmp_path: Path) -> list[list]:
    saved = tmp_path / "saved"
    session = saved / "s.json"
    rest = tmp_path / "rest.txt"
    rest.write_text("/end\n", encoding="utf-8")
    two = tmp_path / "two.txt"
    two.write_text(ANSWERS.read_text(encoding="utf-8").split("\n---\n", 2)[0] + "\n", encoding="utf-8")
    return [
        ["chat", "--provider", "offline", "--resume", RESUME, "--answers", two, "--transcript", session],
        ["resume", session, "--provider", "offline", "--answers", rest],
        ["chat", "--provider", "offline", "--answers", ANSWERS, "--transcripts", saved, "--feedback"],
        ["report", session, "--format", "html", "-o", tmp_path / "out" / "r.html"],
        ["report", session, "--format", "md", "-o", tmp_path / "out" / "r.md"],
        ["report", session, "--format", "json", "-o", tmp_path / "out" / "r.json"],
        ["plan", "--resume", RESUME, "--format", "html", "-o", tmp_path / "out" / "plan.html"],
        ["transcripts", "list", "--transcripts", saved, "--json"],
        ["config", "--provider", "offline"],
        ["config", "--json"],
        ["config"],
        ["score", "--topic", "1", "--answer", "We used NCCL all-reduce.", "--json"],
    ]


def test_offline_opens_no_socket_and_writes_no_key_even_with_keys_and_base_urls_set(tmp_path, fake):
    (tmp_path / "out").mkdir()
    env = env_with_keys(ANTHROPIC_BASE_URL=fake.origin, OPENAI_BASE_URL=fake.openai_url)
    outputs = []
    attempts = 0
    for i, args in enumerate(offline_commands(tmp_path)):
        proc, log = guarded(args, tmp_path, tmp_path / f"log{i}.json", env)
        assert proc.returncode == 0, (args, proc.stderr)
        assert "Traceback" not in proc.stderr
        assert log["attempts"] == [], (args, log["attempts"])
        if "offline" in args or args[0] not in ("config",):
            assert log["sdk_modules"] == [], (args, log["sdk_modules"])
        attempts += len(log["attempts"])
        outputs.append(proc.stdout + proc.stderr)
        (tmp_path / f"log{i}.json").unlink()
    assert fake.requests == [], "the fake provider was called by an offline session"
    assert [o for o in outputs if leaks(o)] == []
    assert scan_tree(tmp_path) == {}
    assert attempts == 0
    from hardening.support import FIGURES

    FIGURES["sockets_opened_offline"] = attempts
    count("secrets.offline_commands_guarded", len(outputs))


def test_transcripts_are_private(tmp_path):
    saved = tmp_path / "saved"
    proc = cli(["chat", "--provider", "offline", "--resume", RESUME, "--answers", ANSWERS, "--transcripts", saved],
               cwd=tmp_path, env=env_with_keys())
    assert proc.returncode == 0, proc.stderr
    [path] = transcripts_in(saved)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(saved.stat().st_mode) == 0o700
    assert leaks(path.read_text(encoding="utf-8")) == []
    count("secrets.private_transcripts")


def test_error_messages_about_keys_name_the_variable_not_the_key(tmp_path):
    env = env_with_keys(OPENAI_BASE_URL="http://127.0.0.1:9/v1")
    env.pop("ANTHROPIC_API_KEY")
    proc = cli(["chat", "--provider", "anthropic", "--resume", RESUME, "--answers", ANSWERS,
                "--transcripts", tmp_path / "saved"], cwd=tmp_path, env=env)
    assert proc.returncode != 0 and "ANTHROPIC_API_KEY" in proc.stderr and "Traceback" not in proc.stderr
    assert leaks(proc.stdout + proc.stderr) == []


# --------------------------------------------------------------------------- the LLM path, against the fake server


def llm_env(fake, api: str) -> dict:
    return env_with_keys(ANTHROPIC_BASE_URL=fake.origin, OPENAI_BASE_URL=fake.openai_url, INTERVIEWER_TIMEOUT="5")


@pytest.mark.parametrize("api", ["anthropic", "openai"])
def test_llm_sessions_write_no_key_anywhere_even_when_the_server_echoes_it(tmp_path, fake, api):
    key = KEYS[f"{api.upper()}_API_KEY"]
    echo = {"type": "error", "error": {"type": "authentication_error", "message": f"invalid x-api-key: {key}"}} \
        if api == "anthropic" else {"error": {"message": f"Incorrect API key provided: {key}", "type": "invalid_request_error"}}
    # One interviewer call and one scorer call fail with a body that repeats the key; the rest succeed.
    fake.push(json_reply(echo, 401), tool="decide")
    fake.push(json_reply(echo, 500), tool="assess")
    saved = tmp_path / "saved"
    env = llm_env(fake, api)
    proc = cli(["chat", "--provider", api, "--model", "fake", "--resume", RESUME, "--answers", ANSWERS,
                "--transcripts", saved, "--feedback"], cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    [path] = transcripts_in(saved)
    outs = [proc.stdout + proc.stderr]
    for fmt in ("md", "html", "json"):
        r = cli(["report", path, "--format", fmt, "-o", tmp_path / f"r.{fmt}"], cwd=tmp_path, env=env)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout + r.stderr)
    c = cli(["config", "--provider", api, "--json"], cwd=tmp_path, env=env)
    outs.append(c.stdout + c.stderr)
    t = json.loads(path.read_text(encoding="utf-8"))
    assert any(turn.get("engine") == api for turn in t["turns"]), "the LLM never spoke: the test proves nothing"
    assert len(fake.requests) >= 3
    assert [o for o in outs if leaks(o)] == []
    assert scan_tree(tmp_path) == {}
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    count("secrets.llm_sessions_scanned")
