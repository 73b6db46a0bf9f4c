#!/usr/bin/env python3
"""Runs the examples of the README and docs/ against a Minnow, so that an example that stops
working fails the tests.

    tests/docs/run_examples.py --minnow build/test/minnow [FILE.md ...]   # default: README.md docs/*.md

Which blocks run: every fenced block in sh, bash, python or js, unless its info string says
`no-run` (```` ```sh no-run ````: blocks that build, start containers, or need what only the
reader has; they are listed at the end). Blocks in other languages (json, yaml, java, cpp) and
plain blocks are text.

How a file's blocks run, in order, as a reader pastes them into one terminal:
  - one scratch directory per file (a copy of examples/, the conformance suite's node_modules,
    and as the reader's function `handler.mjs`, the data API's in conformance/data-api/),
    one port per file: `localhost:8000` and `127.0.0.1:8000` in a block become that port;
  - a Minnow with no flags serves the file's first blocks; a line of a shell block that starts
    one (`minnow FLAGS &`, or `minnow FLAGS` in the foreground, as a reader would in another
    terminal) stops the running one and serves the rest of the file with its flags, once it
    answers; `minnow env ...` asks the running one;
  - shell blocks run under bash with `set -euo pipefail`, `curl` failing on an HTTP error
    (--fail-with-body), the AWS CLI with the credentials `local`/`local` in us-east-1; Python
    and JavaScript blocks run as files (JavaScript as a module, so top-level await works);
  - a block passes when it exits with 0 and prints what its comments promise: a shell line's
    trailing comment, or a comment on or right after a line that prints (console.log, print),
    from its first `{` or `[` to its end when it ends in `}` or `]`, is compared with the
    output ignoring whitespace, `...` matching anything;
  - Minnow's log is checked for sanitizer reports when the file ends.
"""
import argparse
import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LANGUAGES = {"sh": "sh", "bash": "sh", "shell": "sh", "python": "python", "py": "python", "js": "js",
             "javascript": "js", "mjs": "js"}
BLOCK_TIMEOUT_SECONDS = 180  # a sanitized binary on a loaded machine; no example waits on purpose
FENCE = re.compile(r"^(\s*)```(.*)$")


def blocks_of(path):
    """(line number, language, info words, text) of each fenced block of a Markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, i = [], 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, info = opening.group(1), opening.group(2).split()
        body, j = [], i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        found.append((i + 1, info[0] if info else "", info[1:], "\n".join(body) + "\n"))
        i = j + 1
    return found


def expected_output(comment):
    """The output a comment promises: from its first { or [ to its end, if it ends in } or ]."""
    comment = comment.strip()
    start = min((p for p in (comment.find("{"), comment.find("[")) if p >= 0), default=-1)
    if start < 0 or not comment.endswith(("}", "]")):
        return None
    return comment[start:]


def shell_quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


SERVER_LINE = re.compile(r"^(\s*(?:.*&&\s*)?)minnow(\s+(?!env\b|health\b)[^&#]*?)?\s*&?\s*(#.*)?$")


def logical_lines(text):
    """Shell lines with their backslash continuations joined."""
    out, pending = [], ""
    for line in text.split("\n"):
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        out.append(pending + line)
        pending = ""
    return out


def trailing_comment(line):
    """A shell line's comment: a # after whitespace, outside quotes."""
    quote = None
    for k, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (k == 0 or line[k - 1].isspace()):
            return line[:k], line[k + 1:]
    return line, None


def shell_script(text):
    """The block as bash runs it: servers started through __minnow_server, promised outputs checked."""
    out = []
    for line in logical_lines(text):
        server = SERVER_LINE.match(line)
        if server and line.strip() and not line.strip().startswith("#"):
            out.append(f"{server.group(1)}__minnow_server{server.group(2) or ''}")
            continue
        command, comment = trailing_comment(line)
        promised = expected_output(comment) if comment is not None and command.strip() else None
        if promised:
            out.append(f"{{ {command.strip()}\n}} | __expect {shell_quote(promised)}")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def script_checks(text, comment_mark):
    """The outputs a Python or JavaScript block's comments promise (see the module's text)."""
    promised, lines = [], text.split("\n")
    prints = re.compile(r"\b(console\.log|print)\(")
    for k, line in enumerate(lines):
        if not prints.search(line):
            continue
        same_line = line.split(comment_mark, 1)[1] if comment_mark in line else None
        next_line = lines[k + 1].strip() if k + 1 < len(lines) else ""
        for comment in (same_line, next_line[len(comment_mark):] if next_line.startswith(comment_mark) else None):
            expected = expected_output(comment) if comment else None
            if expected:
                promised.append(expected)
    return promised


def matches(expected, output):
    squeeze = lambda s: re.sub(r"\s+", "", s)
    pattern = ".*".join(re.escape(part) for part in squeeze(expected).split("..."))
    return re.search(pattern, squeeze(output), re.S) is not None


PRELUDE = r"""set -euo pipefail
__minnow_server() {
  if [ -s "$SCRATCH/.server.pid" ]; then
    local old; old=$(cat "$SCRATCH/.server.pid")
    kill -TERM "$old" 2>/dev/null || true
    while kill -0 "$old" 2>/dev/null; do sleep 0.05; done
  fi
  echo "== minnow $*" >>"$SCRATCH/.server.log"
  "$MINNOW_BIN" --host 127.0.0.1 --port "$PORT" "$@" >>"$SCRATCH/.server.log" 2>&1 &
  echo $! >"$SCRATCH/.server.pid"
  local waited=0
  until command curl -s -o /dev/null "http://127.0.0.1:$PORT/"; do
    if ! kill -0 "$(cat "$SCRATCH/.server.pid")" 2>/dev/null || [ $waited -ge 600 ]; then
      echo "minnow $* did not start; its log:" >&2; cat "$SCRATCH/.server.log" >&2; return 1
    fi
    sleep 0.1; waited=$((waited + 1))
  done
}
minnow() { command "$MINNOW_BIN" "$@" --port "$PORT"; }
curl() { command curl --fail-with-body "$@"; }
__expect() {
  local out; out=$(cat); printf '%s\n' "$out"
  python3 "$RUNNER" --matches "$1" "$out" || { echo "expected output: $1" >&2; return 1; }
}
"""


class FileRun:
    def __init__(self, path, minnow, aws):
        self.path, self.minnow = path, minnow
        self.scratch = tempfile.mkdtemp(prefix="minnow-docs-")
        shutil.copytree(os.path.join(ROOT, "examples"), os.path.join(self.scratch, "examples"))
        os.symlink(os.path.join(ROOT, "conformance", "node_modules"), os.path.join(self.scratch, "node_modules"))
        # The reader's own function, where an example runs it (`node handler.mjs`): the data API's.
        shutil.copy(os.path.join(ROOT, "conformance", "data-api", "handler.mjs"), self.scratch)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.env = dict(os.environ, SCRATCH=self.scratch, PORT=str(self.port), MINNOW_BIN=minnow,
                        RUNNER=os.path.abspath(__file__), AWS_ACCESS_KEY_ID="local", AWS_SECRET_ACCESS_KEY="local",
                        AWS_DEFAULT_REGION="us-east-1", AWS_REGION="us-east-1", AWS_EC2_METADATA_DISABLED="true",
                        AWS_CONFIG_FILE="/dev/null", AWS_SHARED_CREDENTIALS_FILE="/dev/null")
        self.env.pop("AWS_PROFILE", None)
        self.env["PATH"] = os.pathsep.join([aws, self.env["PATH"]]) if aws else self.env["PATH"]

    def endpoint(self, text):
        return re.sub(r"\b(localhost|127\.0\.0\.1):8000\b", f"127.0.0.1:{self.port}", text)

    def run(self, line, language, text):
        """Runs one block; returns None when it passed, else why not."""
        text = self.endpoint(text)
        if language == "sh":
            name, command, promised = f"block-{line}.sh", ["bash"], []
            body = PRELUDE + shell_script(text)
        elif language == "python":
            name, command, promised = f"block-{line}.py", ["python3"], script_checks(text, "#")
            body = text
        else:
            name, command, promised = f"block-{line}.mjs", ["node"], script_checks(text, "//")
            body = text
        script = os.path.join(self.scratch, name)
        with open(script, "w", encoding="utf-8") as f:
            f.write(body)
        try:
            done = subprocess.run(command + [script], cwd=self.scratch, env=self.env, text=True, capture_output=True,
                                  timeout=BLOCK_TIMEOUT_SECONDS, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return f"did not end within {BLOCK_TIMEOUT_SECONDS} s"
        output = done.stdout + done.stderr
        if done.returncode != 0:
            return f"exited with {done.returncode}:\n{output}"
        for expected in promised:
            if not matches(expected, done.stdout):
                return f"printed\n{done.stdout}\nnot what its comment promises: {expected}"
        return None

    def start_default_server(self):
        start = subprocess.run(["bash", "-c", PRELUDE + "__minnow_server"], env=self.env, text=True,
                               capture_output=True, timeout=BLOCK_TIMEOUT_SECONDS)
        if start.returncode != 0:
            raise RuntimeError(start.stdout + start.stderr)

    def finish(self):
        """Stops the running Minnow; returns its log's sanitizer reports, if any."""
        pid_file = os.path.join(self.scratch, ".server.pid")
        if os.path.exists(pid_file):
            subprocess.run(["bash", "-c", f'kill -TERM {open(pid_file).read().strip()} 2>/dev/null || true'])
        log_file = os.path.join(self.scratch, ".server.log")
        log = open(log_file, encoding="utf-8", errors="replace").read() if os.path.exists(log_file) else ""
        shutil.rmtree(self.scratch, ignore_errors=True)
        return log if re.search(r"ERROR: AddressSanitizer|runtime error:", log) else None


def aws_command_folder():
    """A folder whose `aws` runs the AWS CLI, if only `python3 -m awscli` has it; None if `aws` is on PATH."""
    if shutil.which("aws"):
        return None
    folder = tempfile.mkdtemp(prefix="minnow-docs-aws-")
    with open(os.path.join(folder, "aws"), "w") as f:
        f.write('#!/bin/sh\nexec python3 -m awscli "$@"\n')
    os.chmod(os.path.join(folder, "aws"), 0o755)
    return folder


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--matches":  # the shell blocks' __expect
        sys.exit(0 if matches(sys.argv[2], sys.argv[3]) else 1)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minnow", required=True)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    minnow = os.path.abspath(args.minnow)
    aws = aws_command_folder()
    failures, ran, skipped = 0, 0, []
    for path in files:
        name = os.path.relpath(path, ROOT)
        blocks = [b for b in blocks_of(path) if b[1] in LANGUAGES]
        runnable = [(line, LANGUAGES[lang], text) for line, lang, words, text in blocks if "no-run" not in words]
        skipped += [f"{name}:{line}" for line, _, words, _ in blocks if "no-run" in words]
        if not runnable:
            continue
        run = FileRun(path, minnow, aws)
        try:
            run.start_default_server()
            for line, language, text in runnable:
                why = run.run(line, language, text)
                ran += 1
                print(f"{'ok  ' if why is None else 'FAIL'} {name}:{line} ({language})", flush=True)
                if why is not None:
                    failures += 1
                    print("     " + why.replace("\n", "\n     "), flush=True)
        finally:
            reports = run.finish()
        if reports:
            failures += 1
            print(f"FAIL {name}: sanitizer reports from minnow:\n{reports}", flush=True)
    print(f"{ran} examples run, {failures} failed; not run (no-run): {', '.join(skipped) or 'none'}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
