"""One module per group of commands; cli.py imports them only when their command runs."""
