"""An Arena entrant that says hello and then computes for ever (until its CPU limit)."""
import json
import os
import socket

sock = socket.create_connection((os.environ["ARENA_HOST"], int(os.environ["ARENA_PORT"])))
sock.sendall((json.dumps({"hello": os.environ["ARENA_NAME"], "token": os.environ.get("ARENA_TOKEN", "")}) + "\n").encode())
n = 0
while True:
    n += 1
