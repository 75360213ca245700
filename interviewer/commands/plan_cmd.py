"""`interviewer plan`: an interview plan for one résumé, as Markdown, HTML or JSON."""

from __future__ import annotations

from interviewer import resume as resumes
from interviewer import skills
from interviewer.commands.common import emit
from interviewer.errors import InterviewerError
from interviewer.plan import build_plan
from interviewer.plan_view import render_plan
from interviewer.textutil import language_hint


def plan_cmd(args) -> int:
    if args.minutes < 1:
        raise InterviewerError(f"--minutes must be at least 1 (got {args.minutes})")
    res = resumes.load_resume(args.resume)
    pack = skills.resolve(args.skill, args.lang or language_hint(res.text), args.skills_dir)
    plan = build_plan(pack, res, minutes=args.minutes, lang=args.lang)
    # The résumé and the pack are the inputs an -o typo could replace.
    emit(render_plan(plan, args.format, pack), args.output, [(args.resume, "résumé"), (pack.path, "skill pack")])
    return 0
