"""A misbehaving Arena entrant: it says hello, then answers every line the server
sends with garbage (never a command), and floods its own standard output."""
import json
import os
import socket

for _ in range(1000):
    print("noise from the garbage entrant", flush=False)
sock = socket.create_connection((os.environ["ARENA_HOST"], int(os.environ["ARENA_PORT"])))
sock.sendall((json.dumps({"hello": os.environ["ARENA_NAME"], "token": os.environ.get("ARENA_TOKEN", "")}) + "\n").encode())
sock.sendall(b"garbage\n" * 2000)
for line in sock.makefile("rb"):
    sock.sendall(b"garbage\n")
