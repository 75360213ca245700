"""Join parts/ into ours_<heldout>.jsonl and <candidates>.jsonl as set.json names them (run check.py first); the
single answers are shuffled and numbered again, so their ids are not the parts' ones."""
import json, random
from pathlib import Path

HERE = Path(__file__).parent
SET = json.loads((HERE / "set.json").read_text(encoding="utf-8"))
single, cands = [], []
for f in sorted((HERE / "parts").glob("*.jsonl")):
    for line in f.read_text(encoding="utf-8").splitlines():
        if line.strip():
            (cands if f.name.startswith("c") else single).append(json.loads(line))
random.Random(SET["seed"]).shuffle(single)
with open(HERE / f"ours_{SET['heldout']}.jsonl", "w", encoding="utf-8") as out:
    for i, d in enumerate(single, 1):
        row = {"id": f"{SET['h']}_{i:02d}", "split": SET["heldout"], "lang": d["lang"], "skill_lang": d["lang"],
               "topic": d["topic"], "question": d["question"], "answer": d["answer"], "level": d["level"],
               "signal": d["signal"], "has_danger": d["has_danger"], "kind": d["kind"], "markers": d.get("markers", [])}
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
with open(HERE / f"{SET['candidates']}.jsonl", "w", encoding="utf-8") as out:
    for d in sorted(cands, key=lambda c: c["id"]):
        row = {"id": d["id"], "lang": d["lang"], "level": d["level"],
               "answers": [{k: a[k] for k in ("topic", "question", "answer", "level")} for a in d["answers"]]}
        out.write(json.dumps(row, ensure_ascii=False) + "\n")
print(len(single), "answers,", len(cands), "candidates")
