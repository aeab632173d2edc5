"""The shapes of JSON the client writes (settings, records, saves, the
friend-game protocol).  What is read comes in as ``Any`` until it is
checked field by field; what is written has these types."""

from __future__ import annotations

from typing import Dict, Mapping, Sequence, Union

#: a JSON value (any sequence is written as a list)
JSON = Union[None, bool, int, float, str, Sequence["JSON"], Mapping[str, "JSON"]]
#: a JSON object
JSONObject = Dict[str, JSON]
