public import MarketCore
public import MarketRuntime
import Synchronization

/// Book fetches answered in turn from a list (the last answer repeats), counted.
public final class SequencedBookFetcher: SnapshotFetcher {
    let listing: FeedMessage
    let books: [FeedMessage]
    private let served = Mutex(0)

    public init(listing: FeedMessage, books: [FeedMessage]) {
        self.listing = listing
        self.books = books
    }

    public var bookFetches: Int { served.withLock { $0 } }

    public func fetch(_ resource: SnapshotResource) async throws -> FeedMessage {
        switch resource {
        case .markets: return listing
        case .orderBook:
            let index = served.withLock { count in
                count += 1
                return count - 1
            }
            return books[min(index, books.count - 1)]
        default: return FeedMessage(events: [])
        }
    }
}
