import Foundation
public import MarketCore

/// The holdings as a JSON file (``HoldingsContents`` describes it), with the watchlist's
/// guarantees: written atomically under a lock on its folder, another instance's entries merged
/// in by id, a corrupt file set aside as `holdings.json.corrupt-<time>` and never overwritten, a
/// symbolic link kept, a FIFO or device refused.
public struct HoldingsFile: HoldingsRepository {
    /// The file's path.
    public let path: String

    /// Creates a repository at a path.
    public init(path: String) {
        self.path = path
    }

    /// `$XDG_CONFIG_HOME/coinboard/holdings.json`, or `~/.config/coinboard/holdings.json` when
    /// `XDG_CONFIG_HOME` is unset or empty.
    public static func defaultPath(environment: [String: String]) -> String {
        ConfigFolder.path(environment: environment) + "/holdings.json"
    }

    private var file: SharedDocumentFile<HoldingsContents> { SharedDocumentFile(path: path) }

    public func load() async throws -> HoldingsLoad {
        let reading = try await file.load()
        return HoldingsLoad(holdings: reading.document ?? .empty, notice: reading.notice)
    }

    public func save(_ holdings: Holdings, base: Holdings) async throws -> HoldingsLoad {
        let reading = try await file.save(holdings, base: base)
        return HoldingsLoad(holdings: reading.document ?? holdings, notice: reading.notice)
    }
}
