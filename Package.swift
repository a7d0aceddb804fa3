// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "jf",
    platforms: [.macOS(.v15)],   // Synchronization's Atomic (an evaluation's interruption)
    products: [
        .library(name: "JoyfillFormulas", targets: ["JoyfillFormulas"]),
        .library(name: "JoyfillJSON", targets: ["JoyfillJSON"]),
        .library(name: "JoyfillModel", targets: ["JoyfillModel"]),
        .library(name: "JoyfillSchema", targets: ["JoyfillSchema"]),
        .library(name: "JoyfillEngine", targets: ["JoyfillEngine"]),
        .library(name: "JoyfillAnalysis", targets: ["JoyfillAnalysis"]),
        .library(name: "JoyfillLogic", targets: ["JoyfillLogic"]),
        .library(name: "JoyfillDecorators", targets: ["JoyfillDecorators"]),
        .library(name: "JoyfillChanges", targets: ["JoyfillChanges"]),
        .library(name: "JoyfillSession", targets: ["JoyfillSession"]),
        .library(name: "JoyfillLint", targets: ["JoyfillLint"]),
        .library(name: "JoyfillREPL", targets: ["JoyfillREPL"]),
        .library(name: "JoyfillLanguageServer", targets: ["JoyfillLanguageServer"]),
        .library(name: "JoyfillServe", targets: ["JoyfillServe"]),
        .executable(name: "jf", targets: ["jf"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // RSA signatures of the SDKs' licences (JoyfillLicense's LicenseVerifier). 4.x: 3.12 frees a
        // malformed public key twice (an abort on a bad --license-key).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // `jf serve`'s HTTP server. No traits: swift-configuration and full Foundation are not needed.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // `jf serve`'s connection guards (NIOHTTPTypesHTTP1) and its bounded shutdown (ServiceLifecycle).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(name: "JoyfillJSON"),
        // libedit, for `jf repl`'s line editing; `.ci/run` installs libedit-dev when missing.
        .systemLibrary(name: "CEditLine", providers: [.apt(["libedit-dev"])]),
        .target(name: "JoyfillModel", dependencies: ["JoyfillJSON"]),
        // The schema is compiled into the code, so `jf` needs no resource bundle beside it.
        .target(name: "JoyfillSchema", dependencies: ["JoyfillJSON"], resources: [.embedInCode("joydoc.schema.json")]),
        .target(name: "JoyfillEngine", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillJSON"]),
        .target(name: "JoyfillFormulas", dependencies: ["JoyfillJSON"]),
        // The engine's findings, graph and template analyses, named for the front ends.
        .target(name: "JoyfillAnalysis", dependencies: ["JoyfillEngine", "JoyfillFormulas", "JoyfillSchema", "JoyfillJSON"]),
        .target(name: "JoyfillLogic", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillJSON"]),
        .target(name: "JoyfillDecorators", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillJSON"]),
        .target(name: "JoyfillChanges", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillEngine", "JoyfillDecorators", "JoyfillJSON"]),
        .target(name: "JoyfillSession", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillEngine", "JoyfillAnalysis", "JoyfillLogic", "JoyfillChanges",
                                                     "JoyfillDecorators", "JoyfillJSON", "JoyfillSchema"]),
        // The licence's signature check, the one module that links swift-crypto: the linter and the
        // language server, built on JoyfillSession, do not.
        .target(name: "JoyfillLicense", dependencies: ["JoyfillSession", "JoyfillJSON",
                                                      .product(name: "Crypto", package: "swift-crypto"),
                                                      .product(name: "CryptoExtras", package: "swift-crypto")]),
        .target(name: "JoyfillLint", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillAnalysis", "JoyfillLogic", "JoyfillDecorators", "JoyfillJSON",
                                                   "JoyfillSchema"]),
        .target(name: "JoyfillREPL", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillAnalysis", "JoyfillLogic", "JoyfillChanges",
                                                  "JoyfillDecorators", "JoyfillSession", "JoyfillLint", "JoyfillJSON"]),
        .target(name: "JoyfillLanguageServer", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillAnalysis", "JoyfillSession", "JoyfillLint",
                                                            "JoyfillJSON"]),
        // `jf serve`: the form and the formula playground; its page's script and style are compiled
        // into the code, as the schema is.
        .target(name: "JoyfillServe", dependencies: ["JoyfillFormulas", "JoyfillModel", "JoyfillAnalysis", "JoyfillLogic", "JoyfillChanges", "JoyfillSession", "JoyfillREPL",
                                                    "JoyfillJSON", .product(name: "Hummingbird", package: "hummingbird"),
                                                    .product(name: "HummingbirdCore", package: "hummingbird"),
                                                    .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                                                    .product(name: "NIOHTTP1", package: "swift-nio"),
                                                    .product(name: "NIOEmbedded", package: "swift-nio"),
                                                    .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                                                    .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                                                    .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")],
                resources: [.embedInCode("Assets/app.js"), .embedInCode("Assets/app.css")]),
        .executableTarget(
            name: "jf",
            dependencies: [
                "JoyfillFormulas",
                "JoyfillJSON",
                "JoyfillModel",
                "JoyfillSchema",
                "JoyfillAnalysis",
                "JoyfillLogic",
                "JoyfillDecorators",
                "JoyfillChanges",
                "JoyfillSession",
                "JoyfillLicense",
                "JoyfillLint",
                "JoyfillREPL",
                "JoyfillLanguageServer",
                "JoyfillServe",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // libedit is linked here rather than by CEditLine's module map, so that a release
            // build can take it from its static archive, with the libraries it needs (Debian's
            // libedit-dev brings them all): the release binary then runs where libedit is not
            // installed, and needs only the C and C++ runtimes every Linux has (glibc, libstdc++).
            linkerSettings: [
                .linkedLibrary("edit", .when(configuration: .debug)),
                .unsafeFlags(["-Xlinker", "-l:libedit.a", "-Xlinker", "-l:libtinfo.a",
                              "-Xlinker", "-l:libbsd.a", "-Xlinker", "-l:libmd.a"], .when(configuration: .release)),
            ]
        ),
        .target(name: "JoyfillFuzz",
                dependencies: ["JoyfillFormulas", "JoyfillJSON", "JoyfillModel", "JoyfillAnalysis", "JoyfillLogic", "JoyfillChanges", "JoyfillDecorators",
                               "JoyfillSession", "JoyfillLint", "JoyfillREPL", "JoyfillLanguageServer", "JoyfillSchema", "JoyfillServe"],
                path: "Fuzz/JoyfillFuzz"),
        .executableTarget(
            name: "jf-bench",
            dependencies: ["JoyfillFormulas", "JoyfillJSON", "JoyfillModel", "JoyfillEngine"],
            path: "Benchmarks/jf-bench"
        ),
        .testTarget(name: "JoyfillFormulasTests", dependencies: ["JoyfillFormulas"], exclude: ["Fixtures"]),
        .testTarget(name: "JoyfillJSONTests", dependencies: ["JoyfillJSON"]),
        .testTarget(name: "JoyfillModelTests", dependencies: ["JoyfillModel"]),
        .testTarget(name: "JoyfillSchemaTests", dependencies: ["JoyfillSchema"]),
        .testTarget(name: "JoyfillEngineTests", dependencies: ["JoyfillEngine"]),
        .testTarget(name: "JoyfillSessionTests", dependencies: ["JoyfillSession", "JoyfillLogic", "JoyfillChanges", "JoyfillDecorators", "JoyfillEngine", "JoyfillLicense", .product(name: "Crypto", package: "swift-crypto"),
                                                             .product(name: "CryptoExtras", package: "swift-crypto")]),
        .testTarget(name: "JoyfillLintTests", dependencies: ["JoyfillLint"], exclude: ["Fixtures"]),
        .testTarget(name: "JoyfillREPLTests", dependencies: ["JoyfillREPL"]),
        .testTarget(name: "JoyfillLanguageServerTests", dependencies: ["JoyfillLanguageServer"]),
        .testTarget(name: "JoyfillServeTests", dependencies: ["JoyfillServe"]),
        .testTarget(name: "JoyfillFuzzTests", dependencies: ["JoyfillFuzz"]),
        .testTarget(name: "jfTests", dependencies: ["jf", "JoyfillJSON", "JoyfillSchema", .product(name: "Crypto", package: "swift-crypto"),
                                                  .product(name: "CryptoExtras", package: "swift-crypto")], exclude: ["Fixtures"]),
    ]
)

// The fuzzer (Fuzz/jf-fuzz), only for scripts/fuzz.sh: its `main` hands over to libFuzzer,
// which only a build with -sanitize=fuzzer links in. The properties it checks are a library
// (JoyfillFuzz), which the tests also run on every target's seeds.
if Context.environment["JF_FUZZ"] != nil {
    package.targets.append(.executableTarget(name: "jf-fuzz", dependencies: ["JoyfillFuzz"], path: "Fuzz/jf-fuzz"))
}
