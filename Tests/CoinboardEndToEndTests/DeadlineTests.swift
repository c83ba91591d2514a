import Foundation
import Glibc
import Testing

extension TimedEndToEndTests {
    /// Servers that stall: every wait has a deadline, and a feed that only answers heartbeats
    /// is never taken for live data.
    @Suite(.serialized) struct DeadlineTests {
        /// A loopback port that accepts connections (the kernel completes them) but never reads
        /// or answers; closed when `body` ends.
        static func withSilentListener<Result>(_ body: (Int) async throws -> Result) async throws -> Result {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(listener >= 0)
            defer { close(listener) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
            }
            try #require(bound == 0 && listen(listener, 16) == 0)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
            }
            return try await body(Int(UInt16(bigEndian: address.sin_port)))
        }

        @Test func aServerThatAcceptsAndNeverSpeaksFailsWithinTheHandshakeDeadline() async throws {
            try await Self.withSilentListener { port in
                let started = ContinuousClock.now
                let outcome = try await CoinboardProcess.run([
                    "snapshot", "--ws-url", "ws://127.0.0.1:\(port)/websocket/v1", "--rest-url", "http://127.0.0.1:\(port)",
                    "--connect-timeout", "1", "--wait", "3", "--duration", "3",
                ])
                let elapsed = ContinuousClock.now - started
                #expect(outcome.status == 1)
                #expect(outcome.standardError.split(separator: "\n").count == 1)
                #expect(outcome.standardError.hasPrefix("coinboard: nothing could be fetched from ws://127.0.0.1:\(port)/websocket/v1: "))
                #expect(
                    outcome.standardError.contains("the WebSocket handshake with ws://127.0.0.1:\(port)/websocket/v1 took longer than 1.0 seconds"),
                    "\(outcome.standardError)")
                #expect(elapsed < .seconds(30), "the --wait of 3 s bounds it, not the silent server")
            }
        }

        @Test func aRESTBodyTrickledAByteASecondMeetsItsDeadline() async throws {
            var replay = ReplayExchange(bodies: FaultTests.listing, frames: [], ending: .silence)
            replay.trickled = ["/v1/market/all"]
            try await replay.serve { port in
                let started = ContinuousClock.now
                let outcome = try await CoinboardProcess.run(
                    ["snapshot"] + FaultTests.replayArguments(port) + [
                        "--request-timeout", "2", "--wait", "4", "--duration", "3",
                    ])
                let elapsed = ContinuousClock.now - started
                #expect(outcome.status == 1)
                #expect(outcome.standardError.contains("GET /v1/market/all took longer than 2.0 seconds"), "\(outcome.standardError)")
                #expect(elapsed < .seconds(40), "the listing's body alone would take minutes")
            }
        }

        /// A redirect is never followed (it could lead from https:// to plaintext): the request
        /// fails, named with its status.
        @Test func aRedirectIsNotFollowed() async throws {
            var replay = ReplayExchange(bodies: FaultTests.listing, frames: [], ending: .silence)
            replay.redirects = ["/v1/market/all": "http://127.0.0.1:9/v1/market/all"]
            try await replay.serve { port in
                let outcome = try await CoinboardProcess.run(
                    ["snapshot"] + FaultTests.replayArguments(port) + [
                        "--wait", "3", "--duration", "3",
                    ])
                #expect(outcome.status == 1)
                #expect(outcome.standardError.contains("HTTP 302 for /v1/market/all"), "\(outcome.standardError)")
            }
        }

        /// A server that answers `PING` with `UP` and sends no market data: the feed is counted
        /// but never live, and reads `stale` once the silence window has passed.
        @Test func heartbeatsWithoutMarketDataReadStale() async throws {
            let replay = ReplayExchange(bodies: FaultTests.listing, frames: [], ending: .answerPings)
            let log = NSTemporaryDirectory() + "coinboard-up-only-\(UUID().uuidString).log"
            defer { try? FileManager.default.removeItem(atPath: log) }
            try await replay.serve { port in
                let output = try await SnapshotOutput.capture(
                    FaultTests.replayArguments(port) + [
                        "--markets", "BTC", "--keepalive", "2", "--wait", "0", "--duration", "4", "--log-file", log,
                    ])
                #expect(["stale", "reconnecting"].contains(output.connection.state), "\(output.connection)")
                #expect(output.connection.messages >= 1, "the UP answers are counted")
                let logged = try String(contentsOfFile: log, encoding: .utf8)
                #expect(logged.contains("connection stale"))
                #expect(!logged.contains("data flowing") && !logged.contains("reconnected"))
            }
        }
    }
}
