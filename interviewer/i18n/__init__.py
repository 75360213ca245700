"""The catalogue of everything the program says to a person, one module per language (zh.py, en.py).

Screens, line mode, reports and plans look their words up here by a dotted key ("start.pack"), so a
session shows one language throughout and a test can walk every string. What people wrote (résumé,
pack, answers) never comes from here.
"""

from __future__ import annotations

import importlib

LANGS = ("zh", "en")
# Each language named in itself: the language picker reads the same in either interface language.
LANG_NAMES = {"zh": "中文 (zh)", "en": "English (en)"}

_loaded: dict[str, dict] = {}


def lang_of(lang: str | None) -> str:
    """zh or en (anything else is English)."""
    return lang if lang in LANGS else "en"


def catalogue(lang: str | None) -> dict:
    """Every string of one language, nested by area."""
    lang = lang_of(lang)
    if lang not in _loaded:
        _loaded[lang] = importlib.import_module(f"interviewer.i18n.{lang}").TEXT
    return _loaded[lang]


def section(lang: str | None, name: str) -> dict:
    return catalogue(lang)[name]


def text(lang: str | None, key: str, /, **fields) -> str:
    """The string at `key` ("area.name"), its {fields} filled; a missing key is a KeyError (a bug, not a blank)."""
    area, _, name = key.partition(".")
    value = catalogue(lang)[area][name]
    return value.format(**fields) if fields else value


class Texts:
    """The strings of one language: `T("start.pack")`, `T("side.questions", n=3, max=30)`."""

    def __init__(self, lang: str | None) -> None:
        self.lang = lang_of(lang)

    def __call__(self, key: str, /, **fields) -> str:
        return text(self.lang, key, **fields)

    def section(self, name: str) -> dict:
        return section(self.lang, name)

    def signal(self, code: str | None) -> str:
        """A candidate signal ("thin", "not_mine") in words."""
        return self.section("signals").get(code or "", code or "")

    def mode(self, code: str) -> str:
        return self.section("modes").get(code, code)

    def status(self, code: str) -> str:
        return self.section("status").get(code, code)
