"""Play a friend on their own device: an invitation (link, QR code, text), the answer, a direct
connection (WebRTC), no server of ours. See feature.py and docs/friend-protocol.md."""
