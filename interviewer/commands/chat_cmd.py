"""`interviewer chat` and `interviewer resume`: the line-mode interview."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator, TextIO

from interviewer.errors import InterviewerError, TranscriptError

HELP_ZH = "（回答写完后空一行发送；/skip 跳过  /hint 提示  /repeat 重复问题  /end 结束）"
HELP_EN = "(finish an answer with an empty line; /skip skips, /hint asks for a hint, /repeat repeats, /end ends)"


def read_answers(stream: TextIO) -> Iterator[str]:
    """Answers separated by lines holding only `---`, each yielded as soon as its separator arrives."""
    buf: list[str] = []
    for line in stream:
        if line.strip() == "---":
            yield "".join(buf).strip()
            buf = []
        else:
            buf.append(line)
    if "".join(buf).strip():
        yield "".join(buf).strip()


def read_terminal(prompt: str) -> Iterator[str]:
    """Interactive answers: several lines, sent by an empty line (or a `---` line); Ctrl-D stops."""
    while True:
        lines: list[str] = []
        try:
            while True:
                line = input(prompt if not lines else "... ")
                if line.strip() in ("", "---") and lines:
                    break
                if line.strip().startswith("/") and not lines:
                    lines.append(line)
                    break
                if line.strip():
                    lines.append(line)
        except EOFError:
            if lines:
                yield "\n".join(lines)
            return
        yield "\n".join(lines)


def _engines(args):
    from interviewer.config import load_settings
    from interviewer.providers import registry

    settings = load_settings(args)
    return settings, registry.make_engine(settings), registry.make_scorer(settings)


def _describe(settings) -> str:
    if settings.provider == "offline":
        return "offline interviewer (no API key needed)"
    return f"{settings.provider} · {settings.model}"


def _print_feedback(turn, out: TextIO) -> None:
    a = turn.assessment
    if a is None:
        out.write("   · not assessed\n")
        return
    level = "not assessed" if a.level is None else f"level {a.level}/4"
    out.write(f"   · {level} ({a.signal})\n")
    for m in a.markers:
        out.write(f"   + {m.marker} — “{m.evidence}”\n")
    for d in a.danger_signals:
        out.write(f"   ! {d.signal} — “{d.evidence}”\n")
    if a.feedback:
        out.write(f"   → {a.feedback}\n")


def run(session, answers: Iterator[str] | None, feedback: bool, out: TextIO = sys.stdout) -> int:
    """Drive a session from an answer source; leaves it in_progress when the answers run out."""
    lang = session.transcript.lang
    first = session.start()
    for note in first.notices:
        print(f"interviewer: {note}", file=sys.stderr)
    if first.interviewer is not None:
        out.write(f"\ninterviewer> {first.interviewer.text}\n")
    if answers is None:
        out.write((HELP_ZH if lang == "zh" else HELP_EN) + "\n")
        answers = read_terminal("you> ")
    for text in answers:
        if session.finished:
            break
        if not text.strip():
            continue
        result = session.answer(text)
        for note in result.notices:
            print(f"interviewer: {note}", file=sys.stderr)
        if feedback and result.candidate is not None:
            _print_feedback(result.candidate, out)
        if result.interviewer is not None:
            out.write(f"\ninterviewer> {result.interviewer.text}\n")
        out.flush()
    session.close()
    path = session.store.path if session.store else None
    if session.finished:
        out.write(f"\nsaved: {path}\nreport: interviewer report {path}\n")
    else:
        out.write(f"\nthe session is saved and can go on: interviewer resume {path}\n")
    return 0


def _answer_source(answers_file: str | None) -> Iterator[str] | None:
    if answers_file:
        p = Path(answers_file)
        if not p.is_file():
            raise InterviewerError(f"{p}: no such answers file")
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InterviewerError(f"{p}: cannot read the answers file ({e})") from None
        return read_answers(iter(text.splitlines(keepends=True)))
    if not sys.stdin.isatty():
        return read_answers(sys.stdin)
    return None


def chat_cmd(args) -> int:
    from interviewer import paths, skills, transcript
    from interviewer.plan import build_plan
    from interviewer.resume import load_resume
    from interviewer.session import Session

    pack = skills.resolve(args.skill, args.lang, args.skills_dir)
    lang = args.lang or pack.lang
    if args.resume:
        resume = load_resume(args.resume)
    else:
        resume = load_resume(paths.sample_resume(lang))
    if args.resume == "-" and not args.answers:
        raise InterviewerError("--resume - reads the résumé from stdin, so give the answers with --answers FILE")
    answers = _answer_source(args.answers)
    settings, engine, scorer = _engines(args)
    plan = build_plan(pack, resume, args.minutes, lang)
    session = Session.create(pack, resume, plan, engine, scorer, mode="practice", max_turns=args.max_turns)
    if args.transcript:
        path = Path(args.transcript)
        if path.is_dir():
            raise TranscriptError(f"{path}: --transcript must be a file path, not a folder")
        if path.exists():
            raise TranscriptError(f"{path}: a session is already saved there; continue it with "
                                  f"`interviewer resume {path}` or choose another path")
    else:
        path = transcript.default_path(paths.transcripts_dir(args.transcripts), session.transcript)
    transcript.check_writable(path.parent)
    session.store = transcript.TranscriptStore(path)
    print(f"interviewer: {_describe(settings)} · pack {pack.name} ({lang}) · saving to {path}", file=sys.stderr)
    return run(session, answers, args.feedback)


def resume_cmd(args) -> int:
    from interviewer import skills, transcript
    from interviewer.session import Session

    path = Path(args.transcript)
    t = transcript.load(path)
    if t.status == "finished":
        print(f"{path}: this session is already finished; read it with: interviewer report {path}")
        return 0
    try:
        pack = skills.resolve(t.skill.path if Path(t.skill.path).exists() else t.skill.name, t.lang)
    except InterviewerError as e:
        raise TranscriptError(f"{path}: the session's skill pack is not available ({e.message})") from None
    if pack.sha256 != t.skill.sha256:
        print(f"interviewer: note: the pack {pack.name} changed since this session started", file=sys.stderr)
    answers = _answer_source(args.answers)
    settings, engine, scorer = _engines(args)
    if args.max_turns:
        t.max_turns = args.max_turns
    transcript.check_writable(path.parent)
    session = Session.restore(t, pack, engine, scorer, transcript.TranscriptStore(path))
    print(f"interviewer: resuming {t.id} · {_describe(settings)} · {len(t.turns)} turns so far", file=sys.stderr)
    return run(session, answers, args.feedback)
