#!/usr/bin/env python3
"""Where Sceptre's bench spends, by area: self instructions (callgrind), simulated I1/D1/LL misses
(cachegrind) and CPU-time samples (perf), each function put in one area by its name.

    valgrind --tool=callgrind --callgrind-out-file=cg.out regalia bench --variant sceptre1027
    valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cache.out regalia bench --variant sceptre1027
    perf record -e cpu-clock -F 20000 -o perf.data -- sh -c 'for i in 1 2 3 4 5 6 7 8; do regalia bench --variant sceptre1027 >/dev/null; done'
    python3 engine-tests/tools/profile_by_area.py cg.out cache.out perf.data NODES

Prints a Markdown table (docs/results/performance.md). Functions inlined into others count
where they were inlined (the table probe in the search node and quiescence).
"""
import re, subprocess, sys, collections

AREAS = [
    ("evaluation terms", r"SceptreEval::terms|progress::drive|tallied::add_tallied|evaluate_seats|Evaluator<.*>>::evaluate$"),
    ("evaluation cache + correction", r"corrected_eval"),
    ("cover map upkeep (make/unmake)", r"cover::.*(cover_piece|lines_and_pawns_through|recount_touched|restore_touched)|reach::.*covered"),
    ("pawn counts (make)", r"count_near_pawns"),
    ("make / unmake themselves", r"rules::make::.*::(make|unmake)\s*$"),
    ("move generation", r"rules::movegen::|rules::attacks::"),
    ("move picker", r"MovePicker"),
    ("exchange test (SEE)", r"see::.*see_at_least"),
    ("search node (PVS, table probe inlined)", r"search::node::|SearchHints for .*::urgent"),
    ("quiescence (table probe inlined)", r"search::qsearch::"),
    ("transposition table store", r"TranspositionTable::store"),
    ("memcpy / memset (libc)", r"memmove|memcpy|memset"),
    ("start-up (every game's tables, fields)", r"chess::attacks::|Field::new|init_all|build_tables|tafl::|layout"),
    ("kernel (page zero-fill, faults, switches)", r"^\[k\]"),
]

def area(name):
    for a, pat in AREAS:
        if re.search(pat, name):
            return a
    return "other"

def num(s):
    return int(s.replace(",", ""))

def callgrind(path):
    out = subprocess.run(["callgrind_annotate", "--threshold=100", path], capture_output=True, text=True).stdout
    d = collections.Counter()
    for l in out.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*?:(.*?)( \[.*)?$", l)
        if m and "PROGRAM TOTALS" not in l:
            d[area(m.group(2).strip())] += num(m.group(1))
    return d

def cachegrind(path):
    out = subprocess.run(["cg_annotate", "--threshold=0", path], capture_output=True, text=True).stdout
    d = collections.defaultdict(lambda: [0] * 9)
    for l in out.splitlines():
        if "PROGRAM TOTALS" in l:
            continue
        t = re.sub(r"\(\s*[\d.]+%\)", " ", l).split(None, 9)
        if len(t) < 10 or not all(re.fullmatch(r"[\d,]+|\.", x) for x in t[:9]):
            continue
        nums = [0 if x == "." else num(x) for x in t[:9]]
        name = re.sub(r" \[.*", "", t[9].split(":", 1)[-1]).strip()
        acc = d[area(name)]
        for i in range(9):
            acc[i] += nums[i]
    return d

def perf(path):
    out = subprocess.run(["perf", "report", "-i", path, "--no-children", "--sort", "symbol", "--stdio"],
                         capture_output=True, text=True).stdout
    d = collections.Counter()
    for l in out.splitlines():
        m = re.match(r"\s*([\d.]+)%\s+(\[.\])\s+(.*)$", l)
        if m:
            name = re.sub(r"(\s+-)+\s*$", "", m.group(3)).strip()
            key = "[k]" if m.group(2) == "[k]" else name.rstrip()
            d[area(key)] += float(m.group(1))
    return d

if len(sys.argv) != 5:
    raise SystemExit(__doc__)
cg, cache, pf = callgrind(sys.argv[1]), cachegrind(sys.argv[2]), perf(sys.argv[3])
nodes = int(sys.argv[4])
tot_ir = sum(cg.values())
tot = [sum(v[i] for v in cache.values()) for i in range(9)]
print(f"| area | instructions (share) | per node | CPU time share | I1 misses (share) | D1 misses rd+wr (share) | LL misses |")
print("|---|---|---|---|---|---|---|")
names = [a for a, _ in AREAS] + ["other"]
for a in sorted(names, key=lambda a: -cg.get(a, 0)):
    c = cache.get(a, [0] * 9)
    ir = cg.get(a, 0)
    d1 = c[4] + c[7]
    print(f"| {a} | {ir/1e6:,.1f}M ({100*ir/tot_ir:.1f}%) | {ir/nodes:,.0f} | {pf.get(a,0):.1f}% | "
          f"{c[1]/1e6:.2f}M ({100*c[1]/tot[1]:.1f}%) | {d1/1e6:.2f}M ({100*d1/(tot[4]+tot[7]):.1f}%) | {(c[5]+c[8])/1e3:.1f}k |")
print(f"| total | {tot_ir/1e6:,.1f}M | {tot_ir/nodes:,.0f} | {sum(pf.values()):.1f}% | {tot[1]/1e6:.2f}M | {(tot[4]+tot[7])/1e6:.2f}M | {(tot[5]+tot[8])/1e3:.1f}k |")
