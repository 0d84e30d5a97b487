"""A post quoted in a reply is no copy of the reply (``textcheck.quoted_in``): the reply holds the post's lines
after a quote mark the post's own lines do not have, and says something of its own. A copy of the post - reposted,
forwarded as it was, with headers or a signature of its own - is still a copy."""

import numpy as np
import pytest

from dedup_gui.core.pipeline import Pipeline
from dedup_gui.core.settings import Settings
from dedup_gui.core.textcheck import QUOTED_SHARE, _quoted_plan, quoted_in, reports_differ_pairs

POST = (
    "Could someone direct me to information on SCSI performance for each Mac?\n"
    "I mean the maximum throughput of the bus, and how it compares between models.\n"
    "My own machine is an old IIci with a slow internal drive, and I am thinking\n"
    "of adding a second disk for the photographs I scan every week for my work.\n"
    "Is the external port on the older models any slower than the internal one,\n"
    "and does the length of the cable matter as much as people in the shop said?\n"
    "\n"
    "Please email, and thanks in advance for any pointers to the right place.\n"
    "Kurt\n"
)


def quoted(text: str, mark: str) -> str:
    return "\n".join(mark + line if line.strip() else line for line in text.splitlines())


REPLY = "Kurt Tiedtke wrote:\n" + quoted(POST, "|> ") + "\n\nMax thruput on a Centris is about 3.3 MB/sec.\n"


@pytest.mark.parametrize("mark", ["> ", ">", "|> ", ": ", "< ", "} ", "! ", "GR> ", "dale> ", "  > "])
def test_a_post_quoted_in_a_reply_is_quoted_there(mark):
    reply = "Someone wrote:\n" + quoted(POST, mark) + "\n\nThe answer, in a line of the reply's own.\n"
    assert quoted_in(POST, reply)


def test_a_post_that_quotes_another_is_quoted_one_mark_deeper():
    post = "X wrote:\n" + quoted(POST, "> ") + "\n\nI would like to know the same, for the Quadra line of machines.\n"
    reply = "Y writes:\n" + quoted(post, "> ") + "\n\nSee the FAQ for the whole table of figures.\n"
    assert quoted_in(post, reply)
    # ... and the post it quotes, which the reply quotes two marks deep, is quoted there too: a reply to a reply
    # holds the first post only as what the thread answers (20 Newsgroups: "|> >Is it possible to use WinQVT/Net…")
    assert quoted_in(POST, reply)


def test_a_post_is_read_for_quotes_without_its_header_and_signature():
    """A reply quotes a post's body and drops its header and signature ("[Dave Medin's 10 line sig deleted]"):
    read with them, a post quoted whole had half its lines or fewer in the reply. Lines the reply has as its own
    (the author's signature under a follow-up of his own post) are not read either."""
    header = "From: dtmedin@catbyte.example.com (Dave Medin)\nSubject: Re: Police radar\nOrganization: Intergraph\n\n"
    signature = "\n-- \n" + "\n".join(f"Dave Medin, Intergraph Corporation, line {i} of my signature" for i in range(8))
    post = header + POST + signature
    reply = "In article <1993Apr6>, Dave Medin writes:\n" + quoted(POST, "|> ") + "\n\nThe reply's own words.\n"
    assert quoted_in(post, reply)
    assert not quoted_in(post, post + "\nA line of the repost's own, long enough to read.\n")  # a copy still
    own = "\n\n" + "\n".join(f"Wim Van Holder, Katholieke Universiteit Leuven, address line {i}" for i in range(9))
    assert quoted_in(POST + own, "In article, X writes:\n" + quoted(POST, "> ") + "\n\nMy own question." + own)


def test_a_post_indented_under_a_line_that_says_whose_it_is_is_quoted():
    indented = quoted(POST, "   ")
    assert quoted_in(POST, "Kurt Tiedtke writes:\n\n" + indented + "\n\nThe answer, a line of the reply's own.\n")
    # indented without such a line: a repost laid out otherwise, still a copy
    assert not quoted_in(POST, "Repost.\n\n" + indented + "\n")


def test_a_text_is_not_quoted_in_its_own_copy():
    """The same text twice - its own quoted or indented lines as they were - is a copy, never a quote of itself."""
    post = "X writes:\n" + quoted(POST, "> ") + "\n\n" + quoted(POST, "   ") + "\n\n" + POST
    assert not quoted_in(post, post)
    assert not quoted_in(post, post + "\nA line of the repost's own, long enough to read.\n")


def test_copies_are_not_quotes():
    assert not quoted_in(POST, POST + "\n-- \nKurt Tiedtke, Claremont\n")  # its own signature
    assert not quoted_in(POST, "From: kurt@claremont.edu\nSubject: SCSI\n\n" + POST)  # forwarded as it was
    post = "X wrote:\n" + quoted(POST, "> ") + "\n\nI would like to know the same, for the Quadra line.\n"
    assert not quoted_in(post, post + "\nA line added at the end, of the repost's own.\n")  # a copy of a reply
    # fewer than QUOTED_SHARE of the post's lines quoted: the reply quotes a line of it, not the post
    lines = [ln for ln in POST.splitlines() if len(ln.strip()) >= 20]
    one = "Kurt wrote:\n> " + lines[0] + "\n\n" + "\n".join(lines[1:]) + "\n"
    assert 1 / len(lines) < QUOTED_SHARE and not quoted_in(POST, one)
    # short lines (a name, "Thanks,") are not read: one long line quoted is not enough
    assert not quoted_in("Thanks,\nKurt\nA line long enough to be read as the post's.", "> Thanks,\n> Kurt\nok")


def test_a_reply_shorter_than_the_post_it_quotes_is_read_too():
    """A reply that quotes a post whole but for its long signature, with a line of its own, is the shorter of the
    two: the pair is read both ways."""
    post = POST + "-- \n" + "Kurt Tiedtke, Claremont Colleges, in the physics department's basement lab\n" * 3
    reply = "Kurt writes:\n" + quoted(POST, "|> ") + "\nSee the FAQ.\n"
    assert len(reply) < len(post) and quoted_in(POST, reply)
    plan = _quoted_plan([post, reply], np.array([0]), np.array([1]))
    assert plan.at.tolist() == [0]
    assert reports_differ_pairs([post, reply], [post, reply], np.array([0]), np.array([1]), markup=False).tolist() == [
        True
    ]


def test_the_plan_reads_only_pairs_with_a_quote_mark_in_one_of_their_texts():
    texts = [POST, REPLY, POST + "\nA line of a repost's own, long enough.\n", "one line only, no break at all"]
    a, b = np.array([0, 0, 3]), np.array([1, 2, 1])
    plan = _quoted_plan(texts, a, b)
    assert plan.at.tolist() == [0] and (plan.x.tolist(), plan.y.tolist()) == ([0], [1])
    differ = reports_differ_pairs(texts, texts, a[:2], b[:2], markup=False)
    assert differ.tolist() == [True, False]


def test_a_run_keeps_the_post_its_reply_quotes_and_removes_its_repost():
    rows = [POST, REPLY, "Repost:\n" + POST]
    result = Pipeline(rows).run(Settings(algorithm="ngram"))
    keep = result.resolve().keep.tolist()
    assert keep[1] and sum(keep) == 2  # the reply stays, and one of the post and its repost
    assert (0, 1) not in set(zip(result.pairs.a.tolist(), result.pairs.b.tolist(), strict=True))
