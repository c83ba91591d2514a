import MarketCore

/// Reading the listing: the first one starts the stream, later ones resubscribe on a change.
extension FeedSession {
    /// The listing a session starts with: refused or without a market in the quote followed,
    /// the session ends;
    /// otherwise the feed is subscribed and the markets in view bootstrapped.
    mutating func firstListing(_ message: FeedMessage) -> [Action] {
        switch readListing(message) {
        case .failure(let error):
            return [.end(error)]
        case .success(var actions):
            phase = .streaming
            actions += [.subscribe(subscription), .sendKeepalive]
            for market in configuration.focus { actions += bootstrap(market) }
            return actions
        }
    }

    /// The listing read again on the signal beat: a change is subscribed to on the same
    /// connection; a failure is reported and the session goes on.
    mutating func listingAgain(_ message: FeedMessage) -> [Action] {
        let before = listing
        switch readListing(message) {
        case .failure(let error):
            return report("could not read the listing again: \(error)")
        case .success(let actions):
            return listing == before ? actions : actions + [.subscribe(subscription)]
        }
    }

    /// Takes a listing (cut at the limit, which is reported) and keeps in view only the
    /// markets it lists.
    private mutating func readListing(_ message: FeedMessage) -> Result<[Action], MarketRuntimeError> {
        if let refusal = Self.refusal(in: message) { return .failure(refusal) }
        var markets: [Market] = []
        for case .markets(let listed) in message.events { markets = listed.removingRepeats(by: \.code) }
        let quote = configuration.quote
        guard markets.contains(where: { $0.code.quote == quote }) else { return .failure(.noMarkets(quote: quote)) }
        var actions: [Action] = []
        if markets.count > configuration.listingLimit {
            actions += report("the listing holds \(markets.count) markets; following the first \(configuration.listingLimit)")
            markets = Array(markets.prefix(configuration.listingLimit))
        }
        listing = markets
        configuration.focus = configuration.focus.filter { focus in markets.contains { $0.code == focus } }
        return .success(actions + [.publish([.markets(markets)], status, requestedAt: nil)])
    }

    mutating func signalsFailed(_ resource: SnapshotResource, _ problem: String) -> [Action] {
        report("could not read the \(resource == .warnings ? "alert" : "deposit/withdrawal") list: \(problem)")
    }

    /// The refusal a REST answer holds: nothing decoded and an error.
    static func refusal(in message: FeedMessage) -> MarketRuntimeError? {
        guard message.events.isEmpty, let problem = message.decodeErrors.first else { return nil }
        return .rejected(problem)
    }
}
