"""Storage adapter: the only code that imports tinydb.

The other layers use the modules named in `__all__`: store (GameStore, its
errors and restore_backup), location (the data folder), snapshot (a
consistent copy to read while the app has the folder), platform (the durable
file primitives) and browser (the offline build's storage in the page). The
other modules are the store's own parts."""

__all__ = ["browser", "location", "platform", "snapshot", "store"]
