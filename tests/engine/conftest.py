"""The engine's tests. pytest puts this folder on sys.path, so the tests below it import the shared
random-hand generators and the reference-library adapters (``mcr_random``, ``riichi_random``,
``mcr_oracle``) by name, as scripts/ and benchmarks/ do."""
