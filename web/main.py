"""Entry point (PyScript, main thread): start the gin rummy table. Everything else is in
the ginweb package next to this file; see ginweb/__init__.py."""

from ginweb.app import main

main()
