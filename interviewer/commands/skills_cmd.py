"""`interviewer skills list|show|lint`."""

from __future__ import annotations

import sys
from pathlib import Path

from interviewer import skills
from interviewer.commands.common import dumps


def list_cmd(args) -> int:
    broken: list[tuple[Path, str]] = []
    found = skills.list_packs(args.skills_dir, broken)
    if args.json:
        print(dumps([{"name": p.name, "description": p.description, "layer": p.layer, "path": str(f),
                      "languages": ["zh", "en"] if f.with_name("SKILL.en.md").exists() else [p.lang]}
                     for p, f in found]))
    elif not found:
        print("no skill packs found")
    else:
        width = max(len(p.name) for p, _ in found)
        for p, f in found:
            print(f"{p.name:<{width}}  {p.description}")
    for f, message in broken:
        # stderr, so --json output stays parseable; the pack is named, so it can be fixed or removed.
        print(f"interviewer: skipped {f.parent.name}: {message}", file=sys.stderr)
    return 0


def show_cmd(args) -> int:
    pack = skills.resolve(args.pack, args.lang, args.skills_dir)
    if args.json:
        print(dumps(pack.show_dict()))
        return 0
    print(f"# {pack.name}  ({pack.path})\n\n{pack.description}\n")
    print(f"## Résumé rules ({len(pack.rules)})")
    for r in pack.rules:
        print(f"{r.index}. {' / '.join(r.triggers)} → {'; '.join(r.probes)}")
    print(f"\n## Danger areas ({len(pack.danger_areas)})")
    for d in pack.danger_areas:
        print(f"- {d.area} [{d.topic or 'no topic'}]: {'; '.join(d.signals)}")
    print(f"\n## Topics ({len(pack.topics)})")
    for t in pack.topics:
        print(f"{t.index}. {t.title}")
        print("   ladder: " + " → ".join(t.ladder))
        print("   solid: " + "; ".join(t.markers))
    return 0


def lint_cmd(args) -> int:
    problems = []
    for p in args.paths:
        path = Path(p)
        if path.is_dir():
            files = sorted(path.glob("**/SKILL*.md"))
            if not files:
                problems.append(skills.LintProblem(str(path), 1, "folder has no SKILL.md"))
            for f in files:
                problems += skills.lint(f)
        else:
            problems += skills.lint(path) if path.exists() else [skills.LintProblem(str(path), 1, "no such file")]
    for pr in problems:
        print(pr)
    return 1 if problems else 0
