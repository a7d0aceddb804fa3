import Foundation
import Testing

/// Inputs and surroundings a careful user never gives, each of which once crashed `jf`, lost
/// its output without an error or made it run without end: standard input closed or a
/// directory, standard output full or a pipe whose reader left, read-only files, inputs that
/// never end. Each must end in a clear error with the documented exit code (docs/cli.md).
struct HostileInputTests {
    /// Every command that reads standard input.
    static let standardInputReaders = [
        "eval -", "eval --lines -", "run -", "run --jsonl", "validate -", "validate --jsonl", "fmt -", "lint --stdin",
        "apply examples/invoice.json -", "repl",
    ]

    @Test(arguments: standardInputReaders)
    func closedStandardInputIsAnError(command: String) throws {
        let result = try JF.shell("$JF \(command) <&-")
        #expect(result.status == 2, "\(result.stderr)")
        // `run` and `validate` add their summary line.
        #expect(result.stderr.hasPrefix("jf: error: cannot read standard input: Bad file descriptor\n"), "\(result.stderr)")
    }

    @Test(arguments: standardInputReaders)
    func aDirectoryOnStandardInputIsAnError(command: String) throws {
        let result = try JF.shell("$JF \(command) < /")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("jf: error: standard input: is a directory, not a file\n")
                || result.stderr.hasPrefix("jf: error: cannot read standard input: Is a directory\n"), "\(result.stderr)")
    }

    /// A write to standard output that fails is an error (exit 2) with the system's reason,
    /// never a silent success.
    @Test(arguments: [
        "apply examples/invoice.json '[]'", "eval '1 + 1'", "run --json examples/invoice.json", "fmt - < examples/invoice.json",
        "lint --stdin --fix < examples/templates/order-form.json", "run --jsonl < <(tr -d '\\n' < examples/invoice.json; echo)",
        "functions", "graph examples/invoice.json",
    ])
    func aFullStandardOutputIsAnError(command: String) throws {
        let result = try JF.shell("$JF \(command) > /dev/full")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("jf: error: cannot write to standard output: No space left on device\n"), "\(result.stderr)")
    }

    /// When the reader of its output goes away, `jf` stops at once, quietly, with exit 2, on
    /// an input that never ends, whether its parent ignored SIGPIPE or left it as it is.
    @Test(arguments: ["--ignore-signal=PIPE", "--default-signal=PIPE"])
    func aClosedPipeEndsJFQuietly(disposition: String) throws {
        let result = try JF.shell("""
            line=$(tr -d '\\n' < examples/invoice.json)
            yes "$line" | (env \(disposition) timeout 120 $JF run --jsonl; echo "jf exited $?" >&2) | head -c 20
            """)
        #expect(result.stdout.hasPrefix("{") && result.stdout.utf8.count == 20)
        #expect(result.stderr.hasSuffix("jf exited 2\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("jf:"), "no message: the reader chose to stop")
    }

    /// `jf` is not `sed -i`: every command that rewrites files refuses a read-only one and
    /// leaves it as it was.
    @Test(arguments: [
        "run --set tax_rate=10 --write invoice.json",
        #"apply --write invoice.json '{"target": "field.update", "fieldId": "tax_rate", "change": {"value": 10}}'"#,
        "lint --fix order-form.json", "lint --add-suppressions order-form.json", "fmt sum.jf",
    ])
    func readOnlyFilesAreRefused(command: String) throws {
        let directory = try workspace(["invoice.json"])
        defer { discard(directory) }
        try FileManager.default.copyItem(at: JF.root.appendingPathComponent("examples/templates/order-form.json"),
                                         to: directory.appendingPathComponent("order-form.json"))
        try "sum(1,2)\n".write(to: directory.appendingPathComponent("sum.jf"), atomically: true, encoding: .utf8)
        let name = command.split(separator: " ").first { $0.hasSuffix(".json") || $0.hasSuffix(".jf") }.map(String.init) ?? ""
        let file = directory.appendingPathComponent(name).path
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
        let result = try JF.shell("cd '\(directory.path)' && $JF \(command)")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("jf: error: cannot write \(name): the file is read-only (mode 0444); jf does not replace "
                                       + "read-only files: make it writable (chmod u+w \(name)) first"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    /// A rewritten file keeps its mode, whatever the umask, and its owner (checked when the
    /// tests run as root, who can give a file to another user).
    @Test func aRewrittenFileKeepsItsModeAndOwner() throws {
        let directory = try workspace(["invoice.json"])
        defer { discard(directory) }
        let file = directory.appendingPathComponent("invoice.json").path
        let owned = geteuid() == 0
        try FileManager.default.setAttributes([.posixPermissions: 0o660], ofItemAtPath: file)
        if owned { #expect(chown(file, 65534, 65534) == 0) }
        let result = try JF.shell("umask 077 && $JF run --set tax_rate=10 --write '\(file)'")
        #expect(result.status == 0, "\(result.stderr)")
        var status = stat()
        #expect(stat(file, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o660)
        if owned { #expect(status.st_uid == 65534 && status.st_gid == 65534) }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"value\": 10"))
    }

    /// A file is written into a directory that exists; one that is missing (or vanished while
    /// `jf` worked) is an error, not made again.
    @Test func aMissingDirectoryIsNotMade() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let target = directory.appendingPathComponent("gone/copy.json").path
        let result = try JF.run(["repl", "examples/invoice.json"], stdin: ":save \(target)\n")
        #expect(result.status == 1)
        #expect(result.stdout.contains("No such file or directory"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("gone").path))
    }

    /// A file truncated while `jf` reads it gives a reading error or the part that was read,
    /// never a crash: files are read, not mapped (a mapped file cut short kills its reader
    /// with SIGBUS). Races are not repeatable, so this tries many times.
    @Test func aFileTruncatedWhileReadIsNoCrash() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let result = try JF.shell("""
            cd '\(directory.path)'
            python3 -c "import json; print(json.dumps({'fields': [{'_id': 'f%d' % i, 'type': 'text', 'value': 'x' * 200} for i in range(40000)]}))" > whole.json
            for i in $(seq 1 6); do
              cp whole.json doc.json
              (sleep 0.0$i; : > doc.json) &
              for command in run lint; do $JF $command doc.json > /dev/null 2>&1; code=$?; [ $code -ge 128 ] && echo "$command died: $code"; done
              $JF graph doc.json > /dev/null 2>&1; code=$?; [ $code -ge 128 ] && echo "graph died: $code"
              wait
            done
            echo done
            """)
        #expect(result.stdout == "done\n", "\(result.stdout)")
    }

    @Test func aLoopOfSymbolicLinksIsNamed() throws {
        let directory = try workspace([])
        defer { discard(directory) }
        let first = directory.appendingPathComponent("a.json").path, second = directory.appendingPathComponent("b.json").path
        #expect(symlink(second, first) == 0 && symlink(first, second) == 0)
        for command in [["run", first], ["lint", first], ["eval", "--doc", first, "1"], ["apply", first, "[]"]] {
            let result = try JF.run(command)
            #expect(result.status == 2)
            #expect(result.stderr.contains("\(first): a loop of symbolic links\n"), "\(command): \(result.stderr)")
        }
    }

    /// Inputs that never end are refused at their documented limit: a document at 1 GiB, a
    /// stream line at 64 MiB, a REPL line at 16 MiB; what came before a stream's long line is
    /// answered first.
    @Test func endlessInputsStopAtTheirLimits() throws {
        let document = try JF.shell("(printf '['; cat /dev/zero) | $JF run -")
        #expect(document.status == 2)
        #expect(document.stderr.hasPrefix("jf: error: cannot read standard input: larger than 1 GiB, the most jf reads of one input\n"))
        let stream = try JF.shell("(tr -d '\\n' < examples/invoice.json; echo; cat /dev/zero) | $JF run --jsonl | wc -l")
        #expect(stream.stdout.trimmingCharacters(in: .whitespaces) == "1\n")
        #expect(stream.stderr == "jf: error: standard input: line 2 is longer than 1 GiB, the most one line may be\n")
        let repl = try JF.shell("(echo '1 + 1'; cat /dev/zero) | $JF repl")
        #expect(repl.status == 2)
        #expect(repl.stdout == "2\n")
        #expect(repl.stderr == "jf: error: standard input: line 2 is longer than 16 MiB, the most one line may be\n")
    }

    /// What can start no JSON (a NUL byte, `/dev/zero`) is refused at its first byte, not read
    /// to the limit; an input without a size (a pipe) is read within 1.1 times its size and
    /// 64 MiB, never its old and new buffers at once: 260 MiB piped peaked at twice that when
    /// a buffer grew by copying (peaks measured by the kernel, `ru_maxrss`).
    @Test func readingHoldsAboutTheInputsSize() throws {
        let script = """
            import resource, subprocess, sys
            def run(command):
                result = subprocess.run(command, shell=True, capture_output=True)
                return result.returncode, result.stderr.decode().split("\\n")[0], resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss << 10
            size = 260 << 20
            for name, command, limit in [("zero", "$JF run /dev/zero", 64 << 20), ("lint", "$JF lint /dev/zero", 64 << 20),
                                         ("piped", "(printf [; head -c %d /dev/zero) | $JF run -" % size, 1.1 * size + (64 << 20))]:
                status, first, peak = run(command)
                print(name, status, peak <= limit, peak >> 20, first)
            """
        let result = try JF.shell("python3 -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))'")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stdout)\(result.stderr)")
        #expect(lines.first?.hasPrefix("zero 2 True ") == true && lines.first?.hasSuffix(
            " jf: error: /dev/zero: line 1, column 1: invalid JSON: expected a JSON value, found byte 0x00") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("lint 1 True ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("piped 2 True ") == true && lines.last?.hasSuffix(
            " jf: error: -: line 1, column 2: invalid JSON: expected a JSON value, found byte 0x00") == true, "\(lines)")
    }

    /// Validating a document holds no more than evaluating it, but for the schema the SDKs
    /// load, a fixed 2 MiB: the validation keeps no copy of the text, of the fields or of the
    /// pages, and no slot for a field without logic (a schema-valid chain of 20,000 fields,
    /// each placed on the page). Peaks by the kernel (`ru_maxrss`).
    @Test func validationHoldsNoMoreThanEvaluation() throws {
        let script = """
            import json, os, sys, tempfile
            count = 20000
            fields = [{"_id": "f0", "file": "file", "type": "number", "title": "f0", "value": 1}] + [
                {"_id": "f%d" % i, "file": "file", "type": "number", "title": "f%d" % i,
                 "formulas": [{"_id": "a%d" % i, "key": "value", "formula": "c%d" % i}]} for i in range(1, count)]
            formulas = [{"_id": "c%d" % i, "desc": "", "type": "calc", "scope": "private", "expression": "f%d + 1" % (i - 1)}
                        for i in range(1, count)]
            positions = [{"_id": "p%d" % i, "type": "number", "field": "f%d" % i, "displayType": "original",
                          "x": 0, "y": 8 * i, "width": 4, "height": 8} for i in range(count)]
            page = {"_id": "page", "name": "Page", "width": 816, "height": 1056, "rowHeight": 8, "cols": 8, "layout": "grid",
                    "presentation": "normal", "padding": 24, "fieldPositions": positions}
            document = {"_id": "chain", "identifier": "chain", "name": "chain", "createdOn": 0, "deleted": False,
                        "type": "document", "formulas": formulas, "fields": fields,
                        "files": [{"_id": "file", "name": "file", "pageOrder": ["page"], "pages": [page], "styles": {"margin": 4}, "views": []}]}
            path = os.path.join(tempfile.mkdtemp(), "chain.json")
            with open(path, "w") as file:
                json.dump(document, file)
            def peak(*arguments):
                pid = os.fork()
                if pid == 0:
                    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
                    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
                    os.execv(sys.argv[1], [sys.argv[1], *arguments, path])
                _, status, usage = os.wait4(pid, 0)
                return os.waitstatus_to_exitcode(status), usage.ru_maxrss
            run, validate = peak("run", "--json"), peak("validate")
            print(run[0], validate[0], validate[1] <= run[1] + 2048, run[1], validate[1])
            """
        let result = try JF.shell("python3 -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))' \"$JF\"")
        #expect(result.stdout.hasPrefix("0 0 True "), "exit codes, and validate's peak ≤ run's + 2 MiB (KiB): \(result.stdout)\(result.stderr)")
    }

    /// A line between 64 MiB (what a stream holds in memory) and 1 GiB is answered as any bad
    /// line is, from a temporary file, and the lines after it are answered too.
    @Test func aLineTooLongToHoldIsAnsweredAndTheStreamGoesOn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jf-long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("stream.jsonl").path
        // An invoice, a record of 65 MiB, an invoice.
        _ = try JF.shell("""
            invoice=$(tr -d '\\n' < examples/invoice.json)
            { echo "$invoice"; printf '{"pad":"'; head -c 68157440 /dev/zero | tr '\\0' x; echo '"}'; echo "$invoice"; } > \(input)
            """)
        let run = try JF.shell("TMPDIR=\(directory.path) $JF run --jsonl < \(input) > \(directory.path)/out.jsonl; echo $?; "
                               + "cmp <(sed -n 2p \(input)) <(sed -n 2p \(directory.path)/out.jsonl) && echo same; wc -l < \(directory.path)/out.jsonl; "
                               + "ls \(directory.path) | grep -c jf-line")
        #expect(run.stdout == "0\nsame\n3\n0\n", "echoed whole, the stream went on, the file removed: \(run.stderr)")
        #expect(run.stderr.contains(#"{"line":2,"error":"line 2 is 68157450 bytes, longer than 64 MiB, the most one line of a stream may be"}"#),
                "\(run.stderr)")
        let keyed = try JF.shell("TMPDIR=\(directory.path) $JF run --jsonl --problems-key problems < \(input) | sed -n 2p")
        #expect(keyed.stdout == #"{"problems":[{"line":2,"error":"line 2 is 68157450 bytes, longer than 64 MiB, the most one line of a stream may be"}]}"# + "\n")
        let validate = try JF.shell("TMPDIR=\(directory.path) $JF validate --jsonl < \(input) | cut -c1-40")
        #expect(validate.status == 0)
        #expect(validate.stdout.split(separator: "\n").map { String($0.prefix(18)) } == [#"{"line":1,"_id":"6"#, #"{"line":2,"error":"#, #"{"line":3,"_id":"6"#])
        // However each run ended, no temporary file is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("jf-line") }
        #expect(left.isEmpty, "\(left)")

        // Where no temporary file can be made (TMPDIR missing, a file, or not writable), the
        // stream ends at the long line with exit 2, saying so: the lines before it answered,
        // none cut short presented as whole.
        let file = directory.appendingPathComponent("stream.jsonl").path
        for folder in ["/nonexistent/x", file] {
            for command in ["run --jsonl", "run --jsonl --problems-key problems", "validate --jsonl"] {
                let ended = try JF.shell("TMPDIR=\(folder) $JF \(command) < \(input) > \(directory.path)/cut.jsonl; echo $?; "
                                         + "wc -l < \(directory.path)/cut.jsonl; wc -c < \(directory.path)/cut.jsonl")
                let lines = ended.stdout.split(separator: "\n")
                #expect(lines.count == 3 && lines[0] == "2" && lines[1] == "1" && (Int(lines[2]) ?? .max) < 100_000,
                        "\(command) with TMPDIR=\(folder): exit 2, only line 1 answered: \(ended.stdout)")
                #expect(ended.stderr.hasSuffix("jf: error: standard input: line 2 is longer than 64 MiB, so its text goes to a temporary file, "
                                               + "and none could be written in \(folder): \(folder == file ? "Not a directory" : "No such file or directory") "
                                               + "(TMPDIR names the folder; the lines before it were answered)\n"), "\(ended.stderr)")
            }
        }
    }
}
