"""The command line and the builds it runs: the `scorekeeper` command, the
offline app's publisher and the static-site host."""
