"""The Flet app, the same in every build: the app state (`state`, plain
Python), the screens that draw it (`screens/`) and the session that joins
them to a page (`app`). The web server around it is `scorekeeper.web`."""
