// jf-bench: throughput of the formula core.
//
//   swift run -c release jf-bench --formulas F.txt --env ENV.json [--rows N] [--iterations K]
//
// Benchmarks/run.sh generates the workloads with Benchmarks/workloads/gen_workloads.py and runs
// this; docs/performance.md records the results. Each measurement runs K times and reports
// the best and the median (wall-clock, one core).
import Foundation
import JoyfillEngine
import JoyfillFormulas
import JoyfillJSON
import JoyfillModel

struct Options {
    var formulas: String?
    var env: String?
    var rows = 1_000_000
    var iterations = 5
    var showErrors = 0
    var documents: [String] = []
    var change: String?
    /// One formula measurement only (`parse`, `evaluate` or `parse+evaluate`), for profilers.
    var only: String?
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "--formulas": options.formulas = arguments.next()
        case "--env": options.env = arguments.next()
        case "--rows": options.rows = Int(arguments.next() ?? "") ?? options.rows
        case "--iterations": options.iterations = Int(arguments.next() ?? "") ?? options.iterations
        case "--show-errors": options.showErrors = Int(arguments.next() ?? "") ?? 10
        case "--document": options.documents.append(arguments.next() ?? "")
        case "--change": options.change = arguments.next()
        case "--only": options.only = arguments.next()
        default:
            FileHandle.standardError.write("usage: jf-bench [--formulas FILE --env FILE] [--rows N] [--iterations K] [--only parse|evaluate|parse+evaluate] [--document FILE [--change FIELD=JSON]]\n".data(using: .utf8)!)
            exit(2)
        }
    }
    return options
}

func measure(_ name: String, iterations: Int, units: Double, unit: String, _ body: () -> Void) {
    var times: [Double] = []
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    let best = times[0]
    let median = times[times.count / 2]
    let rate = units / best
    print(String(format: "%-38@ best %8.4f s  median %8.4f s  %12.0f %@/s", name as NSString, best, median, rate, unit as NSString))
}

/// The env document's fields as formulas see them, through the document binding.
func environment(from path: String) -> any EvaluationContext {
    guard let data = FileManager.default.contents(atPath: path), let document = try? JoyDoc(bytes: Array(data)) else {
        fatalError("cannot read the JoyDoc \(path)")
    }
    let engine = DocumentEngine(document: document)
    engine.evaluateAll()
    return engine.context
}

let options = parseOptions()
print("jf-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores visible, measuring on one")

/// Peak resident memory of the process so far, in MiB.
func peakMemory() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss / 1024
}

/// Resident memory of the process now, in MiB (from /proc/self/statm).
func residentMemory() -> Int {
    // /proc files report size 0, so they are read with one plain read(2).
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(descriptor, &buffer, buffer.count)
    let fields = String(decoding: buffer[..<max(count, 0)], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return (pages * Int(sysconf(Int32(_SC_PAGESIZE)))) >> 20
}

/// Times each phase of a document run: read, JSON, JoyDoc, engine setup (parse and graph),
/// full evaluation, edits; then an incremental update of one input (`--change FIELD=JSON`).
for path in options.documents {
    func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
    var start = DispatchTime.now().uptimeNanoseconds
    // As `jf` reads it: mapped when large, else read into one buffer of the file's size.
    let bytes = SourceBytes.contentsOfFile(path)!
    let read = seconds(since: start)
    let readMemory = residentMemory()
    start = DispatchTime.now().uptimeNanoseconds
    let json = try! JSONReader.read(bytes)
    let parse = seconds(since: start)
    let parseMemory = residentMemory()
    start = DispatchTime.now().uptimeNanoseconds
    let document = try! JoyDoc(json: json)
    let model = seconds(since: start)
    let modelMemory = residentMemory()
    start = DispatchTime.now().uptimeNanoseconds
    let engine = DocumentEngine(document: document)
    let setup = seconds(since: start)
    let setupMemory = residentMemory()
    start = DispatchTime.now().uptimeNanoseconds
    engine.evaluateAll()
    let evaluate = seconds(since: start)
    let evaluateMemory = residentMemory()
    start = DispatchTime.now().uptimeNanoseconds
    // Written as `jf run --write` writes: streamed in pieces through a buffer (here to /dev/null).
    var written = 0
    let sink = FileHandle(forWritingAtPath: "/dev/null")!
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 18)
    engine.writeUpdated { piece in
        written += piece.count
        if buffer.count + piece.count > 1 << 18 {
            sink.write(Data(buffer))
            buffer.removeAll(keepingCapacity: true)
        }
        buffer.append(contentsOf: piece)
    }
    sink.write(Data(buffer))
    let write = seconds(since: start)
    let total = read + parse + model + setup + evaluate + write
    print(String(format: "%@: %d fields, %d formula fields, %.1f MB", path, document.fields.count, engine.graph.nodes.count,
                 Double(bytes.count) / 1e6))
    print("  resident memory (MiB) after read \(readMemory), json \(parseMemory), joydoc \(modelMemory), setup \(setupMemory), evaluate \(evaluateMemory)")
    print(String(format: "  read %.3f  json %.3f  joydoc %.3f  setup %.3f  evaluate %.3f  edits %.3f  total %.3f s  peak %d MiB",
                 read, parse, model, setup, evaluate, write, total, peakMemory()))
    precondition(written >= bytes.count / 2)
    if let change = options.change, let equals = change.firstIndex(of: "=") {
        let field = String(change[..<equals])
        let recomputed: [String]
        let incremental: Double
        do {
            let value = try JSONReader.read(String(change[change.index(after: equals)...]))
            start = DispatchTime.now().uptimeNanoseconds
            recomputed = try engine.apply([(field, value)])
            incremental = seconds(since: start)
        } catch {
            FileHandle.standardError.write("jf-bench: --change \(change): \(error)\n".data(using: .utf8)!)
            exit(2)
        }
        print(String(format: "  incremental update of %@: %d fields recomputed in %.6f s (%.3f%% of the full evaluation)",
                     field, recomputed.count, incremental, 100 * incremental / evaluate))
    }
}
if !options.documents.isEmpty { exit(0) }

if let formulasPath = options.formulas, let envPath = options.env {
    let text = try! String(contentsOfFile: formulasPath, encoding: .utf8)
    let formulas = text.utf8.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    let bytes = Double(text.utf8.count)
    let context = environment(from: envPath)
    let evaluator = Evaluator(options: EvaluationOptions(now: Instant(milliseconds: 1_735_689_600_000)))

    if let only = options.only {
        let trees = only == "evaluate" ? formulas.map(Parser.parse) : []
        measure(only, iterations: options.iterations, units: Double(formulas.count), unit: "formulas") {
            switch only {
            case "parse": for formula in formulas { _ = Parser.parse(formula) }
            case "evaluate": for tree in trees { _ = try? evaluator.evaluate(tree, in: context) }
            default: for formula in formulas { _ = try? evaluator.evaluate(formula, in: context) }
            }
        }
        exit(0)
    }
    var failures = 0
    var kinds: [String: Int] = [:]
    for formula in formulas {
        do throws(Diagnostic) {
            _ = try evaluator.evaluate(Parser.parse(formula), in: context)
        } catch {
            failures += 1
            kinds[error.kind.rawValue, default: 0] += 1
            if failures <= options.showErrors { print("  \(error.kind.rawValue): \(error.message)  in  \(formula)") }
        }
    }
    print("errors by kind: \(kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    print("workload: \(formulas.count) formulas, \(Int(bytes)) bytes, \(failures) evaluate to an error")

    measure("parse", iterations: options.iterations, units: Double(formulas.count), unit: "formulas") {
        var nodes = 0
        for formula in formulas { nodes &+= Parser.parse(formula).nodes.count }
        precondition(nodes > 0)
    }
    measure("parse (bytes)", iterations: 1, units: bytes, unit: "bytes") {
        for formula in formulas { _ = Parser.parse(formula) }
    }
    let trees = formulas.map(Parser.parse)
    measure("evaluate (pre-parsed)", iterations: options.iterations, units: Double(formulas.count), unit: "formulas") {
        for tree in trees { _ = try? evaluator.evaluate(tree, in: context) }
    }
    // What `jf eval` does: the source text parsed to a tree and evaluated, in one call.
    measure("parse + evaluate", iterations: options.iterations, units: Double(formulas.count), unit: "formulas") {
        for formula in formulas { _ = try? evaluator.evaluate(formula, in: context) }
    }
}

// A table of N rows, as the document context will present it: objects sharing one key shape.
let keys = ObjectKeys(["a", "b"])
var rows: [Value] = []
rows.reserveCapacity(options.rows)
for index in 0..<options.rows {
    rows.append(.object(ObjectValue(keys: keys, values: [.number(Double(index % 100)), .number(1.5)])))
}
let table = DictionaryContext(["x": .array(rows)])
let tableTree = Parser.parse("sum(map(x, (r) -> r.a * r.b))")
let tableEvaluator = Evaluator()
var total = 0.0
measure("sum(map(x, (r) -> r.a * r.b)), \(options.rows) rows", iterations: options.iterations, units: Double(options.rows), unit: "rows") {
    if case .number(let value) = try! tableEvaluator.evaluate(tableTree, in: table) { total = value }
}
print("  result \(total)")
