import MarketCore
import MarketRuntime
import Testing

/// The connection lifecycle on readings the test chooses: each state change, flapping, resync
/// after a loss, and readings that go back.
@Suite struct ConnectionLifecycleTests {
    typealias Action = ConnectionLifecycle.Action

    /// Keepalive 10 s (stale after 10 s of silence, dropped after 15 s), healthy after 30 s,
    /// `failed` after 3 losses in a row, backoff from 1 s doubling to 60 s.
    let configuration = FeedConfiguration(
        keepaliveInterval: .seconds(10),
        backoff: Backoff(initial: .seconds(1), maximum: .seconds(60)),
        failedAfterAttempts: 3, healthyAfter: .seconds(30))

    /// A lifecycle and a reading the test moves.
    struct Driver {
        var lifecycle: ConnectionLifecycle
        var now = MonotonicInstant(sinceOrigin: .seconds(100))

        mutating func send(_ event: ConnectionLifecycle.Event, after step: Duration = .zero) -> [Action] {
            now = now.advanced(by: step)
            return lifecycle.handle(event, at: now)
        }

        /// Ticks once a second for `duration` and gathers what the ticks said.
        mutating func tick(for duration: Duration) -> [Action] {
            var actions: [Action] = []
            var passed = Duration.zero
            while passed < duration {
                actions += send(.tick, after: .seconds(1))
                passed += .seconds(1)
            }
            return actions
        }
    }

    func driver() -> Driver { Driver(lifecycle: ConnectionLifecycle(configuration: configuration, seed: 7)) }

    static func delay(in actions: [Action]) -> Duration? {
        for case .reconnect(let delay) in actions { return delay }
        return nil
    }

    @Test func aConnectionBeginsASessionAndOnlyMarketDataMakesItLive() {
        var feed = driver()
        #expect(feed.send(.marketData).isEmpty, "no data counts before a connection")
        #expect(feed.send(.connected) == [.beginSession])
        #expect(feed.lifecycle.state == .connecting)
        #expect(feed.send(.marketData, after: .milliseconds(300)) == [.live(.first)])
        #expect(feed.lifecycle.state == .live)
        #expect(feed.send(.marketData).isEmpty, "already live")
    }

    @Test func silenceMakesItStaleThenDropsItAndDataBringsItBack() {
        var feed = driver()
        _ = feed.send(.connected)
        _ = feed.send(.marketData)
        #expect(!feed.tick(for: .seconds(9)).contains { if case .stale = $0 { true } else { false } })
        #expect(feed.tick(for: .seconds(1)).contains(.stale(silence: .seconds(10))))
        #expect(feed.lifecycle.state == .stale)
        #expect(feed.send(.marketData) == [.live(.afterSilence)])
        #expect(feed.lifecycle.reconnects == 0)
        let silent = feed.tick(for: .seconds(15))
        #expect(silent.contains(.stale(silence: .seconds(10))))
        #expect(silent.last == .dropConnection(silence: .seconds(15)))
    }

    @Test func aConnectionWithoutAnyDataGoesStaleToo() {
        var feed = driver()
        _ = feed.send(.connected)
        #expect(feed.tick(for: .seconds(10)).contains(.stale(silence: .seconds(10))))
    }

    @Test func keepalivesGoOutEveryInterval() {
        var feed = driver()
        _ = feed.send(.connected)
        var keepalives = 0
        for _ in 0..<30 {
            _ = feed.send(.marketData, after: .milliseconds(500))
            keepalives += feed.send(.tick, after: .milliseconds(500)).filter { $0 == .sendKeepalive }.count
        }
        #expect(keepalives == 3, "30 s of ticks, one keepalive each 10 s")
    }

    @Test func aLossWaitsTheBackoffAndReadsFailedAfterSeveralInARow() {
        var feed = driver()
        let first = Self.delay(in: feed.send(.lost))
        #expect(first.map { $0 >= .milliseconds(500) && $0 <= .seconds(1) } == true)
        #expect(feed.lifecycle.state == .reconnecting)
        _ = feed.send(.lost)
        let third = Self.delay(in: feed.send(.lost))
        #expect(third.map { $0 >= .seconds(2) && $0 <= .seconds(4) } == true)
        #expect(feed.lifecycle.state == .failed)
        #expect(feed.lifecycle.failuresInARow == 3)
    }

    /// A server that accepts, sends a frame and drops: every loss waits longer, since a
    /// session live for less than `healthyAfter` forgets nothing.
    @Test func aFlappingServerMeetsAGrowingBackoff() {
        var feed = driver()
        var delays: [Duration] = []
        for _ in 0..<6 {
            _ = feed.send(.connected)
            _ = feed.send(.marketData, after: .milliseconds(10))
            _ = feed.tick(for: .seconds(2))
            delays.append(Self.delay(in: feed.send(.lost)) ?? .zero)
        }
        #expect(delays.last.map { $0 >= .seconds(16) } == true, "the sixth waits at least half of 1 s doubled five times: \(delays)")
        #expect(feed.lifecycle.failuresInARow == 6)
    }

    /// A session live for `healthyAfter` forgets the failures before it: the next loss waits
    /// the first delay again.
    @Test func aHealthySessionForgetsEarlierFailures() {
        var feed = driver()
        for _ in 0..<4 { _ = feed.send(.lost) }
        _ = feed.send(.connected)
        _ = feed.send(.marketData)
        var forgotten = false
        for _ in 0..<30 {
            _ = feed.send(.marketData, after: .milliseconds(500))
            forgotten = forgotten || feed.send(.tick, after: .milliseconds(500)).contains(.forgetFailures)
        }
        #expect(forgotten)
        #expect(feed.lifecycle.failuresInARow == 0)
        #expect(Self.delay(in: feed.send(.lost)).map { $0 <= .seconds(1) } == true)
    }

    /// After a loss the next connection begins a new session (the books are resynced) and its
    /// first market data counts as a reconnect.
    @Test func aReconnectBeginsANewSessionAndIsCounted() {
        var feed = driver()
        _ = feed.send(.connected)
        _ = feed.send(.marketData)
        _ = feed.send(.lost)
        #expect(feed.tick(for: .seconds(30)).isEmpty, "no session, no timers")
        #expect(feed.send(.marketData).isEmpty, "nothing counts between sessions")
        #expect(feed.send(.connected) == [.beginSession])
        #expect(feed.lifecycle.state == .reconnecting)
        #expect(feed.send(.marketData) == [.live(.afterReconnect)])
        #expect(feed.lifecycle.reconnects == 1)
    }

    /// Silence counts from the connection, not from data of an earlier session.
    @Test func silenceCountsFromTheNewConnection() {
        var feed = driver()
        _ = feed.send(.connected)
        _ = feed.send(.marketData)
        _ = feed.send(.lost, after: .seconds(12))
        _ = feed.send(.connected, after: .seconds(5))
        #expect(feed.tick(for: .seconds(9)).isEmpty)
        #expect(feed.tick(for: .seconds(1)) == [.sendKeepalive, .stale(silence: .seconds(10))])
    }

    /// A reading an hour earlier than the one before counts as no time: the timers neither
    /// freeze for the hour nor fire at once, and go on counting from the step.
    @Test func aReadingSteppedBackAnHourFreezesNothing() {
        var feed = driver()
        _ = feed.send(.connected)
        _ = feed.send(.marketData)
        _ = feed.tick(for: .seconds(5))
        #expect(feed.send(.tick, after: .seconds(-3600)).isEmpty)
        #expect(feed.tick(for: .seconds(4)).isEmpty)
        #expect(feed.tick(for: .seconds(1)) == [.sendKeepalive, .stale(silence: .seconds(10))])
        #expect(
            feed.send(.tick, after: .seconds(7200)).last == .dropConnection(silence: .seconds(7210)),
            "a step forward is time that passed")
    }

    /// With `renewAfter` (an exchange that closes connections after a set time), a connection
    /// that old is renewed once: made again at once, not a failure, and live again on new data.
    @Test func anOldConnectionIsRenewedAtOnceAndNotAsAFailure() {
        var renewing = configuration
        renewing.keepaliveInterval = .seconds(600)
        renewing.healthyAfter = .seconds(600)
        renewing.renewAfter = .seconds(60)
        var feed = Driver(lifecycle: ConnectionLifecycle(configuration: renewing, seed: 7))
        _ = feed.send(.lost)
        #expect(feed.lifecycle.failuresInARow == 1)
        _ = feed.send(.connected)
        _ = feed.send(.marketData)
        #expect(!feed.tick(for: .seconds(59)).contains(.renewConnection))
        #expect(feed.tick(for: .seconds(1)) == [.renewConnection])
        #expect(!feed.tick(for: .seconds(30)).contains(.renewConnection), "asked for once")
        #expect(feed.send(.renewed) == [.reconnect(after: .zero)])
        #expect(feed.lifecycle.state == .connecting)
        #expect(feed.lifecycle.failuresInARow == 1, "neither a failure nor a healthy session")
        #expect(feed.tick(for: .seconds(120)).isEmpty, "no session, nothing to renew")
        _ = feed.send(.connected)
        #expect(feed.send(.marketData) == [.live(.afterReconnect)])
        #expect(feed.tick(for: .seconds(60)).contains(.renewConnection), "the new connection is renewed in its turn")
    }

    @Test func withoutALifetimeAConnectionIsNeverRenewed() {
        var quiet = configuration
        quiet.keepaliveInterval = .seconds(3600)
        var feed = Driver(lifecycle: ConnectionLifecycle(configuration: quiet, seed: 7))
        _ = feed.send(.connected)
        _ = feed.send(.marketData)
        #expect(!feed.tick(for: .seconds(3000)).contains(.renewConnection))
        #expect(quiet.renewing(before: nil).renewAfter == nil)
        #expect(quiet.renewing(before: .seconds(24 * 3600)).renewAfter == .seconds(24 * 3600 - 600))
    }
}
