/// The few transcendental functions the simulator needs, written out so that a seed gives the
/// same market on every platform (C math libraries differ in their last bits) and so that the
/// module needs nothing beyond the standard library.
enum SimMath {
    private static let ln2 = 0.693_147_180_559_945_3

    /// The natural logarithm of a positive finite `x` (−∞ for zero).
    static func log(_ x: Double) -> Double {
        guard x > 0 else { return -.infinity }
        let exponent = Double(x.exponent)
        let mantissa = x.significand  // in [1, 2)
        let z = (mantissa - 1) / (mantissa + 1)  // |z| < 1/3
        let z2 = z * z
        var term = z
        var sum = 0.0
        var k = 1.0
        while k < 40 {
            sum += term / k
            term *= z2
            k += 2
        }
        return exponent * ln2 + 2 * sum
    }

    /// e raised to `x`, for |x| below about 700.
    static func exp(_ x: Double) -> Double {
        let clamped = min(max(x, -700), 700)
        let k = (clamped / ln2).rounded()
        let r = clamped - k * ln2  // |r| ≤ ln 2 / 2
        var term = 1.0
        var sum = 1.0
        for n in 1...20 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }
}

extension RandomNumberGenerator {
    /// A uniform value in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A standard normal value (Marsaglia's polar method).
    mutating func normal() -> Double {
        while true {
            let u = 2 * unit() - 1
            let v = 2 * unit() - 1
            let s = u * u + v * v
            if s > 0, s < 1 {
                return u * (-2 * SimMath.log(s) / s).squareRoot()
            }
        }
    }

    /// An exponential value with the given mean.
    mutating func exponential(mean: Double) -> Double {
        -mean * SimMath.log(1 - unit())
    }

    /// A log-normal value whose median is `median`.
    mutating func logNormal(median: Double, sigma: Double) -> Double {
        median * SimMath.exp(sigma * normal())
    }

    /// A geometric count ≥ 0: each further step happens with probability `continuation`.
    mutating func geometric(continuation: Double, limit: Int) -> Int {
        var count = 0
        while count < limit, unit() < continuation { count += 1 }
        return count
    }

    /// Whether an event of probability `p` happens.
    mutating func chance(_ p: Double) -> Bool { unit() < p }
}

extension RandomNumberGenerator {
    /// A Poisson count with the given mean (normal approximation above 30).
    mutating func poisson(mean: Double) -> Int {
        guard mean > 0 else { return 0 }
        if mean > 30 {
            return max(0, Int((mean + mean.squareRoot() * normal()).rounded()))
        }
        let limit = SimMath.exp(-mean)
        var product = unit()
        var count = 0
        while product > limit {
            count += 1
            product *= unit()
        }
        return count
    }
}
