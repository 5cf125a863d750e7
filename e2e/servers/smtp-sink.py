"""A real SMTP server for the e2e tests: accepts every message and writes it to a folder.

Usage: python3 smtp-sink.py <port> <folder>. Each message becomes <folder>/<n>-<recipient>.eml
(the raw RFC 5322 text) plus <n>-<recipient>.txt (its decoded text/plain parts, so tests need
no MIME parser), both written atomically so a test never reads half a file.
"""

import asyncio
import email
import email.policy
import itertools
import os
import sys

from aiosmtpd.controller import Controller

counter = itertools.count(1)


class FolderHandler:
    def __init__(self, folder: str) -> None:
        self.folder = folder

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd API)
        n = next(counter)
        recipient = envelope.rcpt_tos[0] if envelope.rcpt_tos else "unknown"
        safe = "".join(c if c.isalnum() or c in "@._-" else "_" for c in recipient)
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8")
        message = email.message_from_bytes(data, policy=email.policy.default)
        text = "\n".join(
            part.get_content()
            for part in message.walk()
            if part.get_content_type() == "text/plain"
        )
        text = f"Subject: {message['subject']}\nTo: {message['to']}\n\n{text}"
        base = os.path.join(self.folder, f"{n:04d}-{safe}")
        self._write(base + ".eml", data)
        self._write(base + ".txt", text.encode("utf-8"))
        return "250 Message accepted for delivery"

    @staticmethod
    def _write(path: str, data: bytes) -> None:
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)


async def main() -> None:
    port = int(sys.argv[1])
    folder = sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    controller = Controller(FolderHandler(folder), hostname="127.0.0.1", port=port)
    controller.start()
    print(f"smtp-sink listening on 127.0.0.1:{port}, writing to {folder}", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        controller.stop()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
