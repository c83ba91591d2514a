// swift-tools-version: 6.1
import PackageDescription

/// coinboard's fuzz targets (libFuzzer), in their own package so that `swift test` never builds
/// them with coverage instrumentation. `scripts/fuzz.sh [seconds]` builds and runs every target:
/// one per dialect, each driving bytes through decode → `MarketState.apply` → every screen
/// (the `FuzzHarness` library of the main package).
let package = Package(
    name: "coinboard-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "coinboard", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "CoinboardFuzz",
            dependencies: [
                .product(name: "FuzzHarness", package: "coinboard"),
                .product(name: "MarketWire", package: "coinboard"),
            ]
        ),
    ]
)
