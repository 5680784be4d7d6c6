/// Where a candidate marker's quad came from, which decides how much its reading must prove.
enum QuadOrigin {
    /// The dark component's own outline is a clean quad: every reading may read it.
    case contour
    /// The outline's convex hull, which the outline follows but for a bite (a highlight): it must read as a code
    /// card, with the stricter rules for hull quads.
    case hull
    /// The convex hull of an outline that runs along only part of it, as a ring that motion blur broke along one side
    /// leaves: only the matching of smeared markers may read it.
    case smearedHull
}
