"""`interviewer score`: one answer, or a JSONL batch, scored offline against a pack topic.

`--lang en` scores against the pack's English version (SKILL.en.md) and its English titles; without it a title
in either language is accepted. The pack's vocabulary and its other topics' red flags come with the topic.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from interviewer import skills
from interviewer.errors import InterviewerError
from interviewer.scoring import Assessment, score_answer
from interviewer.textutil import normalize_key


# One answer is at most a few KB; a batch of the whole devset is well under a MB. Both caps keep /dev/zero out.
ANSWER_LIMIT = 2 * 1024 * 1024
BATCH_LIMIT = 32 * 1024 * 1024


def _read_text(path: str, limit: int = ANSWER_LIMIT) -> str:
    """A file's (or stdin's) text, decoded as résumés are: UTF-8, GBK/GB18030, UTF-16; one-line errors."""
    from interviewer.files import InputFileError, read_limited
    from interviewer.resume import decode

    if path == "-":
        name, data = "<stdin>", sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise InterviewerError(f"{name}: larger than {limit // 2**20} MB")
    else:
        name = path
        try:
            data = read_limited(Path(path), limit)
        except InputFileError as e:
            raise InterviewerError(f"{path}: {e.reason}") from None
    return decode(data, name).replace("\r\n", "\n")


class _Packs:
    """The pack in the asked language, and its other language version for topic titles written in that one."""

    def __init__(self, args) -> None:
        self.args = args
        self.main = skills.resolve(args.skill, args.lang, args.skills_dir)
        self._other: skills.SkillPack | None | bool = False

    def other(self) -> skills.SkillPack | None:
        if self._other is False:
            want = "zh" if self.main.lang == "en" else "en"
            try:
                pack = skills.resolve(self.args.skill, want, self.args.skills_dir)
            except InterviewerError:
                pack = None
            self._other = pack if pack is not None and pack.path != self.main.path else None
        return self._other  # type: ignore[return-value]

    def topic(self, key: str | int) -> tuple[skills.SkillPack, skills.Topic]:
        """The topic by number or title; without --lang a title in the pack's other language is accepted too."""
        numbered = isinstance(key, int) or str(key).strip().isdigit()
        if not self.args.lang and not numbered and not self._exact(self.main, key) and (other := self.other()):
            if self._exact(other, key):  # "ZeRO and FSDP" is the English version's title, not a near miss
                return other, other.topic(key)
        try:
            return self.main, self.main.topic(key)
        except InterviewerError:
            other = None if self.args.lang or isinstance(key, int) or str(key).strip().isdigit() else self.other()
            if other is None:
                raise
            try:
                return other, other.topic(key)
            except InterviewerError:
                raise InterviewerError(f"{self.main.name}: no topic named {key!r} (in {self.main.lang} or "
                                       f"{other.lang})") from None


    @staticmethod
    def _exact(pack: skills.SkillPack, key: str | int) -> bool:
        return any(normalize_key(t.title) == normalize_key(str(key)) for t in pack.topics)


def _score(packs: _Packs, key: str | int, question: str, answer: str) -> Assessment:
    pack, topic = packs.topic(key)
    return score_answer(topic, answer, question, pack.danger_for(topic.title))


def _batch_items(packs: _Packs, path: str) -> list[tuple[str | int, str, str]]:
    """Every line checked before anything is scored, so a bad line never leaves half an output."""
    items = []
    for n, line in enumerate(_read_text(path, BATCH_LIMIT).splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}:{n}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise InterviewerError(f"{where}: not valid JSON ({e.msg})") from None
        if not isinstance(row, dict):
            raise InterviewerError(f"{where}: expected an object with topic, question, answer")
        topic, answer = row.get("topic"), row.get("answer")
        if not isinstance(topic, (str, int)) or isinstance(topic, bool) or topic == "":
            raise InterviewerError(f"{where}: 'topic' must be a topic title or a 1-based number")
        if not isinstance(answer, str):
            raise InterviewerError(f"{where}: 'answer' must be a string")
        question = row.get("question") or ""
        if not isinstance(question, str):
            raise InterviewerError(f"{where}: 'question' must be a string")
        try:
            packs.topic(topic)
        except InterviewerError as e:
            raise InterviewerError(f"{where}: {e.message}") from None
        items.append((topic, question, answer))
    return items


def _human(a: Assessment) -> str:
    lines = [f"topic:    {a.topic}", f"signal:   {a.signal}",
             f"level:    {a.level if a.level is not None else 'not assessed'}"]
    if a.markers:
        lines.append("solid:")
        lines += [f"  + {h.marker}\n      “{h.evidence}”" for h in a.markers]
    if a.missed_markers:
        lines.append("missing:")
        lines += [f"  - {m}" for m in a.missed_markers]
    if a.danger_signals:
        lines.append("red flags:")
        lines += [f"  ! {d.signal}\n      “{d.evidence}”" for d in a.danger_signals]
    if a.feedback:
        lines.append(f"next:     {a.feedback}")
    return "\n".join(lines)


def score_cmd(args) -> int:
    packs = _Packs(args)
    if args.batch:
        for topic, question, answer in _batch_items(packs, args.batch):
            print(json.dumps(_score(packs, topic, question, answer).model_dump(), ensure_ascii=False))
        return 0
    if not args.topic:
        raise InterviewerError("score: --topic TITLE|N is required (or use --batch FILE.jsonl)")
    if args.answer is None and not args.answer_file:
        raise InterviewerError("score: give the answer with --answer TEXT or --answer-file FILE")
    answer = args.answer if args.answer is not None else _read_text(args.answer_file)
    a = _score(packs, args.topic, args.question or "", answer)
    print(json.dumps(a.model_dump(), ensure_ascii=False, indent=2) if args.json else _human(a))
    return 0
