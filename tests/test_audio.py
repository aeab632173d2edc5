"""Synthesised sound effects: formats, the on/off toggle, and no audio device.

tests/conftest.py sets SDL_AUDIODRIVER=dummy, so the mixer opens here
without sound hardware."""

import logging
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.system import audio as audio_mod
from game.system.audio import SOUND_NAMES, Audio, NullAudio, create_audio, synthesise, to_mixer_array

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def mixer_state():
    """Leave the mixer as the test found it (open or closed)."""
    was_open = pygame.mixer.get_init()
    yield
    if pygame.mixer.get_init():
        pygame.mixer.stop()
    if not was_open:
        pygame.mixer.quit()


@pytest.fixture
def audio(mixer_state):
    a = create_audio(enabled=True)
    assert isinstance(a, Audio), "the dummy audio driver should give a real mixer"
    return a


def as_float(sound: pygame.mixer.Sound, size: int) -> np.ndarray:
    """A sound's samples scaled to -1..1, whatever the mixer format."""
    raw = pygame.sndarray.array(sound).astype(np.float64)
    if size == -16:
        return raw / 32767.0
    if size == 16:
        return (raw - 32768.0) / 32767.0
    if size == -8:
        return raw / 127.0
    if size == 8:
        return (raw - 128.0) / 127.0
    return raw


# -- synthesis ---------------------------------------------------------------

def test_every_effect_is_synthesised_with_a_sensible_shape():
    sounds = synthesise(44100)
    assert tuple(sounds) == SOUND_NAMES
    assert set(SOUND_NAMES) == {"roll", "place", "hit", "bear_off", "double", "win", "lose", "click"}
    for name, x in sounds.items():
        assert x.dtype == np.float32 and x.ndim == 1, name
        seconds = len(x) / 44100
        assert 0.015 <= seconds <= 1.2, (name, seconds)
        assert np.all(np.isfinite(x)), name
        peak = float(np.max(np.abs(x)))
        assert 0.2 <= peak <= 0.8, (name, peak)  # audible, and headroom when several overlap
        assert float(np.sqrt(np.mean(x ** 2))) > 0.01, name
        # starts and ends at (nearly) zero: no click at either edge
        assert abs(float(x[0])) < 0.01 and abs(float(x[-1])) < 0.01, name


def test_synthesis_is_deterministic_and_follows_the_rate():
    a, b = synthesise(22050), synthesise(22050)
    for name in SOUND_NAMES:
        assert np.array_equal(a[name], b[name]), name
    c = synthesise(44100)
    for name in SOUND_NAMES:
        assert abs(len(c[name]) - 2 * len(a[name])) <= 2, name


def test_effects_differ_from_each_other():
    sounds = synthesise(22050)
    lengths = {name: len(x) for name, x in sounds.items()}
    # the short ones are short, the tunes are longer
    assert lengths["click"] < lengths["place"] < lengths["roll"] < lengths["win"]
    assert lengths["hit"] > lengths["place"]

    def brightness(x):  # spectral centroid in Hz
        spectrum = np.abs(np.fft.rfft(x))
        freqs = np.fft.rfftfreq(len(x), 1 / 22050)
        return float((spectrum * freqs).sum() / spectrum.sum())

    assert brightness(sounds["hit"]) > brightness(sounds["place"])  # a sharper knock than the tock
    assert brightness(sounds["win"]) > brightness(sounds["lose"])


def pitch_track(x, rate, windows):
    """Main frequency in each of the given (start, end) second windows."""
    out = []
    for start, end in windows:
        seg = x[int(start * rate): int(end * rate)]
        spectrum = np.abs(np.fft.rfft(seg * np.hanning(len(seg))))
        out.append(float(np.fft.rfftfreq(len(seg), 1 / rate)[np.argmax(spectrum)]))
    return out


def test_double_rises_win_rises_lose_falls():
    s = synthesise(44100)
    first, second = pitch_track(s["double"], 44100, [(0.02, 0.12), (0.2, 0.34)])
    assert second > first * 1.2
    notes = pitch_track(s["win"], 44100, [(0.01, 0.09), (0.11, 0.19), (0.21, 0.29), (0.32, 0.5)])
    assert notes == sorted(notes) and notes[-1] > notes[0] * 1.8
    notes = pitch_track(s["lose"], 44100, [(0.02, 0.16), (0.19, 0.33), (0.36, 0.6)])
    assert notes == sorted(notes, reverse=True) and notes[-1] < notes[0] * 0.8


@pytest.mark.parametrize(
    "size, dtype, zero",
    [(-16, np.int16, 0), (16, np.uint16, 32768), (-8, np.int8, 0), (8, np.uint8, 128), (32, np.float32, 0.0), (-32, np.float32, 0.0)],
)
@pytest.mark.parametrize("channels", [1, 2, 6])
def test_to_mixer_array_formats(size, dtype, zero, channels):
    x = np.array([0.0, 1.0, -1.0, 0.5, 2.0, -3.0], dtype=np.float32)
    out = to_mixer_array(x, size, channels)
    assert out.dtype == dtype
    assert out.shape == ((6,) if channels == 1 else (6, channels))
    assert out.flags["C_CONTIGUOUS"]
    column = out if channels == 1 else out[:, 0]
    if channels > 1:
        assert all(np.array_equal(out[:, 0], out[:, c]) for c in range(channels))
    assert column[0] == zero
    info = np.iinfo(dtype) if np.issubdtype(dtype, np.integer) else None
    if info is not None:
        assert column[1] == info.max and column[2] in (info.min, info.min + 1)
        assert column[4] == column[1] and column[5] == column[2]  # clipped, not wrapped
    else:
        assert column[1] == 1.0 and column[4] == 1.0 and column[5] == -1.0


def test_to_mixer_array_rejects_unknown_formats():
    with pytest.raises(ValueError):
        to_mixer_array(np.zeros(4, np.float32), 24, 2)
    with pytest.raises(ValueError):
        to_mixer_array(np.zeros(4, np.float32), -16, 0)


# -- the mixer ---------------------------------------------------------------

def test_every_sound_exists_on_the_mixer_and_is_not_silent(audio):
    frequency, size, channels = pygame.mixer.get_init()
    assert (audio.frequency, audio.size, audio.channels) == (frequency, size, channels)
    assert audio.names == SOUND_NAMES
    for name in SOUND_NAMES:
        sound = audio.sound(name)
        assert isinstance(sound, pygame.mixer.Sound)
        assert 0.015 <= sound.get_length() <= 1.2, name
        samples = as_float(sound, size)
        assert samples.shape[0] == round(sound.get_length() * frequency)
        assert float(np.max(np.abs(samples))) > 0.2, name


@pytest.mark.parametrize("size, channels", [(-16, 1), (-16, 2), (16, 2), (8, 1), (-8, 2), (32, 2)])
def test_sounds_match_whatever_format_the_mixer_has(mixer_state, size, channels):
    pygame.mixer.quit()
    pygame.mixer.init(22050, size, channels, 512)
    try:
        got = pygame.mixer.get_init()
        a = Audio()
        expected = synthesise(got[0])
        for name in SOUND_NAMES:
            samples = as_float(a.sound(name), got[1])
            if got[2] > 1:
                assert samples.shape[1] == got[2]
                samples = samples[:, 0]
            # what the mixer holds is the synthesised signal, not zeros or garbage
            tolerance = 0.02 if abs(got[1]) == 8 else 0.001
            assert np.max(np.abs(samples - expected[name])) < tolerance, (name, got)
    finally:
        pygame.mixer.quit()


def test_play_and_toggle(audio):
    assert audio.enabled and audio.available
    channel = audio.play("win")
    assert channel is not None
    assert pygame.mixer.get_busy()

    audio.enabled = False  # silences what is already playing
    assert not audio.enabled
    assert not pygame.mixer.get_busy()
    for name in SOUND_NAMES:
        assert audio.play(name) is None
    assert not pygame.mixer.get_busy()

    audio.enabled = True
    assert audio.play("click") is not None
    assert pygame.mixer.get_busy()
    audio.stop()
    assert not pygame.mixer.get_busy()
    assert audio.enabled  # stop() is not the setting


def test_created_disabled_plays_nothing(mixer_state):
    a = create_audio(enabled=False)
    assert isinstance(a, Audio) and not a.enabled
    assert a.play("roll") is None
    assert not pygame.mixer.get_busy()


def test_several_effects_overlap(audio):
    channels = [audio.play(name) for name in ("roll", "place", "hit", "click")]
    assert all(c is not None for c in channels)
    assert len({id(c) for c in channels}) == 4
    assert pygame.mixer.get_num_channels() >= 8


def test_unknown_names_are_programming_errors(audio):
    for player in (audio, NullAudio()):
        with pytest.raises(ValueError, match="unknown sound"):
            player.play("applause")
        player.enabled = False
        with pytest.raises(ValueError):
            player.play("applause")
        with pytest.raises(ValueError):
            player.sound("applause")


def test_null_audio_has_the_same_interface():
    public = {n for n in dir(Audio) if not n.startswith("_")}
    assert public <= {n for n in dir(NullAudio) if not n.startswith("_")}
    a = NullAudio(enabled=True)
    assert a.enabled and not a.available and a.names == SOUND_NAMES
    for name in SOUND_NAMES:
        assert a.play(name) is None
    a.enabled = False
    assert not a.enabled
    a.stop()


def test_failing_mixer_gives_null_audio_and_one_warning(mixer_state, monkeypatch, caplog):
    pygame.mixer.quit()

    def broken(*args, **kwargs):
        raise pygame.error("no such device\nsecond line")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    log = logging.getLogger("test.audio")
    with caplog.at_level(logging.DEBUG, logger="test.audio"):
        a = create_audio(enabled=True, log=log)
    assert isinstance(a, NullAudio) and a.enabled
    assert len(caplog.records) == 1
    record = caplog.records[0]
    assert record.levelno == logging.WARNING
    message = record.getMessage()
    assert "no audio device" in message and "\n" not in message
    assert a.play("roll") is None


def test_default_logger_is_the_module_logger():
    assert audio_mod.LOG.name == "game.system.audio"


def test_missing_audio_driver_runs_silently():
    """A real process whose SDL audio driver does not exist: NullAudio, one log line, exit 0."""
    script = textwrap.dedent(
        """
        import logging, sys
        logging.basicConfig(level=logging.DEBUG, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
        import pygame
        pygame.init()
        from game.system.audio import NullAudio, SOUND_NAMES, create_audio
        audio = create_audio(enabled=True)
        assert isinstance(audio, NullAudio), type(audio)
        for name in SOUND_NAMES:
            audio.play(name)
        audio.enabled = False
        audio.play("click")
        audio.enabled = True
        pygame.quit()
        print("silent ok")
        """
    )
    env = dict(os.environ)
    env["SDL_AUDIODRIVER"] = "nonexistent_driver"
    env["SDL_VIDEODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "silent ok"
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("WARNING game.system.audio: no audio device: running silently")


def test_noise_source_is_deterministic_and_white_enough():
    a, b = audio_mod._Random(7), audio_mod._Random(7)
    x, y = a.noise(20000), b.noise(20000)
    assert np.array_equal(x, y)
    assert not np.array_equal(x, audio_mod._Random(8).noise(20000))
    assert x.dtype == np.float32
    assert abs(float(x.mean())) < 0.05 and 0.9 < float(x.var()) < 1.1
    assert abs(float(np.corrcoef(x[:-1], x[1:])[0, 1])) < 0.05  # no sample-to-sample pattern
    u = a.uniform(2.0, 3.0, 1000)
    assert 2.0 <= u.min() and u.max() < 3.0 and isinstance(a.uniform(0.0, 1.0), float)
