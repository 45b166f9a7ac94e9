import pytest

from commitcast.voice.timefmt import hhmmss, iso8601_duration, millis, vtt_timestamp, whole_seconds


@pytest.mark.parametrize(
    ("seconds", "hms", "iso"),
    [
        (0, "00:00:00", "PT0S"),
        (0.4, "00:00:00", "PT0S"),
        (59.6, "00:01:00", "PT1M"),
        (248.2, "00:04:08", "PT4M8S"),
        (181, "00:03:01", "PT3M1S"),
        (3600, "01:00:00", "PT1H"),
        (3725, "01:02:05", "PT1H2M5S"),
        (-3, "00:00:00", "PT0S"),
    ],
)
def test_durations(seconds: float, hms: str, iso: str) -> None:
    assert hhmmss(seconds) == hms
    assert iso8601_duration(seconds) == iso


def test_vtt_timestamp_and_rounding() -> None:
    assert vtt_timestamp(0) == "00:00:00.000"
    assert vtt_timestamp(3725.0456) == "01:02:05.046"
    assert vtt_timestamp(59.9996) == "00:01:00.000"
    assert millis(1.2345) == 1234 or millis(1.2345) == 1235
    assert whole_seconds(2.5) in (2, 3)


def test_public_api_changes_only_on_purpose() -> None:
    import commitcast.voice as voice

    assert sorted(voice.__all__) == sorted(
        [
            "voice_script", "render", "write_transcripts", "Pacing", "Mastering", "Engine", "EngineSpec",
            "Speech", "PiperSpec", "PiperEngine", "default_voice_path", "hhmmss", "iso8601_duration",
            "vtt_timestamp", "whole_seconds", "MP3_NAME", "VTT_NAME", "JSON_NAME", "CHAPTERS_NAME",
            "count_frames", "prepared_model", "voice_spec",
        ]
    )
    assert all(hasattr(voice, name) for name in voice.__all__)


def test_the_voice_spec_says_its_speaker(tmp_path) -> None:
    from commitcast.voice import voice_spec

    assert voice_spec().speaker == "Joe"  # the bundled voice
    assert voice_spec(tmp_path / "mine.onnx").speaker is None  # a voice file says no name
