"""Analysis of finished hands: ``replay`` (a hand replayed to any move), ``coach`` (the player's
decisions judged on their own views), ``duplicate`` (the expert replays a match's hands on the
same deals). What the page uses is exported by :mod:`gin_core`."""
