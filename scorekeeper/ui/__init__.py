"""The Flet app. `state` and `text` are plain Python; `views`, `app` and
`server` are the only modules that import flet."""
