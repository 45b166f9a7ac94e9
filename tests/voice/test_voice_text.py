from hypothesis import given
from hypothesis import strategies as st

from commitcast.voice.text import (
    MAX_CHARS,
    clean_for_speech,
    load_spoken,
    scripts_for_language,
    speech_pieces,
    split_long,
)


def test_clean_removes_controls_bidi_and_emoji() -> None:
    assert clean_for_speech("a\x00b\x07c\u200fd\u202ee") == "a b c d e"
    assert clean_for_speech("The build is green 🎉🚀 again") == "The build is green again"
    assert clean_for_speech("🎉🎉 ✅") == ""
    assert clean_for_speech("  \n\t ") == ""
    assert clean_for_speech("...") == ""


def test_clean_neutralises_piper_phoneme_syntax() -> None:
    # Commit messages are untrusted: "[[...]]" must never reach Piper as raw phonemes.
    cleaned = clean_for_speech("Fix [[ hɛloʊ ]] parsing in {module}")
    assert "[" not in cleaned and "]" not in cleaned and "{" not in cleaned
    assert "Fix" in cleaned and "parsing" in cleaned


def test_clean_drops_scripts_the_voice_cannot_read() -> None:
    english = scripts_for_language("en-us")
    assert clean_for_speech("שלום עולם means hello world", english) == "means hello world"
    assert clean_for_speech("مرحبا بالعالم", english) == ""
    assert clean_for_speech("中文测试", english) == ""
    assert clean_for_speech("naïve café façade", english) == "naïve café façade"
    hebrew = scripts_for_language("he")
    assert clean_for_speech("שלום world", hebrew) == "שלום world"


def test_clean_drops_unspeakable_long_tokens_and_normalises_width() -> None:
    assert clean_for_speech("x" * 5000) == ""
    assert clean_for_speech("see " + "ab" * 100 + " now") == "see now"
    assert clean_for_speech("ＰｙＴｏｒｃｈ") == "PyTorch"


def test_split_prefers_clause_boundaries() -> None:
    text = ("First clause is here, " * 8 + "and then; a second part: with more words. " * 4).strip()
    pieces = split_long(text, 120)
    assert all(len(p) <= 120 for p in pieces)
    assert " ".join(pieces).split() == text.split()
    # every piece but the last ends at punctuation, not mid-clause
    assert all(p[-1] in ",;:.!?" for p in pieces[:-1])


def test_split_short_text_is_untouched_and_hard_cut_is_last_resort() -> None:
    assert split_long("Short sentence.", 50) == ["Short sentence."]
    assert split_long("a" * 25, 10) == ["a" * 10, "a" * 10, "a" * 5]


@given(st.text(alphabet=st.sampled_from(list("abc ,.;:—")), min_size=0, max_size=2000), st.integers(10, 300))
def test_split_keeps_every_word_within_the_limit(text: str, limit: int) -> None:
    text = " ".join(text.split())
    pieces = split_long(text, limit)
    assert all(len(p) <= limit for p in pieces)
    if all(len(w) <= limit for w in text.split()):
        assert " ".join(pieces).split() == text.split()


def test_speech_pieces_skip_empty_and_split_long(script_of) -> None:
    long_sentence = ", ".join(f"clause number {n} of a very long sentence" for n in range(120))
    assert len(long_sentence) > 5000
    script = script_of([("One", ["Hello there.", "🎉", long_sentence]), ("Two", ["\x00\x01", "Bye."])])
    pieces = speech_pieces(script, spoken=lambda t: t)
    assert [(p.section, p.index) for p in pieces[:2]] == [(0, 0), (0, 2)]
    long_pieces = [p for p in pieces if (p.section, p.index) == (0, 2)]
    assert len(long_pieces) >= 5000 // MAX_CHARS
    assert all(len(p.text) <= MAX_CHARS for p in pieces)
    assert [p.last for p in long_pieces] == [False] * (len(long_pieces) - 1) + [True]
    assert (pieces[-1].section, pieces[-1].index, pieces[-1].text) == (1, 1, "Bye.")


def test_speech_pieces_use_the_spoken_form(script_of) -> None:
    script = script_of([("One", ["PR #123 landed."])])
    pieces = speech_pieces(script, spoken=lambda t: t.replace("#", "number "))
    assert pieces[0].text == "PR number 123 landed."
    assert callable(load_spoken())
