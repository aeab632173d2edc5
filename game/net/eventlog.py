"""The match server's log as one JSON object a line (``--log-format json``),
for the tools operators feed logs into: the time, the level, the event's
name (``event``) and its match (``code``, never a seat token), and the
message for people.

>>> import logging
>>> record = logging.LogRecord("game.net.server", logging.INFO, "", 0, "match %s created", ("ABCDEFGHJK",), None)
>>> record.event, record.code = "created", "ABCDEFGHJK"
>>> line = JsonLines().format(record)
>>> import json; doc = json.loads(line); doc["event"], doc["code"], doc["msg"]
('created', 'ABCDEFGHJK', 'match ABCDEFGHJK created')
"""

from __future__ import annotations

import json
import logging
import time

#: the fields of a record that an event may carry besides its message
FIELDS = ("event", "code", "server", "address", "reason")


class JsonLines(logging.Formatter):
    """A record as one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        doc = {"time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
               "level": record.levelname.lower(), "logger": record.name}
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                doc[name] = value
        doc["msg"] = record.getMessage()
        if record.exc_info:
            doc["error"] = self.formatException(record.exc_info)
        return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def setup(json_lines: bool, verbose: bool) -> None:
    """The server command's logging: JSON lines (events at INFO) or text (warnings, or INFO with ``verbose``)."""
    handler = logging.StreamHandler()
    if json_lines:
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO if json_lines or verbose else logging.WARNING)
    logging.getLogger("websockets").setLevel(logging.INFO if verbose else logging.WARNING)  # (a line per connection)
