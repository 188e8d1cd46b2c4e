"""Speech through the real espeak-ng (installed by ``make test``): what the narrator says becomes a WAV of
the right size, in order, in English or Japanese; an error interrupts what is being said; the settings are
checked."""

from __future__ import annotations

import asyncio
import wave
from pathlib import Path

import pytest
from hexmate.host.service import narrator
from hexmate.host.service.outputs import Narration, PageMessage
from hexmate.host.service.speech import Speaker, SpeechError, SpeechSettings
from hexmate.rules.text import T


def _seconds(path: Path) -> float:
    with wave.open(str(path)) as w:
        return w.getnframes() / w.getframerate()


async def _drain(speaker: Speaker, n: int) -> None:
    task = asyncio.create_task(speaker.run())
    try:
        for _ in range(400):
            if len(speaker.spoken) >= n:
                return
            await asyncio.sleep(0.02)
        raise AssertionError(f"espeak-ng said {speaker.spoken}")
    finally:
        task.cancel()


async def test_espeak_ng_says_the_narration_into_wav_files(tmp_path: Path) -> None:
    speaker = Speaker(SpeechSettings(rate_wpm=200), wav_dir=tmp_path)
    played = narrator.say("played", action="move ger-sq4 DK4-DL4")
    speaker.send(Narration("shared", played.level, played.text, played))
    speaker.send(Narration("ger", "info", "not for the table: one side's text"))
    speaker.send(PageMessage({"type": "view"}))
    speaker.send(Narration("shared", "prompt", "Movement Phase (A3.3): German to act."))
    await _drain(speaker, 2)
    wavs = sorted(tmp_path.glob("say-*.wav"))
    assert speaker.spoken == [played.text, "Movement Phase (A3.3): German to act."] and len(wavs) == 2
    # real speech: about 12 words at 200 a minute last seconds, not a header alone
    assert wavs[0].stat().st_size > 20_000 and 1.0 < _seconds(wavs[0]) < 10.0


async def test_faster_speech_is_shorter_and_japanese_is_spoken_from_the_catalogue(tmp_path: Path) -> None:
    notice = narrator.say("refused", why="DO4 is out of range")
    lengths = []
    for rate in (120, 360):
        folder = tmp_path / str(rate)
        folder.mkdir()
        speaker = Speaker(SpeechSettings(rate_wpm=rate), wav_dir=folder)
        assert await speaker.say(notice.text) == 0
        lengths.append(_seconds(next(folder.glob("*.wav"))))
    assert lengths[1] < lengths[0] * 0.6
    ja = Speaker(SpeechSettings(lang="ja", verbosity="terse"), wav_dir=tmp_path)
    ja.send(Narration("shared", "ok", "Played: end.", narrator.say("played", action="end")))  # terse: skipped
    ja.send(Narration("shared", notice.level, notice.text, notice))
    await _drain(ja, 1)
    assert ja.spoken == ["受け付けません：DO4 is out of range。何も変更されていません。"]
    assert ja.command("x")[1:3] == ["-v", "ja"]
    # the rules' own sentences too: a refusal's reason and the prompt (T values) in the voice's language
    never = T("{unit} never moves [2.5]", unit="f-fort")
    never.domain = "rules-sw"  # as Schlieffen's War writes it
    refused = narrator.say("refused", why=never)
    ja.send(Narration("shared", refused.level, refused.text, refused))
    ja.send(Narration("shared", "prompt", T("{phase} ({rule}): {side} to act. {hint}", phase="Movement Phase",
                                             rule="A3.3", side="ger", hint="Move any units.")))
    await _drain(ja, 3)
    assert ja.spoken[1:] == ["受け付けません：f-fort は移動しません [2.5]。何も変更されていません。",
                             "移動フェイズ（A3.3）：gerの行動です。Move any units."]


async def test_an_error_interrupts_what_is_being_said(tmp_path: Path) -> None:
    speaker = Speaker(SpeechSettings(rate_wpm=80), wav_dir=tmp_path)  # a WAV: no sound card needed
    long = "The table differs from the game. " * 200
    task = asyncio.create_task(speaker.run())
    try:
        speaker.send(Narration("shared", "warn", long))
        speaker.send(Narration("shared", "info", "queued behind it"))
        for _ in range(200):
            if speaker._proc is not None:
                break
            await asyncio.sleep(0.01)
        first = speaker._proc
        assert first is not None
        speaker.send(Narration("shared", "error", "Not accepted."))
        await asyncio.wait_for(first.wait(), 5)
        assert first.returncode is not None and first.returncode < 0  # killed mid-sentence
        for _ in range(400):
            if "Not accepted." in speaker.spoken:
                break
            await asyncio.sleep(0.02)
        assert speaker.spoken == [long, "Not accepted."]  # what was queued behind it is dropped
    finally:
        speaker.interrupt()
        task.cancel()


def test_bad_settings_and_a_missing_voice_say_what_to_do() -> None:
    with pytest.raises(SpeechError, match="80 to 450"):
        SpeechSettings(rate_wpm=20)
    with pytest.raises(SpeechError, match="terse or normal"):
        SpeechSettings(verbosity="chatty")
    with pytest.raises(SpeechError, match="apt install espeak-ng"):
        Speaker(command="espeak-ng-not-here")


async def test_the_service_speaks_its_notices_and_what_to_do_now(tmp_path: Path) -> None:
    from .test_core import Rig

    rig = Rig(tmp_path)
    speaker = Speaker(SpeechSettings(rate_wpm=300, verbosity="terse"), wav_dir=tmp_path)
    rig.service.add_speaker(speaker)
    rig.service.say("in-sync")  # an ok notice: terse speech leaves it out
    rig.service._publish()  # what to do now is said once, when it changes
    rig.service._publish()
    await _drain(speaker, 1)
    assert speaker.spoken == [rig.service.prompt] and rig.service.prompt.startswith("Movement Phase (A3.3)")
    rig.service.say("refused", why="DO4 is too far (A4.11)")
    await _drain(speaker, 2)
    assert speaker.spoken[1:] == ["Not accepted: DO4 is too far (A4.11). Nothing was changed."]
    assert len(list(tmp_path.glob("say-*.wav"))) == 2
