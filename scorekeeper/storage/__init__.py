"""Storage adapter: the only code that imports tinydb."""
