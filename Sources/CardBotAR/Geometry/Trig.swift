#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C maths functions under names that do not clash with local variables (`c`, `s`) in the geometry code.

@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func arcTangent(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func tangent(_ x: Double) -> Double { tan(x) }
@inline(__always) func arcCosine(_ x: Double) -> Double { acos(max(-1, min(1, x))) }
