"""Sound effects, synthesised with numpy when the game starts.

No sound files are read: every effect is a few damped sine partials and
short noise bursts computed here, then converted to the mixer's actual
format (``pygame.mixer.get_init()``: rate, sample size, channels).

>>> audio = create_audio(enabled=True)   # Audio, or NullAudio without a device
>>> audio.play("roll")                    # doctest: +SKIP
>>> audio.enabled = False                 # silences what is playing, too

Call :func:`create_audio` before ``pygame.init()`` if you want its mixer
settings (small buffer); after it, the mixer pygame opened is used as it is.
Synthesis takes about 10 ms for all eight effects at 44.1 kHz.

Sound names are :data:`SOUND_NAMES`.  Playing an unknown name raises
``ValueError`` (it is a programming error), whether or not sound is on.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Optional, Tuple, Union

import numpy as np
import pygame

__all__ = [
    "SOUND_NAMES",
    "Audio",
    "NullAudio",
    "create_audio",
    "synthesise",
    "to_mixer_array",
]

LOG = logging.getLogger(__name__)

#: Every effect the game can play.
SOUND_NAMES: Tuple[str, ...] = (
    "roll",      # dice rattling in the cup and on the board
    "place",     # a checker set down on a point: soft wooden tock
    "hit",       # a blot hit and sent to the bar: sharper knock
    "bear_off",  # a checker borne off: light chime
    "double",    # the cube offered: two rising tones
    "win",       # game or match won: short major arpeggio
    "lose",      # game or match lost: short falling figure
    "click",     # a button pressed
)

# The mixer set-up asked for; the device may give something else, which
# is why the sounds follow ``pygame.mixer.get_init()`` instead.
MIXER_FREQUENCY = 44100
MIXER_SIZE = -16
MIXER_CHANNELS = 2
MIXER_BUFFER = 512  # small: effects should follow clicks without lag
MIXER_VOICES = 16   # several effects may overlap (dice, checkers, clicks)

_SEED = 20240607  # the dice rattle is random, but the same every start


class _Random:
    """A small counter-based hash generator (numpy.random costs ~50 ms to
    import, half the start-up budget).  Deterministic for a given seed."""

    def __init__(self, seed: int) -> None:
        self._seed = np.uint32(seed & 0xFFFFFFFF)
        self._count = 0

    def _bits(self, n: int) -> np.ndarray:
        x = np.arange(self._count, self._count + n, dtype=np.uint32)
        self._count += n
        x = x * np.uint32(0x9E3779B9) + self._seed
        x ^= x >> np.uint32(16)
        x *= np.uint32(0x7FEB352D)
        x ^= x >> np.uint32(15)
        x *= np.uint32(0x846CA68B)
        x ^= x >> np.uint32(16)
        return x

    def uniform(self, low: float, high: float, n: Optional[int] = None):
        """``n`` floats in [low, high), or one float when ``n`` is None."""
        u = self._bits(1 if n is None else n).astype(np.float64) * (1.0 / 2 ** 32)
        values = low + (high - low) * u
        return float(values[0]) if n is None else values

    def noise(self, n: int) -> np.ndarray:
        """White noise, float32, zero mean and unit variance (uniformly distributed)."""
        return ((self._bits(n).astype(np.float32) * np.float32(1.0 / 2 ** 32)) - np.float32(0.5)) * np.float32(12 ** 0.5)


# -- synthesis (float32 mono, -1..1) ---------------------------------------

def _time(rate: int, seconds: float) -> np.ndarray:
    return np.arange(int(rate * seconds), dtype=np.float32) / np.float32(rate)


def _fade(x: np.ndarray, rate: int, attack: float = 0.002, release: float = 0.008) -> np.ndarray:
    """Short linear ramps at both ends, so that nothing starts or stops with a click."""
    n_a = min(len(x), max(1, int(rate * attack)))
    n_r = min(len(x), max(1, int(rate * release)))
    x[:n_a] *= np.linspace(0.0, 1.0, n_a, dtype=np.float32)
    x[len(x) - n_r:] *= np.linspace(1.0, 0.0, n_r, dtype=np.float32)
    return x


def _partials(t: np.ndarray, freq: float, parts: Tuple[Tuple[float, float, float], ...]) -> np.ndarray:
    """Sum of damped sines: each part is (frequency ratio, amplitude, decay time in s)."""
    out = np.zeros_like(t)
    for ratio, amp, tau in parts:
        out += np.float32(amp) * np.sin(np.float32(2 * np.pi * freq * ratio) * t) * np.exp(-t / np.float32(tau))
    return out


def _impact(rate: int, rng: _Random, freq: float, length: float,
            parts: Tuple[Tuple[float, float, float], ...], noise: float, noise_tau: float) -> np.ndarray:
    """A struck body: damped resonances plus a very short burst of noise."""
    t = _time(rate, length)
    body = _partials(t, freq, parts)
    burst = rng.noise(len(t)) * np.exp(-t / np.float32(noise_tau))
    # a two-point difference brightens the noise (a crude high-pass)
    burst[1:] -= np.float32(0.85) * burst[:-1]
    return body + np.float32(noise) * burst


def _tone(rate: int, freq: float, length: float, tau: float, attack: float = 0.006,
          parts: Tuple[Tuple[float, float], ...] = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))) -> np.ndarray:
    """A soft instrument-like note: a few harmonics, a quick rise and an exponential fall."""
    t = _time(rate, length)
    out = np.zeros_like(t)
    for ratio, amp in parts:
        out += np.float32(amp) * np.sin(np.float32(2 * np.pi * freq * ratio) * t)
    env = np.exp(-t / np.float32(tau))
    n_a = max(1, int(rate * attack))
    env[:n_a] *= np.linspace(0.0, 1.0, n_a, dtype=np.float32)
    return out * env


def _mix_at(total: np.ndarray, part: np.ndarray, start: int) -> None:
    end = min(len(total), start + len(part))
    total[start:end] += part[: end - start]


def _normalise(x: np.ndarray, rate: int, peak: float) -> np.ndarray:
    # longer sounds get a longer fade-out, so that ringing tails end smoothly
    x = _fade(x.astype(np.float32, copy=False), rate, release=min(0.03, 0.15 * len(x) / rate))
    top = float(np.max(np.abs(x)))
    if top > 0:
        x *= np.float32(peak / top)
    return x


def _roll(rate: int, rng: _Random) -> np.ndarray:
    """Dice: a rattle of short, bright clicks that thin out and soften."""
    total = np.zeros(int(rate * 0.48), dtype=np.float32)
    times = np.sort(rng.uniform(0.0, 0.40, 13))
    times[0] = 0.0
    for when in times:
        click = _impact(
            rate, rng, freq=rng.uniform(1800, 3400), length=0.03,
            parts=((1.0, 0.6, 0.004), (1.47, 0.35, 0.003)), noise=0.5, noise_tau=0.0015,
        )
        gain = (1.0 - 0.6 * when / 0.40) * rng.uniform(0.55, 1.0)
        _mix_at(total, click * np.float32(gain), int(when * rate))
    # the two dice landing: two lower, fuller knocks at the end
    for when, freq in ((0.405, 1250.0), (0.43, 1420.0)):
        land = _impact(rate, rng, freq, 0.045, ((1.0, 0.8, 0.008), (2.3, 0.3, 0.004)), 0.3, 0.002)
        _mix_at(total, land * np.float32(0.8), int(when * rate))
    return _normalise(total, rate, 0.55)


def _place(rate: int, rng: _Random) -> np.ndarray:
    """Checker set down: a soft, low, wooden tock."""
    x = _impact(rate, rng, 420.0, 0.11, ((1.0, 1.0, 0.022), (2.4, 0.35, 0.010), (4.1, 0.12, 0.005)), 0.12, 0.0015)
    return _normalise(x, rate, 0.5)


def _hit(rate: int, rng: _Random) -> np.ndarray:
    """Hit: a sharper knock, a checker striking another, with a little rebound."""
    first = _impact(rate, rng, 760.0, 0.13, ((1.0, 1.0, 0.028), (2.7, 0.55, 0.012), (5.3, 0.3, 0.005)), 0.45, 0.002)
    second = _impact(rate, rng, 640.0, 0.08, ((1.0, 0.8, 0.02), (2.9, 0.3, 0.008)), 0.2, 0.0015)
    total = np.zeros(int(rate * 0.2), dtype=np.float32)
    _mix_at(total, first, 0)
    _mix_at(total, second * np.float32(0.45), int(rate * 0.055))
    return _normalise(total, rate, 0.7)


def _bear_off(rate: int, rng: _Random) -> np.ndarray:
    """Bear off: a light, bell-like chime (inharmonic partials, slow decay)."""
    t = _time(rate, 0.42)
    x = _partials(t, 1318.5, ((1.0, 1.0, 0.16), (2.76, 0.35, 0.07), (5.4, 0.12, 0.03)))
    return _normalise(x, rate, 0.4)


def _double(rate: int, rng: _Random) -> np.ndarray:
    """Double: two rising tones, a fourth apart (G4 then C5)."""
    total = np.zeros(int(rate * 0.42), dtype=np.float32)
    _mix_at(total, _tone(rate, 392.0, 0.20, 0.09), 0)
    _mix_at(total, _tone(rate, 523.25, 0.28, 0.12), int(rate * 0.14))
    return _normalise(total, rate, 0.5)


def _win(rate: int, rng: _Random) -> np.ndarray:
    """Win: C5 E5 G5 up to C6, the last note held."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    step = 0.1
    total = np.zeros(int(rate * (step * 3 + 0.5)), dtype=np.float32)
    for i, freq in enumerate(notes):
        last = i == len(notes) - 1
        _mix_at(total, _tone(rate, freq, 0.5 if last else 0.3, 0.22 if last else 0.09), int(rate * step * i))
    return _normalise(total, rate, 0.5)


def _lose(rate: int, rng: _Random) -> np.ndarray:
    """Lose: a slower falling minor figure, G4 E flat 4 C4, darker and quieter."""
    notes = (392.0, 311.13, 261.63)
    step = 0.17
    dark = ((1.0, 1.0), (2.0, 0.15))
    total = np.zeros(int(rate * (step * 2 + 0.55)), dtype=np.float32)
    for i, freq in enumerate(notes):
        last = i == len(notes) - 1
        _mix_at(total, _tone(rate, freq, 0.55 if last else 0.3, 0.25 if last else 0.1, 0.012, dark), int(rate * step * i))
    return _normalise(total, rate, 0.45)


def _click(rate: int, rng: _Random) -> np.ndarray:
    """Button: a tiny, dry tick."""
    x = _impact(rate, rng, 2200.0, 0.025, ((1.0, 0.8, 0.0035), (1.9, 0.3, 0.002)), 0.25, 0.0008)
    return _normalise(x, rate, 0.35)


_SYNTHS: Dict[str, Callable[[int, _Random], np.ndarray]] = {
    "roll": _roll,
    "place": _place,
    "hit": _hit,
    "bear_off": _bear_off,
    "double": _double,
    "win": _win,
    "lose": _lose,
    "click": _click,
}
assert tuple(_SYNTHS) == SOUND_NAMES


def synthesise(rate: int = MIXER_FREQUENCY) -> Dict[str, np.ndarray]:
    """Every effect as mono float32 samples in -1..1 at ``rate`` Hz.

    Deterministic: the same rate gives the same samples."""
    rng = _Random(_SEED)
    return {name: make(rate, rng) for name, make in _SYNTHS.items()}


def to_mixer_array(samples: np.ndarray, size: int, channels: int) -> np.ndarray:
    """Convert mono float samples (-1..1) to the mixer's sample format.

    ``size`` and ``channels`` as ``pygame.mixer.get_init()`` reports them:
    8 / -8 (unsigned / signed bytes), 16 / -16 (unsigned / signed 16-bit),
    32 / -32 (32-bit float, the only 32-bit format pygame's mixer offers).
    The result has shape ``(n,)`` for mono and ``(n, channels)`` otherwise,
    the same signal on every channel."""
    x = np.clip(np.asarray(samples, dtype=np.float32), -1.0, 1.0)
    if size == -16:
        out = np.round(x * 32767.0).astype(np.int16)
    elif size == 16:
        out = (np.round(x * 32767.0) + 32768.0).astype(np.uint16)
    elif size == -8:
        out = np.round(x * 127.0).astype(np.int8)
    elif size == 8:
        out = (np.round(x * 127.0) + 128.0).astype(np.uint8)
    elif abs(size) == 32:
        out = x.astype(np.float32)
    else:
        raise ValueError(f"unsupported mixer sample size {size}")
    if channels < 1:
        raise ValueError(f"unsupported channel count {channels}")
    if channels == 1:
        return np.ascontiguousarray(out)
    return np.ascontiguousarray(np.repeat(out[:, None], channels, axis=1))


def _check_name(name: str) -> None:
    if name not in _SYNTHS:
        raise ValueError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")


# -- players -----------------------------------------------------------------

class NullAudio:
    """The same interface as :class:`Audio` for a machine without sound:
    remembers the setting, checks the names, plays nothing."""

    available = False

    def __init__(self, enabled: bool = True) -> None:
        self._enabled = bool(enabled)

    @property
    def names(self) -> Tuple[str, ...]:
        return SOUND_NAMES

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        if not self._enabled:
            self.stop()

    def sound(self, name: str) -> Optional[pygame.mixer.Sound]:
        _check_name(name)
        return None

    def play(self, name: str) -> Optional[pygame.mixer.Channel]:
        _check_name(name)
        return None

    def stop(self) -> None:
        return None


class Audio(NullAudio):
    """The game's sound effects on an initialised ``pygame.mixer``.

    ``enabled`` is the player's sound setting: turning it off stops every
    sound already playing and makes :meth:`play` do nothing until it is
    turned on again."""

    available = True

    def __init__(self, enabled: bool = True) -> None:
        init = pygame.mixer.get_init()
        if not init:
            raise pygame.error("pygame.mixer is not initialised")
        self.frequency, self.size, self.channels = init
        self._sounds: Dict[str, pygame.mixer.Sound] = {}
        for name, samples in synthesise(self.frequency).items():
            self._sounds[name] = pygame.sndarray.make_sound(to_mixer_array(samples, self.size, self.channels))
        self._enabled = bool(enabled)

    def sound(self, name: str) -> pygame.mixer.Sound:
        """The ``pygame.mixer.Sound`` behind ``name``."""
        _check_name(name)
        return self._sounds[name]

    def play(self, name: str) -> Optional[pygame.mixer.Channel]:
        """Play the effect ``name``; the channel it plays on, or None when
        sound is off or no mixer channel is free."""
        _check_name(name)
        if not self._enabled:
            return None
        return self._sounds[name].play()

    def stop(self) -> None:
        """Stop every sound now playing (the setting stays as it is)."""
        pygame.mixer.stop()


def create_audio(enabled: bool = True, log: Optional[logging.Logger] = None) -> Union[Audio, NullAudio]:
    """Open the mixer (if nobody has yet) and build the effects.

    Without a usable audio device this logs one warning and returns a
    :class:`NullAudio`, so that the game runs on silently."""
    log = log if log is not None else LOG
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.pre_init(MIXER_FREQUENCY, MIXER_SIZE, MIXER_CHANNELS, MIXER_BUFFER)
            pygame.mixer.init()
        pygame.mixer.set_num_channels(max(MIXER_VOICES, pygame.mixer.get_num_channels()))
        return Audio(enabled)
    except (pygame.error, ValueError, OSError) as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        log.warning("no audio device: running silently (%s)", reason)
        try:
            pygame.mixer.quit()
        except pygame.error:  # pragma: no cover - quitting a mixer that never opened
            pass
        return NullAudio(enabled)
