"""The wheel is the product: built from a copy of the source, installed into a fresh venv, run from a folder
that has nothing to do with the checkout, with HOME pointing at an empty folder.

Offline and fast: the wheel is built with the dev venv's setuptools (--no-build-isolation --no-index), the
fresh venv has no pip and reaches the dependencies through a .pth line naming the dev venv's site-packages
(a plain path: the editable install's own .pth there is not run, so `interviewer` can only come from the wheel).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("interviewer", "skills", "prompts", "pyproject.toml", "README.md", "LICENSE")
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist")


def run(cmd: list, cwd: Path, env: dict | None = None, stdin: str | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc


def ok(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 0, f"exit {proc.returncode}\nstdout: {proc.stdout[-1500:]}\nstderr: {proc.stderr[-1500:]}"
    return proc.stdout


def build_wheel(src: Path, out: Path) -> Path:
    ok(run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
            "-w", out, f"./{src.name}"], cwd=src.parent))
    (wheel,) = out.glob("interviewer-*.whl")
    return wheel


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """A copy of the source tree, its wheel, and the wheel built again from its sdist (the `build`/uv route)."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    for name in SOURCES:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=JUNK)
        else:
            shutil.copy2(p, src / name)
    wheel = build_wheel(src, base / "dist")
    # The sdist must carry what the wheel needs: `python -m build` and uv build the wheel from it.
    code = "import sys; from setuptools import build_meta as b; print(b.build_sdist(sys.argv[1]))"
    sdist = base / "sdist" / ok(run([sys.executable, "-c", code, base / "sdist"], cwd=src)).strip().splitlines()[-1]
    with tarfile.open(sdist) as tar:
        tar.extractall(base / "unpacked", filter="data")
    (unpacked,) = (base / "unpacked").iterdir()
    return {"base": base, "src": src, "wheel": wheel, "from_sdist": build_wheel(unpacked, base / "dist2")}


@pytest.fixture(scope="module")
def installed(built) -> dict:
    """A fresh venv holding only the wheel; its dependencies come from the dev venv by a .pth path line."""
    base = built["base"]
    venv = base / "venv"
    ok(run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=base))
    py = venv / "bin" / "python"
    purelib = Path(ok(run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=base)).strip())
    (purelib / "_dev_venv_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    ok(run([sys.executable, "-m", "pip", "--python", py, "install", "--no-deps", "--no-index", "-q", built["wheel"]],
           cwd=base))
    home = base / "home"
    elsewhere = base / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    # Nothing of the checkout or of the test run's settings: only what a new user's shell would have.
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", "TERM": "xterm-256color"}
    return {"venv": venv, "py": py, "exe": venv / "bin" / "interviewer", "home": home, "cwd": elsewhere, "env": env}


def wheel_files(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def test_pyproject_lists_every_package_under_interviewer():
    # packages.find cannot map skills/ and prompts/ into the package, so the list is written out; a new
    # sub-package missing from it would be missing from every install.
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "interviewer").rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    assert listed - found == {"interviewer.data.skills", "interviewer.data.prompts"}


def test_the_wheel_carries_every_module_the_packs_the_templates_and_the_license(built):
    src = built["src"]
    names = wheel_files(built["wheel"])
    modules = {str(p.relative_to(src)) for p in (src / "interviewer").rglob("*") if p.is_file()}
    assert modules <= names, sorted(modules - names)
    for folder in ("skills", "prompts"):
        files = {f"interviewer/data/{folder}/{p.relative_to(src / folder)}" for p in (src / folder).rglob("*")
                 if p.is_file()}
        assert files and files <= names, sorted(files - names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "the interviewer authors" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    # Through the sdist the same files arrive (what `python -m build`, pipx and uv may take).
    assert wheel_files(built["from_sdist"]) == names


def test_an_installed_wheel_works_from_another_folder(installed, tmp_path):
    exe, env, cwd, home = installed["exe"], installed["env"], installed["cwd"], installed["home"]
    where = ok(run([installed["py"], "-c", "import interviewer, sys; print(interviewer.__file__)"], cwd, env))
    assert where.startswith(str(installed["venv"])), where

    assert "distributed-training" in ok(run([exe, "skills", "list"], cwd, env))
    assert "interviewer" in ok(run([exe, "--help"], cwd, env))

    resume = cwd / "cv.md"
    resume.write_text((ROOT / "skills" / "distributed-training" / "sample-resume.en.md").read_text(encoding="utf-8"),
                      encoding="utf-8")
    plan = ok(run([exe, "plan", "--resume", resume, "--lang", "en"], cwd, env))
    assert plan.startswith("#") and "?" in plan

    answers = "We ran TP=8 inside the node and PP=4 across nodes, NCCL over RDMA.\n---\n/end\n---\n"
    chat = run([exe, "chat", "--lang", "en", "--resume", resume, "--provider", "offline"], cwd, env, stdin=answers)
    ok(chat)
    # The default folder is the XDG data folder (HOME/.local/share here), not ./transcripts of this folder.
    saved = sorted((home / ".local" / "share" / "interviewer" / "transcripts").glob("*.json"))
    assert len(saved) == 1, chat.stderr
    assert not (cwd / "transcripts").exists()
    assert str(saved[0]) in chat.stdout

    md = ok(run([exe, "report", saved[0]], cwd, env))
    assert md.startswith("#") and "TP=8" in md
    html = ok(run([exe, "report", saved[0], "--format", "html"], cwd, env))
    assert html.lstrip().lower().startswith("<!doctype html") and "TP=8" in html
    listed = ok(run([exe, "transcripts", "list"], cwd, env))
    assert saved[0].name in listed
    config = ok(run([exe, "config"], cwd, env))
    assert str(saved[0].parent) in config

    # XDG_DATA_HOME moves it, as the XDG spec says.
    xdg = env | {"XDG_DATA_HOME": str(home / "data")}
    ok(run([exe, "chat", "--lang", "en", "--provider", "offline"], cwd, xdg, stdin=answers))
    assert len(list((home / "data" / "interviewer" / "transcripts").glob("*.json"))) == 1

    # The terminal UI needs a terminal: the installed entry point says so instead of failing.
    tui = run([exe, "tui"], cwd, env)
    assert tui.returncode == 2 and "needs a terminal" in tui.stderr


TUI_SCRIPT = r"""
import asyncio
from interviewer.tui.app import make_app


async def main():
    app = make_app(blink=False, offer_resume=False)
    async with app.run_test(size=(100, 30)) as pilot:
        packs = None
        for _ in range(200):
            await pilot.pause(0.05)
            found = app.screen.query("#packs")
            if found and found.first().option_count:
                packs = found.first()
                break
        assert packs is not None, "no pack listed on the Start screen"
        print("packs", packs.option_count, packs.get_option_at_index(0).id)
        print("css", bool(app.stylesheet.rules))
        await pilot.click("#sample")  # the bundled sample résumé, read from the package
        for _ in range(200):
            await pilot.pause(0.05)
            if app.screen.query_one("#resume-text").text.strip():
                break
        await pilot.press("ctrl+s")  # with the bundled pack: an interview starts
        for _ in range(200):
            await pilot.pause(0.05)
            if getattr(app.screen, "session", None) is not None:
                break
        print("screen", type(app.screen).__name__, len(app.screen.session.transcript.turns))

asyncio.run(main())
"""


def test_the_installed_terminal_ui_starts_with_the_bundled_packs(installed):
    out = ok(run([installed["py"], "-c", TUI_SCRIPT], installed["cwd"], installed["env"], timeout=120))
    lines = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    assert int(lines["packs"].split()[0]) >= 1, out
    assert lines["css"] == "True", out
    assert lines["screen"].split()[0] == "InterviewScreen" and int(lines["screen"].split()[1]) >= 1, out


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_installed_terminal_ui_runs_in_a_real_terminal(installed, tmp_path):
    import shlex
    import time

    sock = tmp_path / "tmux.sock"
    env = installed["env"]
    cmd = "cd {} && exec env -i {} {}".format(shlex.quote(str(installed["cwd"])),
                                            " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                                            shlex.quote(str(installed["exe"])))

    def tmux(*args):
        return subprocess.run(["tmux", "-f", "/dev/null", "-S", str(sock), *args], capture_output=True, text=True,
                              timeout=10).stdout

    tmux("new-session", "-d", "-s", "t", "-x", "100", "-y", "30", cmd + "; sleep 30")
    try:
        shown = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and "distributed-training" not in shown:
            time.sleep(0.2)
            shown = tmux("capture-pane", "-p", "-t", "t")
        assert "distributed-training" in shown, shown
    finally:
        tmux("kill-server")
