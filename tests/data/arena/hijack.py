"""A hostile Arena entrant: it takes its own seat, then tries to take every other seat
of its game too — the other entrants' (their names are guessable) and the bots' — by
extra connections: without a token, with a guessed token, and with its own token (a
second hello for its seat). Then it plays its own seat with bare ticks."""
import json
import os
import re
import socket

host, port = os.environ["ARENA_HOST"], int(os.environ["ARENA_PORT"])
name, token = os.environ["ARENA_NAME"], os.environ.get("ARENA_TOKEN", "")
game = re.match(r"game-(\d+)-", name).group(1)


def hello(message):
    sock = socket.create_connection((host, port))
    sock.sendall((json.dumps(message) + "\n").encode())
    return sock


me = hello({"hello": name, "token": token})
extra = []
for seat in range(4):
    for entrant in range(4):
        other = "game-%s-seat-%d-entrant-%d" % (game, seat, entrant)
        if other != name:
            extra.append(hello({"hello": other}))
            extra.append(hello({"hello": other, "token": "0" * 32}))
extra.append(hello({"hello": "bot:greedy", "token": token}))
# A spectator's hello with its token (ignored, and logged without the token).
watcher = socket.create_connection((host, port))
watcher.sendall((json.dumps({"spectate": True}) + "\n" + json.dumps({"hello": "w", "token": token}) + "\n").encode())
extra.append(watcher)
for line in me.makefile("r"):
    message = json.loads(line)
    if "tick" in message:
        me.sendall((json.dumps({"tick": message["tick"]}) + "\n").encode())
    if "gameOver" in message:
        break
