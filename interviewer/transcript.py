"""The Transcript model, atomic autosave (temp file, fsync, rename, 0600), load and resume.

Listing saved sessions lives in transcript_index.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import math
import os
import re
import secrets
import stat
from datetime import datetime, timezone
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

from interviewer.coverage import Covered
from interviewer.errors import TranscriptError
from interviewer.files import InputFileError, read_limited, write_private
from interviewer.locks import SessionLock
from interviewer.plan import InterviewPlan
from interviewer.scoring import Assessment, Scorecard
from interviewer.skills import SkillRef
from interviewer.textutil import strip_controls

SCHEMA_VERSION = 1


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class ProviderRef(BaseModel):
    name: str = "offline"
    model: str = ""


class Usage(BaseModel):
    """Tokens one LLM call used."""

    purpose: Literal["interviewer", "scorer"]
    input: int = 0
    output: int = 0
    cached: int = 0
    error: str = Field(default="", description="why this call's result was not used (a failure or a refused "
                                               "decision); empty when it was used")


class Turn(BaseModel):
    index: int = Field(description="0-based position in the session")
    role: Literal["interviewer", "candidate"]
    text: str
    at: str = Field(default_factory=now)
    chain: str | None = Field(default=None, description="chain id the turn belongs to")
    action: str | None = Field(default=None, description="interviewer: probe | switch | clarify | end | open | repeat | hint")
    engine: str | None = Field(default=None, description="interviewer: which engine spoke (offline, anthropic, openai, offline-fallback)")
    target: str | None = Field(default=None, description="interviewer: what this question is after (a probe or a rung)")
    notes: str | None = Field(default=None, description="interviewer: working notes (not shown to the candidate)")
    worded: bool = Field(default=False, description="interviewer: code chose signal, action and chain (the offline "
                                                    "policy) and the model only worded the question")
    assessment: Assessment | None = Field(default=None, description="candidate: the scorer's output")
    covers: list[Covered] = Field(default=[], description="candidate: follow-ups this answer already answers, with quotes")
    usage: list[Usage] = Field(default=[], description="LLM calls made for this turn")

    @field_validator("text")
    @classmethod
    def _printable(cls, text: str) -> str:
        # A transcript from an older version or edited by hand may hold escape sequences or bidi controls
        # (U+202E): `resume` prints its last question, the UI shows every turn. They go on load.
        return strip_controls(text)


class SessionState(BaseModel):
    """What the loop needs to continue; rebuilt from the transcript on resume."""

    chain_pos: int = Field(default=0, description="index into plan.chains of the current chain")
    steps: dict[str, int] = Field(default={}, description="chain id → follow-ups used so far")
    misses: int = Field(default=0, description="consecutive dont_know / not_mine on the current chain")
    skipped: list[str] = Field(default=[], description="chain ids the candidate skipped")
    asked: list[str] = Field(default=[], description="every question asked, to never repeat one")
    questions: int = Field(default=0, description="questions asked so far (for --max-turns)")
    interviewer_role: Literal["word"] | None = Field(
        default=None, description="'word' once the session switched to wording-only after repeated refusals: "
                                  "code decides every later turn and the model only words it, on resume too")


class Transcript(BaseModel):
    schema_version: int = SCHEMA_VERSION
    id: str
    status: Literal["in_progress", "finished"] = "in_progress"
    created_at: str = Field(default_factory=now)
    updated_at: str = Field(default_factory=now)
    mode: Literal["practice", "copilot"] = "practice"
    skill: SkillRef
    provider: ProviderRef = ProviderRef()
    lang: str
    resume_text: str = Field(default="", description="the normalised résumé, so a session can resume anywhere")
    plan: InterviewPlan
    turns: list[Turn] = []
    state: SessionState = SessionState()
    max_turns: int = 30
    scorecard: Scorecard = Scorecard()

    @field_validator("resume_text")
    @classmethod
    def _printable(cls, text: str) -> str:
        return strip_controls(text)


def new_id() -> str:
    """Sortable and unique: UTC time plus random hex."""
    return datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


def default_path(folder: Path, transcript: Transcript) -> Path:
    """Where a session is saved when no --transcript is given: `<folder>/<id>.json`."""
    return Path(folder) / (re.sub(r"[^A-Za-z0-9._-]", "_", transcript.id).lstrip(".") + ".json")


# A transcript of a 300-turn session is well under a megabyte; anything this big is not ours.
MAX_BYTES = 64 * 1024 * 1024


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError as e:
        # Some filesystems cannot fsync a folder; the rename itself has already happened.
        if e.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """`data` to `path` through write_private, the folder created (0700) and fsynced after the rename."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_private(path, data)
    _fsync_dir(path.parent)


def save(transcript: Transcript, path: Path) -> None:
    """Atomic write (temp file, fsync, rename, fsync folder), mode 0600, of `transcript` as given; raises OSError."""
    # updated_at is left alone so a round trip is exact; TranscriptStore.save (the autosave) refreshes it.
    try:
        # Straight to bytes: model_dump_json decodes what encode() would then re-encode, twice per turn.
        data = transcript.__pydantic_serializer__.to_json(transcript, indent=1)
    except ValueError:
        # A lone surrogate (a terminal's undecodable byte) must not make every later save fail: replace it.
        data = json.dumps(transcript.model_dump(mode="json"), ensure_ascii=False, indent=1).encode("utf-8", "replace")
    atomic_write(Path(path), data)


def _one_line(s: str) -> str:
    return " ".join(str(s).split())


# What save() writes starts like this; such files take pydantic's one-pass JSON validation (listing 1,000
# sessions cold is mostly parsing), anything else or anything it rejects takes the careful path below.
_OURS = re.compile(rb'\{\s*"schema_version"\s*:\s*(\d{1,4})\s*,')
# A JSON escape of a lone surrogate loads fine but can never be written back as UTF-8.
_SURROGATE_ESC = re.compile(rb"\\u[dD][89a-fA-F]")


def _scrub(obj):
    """Every string with lone surrogates replaced by '?', so a loaded transcript can always be saved again."""
    if isinstance(obj, str):
        return obj.encode("utf-8", "replace").decode("utf-8")
    if isinstance(obj, list):
        return [_scrub(x) for x in obj]
    if isinstance(obj, dict):
        return {_scrub(k): _scrub(v) for k, v in obj.items()}
    return obj


def parse(raw: bytes, name: str = "<transcript>") -> Transcript:
    """Bytes → Transcript; TranscriptError (one line, naming `name`) for anything that is not a readable one."""
    head = _OURS.match(raw)
    surrogates = bool(_SURROGATE_ESC.search(raw))
    if head and 1 <= int(head.group(1)) <= SCHEMA_VERSION and not surrogates:
        try:
            t = Transcript.model_validate_json(raw)
        except ValidationError:
            t = None
        # JSON keeps the last of a repeated key: a second "schema_version" is the one a resave would write.
        if t is not None and t.schema_version == int(head.group(1)):
            return _checked(t, name)
    if not raw.strip():
        raise TranscriptError(f"{name} is not a transcript (empty file)")
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise TranscriptError(f"{name} is not a transcript (not UTF-8 text)") from None
    except json.JSONDecodeError as e:
        raise TranscriptError(f"{name} is not a transcript (bad JSON at line {e.lineno})") from None
    except RecursionError:
        raise TranscriptError(f"{name} is not a transcript (JSON nested too deeply)") from None
    if surrogates:
        data = _scrub(data)
    if not isinstance(data, dict):
        raise TranscriptError(f"{name} is not a transcript (expected a JSON object, found {type(data).__name__})")
    version = data.get("schema_version")
    if version is None:
        raise TranscriptError(f"{name} is not a transcript (no schema_version)")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise TranscriptError(f"{name} is not a transcript (schema_version {_one_line(repr(version))[:40]})")
    if version > SCHEMA_VERSION:
        raise TranscriptError(f"{name} was written by a newer interviewer "
                              f"(schema {version}; this one reads {SCHEMA_VERSION})")
    try:
        t = Transcript.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        # A key of the file's own (a newline in a dict key) is part of the path: kept on one line.
        field = _one_line(".".join(str(x) for x in first["loc"])) or "top level"
        more = f"; {e.error_count() - 1} more" if e.error_count() > 1 else ""
        raise TranscriptError(f"{name} is not a valid transcript ({field}: {_one_line(first['msg'])}{more})") from None
    return _checked(t, name)


LANGS = ("zh", "en")
# Above anything --max-turns accepts (cli.MAX_TURNS) and the 300-turn load test; a bigger number is corruption.
MAX_TURNS_LIMIT = 10_000


def _show(value) -> str:
    return _one_line(repr(value))[:40]


def _problems(t: Transcript) -> list[str]:
    """Values the types allow but no session writes, as 'field: why'; any of them would break resume or report."""
    out: list[str] = []
    for field, lang in (("lang", t.lang), ("plan.lang", t.plan.lang)):
        if lang not in LANGS:
            out.append(f"{field}: {_show(lang)} is not zh or en")
    # Only an unfinished session acts on it; a finished one keeps whatever --max-turns it was run with.
    if t.status == "in_progress" and not 1 <= t.max_turns <= MAX_TURNS_LIMIT:
        out.append(f"max_turns: {_show(t.max_turns)} is not between 1 and {MAX_TURNS_LIMIT}")
    for field in ("created_at", "updated_at"):
        try:
            datetime.fromisoformat(getattr(t, field))
        except ValueError:
            out.append(f"{field}: {_show(getattr(t, field))} is not an ISO date and time")
    ids: set[str] = set()
    for i, c in enumerate(t.plan.chains):
        if c.id in ids:
            out.append(f"plan.chains.{i}.id: {_show(c.id)} is used by an earlier chain")
        ids.add(c.id)
        # JSON's NaN and Infinity (and 1e999) load as floats but are saved back as null, which no longer loads.
        if not math.isfinite(c.strength):
            out.append(f"plan.chains.{i}.strength: {c.strength} is not a finite number")
    # With no chains the offline interviewer names chain "": such a file is reportable, never resumable.
    known = ids or {""}
    for i, turn in enumerate(t.turns):
        if turn.chain is not None and turn.chain not in known:
            out.append(f"turns.{i}.chain: the plan has no chain {_show(turn.chain)}")
        if turn.assessment is not None and not _a_level(turn.assessment.level):
            out.append(f"turns.{i}.assessment.level: {_show(turn.assessment.level)} is not a level from 1 to 4")
    for i, score in enumerate(t.scorecard.topics):
        if not _a_level(score.level):
            out.append(f"scorecard.topics.{i}.level: {_show(score.level)} is not a level from 1 to 4")
    overall = t.scorecard.overall
    if overall is not None and not (math.isfinite(overall) and 1 <= overall <= 4):
        out.append(f"scorecard.overall: {_show(overall)} is not a level from 1 to 4")
    st = t.state
    if st.chain_pos < 0 or (ids and st.chain_pos >= len(t.plan.chains)):
        out.append(f"state.chain_pos: {st.chain_pos} is not the index of a planned chain")
    for chain, step in st.steps.items():
        if step < 0:
            out.append(f"state.steps.{chain}: {step} is not a follow-up count")
    for field, named in (("state.skipped", st.skipped), ("state.steps", list(st.steps))):
        unknown = [c for c in named if c not in known]
        if unknown:
            out.append(f"{field}: the plan has no chain {_show(unknown[0])}")
    return out


def _a_level(level) -> bool:
    # None is "not assessed"; a bool is an int to Python but never a level.
    return level is None or (isinstance(level, int) and not isinstance(level, bool) and 1 <= level <= 4)


def _checked(t: Transcript, name: str) -> Transcript:
    problems = _problems(t)
    if problems:
        more = f"; {len(problems) - 1} more" if len(problems) > 1 else ""
        raise TranscriptError(f"{name} is not a valid transcript ({problems[0]}{more})")
    return t


def check_resumable(t: Transcript, name: str) -> None:
    """TranscriptError when an unfinished session cannot go on: its plan has no question to ask."""
    if not t.plan.chains:
        raise TranscriptError(f"{name}: cannot resume a session whose plan has no chains (plan.chains is empty); "
                              f"read it with: interviewer report {name}")


def load(path: Path) -> Transcript:
    """Parse a transcript; TranscriptError for a missing, corrupt or future-version file (never modified)."""
    path = Path(path)
    try:
        raw = read_limited(path, MAX_BYTES)
    except InputFileError as e:
        what = {"missing": ": no such transcript", "folder": " is a folder, not a transcript",
                "too_large": f" is not a transcript (over {MAX_BYTES // 2**20} MB)",
                "special": " is not a transcript (not a regular file: a pipe, socket or device)"}
        raise TranscriptError(f"{path}{what.get(e.kind, ': ' + e.reason)}") from None
    return parse(raw, str(path))


def check_writable(folder: Path) -> None:
    """Create the folder (0700) if needed and prove a file can be written there; TranscriptError if not."""
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise TranscriptError(f"{folder}: cannot save transcripts here (it is a file, not a folder)")
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        probe = folder / f".write-test.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, b"{}")
            os.fsync(fd)
        finally:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(probe)
    except OSError as e:
        raise TranscriptError(f"{folder}: cannot save transcripts here ({e.strerror or e})") from None


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def read_only(path: Path) -> bool:
    """True when `path` is a file its owner may not write (chmod a-w), or that this user may not write."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    # os.access alone says yes to root whatever the mode; the owner's write bit is what `chmod a-w` takes away.
    return not st.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK)


class TranscriptStore:
    """Saves one session's file after every turn; a failed save warns, keeps going and retries next turn.

    `acquire` makes this process the session's only writer (locks.SessionLock) and refuses a read-only file;
    `rescue` writes the session elsewhere when its own file cannot be saved.
    """

    def __init__(self, path: Path) -> None:
        path = Path(path)
        # Resolved once: every save replaces the file a symlink names; replacing the link would fork the session.
        self.path = Path(os.path.realpath(path)) if path.is_symlink() else path
        self.lock = SessionLock(self.path)
        self.last_error: str | None = None
        self.last_reason: str | None = None
        self.failures = 0
        self.rescued: Path | None = None
        self._swept = False

    @property
    def unsaved(self) -> bool:
        """The last save failed: what is in memory is not all on disk."""
        return self.failures > 0

    def acquire(self) -> "TranscriptStore":
        """Become the session's only writer; TranscriptError when another process has it or the file is read-only."""
        self.lock.acquire()
        if read_only(self.path):
            self.lock.release()
            raise TranscriptError(f"{self.path}: the transcript is read-only; to continue the session make it "
                                  f"writable (chmod u+w), or read it with: interviewer report {self.path}")
        return self

    def release(self) -> None:
        self.lock.release()

    def save(self, transcript: Transcript) -> bool:
        """Refresh `updated_at` and write; False (message in last_error) when the disk refuses. Never raises."""
        transcript.updated_at = now()
        try:
            if read_only(self.path):
                # The rename would replace it anyway (the folder is writable): a file made read-only is a "no".
                raise PermissionError(errno.EACCES, "the transcript was made read-only")
            save(transcript, self.path)
        except Exception as e:  # noqa: BLE001 — losing the session in memory is worse than any save error
            self.failures += 1
            reason = e.strerror if isinstance(e, OSError) and e.strerror else _one_line(f"{type(e).__name__}: {e}")
            # Just the cause: the session words the warning around it ("could not save the session (…)").
            self.last_reason = reason
            self.last_error = f"{self.path}: {reason}"
            return False
        self.last_error = self.last_reason = None
        self.failures = 0
        if not self._swept:
            self._swept = True
            self._sweep_stale_temps()
        return True

    def rescue(self, transcript: Transcript) -> Path | None:
        """Save `transcript` where it can be written when its own file cannot: the state folder, else a temp folder.

        The copy is a whole transcript (0600): `interviewer resume COPY` continues the session from it.
        """
        import tempfile

        from interviewer import paths

        name = f"{self.path.stem}.rescued-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json"
        for folder in (lambda: paths.state_home() / "rescue", lambda: Path(tempfile.mkdtemp(prefix="interviewer-"))):
            try:
                where = folder()
                where.mkdir(parents=True, exist_ok=True, mode=0o700)
                save(transcript, where / name)
            except Exception:  # noqa: BLE001, S112 — any failure here means: try the next place
                continue
            self.rescued = where / name
            return self.rescued
        return None

    def failure_message(self) -> str:
        """One line for a session whose last save failed: where everything is now, and how to go on."""
        head = f"could not save the session to {self.path} ({self.last_reason or 'unknown error'})"
        if self.rescued:
            return (f"{head}; every answer is in the rescue copy {self.rescued} "
                    f"(continue it with: interviewer resume {self.rescued})")
        return (f"{head}, nor a rescue copy (in the state folder or the temp folder): "
                "the answers since the last save are lost")

    def _sweep_stale_temps(self) -> None:
        # Temp files of processes killed mid-save; never those of a process still running.
        for tmp in self.path.parent.glob(f".{glob.escape(self.path.name)}.*.tmp"):
            parts = tmp.name[len(self.path.name) + 2:].split(".")
            if len(parts) == 3 and parts[0].isdigit() and not _pid_alive(int(parts[0])):
                with contextlib.suppress(OSError):
                    tmp.unlink()


def plan_topics(transcript: Transcript) -> list[str]:
    """The plan's topics, each once, in chain order."""
    return list(dict.fromkeys(c.topic for c in transcript.plan.chains))
