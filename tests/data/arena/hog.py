"""An Arena entrant that says hello and then computes for ever (until its CPU limit)."""
import os
import socket

sock = socket.create_connection((os.environ["ARENA_HOST"], int(os.environ["ARENA_PORT"])))
sock.sendall(('{"hello": "%s"}\n' % os.environ["ARENA_NAME"]).encode())
n = 0
while True:
    n += 1
