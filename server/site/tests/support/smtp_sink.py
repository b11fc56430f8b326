#!/usr/bin/env python3
"""A real SMTP server on loopback for the mail tests (aiosmtpd).

Usage: smtp_sink.py <out-dir> [--auth USER:PASSWORD]

Listens on 127.0.0.1 at a free port and prints "READY <port>" once it accepts
connections. Every received message becomes <out-dir>/<n>.json, a summary
parsed with Python's `email` package (so the Rust side need not decode MIME):
  {mail_from, rcpt_tos, auth_login, headers: {name: [values]}, content_type,
   parts: [content types], text, html, raw}
Written atomically (temp file, then rename) before the server answers 250.
With --auth, AUTH PLAIN/LOGIN is offered (without TLS: loopback only) and only
that user and password are accepted. Exits when stdin closes (the test ended)
or on SIGTERM.
"""
import json
import logging
import os
import socket
import sys
import warnings

# AUTH without TLS is deliberate here (loopback, no certificate): silence the warning.
warnings.filterwarnings("ignore", message="Requiring AUTH while not requiring TLS")
logging.getLogger("mail.log").setLevel(logging.ERROR)

try:
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword
except ImportError:
    print("MISSING aiosmtpd", flush=True)
    sys.exit(3)

from email import message_from_bytes, policy


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sink:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        msg = message_from_bytes(raw, policy=policy.default)
        headers = {}
        for name, value in msg.items():
            headers.setdefault(name.lower(), []).append(str(value))
        text = msg.get_body(preferencelist=("plain",))
        html = msg.get_body(preferencelist=("html",))
        summary = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": list(envelope.rcpt_tos),
            "auth_login": session.auth_data.decode() if isinstance(session.auth_data, bytes) else session.auth_data,
            "headers": headers,
            "content_type": msg.get_content_type(),
            "parts": [part.get_content_type() for part in msg.walk()],
            "text": text.get_content() if text is not None else None,
            "html": html.get_content() if html is not None else None,
            "raw": raw.decode("utf-8", errors="replace"),
        }
        self.count += 1
        path = os.path.join(self.out_dir, f"{self.count:04d}.json")
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            json.dump(summary, f, ensure_ascii=False, indent=1)
        os.replace(path + ".tmp", path)
        return "250 OK"


def authenticator_for(expected_login, expected_password):
    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode() == expected_login
            and auth_data.password.decode() == expected_password
        )
        return AuthResult(success=ok, handled=False, auth_data=auth_data.login if ok else None)

    return authenticate


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    out_dir = args[0]
    os.makedirs(out_dir, exist_ok=True)
    options = {}
    if len(args) == 3 and args[1] == "--auth":
        login, _, password = args[2].partition(":")
        options = dict(
            authenticator=authenticator_for(login, password),
            auth_require_tls=False,  # loopback test server, no certificate
            auth_required=True,
        )
    port = free_port()
    controller = Controller(Sink(out_dir), hostname="127.0.0.1", port=port, **options)
    controller.start()
    print(f"READY {port}", flush=True)
    try:
        sys.stdin.read()  # returns at EOF: the test process closed our stdin or died
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
