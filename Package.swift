// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "jf",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "JoyfillFormulas", targets: ["JoyfillFormulas"]),
        .executable(name: "jf", targets: ["jf"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "JoyfillFormulas"),
        .executableTarget(
            name: "jf",
            dependencies: [
                "JoyfillFormulas",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "jf-bench",
            dependencies: ["JoyfillFormulas"],
            path: "Benchmarks/jf-bench"
        ),
        .testTarget(name: "JoyfillFormulasTests", dependencies: ["JoyfillFormulas"]),
        .testTarget(name: "jfTests", dependencies: ["jf"], exclude: ["Fixtures"]),
    ]
)
