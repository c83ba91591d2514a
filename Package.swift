// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 language mode (the tools default) plus the
/// upcoming features that keep module boundaries explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "coinboard",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "coinboard", targets: ["coinboard"]),
        .library(name: "MarketCore", targets: ["MarketCore"]),
        .library(name: "MarketWire", targets: ["MarketWire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "MarketCore", swiftSettings: strictSettings),
        .target(name: "MarketWire", dependencies: ["MarketCore"], swiftSettings: strictSettings),
        .executableTarget(
            name: "coinboard",
            dependencies: [
                "MarketCore",
                "MarketWire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "MarketCoreTests", dependencies: ["MarketCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "MarketWireTests",
            dependencies: ["MarketWire", "MarketCore"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CoinboardEndToEndTests",
            dependencies: ["coinboard"],
            swiftSettings: strictSettings
        ),
    ]
)
