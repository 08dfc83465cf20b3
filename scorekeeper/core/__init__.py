"""The rules of Spades and the scoring, as pure data and functions: no toolkit,
no storage, no module-level state. Everything else in the package sits around
this folder."""
