"""Examples: positions, moves and claims that a rules engine must agree with.

Example files (``tests/data/examples/<game>.yaml``) and booklet example blocks share one
format; :func:`check_file` checks a file, :func:`verify_example` one example mapping.
"""

from printkit.examples.check import (
    GENERIC_CLAIMS,
    all_claims,
    check_document,
    check_file,
    find_engine,
    generic_claims,
    verify_example,
)
from printkit.examples.load import EXAMPLE_KEYS, FILE_KEYS, Locator
from printkit.examples.model import (
    CheckReport,
    ClaimResult,
    ClaimSpec,
    ExampleSpec,
    VerifiedExample,
)
from printkit.examples.values import flow, same

__all__ = [
    "EXAMPLE_KEYS",
    "FILE_KEYS",
    "GENERIC_CLAIMS",
    "CheckReport",
    "ClaimResult",
    "ClaimSpec",
    "ExampleSpec",
    "Locator",
    "VerifiedExample",
    "all_claims",
    "check_document",
    "check_file",
    "find_engine",
    "flow",
    "generic_claims",
    "same",
    "verify_example",
]
