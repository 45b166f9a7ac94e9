import numpy as np
import pyloudnorm
import pytest
from scipy.signal import butter, resample_poly, sosfilt

from commitcast.voice.loudness import (
    Leveler,
    LoudnessMeter,
    db_to_gain,
    gain_to_db,
    limit,
    true_peak,
)

RATE = 22050


def speechlike(seconds: float, seed: int = 0) -> np.ndarray:
    """Noise shaped like speech: bursts of varying level with pauses, peaky."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    envelope = np.clip(np.sin(2 * np.pi * 3 * t) + 0.3 * rng.standard_normal(n).cumsum() / np.sqrt(n), 0, None)
    envelope *= np.sin(2 * np.pi * 0.25 * t) > -0.6  # pauses
    noise = sosfilt(butter(6, 5000, fs=RATE, output="sos"), rng.standard_normal(n))  # speech-like band
    return (0.05 * envelope * noise).astype(np.float32)


def test_streaming_meter_matches_pyloudnorm() -> None:
    signal = speechlike(20)
    reference = pyloudnorm.Meter(RATE).integrated_loudness(signal.astype(np.float64))
    meter = LoudnessMeter(RATE)
    for chunk in np.array_split(signal, 37):  # odd chunk sizes straddle the 100 ms hops
        meter.add(chunk)
    assert meter.integrated() == pytest.approx(reference, abs=0.02)


def test_meter_of_silence_and_short_input() -> None:
    meter = LoudnessMeter(RATE)
    assert meter.integrated() == -np.inf
    meter.add_silence(RATE * 2)
    assert meter.integrated() == -np.inf


def test_limit_holds_the_true_peak_and_leaves_quiet_audio_alone() -> None:
    loud = speechlike(5) * 20
    ceiling = db_to_gain(-1.5)
    limited, peak = limit(loud, ceiling, RATE)
    measured = np.abs(resample_poly(limited, 8, 1)).max()
    assert gain_to_db(measured) <= -1.5 + 0.2
    assert peak <= ceiling * 1.0001
    quiet = speechlike(2) * 0.5
    same, quiet_peak = limit(quiet, ceiling, RATE)
    assert same is quiet
    assert quiet_peak == pytest.approx(true_peak(quiet))


def test_leveler_lands_on_target_under_the_ceiling() -> None:
    leveler = Leveler(RATE, target_lufs=-16.0, ceiling_dbtp=-1.5)
    segments = [speechlike(3, seed) * (0.5 + seed % 3) for seed in range(12)]  # levels vary by ~10 dB
    out, peaks = [], []
    for segment in segments:
        limited, peak = leveler.level(segment, silence=RATE // 2)
        out += [np.zeros(RATE // 2), limited]
        peaks.append(peak)
    gain = leveler.gain()
    relimited = [
        limit(seg, leveler.ceiling / gain, RATE)[0] if leveler.needs_relimit(p, gain) else seg
        for seg, p in zip(out[1::2], peaks, strict=True)
    ]
    program = np.concatenate([x for pair in zip(out[::2], relimited, strict=True) for x in pair]) * gain
    assert pyloudnorm.Meter(RATE).integrated_loudness(program) == pytest.approx(-16.0, abs=0.3)
    assert gain_to_db(np.abs(resample_poly(program, 8, 1)).max()) <= -1.5 + 0.2


def test_meter_measures_audio_shorter_than_one_block() -> None:
    t = np.arange(int(0.25 * RATE)) / RATE
    meter = LoudnessMeter(RATE)
    meter.add(0.1 * np.sin(2 * np.pi * 1000 * t))
    # a 1 kHz sine at -20 dBFS peak reads about -23 LUFS (K-weighting is ~0 dB at 1 kHz)
    assert meter.integrated() == pytest.approx(-23.0, abs=0.5)
