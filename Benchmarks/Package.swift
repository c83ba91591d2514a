// swift-tools-version: 6.1
import PackageDescription

/// coinboard's benchmarks (ordo-one/benchmark), kept in their own package so `swift test`
/// never builds the benchmark tooling. Run them from this folder with
/// `swift package --allow-writing-to-package-directory benchmark`.
let package = Package(
    name: "coinboard-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "coinboard", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoinboardBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MarketCore", package: "coinboard"),
                .product(name: "MarketWire", package: "coinboard"),
                .product(name: "MarketSim", package: "coinboard"),
                .product(name: "DashboardUI", package: "coinboard"),
                .product(name: "TerminalKit", package: "coinboard"),
            ],
            path: "Benchmarks/CoinboardBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
