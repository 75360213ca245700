"""`interviewer tui` (and `interviewer` with no command): the terminal UI."""

from __future__ import annotations

import sys


def _settings(args):
    """The provider settings; a bad provider setting falls back to offline with the reason shown in the UI."""
    from interviewer.config import load_settings
    from interviewer.errors import InterviewerError

    try:
        return load_settings(args), None
    except InterviewerError as e:
        return load_settings({"provider": "offline"}), e.message


def _screen_encoding() -> str:
    """The encoding of the stream Textual draws on (stderr, its LinuxDriver's file), normalised."""
    import codecs

    try:
        return codecs.lookup(getattr(sys.__stderr__, "encoding", None) or "ascii").name
    except LookupError:
        return "unknown"


def tui_cmd(args) -> int:
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("interviewer: the terminal UI needs a terminal; for scripts use `interviewer chat`", file=sys.stderr)
        return 2
    encoding = _screen_encoding()
    if encoding not in ("utf-8", "utf-16", "utf-32", "gb18030"):
        # Every frame is box-drawing characters: under ASCII or Latin-1 they would be escapes or mojibake.
        print(f"interviewer: the terminal UI needs UTF-8 output, and the output encoding is {encoding} "
              "(unset PYTHONIOENCODING or use a UTF-8 locale); `interviewer chat` works with any encoding",
              file=sys.stderr)
        return 2
    from interviewer.tui.app import make_app

    # The settings are read by the app after its first paint (they import pydantic and read the config file).
    app = make_app(settings_loader=lambda: _settings(args), transcripts=args.transcripts, skill=args.skill,
                   skills_dir=args.skills_dir, lang=args.lang, resume=args.resume, mode=args.mode)
    app.run()
    return app.return_code or 0
