import Testing

@testable import ExchangeClient

/// Endpoint URLs split into what a connection needs, and the ones it cannot use refused.
@Suite struct EndpointURLTests {
    @Test(
        arguments: [
            ("wss://ws-api.bithumb.com/websocket/v1", "wss", "ws-api.bithumb.com", nil, "/websocket/v1"),
            ("WS://127.0.0.1:8080/pub/ws?x=1#part", "ws", "127.0.0.1", 8080, "/pub/ws?x=1"),
            ("ws://[::1]:9000", "ws", "::1", 9000, "/"),
            ("ws://localhost?stream=a", "ws", "localhost", nil, "/?stream=a"),
        ] as [(String, String, String, Int?, String)])
    func aURLIsSplitIntoSchemeHostPortAndTarget(url: String, scheme: String, host: String, port: Int?, target: String) throws {
        let parts = try #require(EndpointURL(url))
        #expect(parts.scheme == scheme && parts.host == host && parts.port == port && parts.target == target)
    }

    @Test(arguments: [
        "ws-api.bithumb.com/websocket/v1", "ws://", "ws://:80/", "ws://user@host/", "ws://host:0/", "ws://host:65536/",
        "ws://host:port/", "ws://[::1/", "ws://[::1]x/",
    ])
    func aURLItCannotUseIsRefused(url: String) {
        #expect(EndpointURL(url) == nil)
    }

    @Test func anAddressIsToldFromAName() throws {
        #expect(try #require(EndpointURL("ws://127.0.0.1/")).hostIsAddress)
        #expect(try #require(EndpointURL("ws://[::1]/")).hostIsAddress)
        #expect(try !#require(EndpointURL("wss://api.upbit.com/")).hostIsAddress)
    }
}
