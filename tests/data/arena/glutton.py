"""An Arena entrant that says hello and then asks for 1 GB of memory."""
import json
import os
import socket
import time

sock = socket.create_connection((os.environ["ARENA_HOST"], int(os.environ["ARENA_PORT"])))
sock.sendall((json.dumps({"hello": os.environ["ARENA_NAME"], "token": os.environ.get("ARENA_TOKEN", "")}) + "\n").encode())
time.sleep(0.2)
hoard = bytearray(1 << 30)
time.sleep(600)
