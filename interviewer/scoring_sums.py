"""Arithmetic an answer works out loud and gets wrong: "70 乘 16，大概 112 GB", "396 × 10¹² 除以 4.2 × 10¹⁰，大约是每卡每秒
940 个 token". The right figure and the right method with a slip of a factor of ten is a mechanism with a real error.

Units are not read: a result may be in other units than its factors ("70B × 16 bytes = 1.1 TB"), so it is wrong only
when no power of a thousand brings it within a third of the product. 万 and 亿 are read, being no power of a thousand.
"""

from __future__ import annotations

import math
import re

from interviewer import scoring_read as R
from interviewer.vocabulary import Fact

_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
# A number: 396, 4.2 × 10¹⁰, 4.2e10, 10^12, with a percent or a Chinese myriad after it.
_NUM = (r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s*[×x*]\s*10(?:\s*(?:\^|\*\*)\s*\d+|[⁰¹²³⁴⁵⁶⁷⁸⁹]+)|e\d+|\s*(?:\^|\*\*)\s*\d+)?"
        r"\s*(?:%|万|亿)?")
_UNIT = r"(?:\s*(?:[kmgt]?b(?:ytes?)?|字节|k|m|t|tflops|flops)(?![a-z]))?"
_OP = r"\s*(?:×|\*|(?<=\s)x(?=\s)|乘以|乘|除以|÷|/|\btimes\b|\bdivided by\b)\s*"
_RESULT = (r"\s*[，,]?\s*(?:=|≈|~|约等于|等于|就是|大约是|大概是|约为|约是|大概|大约|约|得到|\bis\b|\bequals\b|\bcomes to\b|"
           r"\bgives\b|\babout\b|\broughly\b|\baround\b)\s*(?:about |roughly |around |~)?[^\d，。；,;=+\-]{0,8}?")
_SUM = re.compile(rf"(?<![\d.,·⋅a-z_])({_NUM}{_UNIT}(?:{_OP}{_NUM}{_UNIT})+){_RESULT}({_NUM})(?!\d|\.\d|\s*[+\-×*/÷(^])")
# Part of a longer sum ("2 + 14/64 ≈ 2.22", "8K tokens × 2 × 4096 × 2 bytes ≈ 134 MB"): not the whole of it.
_INSIDE = re.compile(r"[+\-×*/÷·⋅(（]\s*(?:\S{0,12}\s*)?$")
# A power other than ten's ("4096²"): a superscript run after anything but "10".
_POWER = re.compile(r"(?<![⁰¹²³⁴⁵⁶⁷⁸⁹])(?<!10)[⁰¹²³⁴⁵⁶⁷⁸⁹]")
_FACTOR = re.compile(rf"({_NUM}){_UNIT}")
_DIVIDE = re.compile(r"除以|÷|/|divided by")


def _value(s: str) -> float:
    s = s.strip().translate(_SUPERSCRIPT).replace(",", "")
    scale = 0.01 if s.endswith("%") else 1e4 if s.endswith("万") else 1e8 if s.endswith("亿") else 1.0
    s = s.rstrip("%万亿 ")
    if m := re.fullmatch(r"([\d.]+)\s*[×x*]\s*10\s*(?:\^|\*\*)?\s*(\d+)", s):
        return float(m.group(1)) * 10 ** int(m.group(2)) * scale
    if m := re.fullmatch(r"([\d.]+)\s*(?:\^|\*\*)\s*(\d+)", s):
        return float(m.group(1)) ** int(m.group(2)) * scale
    return float(s) * scale


def _product(expression: str) -> float | None:
    factors = list(_FACTOR.finditer(expression))
    total = _value(factors[0].group(1))
    for before, m in zip(factors, factors[1:]):
        x = _value(m.group(1))
        if _DIVIDE.search(expression[before.end():m.start()]):
            if not x:
                return None
            total /= x
        else:
            total *= x
    return total


_POINTS = re.compile(r"\s*(?:points?\b|pp\b|个点|个百分点)")
_FIGURE = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.]|[⁰¹²³⁴⁵⁶⁷⁸⁹])")


def _figures(text: str) -> set[float]:
    return {float(x) for x in _FIGURE.findall(text) if float(x) > 1}


def _power_of_ten(x: float) -> bool:
    return abs(math.log10(x) - round(math.log10(x))) < 0.01


def _agrees(worked: float, said: float) -> bool:
    """Within a third, give or take a power of a thousand (the units the result is said in)."""
    if worked <= 0 or said <= 0:
        return True
    off = math.log10(worked / said)
    # (Shorthand names its powers by letter: "6 × 7B × 2T ≈ 8.4e22" is 84 with 21 zeros.)
    return any(abs(off - 3 * k) <= math.log10(4 / 3) for k in range(-10, 11))


def _shown(x: float) -> str:
    """3 significant figures, "9430" or "4.2 × 10¹⁰", as the answer would write it."""
    if 1e-3 <= abs(x) < 1e6:
        return f"{float(f'{x:.3g}'):g}" if abs(x) < 1e5 else f"{round(x, -int(math.floor(math.log10(abs(x)))) + 2):.0f}"
    mantissa, exponent = f"{x:.2e}".split("e")
    return f"{float(mantissa):g} × 10{str(int(exponent)).translate(str.maketrans('-0123456789', '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'))}"


def slips(r: R.Reading) -> list[tuple[Fact, R.Clause]]:
    """The clauses stating the result of a product or a quotient worked out loud, where it is not what the factors
    give; each with the sum as it should read."""
    out = []
    for i, sentence in enumerate(r.sentences):
        for m in _SUM.finditer(sentence.casefold()):
            # (Nor a sum with a power it cannot read: "12 × 32 × 4096² ≈ 6.4e9".)
            if _INSIDE.search(sentence[max(0, m.start() - 16):m.start()]) or _POWER.search(m.group(0)):
                continue
            worked, said = _product(m.group(1)), _value(m.group(2))
            # A percent result may be of a fraction ("3/35 ≈ 8.6%") or of a percent ("40% × 50 = 20"); percentage
            # points are percents ("3/67, about 4 points of step").
            if worked is None or _agrees(worked, said) or (m.group(2).rstrip().endswith("%")
                                                          and _agrees(worked, said * 100)):
                continue
            if _POINTS.match(sentence.casefold(), m.end()) and _agrees(worked, said / 100):
                continue
            # Taken on to a figure of the answer's ("16/64, about 3.3 GB" for the 13B model): off by that figure, not
            # by a power of ten, which is the slip ("70 乘 16，大概 112 GB").
            if any(abs(math.log10(worked * x / said)) < 0.05 for x in _figures(r.text) if not _power_of_ten(x)):
                continue
            at = m.start(2)
            cl = next((c for c in r.sentence_clauses(i) if c.start <= at < c.end), None)
            if cl is None:
                continue
            sum_ = f"{m.group(1).strip()} ≈ {_shown(worked)}"
            out.append((Fact(figure=(_SUM,), subjects=(), zh=sum_, en=sum_), cl))
    return out
