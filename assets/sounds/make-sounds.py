#!/usr/bin/env python3
"""Make the four sounds junqi plays (assets/sounds/*.wav), synthesised from nothing but the Python
standard library (`wave`, `math`, `struct`): 16-bit PCM, mono, 22050 Hz, each under 40 KB.

    move.wav   a soft wooden click (a piece set down)
    clash.wav  a low thud (two pieces meet)
    flag.wav   a two-note chime (a flag is shown)
    end.wav    a short rising arpeggio (the game is over)

The output is the same on every run (the noise comes from a fixed linear congruential generator),
so the committed files can be checked by running the script again. Made for this project and
dedicated to the public domain under CC0 1.0 (see LICENSE beside this file).

Usage: python3 assets/sounds/make-sounds.py
"""

import math
import pathlib
import struct
import wave

RATE = 22050
OUT = pathlib.Path(__file__).resolve().parent


class Noise:
    """Deterministic white noise in [-1, 1] (a 32-bit LCG, Numerical Recipes constants)."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def next(self):
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 0x7FFFFFFF - 1.0


def silence(seconds):
    return [0.0] * int(RATE * seconds)


def envelope(i, n, attack, decay):
    """A short linear attack, then an exponential decay (time constant `decay` seconds), and a
    linear fade over the last 5 ms so no sound ends with a click."""
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    tail = min(1.0, (n - i) / (RATE * 0.005))
    return a * math.exp(-t / decay) * tail


def tone(freqs, seconds, attack, decay, sweep=0.0):
    """A sum of partials (frequency, amplitude); `sweep` bends every frequency by that factor over
    the sound (negative: down)."""
    n = int(RATE * seconds)
    phases = [0.0] * len(freqs)
    out = []
    for i in range(n):
        bend = 1.0 + sweep * i / n
        s = 0.0
        for k, (f, amp) in enumerate(freqs):
            phases[k] += 2 * math.pi * f * bend / RATE
            s += amp * math.sin(phases[k])
        out.append(s * envelope(i, n, attack, decay))
    return out


def noise_burst(seconds, decay, smooth, seed):
    """Noise through a one-pole low-pass (`smooth` near 1: darker), decaying fast."""
    n = int(RATE * seconds)
    rng = Noise(seed)
    y = 0.0
    out = []
    for i in range(n):
        y = smooth * y + (1 - smooth) * rng.next()
        out.append(y * envelope(i, n, 0.0005, decay))
    return out


def mix(*parts):
    n = max(len(p) for p, _ in parts)
    out = [0.0] * n
    for p, gain in parts:
        for i, s in enumerate(p):
            out[i] += gain * s
    return out


def normalise(samples, peak):
    top = max(abs(s) for s in samples) or 1.0
    return [s * peak / top for s in samples]


def write(name, samples):
    path = OUT / name
    frames = b"".join(
        struct.pack("<h", max(-32767, min(32767, round(s * 32767)))) for s in samples
    )
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    size = path.stat().st_size
    assert size < 40 * 1024, f"{name}: {size} bytes"
    print(f"{name}: {len(samples)} samples, {size} bytes")


def move():
    # A wooden click: a bright, very short knock and a hollow body resonance.
    knock = noise_burst(0.03, 0.004, 0.35, seed=7)
    body = tone([(820.0, 1.0), (1640.0, 0.35), (2460.0, 0.12)], 0.09, 0.0008, 0.018)
    return normalise(mix((knock, 0.6), (body, 1.0)), 0.45)


def clash():
    # A low thud: a falling low sine and a dark noise burst.
    thump = tone([(110.0, 1.0), (165.0, 0.3)], 0.26, 0.002, 0.07, sweep=-0.45)
    dust = noise_burst(0.12, 0.02, 0.9, seed=11)
    return normalise(mix((thump, 1.0), (dust, 0.8)), 0.6)


def bell(f, seconds):
    return tone([(f, 1.0), (2 * f, 0.3), (3 * f, 0.1)], seconds, 0.004, 0.16)


def flag():
    # A two-note chime, a fourth up: E5 then A5.
    first = bell(659.26, 0.24)
    second = bell(880.0, 0.42)
    return normalise(first + second, 0.45)


def end():
    # A short rising arpeggio, C5 E5 G5 C6, the last note held.
    notes = [523.25, 659.26, 783.99]
    out = []
    for f in notes:
        out += bell(f, 0.12)
    out += tone([(1046.5, 1.0), (2093.0, 0.25)], 0.42, 0.004, 0.2)
    return normalise(out, 0.45)


if __name__ == "__main__":
    write("move.wav", move())
    write("clash.wav", clash())
    write("flag.wav", flag())
    write("end.wav", end())
