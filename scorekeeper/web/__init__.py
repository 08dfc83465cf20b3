"""The web server: the ASGI app and its door, the lean client's files, the
keeper's and watchers' ways in, the watch pages and the uploads. It builds on
the Flet app of `scorekeeper.ui`, which never imports it (the offline build
ships `ui` without this package)."""
