#!/usr/bin/env python3
"""Checks the module graph against ARCHITECTURE.md.

Fails (exit 1, one line per finding) when:
- a target in Sources/ declares dependencies other than the ones its row in ARCHITECTURE.md
  allows, or a target is missing from the table;
- any source or test file imports a module its target does not declare (the standard
  library's own modules, and the system modules the table lists for the target, aside);
- a `Task.sleep` (or `Thread.sleep`, `usleep`) stands inside a loop in Sources/, outside the
  allow-list below: a loop that sleeps and looks again is a poll, where awaiting what it waits
  for (the store's snapshots, a stream) is the rule; timers go through an injected clock.

Usage: scripts/check_architecture.py  (run from anywhere inside the repository)
"""
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
STANDARD_LIBRARY = {"Swift", "_Concurrency", "_StringProcessing", "Synchronization"}
SYSTEM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Musl", "Darwin", "Dispatch"}
TEST_ONLY = {"Testing", "XCTest"}
# Where a sleep in a loop is the design: the file lock's retry (flock has nothing to await) and
# the clocks themselves.
SLEEP_LOOPS_ALLOWED = {"Sources/Persistence/FolderLock.swift", "Sources/SystemTime/SystemClock.swift",
                       "Sources/EventLoopExecution/EventLoopClock.swift"}
SLEEP = re.compile(r"\bTask\.sleep\b|\bThread\.sleep\b|\busleep\(")
LOOP = re.compile(r"^\s*(?:\}\s*)?(?:[A-Za-z_]+:\s*)?(?:while|for|repeat)\b")
IMPORT = re.compile(r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:public |internal |package |private |fileprivate )?import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


def allowed_edges():
    """The table of ARCHITECTURE.md: target -> the modules it may import."""
    table = {}
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not re.fullmatch(r"`[A-Za-z]+`", cells[0]):
            continue
        target = cells[0].strip("`")
        modules = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", cells[1]))
        table[target] = modules
    return table


def declared_targets():
    """The targets of Package.swift: name -> (kind, path, declared module dependencies)."""
    dump = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)
    targets = {}
    for target in dump["targets"]:
        names = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    names.add(dependency[kind][0])
        folder = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
        targets[target["name"]] = (target["type"], ROOT / folder, names)
    return targets


def code_lines(text):
    """The file's lines with comments and string literals blanked (multi-line strings too)."""
    in_block = False
    for line in text.splitlines():
        if line.count('"""') % 2 == 1:
            in_block = not in_block
            yield ""
            continue
        if in_block:
            yield ""
            continue
        line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
        yield line.split("//", 1)[0]


def sleeps_in_loops(source):
    """The line numbers of the sleeps inside a loop's braces, or in a loop's own header."""
    found = []
    stack = []
    for number, line in enumerate(code_lines(source.read_text(encoding="utf-8")), start=1):
        header = bool(LOOP.match(line))
        if SLEEP.search(line) and (header or any(stack)):
            found.append(number)
        for character in line:
            if character == "{":
                stack.append(header)
                header = False
            elif character == "}" and stack:
                stack.pop()
    return found


def main():
    table = allowed_edges()
    findings = []
    for name, (kind, folder, declared) in sorted(declared_targets().items()):
        if kind in ("regular", "executable") and folder.parts[-2] == "Sources":
            if name not in table:
                findings.append(f"{name}: not in ARCHITECTURE.md's table")
                continue
            expected = table[name] - SYSTEM
            if declared != expected:
                extra, missing = sorted(declared - expected), sorted(expected - declared)
                findings.append(f"{name}: Package.swift declares {extra or 'nothing'} beyond ARCHITECTURE.md, "
                                f"and lacks {missing or 'nothing'}")
            may_import = declared | STANDARD_LIBRARY | (table[name] & SYSTEM)
        elif kind == "system-target":
            continue
        else:
            may_import = declared | STANDARD_LIBRARY | SYSTEM | TEST_ONLY
        for source in sorted(folder.rglob("*.swift")):
            for module in IMPORT.findall(source.read_text(encoding="utf-8")):
                if module not in may_import and module != name:
                    findings.append(f"{source.relative_to(ROOT)}: imports {module}, which {name} does not declare")
    for source in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = str(source.relative_to(ROOT))
        if relative in SLEEP_LOOPS_ALLOWED:
            continue
        for number in sleeps_in_loops(source):
            findings.append(f"{relative}:{number}: sleeps inside a loop (a poll): await what it waits for instead")
    for line in findings:
        print(line)
    if findings:
        print(f"architecture check: {len(findings)} finding(s); ARCHITECTURE.md is the graph to follow")
        return 1
    print("architecture check: every import follows ARCHITECTURE.md; no sleep loops outside the allow-list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
