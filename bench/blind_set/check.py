"""Check a blind set's part files (copy this folder's two scripts, SKILL.md, SKILL.en.md and a set.json such as
{"heldout": "heldout31", "candidates": "candidates30", "h": "h31", "c": "c30", "seed": 3131} into an empty folder
outside the project; the writer reads only those). Usage:
  python check.py topics zh|en     list the pack's topics with their markers, numbered as the scorer numbers them
  python check.py                  validate every file in parts/ and print counts
Part files: parts/p1.jsonl … p6.jsonl (single answers), parts/c1.jsonl, c2.jsonl (candidates), one JSON object per line.
Single answer: {"id": "<h>_NN", "lang": "zh"|"en", "topic": 1-16, "question": str, "answer": str, "level": 1-4,
  "signal": one of SIGNALS, "has_danger": bool, "kind": short free text, "markers": [marker numbers the answer states]}
Candidate: {"id": "<c>_a".."<c>_f", "lang": "zh"|"en", "level": 1-4, "answers": [{"topic", "question", "answer", "level"}, ...]}
"""
import json, re, sys
from pathlib import Path

HERE = Path(__file__).parent
SET = json.loads((HERE / "set.json").read_text(encoding="utf-8")) if (HERE / "set.json").exists() else {}
H, CAND = SET.get("h", "h00"), SET.get("c", "c00")
SIGNALS = {"answered", "thin", "dont_know", "help", "off_question", "not_mine"}


def topics(lang, folder=HERE):
    """The pack's topics and their markers, read here rather than with the project's parser (the writer's folder
    holds no project code); tests/test_blind_set.py keeps the two numbering alike."""
    text = (folder / ("SKILL.md" if lang == "zh" else "SKILL.en.md")).read_text(encoding="utf-8")
    out, title = [], None
    for line in text.splitlines():
        if line.startswith("### "):
            title = line[4:].strip()
        m = re.match(r"- (答实的标志|Signs of a solid answer)[:：]\s*(.*)", line)
        if title and m:
            body = m.group(2).rstrip("。.")
            out.append((title, [s.strip() for s in re.split(r"[；;]", body) if s.strip()]))
            title = None
    return out


def main():
    if sys.argv[1:2] == ["topics"]:
        for i, (title, markers) in enumerate(topics(sys.argv[2]), 1):
            print(f"topic {i}: {title}")
            for j, m in enumerate(markers):
                print(f"   marker {j}: {m}")
        return
    n_topics = {lang: [len(m) for _, m in topics(lang)] for lang in ("zh", "en")}
    errors, ids, count = [], set(), {}
    for f in sorted((HERE / "parts").glob("*.jsonl")):
        for ln, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{f.name}:{ln}"
            try:
                d = json.loads(line)
            except ValueError as e:
                errors.append(f"{where}: not JSON ({e})"); continue
            if d.get("id") in ids:
                errors.append(f"{where}: duplicate id {d.get('id')}")
            ids.add(d.get("id"))
            lang = d.get("lang")
            if lang not in ("zh", "en"):
                errors.append(f"{where}: lang must be zh or en"); continue
            if d.get("level") not in (1, 2, 3, 4):
                errors.append(f"{where}: level must be 1-4")
            items = d["answers"] if f.name.startswith("c") else [d]
            if f.name.startswith("c"):
                if not re.fullmatch(rf"{CAND}_[a-f]", str(d.get("id"))):
                    errors.append(f"{where}: candidate id must be {CAND}_a … {CAND}_f")
                if len(items) < 4:
                    errors.append(f"{where}: a candidate answers at least 4 questions")
            else:
                if not re.fullmatch(rf"{H}_\d\d", str(d.get("id"))):
                    errors.append(f"{where}: id must be {H}_NN")
                if d.get("signal") not in SIGNALS:
                    errors.append(f"{where}: signal must be one of {sorted(SIGNALS)}")
                if not isinstance(d.get("has_danger"), bool):
                    errors.append(f"{where}: has_danger must be true or false")
            for k, a in enumerate(items):
                w = f"{where} answer {k}" if f.name.startswith("c") else where
                t = a.get("topic")
                if not isinstance(t, int) or not 1 <= t <= len(n_topics[lang]):
                    errors.append(f"{w}: topic must be 1-{len(n_topics[lang])}"); continue
                if not str(a.get("question", "")).strip() or not str(a.get("answer", "")).strip():
                    errors.append(f"{w}: question and answer must not be empty")
                if a.get("level") not in (1, 2, 3, 4):
                    errors.append(f"{w}: level must be 1-4")
                for m in a.get("markers", []) if not f.name.startswith("c") else []:
                    if not isinstance(m, int) or not 0 <= m < n_topics[lang][t - 1]:
                        errors.append(f"{w}: marker {m} not in topic {t} (0-{n_topics[lang][t - 1] - 1})")
            count[f.name] = count.get(f.name, 0) + 1
    for e in errors:
        print(e)
    print("files:", count, "errors:", len(errors))
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
