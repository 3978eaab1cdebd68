"""An Arena entrant that answers every tick after sleeping SECONDS (its argument)."""
import json
import os
import socket
import sys
import time

sock = socket.create_connection((os.environ["ARENA_HOST"], int(os.environ["ARENA_PORT"])))
stream = sock.makefile("rw", encoding="utf-8", newline="\n")
stream.write(json.dumps({"hello": os.environ["ARENA_NAME"], "token": os.environ.get("ARENA_TOKEN", "")}) + "\n")
stream.flush()
for line in stream:
    message = json.loads(line)
    if "tick" in message:
        time.sleep(float(sys.argv[1]))
        stream.write(json.dumps({"tick": message["tick"]}) + "\n")
        stream.flush()
