"""A hostile Arena entrant: it takes its own seat and, once the game has started (every
seat taken), for a second floods its game's server with connections that say hello
with a made-up token and connections that say nothing, holding them all open, while it
plays its own seat with bare ticks. Neither kind may cost another entrant its seat or
its connection. With FLOOD_SECONDS=0 it plays the same without the flood."""
import json
import os
import socket
import threading
import time

host, port = os.environ["ARENA_HOST"], int(os.environ["ARENA_PORT"])
name, token = os.environ["ARENA_NAME"], os.environ.get("ARENA_TOKEN", "")


def connect(message=None):
    sock = socket.create_connection((host, port))
    if message is not None:
        sock.sendall((json.dumps(message) + "\n").encode())
    return sock


def flood():
    held = []
    end = time.time() + float(os.environ.get("FLOOD_SECONDS", "1"))
    while time.time() < end and len(held) < 600:
        try:
            held.append(connect({"hello": name, "token": "%032x" % len(held)}))
            held.append(connect())
        except OSError:
            time.sleep(0.01)
    time.sleep(60)


me = connect({"hello": name, "token": token})
flooding = False
for line in me.makefile("r"):
    message = json.loads(line)
    if "tick" in message and not flooding:
        flooding = True
        threading.Thread(target=flood, daemon=True).start()
    if "tick" in message:
        me.sendall((json.dumps({"tick": message["tick"]}) + "\n").encode())
    if "gameOver" in message:
        break
