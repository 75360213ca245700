"""Settings: command-line flags > environment > config file > defaults; API keys only from the environment."""

from __future__ import annotations

import ipaddress
import os
import re
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import BaseModel, Field, SecretStr

from interviewer.errors import ConfigError, MissingKeyError, ProviderError

PROVIDERS = ("offline", "anthropic", "openai")
DEFAULT_MODELS = {"offline": "", "anthropic": "claude-sonnet-4-5", "openai": "gpt-4.1-mini"}
KEY_VARS = {"anthropic": "ANTHROPIC_API_KEY", "openai": "OPENAI_API_KEY"}
BASE_URL_VARS = {"anthropic": "ANTHROPIC_BASE_URL", "openai": "OPENAI_BASE_URL"}
LOCAL_DUMMY_KEY = "local"
# An SDK retry waits up to 8 s of backoff; ten of them already make a turn wait minutes, not a fallback.
MAX_RETRIES = 10
RETRY_WAIT = 8.0
ROLES = ("decide", "word")

Source = Literal["flag", "env", "config file", "default"]
_FILE_FIELDS = {"provider": str, "model": str, "base_url": str, "timeout": (int, float),
                "max_retries": int, "stream": bool, "interviewer_role": str}
# Names that mean an API key (api_key, openai_api_key, token …) get the "keys only from the environment" warning;
# any other unknown name (keyboard, hotkey) is just unknown.
_API_KEY_NAME = re.compile(r"(?:^|[_.-])(?:api[_-]?key|apikey|key|token|secret)$", re.I)


class Settings(BaseModel):
    """The effective provider settings; `api_key` is a SecretStr so printing the object never shows it."""

    provider: str = Field(default="offline", description="offline, anthropic or openai")
    model: str = Field(default="", description="model name; empty for offline")
    base_url: str | None = Field(default=None, description="API base URL; None = the SDK's default")
    timeout: float = Field(default=60.0, description="seconds per call (connect, each read, whole stream)")
    max_retries: int = Field(default=2, description="SDK retries for 408/409/429/5xx and connection errors")
    stream: bool = Field(default=True, description="stream responses (accumulated and validated before use)")
    role: Literal["decide", "word"] = Field(
        default="decide", description="decide: the model chooses signal, action and chain and words the question; "
                                      "word: code chooses them (the offline policy) and the model only words it")
    api_key: SecretStr | None = Field(default=None, description="from ANTHROPIC_API_KEY / OPENAI_API_KEY only")
    sources: dict[str, str] = Field(default={}, description="field → flag | env | config file | default")
    origins: dict[str, str] = Field(default={}, description="field → the env var or file it came from")
    key_note: str = Field(default="", description="how the key was obtained, for `interviewer config`")
    warnings: list[str] = Field(default=[], description="things the user should know (ignored keys, …)")
    config_path: str = Field(default="", description="the config file consulted")

    @property
    def call_budget(self) -> float:
        """Seconds one LLM call may take in all: per attempt its timeout plus the SDKs' longest backoff (8 s).

        A server's retry-after (which anthropic honours without a cap) or a hung retry loop cannot stretch a
        call past it: the call is given up and the offline engine takes the turn.
        """
        return (self.timeout + RETRY_WAIT) * (self.max_retries + 1)

    def key(self) -> str:
        """The raw key, for building an SDK client only."""
        return self.api_key.get_secret_value() if self.api_key else ""

    def masked_key(self) -> str:
        if not self.api_key:
            return "not set"
        if self.sources.get("api_key") == "default":
            return f"{self.key()!r} (dummy)"
        return mask(self.key())

    def shown_base_url(self) -> str | None:
        """base_url with any password or key in it masked, for printing."""
        return redact_url(self.base_url)

    def label(self) -> str:
        """'anthropic:claude-sonnet-4-5', or 'offline'."""
        return f"{self.provider}:{self.model}" if self.model else self.provider


def mask(key: str) -> str:
    """`sk-a…(41 chars)`: enough to tell two keys apart, never enough to use one."""
    if len(key) < 12:
        return f"…({len(key)} chars)"
    return f"{key[:4]}…({len(key)} chars)"


# "user:password@": up to the LAST "@", since a password may hold an unescaped "/", "#", "?" or space (and
# hiding too much of a URL is harmless where showing a password is not). A lone "TOKEN@" is taken strictly,
# so "?q=a@b" in a path stays as it is.
_USERINFO = re.compile(r"^([^:/?#@\s]*:.*)@", re.S)
_TOKEN_INFO = re.compile(r"^([^/?#@\s]*(?:@[^/?#@\s]*)*)@")
_SECRET_PARAM = re.compile(r"([?&;](?:[^=&#]*(?:key|token|secret|password|passwd|sig)[^=&#]*)=)[^&#;]*", re.I)


def redact_url(url: str | None) -> str | None:
    """The URL as it may be shown: `http://user:***@host/v1`, and `?api_key=***`; never the password or key."""
    if not url:
        return url
    scheme, sep, rest = url.partition("://")
    if not sep:
        scheme, rest = "", url
    m = _USERINFO.match(rest) or _TOKEN_INFO.match(rest)
    if m:
        user, colon, _ = m.group(1).partition(":")
        # A lone userinfo (https://TOKEN@host) is as likely a token as a name: hide it too.
        shown = f"{user}:***" if colon else "***"
        url = f"{scheme}{sep}{shown}@{rest[m.end():]}"
    return _SECRET_PARAM.sub(r"\1***", url)


def is_local_url(url: str | None) -> bool:
    """Loopback, private-network and .local hosts: servers (Ollama, vLLM, llama.cpp) that need no real key."""
    if not url:
        return False
    host = (urlparse(url if "//" in url else f"//{url}").hostname or "").lower()
    if host in ("localhost", "0.0.0.0") or host.endswith((".local", ".localhost")):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private or ip.is_link_local


def _flag(flags: Any, name: str):
    if flags is None:
        return None
    if isinstance(flags, dict):
        return flags.get(name)
    return getattr(flags, name, None)


def read_config_file(path: Path) -> tuple[dict, list[str]]:
    """The config file's settings and warnings; missing file = {}; ConfigError names the file and line."""
    import tomllib

    from interviewer.files import InputFileError, read_limited

    try:
        raw = read_limited(path, 64 * 1024)  # a settings file is a dozen lines; a FIFO or /dev/zero must not hang us
    except InputFileError as e:
        if e.kind == "missing":
            return {}, []
        raise ConfigError(f"{path}: {e.reason}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column \d+\)", str(e))
        line = m.group(1) if m else "1"
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e)) or "invalid TOML"
        raise ConfigError(f"{path}:{line}: {reason}") from None
    text_lines = raw.decode("utf-8").splitlines()
    out: dict = {}
    warnings: list[str] = []

    def line_of(key: str) -> int:
        pat = re.compile(rf"^\s*{re.escape(key)}\s*=")
        return next((i for i, s in enumerate(text_lines, 1) if pat.match(s)), 1)

    def take(table: dict, prefix: str) -> dict:
        got = {}
        for k, v in table.items():
            name = f"{prefix}{k}"
            if _API_KEY_NAME.search(k) and k not in _FILE_FIELDS:
                warnings.append(f"{path}:{line_of(k)}: {name} ignored: API keys are read only from "
                                "ANTHROPIC_API_KEY / OPENAI_API_KEY")
            elif k in _FILE_FIELDS:
                typ = _FILE_FIELDS[k]
                if isinstance(v, bool) and typ is not bool or not isinstance(v, typ):
                    want = {str: "a string", int: "an integer", bool: "true or false"}.get(typ, "a number")
                    raise ConfigError(f"{path}:{line_of(k)}: {name} must be {want}")
                got[k] = v
            elif not (prefix == "" and k in PROVIDERS and isinstance(v, dict)):
                known = ", ".join([*_FILE_FIELDS] + ([f"[{p}]" for p in PROVIDERS[1:]] if not prefix else []))
                warnings.append(f"{path}:{line_of(k)}: unknown setting {name!r} ignored (known: {known})")
        return got

    out.update(take(data, ""))
    for prov in PROVIDERS[1:]:
        table = data.get(prov)
        if isinstance(table, dict):
            out[prov] = take(table, f"{prov}.")
    return out, warnings


def _unused(problem: str, offline: bool, warnings: list[str], default):
    """A bad LLM setting: an error, unless offline was asked for (then a warning, and the default stands)."""
    if not offline:
        raise ConfigError(problem)
    warnings.append(f"{problem} (ignored: offline)")
    return default


def _line_of(path: Path, key: str) -> int:
    from interviewer.files import InputFileError, read_limited

    try:
        lines = read_limited(path, 64 * 1024).decode("utf-8", "replace").splitlines()
    except InputFileError:
        return 1
    pat = re.compile(rf"^\s*{re.escape(key)}\s*=")
    return next((i for i, s in enumerate(lines, 1) if pat.match(s)), 1)


def load_settings(flags: Any = None) -> Settings:
    """Resolve every setting with its source; MissingKeyError / ProviderError / ConfigError on bad input."""
    from interviewer.paths import config_file

    env = os.environ
    path = config_file()
    # `--provider offline` (or INTERVIEWER_PROVIDER=offline) needs nothing from the file: a file that cannot
    # be read, or an LLM setting out of range, is then a warning, never a reason offline cannot start.
    offline_asked = "offline" in (str(_flag(flags, "provider") or "").strip().lower(),
                                  env.get("INTERVIEWER_PROVIDER", "").strip().lower())
    try:
        file, warnings = read_config_file(path)
    except ConfigError as e:
        if not offline_asked:
            raise
        file, warnings = {}, [f"{e.message} (ignored: the offline interviewer needs no settings)"]
    sources: dict[str, str] = {}
    origins: dict[str, str] = {}

    def pick(field: str, flag_value, env_var: str | None, file_value, default):
        if flag_value not in (None, ""):
            sources[field], origins[field] = "flag", f"--{field.replace('_', '-')}"
            return flag_value
        if env_var and env.get(env_var, "").strip():
            sources[field], origins[field] = "env", env_var
            return env[env_var].strip()
        if file_value is not None:
            sources[field], origins[field] = "config file", str(path)
            return file_value
        sources[field], origins[field] = "default", ""
        return default

    keys = {p: env.get(v, "").strip() for p, v in KEY_VARS.items()}
    default_provider = "anthropic" if keys["anthropic"] else "openai" if keys["openai"] else "offline"
    provider = str(pick("provider", _flag(flags, "provider"), "INTERVIEWER_PROVIDER", file.get("provider"),
                        default_provider)).strip().lower()
    if sources["provider"] == "default" and provider != "offline":
        origins["provider"] = f"{KEY_VARS[provider]} is set"
    if provider not in PROVIDERS:
        where = origins["provider"] or "provider"
        raise ProviderError(f"{where}: unknown provider {provider!r} (choose {', '.join(PROVIDERS)})")
    table = file.get(provider, {}) if provider != "offline" else {}

    model = pick("model", _flag(flags, "model"), "INTERVIEWER_MODEL", table.get("model", file.get("model")),
                 DEFAULT_MODELS[provider])
    base_url = None
    if provider != "offline":
        base_url = pick("base_url", _flag(flags, "base_url"), BASE_URL_VARS[provider],
                        table.get("base_url", file.get("base_url")), None)
    else:
        # Offline has no model or URL, whatever the environment says for the LLM providers.
        sources["base_url"], origins["base_url"] = "default", ""
        sources["model"], origins["model"] = "default", ""
        model = ""
    timeout_raw = pick("timeout", _flag(flags, "timeout"), "INTERVIEWER_TIMEOUT",
                       table.get("timeout", file.get("timeout")), 60.0)
    try:
        timeout = float(timeout_raw)
    except (TypeError, ValueError):
        timeout = -1.0
    if not 0 < timeout < 86400:
        problem = f"{origins['timeout'] or 'timeout'}: expected seconds > 0, got {timeout_raw!r}"
        timeout = _unused(problem, offline_asked and provider == "offline", warnings, 60.0)
    max_retries = pick("max_retries", _flag(flags, "max_retries"), None,
                       table.get("max_retries", file.get("max_retries")), 2)
    if not isinstance(max_retries, int) or isinstance(max_retries, bool) or not 0 <= max_retries <= MAX_RETRIES:
        where = origins["max_retries"] or "max_retries"
        if sources["max_retries"] == "config file":
            where = f"{path}:{_line_of(path, 'max_retries')}: max_retries"
        problem = f"{where}: expected a whole number from 0 to {MAX_RETRIES}, got {max_retries!r}"
        max_retries = _unused(problem, offline_asked and provider == "offline", warnings, 2)
    stream = pick("stream", _flag(flags, "stream"), None, table.get("stream", file.get("stream")), True)
    role = str(pick("role", _flag(flags, "interviewer_role"), "INTERVIEWER_ROLE",
                    table.get("interviewer_role", file.get("interviewer_role")), "decide")).strip().lower()
    if role not in ROLES:
        where = origins["role"] if sources["role"] != "config file" else f"{path}: interviewer_role"
        raise ConfigError(f"{where}: unknown interviewer role {role!r} (choose {' or '.join(ROLES)})")

    api_key, key_note = None, ""
    if provider != "offline":
        var = KEY_VARS[provider]
        if keys[provider]:
            api_key = SecretStr(keys[provider])
            sources["api_key"], origins["api_key"] = "env", var
        elif is_local_url(base_url):
            # Local servers (Ollama, vLLM, llama.cpp) ignore the key, but both SDKs refuse to work without one.
            api_key = SecretStr(LOCAL_DUMMY_KEY)
            key_note = f"{var} not set: using the dummy key {LOCAL_DUMMY_KEY!r} for the local server"
            sources["api_key"], origins["api_key"] = "default", ""
        else:
            raise MissingKeyError(provider, var)
    else:
        sources["api_key"], origins["api_key"] = "default", ""

    return Settings(provider=provider, model=str(model), base_url=str(base_url).strip() if base_url else None,
                    timeout=timeout, max_retries=max_retries, stream=bool(stream), role=role, api_key=api_key,
                    sources=sources, origins=origins, key_note=key_note, warnings=warnings,
                    config_path=str(path))
