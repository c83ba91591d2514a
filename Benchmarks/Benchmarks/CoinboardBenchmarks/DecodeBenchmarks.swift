import Benchmark
import Foundation
import MarketWire

/// One real frame of each kind, per dialect: decoding alone into one reused result, with the
/// codec's buffers warm (so a frame allocates nothing),
/// and beside it Foundation's `JSONDecoder` on the same frames in the same run (the baseline
/// the decoder's speed is stated against).
func decodeBenchmarks() {
    let cases: [(Dialect, String, [[UInt8]])] = [
        (.bithumb, "ticker", Fixtures.frames("bithumb-v2-ws-ticker-default-docexample-1.jsonl")),
        (.bithumb, "orderbook", [Fixtures.frame("bithumb-v2-ws-orderbook-snapshot-1.json")]),
        (.bithumb, "trade", [Fixtures.frame("bithumb-v2-ws-trade-1.json")]),
        (.bithumbLegacy, "ticker", [Fixtures.frame("bithumb-legacy-ws-ticker-1.json")]),
        (.bithumbLegacy, "orderbookdepth", [Fixtures.frame("bithumb-legacy-ws-orderbookdepth-1.json")]),
        (.bithumbLegacy, "transaction", [Fixtures.frame("bithumb-legacy-ws-transaction-1.json")]),
        (.upbit, "ticker", Fixtures.frames("upbit-ws-ticker-1.jsonl")),
        (.upbit, "orderbook", [Fixtures.frame("upbit-ws-orderbook-snapshot-1.json")]),
        (.upbit, "trade", [Fixtures.frame("upbit-ws-trade-2022-1.json")]),
    ]
    for (dialect, kind, frames) in cases {
        Benchmark("decode \(dialect.rawValue) \(kind)") { benchmark in
            var codec = dialect.makeCodec()
            var decoded = DecodedMessages()
            for index in benchmark.scaledIterations {
                frames[index % frames.count].withUnsafeBytes { codec.decode(frame: $0, into: &decoded) }
                blackHole(decoded.events.count)
            }
        }
        let data = frames.map { Data($0) }
        Benchmark("JSONDecoder \(dialect.rawValue) \(kind)") { benchmark in
            let baseline = JSONDecoderBaseline(dialect: dialect)
            for index in benchmark.scaledIterations {
                blackHole(baseline.decode(data[index % data.count]))
            }
        }
    }
}
