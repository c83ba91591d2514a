extension Int {
    /// `value` rounded to the nearest integer and clamped to `range`; NaN gives the range's
    /// lower bound. Every `Double` computed from network values (display maths, pacing) becomes
    /// an `Int` through this, since `Int(_:)` traps on NaN, infinities and values past `Int`.
    public init(clampingRounded value: Double, to range: ClosedRange<Int> = Int.min...Int.max) {
        guard !value.isNaN else {
            self = range.lowerBound
            return
        }
        let rounded = value.rounded()
        if rounded <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if rounded >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self = Int(rounded)
        }
    }
}

extension Int64 {
    /// `value` rounded to the nearest integer and clamped to `Int64`'s range; NaN gives 0.
    public init(clampingRounded value: Double) {
        self = value.isNaN ? 0 : Int64(Int(clampingRounded: value))
    }
}
