"""Upsampling by a whole factor with numpy alone: the filter ``scipy.signal.resample_poly``
designs (a Kaiser-windowed sinc, β = 5, ten input samples either side), split into phases.

Importing ``scipy.signal`` takes 0.6 s (measured: it pulls in scipy.stats and
scipy.optimize), a tenth of a four-minute episode's voice stage; the pool's workers, which
encode the parts, never import it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

__all__ = ["HALF", "phases", "upsample", "upsampled_blocks"]

HALF = 10  # input samples either side that an interpolated point depends on


@lru_cache(maxsize=4)
def phases(factor: int) -> np.ndarray:
    """Row ``p`` weighs the ``2 * HALF + 1`` input samples around sample ``n`` (oldest first)
    to give the point ``p / factor`` of a sample past it; row 0 is the sample itself (to 0.06 %)."""
    taps = 2 * HALF * factor + 1
    offsets = np.arange(taps) - HALF * factor
    design = np.sinc(offsets / factor) / factor * np.kaiser(taps, 5.0)
    response = design / design.sum() * factor
    # Tap k weighs input sample n + HALF - k // factor for phase k % factor: padded to whole
    # input samples, the taps are a (sample, phase) table, read with the oldest sample first.
    padded = np.concatenate([response, np.zeros(factor - 1)])
    return padded.reshape(2 * HALF + 1, factor)[::-1].T.copy()


def upsample(samples: np.ndarray, factor: int) -> np.ndarray:
    """``samples`` at ``factor`` times their rate, as ``resample_poly(samples, factor, 1)`` gives
    them (to float32 rounding): input sample ``i`` lands on output ``i * factor``."""
    signal = np.asarray(samples, dtype=np.float32)
    out = np.empty(len(signal) * factor, np.float32)
    for p, weights in enumerate(phases(factor).astype(np.float32)):
        # correlation with the weights, centred: np.convolve with them reversed
        out[p::factor] = np.convolve(signal, weights[::-1], mode="same")
    return out


def upsampled_blocks(samples: np.ndarray, factor: int, block: int) -> Iterator[np.ndarray]:
    """``upsample(samples, factor)`` (``samples`` as they are for ``factor`` 1), ``block`` input
    samples' worth at a time: each block is upsampled with the ``HALF`` samples either side
    that its points depend on, so the values are the same as upsampling the whole at once."""
    for start in range(0, len(samples), block):
        end = min(len(samples), start + block)
        if factor == 1:
            yield samples[start:end]
            continue
        low, high = max(0, start - HALF), min(len(samples), end + HALF)
        yield upsample(samples[low:high], factor)[(start - low) * factor : (end - low) * factor]
