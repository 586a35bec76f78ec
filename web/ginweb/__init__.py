"""The browser layer of the gin rummy page: a thin binding of gin_core to HTML (ARCHITECTURE.md).

Pure modules (no ``js``; unit-tested in CPython): intents, dispatch, session, tablestate,
present, ruleform, cardface, handview, narrate, gamelog, knock, settings, stats, savefmt,
params, safejson, seal.
Browser modules (write the DOM, listen, time): dom, storage, records, tabs, board, table,
panels, screen, dialogs, settings_ui, inputs, turns, app.
"""
