"""Speech for a table with no screen: what the narrator says, spoken by espeak-ng (one Output among the
others, with its own queue, so a slow voice never holds the loop).

One utterance at a time, in order; an error interrupts what is being said (the player must hear at once that
a move was refused), and ``interrupt()`` silences everything queued. Settings: rate (words a minute),
verbosity (``terse``: refusals, warnings and what to do now; ``normal``: every notice too) and language
(the narrator's catalogue: English or Japanese). ``wav_dir`` writes each utterance to a WAV file instead of
the sound card (espeak-ng's ``-w``), for tests and for a host with no speaker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
from dataclasses import dataclass
from pathlib import Path

from hexmate.host.i18n import render_text
from hexmate.host.service import narrator
from hexmate.host.service.outputs import Message, Narration

LOGGER = logging.getLogger(__name__)

VERBOSITY = ("terse", "normal")
VOICES = {"en": "en-gb", "ja": "ja"}
_QUEUE = 32
_TERSE_LEVELS = ("error", "warn", "prompt")


class SpeechError(RuntimeError):
    """Speech cannot start (no espeak-ng, a bad setting); the text says what to install or change."""


@dataclass(frozen=True)
class SpeechSettings:
    rate_wpm: int = 170
    verbosity: str = "normal"
    lang: str = "en"

    def __post_init__(self) -> None:
        if not 80 <= self.rate_wpm <= 450:
            raise SpeechError(f"speech rate {self.rate_wpm} words a minute: choose 80 to 450")
        if self.verbosity not in VERBOSITY:
            raise SpeechError(f"speech verbosity {self.verbosity!r}: choose {' or '.join(VERBOSITY)}")
        if self.lang not in VOICES:
            raise SpeechError(f"speech language {self.lang!r}: choose {' or '.join(VOICES)}")


class Speaker:
    """The espeak-ng output: ``send`` takes the shared narration; ``run`` speaks it, one at a time."""

    def __init__(self, settings: SpeechSettings | None = None, *, command: str = "espeak-ng",
                 wav_dir: Path | None = None) -> None:
        self.settings = settings or SpeechSettings()
        exe = shutil.which(command)
        if exe is None:
            raise SpeechError(f"{command} is not installed (Debian: apt install espeak-ng)")
        self.exe = exe
        self.wav_dir = wav_dir
        self.spoken: list[str] = []  # what was said (or written), in order
        self._queue: asyncio.Queue[str] = asyncio.Queue(_QUEUE)
        self._proc: asyncio.subprocess.Process | None = None
        self._n = 0

    def send(self, message: Message) -> None:
        if not isinstance(message, Narration) or message.audience != narrator.SHARED_AUDIENCE:
            return
        if self.settings.verbosity == "terse" and message.level not in _TERSE_LEVELS:
            return
        text = message.text
        if message.notice is not None and self.settings.lang != "en":
            text = narrator.render(message.notice, self.settings.lang).text
        elif self.settings.lang != "en":  # what to do now: the rules' prompt (a T) in the voice's language
            text = render_text(text, self.settings.lang)
        if not text:
            return
        if message.level == "error":
            self.interrupt()  # a refusal is heard now, not after what was queued
        if self._queue.full():  # the newest word wins over a backlog
            with contextlib.suppress(asyncio.QueueEmpty):
                self._queue.get_nowait()
        self._queue.put_nowait(text)

    def interrupt(self) -> None:
        """Silence: what is being said stops, what was queued is dropped."""
        while not self._queue.empty():
            self._queue.get_nowait()
        if self._proc is not None and self._proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self._proc.kill()

    def command(self, text: str) -> list[str]:
        args = [self.exe, "-v", VOICES[self.settings.lang], "-s", str(self.settings.rate_wpm)]
        if self.wav_dir is not None:
            self._n += 1
            args += ["-w", str(self.wav_dir / f"say-{self._n:04d}.wav")]
        return [*args, "--", text]

    async def say(self, text: str) -> int:
        """Speak one text now; the exit status (negative when interrupted)."""
        self._proc = await asyncio.create_subprocess_exec(
            *self.command(text), stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        _, err = await self._proc.communicate()
        code = self._proc.returncode if self._proc.returncode is not None else -1
        if code > 0:
            LOGGER.warning("espeak-ng failed (%s): %s", code, err.decode(errors="replace").strip())
        self.spoken.append(text)
        return code

    async def run(self) -> None:
        while True:
            text = await self._queue.get()
            try:
                await self.say(text)
            except OSError as e:  # the voice failing must not stop the table; the pages still say it all
                LOGGER.warning("speech failed: %s", e)


__all__ = ["VERBOSITY", "Speaker", "SpeechError", "SpeechSettings"]
