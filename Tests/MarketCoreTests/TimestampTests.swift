import MarketCore
import Testing

@Suite struct TimestampTests {
    @Test func epochCountsAreToldApartByDigits() {
        #expect(Timestamp(epochCount: 1_790_133_514_039)?.microseconds == 1_790_133_514_039_000)
        #expect(Timestamp(epochCount: 1_790_133_505_546_514)?.microseconds == 1_790_133_505_546_514)
        #expect(Timestamp(epochCount: 12) == nil)
        #expect(Timestamp(epochCount: -1_790_133_514_039) == nil)
    }

    @Test func kstWallClockIsNineHoursAheadOfUTC() throws {
        let civil = try #require(CivilTime(text: "2021-08-13 15:23:42.911273"))
        let time = Timestamp(civil, in: .kst)
        #expect(time.iso8601 == "2021-08-13T06:23:42.911Z")
        #expect(time.microseconds % 1_000_000 == 911_273)
        let ticker = try #require(CivilTime(compactDate: "20260710", compactTime: "124548"))
        #expect(Timestamp(ticker, in: .kst).iso8601 == "2026-07-10T03:45:48.000Z")
        #expect(Timestamp(try #require(CivilTime(text: "2024-08-08 7:14:33")), in: .kst).iso8601 == "2024-08-07T22:14:33.000Z")
        #expect(Timestamp(try #require(CivilTime(text: "2026-07-02T08:59:00")), in: .utc).milliseconds == 1_782_982_740_000)
    }

    @Test(arguments: [
        "", "2021-13-01 00:00:00", "2021-02-29 00:00", "2021-08-13", "2021/08/13 10:00:00",
        "2021-08-13 25:00:00", "20210813 1300", "abc",
    ])
    func rejectsMalformedWallClockText(text: String) {
        #expect(CivilTime(text: text) == nil)
    }

    @Test func civilTimeRoundTripsOverRandomInstants() {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<10_000 {
            let time = Timestamp(microseconds: Int64.random(in: 0...4_102_444_800_000_000, using: &random))
            for clock in [WallClock.utc, .kst] {
                #expect(Timestamp(time.civilTime(in: clock), in: clock) == time)
            }
        }
    }
}

extension TimestampTests {
    /// The exact form keeps every microsecond and reads back as the same instant; the short
    /// form keeps milliseconds.
    @Test func theExactISO8601FormReadsBackTheSameInstant() {
        let time = Timestamp(microseconds: 1_790_000_000_123_456)
        #expect(time.exactISO8601 == "2026-09-21T14:13:20.123456Z")
        #expect(Timestamp(iso8601: time.exactISO8601) == time)
        #expect(time.iso8601 == "2026-09-21T14:13:20.123Z")
        let early = Timestamp(microseconds: 1_790_000_000_000_001)
        #expect(Timestamp(iso8601: early.exactISO8601) == early)
    }
}
