#!/usr/bin/env python3
"""libgrotto's exports against its installed headers (issue 18 item 4).

The shared library must export exactly what the installed headers declare:
every function declared in them (not the static inline ones, which live in
the headers) and every object (the extern gt_* tables, the engines and the
registry) is in `nm -D --defined-only`, as a function (T) or an object
(D, R, B) as declared, and nothing else is exported. The declarations are
read by the compiler, not by pattern: clang parses one translation unit
that includes every header of the given folders and dumps its syntax tree
(-ast-dump=json); a declaration belongs to the headers when the file it is
written in lies in one of those folders.

Usage (ci/install.sh runs it on the installed tree, tests/e2e/
test_lib_exports.py on the build tree):

    tools/lib_exports.py LIB HEADER_DIR [HEADER_DIR ...] [-I DIR ...] [--json]

    tools/lib_exports.py P/lib/libgrotto.so P/include/grotto -I P/include

Prints the counts, or every difference; exit 0 when none, 1 when any, 2 on
a usage or tool error."""
import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

FUNCTION_KINDS = {"T", "W", "i"}        # text, weak, indirect function
OBJECT_KINDS = {"D", "R", "B", "V", "G", "S"}


class ToolError(Exception):
    pass


def run(cmd, **kw):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    except FileNotFoundError:
        raise ToolError(f"{cmd[0]}: not found (Debian: clang, binutils)")
    if p.returncode != 0:
        raise ToolError(f"{' '.join(cmd[:3])} ...: exit {p.returncode}: {p.stderr.strip()[:2000]}")
    return p.stdout


def headers_in(dirs):
    """Every *.h directly in the given folders, as absolute paths."""
    found = []
    for d in dirs:
        d = Path(d).resolve()
        if not d.is_dir():
            raise ToolError(f"{d}: not a folder")
        found += sorted(p for p in d.glob("*.h"))
    if not found:
        raise ToolError(f"no header in {', '.join(map(str, dirs))}")
    return found


def declared(header_dirs, include_dirs, clang="clang"):
    """The functions and objects the headers declare: {name: "function" |
    "object"} for those with external linkage (what the library must
    export), "inline" for the static inline functions defined in them."""
    headers = headers_in(header_dirs)
    roots = [str(Path(d).resolve()) + os.sep for d in header_dirs]
    source = "".join(f'#include "{h}"\n' for h in headers)
    cmd = [clang, "-x", "c", "-std=c11", "-fsyntax-only", "-Xclang", "-ast-dump=json"]
    cmd += [f"-I{d}" for d in include_dirs] + ["-"]
    tree = json.loads(run(cmd, input=source))

    # clang writes a location's "file" only when it differs from the last
    # one written, in document order: follow them all in that order.
    state = {"file": None}

    def bare(loc):
        if "file" in loc:
            state["file"] = loc["file"]

    def location(loc):
        """The file the location is written in (a macro's expansion)."""
        if "spellingLoc" in loc:
            bare(loc["spellingLoc"])
            bare(loc["expansionLoc"])
        else:
            bare(loc)
        return state["file"]

    def walk(node):
        for key, value in node.items():
            if key == "loc":
                location(value)
            elif key == "range":
                location(value.get("begin", {}))
                location(value.get("end", {}))
            elif key == "inner":
                for child in value:
                    walk(child)

    out = {}
    for node in tree.get("inner", []):
        file = location(node["loc"]) if node.get("loc") else None
        walk({k: v for k, v in node.items() if k != "loc"})
        if node.get("isImplicit") or not file:
            continue
        inside = any(str(Path(file).resolve()).startswith(r) for r in roots)
        if not inside or "name" not in node:
            continue
        static = node.get("storageClass") == "static"
        if node["kind"] == "FunctionDecl":
            out[node["name"]] = "inline" if static or node.get("inline") else "function"
        elif node["kind"] == "VarDecl" and not static:
            out[node["name"]] = "object"
    return out


def exported(lib, nm="nm"):
    """{name: nm kind letter} of the defined dynamic symbols."""
    out = {}
    for line in run([nm, "-D", "--defined-only", str(lib)]).splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        kind, name = parts[-2], parts[-1].split("@")[0]
        if kind == "A":  # version nodes
            continue
        out[name] = kind
    return out


def compare(decl, exp):
    """The differences, one line each ([] when none)."""
    decl = {n: k for n, k in decl.items() if k != "inline"}
    problems = []
    for name in sorted(set(exp) - set(decl)):
        problems.append(f"exported but not declared in the installed headers: {name} ({exp[name]})")
    for name in sorted(set(decl) - set(exp)):
        problems.append(f"declared ({decl[name]}) but not exported: {name}")
    for name in sorted(set(decl) & set(exp)):
        want = FUNCTION_KINDS if decl[name] == "function" else OBJECT_KINDS
        if exp[name] not in want:
            problems.append(f"{name}: declared as {'a function' if decl[name] == 'function' else 'an object'}, "
                            f"exported as nm kind {exp[name]}")
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/lib_exports.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lib", help="the shared library (libgrotto.so)")
    ap.add_argument("header_dirs", nargs="+", help="folders whose *.h are the installed headers")
    ap.add_argument("-I", dest="include", action="append", default=[], help="include folder for the compiler")
    ap.add_argument("--json", action="store_true", help="print the comparison as JSON")
    a = ap.parse_args(argv)
    try:
        decl = declared(a.header_dirs, a.include)
        exp = exported(a.lib)
    except ToolError as e:
        print(f"tools/lib_exports.py: {e}", file=sys.stderr)
        return 2
    problems = compare(decl, exp)
    functions = sum(1 for k in decl.values() if k == "function")
    objects = sum(1 for k in decl.values() if k == "object")
    if a.json:
        print(json.dumps({"functions": functions, "objects": objects, "exported": len(exp),
                          "problems": problems}, indent=1))
    else:
        for p in problems:
            print(f"tools/lib_exports.py: {p}", file=sys.stderr)
        print(f"tools/lib_exports.py: {functions + objects} declared ({functions} functions, {objects} objects), "
              f"{len(exp)} exported, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
