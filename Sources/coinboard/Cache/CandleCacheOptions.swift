import ArgumentParser
import CandleStore
import Foundation
import MarketRuntime
import Settings

/// `--candle-cache PATH|off`, over the configuration's `candle_cache` key.
struct CandleCacheFlag: ParsableArguments {
    @Option(
        name: .customLong("candle-cache"),
        help: "The candle store's file, or off to keep no candles between runs (default: $XDG_CACHE_HOME/coinboard/candles.sqlite).")
    var candleCache: String?

    /// What the flag sets, as settings to put over the files'.
    var flags: ConfigSettings {
        var flags = ConfigSettings()
        flags.candleCache = candleCache.map { $0 == "off" ? .off : .file($0) }
        return flags
    }
}

/// The candle store the settings choose.
enum CandleCache {
    /// The megabytes the store keeps unless `candle_cache_max_mb` says otherwise.
    static let defaultMaximumMB = 200

    /// The store's path the settings choose, or `nil` when it is off.
    static func path(_ settings: ConfigSettings) -> String? {
        switch settings.candleCache {
        case .off: nil
        case .file(let path): path
        case nil: CandleStore.defaultPath(environment: ProcessInfo.processInfo.environment)
        }
    }

    /// The most bytes the store keeps.
    static func maximumBytes(_ settings: ConfigSettings) -> Int64 {
        Int64(settings.candleCacheMaxMB ?? defaultMaximumMB) * 1_000_000
    }

    /// The store a run keeps candles in, trimmed to its limit, or `nil` when it is off or cannot
    /// be had — then `warn` says why, once, and charts work from memory. A damaged file set
    /// aside is said the same way.
    static func open(_ settings: ConfigSettings, warn: (String) -> Void) async -> CandleStore? {
        guard let path = path(settings) else { return nil }
        do {
            let store = try CandleStore(path: path)
            if let aside = store.setAside { warn("the candle cache was damaged; it was set aside as \(aside)") }
            try await store.trim(toBytes: maximumBytes(settings))
            return store
        } catch {
            warn("candle cache off, charts from memory: \(error)")
            return nil
        }
    }

    /// The archive factory a pipeline takes for `store`.
    static func archives(in store: CandleStore?) -> (@Sendable (String) -> any CandleArchive)? {
        guard let store else { return nil }
        return { source in StoreCandleArchive(store: store, source: source) }
    }

    /// One line on stderr, as the command's other warnings.
    static func warnOnStandardError(_ text: String) {
        FileHandle.standardError.write(Data("coinboard: \(text)\n".utf8))
    }
}
