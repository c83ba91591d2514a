import ArgumentParser
import CandleStore
import Foundation
import Settings

/// `coinboard cache`: the candles kept between runs.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "The candles kept between runs: what the store holds, or empty it.",
        discussion: """
            The candle store (--candle-cache, or the candle_cache key, default \
            $XDG_CACHE_HOME/coinboard/candles.sqlite; "off" keeps none) holds the candles charts \
            have fetched, up to candle_cache_max_mb megabytes (default 200).
            """,
        subcommands: [CacheStatsCommand.self, CacheClearCommand.self],
        defaultSubcommand: CacheStatsCommand.self
    )
}

/// `--config` and `--candle-cache`, and the store they name.
struct CacheOptions: ParsableArguments {
    @OptionGroup var files: ConfigOptions
    @OptionGroup var cache: CandleCacheFlag

    /// The store the settings name with the settings, or `nil` when it is off. A damaged file
    /// set aside on the way is one stderr line.
    func store() throws -> (store: CandleStore, settings: ConfigSettings)? {
        let settings = try files.settings(environment: ProcessInfo.processInfo.environment, flags: cache.flags)
        guard let path = CandleCache.path(settings) else { return nil }
        let store = try CandleStore(path: path)
        if let aside = store.setAside { CandleCache.warnOnStandardError("the candle cache was damaged; it was set aside as \(aside)") }
        return (store, settings)
    }
}

/// `coinboard cache stats`.
struct CacheStatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Print what the candle store holds.")

    @OptionGroup var options: CacheOptions

    func run() async throws {
        guard let (store, settings) = try options.store() else {
            print("candle cache: off")
            return
        }
        let stats = try await store.stats()
        print("candle cache: \(store.path)")
        print("candles: \(stats.candles) in \(stats.series) series")
        print("size: \(Self.megabytes(stats.bytes)) MB of \(Self.megabytes(CandleCache.maximumBytes(settings))) MB")
    }

    /// Megabytes to two decimals.
    static func megabytes(_ bytes: Int64) -> String {
        let hundredths = (bytes + 5_000) / 10_000
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100)." + String(repeating: "0", count: 2 - fraction.count) + fraction
    }
}

/// `coinboard cache clear`.
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every candle the store holds.")

    @OptionGroup var options: CacheOptions

    func run() async throws {
        guard let (store, _) = try options.store() else {
            print("candle cache: off; nothing to clear")
            return
        }
        let removed = try await store.stats().candles
        try await store.clear()
        print("candle cache: \(store.path): removed \(removed) candles")
    }
}
