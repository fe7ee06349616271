"""The games printkit ships, one package each."""
