import CardBotGeometry
import CardBotImaging

/// Finds the cards of a deck in grayscale frames.
///
/// The pipeline: an adaptive threshold (following the local brightness and the frame's noise) and connected
/// components of the dark pixels (one pass over the rows), on the frame (a large one binned 2x2) and again on a
/// half-resolution copy; the outer contour of every component of a plausible size; a quad fit that rejects
/// anything that is not a clean convex quadrilateral; sub-pixel corners from the gray-level edges of the frame
/// itself; the cells read through the perspective; a match against every card in all four rotations within the
/// deck's error budget; and removal of duplicate and nested finds.
///
/// A detector keeps its buffers from frame to frame, so it is cheap to call again and again but must not be
/// shared between threads: give each worker its own.
public final class MarkerDetector {
    /// The deck whose cards are looked for.
    public let deck: Deck
    /// The settings in use.
    public let options: DetectorOptions
    /// The deck's markers' cells across, their border ring included.
    let cellsAcross: Int

    private let components = DarkComponents()
    private let half = HalfResolution()
    private let binned = HalfResolution()
    /// A region of the frame copied for a search of the frame itself (`searchRetries`).
    let region = ScratchBuffer<UInt8>(capacity: 1 << 14)
    /// The boxes, in the frame's pixels, of the small shapes the search of the binned copy did not read.
    var retries: [(minX: Int, minY: Int, maxX: Int, maxY: Int)] = []
    private let hullFitter = HullQuadFitter()
    private let contourX = ScratchBuffer<Int32>(capacity: 4096)
    private let contourY = ScratchBuffer<Int32>(capacity: 4096)
    let book: CodeBook
    var reader: CellReader
    private var pictures: PictureBook?
    private var blurMatcher: BlurredCodeMatcher
    var softFocus: SoftFocusFit
    /// The noise (sigma in gray levels) of what the first pass searched: the frame, or its binned copy.
    private(set) var frameNoise = 0.0
    /// Whether the last frame's first pass searched its binned copy rather than the frame itself.
    private(set) var searchedBinnedCopy = false
    /// Smeared candidates of the last frame left unread because their matching or their corner search would have
    /// overrun `DetectorOptions.smearMatchingBudget` or `DetectorOptions.cornerSearchBudget`.
    public private(set) var skippedSearches = 0
    /// Candidates of the current frame that no cell reading took, for the matching of smeared markers.
    private var pendingSmears: [PendingSmear] = []
    /// Smeared candidates of the current frame whose fit needs their corners searched (`readBlurred`).
    private var pendingSearches: [PendingSearch] = []

    /// A candidate for the matching of smeared markers, read once both passes are done.
    private struct PendingSmear {
        /// The refined corners, clockwise.
        var corners: [ImagePoint]
        /// How far its brightest inner cell lies above its border ring (`CellReader.innerRise`), in gray levels.
        var innerRise: Double
        /// Whether a fit may have its corners searched (not for `QuadOrigin.smearedHull`).
        var searchCorners: Bool
        /// The order in which the passes found it.
        var order: Int
    }

    /// A smeared candidate whose corners are to be searched once the frame's other candidates are read.
    private struct PendingSearch {
        /// The fit on the corners the border placed.
        var match: BlurredCodeMatcher.Match
        /// The smear and those corners.
        var blur: MotionBlurEstimate
    }

    /// Creates a detector for `deck`.
    public init(deck: Deck, options: DetectorOptions = DetectorOptions()) {
        self.deck = deck
        self.options = options
        self.book = CodeBook(deck: deck)
        self.cellsAcross = deck.gridSize.map { $0 + 2 } ?? Int((1 / MarkerPicture.borderFraction).rounded())
        self.reader = CellReader(
            gridSize: deck.gridSize ?? 4, minimumContrast: options.minimumContrast,
            borderErrorRate: options.borderErrorRate)
        self.pictures = PictureBook(deck: deck, minimumContrast: options.minimumContrast)
        self.blurMatcher = BlurredCodeMatcher(book: book)
        self.softFocus = SoftFocusFit(gridSize: book.gridSize)
    }

    /// Every card of the deck visible in `image`, in no particular order.
    public func detect(_ image: GrayImage) -> [Detection] {
        guard image.width >= 8, image.height >= 8 else {
            skippedSearches = 0
            return []
        }
        return image.pixels.withUnsafeBufferPointer { pixels in
            detect(pixels.baseAddress!, width: image.width, height: image.height)
        }
    }

    private func detect(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int) -> [Detection] {
        skippedSearches = 0
        pendingSmears.removeAll(keepingCapacity: true)
        pendingSearches.removeAll(keepingCapacity: true)
        retries.removeAll(keepingCapacity: true)
        let sampler = GraySampler(pixels: pixels, width: width, height: height)
        var found: [Detection] = []
        // A large frame is searched on its copy binned 2x2, as a frame of half its size would be
        // (`DetectorOptions.binnedSearchSide`); the markers found are refined and read on the frame itself.
        var searched = pixels, searchedWidth = width, searchedHeight = height
        var placement = Placement(scale: 1, firstPass: true)
        if options.binnedSearchSide > 0, min(width, height) >= options.binnedSearchSide {
            binned.make(binning: pixels, width: width, height: height)
            searched = UnsafePointer(binned.pixels.base)
            (searchedWidth, searchedHeight) = (binned.width, binned.height)
            placement = Placement(scale: 2, firstPass: true, retriesSmall: true)
        }
        let scale = placement.scale
        searchedBinnedCopy = scale > 1
        // The same window in pixels in both passes, so twice as wide on the table at half resolution: wider than
        // the black border of the large markers the half-resolution pass is for (a window inside a thick black
        // border sees no light to compare with).
        let window = options.window(width: searchedWidth, height: searchedHeight)
        search(
            searched, width: searchedWidth, height: searchedHeight, placement: placement, window: window,
            minimumSide: options.minimumSide * Double(scale), sampler: sampler, into: &found)
        // Again at half that resolution for markers of at least 16 of its pixels that noise or motion blur frayed;
        // skipped where a marker was already found.
        if options.halfResolutionPass, searchedWidth >= 64, searchedHeight >= 64 {
            // The first search's thresholding has just summed the 2x2 cells of what it searched.
            half.make(fromCellSums: components.cellSums, width: searchedWidth, height: searchedHeight)
            search(
                UnsafePointer(half.pixels.base), width: half.width, height: half.height,
                placement: Placement(scale: 2 * scale, firstPass: false), window: window,
                minimumSide: max(options.minimumSide, 16) * Double(scale), sampler: sampler, into: &found)
        }
        searchRetries(pixels, width: width, height: height, sampler: sampler, into: &found)
        readPendingSmears(sampler: sampler, into: &found)
        searchPendingCorners(sampler: sampler, into: &found)
        return Self.suppressDuplicates(found)
    }

    /// Reads the candidates the passes left for the matching of smeared markers (`readBlurred`), those with the most
    /// light inside first, at most `DetectorOptions.smearMatchingBudget` of them; the rest are counted in
    /// `skippedSearches`. A candidate whose centre lies in a card already found is not read.
    ///
    /// In the 9,160 smeared frames of the benchmark's motion blur (both sizes and decks) and of the smeared cluttered
    /// sets (`clutter_bench.py --motion-blur`, seeds 31 to 61), the median frame left 1 to 6 such candidates by set,
    /// and one 177 (a gingham cloth). Of the 1,967 the matching read as cards and the 6,400 whose fit was good enough
    /// for a corner search, none ranked below 16th in its frame by light inside (`CellReader.innerRise`); in the
    /// passes' order, 125 did.
    private func readPendingSmears(sampler: GraySampler, into found: inout [Detection]) {
        guard !pendingSmears.isEmpty else { return }
        pendingSmears.sort { $0.innerRise != $1.innerRise ? $0.innerRise > $1.innerRise : $0.order < $1.order }
        var read = 0
        for pending in pendingSmears {
            let center = Quad(pending.corners).center
            if found.contains(where: { $0.quad.contains(center) }) { continue }
            guard read < options.smearMatchingBudget else {
                skippedSearches += 1
                continue
            }
            read += 1
            let corners = pending.corners
            guard
                let homography = Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3]),
                let (match, placed) = readBlurred(
                    homography, sampler: sampler, cellsAcross: cellsAcross, searchCorners: pending.searchCorners)
            else { continue }
            found.append(blurredDetection(match, corners: placed))
        }
    }

    /// Searches the corners of the smeared candidates the passes left (`readBlurred`), best plain fit first, at most
    /// `DetectorOptions.cornerSearchBudget` of them; the rest are counted in `skippedSearches`. A candidate whose
    /// centre lies in a card already found, or in the outline of a shape already searched (the same smeared shape
    /// seen by both passes), is not searched: on `640x480-32-smear/plain-0419.jpg` (seed 32), where OpenCV takes 2.3
    /// ms, each of two shapes was searched twice and the frame took 9.5 ms, 6.0 ms once each, the same cards read on
    /// every benchmark and cluttered set.
    ///
    /// A search costs up to 76 fits of the smear matching (about 3 ms at 1280x720), and the passes leave one such
    /// candidate for every smeared square of a frame that fits a card at `BlurredCodeMatcher.searchFloor` or more:
    /// in 1,000 smeared cluttered frames (`clutter_bench.py`, seed 31) up to 7 in a frame (`floral-0950.jpg`, 446
    /// fits, no card read by them), which took 28.7 ms where OpenCV took 7.9; with four searches, 22.7 ms, and 17.3 ms
    /// with each fit in one smear direction (`BlurredCodeMatcher.searchCorners`). Best fit first, four searches a
    /// frame lose no card on smeared seeds 31 and 32 (5,610 cards read), three lose 3 and two 7; in the components'
    /// order, a budget of 240 fits lost 1 and 120 fits 22.
    private func searchPendingCorners(sampler: GraySampler, into found: inout [Detection]) {
        guard !pendingSearches.isEmpty else { return }
        pendingSearches.sort { $0.match.correlation > $1.match.correlation }
        var searched: [Quad] = []
        for pending in pendingSearches {
            let outline = Quad(pending.blur.corners)
            let center = outline.center
            if found.contains(where: { $0.quad.contains(center) }) { continue }
            // The same smeared shape seen by both passes is searched once.
            if searched.contains(where: { $0.contains(center) }) { continue }
            guard searched.count < options.cornerSearchBudget else {
                skippedSearches += 1
                continue
            }
            searched.append(outline)
            let (match, corners, _) = blurMatcher.searchCorners(
                from: pending.match, corners: pending.blur.corners, sampler: sampler, blur: pending.blur)
            guard match.isClear(minimumContrast: options.minimumContrast),
                match.lead >= BlurredCodeMatcher.minimumSearchedLead
            else { continue }
            found.append(blurredDetection(match, corners: corners))
        }
        pendingSearches.removeAll(keepingCapacity: true)
    }

    /// Where the pixels a search thresholds lie in the frame.
    struct Placement {
        /// Each pixel covers `scale` x `scale` of the frame's.
        var scale: Int
        /// Whether this is the first search of the frame (its noise is then measured, `thresholdOffset`).
        var firstPass: Bool
        /// Whether the small shapes it does not read are kept for a search of the frame itself (`searchRetries`).
        var retriesSmall = false
        /// The frame's pixel where the searched pixels begin (a region of the frame, at scale 1).
        var originX = 0
        var originY = 0

        /// A point of the searched pixels in the frame's coordinates.
        func frame(_ point: ImagePoint) -> ImagePoint {
            let full = scale > 1 ? HalfResolution.full(point, scale: scale) : point
            return ImagePoint(x: full.x + Double(originX), y: full.y + Double(originY))
        }
    }

    /// What became of one dark component.
    private enum Outcome {
        case read(Detection)
        /// It lies in a card already found.
        case known
        /// Its contour, of a marker's size, gave no quad, or a quad that no reading took.
        case unread
        case failed
    }

    /// Thresholds `pixels` (the frame, its binned or half-resolution copy, or a region of the frame, as `placement`
    /// says), fits quads to the dark components' outlines and reads them on the frame through `sampler`. The
    /// threshold's offset is `offset` if given, else `thresholdOffset`'s.
    func search(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, placement: Placement, window: Int,
        offset: Int? = nil, minimumSide: Double, sampler: GraySampler, into found: inout [Detection]
    ) {
        let scale = placement.scale
        let offset = offset ?? thresholdOffset(pixels, width: width, height: height, firstPass: placement.firstPass)
        components.label(pixels, width: width, height: height, window: window, offset: offset, share: options.shareIn64ths)
        let binary = UnsafePointer(components.binary.base)
        let stride = components.stride
        let sideHere = minimumSide / Double(scale)
        let smallest = Int32(max(3, Int(sideHere * 0.7)))
        let hullSide = max(sideHere, Double(HullQuadFitter.minimumCellSide * cellsAcross / scale))
        let alreadyFound = found.count
        let frameWidth = Double(sampler.width)
        // Every search but the first of the frame looks only where no card was found yet.
        let moved = !placement.firstPass || scale > 1
        let retriedBelow = Int32(Self.retriedSide / scale)

        func examine(_ component: DarkComponents.Component) -> Outcome {
            let boxWidth = component.maxX - component.minX + 1
            let boxHeight = component.maxY - component.minY + 1
            // Cheap rejections first: size, frame edge, too few pixels to be a border ring.
            guard boxWidth >= smallest, boxHeight >= smallest,
                Double(max(boxWidth, boxHeight)) >= sideHere * 1.3,
                component.minX >= 1, component.minY >= 1,
                component.maxX <= Int32(width - 2), component.maxY <= Int32(height - 2),
                component.area >= boxWidth + boxHeight
            else { return .failed }
            let maximumLength = 4 * Int(boxWidth + boxHeight) + 16
            guard
                ContourTracer.trace(
                    binary: binary, stride: stride, x: component.startX, y: component.startY,
                    maximumLength: maximumLength, xs: contourX, ys: contourY)
            else { return .failed }
            var quad = QuadFitter.fit(xs: contourX.base, ys: contourY.base, count: contourX.count, minimumSide: sideHere)
            // A contour that is no clean quad may be a marker a highlight bit into: its convex hull, if that is a
            // quad with at most a corner cut off.
            var origin = QuadOrigin.contour
            if quad == nil, Double(min(boxWidth, boxHeight)) >= 0.7 * hullSide,
                let fit = hullFitter.fit(
                    xs: contourX.base, ys: contourY.base, count: contourX.count, minimumSide: hullSide)
            {
                quad = fit.corners
                origin = fit.followsOutline ? .hull : .smearedHull
            }
            guard var rough = quad else { return .unread }
            if moved {
                rough = rough.map(placement.frame)
                // A contour runs through the centres of the outermost dark pixels, half a pixel inside the edge: on a
                // binned copy, a whole pixel of the frame. The corner refiner expects the frame's half pixel.
                if placement.firstPass { rough = Self.grown(rough, by: 0.5 * Double(scale - 1)) }
                let center = Quad(rough).center
                if found[0..<alreadyFound].contains(where: { $0.quad.contains(center) }) { return .known }
            }
            guard Self.isPlausible(rough, minimumSide: minimumSide),
                CellReader.innerRise(of: rough, sampler: sampler, cellsAcross: cellsAcross) >= options.minimumContrast
            else { return .unread }
            var corners = CornerRefiner.refine(rough, sampler: sampler, cellsAcross: cellsAcross)
            // Across a side that motion blur smeared the gray level climbs evenly, so the steepest step the refiner
            // looks for lies anywhere on the ramp: it can bend a quad that was right out of shape. Keep the rough
            // corners then, if they have a marker's shape.
            if !Self.isNearParallelogram(corners, frameWidth: frameWidth) {
                guard Self.isNearParallelogram(rough, frameWidth: frameWidth) else { return .unread }
                corners = rough
            }
            guard let detection = read(corners, sampler: sampler, cellsAcross: cellsAcross, origin: origin) else {
                return .unread
            }
            return .read(detection)
        }

        let list = components.components
        for index in 0..<list.count {
            let component = list[index]
            switch examine(component) {
            case .read(let detection): found.append(detection)
            case .known, .failed: break
            case .unread:
                // A small shape, a few pixels across: perhaps a small marker the copy blurred. (An unread shape is
                // away from the edge: `examine` fails those.)
                guard placement.retriesSmall else { break }
                let side = max(component.maxX - component.minX, component.maxY - component.minY) + 1
                guard side >= 3, side < retriedBelow,
                    Self.range(around: component, pixels, width: width, height: height)
                        >= Self.retriedRangeFactor * options.minimumContrast
                else { break }
                retries.append(
                    (Int(component.minX) * scale, Int(component.minY) * scale, Int(component.maxX) * scale + scale - 1,
                     Int(component.maxY) * scale + scale - 1))
            }
        }
    }

    /// The threshold's offset for a search, in gray levels, rising with the noise.
    ///
    /// The offset is 1.2 times the noise, so that noise alone rarely makes a light pixel dark. The noise is that of
    /// what the first pass searches (the frame, or its binned copy; kept as `frameNoise`), and on the
    /// half-resolution copy the copy's own, at most half the first's.
    ///
    /// The copy averages four pixels and then nine, so its noise is a fraction of the frame's; but `NoiseEstimate`
    /// measures the differences of light pixels, and where the light pixels are mostly a smear's ramps (cards smeared
    /// by a moving camera, their paper a small share of the frame) it measures the ramps, more so on the copy, where
    /// a ramp is half as long. In the 40 frames of the benchmark's 640x480 motion blur the copy's estimate reached
    /// 26.6 (an offset of 32 gray levels) where the frame's was 18.8 and the sensor's at most 4: the black border
    /// rings of 39 to 61 px markers fell apart at that offset, and with the bound the set's recall rose from 80.2% to
    /// 85.8%. `NoiseEstimate` now leaves the smear's slopes out itself (86.8% with both; 86.3% with that alone), so
    /// the bound is mostly a saving: the copy is not measured when half the frame's noise already gives the least
    /// offset, as on most frames.
    private func thresholdOffset(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, firstPass: Bool) -> Int {
        func offset(_ noise: Double) -> Int { max(options.thresholdOffset, Int((1.2 * noise).rounded())) }
        if firstPass {
            frameNoise = NoiseEstimate.sigma(pixels, width: width, height: height)
            return offset(frameNoise)
        }
        let bound = frameNoise / 2
        if offset(bound) == options.thresholdOffset { return options.thresholdOffset }
        return offset(min(bound, NoiseEstimate.sigma(pixels, width: width, height: height)))
    }

    /// The card whose marker has outer corners `corners` (clockwise), or nil. A quad from a convex hull must read as
    /// a code card, cell by cell or by the matching of a smeared marker (whose outline a long smear also notches, so
    /// that only its hull is a quad), and one whose outline the contour only partly follows (`.smearedHull`) by that
    /// matching alone; picture cards need a clean quad.
    private func read(_ corners: [ImagePoint], sampler: GraySampler, cellsAcross: Int, origin: QuadOrigin)
        -> Detection?
    {
        switch origin {
        case .smearedHull:
            // The matching alone; it works from the cell means and the homography that a reading leaves.
            guard !book.isEmpty, reader.measure(corners, sampler: sampler) else { return nil }
        case .contour, .hull:
            if !book.isEmpty,
                let (reading, match) = readCode(
                    corners, sampler: sampler, cellsAcross: cellsAcross, hullQuad: origin == .hull)
            {
                let card = deck.cards[match.card]
                let quad = Self.upright(corners, quarterTurns: match.quarterTurns)
                let certainty = 0.5 + 0.5 * min(1, reading.weakestMargin / 0.5)
                let agreement = 1 - 0.5 * Double(match.distance) / Double(book.errorBudget + 1)
                return Detection(
                    marker: card.marker, name: card.name, quad: quad, rotation: Self.rotation(of: quad),
                    confidence: (certainty * agreement * 1000).rounded() / 1000, correctedCells: match.distance)
            }
            if origin == .contour, pictures != nil, let match = pictures!.match(corners, sampler: sampler) {
                let card = deck.cards[match.card]
                let quad = Self.upright(corners, quarterTurns: match.quarterTurns)
                // 0.5 at the least accepted correlation, 1 for a perfect one, less for a narrow lead.
                let strength = (match.correlation - Double(PictureBook.minimumCorrelation))
                    / (1 - Double(PictureBook.minimumCorrelation))
                let lead = min(1, match.margin / 0.3)
                let confidence = 0.5 + 0.5 * max(0, min(1, strength)) * (0.5 + 0.5 * lead)
                return Detection(
                    marker: card.marker, name: card.name, quad: quad, rotation: Self.rotation(of: quad),
                    confidence: (confidence * 1000).rounded() / 1000, correctedCells: 0)
            }
        }
        // A quad with no light inside on its refined corners is no marker, however it is smeared. The others wait for
        // the matching of smeared markers until both passes are done (`readPendingSmears`).
        guard !book.isEmpty, reader.homography != nil else { return nil }
        let rise = reader.innerRise
        if rise >= options.minimumContrast {
            pendingSmears.append(
                PendingSmear(
                    corners: corners, innerRise: rise, searchCorners: origin != .smearedHull, order: pendingSmears.count))
        }
        return nil
    }

    /// The card the matching of smeared markers read at `corners` (clockwise, as placed on the blurred sides).
    private func blurredDetection(_ match: BlurredCodeMatcher.Match, corners: [ImagePoint]) -> Detection {
        let card = deck.cards[match.card]
        let quad = Self.upright(corners, quarterTurns: match.quarterTurns)
        // 0.5 at the least accepted fit and lead, towards 1 for a perfect fit far ahead of the rest.
        let fit = (match.correlation - BlurredCodeMatcher.minimumCorrelation)
            / (1 - BlurredCodeMatcher.minimumCorrelation)
        let lead = min(1, match.lead / (4 * BlurredCodeMatcher.minimumLead))
        let confidence = 0.5 + 0.5 * max(0, min(1, fit)) * (0.5 + 0.5 * lead)
        return Detection(
            marker: card.marker, name: card.name, quad: quad, rotation: Self.rotation(of: quad),
            confidence: (confidence * 1000).rounded() / 1000, correctedCells: 0)
    }

    /// A marker that motion blur smeared past reading cell by cell (two cells and more on small markers), read by
    /// matching (`BlurredCodeMatcher`): the smear and the sides measured on the border, every card's pattern
    /// blurred alike and compared with the samples. Only for smears of at least three quarters of a cell, and only
    /// a clear winner (`BlurredCodeMatcher.Match.isClear`); a fit that needed the corners searched
    /// (`BlurredCodeMatcher.searchCorners`) is left for `searchPendingCorners`, which searches after both passes under
    /// the frame's budget. Returns the match and the corners placed on the blurred sides. Without `searchCorners`
    /// only a clear winner on the corners the border placed: the hulls of smeared rings (`QuadOrigin.smearedHull`)
    /// are many in a smeared frame (54 in the 40 frames of the benchmark's 640x480 motion blur), and searching their
    /// corners made one frame 4x slower than before.
    private func readBlurred(_ homography: Homography, sampler: GraySampler, cellsAcross: Int, searchCorners: Bool)
        -> (BlurredCodeMatcher.Match, [ImagePoint])?
    {
        guard
            let blur = MotionBlurEstimate.settle(
                homography, sampler: sampler, cellsAcross: cellsAcross, minimumStep: options.minimumContrast,
                minimumSmear: 0.75),
            max(blur.across, blur.down) >= 0.75,
            let placed = Homography(unitSquareOnto: blur.corners[0], blur.corners[1], blur.corners[2], blur.corners[3]),
            let match = blurMatcher.match(placed, sampler: sampler, blur: blur)
        else { return nil }
        if match.isClear(minimumContrast: options.minimumContrast) { return (match, blur.corners) }
        guard searchCorners else { return nil }
        // Corners the border placed a fraction of a cell off blur the fit: search them against the pattern, and
        // then ask for a wider lead (a search also lifts foreign markers' fits). Searches wait for the frame's
        // other candidates (`searchPendingCorners`).
        guard match.correlation >= BlurredCodeMatcher.searchFloor else { return nil }
        pendingSearches.append(PendingSearch(match: match, blur: blur))
        return nil
    }

    /// Whether the cells of a reading are the cells of a real marker of the deck's grid.
    ///
    /// A foreign marker with a finer grid (another dictionary's, on the same table) can read within the error
    /// budget of a card; its cells are then "mixed" (their samples straddle its own cell edges). A reading that
    /// needed a corrected cell may have at most one mixed cell; an exact reading may have more only when blur
    /// explains them: every mixed cell has a neighbour of the other colour (motion blur smears a cell only into
    /// its neighbours), or the cells are so thin (under 8 px across the marker's narrowest way, as in a steep
    /// view) that lens blur alone mixes them; but then no more than one mixed cell among alike neighbours, and
    /// every cell at least a quarter of the contrast from the threshold (two small DICT_6X6_250 markers in blurred
    /// frames read as cards with two such cells, or one and a cell at an eighth). An exact reading with mixed cells
    /// may also have at most 5 inner cells whose samples spread over more than the whole contrast.
    static func gridFits(_ reading: CellReader.Reading, corrected: Int, corners: [ImagePoint], cellsAcross: Int) -> Bool {
        if reading.mixedCells <= 1 { return true }
        if corrected > 0 { return false }
        // Blur spreads a real cell's samples over at most the contrast of the cells in all but a few cells (at
        // most 4 of 16 in 580 blurred readings of real markers with mixed cells); a DICT_6X6_250 marker under
        // motion blur at 640x480 read as card 8 with 8 such cells, its finer cells' edges inside the 4x4 cells.
        if reading.wideCells > 5 { return false }
        if reading.unexplainedMixedCells == 0 { return true }
        // A mixed cell among neighbours of its own colour is what a finer foreign grid leaves: even where cells are
        // thin, at most one, and only in a reading sure of every cell.
        guard reading.unexplainedMixedCells <= 1, reading.weakestMargin >= 0.25 else { return false }
        return narrowestCell(corners, cellsAcross: cellsAcross) < 8
    }

    /// The corners in the card's upright order, given the clockwise quarter turns of its upright marker.
    @inline(__always)
    private static func upright(_ corners: [ImagePoint], quarterTurns turns: Int) -> Quad {
        Quad(
            topLeft: corners[turns], topRight: corners[(turns + 1) % 4],
            bottomRight: corners[(turns + 2) % 4], bottomLeft: corners[(turns + 3) % 4])
    }

    /// The least length of a marker's longest side, in pixels: 10 px is 1.7 px a cell of a 4x4 code, the least
    /// at which cells are read from their own pixels. Smaller dark blobs with a hole, such as an "o" or a "D" of a
    /// card's title seen from afar or steeply, match a ring-like code (marker 17) by chance.
    static let minimumLongestSide = 10.0

    /// Sides long enough, not too unequal, corners not too sharp: a camera tilted 78 degrees from the table's
    /// normal still passes (its markers' sides differ up to about 7 to 1), while slivers and needles do not.
    ///
    /// Corners may be as sharp as 14 degrees. Towards the far edge of a wide lens a steep view is steeper than the
    /// camera's tilt: of the 864 markers in the benchmark's `steep` sets (seeds 1 and 2, both decks), the sharpest
    /// was 17.6 degrees, and the quad fitted to its contour (through the centres of its outermost pixels, half a
    /// pixel inside) 16 degrees, which the earlier limit of 18 refused (`DetectorSteepViewTests`).
    static func isPlausible(_ corners: [ImagePoint], minimumSide: Double) -> Bool {
        var shortest = Double.infinity, longest = 0.0
        for i in 0..<4 {
            let length = corners[i].distance(to: corners[(i + 1) % 4])
            shortest = min(shortest, length)
            longest = max(longest, length)
        }
        guard shortest >= minimumSide, shortest >= 0.14 * longest, longest >= Self.minimumLongestSide else { return false }
        for i in 0..<4 {
            let a = corners[(i + 3) % 4] - corners[i], b = corners[(i + 1) % 4] - corners[i]
            let cosine = (a.x * b.x + a.y * b.y) / (a.length * b.length)
            // Interior angles between about 14 and 166 degrees.
            if abs(cosine) > 0.970 { return false }
        }
        return true
    }

    /// The quad `corners` with each side moved out by `margin` pixels, away from its centre: each corner where its
    /// two sides' moved lines cross (left where they are parallel).
    static func grown(_ corners: [ImagePoint], by margin: Double) -> [ImagePoint] {
        let center = Quad(corners).center
        let lines = (0..<4).map { i -> CornerRefiner.Line in
            let a = corners[i]
            var line = CornerRefiner.Line(through: a, corners[(i + 1) % 4])
            var normal = ImagePoint(x: line.direction.y, y: -line.direction.x)
            if normal.x * (a.x - center.x) + normal.y * (a.y - center.y) < 0 { normal = normal * -1 }
            line.point = a + normal * margin
            return line
        }
        return (0..<4).map { lines[($0 + 3) % 4].intersection(with: lines[$0]) ?? corners[$0] }
    }

    /// Whether the quad's diagonals cross near their midpoints, as a square's do in any view a camera can have of
    /// it at its size. Perspective moves the crossing away from the midpoints by at most about s² / W pixels for a
    /// marker s pixels across in a frame W pixels wide (measured over lenses up to 90 degrees across and tables
    /// tilted up to 80 degrees); 1.5 px more is left for corners found on blurred, noisy edges. So a large marker
    /// seen steeply passes, while a small blob that only roughly has four corners, such as a bold letter in a card's
    /// title (a "D" that a ring-like 4x4 code would otherwise match), does not.
    static func isNearParallelogram(_ corners: [ImagePoint], frameWidth: Double) -> Bool {
        var size = 0.0
        for i in 0..<4 { size = max(size, corners[i].distance(to: corners[(i + 1) % 4])) }
        let first = ImagePoint(x: (corners[0].x + corners[2].x) / 2, y: (corners[0].y + corners[2].y) / 2)
        let second = ImagePoint(x: (corners[1].x + corners[3].x) / 2, y: (corners[1].y + corners[3].y) / 2)
        return first.distance(to: second) <= 1.5 + 1.5 * size * size / frameWidth
    }

    /// The marker's turn in the image, to the nearest quarter turn, clockwise.
    static func rotation(of quad: Quad) -> Int {
        let up = quad.up
        if abs(up.y) >= abs(up.x) { return up.y < 0 ? 0 : 180 }
        return up.x > 0 ? 90 : 270
    }

    /// Keeps one detection where several overlap: the outer one when nested (the inner is part of its pattern),
    /// else the one with fewer corrected cells.
    static func suppressDuplicates(_ detections: [Detection]) -> [Detection] {
        guard detections.count > 1 else { return detections }
        let ordered = detections.sorted { a, b in
            if a.correctedCells != b.correctedCells { return a.correctedCells < b.correctedCells }
            return a.quad.area > b.quad.area
        }
        var kept: [Detection] = []
        for candidate in ordered {
            let overlaps = kept.contains { other in
                other.quad.contains(candidate.quad.center) || candidate.quad.contains(other.quad.center)
            }
            if !overlaps { kept.append(candidate) }
        }
        return kept
    }
}
