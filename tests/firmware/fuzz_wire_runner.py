# Decodes a fuzz corpus with firmware/wire.py and prints one canonical line per stream; runs unchanged on
# CPython and the MicroPython unix port so the two results can be compared byte for byte.
#
# Corpus file: one stream per line, "c1,c2,...;hexbytes" where c1.. are the sizes of the pieces the stream is
# fed to the Deframer in (repeated cyclically). Output line per stream: the Deframer's error count, then
# for every decoded frame its kind, seq, payload and the outcome of every unpack_* on that payload.
# Outcomes: a canonical text of the result, "E" for WireError, or "X:<exception type>" for anything else
# (which the CPython test treats as a bug).

import binascii


def canon(x):
    if isinstance(x, (bytes, bytearray)):
        return "b" + binascii.hexlify(x).decode()
    if isinstance(x, str):
        return "s" + binascii.hexlify(x.encode()).decode()
    if isinstance(x, (list, tuple)):
        return "[" + ",".join([canon(v) for v in x]) + "]"
    if isinstance(x, bool):
        return "T" if x else "F"
    if isinstance(x, int):
        return str(x)
    return "?" + type(x).__name__


def unpackers(wire):
    names = sorted([n for n in dir(wire) if n.startswith("unpack_")])
    return [(n, getattr(wire, n)) for n in names]


def outcome(wire, fn, name, payload):
    try:
        if name == "unpack_uids":
            return canon(fn(payload, 0))
        return canon(fn(payload))
    except wire.WireError:
        return "E"
    except Exception as e:
        return "X:" + type(e).__name__


def decode_stream(wire, sizes, data, fns):
    deframer = wire.Deframer()
    frames = []
    i = 0
    k = 0
    while i < len(data):
        n = sizes[k % len(sizes)]
        frames.extend(deframer.feed(data[i : i + n]))
        i += n
        k += 1
    parts = [str(deframer.errors)]
    for kind, seq, payload in frames:
        outs = [outcome(wire, fn, name, payload) for name, fn in fns]
        parts.append(str(kind) + "/" + str(seq) + "/" + canon(payload) + "=" + "|".join(outs))
    return " ".join(parts)


def parse_line(line):
    sizes_text, hex_text = line.strip().split(";")
    sizes = [int(s) for s in sizes_text.split(",")]
    return sizes, binascii.unhexlify(hex_text)


def run_file(wire, path, out):
    fns = unpackers(wire)
    with open(path) as f:
        for line in f:
            if line.strip():
                sizes, data = parse_line(line)
                out.write(decode_stream(wire, sizes, data, fns) + "\n")


if __name__ == "__main__":
    import sys

    import wire as _wire

    run_file(_wire, sys.argv[1], sys.stdout)
