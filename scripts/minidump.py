#!/usr/bin/env python3
"""Read the signature of a Chromium crash from its minidump (crashpad, x86-64 Linux).

    python scripts/minidump.py [DUMP.dmp ...]     (default: every dump in Chromium's pending folder)

Debian's Chromium writes a minidump of every crashed process to
``~/.config/chromium/Crash Reports/pending/`` (nothing is uploaded). This prints, per dump: the
signal and its code, the faulting address, the instruction's module and offset (stable for one
Chromium build: the same offset is the same crash), the process type and whether GWP-ASan was on
in it, and where the crashing thread's stack was: "v8 stack" when its stack pointer was outside
the thread's native stack (a stack V8 allocated: WebAssembly stack switching, JSPI).
That is how issue 16's renderer crash was identified: SIGSEGV (SEGV_ACCERR) in Chromium's
frame-pointer unwinder (ScanStackForNextFrame) at the end of a JSPI stack; scripts/soak_boot.py
reports the signature of every crash it causes. Standard library only.
"""

from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path
from typing import Any

PENDING = Path.home() / ".config" / "chromium" / "Crash Reports" / "pending"
SIGNALS = {4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 11: "SIGSEGV"}
THREAD_LIST, MODULE_LIST, EXCEPTION = 3, 4, 6
RSP, RIP = 0x98, 0xF8  # offsets in the x86-64 thread context


def streams(data: bytes) -> dict[int, tuple[int, int]]:
    """Stream type -> (size, offset) of a minidump."""
    magic, _, count, rva = struct.unpack_from("<4sIII", data, 0)
    if magic != b"MDMP":
        raise ValueError("not a minidump")
    out: dict[int, tuple[int, int]] = {}
    for i in range(count):
        kind, size, offset = struct.unpack_from("<III", data, rva + 12 * i)
        out.setdefault(kind, (size, offset))
    return out


def utf16(data: bytes, rva: int) -> str:
    (n,) = struct.unpack_from("<I", data, rva)
    return data[rva + 4 : rva + 4 + n].decode("utf-16-le")


def module_of(data: bytes, found: dict[int, tuple[int, int]], address: int) -> str:
    """The module holding ``address`` and its offset ("chromium+0x9c64b5d"), "jit" when none does."""
    _, rva = found[MODULE_LIST]
    (count,) = struct.unpack_from("<I", data, rva)
    for i in range(count):
        base, size, _, _, name = struct.unpack_from("<QIIII", data, rva + 4 + 108 * i)
        if base <= address < base + size:
            return f"{utf16(data, name).rsplit('/', 1)[-1]}+{address - base:#x}"
    return "jit"


def signature(path: Path) -> dict[str, Any]:
    """The crash of one dump: signal, code, fault address, where, process, stack kind."""
    data = path.read_bytes()
    found = streams(data)
    _, rva = found[EXCEPTION]
    tid, _, signal, code, _, fault = struct.unpack_from("<IIIIQQ", data, rva)
    _, context = struct.unpack_from("<II", data, rva + 40 + 15 * 8)
    (rsp,) = struct.unpack_from("<Q", data, context + RSP)
    (rip,) = struct.unpack_from("<Q", data, context + RIP)
    return {
        "dump": path.name,
        "signal": SIGNALS.get(signal, str(signal)),
        "code": code,
        "fault": hex(fault),
        "at": module_of(data, found, rip),
        "renderer": b"renderer_foreground" in data or b"--type=renderer" in data,
        "gwp_asan": b"gwp-asan-malloc\0" in data or b"gwp-asan-partitionalloc\0" in data,
        # native thread stacks are mapped at 0x7f..., V8's allocations (JSPI stacks) elsewhere
        "stack": "native" if rsp >> 40 == 0x7F else "v8 stack",
        "rsp": hex(rsp),
        "thread": tid,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dumps", nargs="*", type=Path)
    args = ap.parse_args()
    dumps = args.dumps or sorted(PENDING.glob("*.dmp"), key=lambda p: p.stat().st_mtime)
    for dump in dumps:
        print(signature(dump))
    return 0


if __name__ == "__main__":
    sys.exit(main())
