from scorekeeper.commands.cli import main

raise SystemExit(main())
