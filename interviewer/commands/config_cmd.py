"""`interviewer config`: the effective settings, where each came from, with keys masked."""

from __future__ import annotations

import sys
from pathlib import Path

from interviewer.commands.common import dumps
from interviewer.config import KEY_VARS, Settings, load_settings

FIELDS = ("provider", "model", "base_url", "timeout", "max_retries", "stream", "role", "api_key")


def _value(s: Settings, field: str) -> str:
    if field == "api_key":
        return s.masked_key() if s.provider != "offline" else "not needed"
    if field == "base_url":
        return s.shown_base_url() or ("(none)" if s.provider == "offline" else "the SDK's default")
    if field == "model":
        return s.model or "(none)"
    if field == "timeout":
        return f"{s.timeout:g} s per attempt, {s.call_budget:g} s per call in all"
    if field == "stream":
        return "on" if s.stream else "off"
    if field == "role":
        return s.role if s.provider != "offline" else f"{s.role} (unused offline)"
    return str(getattr(s, field))


def _where(s: Settings, field: str) -> str:
    src = s.sources.get(field, "default")
    origin = s.origins.get(field, "")
    return f"{src} ({origin})" if origin and src != "config file" else src


def report(s: Settings) -> dict:
    """The `config --json` contract: each field's shown value and source; the key only masked."""
    out: dict = {f: {"value": getattr(s, f), "source": s.sources.get(f, "default")} for f in FIELDS[:-1]}
    out["base_url"]["value"] = s.shown_base_url()  # a password in the URL is as secret as the key
    out["api_key"] = {"value": s.masked_key() if s.api_key else None, "source": s.sources.get("api_key", "default"),
                      "variable": KEY_VARS.get(s.provider), "note": s.key_note}
    out["config_file"] = s.config_path
    out["transcripts"] = _transcripts()
    out["warnings"] = s.warnings
    return out


def _transcripts() -> dict:
    """Where sessions are saved, where that came from, and a legacy ./transcripts that is read too."""
    import os

    from interviewer import paths

    legacy = paths.legacy_transcripts_dir()
    source = "env (INTERVIEWER_TRANSCRIPTS)" if os.environ.get("INTERVIEWER_TRANSCRIPTS") else "default"
    return {"value": str(paths.transcripts_dir()), "source": source, "also_read": str(legacy) if legacy else None}


def config_cmd(args) -> int:
    s = load_settings(args)
    for w in s.warnings:
        print(f"interviewer: warning: {w}", file=sys.stderr)
    if getattr(args, "json", False):
        print(dumps(report(s)))
        return 0
    rows = [(f, _value(s, f), _where(s, f)) for f in FIELDS]
    width = max(len(f) for f in FIELDS)
    vwidth = max(len(v) for _, v, _ in rows)
    for f, v, where in rows:
        print(f"{f:<{width}}  {v:<{vwidth}}  {where}")
    if s.key_note:
        print(f"{'':<{width}}  {s.key_note}")
    config = Path(s.config_path)
    found = "" if config.is_file() else "  (not a regular file)" if config.exists() else "  (not found)"
    print(f"{'config file':<{width}}  {s.config_path}{found}")
    t = _transcripts()
    print(f"{'transcripts':<{width}}  {t['value']}  {t['source']}")
    if t["also_read"]:
        print(f"{'':<{width}}  also listed and resumable: {t['also_read']} (sessions saved by an earlier version)")
    return 0
