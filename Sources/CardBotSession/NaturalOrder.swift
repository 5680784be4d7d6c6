/// Orders file names as people do: `frame2` before `frame10`, case-insensitively, digits compared as numbers.
public enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.lowercased().unicodeScalars)
        let right = Array(rhs.lowercased().unicodeScalars)
        var i = 0
        var j = 0
        var zerosTieBreak: Bool? = nil
        while i < left.count && j < right.count {
            let a = left[i]
            let b = right[j]
            if isDigit(a) && isDigit(b) {
                let startI = i
                let startJ = j
                while i < left.count && isDigit(left[i]) { i += 1 }
                while j < right.count && isDigit(right[j]) { j += 1 }
                let numberA = trimmedDigits(left[startI..<i])
                let numberB = trimmedDigits(right[startJ..<j])
                if numberA.count != numberB.count { return numberA.count < numberB.count }
                if numberA != numberB { return numberA.lexicographicallyPrecedes(numberB) { $0.value < $1.value } }
                // Equal numbers: the rest decides; fewer leading zeros first only breaks a full tie.
                if zerosTieBreak == nil && i - startI != j - startJ { zerosTieBreak = i - startI < j - startJ }
                continue
            }
            if a != b { return a.value < b.value }
            i += 1
            j += 1
        }
        if left.count - i != right.count - j { return left.count - i < right.count - j }
        if let zerosTieBreak { return zerosTieBreak }
        return lhs < rhs
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

    private static func trimmedDigits(_ digits: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        let trimmed = digits.drop { $0 == "0" }
        return trimmed.isEmpty ? digits.suffix(1) : trimmed
    }
}
