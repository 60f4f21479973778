"""grotto verify never stops early (issue 17 item 3).

Whatever a file or an argument is - over the size limit, /dev/zero, a FIFO
nobody writes to, a device, a directory where a file was expected, a dangling
or looping link found in a DIR, a name that is not UTF-8 - it gets one
REJECTED verdict with its reason, every other file is still checked, and the
summary line (or a complete --json document, valid UTF-8) always comes out.
Each case puts good captures before and after the bad one and checks both.
"""
import json
import os
import subprocess

import pytest

from conftest import ROOT, grotto_bin, unwrap

HW = ROOT / "corpus" / "hardware" / "hw4-quest15.cap"
LIMIT = 16 << 20  # capture/capture.c MAX_FILE_BYTES


def verify(*args, timeout=60):
    """Runs verify; a blocked run (a FIFO waited on) fails by the timeout."""
    proc = subprocess.run([grotto_bin(), "verify", *map(str, args)], capture_output=True, timeout=timeout)
    return proc


def good(tmp_path, name):
    p = tmp_path / name
    p.write_bytes(HW.read_bytes())
    return p


def lines(proc):
    return unwrap(proc.stdout.decode("utf-8", "surrogateescape")).splitlines()


def check_run(args, tmp_path, expect):
    """verify GOOD1 args... GOOD2 in text and JSON: the good captures are OK
    around the rejected ones; expect = [(path text, reason part), ...] in order."""
    a, b = good(tmp_path, "0-first.cap"), good(tmp_path, "z-last.cap")
    proc = verify(a, *args, b)
    out = lines(proc)
    assert proc.returncode == 2, (proc.returncode, out, proc.stderr)
    assert out[0].startswith(f"OK        {a}:"), out
    assert out[-2].startswith(f"OK        {b}:"), out
    rejected = out[1:-2]
    assert len(rejected) == len(expect), out
    for line, (path, reason) in zip(rejected, expect):
        assert line.startswith(f"REJECTED  {path}:"), (line, path)
        assert reason in line, (line, reason)
    n = len(expect) + 2
    assert out[-1].startswith(f"verify: {n} captures in {n} files: 2 OK, 0 MISMATCH, {len(expect)} REJECTED, "), out
    err = proc.stderr.decode()
    assert err.count("\n") == 1 and err.startswith(f"grotto verify: {len(expect)} of {n} captures rejected"), err
    # --json: one complete document, valid UTF-8 (strict decoding)
    js = verify(a, *args, b, "--json")
    assert js.returncode == 2
    doc = json.loads(js.stdout.decode("utf-8"))
    assert doc["summary"] == {"files": n, "captures": n, "ok": 2, "mismatch": 0, "rejected": len(expect),
                              "doubtful": 0}
    verdicts = [c["verdict"] for c in doc["captures"]]
    assert verdicts == ["OK"] + ["REJECTED"] * len(expect) + ["OK"], verdicts
    for c, (path, reason) in zip(doc["captures"][1:-1], expect):
        assert c["file"] == str(path) and reason in c["reason"], c
    return out, doc


def test_a_file_over_the_size_limit_is_rejected_and_the_run_goes_on(tmp_path):
    """(Before: 'out of memory' and the run stopped, no summary.)"""
    big = tmp_path / "big.cap"
    with open(big, "wb") as f:  # sparse: no disk used
        f.truncate(LIMIT + 1)
    at_limit = tmp_path / "limit.cap"  # exactly 16 MiB is read (and is no capture)
    with open(at_limit, "wb") as f:
        f.truncate(LIMIT)
    check_run([big, at_limit], tmp_path, [(big, "larger than 16 MiB: not a capture file"),
                                          (at_limit, "a record starts with 'capture: KIND'")])


def test_dev_zero_and_devices_are_refused_without_reading(tmp_path):
    check_run(["/dev/zero", "/dev/null"], tmp_path, [("/dev/zero", "a device: not a capture file"),
                                                      ("/dev/null", "a device: not a capture file")])


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.cap"
    os.mkfifo(fifo)
    check_run([fifo], tmp_path, [(fifo, "a FIFO: not a capture file")])
    # found in a DIR as well
    d = tmp_path / "dir"
    d.mkdir()
    os.mkfifo(d / "pipe.cap")
    check_run([d], tmp_path, [(d / "pipe.cap", "a FIFO: not a capture file")])


def test_a_socket_in_a_dir_is_refused(tmp_path):
    import socket
    d = tmp_path / "dir"
    d.mkdir()
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(d / "s.cap"))
        check_run([d], tmp_path, [(d / "s.cap", "a socket: not a capture file")])
    finally:
        s.close()


def test_unreadable_entries_of_a_dir_are_rejected_by_name(tmp_path):
    d = tmp_path / "dir"
    d.mkdir()
    (d / "dangling.cap").symlink_to(d / "nowhere.cap")
    (d / "loop.cap").symlink_to(d / "loop.cap")
    (d / "other.txt").symlink_to(d / "nowhere.txt")  # not a *.cap: not a capture candidate
    (d / "linked.cap").symlink_to(HW)  # a link to a file is followed
    (d / "sub.cap").mkdir()  # a directory is searched, whatever its name
    (d / "sub.cap" / "inner.cap").write_bytes(HW.read_bytes())
    (d / "dirlink.cap").symlink_to(d / "sub.cap", target_is_directory=True)  # symlinked dirs: skipped
    a, b = good(tmp_path, "0-first.cap"), good(tmp_path, "z-last.cap")
    proc = verify(a, d, b)
    out = lines(proc)
    assert proc.returncode == 2, out
    assert [l.split()[0] for l in out[:-1]] == ["OK", "REJECTED", "OK", "REJECTED", "OK", "OK"], out
    assert out[1] == f"REJECTED  {d}/dangling.cap: cannot read: dangling symbolic link"
    assert out[2].startswith(f"OK        {d}/linked.cap:")
    assert out[3] == f"REJECTED  {d}/loop.cap: cannot read: symbolic link loop"
    assert out[4].startswith(f"OK        {d}/sub.cap/inner.cap:")
    assert out[-1].startswith("verify: 6 captures in 6 files: 4 OK, 0 MISMATCH, 2 REJECTED, 0 DOUBTFUL")


def test_a_directory_named_as_a_file_inside_a_capture_path(tmp_path):
    """A directory is searched; a path through a file is refused with its reason."""
    f = good(tmp_path, "plain.cap")
    check_run([f"{f}/x.cap"], tmp_path, [(f"{f}/x.cap", "cannot read: Not a directory")])


def test_json_strings_are_valid_utf8_whatever_the_file_names(tmp_path):
    raw = os.fsencode(tmp_path) + b"/caf\xe9-\xff\xfe.cap"  # Latin-1 bytes, not UTF-8
    with open(raw, "wb") as f:
        f.write(HW.read_bytes() + b"colour: red\n")
    utf = tmp_path / "café.cap"
    utf.write_bytes(HW.read_bytes())
    proc = subprocess.run([grotto_bin(), "verify", raw, utf, "--json"], capture_output=True, timeout=60)
    assert proc.returncode == 2
    text = proc.stdout.decode("utf-8")  # strict: raises on an invalid byte
    doc = json.loads(text)
    bad, ok = doc["captures"]
    assert bad["file"] == f"{tmp_path}/caf\ufffd-\ufffd\ufffd.cap", bad["file"]
    colour_line = HW.read_bytes().count(b"\n") + 1
    assert bad["message"] == bad["file"] + f":{colour_line}: unknown key 'colour'", bad
    assert ok["file"] == str(utf) and ok["verdict"] == "OK"  # valid UTF-8 is kept as it is
    # the text output keeps the name's bytes
    proc = subprocess.run([grotto_bin(), "verify", raw], capture_output=True, timeout=60)
    assert raw in proc.stdout


@pytest.mark.parametrize("name", ["a\"b\\c.cap", "tab\there.cap", "nl\nname.cap"])
def test_json_escapes_quotes_backslashes_and_controls(tmp_path, name):
    p = tmp_path / name
    p.write_bytes(HW.read_bytes())
    proc = subprocess.run([grotto_bin(), "verify", p, "--json"], capture_output=True, timeout=60)
    assert proc.returncode == 0
    assert json.loads(proc.stdout.decode("utf-8"))["captures"][0]["file"] == str(p)
