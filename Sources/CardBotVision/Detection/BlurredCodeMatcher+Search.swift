import CardBotGeometry
import CardBotImaging

extension BlurredCodeMatcher {
    /// The least correlation from which a fit's corners are searched: the right card at corners a fraction of a
    /// cell off fitted 0.80 to 0.94 before the search and 0.95 to 0.99 after it; from 0.75, non-markers in easy
    /// frames were searched so often that the search took 11% of their time.
    static let searchFloor = 0.85
    /// The least lead (see `Match.lead`) of a fit found by searching the corners. The search lifts every fit,
    /// foreign markers' too: on 1,860 DICT_6X6_250 frames their best rose from 0.92 to 0.94 with leads up to 2.4
    /// (a 640x480 frame, hard, seed 5, frame 33), while searched cards led by 3 to 14.
    static let minimumSearchedLead = 3.0
    /// The most fits one corner search makes before its last round of moves (a round is at most 16 fits).
    static let searchFits = 60

    /// The best fit of a smeared marker with its corners moved, one at a time, to where the best code fits better.
    ///
    /// The border places a smeared marker's sides to a fraction of a cell; where it is off by a quarter of a cell
    /// the right card's fit drops below acceptance. A compass search from `corners`: each corner is tried a step
    /// up, down, left and right, any move that raises the best correlation is kept, and the step is halved when
    /// none does, from a quarter of a cell (at least half a pixel) down to a quarter of a pixel; each fit keeps the
    /// smear's direction that `start` chose, which halves its cost. No corner strays
    /// more than 0.6 of a cell from where the border put it, and no new round of moves starts after `searchFits`
    /// fits. Returns the best fit, its corners and the fits made.
    mutating func searchCorners(
        from start: Match, corners placed: [ImagePoint], sampler: GraySampler, blur: MotionBlurEstimate
    ) -> (match: Match, corners: [ImagePoint], fits: Int) {
        var best = start
        var corners = placed
        let cell = Quad(placed).meanSide / Double(gridSize + 2)
        let reach = 0.6 * cell
        var step = max(0.5, 0.25 * cell)
        var fits = 0
        while step >= 0.25, fits < Self.searchFits {
            var improved = false
            for i in 0..<4 {
                for (dx, dy) in [(step, 0.0), (-step, 0), (0, step), (0, -step)] {
                    var candidate = corners
                    candidate[i].x += dx
                    candidate[i].y += dy
                    guard candidate[i].distance(to: placed[i]) <= reach,
                        let homography = Homography(unitSquareOnto: candidate[0], candidate[1], candidate[2], candidate[3])
                    else { continue }
                    fits += 1
                    if let fit = match(homography, sampler: sampler, blur: blur, downSign: start.downSign),
                        fit.correlation > best.correlation
                    {
                        best = fit
                        corners = candidate
                        improved = true
                    }
                }
            }
            if !improved { step /= 2 }
        }
        // The fits kept the smear's direction of the first; the one returned is judged, as every fit the detector
        // accepts, against both directions' other codes.
        if corners != placed, let homography = Homography(
            unitSquareOnto: corners[0], corners[1], corners[2], corners[3]),
            let both = match(homography, sampler: sampler, blur: blur)
        {
            best = both
        }
        return (best, corners, fits)
    }
}
