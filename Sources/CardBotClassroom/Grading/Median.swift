/// The median of a list of counts.
public enum Median {
    /// The middle value of `values` once sorted; the mean of the two middle values for an even count; nil when empty.
    public static func of(_ values: [Int]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return Double(sorted[middle]) }
        return Double(sorted[middle - 1] + sorted[middle]) / 2
    }
}
