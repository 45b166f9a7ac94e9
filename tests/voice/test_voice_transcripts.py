import json
from pathlib import Path

from commitcast.model import Audio, Chapter, SentenceTiming
from commitcast.voice.transcripts import write_transcripts


def audio_fixture() -> Audio:
    return Audio(
        path="episode.mp3",
        duration=12.5,
        size=1000,
        sample_rate=22050,
        sentences=[
            SentenceTiming(section=0, index=0, start=0.45, end=2.0, text="Hello <world> & friends --> ok."),
            SentenceTiming(section=1, index=0, start=3.1, end=11.2, text="A " + "long sentence " * 10 + "\n\nwith a gap."),
        ],
        chapters=[
            Chapter(title="Opening", start=0.0, end=3.1),
            Chapter(title="Story", start=3.1, end=12.5, url="https://example.org/pull/7"),
        ],
    )


def test_transcripts_and_chapters(tmp_path: Path, script_of) -> None:
    script = script_of([("Opening", ["x"]), ("Story", ["y"], "https://example.org/pull/7")])
    paths = write_transcripts(script, audio_fixture(), tmp_path, speaker="Joe")
    assert [p.name for p in paths] == ["transcript.vtt", "transcript.json", "chapters.json"]

    vtt = (tmp_path / "transcript.vtt").read_text()
    assert vtt.startswith("WEBVTT\n\n")
    assert "00:00:00.450 --> 00:00:02.000" in vtt
    assert "<v Joe>Hello &lt;world&gt; &amp; friends --&gt; ok." in vtt
    cues = vtt.split("\n\n")[1:]
    assert all(len(line) <= 65 + len("<v Joe>") for cue in cues for line in cue.splitlines())
    assert len([c for c in cues if c.strip()]) == 2  # the blank lines in the text did not split a cue

    transcript = json.loads((tmp_path / "transcript.json").read_text())
    assert transcript["version"] == "1.0.0"
    assert transcript["segments"][0] == {
        "speaker": "Joe",
        "startTime": 0.45,
        "endTime": 2.0,
        "body": "Hello <world> & friends --> ok.",
    }

    chapters = json.loads((tmp_path / "chapters.json").read_text())
    assert chapters["version"] == "1.2.0"
    assert chapters["chapters"] == [
        {"startTime": 0.0, "endTime": 3.1, "title": "Opening"},
        {"startTime": 3.1, "endTime": 12.5, "title": "Story", "url": "https://example.org/pull/7"},
    ]
    assert not list(tmp_path.glob(".*tmp"))


def test_no_speaker_means_no_voice_tag(tmp_path: Path, script_of) -> None:
    write_transcripts(script_of([("A", ["x"])]), audio_fixture(), tmp_path)
    assert "<v " not in (tmp_path / "transcript.vtt").read_text()
    assert "speaker" not in json.loads((tmp_path / "transcript.json").read_text())["segments"][0]


def test_transcripts_carry_printable_text_only(tmp_path: Path, script_of) -> None:
    # An LLM reply or an old cached script could still hold what a terminal or player acts on.
    hostile = "Fix\x1b]0;owned\x07 the\x1b[2J parser\x9b31m\u202e now\x00\x08.\r\nDone."
    audio = Audio(
        path="episode.mp3",
        duration=3.0,
        size=1000,
        sample_rate=22050,
        sentences=[SentenceTiming(section=0, index=0, start=0.0, end=3.0, text=hostile)],
        chapters=[Chapter(title="Opening", start=0.0, end=3.0)],
    )
    write_transcripts(script_of([("Opening", ["x"])]), audio, tmp_path, speaker="Joe")
    vtt = (tmp_path / "transcript.vtt").read_text()
    segment = json.loads((tmp_path / "transcript.json").read_text())["segments"][0]
    assert segment["body"] == "Fix the parser now. Done."
    assert "<v Joe>Fix the parser now. Done." in vtt
    for text in (vtt, (tmp_path / "transcript.json").read_text()):
        assert all(ch.isprintable() or ch == "\n" for ch in text), repr(text)
