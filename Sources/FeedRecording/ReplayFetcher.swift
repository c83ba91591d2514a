import ExchangeClient
public import MarketCore
public import MarketRuntime
import MarketWire

/// Answers REST fetches with the responses a recording holds. A listing is required; a
/// resource never fetched while recording (a market not in view then) answers with nothing.
public struct ReplayFetcher: SnapshotFetcher {
    private let source: ReplaySource

    /// A fetcher answering from `source`'s responses.
    public init(_ source: ReplaySource) {
        self.source = source
    }

    public func fetch(_ resource: SnapshotResource) async throws -> FeedMessage {
        try answer(resource)
    }

    /// What the recording answered for `resource`, at once.
    public func answer(_ resource: SnapshotResource) throws(RecordingError) -> FeedMessage {
        var codec = source.dialect.makeCodec()
        var result = FeedMessage(events: [])
        for request in codec.requests(for: resource) {
            guard let body = source.responses[request.pathAndQuery] else {
                if case .markets = resource { throw RecordingError.withoutListing(path: source.path) }
                continue
            }
            result.append(codec.decode(response: body, for: resource))
        }
        return result
    }
}
