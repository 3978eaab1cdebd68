#!/usr/bin/env python3
"""A sample Arena client (Python standard library only).

Connects to a gridlab Arena server, says hello, and each step heads for the nearest
pellet by a breadth-first search over the maze, avoiding cells next to a ghost.

    python3 examples/arena_client.py [HOST [PORT [NAME]]]

HOST, PORT and NAME default to the environment variables ARENA_HOST, ARENA_PORT and
ARENA_NAME (as `gridlab arena tournament` sets them), else 127.0.0.1, 7777, "python";
ARENA_TOKEN, when set, goes with the hello (a tournament keeps the seat for it).
The protocol is in docs/arena-protocol.md.
"""

import json
import os
import socket
import sys
from collections import deque

SIDE, CELL = 16, 25
# Open-side bits and steps: up 1, right 2, down 4, left 8 (y grows downwards).
STEPS = [("U", 1, 0, -1), ("R", 2, 1, 0), ("D", 4, 0, 1), ("L", 8, -1, 0)]


def next_centre(x, y, direction):
    """The cell whose centre the unit reaches next."""
    cx, cy = x // CELL, y // CELL
    ox, oy = x % CELL - CELL // 2, y % CELL - CELL // 2
    past = {"R": ox > 0, "L": ox < 0, "D": oy > 0, "U": oy < 0}.get(direction, False)
    if past:
        for word, _, dx, dy in STEPS:
            if word == direction:
                return cx + dx, cy + dy
    return cx, cy


def choose(state, maze, me):
    """The first step of a shortest path to the nearest pellet, avoiding ghosts."""
    player = state["players"][me]
    if player["wait"] > 0:
        return None
    start = next_centre(player["x"], player["y"], player["dir"])
    ghosts = {(g["x"] // CELL, g["y"] // CELL) for g in state["ghosts"] if g["wait"] == 0}
    near_ghost = {(gx + dx, gy + dy) for gx, gy in ghosts for _, _, dx, dy in STEPS} | ghosts
    pellets = {(c % SIDE, c // SIDE) for c in state["pellets"] + state["power"]}
    seen = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if cell != start and cell in pellets:
            while seen[cell][1] != start:
                cell = seen[cell][1]
            return seen[cell][0]
        x, y = cell
        for word, bit, dx, dy in STEPS:
            nxt = (x + dx, y + dy)
            if maze[y * SIDE + x] & bit and nxt not in seen and nxt not in near_ghost:
                seen[nxt] = (word, cell)
                queue.append(nxt)
    return None


def main():
    host = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("ARENA_HOST", "127.0.0.1")
    port = int(sys.argv[2] if len(sys.argv) > 2 else os.environ.get("ARENA_PORT", "7777"))
    name = sys.argv[3] if len(sys.argv) > 3 else os.environ.get("ARENA_NAME", "python")
    with socket.create_connection((host, port)) as sock:
        stream = sock.makefile("rw", encoding="utf-8", newline="\n")
        hello = {"hello": name}
        if "ARENA_TOKEN" in os.environ:
            # In a tournament the seat is kept for this token.
            hello["token"] = os.environ["ARENA_TOKEN"]
        stream.write(json.dumps(hello) + "\n")
        stream.flush()
        me, maze = None, None
        for line in stream:
            message = json.loads(line)
            if "welcome" in message:
                me = message["welcome"]
            elif "tick" in message and me is not None:
                state = message["state"]
                maze = state.get("maze", maze)
                command = choose(state, maze, me) if maze else None
                # Always answer, so a lock-step server need not wait: no "cmd" means
                # "keep going".
                reply = {"tick": message["tick"]}
                if command:
                    reply["cmd"] = command
                stream.write(json.dumps(reply) + "\n")
                stream.flush()
            elif "gameOver" in message:
                print("game over:", message["gameOver"]["scores"], file=sys.stderr)
                return


if __name__ == "__main__":
    main()
