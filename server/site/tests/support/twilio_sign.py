"""Signs a Twilio callback with Twilio's own SDK (twilio-python's
RequestValidator), for server/site/tests/it/sms.rs.

stdin: {"token": ..., "url": ..., "pairs": [[name, value], ...]}
stdout: the X-Twilio-Signature the SDK computes.
"""
import json
import sys

from twilio.request_validator import RequestValidator


class Pairs(dict):
    """A form with repeated names, read the way the SDK reads Flask's MultiDict."""

    def __init__(self, pairs):
        super().__init__((name, value) for name, value in pairs)
        self._pairs = pairs

    def getall(self, name):
        return [value for key, value in self._pairs if key == name]


request = json.load(sys.stdin)
validator = RequestValidator(request["token"])
print(validator.compute_signature(request["url"], Pairs(request["pairs"])))
