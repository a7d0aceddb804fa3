// jf-fuzz: coverage-guided fuzzing of jf's input paths with libFuzzer (scripts/fuzz.sh).
//
// libFuzzer calls `LLVMFuzzerTestOneInput` with inputs it mutates towards new code paths, and
// each goes to the target's checks (JoyfillFuzz's ``FuzzTarget``, which says what they are).
// The script builds this executable with `-sanitize=fuzzer,address`, which links libFuzzer in;
// an ordinary build could not link it, so it is in Package.swift only when `JF_FUZZ` is set.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JoyfillFuzz

/// Which target the process fuzzes: `JF_FUZZ_TARGET` (set by scripts/fuzz.sh).
private let target: FuzzTarget = {
    guard let name = getenv("JF_FUZZ_TARGET") else { return .formula }
    guard let target = FuzzTarget(rawValue: String(cString: name)) else {
        fatalError("JF_FUZZ_TARGET names no target: \(String(cString: name)) (\(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    return target
}()

/// libFuzzer's driver: it parses the command line (`-max_total_time=…`, a corpus folder) and
/// calls ``fuzzOne(_:_:)`` with each input.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// The program's entry: SwiftPM links an executable target's `main` to this name.
/// `JF_FUZZ_PRINT_DICTIONARY` set prints the target's dictionary instead (`-dict=`).
@_cdecl("jf_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    if getenv("JF_FUZZ_PRINT_DICTIONARY") != nil {
        for line in target.dictionary { print(line) }
        return 0
    }
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzOne(data, size) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target.check(UnsafeBufferPointer(start: data, count: size))
    return 0
}
