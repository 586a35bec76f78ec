"""Proof page: import the engine from the wheel and show its version."""

from pyscript import document

import gin_core

document.getElementById("engine-version").textContent = gin_core.__version__
document.getElementById("status").textContent = "Python ready."
# e2e/conftest.py wait_ready() waits for this flag.
document.body.dataset.ready = "1"
