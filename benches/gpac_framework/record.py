#!/usr/bin/env python3
"""Record what the GPac course framework does, for gridlab's fidelity tests.

Runs the course's own Python framework (gpac.py, staticAgents.py, fitness.py from
../shared/corpus/gpac/framework, MIT) as it is, imported from that folder, and writes
what it did into tests/data/gpac/framework/:

  repairs.jsonl    random genotypes and the map fitness.repair_map makes of each
  maps.jsonl       40 random 35x20 maps per wall density (0.05, 0.3, 0.5), repaired by
                   the framework, each with the scores of 25 framework games on it
                   (avoid against 3 chase ghosts, linear pills 0.05, fruit 0.1, fruit
                   score 10), played by fitness.repair_and_test_map
  decisions.jsonl  agent decisions taken from framework games: the position, the
                   agent's memory before and after, its action, and how many random
                   numbers the decision drew (0 = deterministic)

Usage (from the repository root; python3, no packages needed):

  python3 benches/gpac_framework/record.py all        # about 10 minutes on 2 cores
  python3 benches/gpac_framework/record.py repairs|maps|decisions
  options: --framework DIR (default ../shared/corpus/gpac/framework)
           --out DIR (default tests/data/gpac/framework) --jobs N (default 2)

Python's random numbers cannot be replayed by gridlab, so the scores are compared
statistically (tests/gpac_framework.rs, `cargo bench --bench gpac -- --framework`);
repairs and deterministic decisions are compared exactly. Nothing here is copied from
the framework: it is called.
"""

import argparse
import json
import multiprocessing
import os
import random
import sys

WIDTH, HEIGHT = 35, 20
DENSITIES = (0.05, 0.3, 0.5)
MAPS_PER_DENSITY = 40
GAMES_PER_MAP = 25
SETTINGS = dict(pill_spawn="linear", pill_density=0.05, fruit_prob=0.1,
                fruit_score=10, time_multiplier=2, num_ghosts=3)

fitness = gpac = static_agents = None


def load_framework(folder):
    global fitness, gpac, static_agents
    sys.path.insert(0, os.path.abspath(folder))
    import fitness as f
    import gpac as g
    import staticAgents as s
    fitness, gpac, static_agents = f, g, s


def map_text(maze):
    """The course map format: 'W H', then rows top (y = H-1) first, '#' wall, '~' open."""
    width, height = len(maze), len(maze[0])
    rows = ["".join("#" if maze[x][y] == 1 else "~" for x in range(width))
            for y in reversed(range(height))]
    return f"{width} {height}\n" + "\n".join(rows) + "\n"


def genotype(rng, width, height, density):
    return [1 if rng.random() < density else 0 for _ in range(width * height)]


def record_repairs(out):
    rng = random.Random(20261123)
    cases = []
    sizes = [(35, 20), (35, 20), (35, 20), (12, 8), (7, 5), (20, 20), (3, 9), (40, 3)]
    while len(cases) < 300:
        width, height = rng.choice(sizes)
        density = rng.choice((0.2, 0.35, 0.45, 0.5, 0.6, 0.7))
        genes = genotype(rng, width, height, density)
        maze, repairs = fitness.repair_map(fitness.translate_gene(list(genes), height, width))
        # Keep mostly the maps whose spawns were cut apart (the nearest-pair quirk).
        raw = fitness.translate_gene(list(genes), height, width)
        raw[0][height - 1] = raw[width - 1][0] = 0
        cut = (width - 1, 0) not in fitness.reachable_cells(raw, (0, height - 1))
        if not cut and rng.random() < 0.8:
            continue
        cases.append({"width": width, "height": height, "genotype": "".join(map(str, genes)),
                      "map": map_text(maze), "repairs": repairs, "cut": cut})
    write_jsonl(os.path.join(out, "repairs.jsonl"), cases)


def play_map(job):
    index, density, seed, genes = job
    random.seed(seed)
    scores = []
    for _ in range(GAMES_PER_MAP):
        objective, _log = fitness.repair_and_test_map(
            list(genes), HEIGHT, WIDTH, agent_type="avoid", ghost_type="chase",
            samples=1, **SETTINGS)
        scores.append(int(-objective))
    return index, scores


def record_maps(out, jobs):
    rng = random.Random(1660)
    entries, work = [], []
    for density in DENSITIES:
        for k in range(MAPS_PER_DENSITY):
            genes = genotype(rng, WIDTH, HEIGHT, density)
            maze, repairs = fitness.repair_map(fitness.translate_gene(list(genes), HEIGHT, WIDTH))
            entries.append({"density": density, "index": k,
                            "genotype": "".join(map(str, genes)),
                            "map": map_text(maze), "repairs": repairs})
            work.append((len(entries) - 1, density, rng.randrange(2**32), genes))
    with multiprocessing.Pool(jobs) as pool:
        for done, (index, scores) in enumerate(pool.imap_unordered(play_map, work), 1):
            entries[index]["scores"] = scores
            print(f"\rmaps: {done}/{len(work)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    write_jsonl(os.path.join(out, "maps.jsonl"), entries)


class DrawCounter:
    """Counts the random numbers drawn through the random module's functions."""

    def __init__(self):
        self.count = 0
        for name in ("random", "sample", "choice"):
            original = getattr(random, name)
            setattr(random, name, self.counting(original))

    def counting(self, function):
        def wrapped(*args, **kwargs):
            self.count += 1
            return function(*args, **kwargs)
        return wrapped


def position(game):
    return {
        "pacman": list(game.players["m"]),
        "ghosts": [list(game.players[p]) for p in game.players if "m" not in p],
        "pills": sorted(list(p) for p in game.pills),
        "fruit": list(game.fruit_location) if game.fruit_location is not None else None,
        "time": game.time,
    }


def pac_memory(agent):
    plan = agent.pre_planned_actions
    return {"plan": list(plan) if plan is not None else None,
            "plannedAt": getattr(agent, "path_timestamp", None)}


def ghost_memory(agent):
    plan = agent.pre_planned_actions
    target = agent.path_target
    return {"plan": list(plan) if plan is not None else None,
            "target": list(target) if target is not None else None}


def record_decisions(out):
    counter = DrawCounter()
    maps = [json.loads(line) for line in open(os.path.join(out, "maps.jsonl"))]
    pacs = {"pill": static_agents.shortestPathPillAgent,
            "fruit": static_agents.shortestPathFruitAgent,
            "avoid": static_agents.AvoidingPacmanAgent}
    ghost_classes = {"chase": static_agents.ChasingGhostAgent,
                     "wander": static_agents.RandomGhostAgent}
    combos = [("avoid", "chase"), ("pill", "chase"), ("fruit", "chase"), ("fruit", "wander")]
    random.seed(5660)
    records = []
    for m, entry in enumerate(maps):
        if entry["index"] >= 3:
            continue
        genes = [int(c) for c in entry["genotype"]]
        maze, _ = fitness.repair_map(fitness.translate_gene(genes, HEIGHT, WIDTH))
        for pac_kind, ghost_kind in combos:
            game = gpac.GPacGame(maze, **SETTINGS)
            pac = pacs[pac_kind]()
            ghosts = {p: ghost_classes[ghost_kind]() for p in game.players if "m" not in p}
            while not game.gameover:
                state = position(game)
                before = pac_memory(pac)
                counter.count = 0
                action = pac.select_action(game)
                records.append({"map": m, "agent": pac_kind, "ghost": None, "state": state,
                                "before": before, "action": action,
                                "after": pac_memory(pac), "draws": counter.count})
                game.register_action(action)
                for g, player in enumerate(p for p in game.players if p != "m"):
                    agent = ghosts[player]
                    before = ghost_memory(agent) if ghost_kind == "chase" else None
                    counter.count = 0
                    action = agent.select_action(game, player)
                    if ghost_kind == "chase":
                        records.append({"map": m, "agent": "chase", "ghost": g, "state": state,
                                        "before": before, "action": action,
                                        "after": ghost_memory(agent), "draws": counter.count})
                    game.register_action(action, player)
                game.step()
    # Keep Pac-Man's decisions that planned and a fifth of the rest, and a sample of
    # the ghosts' decisions, at most 1,000 an agent.
    rng = random.Random(1)
    by_agent = {}
    for r in records:
        before, after = r["before"]["plan"], r["after"]["plan"]
        planned = before in (None, []) or after is None or len(after) != len(before) - 1
        if r["ghost"] is not None or planned or rng.random() < 0.2:
            by_agent.setdefault(r["agent"], []).append(r)
    kept = []
    for agent, rows in sorted(by_agent.items()):
        rng.shuffle(rows)
        kept.extend(rows[:1000])
    kept.sort(key=lambda r: (r["map"], r["agent"], -r["state"]["time"], r["ghost"] or 0))
    write_jsonl(os.path.join(out, "decisions.jsonl"), kept)


def write_jsonl(path, rows):
    with open(path, "w") as f:
        for row in rows:
            f.write(json.dumps(row, separators=(",", ":")) + "\n")
    print(f"wrote {len(rows)} rows to {path}", file=sys.stderr)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=["all", "repairs", "maps", "decisions"])
    parser.add_argument("--framework",
                        default=os.path.join(root, "..", "shared", "corpus", "gpac", "framework"))
    parser.add_argument("--out", default=os.path.join(root, "tests", "data", "gpac", "framework"))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    load_framework(args.framework)
    os.makedirs(args.out, exist_ok=True)
    if args.what in ("all", "repairs"):
        record_repairs(args.out)
    if args.what in ("all", "maps"):
        record_maps(args.out, args.jobs)
    if args.what in ("all", "decisions"):
        record_decisions(args.out)


if __name__ == "__main__":
    main()
