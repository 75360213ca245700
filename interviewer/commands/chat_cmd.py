"""`interviewer chat` and `interviewer resume`: the line-mode interview."""

from __future__ import annotations

import codecs
import contextlib
import io
import operator
import signal
import sys
import threading
import unicodedata
from pathlib import Path
from typing import BinaryIO, Iterator, TextIO

from interviewer import i18n
from interviewer.errors import InterviewerError, TranscriptError
from interviewer.turns import is_command

# Scripted answers for the longest session (--max-turns 500) at a few KB each; the same cap as a résumé.
ANSWERS_LIMIT = 2 * 1024 * 1024
_ANSWER_KEEP = 100_000  # characters of one scripted answer kept; the session's own limit is 20,000


def read_answers(stream: TextIO) -> Iterator[str]:
    """Answers separated by lines holding only `---`, each yielded as soon as its separator arrives."""
    buf: list[str] = []
    size = 0
    for line in stream:
        if line.strip() == "---":
            yield "".join(buf).strip()
            buf, size = [], 0
        elif size <= _ANSWER_KEEP:
            # Past the session's answer limit the rest is not kept: the session refuses the answer anyway.
            buf.append(line[: _ANSWER_KEEP + 1 - size])
            size += len(buf[-1])
    if "".join(buf).strip():
        yield "".join(buf).strip()


def read_terminal(prompt: str, more: str = "... ") -> Iterator[str]:
    """Interactive answers: several lines, sent by an empty line (or a `---` line); Ctrl-D stops."""
    from interviewer.session import command_of

    while True:
        lines: list[str] = []
        try:
            while True:
                line = input(prompt if not lines else more)
                if line.strip() in ("", "---") and lines:
                    break
                if not lines and command_of(line.strip()):  # a command goes at once; "/dev/shm is…" is an answer
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
    for warning in settings.warnings:  # e.g. a config file ignored because offline was asked for
        print(f"interviewer: warning: {warning}", file=sys.stderr)
    return settings, registry.make_engine(settings), registry.make_scorer(settings)


def _describe(settings, lang: str) -> str:
    if settings.provider == "offline":
        return i18n.text(lang, "chat.engine_offline")
    return f"{settings.provider} · {settings.model}"


def _print_feedback(turn, out: TextIO, T: i18n.Texts) -> None:
    a = turn.assessment
    if a is None:
        out.write(T("chat.not_assessed"))
        return
    if a.level is None:
        out.write(T("chat.no_level", signal=T.signal(a.signal)))
    else:
        out.write(T("chat.level", level=a.level, signal=T.signal(a.signal)))
    for m in a.markers:
        out.write(f"   + {m.marker} — “{m.evidence}”\n")
    for d in a.danger_signals:
        out.write(f"   ! {d.signal} — “{d.evidence}”\n")
    if a.feedback:
        out.write(f"   → {a.feedback}\n")


def run(session, answers: Iterator[str] | None, feedback: bool, out: TextIO | None = None) -> int:
    """Drive a session from an answer source until it ends; leaves it in_progress when the answers run out.

    Nothing is read after the interview ends: no `you>` prompt waits for an answer that would be dropped, and
    scripted answers left over are counted on stderr, not silently skipped.
    """
    out = out or sys.stdout  # looked up now: a default bound at import would keep a replaced stdout
    T = i18n.Texts(session.transcript.lang)
    first = session.start()
    for note in first.notices:
        print(f"interviewer: {note}", file=sys.stderr)
    if first.interviewer is not None:
        out.write(f"\n{T('chat.interviewer')}{first.interviewer.text}\n")
    scripted = answers is not None
    if answers is None and not session.finished:
        out.write(T("chat.help") + "\n")
        answers = read_terminal(T("chat.you"), T("chat.more"))
    path = session.store.path if session.store else None
    try:
        with _signals_end_the_session():
            for text in answers if not session.finished else ():
                if not text.strip():
                    continue
                result = session.answer(text)
                for note in result.notices:
                    print(f"interviewer: {note}", file=sys.stderr)
                # A command (/hint, /end) is not an answer: there is nothing to give feedback on.
                if feedback and result.candidate is not None and not is_command(result.candidate.text):
                    _print_feedback(result.candidate, out, T)
                if result.interviewer is not None:
                    out.write(f"\n{T('chat.interviewer')}{result.interviewer.text}\n")
                out.flush()
                if session.finished:
                    break
        # Only answers already read into memory (--answers FILE) are counted: reading on from a pipe could wait
        # for a writer that is itself waiting for this process to end.
        if scripted and session.finished and operator.length_hint(answers):
            left = sum(1 for text in answers if _visible(text))
            if left:
                print(f"interviewer: {T('chat.unused', n=left)}", file=sys.stderr)
    except InterviewerError as e:
        # An answer on stdin that is not text: keep what was said so far, and say how to go on.
        if _closed_unsaved(session):
            raise InterviewerError(f"{e.message}; {session.store.failure_message()}") from None
        raise InterviewerError(f"{e.message}; the session so far is saved: interviewer resume {path}") from None
    except BaseException:
        # Ctrl-C, SIGTERM, SIGHUP, a closed stdout: answers only in memory go to a rescue copy first.
        if _closed_unsaved(session):
            print(f"interviewer: {session.store.failure_message()}", file=sys.stderr)
        raise
    if _closed_unsaved(session):
        # Never "saved" with exit 0 when the file on disk lacks answers.
        print(f"interviewer: {session.store.failure_message()}", file=sys.stderr)
        return 1
    out.write(T("chat.saved" if session.finished else "chat.go_on", path=path))
    return 0


def _closed_unsaved(session) -> bool:
    """Close the session (scoring finished, a last save tried); True, with a rescue copy written, if still unsaved."""
    session.close()
    store = session.store
    if store is None or not store.unsaved:
        return False
    store.rescue(session.transcript)
    return True


@contextlib.contextmanager
def _signals_end_the_session():
    """SIGTERM and SIGHUP (a closed terminal) end the loop like Ctrl-C, so run() can save or rescue first."""
    def stop(signum, frame):
        raise SystemExit(128 + signum)

    previous = {}
    for name in ("SIGTERM", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None and threading.current_thread() is threading.main_thread():
            previous[sig] = signal.signal(sig, stop)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _answer_text(data: bytes, name: str) -> str:
    """Answer bytes → text, decoded exactly as a résumé is (UTF-8, GBK/GB18030, UTF-16 …), newlines unified."""
    from interviewer.resume import decode

    return decode(data, name).replace("\r\n", "\n").replace("\r", "\n")


def read_answer_bytes(stream: BinaryIO, name: str = "<stdin>", limit: int = ANSWERS_LIMIT) -> Iterator[str]:
    """Answers from a byte stream, each decoded and yielded as soon as its `---` line arrives."""
    first = stream.readline(limit + 1)
    if first.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) or b"\x00" in first:
        # UTF-16/32 cannot be cut at b"\n" bytes: take the whole input, then split the text.
        data = first + stream.read(limit + 1 - len(first))
        if len(data) > limit:
            raise InterviewerError(f"{name}: UTF-16 answers larger than {limit // 2**20} MB")
        yield from read_answers(io.StringIO(_answer_text(data, name)))
        return
    buf: list[bytes] = []
    size, n = 0, 0

    def one() -> str:
        nonlocal n
        n += 1
        try:
            return _answer_text(b"".join(buf), name).strip()
        except InterviewerError as e:
            raise InterviewerError(f"{name}: answer {n}: {e.message.removeprefix(f'{name}: ')}") from None

    line = first.removeprefix(codecs.BOM_UTF8)
    while line:
        if line.strip() == b"---":
            yield one()
            buf, size = [], 0
        else:
            buf.append(line)
            size += len(line)
            if size > limit:
                raise InterviewerError(f"{name}: answer {n + 1} is larger than {limit // 2**20} MB")
        line = stream.readline(limit + 1)
    if b"".join(buf).strip():
        yield one()


def _answer_source(answers_file: str | None) -> Iterator[str] | None:
    from interviewer.files import InputFileError, read_limited

    if answers_file:
        try:
            data = read_limited(Path(answers_file), ANSWERS_LIMIT)
        except InputFileError as e:
            reason = "no such answers file" if e.kind == "missing" else e.reason
            raise InterviewerError(f"{answers_file}: {reason}") from None
        text = _answer_text(data, answers_file)
        answers = list(read_answers(io.StringIO(text)))
        if not any(_visible(a) for a in answers):
            raise InterviewerError(f"{answers_file}: no answer text in it (separate answers with lines holding only ---)")
        return iter(answers)
    if not sys.stdin.isatty():
        stream = getattr(sys.stdin, "buffer", None)
        return read_answer_bytes(stream) if stream is not None else read_answers(sys.stdin)
    return None


def _visible(text: str) -> bool:
    # A byte-order mark or zero-width space decodes fine but is not an answer.
    return any(not ch.isspace() and unicodedata.category(ch) != "Cf" for ch in text)


def _taken(path: Path) -> str:
    """Why --transcript PATH is refused: what is already there, and what to do instead."""
    from interviewer import transcript

    try:
        t = transcript.load(path)
    except TranscriptError as e:
        # Not "continue it with resume": resume would refuse the same file.
        return f"{e.message}; the file exists and is not a session to continue: choose another --transcript path"
    if t.status == "finished":
        return f"{path}: a finished session is saved there; read it with `interviewer report {path}` or choose another path"
    return f"{path}: a session is already saved there; continue it with `interviewer resume {path}` or choose another path"


def chat_cmd(args) -> int:
    from interviewer import paths, skills, transcript
    from interviewer.plan import build_plan
    from interviewer.resume import load_resume
    from interviewer.session import Session
    from interviewer.textutil import language_hint

    if args.resume == "-" and not args.answers:
        raise InterviewerError("--resume - reads the résumé from stdin, so give the answers with --answers FILE")
    resume = load_resume(args.resume) if args.resume else None
    pack = skills.resolve(args.skill, args.lang or (resume and language_hint(resume.text)), args.skills_dir)
    lang = args.lang or pack.lang
    if resume is None:
        resume = load_resume(paths.sample_resume(lang))
    answers = _answer_source(args.answers)
    settings, engine, scorer = _engines(args)
    plan = build_plan(pack, resume, args.minutes, lang)
    session = Session.create(pack, resume, plan, engine, scorer, mode="practice", max_turns=args.max_turns)
    if args.transcript:
        path = Path(args.transcript)
        if path.is_dir():
            raise TranscriptError(f"{path}: --transcript must be a file path, not a folder")
    else:
        path = transcript.default_path(paths.transcripts_dir(args.transcripts), session.transcript)
    transcript.check_writable(path.parent)
    # Locked before the path is checked: two chats given one --transcript must not both find it free.
    session.store = transcript.TranscriptStore(path).acquire()
    try:
        if args.transcript and (path.exists() or path.is_symlink()):
            raise TranscriptError(_taken(path))
        starting = i18n.text(lang, "chat.starting", engine=_describe(settings, lang), pack=pack.name, lang=lang,
                             path=path)
        print(f"interviewer: {starting}", file=sys.stderr)
        return run(session, answers, args.feedback)
    finally:
        session.store.release()


def resume_cmd(args) -> int:
    from interviewer import transcript

    # The lock first, then the file: a copy read before another writer's last save would drop its answers.
    store = transcript.TranscriptStore(Path(args.transcript))
    if store.path.exists():
        store.acquire()
    try:
        return _resume(args, store)
    finally:
        store.release()


def _resume(args, store) -> int:
    from interviewer import skills, transcript
    from interviewer.session import Session

    path = Path(args.transcript)
    t = transcript.load(store.path if store.path.exists() else path)
    if t.status == "finished":
        print(f"{path}: this session is already finished; read it with: interviewer report {path}")
        return 0
    transcript.check_resumable(t, str(path))
    try:
        pack = skills.resolve(t.skill.path if Path(t.skill.path).exists() else t.skill.name, t.lang)
    except InterviewerError as e:
        raise TranscriptError(f"{path}: the session's skill pack is not available ({e.message})") from None
    if pack.sha256 != t.skill.sha256:
        print(f"interviewer: {i18n.text(t.lang, 'chat.pack_changed', pack=pack.name)}", file=sys.stderr)
    answers = _answer_source(args.answers)
    settings, engine, scorer = _engines(args)
    if args.max_turns is not None:
        t.max_turns = args.max_turns
    transcript.check_writable(store.path.parent)
    session = Session.restore(t, pack, engine, scorer, store)
    print(f"interviewer: {i18n.text(t.lang, 'chat.resuming', id=t.id, engine=_describe(settings, t.lang), turns=len(t.turns))}",
          file=sys.stderr)
    return run(session, answers, args.feedback)
