"""libgrotto as a product (issue 18 item 4): the shared library exports
exactly the functions and objects of the installed headers, both ways
(tools/lib_exports.py: clang reads the headers, nm -D the library), and
every function of those headers - the static inline ones too - is called
out of bounds by tests/unit/test_lib_bounds.c.

The library is the one beside $GROTTO_BIN (build/cli/grotto ->
build/lib/libgrotto.so); the headers are include/grotto/ and the generated
build/generated/grotto/ (tables.h, version.h), which install together.
ci/install.sh runs the same check on the installed tree."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, grotto_bin

sys.path.insert(0, str(ROOT / "tools"))
import lib_exports  # noqa: E402

BUILD = Path(grotto_bin()).resolve().parents[1]
LIB = BUILD / "lib" / "libgrotto.so"
HEADER_DIRS = [ROOT / "include" / "grotto", BUILD / "generated" / "grotto"]
INCLUDES = [ROOT / "include", BUILD / "generated"]


@pytest.fixture(scope="module")
def declared():
    assert LIB.is_file(), f"{LIB}: the shared library is not built"
    return lib_exports.declared(HEADER_DIRS, INCLUDES)


def test_exports_are_the_headers(declared):
    exported = lib_exports.exported(LIB)
    assert lib_exports.compare(declared, exported) == []
    functions = [n for n, k in declared.items() if k == "function"]
    objects = [n for n, k in declared.items() if k == "object"]
    # what the headers hold today: a short count means a header was missed
    assert len(functions) >= 72 and len(objects) >= 35, (len(functions), len(objects))
    for name in ("grotto_elist", "grotto_floor_analyse", "grotto_capture_parse", "grotto_engine_by_name",
                 "grotto_impl_sweep", "grotto_version", "grotto_at_scan", "grotto_chest_hits"):
        assert declared.get(name) == "function", name
    for name in ("grotto_engines", "grotto_engine_impl", "gt_monsters", "gt_floor_tables", "gt_band"):
        assert declared.get(name) == "object", name
    assert declared.get("grotto_tile_at") == "inline"
    assert not any(n.startswith(("ref_", "impl_", "base_", "legacy_")) for n in exported), \
        "an internal symbol is exported"


def test_the_command_line_tool_agrees():
    p = subprocess.run([sys.executable, str(ROOT / "tools" / "lib_exports.py"), str(LIB),
                        *map(str, HEADER_DIRS), *[f"-I{d}" for d in INCLUDES]],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert re.search(r"\b\d+ declared \(\d+ functions, \d+ objects\), \d+ exported, 0 differences", p.stdout)


def test_a_difference_either_way_is_found(declared, tmp_path):
    """The check can fail: a function declared and not exported, a symbol
    exported and not declared, an object exported as code."""
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "extra.h").write_text("#include <stdint.h>\nint grotto_not_in_the_library(uint32_t seed);\n"
                                   "extern const int gt_not_a_table[3];\n"
                                   "static inline int grotto_inline_only(void) { return 1; }\n")
    with_extra = lib_exports.declared(HEADER_DIRS + [extra], INCLUDES)
    assert with_extra["grotto_inline_only"] == "inline"
    exported = lib_exports.exported(LIB)
    problems = lib_exports.compare(with_extra, exported)
    assert problems == ["declared (function) but not exported: grotto_not_in_the_library",
                        "declared (object) but not exported: gt_not_a_table"]
    leaked = dict(exported, ref_elist_flag0="T")
    assert lib_exports.compare(declared, leaked) == \
        ["exported but not declared in the installed headers: ref_elist_flag0 (T)"]
    wrong_kind = dict(exported, gt_monsters="T")
    assert lib_exports.compare(declared, wrong_kind) == \
        ["gt_monsters: declared as an object, exported as nm kind T"]
    # a declaration outside the header folders (a system header's) is not the library's
    assert "printf" not in with_extra and "memset" not in with_extra


def test_every_public_function_is_driven_out_of_bounds(declared):
    source = (ROOT / "tests" / "unit" / "test_lib_bounds.c").read_text(encoding="utf-8")
    called = set(re.findall(r"\b(grotto_\w+)\s*\(", source))
    missing = sorted(n for n, k in declared.items() if k != "object" and n not in called)
    assert missing == [], f"tests/unit/test_lib_bounds.c never calls {', '.join(missing)}"
