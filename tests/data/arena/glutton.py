"""An Arena entrant that says hello and then asks for 1 GB of memory."""
import os
import socket
import time

sock = socket.create_connection((os.environ["ARENA_HOST"], int(os.environ["ARENA_PORT"])))
sock.sendall(('{"hello": "%s"}\n' % os.environ["ARENA_NAME"]).encode())
time.sleep(0.2)
hoard = bytearray(1 << 30)
time.sleep(600)
