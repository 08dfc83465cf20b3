import os

# Tests never touch the user's real data folder.
os.environ.pop("SCOREKEEPER_DATA", None)
