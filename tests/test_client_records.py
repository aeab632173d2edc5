"""The Records screen, in the real client: the columns say what they count
(no two headed alike), and the counts over the dice chart's bars are never
crossed by the dashed line of a fair die."""

from __future__ import annotations

import pytest

from game.scenes.records import COLUMNS, EXPECTED, RecordsScene
from game.store.records import Records
from game.store.settings import Settings
from game.store.storage import Storage
from game.testing import AppDriver
from game.words import i18n


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_two_columns_are_headed_alike(lang):
    i18n.set_language(lang)
    try:
        headers = [i18n.t(key) for key, _ in COLUMNS]
        assert len(set(headers)) == len(headers), headers
        assert abs(sum(share for _, share in COLUMNS) - 1.0) < 1e-9
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("faces", [[8, 8, 8, 8, 8, 8], [24, 20, 24, 22, 24, 30]])
def test_the_counts_over_the_bars_stand_clear_of_the_fair_line(backgammon_home, faces):
    records = Records()
    for face, n in enumerate(faces, 1):
        for _ in range(n):
            records.record_dice(face)
    assert Storage(backgammon_home).save_records(records) is None
    d = AppDriver(size=(1280, 720), settings=Settings(pace="instant", sound=False))
    d.click_button(d.scene.records_button)
    screen = d.scene
    assert isinstance(screen, RecordsScene) and len(screen.count_rects) == 6
    d.frames(2)
    surface = d.app.screen
    plot = screen.plot_rect
    y = plot.bottom - int(round(plot.height * (sum(faces) / 6.0) / max(max(faces), sum(faces) / 6.0)))
    on_line = [x for x in range(plot.left, plot.right) if tuple(surface.get_at((x, y)))[:3] == EXPECTED]
    assert on_line, "the fair line is drawn"
    crossed = [r for r in screen.count_rects if r.top <= y <= r.bottom and any(r.left <= x <= r.right for x in on_line)]
    assert not crossed, f"the fair line crosses the counts at {crossed}"
    assert any(r.top <= y <= r.bottom for r in screen.count_rects)  # (a count stands where the line runs: the case in point)
