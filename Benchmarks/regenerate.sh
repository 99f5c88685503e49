#!/usr/bin/env bash
# Regenerates BENCHMARKS.md's tables from the profile's output: one command, no hand-copied figures.
#   Benchmarks/regenerate.sh                   # profile every scenario (profile.sh --list) into
#                                              # Benchmarks/figures/current.txt, then rewrite the tables
#   Benchmarks/regenerate.sh --record NAME [scenario...]
#                                              # profile into Benchmarks/figures/NAME.txt (e.g. a "before"
#                                              # commit, run from a worktree of it with this Benchmarks/
#                                              # folder copied in), then rewrite the tables
#   Benchmarks/regenerate.sh --render          # rewrite the tables from the saved figures only (no valgrind)
#   Benchmarks/regenerate.sh --check           # fail if the tables differ from what the saved figures give (CI)
#
# A table is the region between `<!-- figures ... -->` and `<!-- /figures -->` in BENCHMARKS.md. The
# opening comment says what the table shows, one line each:
#   title: Call shape                          the first column's header
#   columns: 7cd3853=7cd3853, now=current      header=figures file (Benchmarks/figures/<file>.txt), in order
#   change                                     adds the last column's change against the first, in percent
#   call0 | typed call                         a row: a scenario and its label (the scenario is appended in
#   broadcast1/closures1 | one subscriber / a closure call     backticks); `a/b` is a ratio of two figures
#   every                                      one row for each scenario of the last column's file, in its order
# Everything outside those regions is prose, left as it is.
set -euo pipefail
cd "$(dirname "$0")"
mode=render
name=current
case "${1:-}" in
    --render) shift ;;
    --check) mode=check; shift ;;
    --record) mode=record; name="${2:?--record needs a name}"; shift 2 ;;
    "") mode=record ;;
    *) echo "usage: $0 [--render | --check | --record NAME [scenario...]]" >&2; exit 2 ;;
esac
mkdir -p figures
if [ "$mode" = record ]; then
    scenarios=("$@")
    if [ ${#scenarios[@]} -eq 0 ]; then mapfile -t scenarios < <(./profile.sh --list); fi
    trap 'rm -f "figures/$name.txt.new"' EXIT
    commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    {
        echo "# Benchmarks/profile.sh at $commit ($(git status --porcelain -- ../Sources 2>/dev/null | grep -q . && echo 'with uncommitted sources' || echo clean)), $(date -u +%Y-%m-%dT%H:%MZ)"
        ./profile.sh "${scenarios[@]}"
    } >"figures/$name.txt.new"
    # A partial record (some scenarios) updates those figures and keeps the others.
    python3 - "figures/$name.txt" "figures/$name.txt.new" <<'EOF'
import os, sys
old_path, new_path = sys.argv[1], sys.argv[2]
def read(path):
    rows, header = {}, []
    if os.path.exists(path):
        for line in open(path):
            if line.startswith("#"): header.append(line.rstrip("\n"))
            elif line.split(): rows[line.split()[0]] = line.split()[1]
    return header, rows
old_header, old = read(old_path)
new_header, new = read(new_path)
partial = bool(old) and set(new) != set(old)
old.update(new)
if partial:  # say which run each figure comes from: the newest run's header names its scenarios
    new_header = [new_header[0] + " for " + " ".join(new)] + [line for line in old_header if line not in new_header][:4]
with open(old_path, "w") as out:
    for line in new_header: out.write(line + "\n")
    for key, value in old.items(): out.write(f"{key:<20} {value:>14}\n")
os.remove(new_path)
EOF
fi
python3 - "$mode" ../BENCHMARKS.md figures <<'EOF'
import os, re, sys
mode, document, folder = sys.argv[1], sys.argv[2], sys.argv[3]

def figures(name):
    path = os.path.join(folder, name + ".txt")
    rows = {}
    if os.path.exists(path):
        for line in open(path):
            parts = line.split()
            if parts and not line.startswith("#"):
                rows[parts[0]] = float(parts[1].replace(",", ""))
    return rows

def number(value):
    return "–" if value is None else f"{value:,.0f}"

def table(spec):
    title, columns, change, rows = "Scenario", [], False, []
    for line in spec.splitlines():
        line = line.strip()
        if not line: continue
        if line.startswith("title:"): title = line[6:].strip()
        elif line.startswith("columns:"):
            for column in line[8:].split(","):
                header, _, file = column.strip().partition("=")
                columns.append((header.strip(), figures(file.strip())))
        elif line == "change": change = True
        elif line == "every":
            rows += [(key, "") for key in columns[-1][1]]
        else:
            key, _, label = line.partition("|")
            rows.append((key.strip(), label.strip()))
    headers = [title] + [header for header, _ in columns] + (["change"] if change else [])
    out = ["| " + " | ".join(headers) + " |", "|---" + "|---:" * (len(headers) - 1) + "|"]
    for key, label in rows:
        name = f"{label} (`{key}`)" if label else f"`{key}`"
        cells = []
        values = []
        for _, data in columns:
            if "/" in key:
                a, b = key.split("/", 1)
                value = data[a] / data[b] if a in data and b in data and data[b] else None
                cells.append("–" if value is None else f"{value:.2f}x")
            else:
                value = data.get(key)
                cells.append(number(value))
            values.append(value)
        if change:
            first, last = values[0], values[-1]
            cells.append("–" if first in (None, 0) or last is None else f"{(last / first - 1) * 100:+.1f} %")
        out.append("| " + name + " | " + " | ".join(cells) + " |")
    return "\n".join(out)

text = open(document).read()
pattern = re.compile(r"(<!-- figures\n(.*?)-->\n)(.*?)(<!-- /figures -->)", re.S)
rendered = pattern.sub(lambda m: m.group(1) + table(m.group(2)) + "\n" + m.group(4), text)
if mode == "check":
    if rendered != text:
        sys.exit("BENCHMARKS.md's tables differ from Benchmarks/figures: run Benchmarks/regenerate.sh --render")
    print("BENCHMARKS.md's tables match Benchmarks/figures")
else:
    open(document, "w").write(rendered)
EOF
