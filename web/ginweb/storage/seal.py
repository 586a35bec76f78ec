"""Sealing: text stored where the player can read it (localStorage) made unreadable at a glance.

The saved match holds the shuffle seed and a snapshot with the computer's hand. Stored in
clear, a look at the browser's storage panel would show the computer's cards. Sealed, the text
is compressed, XOR-ed with a keystream (SHA-256 of a per-browser key and a block counter) and
written with the letters a-p for the 16 values of each half-byte, so no card code (``7H``) and
no decimal number can appear in it.

This is obfuscation, not secrecy: the key is in the same storage (``gin-rummy/v1/seal-key``)
and a player who reads this module can undo it. It keeps honest players honest.
"""

from __future__ import annotations

import hashlib
import secrets
import zlib

PREFIX = "sealed1:"
_ALPHABET = "abcdefghijklmnop"
_DECODE = {c: i for i, c in enumerate(_ALPHABET)}
_FROM_HEX = str.maketrans("0123456789abcdef", _ALPHABET)  # bytes.hex() done in C, then a-p
_TO_HEX = str.maketrans(_ALPHABET, "0123456789abcdef")
MAX_SEALED = 2_000_000  # characters; larger is not a save of ours


class SealError(ValueError):
    """Sealed text that does not open with this key."""


def new_key() -> str:
    """A random per-browser key (hex)."""
    return secrets.token_hex(16)


def _keystream(key: str, n: int) -> bytes:
    seed = key.encode()
    blocks = (hashlib.sha256(seed + i.to_bytes(8, "big")).digest() for i in range((n + 31) // 32))
    return b"".join(blocks)[:n]


def _xor(data: bytes, key: str) -> bytes:
    stream = _keystream(key, len(data))
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")


def seal(text: str, key: str) -> str:
    """``text`` sealed with ``key``: ``sealed1:`` then letters a-p only."""
    data = _xor(zlib.compress(text.encode(), 9), key)
    return PREFIX + data.hex().translate(_FROM_HEX)


def unseal(sealed: str, key: str) -> str:
    """The text sealed with ``key``; raises SealError when it is not a seal of ours or the key differs."""
    if not isinstance(sealed, str) or not sealed.startswith(PREFIX) or len(sealed) > MAX_SEALED:
        raise SealError("not sealed text of this page")
    body = sealed[len(PREFIX) :]
    if len(body) % 2 or any(c not in _DECODE for c in set(body)):
        raise SealError("the sealed text is damaged")
    data = bytes.fromhex(body.translate(_TO_HEX))
    try:
        inflater = zlib.decompressobj()
        out = inflater.decompress(_xor(data, key), MAX_SEALED)
        if inflater.unconsumed_tail or not inflater.eof:
            raise SealError("the sealed text is damaged or sealed with another key")
        return out.decode()
    except (zlib.error, UnicodeDecodeError):
        raise SealError("the sealed text is damaged or sealed with another key") from None
