"""The table's DOM side: the listeners that turn input into intents and the thin writers that
put the presenter's model on the page (only these and a few named modules touch the DOM)."""
