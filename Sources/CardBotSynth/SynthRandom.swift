import Foundation

/// A small, fast, seeded pseudo-random generator (xoshiro256** seeded through SplitMix64).
///
/// The synthesizer never uses the system generator: the same seed gives the same frames
/// on every machine and every run.
public struct SynthRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// Creates a generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        var mix = seed
        s0 = Self.splitMix(&mix)
        s1 = Self.splitMix(&mix)
        s2 = Self.splitMix(&mix)
        s3 = Self.splitMix(&mix)
    }

    /// A seed derived from `seed` and a list of integers (a frame index, a stream name), well mixed.
    public static func derive(_ seed: UInt64, _ parts: UInt64...) -> UInt64 {
        var state = seed
        var value = splitMix(&state)
        for part in parts {
            state = value ^ (part &* 0x9E37_79B9_7F4A_7C15)
            value = splitMix(&state)
        }
        return value
    }

    /// One step of SplitMix64.
    @inline(__always)
    static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits.
    @inline(__always)
    public mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    @inline(__always)
    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A uniform value in [0, 1).
    @inline(__always)
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A uniform value in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A value whose logarithm is uniform in the logarithms of `range` (for sizes and distances).
    public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        precondition(range.lowerBound > 0, "a log-uniform range must be positive")
        return exp(log(range.lowerBound) + (log(range.upperBound) - log(range.lowerBound)) * unit())
    }

    /// A uniform integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool { unit() < probability }

    /// A standard normal value (Box-Muller).
    public mutating func normal() -> Double {
        let u1 = max(unit(), 1e-300)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A value in -1 ... 1 whose sign and size are random.
    public mutating func signed() -> Double { 2 * unit() - 1 }
}
