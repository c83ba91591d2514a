extension CivilTime {
    /// Parses the compact forms `yyyyMMdd` and `HHmmss` (the legacy ticker's `date`/`time`).
    public init?(compactDate date: some StringProtocol, compactTime time: some StringProtocol) {
        let dateDigits = date.utf8.compactMap(Self.digitValue)
        let timeDigits = time.utf8.compactMap(Self.digitValue)
        guard dateDigits.count == 8, date.utf8.count == 8, timeDigits.count == 6, time.utf8.count == 6 else { return nil }
        func number(_ digits: [Int], _ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        self.init(year: number(dateDigits, 0..<4), month: number(dateDigits, 4..<6), day: number(dateDigits, 6..<8),
                  hour: number(timeDigits, 0..<2), minute: number(timeDigits, 2..<4), second: number(timeDigits, 4..<6))
    }

    /// Parses `yyyy-MM-dd[ T]H:mm[:ss[.ffffff]]`, the form of trade and candle times
    /// (`2021-08-13 15:23:42.911273`, `2026-07-02T08:59:00`, `2024-08-08 7:14:33`).
    /// Hours may lack their leading zero; fractions beyond microseconds are truncated.
    public init?(text: some StringProtocol) {
        var fields: [Int] = []
        var fractionDigits = 0
        var current: Int?
        var separators: [UInt8] = []
        for byte in text.utf8 {
            if let digit = Self.digitValue(byte) {
                if fields.count == 6 {
                    if fractionDigits < 6 {
                        current = (current ?? 0) * 10 + digit
                        fractionDigits += 1
                    }
                    continue
                }
                guard (current ?? 0) < 100_000 else { return nil }
                current = (current ?? 0) * 10 + digit
            } else {
                guard let value = current else { return nil }
                fields.append(value)
                separators.append(byte)
                current = nil
                guard fields.count <= 6 else { return nil }
            }
        }
        if let value = current { fields.append(value) }
        guard fields.count >= 5,
              separators.count >= 4,
              separators[0] == UInt8(ascii: "-"), separators[1] == UInt8(ascii: "-"),
              separators[2] == UInt8(ascii: " ") || separators[2] == UInt8(ascii: "T"),
              separators[3] == UInt8(ascii: ":"),
              separators.count < 5 || separators[4] == UInt8(ascii: ":"),
              separators.count < 6 || separators[5] == UInt8(ascii: ".")
        else { return nil }
        var microsecond = fields.count > 6 ? fields[6] : 0
        if fields.count > 6 {
            for _ in fractionDigits..<6 { microsecond *= 10 }
        }
        self.init(year: fields[0], month: fields[1], day: fields[2], hour: fields[3], minute: fields[4],
                  second: fields.count > 5 ? fields[5] : 0, microsecond: microsecond)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
