/// How overlapping or self-intersecting outlines decide what is inside.
public enum FillRule: Sendable, Hashable {
    /// Inside where the outlines wind around the point a non-zero number of times: overlapping shapes unite.
    case nonZero
    /// Inside where a ray from the point crosses the outlines an odd number of times: inner outlines cut holes.
    case evenOdd
}
