"""Who a window's people are: identities joined by what they share, and never two people fused."""

from __future__ import annotations

from commitcast.analyse.people import People
from commitcast.model import Person


def test_a_commit_under_a_colleagues_address_does_not_fuse_two_people() -> None:
    """One commit authored as "Jason Newcomb" with Philipp Krones' address: two people, both named."""
    shared = "3516e7ae6962@example.invalid"
    people = People.of([Person("Philipp Krones", shared)] * 5 + [Person("Jason Newcomb", shared)])
    assert people.name(Person("Jason Newcomb", shared)) == "Jason Newcomb"
    assert people.name(Person("Philipp Krones", shared)) == "Philipp Krones"


def test_spellings_and_handles_of_one_address_are_one_person() -> None:
    email = "92e62fd985b6@example.invalid"
    people = People.of(
        [Person("Alejandra González", email)] * 4 + [Person("Alejandra Gonzalez", email), Person("blyxyas", email)]
    )
    assert {people.name(Person(n, email)) for n in ("Alejandra Gonzalez", "blyxyas", "Alejandra González")} == {
        "Alejandra González"
    }
    # a name in another script beside its Latin spelling is one person too
    other = People.of([Person("远方", "a@example.com"), Person("Yuan Fang", "a@example.com")])
    assert other.name(Person("远方", "a@example.com")) == other.name(Person("Yuan Fang", "a@example.com"))


def test_an_umlaut_and_its_typed_spelling_are_one_person() -> None:
    """curl: "Dirk Hörsken" and "Dirk Hoersken" (two addresses) are one person, counted once."""
    from commitcast.text.identities import count_people

    dirk, typed = Person("Dirk Hörsken", "dirk@a.de"), Person("Dirk Hoersken", "dh@b.org")
    assert count_people([dirk, typed]) == 1
    assert count_people([Person("Anna Müller", "a@a.de"), Person("Hanna Muller", "h@b.de")]) == 2
