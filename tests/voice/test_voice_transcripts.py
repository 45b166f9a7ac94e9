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
    cues = [cue.splitlines() for cue in vtt.split("\n\n")[1:] if cue.strip()]
    assert all(len(line) <= 65 + len("<v Joe>") for cue in cues for line in cue)
    # Every cue: number, timing, at most two lines of text, the first naming the speaker.
    assert all(len(cue) in (3, 4) and cue[2].startswith("<v Joe>") for cue in cues)
    # The long sentence (three lines of text) is two cues sharing its time; the blank lines
    # in its text split nothing.
    assert len(cues) == 3
    first, second = (len("".join(cue[2:]).removeprefix("<v Joe>")) for cue in cues[1:])
    split = 3.1 + (11.2 - 3.1) * first / (first + second)  # time shared by length of text
    assert first > 2 * second
    assert [cue[1] for cue in cues[1:]] == [
        f"00:00:03.100 --> 00:00:{split:06.3f}",
        f"00:00:{split:06.3f} --> 00:00:11.200",
    ]
    said = " ".join(" ".join(cue[2:]).removeprefix("<v Joe>") for cue in cues[1:]).replace("<v Joe>", "")
    assert said.split() == audio_fixture().sentences[1].text.split()

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
