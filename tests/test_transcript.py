"""Transcripts: atomic 0600 saves, one-line load errors that never touch the file, a store that survives a
full disk, kill -9 at random moments, and listing 1,000 sessions."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interviewer import transcript as T
from interviewer import transcript_index as TI
from interviewer.errors import TranscriptError
from sample_transcript import add_exchange, sample_transcript

BASE_TURNS = len(sample_transcript("en").turns)


def mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_round_trip_is_exact_and_creates_a_private_folder(tmp_path):
    t = sample_transcript("zh")
    path = tmp_path / "new" / "s.json"
    T.save(t, path)
    assert T.load(path) == t
    assert mode(path.parent) == 0o700
    assert json.loads(path.read_text(encoding="utf-8"))["turns"][1]["assessment"]["level"] == 3
    assert "王同学" in path.read_text(encoding="utf-8")  # readable UTF-8, not \u escapes


@pytest.mark.parametrize("umask", [0o000, 0o022, 0o277])
def test_saved_file_is_0600_whatever_the_umask(tmp_path, umask):
    path = tmp_path / "s.json"
    path.write_text("old")
    path.chmod(0o644)
    old = os.umask(umask)
    try:
        T.save(sample_transcript("en"), path)
    finally:
        os.umask(old)
    assert mode(path) == 0o600
    assert leftovers(tmp_path) == []


def test_a_failed_rename_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "s.json"
    T.save(sample_transcript("en"), path)
    before = path.read_bytes()

    def refuse(*a, **k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", refuse)
    t = sample_transcript("en")
    add_exchange(t, 1)
    with pytest.raises(OSError):
        T.save(t, path)
    assert path.read_bytes() == before
    assert leftovers(tmp_path) == []


def _future(p: Path) -> None:
    data = json.loads(sample_transcript("en").model_dump_json())
    data["schema_version"] = 7
    p.write_text(json.dumps(data))


def _bad_role(p: Path) -> None:
    data = json.loads(sample_transcript("en").model_dump_json())
    data["turns"][3]["role"] = "narrator"
    p.write_text(json.dumps(data))


BAD_FILES = [
    ("empty", lambda p: p.write_text(""), "is not a transcript (empty file)"),
    ("bad JSON", lambda p: p.write_text('{\n "id": "x",\n "turns": [,]\n}'), "is not a transcript (bad JSON at line 3)"),
    ("binary", lambda p: p.write_bytes(b"\xff\xfe\x00garbage\x81"), "is not a transcript (not UTF-8 text)"),
    ("a list", lambda p: p.write_text("[1, 2]"), "expected a JSON object, found list"),
    ("no version", lambda p: p.write_text('{"id": "x"}'), "is not a transcript (no schema_version)"),
    ("future", _future, "was written by a newer interviewer (schema 7; this one reads 1)"),
    ("wrong shape", _bad_role, "is not a valid transcript (turns.3.role:"),
    ("deep", lambda p: p.write_text("[" * 100000 + "]" * 100000), "is not a transcript"),
]


@pytest.mark.parametrize("name,make,message", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_unreadable_files_give_one_line_naming_the_file_and_stay_untouched(tmp_path, name, make, message):
    path = tmp_path / "t.json"
    make(path)
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    with pytest.raises(TranscriptError) as e:
        T.load(path)
    assert str(path) in e.value.message and message in e.value.message
    assert "\n" not in e.value.message
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]


def test_an_undecodable_character_in_an_answer_does_not_block_saving(tmp_path):
    t = sample_transcript("en")
    t.turns[1].text = "bad byte \udcff here"  # what surrogateescape makes of a stray byte on stdin
    T.save(t, tmp_path / "s.json")
    assert T.load(tmp_path / "s.json").turns[1].text == "bad byte ? here"


def test_missing_file_and_folder_are_one_line_errors(tmp_path):
    with pytest.raises(TranscriptError, match=r"nope\.json: no such transcript$"):
        T.load(tmp_path / "nope.json")
    with pytest.raises(TranscriptError, match="is a folder, not a transcript$"):
        T.load(tmp_path)


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EACCES, errno.EROFS])
@pytest.mark.parametrize("where", ["open", "replace"])
def test_store_keeps_going_when_the_disk_refuses_and_retries(tmp_path, monkeypatch, code, where):
    # Tests run as root, where chmod 0500 stops nothing: make the system calls fail instead.
    path = tmp_path / "s.json"
    store = T.TranscriptStore(path)
    t = sample_transcript("en")
    t.status = "in_progress"
    assert store.save(t) and store.last_error is None
    real = getattr(os, where)

    def refuse(*a, **k):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, where, refuse)
    for n in range(3):
        add_exchange(t, n)
        assert store.save(t) is False
    assert os.strerror(code) in store.last_error and str(path) in store.last_error
    assert "\n" not in store.last_error and store.failures == 3
    assert leftovers(tmp_path) == []
    assert len(T.load(path).turns) == BASE_TURNS  # the last good save is intact

    monkeypatch.setattr(os, where, real)
    assert store.save(t) and store.last_error is None and store.failures == 0
    assert T.load(path).turns == t.turns


def test_store_never_raises(tmp_path, monkeypatch):
    def boom(*a, **k):
        raise ValueError("unexpected")

    monkeypatch.setattr(T, "save", boom)
    store = T.TranscriptStore(tmp_path / "s.json")
    assert store.save(sample_transcript("en")) is False
    assert "unexpected" in store.last_error


def test_store_refreshes_updated_at_and_sweeps_temp_files_of_dead_processes(tmp_path):
    path = tmp_path / "s.json"
    dead = tmp_path / f".s.json.{2**22 + 12345}.deadbeef.tmp"  # above Linux's pid_max: no such process
    alive = tmp_path / f".s.json.{os.getpid()}.cafef00d.tmp"
    dead.write_text("{")
    alive.write_text("{")
    t = sample_transcript("en")
    assert T.TranscriptStore(path).save(t)
    assert t.updated_at != sample_transcript("en").updated_at
    assert T.load(path).updated_at == t.updated_at
    assert not dead.exists() and alive.exists()


def test_check_writable(tmp_path, monkeypatch):
    folder = tmp_path / "a" / "b"
    T.check_writable(folder)
    assert folder.is_dir() and list(folder.iterdir()) == []
    afile = tmp_path / "file"
    afile.write_text("x")
    with pytest.raises(TranscriptError, match="it is a file"):
        T.check_writable(afile)
    with pytest.raises(TranscriptError, match="cannot save transcripts here"):
        T.check_writable(afile / "sub")

    def refuse(*a, **k):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(TranscriptError) as e:
        T.check_writable(folder)
    assert e.value.message == f"{folder}: cannot save transcripts here (Permission denied)"


def test_default_path_is_the_id_made_safe(tmp_path):
    t = sample_transcript("en")
    assert T.default_path(tmp_path, t) == tmp_path / "20250301-090000-abc123.json"
    t.id = "../../etc/x y"
    assert T.default_path(tmp_path, t).parent == tmp_path


# --- fuzzing the loader: whatever the bytes, a Transcript or one TranscriptError line ----------------------

VALID = sample_transcript("zh").model_dump_json(indent=1).encode()
FUZZ = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


def _paths(node, prefix=()):
    yield prefix
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for k, v in items:
        yield from _paths(v, (*prefix, k))


PATHS = [p for p in _paths(json.loads(VALID)) if p]


def _parses_or_one_line(raw: bytes) -> None:
    try:
        assert isinstance(T.parse(raw, "f.json"), T.Transcript)
    except TranscriptError as e:
        assert e.message.startswith("f.json ") and "\n" not in e.message


@FUZZ
@given(st.binary(max_size=3000))
def test_fuzz_random_bytes(raw):
    _parses_or_one_line(raw)


@FUZZ
@given(st.integers(0, len(VALID) - 1))
def test_fuzz_every_torn_prefix_is_refused(cut):
    with pytest.raises(TranscriptError):
        T.parse(VALID[:cut], "f.json")


@FUZZ
@given(st.sampled_from(PATHS), JSON)
def test_fuzz_one_field_replaced_by_any_json(path, value):
    data = json.loads(VALID)
    node = data
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    _parses_or_one_line(json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass"))


# --- kill -9 ----------------------------------------------------------------------------------------------

# A zygote process imports everything once, then forks one writer per kill, so 100 kills take seconds,
# not a minute of interpreter start-ups. Each writer resumes the file the previous one was killed writing.
ZYGOTE = """
import os, sys
sys.path[:0] = [{root!r}, {tests!r}]
from pathlib import Path
from sample_transcript import add_exchange, sample_transcript
from interviewer import transcript as T
path = Path(sys.argv[1])
T.save(sample_transcript("en"), path)
for line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        try:
            t = T.load(path)
            n = (len(t.turns) - {base}) // 2
            store = T.TranscriptStore(path)
            ready = False
            while True:
                add_exchange(t, n)
                if store.save(t):
                    os.write(1, b"%d\\n" % n)  # acknowledged only once it is on disk
                # Ready only after one save, so every kill lands on a file that grew (no timing luck).
                if not ready:
                    os.write(1, ("ready %d\\n" % os.getpid()).encode())
                    ready = True
                n += 1
        finally:
            os._exit(1)
    os.waitpid(pid, 0)
    os.write(1, b"reaped\\n")
"""


def _check_after_kill(path: Path, acked: int) -> int:
    t = T.load(path)  # must parse: a torn file fails here
    done = (len(t.turns) - BASE_TURNS) // 2
    assert done >= acked + 1, f"exchange {acked} was acknowledged but is missing"
    for n in range(done):
        q, a = t.turns[BASE_TURNS + 2 * n: BASE_TURNS + 2 * n + 2]
        assert (q.text, q.index, a.index) == (f"question {n}?", BASE_TURNS + 2 * n, BASE_TURNS + 2 * n + 1)
    assert mode(path) == 0o600
    return done


def test_kill_9_at_random_moments_never_tears_the_file(tmp_path):
    kills, rng = 100, random.Random(20250301)
    path = tmp_path / "s.json"
    script = tmp_path / "zygote.py"
    here = Path(__file__).resolve().parent
    script.write_text(ZYGOTE.format(root=str(here.parent), tests=str(here), base=BASE_TURNS))
    zygote = subprocess.Popen([sys.executable, str(script), str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)
    mid_save, acked, done, started = 0, -1, 0, time.monotonic()
    try:
        for _ in range(kills):
            zygote.stdin.write("go\n")
            zygote.stdin.flush()
            line = zygote.stdout.readline()
            while line.strip().isdigit():
                acked = max(acked, int(line))
                line = zygote.stdout.readline()
            ready = line.split()
            assert ready and ready[0] == "ready", ready
            time.sleep(rng.uniform(0.0, 0.03))
            os.kill(int(ready[1]), signal.SIGKILL)
            for line in iter(zygote.stdout.readline, "reaped\n"):
                if line.strip().isdigit():
                    acked = max(acked, int(line))
            mid_save += bool(leftovers(tmp_path))
            done = max(done, _check_after_kill(path, acked))
    finally:
        zygote.kill()
        zygote.communicate()
    assert done >= kills  # every writer saved at least once before it was killed
    print(f"\n{kills} kills, 0 torn files, {done} exchanges kept, {mid_save} kills landed mid-save "
          f"(temp file left), {time.monotonic() - started:.1f}s")


# --- listing ----------------------------------------------------------------------------------------------

def test_listing_1000_sessions_newest_first_with_unreadable_files_shown(tmp_path):
    t = sample_transcript("zh")
    for n in range(20):
        add_exchange(t, n)
    template = t.model_dump_json(indent=1)
    for i in range(1000):
        stamp = f"2025-03-{1 + i // 100:02d}T{i % 100 // 10:02d}:{i % 10:02d}:00+00:00"
        (tmp_path / f"s{i:04d}.json").write_text(
            template.replace("20250301-090000-abc123", f"s{i:04d}").replace("2025-03-01T09:00:00+00:00", stamp),
            encoding="utf-8")
    (tmp_path / "torn.json").write_text('{"schema_version": 1, "id": "x", "tur')
    (tmp_path / "notes.txt").write_text("not a session")
    timings = []
    for _ in range(2):
        started = time.perf_counter()
        found = TI.list_transcripts(tmp_path)
        timings.append(time.perf_counter() - started)
        assert len(found) == 1001
        readable = [s for s in found if not s.error]
        assert [s.id for s in readable[:2]] == ["s0999", "s0998"] and readable[-1].id == "s0000"
        assert readable[0].answers == 23 and list(readable[0].levels.values()) == [3, 1, None]
        torn = next(s for s in found if s.error)
        assert torn.status == "unreadable" and "torn.json is not a transcript (bad JSON at line 1)" in torn.error
    print(f"\nlisting 1,000 transcripts: first {timings[0] * 1000:.0f} ms, cached {timings[1] * 1000:.0f} ms")


def test_listing_cache_follows_every_change(tmp_path):
    t = sample_transcript("en", scorecard=False)
    path = T.default_path(tmp_path, t)
    T.save(t, path)
    assert TI.list_transcripts(tmp_path)[0].levels == {x: lv for x, lv in zip(
        [c.topic for c in t.plan.chains], [3, 1, None])}  # no scorecard yet: best level so far
    t.status = "in_progress"
    T.save(t, path)
    assert TI.list_transcripts(tmp_path)[0].status == "in_progress"
    path.write_text("{")
    assert TI.list_transcripts(tmp_path)[0].status == "unreadable"
    (tmp_path / TI.INDEX_NAME).write_text("[corrupt")
    T.save(t, path)
    assert TI.list_transcripts(tmp_path)[0].status == "in_progress"
    assert mode(tmp_path / TI.INDEX_NAME) == 0o600
    assert TI.list_transcripts(tmp_path / "missing") == []
