# Types of firmware/rollauth.py for the host (the module itself stays plain MicroPython).
from collections.abc import Callable, Sequence

DOMAIN: bytes
KEY_FILE: str

def hmac_sha256(key: bytes, msg: bytes) -> bytes: ...
def message(board_id: str | bytes, epoch: int, counter: int, request: int, button: int, values: Sequence[int],
            context: bytes) -> bytes: ...
def read_key(path: str) -> tuple[str, bytes] | None: ...

class Signer:
    board_id: str
    epoch: int
    counter: int
    def __init__(self, board_id: str, key: bytes, randbytes: Callable[[int], bytes] = ...) -> None: ...
    def sign(self, request: int, button: int, values: Sequence[int], context: bytes) -> bytes: ...
