"""The README's examples are what the command prints (tools/readme_examples.py):
every ```console block of the README is rerun with the grotto under test; the
checker itself finds a changed output, a failing command and a README
without examples, and --update rewrites only the outputs."""
import os
import subprocess
import sys

from conftest import grotto_bin

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
TOOL = os.path.join(ROOT, "tools", "readme_examples.py")


def check(*args):
    return subprocess.run([sys.executable, TOOL, "--grotto", grotto_bin(), *map(str, args)], capture_output=True,
                          text=True, timeout=900)


def test_every_readme_example_is_what_grotto_prints():
    res = check()
    assert res.returncode == 0, res.stdout + res.stderr
    assert "16 examples, 0 differ" in res.stdout


README = """intro
```console
$ grotto timer 5 | head -n 1
timer 5: WRONG
```
between
```console
$ grotto timer 6 | head -n 1
%s```
end
"""


def test_a_changed_output_is_shown_and_fails(tmp_path):
    t6 = subprocess.run([grotto_bin(), "timer", "6"], capture_output=True, text=True).stdout.splitlines()[0]
    f = tmp_path / "README.md"
    f.write_text(README % (t6 + "\n"))
    res = check(f)
    assert res.returncode == 1
    assert "-timer 5: WRONG" in res.stdout and "+timer 5: r1 " in res.stdout
    assert "timer 6" not in res.stdout  # the matching example is not reported
    assert "2 examples, 1 differ" in res.stderr


def test_update_rewrites_outputs_only(tmp_path):
    f = tmp_path / "README.md"
    f.write_text(README % "")
    res = check("--update", f)
    assert res.returncode == 0, res.stderr
    text = f.read_text()
    assert text.startswith("intro\n```console\n$ grotto timer 5 | head -n 1\ntimer 5: r1 ")
    assert "\nbetween\n" in text and text.endswith("```\nend\n") and "WRONG" not in text
    assert check(f).returncode == 0
    assert [p.name for p in tmp_path.iterdir()] == ["README.md"]  # no temporary left


def test_a_failing_command_and_no_examples(tmp_path):
    f = tmp_path / "README.md"
    f.write_text("```console\n$ grotto map ZZ\n```\n")
    res = check(f)
    assert res.returncode == 1 and "exited 2" in res.stderr
    f.write_text("no examples here\n")
    res = check(f)
    assert res.returncode == 1 and "no example" in res.stderr
    res = check(tmp_path / "missing.md")  # check-refs: ignore
    assert res.returncode == 2 and "cannot read" in res.stderr


def test_durations_are_compared_as_n_seconds(tmp_path):
    f = tmp_path / "README.md"
    out = subprocess.run([grotto_bin(), "timer", "5"], capture_output=True, text=True).stdout
    f.write_text("```console\n$ echo took 1.25 s; grotto timer 5\n" .replace("echo", "grotto --version >/dev/null; echo")
                 + "took 9.5 s\n" + out + "```\n")
    res = check(f)
    assert res.returncode == 0, res.stdout + res.stderr
    f.write_text("```console\n$ grotto --version >/dev/null; echo took 1.25 s; grotto timer 5\ntook 9.5 min\n"
                 + out + "```\n")
    assert check(f).returncode == 1
