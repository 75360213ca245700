"""Settings precedence (flags > env > config file > defaults), key handling and `interviewer config`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from interviewer.commands.config_cmd import config_cmd
from interviewer.config import Settings, load_settings, mask
from interviewer.errors import ConfigError, MissingKeyError, ProviderError

KEY_A = "sk-ant-" + "a" * 34  # 41 characters
KEY_O = "sk-proj-" + "o" * 40


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    """Write the config file the isolated env points at."""
    path = tmp_path / "config.toml"

    def write(text: str):
        path.write_text(text, encoding="utf-8")
        return path

    return write


class Args:
    def __init__(self, **kw):
        self.provider = self.model = self.base_url = None
        self.json = False
        self.__dict__.update(kw)


def test_no_key_means_offline_defaults():
    s = load_settings(Args())
    assert (s.provider, s.model, s.base_url, s.timeout, s.max_retries, s.stream) == ("offline", "", None, 60.0, 2, True)
    assert s.api_key is None and s.sources["provider"] == "default"


@pytest.mark.parametrize("keys, provider, model", [
    ({"ANTHROPIC_API_KEY": KEY_A}, "anthropic", "claude-sonnet-4-5"),
    ({"OPENAI_API_KEY": KEY_O}, "openai", "gpt-4.1-mini"),
    ({"ANTHROPIC_API_KEY": KEY_A, "OPENAI_API_KEY": KEY_O}, "anthropic", "claude-sonnet-4-5"),
])
def test_default_provider_is_the_one_with_a_key(monkeypatch, keys, provider, model):
    for k, v in keys.items():
        monkeypatch.setenv(k, v)
    s = load_settings(None)
    assert (s.provider, s.model) == (provider, model)
    assert s.key() == keys[f"{provider.upper()}_API_KEY"]
    assert s.sources["api_key"] == "env"


def test_flags_beat_env_beat_file_beat_defaults(monkeypatch, cfg):
    cfg('provider = "openai"\nmodel = "file-model"\ntimeout = 12\nmax_retries = 0\nstream = false\n'
        'base_url = "http://file.example/v1"\n')
    monkeypatch.setenv("OPENAI_API_KEY", KEY_O)
    s = load_settings(Args())
    assert (s.provider, s.model, s.timeout, s.max_retries, s.stream) == ("openai", "file-model", 12.0, 0, False)
    assert s.sources["model"] == "config file" and s.base_url == "http://file.example/v1"
    monkeypatch.setenv("INTERVIEWER_MODEL", "env-model")
    monkeypatch.setenv("INTERVIEWER_TIMEOUT", "7.5")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://env.example/v1")
    s = load_settings(Args())
    assert (s.model, s.timeout, s.base_url) == ("env-model", 7.5, "http://env.example/v1")
    assert s.sources["model"] == "env" and s.origins["model"] == "INTERVIEWER_MODEL"
    s = load_settings(Args(model="flag-model", base_url="http://flag.example/v1"))
    assert (s.model, s.base_url) == ("flag-model", "http://flag.example/v1")
    assert s.sources["model"] == s.sources["base_url"] == "flag"


def test_env_provider_and_provider_tables(monkeypatch, cfg):
    cfg('model = "top"\n[anthropic]\nmodel = "claude-x"\nbase_url = "http://127.0.0.1:9"\n'
        '[openai]\nmodel = "gpt-x"\n')
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY_A)
    monkeypatch.setenv("OPENAI_API_KEY", KEY_O)
    monkeypatch.setenv("INTERVIEWER_PROVIDER", "openai")
    s = load_settings(Args())
    assert (s.provider, s.model, s.base_url) == ("openai", "gpt-x", None)
    s = load_settings(Args(provider="anthropic"))
    assert (s.provider, s.model, s.base_url) == ("anthropic", "claude-x", "http://127.0.0.1:9")


def test_the_base_url_env_var_is_per_provider(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY_A)
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
    assert load_settings(Args()).base_url is None
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:2")
    assert load_settings(Args()).base_url == "http://127.0.0.1:2"


def test_a_key_in_the_config_file_is_ignored_with_a_warning(monkeypatch, cfg):
    cfg('provider = "anthropic"\napi_key = "sk-ant-from-file-0000000000"\n[openai]\nopenai_api_key = "x"\n')
    with pytest.raises(MissingKeyError, match="ANTHROPIC_API_KEY"):
        load_settings(Args())
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY_A)
    s = load_settings(Args())
    assert s.key() == KEY_A
    assert any("config.toml:2" in w and "api_key ignored" in w for w in s.warnings)
    assert any("openai.openai_api_key ignored" in w for w in s.warnings)


@pytest.mark.parametrize("text, line, what", [
    ('provider = "openai"\nmodel = \n', 2, ""),
    ('[anthropic\n', 1, ""),
    ('timeout = "soon"\n', 1, "timeout must be a number"),
    ('\n\nstream = "yes"\n', 3, "stream must be true or false"),
    ('max_retries = 1.5\n', 1, "max_retries must be an integer"),
])
def test_a_bad_config_file_names_the_file_and_line(cfg, text, line, what):
    path = cfg(text)
    with pytest.raises(ConfigError) as e:
        load_settings(Args())
    assert str(e.value).startswith(f"{path}:{line}: ") and what in str(e.value)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_a_config_path_that_is_not_a_regular_file_is_refused_without_hanging(monkeypatch, tmp_path, special):
    import os

    path = tmp_path / "config.toml"
    if special == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)  # no writer: reading it would block forever
    else:
        path = special
    monkeypatch.setenv("INTERVIEWER_CONFIG", str(path))
    with pytest.raises(ConfigError, match="not a regular file"):
        load_settings(Args())


def test_bad_values_are_one_line_errors(monkeypatch):
    monkeypatch.setenv("INTERVIEWER_TIMEOUT", "abc")
    with pytest.raises(ConfigError, match="INTERVIEWER_TIMEOUT"):
        load_settings(Args())
    monkeypatch.setenv("INTERVIEWER_TIMEOUT", "0")
    with pytest.raises(ConfigError, match="INTERVIEWER_TIMEOUT"):
        load_settings(Args())
    monkeypatch.delenv("INTERVIEWER_TIMEOUT")
    with pytest.raises(ProviderError, match="--provider: unknown provider 'gemini'"):
        load_settings(Args(provider="gemini"))


@pytest.mark.parametrize("provider, var", [("anthropic", "ANTHROPIC_API_KEY"), ("openai", "OPENAI_API_KEY")])
def test_a_chosen_provider_without_its_key_names_the_variable(provider, var):
    with pytest.raises(MissingKeyError) as e:
        load_settings(Args(provider=provider))
    assert e.value.env_var == var and var in str(e.value)


@pytest.mark.parametrize("url, local", [
    ("http://localhost:11434/v1", True), ("http://127.0.0.1:8000/v1", True), ("http://192.168.1.20:8080/v1", True),
    ("http://gpu-box.local:8000/v1", True), ("https://api.openai.com/v1", False),
    ("https://openrouter.ai/api/v1", False),
])
def test_a_local_openai_server_gets_a_dummy_key(url, local):
    if local:
        s = load_settings(Args(provider="openai", base_url=url))
        assert s.key() == "local" and "dummy" in s.key_note and "OPENAI_API_KEY" in s.key_note
    else:
        with pytest.raises(MissingKeyError):
            load_settings(Args(provider="openai", base_url=url))


def test_mask_and_no_key_in_any_rendering(monkeypatch):
    assert mask(KEY_A) == "sk-a…(41 chars)"
    assert mask("short") == "…(5 chars)"
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY_A)
    s = load_settings(Args())
    for text in (repr(s), str(s), s.model_dump_json(), json.dumps(s.model_dump(), default=str)):
        assert KEY_A not in text
    assert s.masked_key() == "sk-a…(41 chars)"
    assert Settings().masked_key() == "not set"


def test_config_command_prints_sources_and_masks_the_key(monkeypatch, capsys, cfg):
    cfg('timeout = 30\n')
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY_A)
    monkeypatch.setenv("INTERVIEWER_MODEL", "claude-test")
    assert config_cmd(Args(base_url="http://127.0.0.1:5")) == 0
    out = capsys.readouterr().out
    assert KEY_A not in out and "sk-a…(41 chars)" in out
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert "default (ANTHROPIC_API_KEY is set)" in rows["provider"]
    assert "env (INTERVIEWER_MODEL)" in rows["model"] and "flag" in rows["base_url"]
    assert rows["timeout"].rstrip().endswith("config file") and "30 s" in rows["timeout"]
    assert rows["max_retries"].rstrip().endswith("default")
    assert config_cmd(Args(json=True)) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["provider"] == {"value": "anthropic", "source": "default"}
    assert data["model"] == {"value": "claude-test", "source": "env"}
    assert data["timeout"] == {"value": 30.0, "source": "config file"}
    assert data["api_key"]["value"] == "sk-a…(41 chars)" and data["api_key"]["variable"] == "ANTHROPIC_API_KEY"


def test_config_command_says_when_the_dummy_key_is_used(capsys):
    config_cmd(Args(provider="openai", base_url="http://localhost:11434/v1"))
    out = capsys.readouterr().out
    assert "'local' (dummy)" in out and "OPENAI_API_KEY not set" in out


def test_config_command_through_the_cli_with_warnings(monkeypatch, cfg, tmp_path):
    cfg('api_key = "sk-ant-file-secret-value-000"\n')
    env = {"PATH": "/usr/bin:/bin", "INTERVIEWER_CONFIG": str(tmp_path / "config.toml"), "HOME": str(tmp_path),
           "ANTHROPIC_API_KEY": KEY_A}
    r = subprocess.run([sys.executable, "-m", "interviewer", "config"], capture_output=True, text=True, env=env)
    assert r.returncode == 0
    assert "api_key ignored" in r.stderr
    assert KEY_A not in r.stdout + r.stderr and "sk-ant-file-secret" not in r.stdout + r.stderr
    r = subprocess.run([sys.executable, "-m", "interviewer", "config", "--provider", "openai"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 2 and r.stderr.strip() == "interviewer: the openai provider needs an API key: set OPENAI_API_KEY"


@pytest.mark.parametrize("provider, var", [("openai", "OPENAI_API_KEY"), ("anthropic", "ANTHROPIC_API_KEY")])
def test_a_local_server_gets_the_dummy_key_on_either_api(provider, var):
    s = load_settings(Args(provider=provider, base_url="http://127.0.0.1:8089"))
    assert s.key() == "local" and var in s.key_note


def test_the_interviewer_role_comes_from_env_or_the_config_file_and_is_shown(monkeypatch, capsys, cfg):
    assert load_settings(Args()).role == "decide"
    cfg('interviewer_role = "word"\n')
    s = load_settings(Args(provider="openai", base_url="http://127.0.0.1:8089/v1"))
    assert (s.role, s.sources["role"]) == ("word", "config file")
    monkeypatch.setenv("INTERVIEWER_ROLE", "Decide ")
    s = load_settings(Args(provider="openai", base_url="http://127.0.0.1:8089/v1"))
    assert (s.role, s.origins["role"]) == ("decide", "INTERVIEWER_ROLE")
    config_cmd(Args(provider="openai", base_url="http://127.0.0.1:8089/v1"))
    rows = {line.split()[0]: line for line in capsys.readouterr().out.splitlines() if line.strip()}
    assert "decide" in rows["role"] and "env (INTERVIEWER_ROLE)" in rows["role"]
    config_cmd(Args(provider="openai", base_url="http://127.0.0.1:8089/v1", json=True))
    assert json.loads(capsys.readouterr().out)["role"] == {"value": "decide", "source": "env"}


@pytest.mark.parametrize("where", ["env", "file"])
def test_an_unknown_interviewer_role_is_a_one_line_error_naming_its_source(monkeypatch, cfg, where):
    if where == "env":
        monkeypatch.setenv("INTERVIEWER_ROLE", "chat")
    else:
        cfg('interviewer_role = "chat"\n')
    with pytest.raises(ConfigError) as e:
        load_settings(Args())
    msg = str(e.value)
    assert "\n" not in msg and "'chat'" in msg and "decide or word" in msg
    assert ("INTERVIEWER_ROLE" in msg) if where == "env" else ("config.toml: interviewer_role" in msg)
    if where == "file":
        cfg('interviewer_role = 3\n')
        with pytest.raises(ConfigError, match="interviewer_role must be a string"):
            load_settings(Args())
