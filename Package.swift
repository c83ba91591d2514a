// swift-tools-version: 6.1
import PackageDescription

/// Settings every target shares: Swift 6 language mode (the tools default) plus the
/// upcoming features that keep module boundaries explicit.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The simulator and the exact decimals it computes with, optimized in debug builds too:
/// unoptimized, every 128-bit operation goes through the standard library's generic code and
/// a demo exchange takes 15 s to make its past, which every end-to-end test pays.
let optimizedInDebug: [SwiftSetting] = strictSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "coinboard",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "coinboard", targets: ["coinboard"]),
        .library(name: "MarketCore", targets: ["MarketCore"]),
        .library(name: "MarketWire", targets: ["MarketWire"]),
        .library(name: "MarketSim", targets: ["MarketSim"]),
        .library(name: "MarketRuntime", targets: ["MarketRuntime"]),
        .library(name: "ExchangeClient", targets: ["ExchangeClient"]),
        .library(name: "EventLoopExecution", targets: ["EventLoopExecution"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "DashboardUI", targets: ["DashboardUI"]),
        .library(name: "FuzzHarness", targets: ["FuzzHarness"]),
        .library(name: "FeedRecording", targets: ["FeedRecording"]),
        .library(name: "Reports", targets: ["Reports"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(name: "SafeText", swiftSettings: strictSettings),
        .target(name: "MarketCore", dependencies: ["SafeText"], swiftSettings: optimizedInDebug),
        .target(name: "MarketWire", dependencies: ["MarketCore", "SafeText"], swiftSettings: strictSettings),
        .target(name: "MarketSim", dependencies: ["MarketCore"], swiftSettings: optimizedInDebug),
        .target(
            name: "AccountAuth", dependencies: ["MarketWire", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings),
        .target(name: "SystemTime", dependencies: ["MarketCore"], swiftSettings: strictSettings),
        .target(name: "TerminalKit", dependencies: ["SafeText"], swiftSettings: strictSettings),
        .target(name: "DashboardUI", dependencies: ["MarketCore", "TerminalKit", "SafeText"], swiftSettings: strictSettings),
        .target(
            name: "FuzzHarness", dependencies: ["MarketCore", "MarketWire", "TerminalKit", "DashboardUI"],
            swiftSettings: strictSettings),
        .systemLibrary(name: "CNCursesW", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "CTerminalRescue"),
        .target(name: "CursesTerminal", dependencies: ["TerminalKit", "CNCursesW", "CTerminalRescue"], swiftSettings: strictSettings),
        .target(
            name: "MarketRuntime",
            dependencies: ["MarketCore", "SystemTime", "SafeText", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "DashboardRuntime",
            dependencies: [
                "MarketCore", "MarketRuntime", "DashboardUI", "TerminalKit", "SystemTime",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "Persistence", dependencies: ["MarketCore", "SystemTime"], swiftSettings: strictSettings),
        .target(
            name: "CandleStore",
            dependencies: ["MarketCore", "MarketRuntime", "Persistence", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Settings",
            dependencies: [
                "MarketCore", "DashboardUI", "TerminalKit", "Persistence", "AccountAuth", .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "EventLoopExecution",
            dependencies: ["MarketCore", "SystemTime", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ExchangeClient",
            dependencies: [
                "MarketCore",
                "AccountAuth",
                "SystemTime",
                "EventLoopExecution",
                "MarketRuntime",
                "MarketWire",
                "SafeText",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "DemoExchange",
            dependencies: [
                "MarketCore",
                "SystemTime",
                "EventLoopExecution",
                "MarketWire",
                "MarketSim",
                "AccountAuth",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FeedRecording",
            dependencies: ["MarketCore", "MarketWire", "MarketRuntime", "ExchangeClient", "Persistence", "SystemTime"],
            swiftSettings: strictSettings
        ),
        .target(name: "Reports", dependencies: ["MarketCore", "SafeText"], swiftSettings: strictSettings),
        .target(
            name: "FeedPipeline",
            dependencies: [
                "MarketCore",
                "MarketWire",
                "MarketRuntime",
                "ExchangeClient",
                "DemoExchange",
                "MarketSim",
                "FeedRecording",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "coinboard",
            dependencies: [
                "MarketCore",
                "AccountAuth",
                "SystemTime",
                "MarketWire",
                "MarketRuntime",
                "DashboardRuntime",
                "Settings",
                "ExchangeClient",
                "EventLoopExecution",
                "DemoExchange",
                "MarketSim",
                "TerminalKit",
                "DashboardUI",
                "CursesTerminal",
                "Persistence",
                "FeedRecording",
                "FeedPipeline",
                "Reports",
                "SafeText",
                "CandleStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "MarketCoreTests", dependencies: ["MarketCore"], swiftSettings: strictSettings),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "SafeText", "MarketCore"], swiftSettings: strictSettings),
        .testTarget(name: "SafeTextTests", dependencies: ["SafeText"], swiftSettings: strictSettings),
        .testTarget(
            name: "DashboardUITests",
            dependencies: ["DashboardUI", "TerminalKit", "MarketCore"],
            exclude: ["Goldens"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "MarketCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "CandleStoreTests",
            dependencies: ["CandleStore", "MarketCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SettingsTests",
            dependencies: ["Settings", "DashboardRuntime", "MarketCore", "MarketRuntime", "DashboardUI", "TerminalKit", "AccountAuth"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "TestFixtures",
            path: "Tests/TestFixtures",
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .target(
            name: "ExchangeTestSupport",
            dependencies: [
                "DemoExchange",
                "MarketCore",
                "MarketSim",
                "SystemTime",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ExchangeTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AccountAuthTests", dependencies: ["AccountAuth", "MarketWire", "TestFixtures"], swiftSettings: strictSettings),
        .testTarget(
            name: "MarketWireTests",
            dependencies: ["MarketWire", "MarketCore", "TestFixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FuzzHarnessTests",
            dependencies: ["FuzzHarness", "MarketWire", "MarketCore", "TerminalKit", "TestFixtures"],
            resources: [.copy("FuzzRegressions")],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "MarketSimTests", dependencies: ["MarketSim", "MarketCore"], swiftSettings: strictSettings),
        .testTarget(
            name: "FeedPipelineTests",
            dependencies: [
                "FeedPipeline",
                "FeedRecording",
                "ExchangeClient",
                "MarketCore",
                "MarketRuntime",
                "MarketSim",
                "MarketWire",
                "TestFixtures",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DemoExchangeTests",
            dependencies: [
                "DemoExchange",
                "AccountAuth",
                "ExchangeTestSupport",
                "RuntimeTestSupport",
                "TestFixtures",
                "MarketSim",
                "MarketWire",
                "MarketCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "RuntimeTestSupport",
            dependencies: ["MarketRuntime", "MarketCore", "TerminalKit"],
            path: "Tests/RuntimeTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "MarketRuntimeTests",
            dependencies: ["MarketRuntime", "MarketCore", "RuntimeTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DashboardRuntimeTests",
            dependencies: [
                "DashboardRuntime", "MarketRuntime", "MarketCore", "DashboardUI", "TerminalKit", "RuntimeTestSupport", "SystemTime",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EventLoopExecutionTests",
            dependencies: [
                "EventLoopExecution", "MarketCore", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ExchangeClientTests",
            dependencies: [
                "ExchangeClient", "MarketRuntime", "MarketWire", "MarketCore", "RuntimeTestSupport", "TestFixtures",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FeedRecordingTests",
            dependencies: ["FeedRecording", "MarketRuntime", "MarketWire", "MarketCore", "RuntimeTestSupport", "TestFixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReportsTests",
            dependencies: ["Reports", "MarketCore", "TestFixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CoinboardEndToEndTests",
            dependencies: [
                "coinboard",
                "AccountAuth",
                "CandleStore",
                "MarketWire",
                "DemoExchange",
                "ExchangeTestSupport",
                "MarketCore",
                "MarketSim",
                "SystemTime",
                "TestFixtures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
