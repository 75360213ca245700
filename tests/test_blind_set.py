"""The blind-set writer's list of topics and markers numbers them as the scorer does (bench/blind_set/check.py reads
the pack on its own, since the writer's folder holds no project code)."""

from __future__ import annotations

import importlib.util

import pytest

from interviewer import skills
from conftest import OUR_PACK


@pytest.mark.parametrize("lang, file", [("zh", "SKILL.md"), ("en", "SKILL.en.md")])
def test_the_writers_marker_numbers_are_the_scorers(lang, file):
    spec = importlib.util.spec_from_file_location("blind_check", OUR_PACK.parents[1] / "bench" / "blind_set" / "check.py")
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    pack = skills.load_pack(OUR_PACK / file)
    assert check.topics(lang, OUR_PACK) == [(t.title, list(t.markers)) for t in pack.topics]
