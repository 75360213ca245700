"""Provider name → "module:Class", imported only when chosen, so `--provider offline` never loads an SDK."""

from __future__ import annotations

import importlib

from interviewer.errors import ProviderError

ENGINES = {
    "offline": "interviewer.providers.offline:OfflineEngine",
    "anthropic": "interviewer.providers.anthropic_provider:AnthropicEngine",
    "openai": "interviewer.providers.openai_provider:OpenAIEngine",
}
SCORERS = {
    "offline": "interviewer.providers.offline:OfflineScorer",
    "anthropic": "interviewer.providers.anthropic_provider:AnthropicScorer",
    "openai": "interviewer.providers.openai_provider:OpenAIScorer",
}


def names() -> list[str]:
    return list(ENGINES)


def _load(table: dict[str, str], name: str):
    try:
        module, cls = table[name].split(":")
    except KeyError:
        raise ProviderError(f"unknown provider {name!r} (choose {', '.join(table)})") from None
    return getattr(importlib.import_module(module), cls)


def make_engine(settings):
    """The interviewer engine the settings name; offline takes no settings (it never touches the network)."""
    cls = _load(ENGINES, settings.provider)
    return cls() if settings.provider == "offline" else cls(settings)


def make_scorer(settings):
    """The scorer the settings name, a separate object (and client) from the engine."""
    cls = _load(SCORERS, settings.provider)
    return cls() if settings.provider == "offline" else cls(settings)
