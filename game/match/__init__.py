"""The match screen's parts that take data, not the scene: the presenter (session state -> plain values)."""
