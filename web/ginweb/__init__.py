"""The browser layer of the gin rummy page: a thin binding of gin_core to HTML.

Pure modules (no ``js``): cardface, handview, narrate, gamelog, knock, settings, stats, savefmt,
params, safejson, seal.
Browser modules: dom, storage, tabs, board, table, dialogs, settings_ui, inputs, controller, app.
"""
