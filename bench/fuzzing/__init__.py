"""A fuzz harness for printkit: seeded generators of hostile input, one family per kind of
thing a user hands printkit, each input run in a forked child under a memory and time
budget and classified (fine, crash, over budget, unlocated, disagree, unsafe).

``python bench/fuzz.py`` is the long run; ``tests/test_fuzz_harness.py`` the quick one.
"""
