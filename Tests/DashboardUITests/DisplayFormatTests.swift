import MarketCore
import Testing

@testable import DashboardUI

/// Thousands grouped in the whole part only, with the sign and the fraction kept.
@Suite struct DisplayFormatTests {
    @Test(arguments: [
        ("0", "0"), ("7", "7"), ("123", "123"), ("1234", "1,234"), ("123456", "123,456"), ("1234567", "1,234,567"),
        ("-12", "-12"), ("-1234", "-1,234"), ("-123456.789", "-123,456.789"), ("0.0001234", "0.0001234"),
        ("1234.56789", "1,234.56789"), ("99999999999999999999.99", "99,999,999,999,999,999,999.99"),
    ])
    func groupsThousands(text: String, expected: String) {
        #expect(DisplayFormat.grouped(text) == expected)
        #expect(DisplayFormat.price(ExactDecimal(text)!) == expected)
    }

    @Test func quantitiesKeepTheDecimalsTheirSizeDeserves() {
        #expect(DisplayFormat.quantity(ExactDecimal("0.123456")!) == "0.1235")
        #expect(DisplayFormat.quantity(ExactDecimal("1234.5678")!) == "1,234.57")
        #expect(DisplayFormat.quantity(ExactDecimal("3400000.4")!) == "3,400,000")
        #expect(DisplayFormat.quantity(ExactDecimal("-98765.4321")!) == "-98,765.43")
    }
}
