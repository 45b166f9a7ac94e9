"""Scheduling the pieces on the pool: the tail goes longest first, results come back in order."""

from commitcast.voice.pool import SpeechPool, submission_order


def test_the_last_window_starts_longest_first() -> None:
    sizes = [5, 1, 9, 2, 8, 3, 7]
    assert submission_order(sizes, 4) == [0, 1, 2, 4, 6, 5, 3]
    assert submission_order(sizes, 0) == list(range(7))
    assert submission_order(sizes, 99) == [2, 4, 6, 0, 5, 3, 1]
    assert submission_order([4, 4, 4], 3) == [0, 1, 2]  # ties keep their order


def test_results_come_back_in_order_from_a_pool(tone_spec) -> None:
    texts = [f"{'word ' * (n % 7 + 1)}number {n}" for n in range(23)]
    with SpeechPool(tone_spec(), workers=2) as pool:
        assert pool.workers == 2
        pooled = [len(s.samples) for s in pool.speak(texts)]
    with SpeechPool(tone_spec(), workers=1) as alone:
        assert [len(s.samples) for s in alone.speak(texts)] == pooled
    assert len(set(pooled)) > 5  # the texts differ in length, so order shows
