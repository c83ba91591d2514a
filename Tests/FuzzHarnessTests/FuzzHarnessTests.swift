import Foundation
import FuzzHarness
import MarketCore
import MarketWire
import TerminalKit
import TestFixtures
import Testing

/// The fuzz targets' path (`scripts/fuzz.sh`): every input a fuzzer ever crashed is kept in
/// `FuzzRegressions/` and must now pass through every dialect at every size; the real fixtures
/// (the fuzzers' seeds) draw real screens.
@Suite struct FuzzHarnessTests {
    static var regressions: [String] {
        get throws {
            let folder = try #require(Bundle.module.url(forResource: "FuzzRegressions", withExtension: nil))
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        }
    }

    static func regression(_ name: String) throws -> [UInt8] {
        let folder = try #require(Bundle.module.url(forResource: "FuzzRegressions", withExtension: nil))
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test func everyInputAFuzzerCrashedNowPassesEveryDialectAndSize() async throws {
        let names = try Self.regressions
        #expect(!names.isEmpty)
        for name in names {
            let bytes = try Self.regression(name)
            for dialect in Dialect.allCases {
                for size in FuzzHarness.sizes {
                    for variant in 0..<CandleInterval.allCases.count {
                        let screens = bytes.withUnsafeBytes { FuzzHarness.run($0, dialect: dialect, size: size, variant: variant) }
                        #expect(screens.count == 17, "\(name)")
                    }
                }
            }
        }
    }

    @Test(arguments: Dialect.allCases)
    func theSeedFixturesDrawRealScreens(dialect: Dialect) throws {
        let prefix =
            switch dialect {
            case .bithumb: "bithumb-v2-"
            case .bithumbLegacy: "bithumb-legacy-"
            case .upbit: "upbit-"
            case .binance: "binance-"
            }
        var decodedEvents = 0
        var comparisons = 0
        for name in try Fixture.all() where name.hasPrefix(prefix) && !name.hasSuffix(".jsonl") {
            let bytes = try Fixture.json(name)
            decodedEvents += bytes.withUnsafeBytes { FuzzHarness.decode($0, dialect: dialect) }.events.count
            let screens = bytes.withUnsafeBytes { FuzzHarness.run($0, dialect: dialect, size: FuzzHarness.sizes[1]) }
            #expect(screens.allSatisfy { $0.size == FuzzHarness.sizes[1] })
            if screens[11].lines.joined().contains("거래소 비교") { comparisons += 1 }
        }
        #expect(decodedEvents > 5)
        #expect(comparisons > 0, "the comparison tab is drawn")
    }
}
