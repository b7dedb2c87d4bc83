"""Subcommands of the `arena` CLI: one module each (HELP, add_arguments, run)."""
