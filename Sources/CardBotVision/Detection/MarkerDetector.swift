import CardBotGeometry
import CardBotImaging

/// Finds the cards of a deck in grayscale frames.
///
/// The pipeline: an adaptive threshold (following the local brightness and the frame's noise) and connected
/// components of the dark pixels (one pass over the rows), on the frame and again on a half-resolution copy;
/// the outer contour of every component of a plausible size; a quad fit that rejects anything that is not a
/// clean convex quadrilateral; sub-pixel corners from the gray-level edges; the cells read through the
/// perspective; a match against every card in all four rotations within the deck's error budget; and removal
/// of duplicate and nested finds.
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
    private let hullFitter = HullQuadFitter()
    private let contourX = ScratchBuffer<Int32>(capacity: 4096)
    private let contourY = ScratchBuffer<Int32>(capacity: 4096)
    private let book: CodeBook
    private var reader: CellReader
    private var pictures: PictureBook?
    private var blurMatcher: BlurredCodeMatcher
    private var softFocus: SoftFocusFit
    /// The frame's noise (sigma in gray levels), from the full-resolution pass.
    private(set) var frameNoise = 0.0
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
        let sampler = GraySampler(pixels: pixels, width: width, height: height)
        var found: [Detection] = []
        search(pixels, width: width, height: height, scale: 1, minimumSide: options.minimumSide, sampler: sampler,
               into: &found)
        // Again at half resolution for markers of at least 16 pixels that noise or motion blur frayed at full
        // resolution; skipped where a marker was already found.
        if options.halfResolutionPass, width >= 64, height >= 64 {
            // The full-resolution search's thresholding has just summed the frame's 2x2 cells.
            half.make(fromCellSums: components.cellSums, width: width, height: height)
            search(
                UnsafePointer(half.pixels.base), width: half.width, height: half.height, scale: 2,
                minimumSide: max(options.minimumSide, 16), sampler: sampler, into: &found)
        }
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

    /// Thresholds `pixels` (the frame, or its half-resolution copy when `scale` is 2), fits quads to the dark
    /// components' outlines and reads them on the full-resolution frame through `sampler`.
    private func search(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, scale: Int, minimumSide: Double, sampler: GraySampler,
        into found: inout [Detection]
    ) {
        // The same window in pixels at both scales, so twice as wide on the table at half resolution: wider than
        // the black border of the large markers the half-resolution pass is for (a window inside a thick black
        // border sees no light to compare with).
        let window = options.window(width: width * scale, height: height * scale)
        let offset = thresholdOffset(pixels, width: width, height: height, scale: scale)
        components.label(pixels, width: width, height: height, window: window, offset: offset, share: options.shareIn64ths)
        let binary = UnsafePointer(components.binary.base)
        let stride = components.stride
        let sideHere = minimumSide / Double(scale)
        let smallest = Int32(max(3, Int(sideHere * 0.7)))
        let hullSide = max(sideHere, Double(HullQuadFitter.minimumCellSide * cellsAcross / scale))
        let alreadyFound = found.count
        let frameWidth = Double(width * scale)
        let list = components.components
        for index in 0..<list.count {
            let component = list[index]
            let boxWidth = component.maxX - component.minX + 1
            let boxHeight = component.maxY - component.minY + 1
            // Cheap rejections first: size, frame edge, too few pixels to be a border ring.
            guard boxWidth >= smallest, boxHeight >= smallest,
                Double(max(boxWidth, boxHeight)) >= sideHere * 1.3,
                component.minX >= 1, component.minY >= 1,
                component.maxX <= Int32(width - 2), component.maxY <= Int32(height - 2),
                component.area >= boxWidth + boxHeight
            else { continue }
            let maximumLength = 4 * Int(boxWidth + boxHeight) + 16
            guard
                ContourTracer.trace(
                    binary: binary, stride: stride, x: component.startX, y: component.startY,
                    maximumLength: maximumLength, xs: contourX, ys: contourY)
            else { continue }
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
            guard var rough = quad else { continue }
            if scale == 2 {
                rough = rough.map(HalfResolution.full)
                let center = Quad(rough).center
                if found[0..<alreadyFound].contains(where: { $0.quad.contains(center) }) { continue }
            }
            guard Self.isPlausible(rough, minimumSide: minimumSide),
                CellReader.innerRise(of: rough, sampler: sampler, cellsAcross: cellsAcross) >= options.minimumContrast
            else { continue }
            var corners = CornerRefiner.refine(rough, sampler: sampler, cellsAcross: cellsAcross)
            // Across a side that motion blur smeared the gray level climbs evenly, so the steepest step the refiner
            // looks for lies anywhere on the ramp: it can bend a quad that was right out of shape. Keep the rough
            // corners then, if they have a marker's shape.
            if !Self.isNearParallelogram(corners, frameWidth: frameWidth) {
                guard Self.isNearParallelogram(rough, frameWidth: frameWidth) else { continue }
                corners = rough
            }
            if let detection = read(corners, sampler: sampler, cellsAcross: cellsAcross, origin: origin) {
                found.append(detection)
            }
        }
    }

    /// The threshold's offset for a search, in gray levels, rising with the noise.
    ///
    /// The offset is 1.2 times the noise, so that noise alone rarely makes a light pixel dark. The noise is the
    /// frame's (kept as `frameNoise`), and on the half-resolution copy the copy's own, at most half the frame's.
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
    private func thresholdOffset(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, scale: Int) -> Int {
        func offset(_ noise: Double) -> Int { max(options.thresholdOffset, Int((1.2 * noise).rounded())) }
        if scale == 1 {
            frameNoise = NoiseEstimate.sigma(pixels, width: width, height: height)
            return offset(frameNoise)
        }
        let bound = frameNoise / 2
        if offset(bound) == options.thresholdOffset { return options.thresholdOffset }
        return offset(min(bound, NoiseEstimate.sigma(pixels, width: width, height: height)))
    }

    /// The code card read from the cells: against one black-white threshold for the whole marker, else (light
    /// changing across the marker) against each cell's local black and white with unsure cells erased.
    ///
    /// A quad from a contour's convex hull (`hullQuad`) is a weaker find: blobs inside a marker that motion blur
    /// smeared have such hulls too. Its local reading must then be clean (see `hullLocalReadingFits`). Weak readings
    /// (a hull's, sharpened cells, or many mixed cells) must also look like a card (`looksLikeACard`); one that does
    /// not is no card however else its cells are read. A local reading of a clean quad must too, by a lower
    /// correlation (`leastLitPictureCorrelation`): the picture is lit evenly and the marker is not.
    private func readCode(_ corners: [ImagePoint], sampler: GraySampler, cellsAcross: Int, hullQuad: Bool)
        -> (CellReader.Reading, CodeBook.Match)?
    {
        let global = reader.read(corners, sampler: sampler)
        if let global, let match = book.match(global.bits),
            Self.gridFits(global, corrected: match.distance, corners: corners, cellsAcross: cellsAcross),
            !hullQuad || hullRingFits(global, sampler: sampler)
                && hullQuietZoneFits(contrast: global.contrast, sampler: sampler)
        {
            if hullQuad || global.mixedCells >= Self.leastMixedForPictureCheck {
                return looksLikeACard(code: book.code(of: match), sampler: sampler) ? (global, match) : nil
            }
            return (global, match)
        }
        let cellSide = Self.cellSide(corners, cellsAcross: cellsAcross)
        // A small marker in soft focus: its cells sharpened against their neighbours, a weaker find that must match a
        // code exactly, and only on a clean quad (a hull's light patch sharpened reads as card 17 as easily).
        if !hullQuad, cellSide >= Self.leastSharpenedCell,
            let sharp = reader.readSharpened(), Self.sharpenedReadingFits(sharp, cellsAcross: cellsAcross),
            let match = book.match(sharp.bits), match.distance == 0,
            Self.gridFits(sharp, corrected: match.distance, corners: corners, cellsAcross: cellsAcross),
            cellSide < Self.leastUnsmearedSharpenedCell || !isSmeared(corners, sampler: sampler, cellsAcross: cellsAcross)
        {
            return looksLikeACard(code: book.code(of: match), sampler: sampler) ? (sharp, match) : nil
        }
        // The local reading must also stand without correction among the cells it is sure of.
        guard reader.homography != nil, let local = reader.readLocally(sampler: sampler),
            !hullQuad || Self.hullLocalReadingFits(local, corners: corners, cellsAcross: cellsAcross)
                && hullQuietZoneFits(contrast: local.reading.contrast, sampler: sampler),
            Self.localRingFits(local.reading),
            Self.localMixFits(local.reading, cellsAcross: cellsAcross, cellSide: cellSide),
            let match = book.match(local.bits, erasures: local.erasures),
            Self.gridFits(local.reading, corrected: match.distance, corners: corners, cellsAcross: cellsAcross),
            !isSmeared(corners, sampler: sampler, cellsAcross: cellsAcross),
            looksLikeACard(
                code: book.code(of: match), sampler: sampler,
                least: hullQuad ? Self.leastPictureCorrelation : Self.leastLitPictureCorrelation)
        else { return nil }
        return (local.reading, match)
    }

    /// Whether the pixels of the marker the last reading sampled look like the picture of the card read, `code`:
    /// drawn with white paper around and blurred as a lens blurs (`SoftFocusFit`), it correlates with them by
    /// `least` at least (`leastPictureCorrelation` unless the reading says otherwise).
    private func looksLikeACard(code: UInt64, sampler: GraySampler, least: Double = leastPictureCorrelation) -> Bool {
        guard let homography = reader.homography else { return false }
        return softFocus.fits(code, homography: homography, sampler: sampler, least: least)
    }

    /// The least correlation of a weak reading's pixels with the blurred picture of the card read (`looksLikeACard`).
    ///
    /// Three of the eight wrong cards read in 17,500 held-out and fresh cluttered frames (`clutter_bench.py`, seeds
    /// 41 to 56) were no marker at all: a QR code's 11 px finder square read as card 10 (0.80) and a worksheet's
    /// print wrapped by a hull read as card 17, twice (0.70 and 0.79). Of the 97,000 cards read right in the 1,880
    /// benchmark frames of both decks and 27,500 cluttered frames (seeds 8 to 56), the 8,200 weak readings had 0.83
    /// and more but for 11 (two in `glare` on the tag16h5 deck, nine smeared by a moving camera); with the check the
    /// detector reads 7 cards fewer there (the matching of smeared markers reads 4 of the 11). Small markers of other
    /// families that read as a card fit its picture at 0.92 to 0.93, as the least-fitting 1 to 2% of real cards of
    /// their size (18 to 23 px) do: this check does not catch them.
    static let leastPictureCorrelation = 0.83

    /// The least correlation with the card's picture of a local reading (light changing across the marker) of a
    /// clean quad (`looksLikeACard`).
    ///
    /// The picture is lit evenly, so a real card under a shadow's edge fits it less: the 20 such readings of real
    /// cards in the benchmark's `shadow-edge` sets (both decks) and 10,500 cluttered frames fit at 0.78 to 0.99. The
    /// one wrong card read so, a smeared gingham cloth read as card 17 (seed 55, with the thresholds on cells of 2x2
    /// pixels), fit at 0.43.
    static let leastLitPictureCorrelation = 0.65

    /// The least mixed cells of a reading against one threshold that is checked against the card's picture
    /// (`looksLikeACard`). Readings with fewer are sure of their cells; the wrong cards read so had 10 and more.
    static let leastMixedForPictureCheck = 5

    /// Whether the border of the marker at `corners` shows a smear (a moving camera's) of at least three quarters of
    /// a cell and at least `leastSmear` pixels (`MotionBlurEstimate`).
    ///
    /// The local reading is for light changing across a sharp marker (a shadow's edge, a highlight), and sharpening
    /// for the soft focus of small markers; on a smeared marker both make cells up from a neighbour's light. In 2,000
    /// cluttered frames smeared 3 to 14 px (`clutter_bench.py --motion-blur`, seeds 31 and 32), local readings read
    /// card 17 three times, on smeared clutter and cards (confidence up to 0.95), and sharpened cells read a smeared
    /// marker of another family as card 13. A smeared marker is left to the matching of smeared markers, which
    /// models the smear. The least smear in pixels spares the smallest cards, whose cells of 2 px a lens's blur alone
    /// spreads over three quarters of a cell; the check runs only on a reading that already matched a card.
    private func isSmeared(_ corners: [ImagePoint], sampler: GraySampler, cellsAcross: Int) -> Bool {
        guard let homography = Homography(unitSquareOnto: corners[0], corners[1], corners[2], corners[3]),
            let blur = MotionBlurEstimate.settle(
                homography, sampler: sampler, cellsAcross: cellsAcross, minimumStep: options.minimumContrast,
                minimumSmear: 0.75)
        else { return false }
        let smear = max(blur.across, blur.down)
        return smear >= 0.75 && smear * Self.cellSide(corners, cellsAcross: cellsAcross) >= Self.leastSmear
    }

    /// The least smear, in pixels, that `isSmeared` counts.
    static let leastSmear = 3.0

    /// The least cell side, in pixels, at which a sharpened reading must come from a marker that is not smeared.
    ///
    /// See `isSmeared`. Below, cells are as small as the blur the sharpening is for (the 16 to 20 px markers of
    /// `small-blurred` have cells of 2.6 to 3.3 px, and the smear estimate sees their lens blur as most of a cell:
    /// checking them lost a quarter of that set). The check costs one card of the 219 in the `motion-blur` benchmark
    /// set, which the sharpened cells of its smeared marker had read.
    static let leastUnsmearedSharpenedCell = 4.0

    /// Whether a local reading's border ring is a marker's: with two and more mixed cells, its lightest cell at
    /// most three quarters of the local contrast above its darkest. The ring of a real marker is black all round
    /// (light changing across it moves it by a fraction of the contrast: at most 0.67 on small blurred markers at
    /// 640x480 and under a fifth at a shadow's edge); a small DICT_6X6_250 marker at 640x480 whose ring took in
    /// its own light cells (0.81) read as card 17 with three mixed cells, all beside a cell of the other colour.
    static func localRingFits(_ reading: CellReader.Reading) -> Bool {
        reading.mixedCells <= 1 || reading.ringRange <= ringLimit
    }

    /// Whether a local reading has no more mixed cells than light changing across a marker mixes: at most the
    /// cells one straight edge crosses (7 of 16) where cells are wider than the blur's reach
    /// (`leastUnsmearedSharpenedCell`, 4 px), and at most half the inner cells where they are not.
    ///
    /// Light changing across a marker (a shadow's edge, a highlight), which the local reading is for, mixes the
    /// cells its edge crosses (at most 3 of 16 in the local readings of real markers on every benchmark set of both
    /// decks, all with cells of about 5 px and more), and blur mixes more only where cells are as small as its
    /// reach (6 in a 12 px card touching a polka dot; up to 8 in local readings of 12 to 15 px squares on the
    /// cluttered sets of seeds 8 to 67). A foreign marker whose finer grid puts edges through most cells mixes more:
    /// a 5x5 marker on a striped cloth read as card 2 with 9 (seed 21), and a smeared one of 41 px, cells of 7 px,
    /// read as card 2 with 8 (seed 70, `smeared-stripes-0069.jpg`).
    static func localMixFits(_ reading: CellReader.Reading, cellsAcross: Int, cellSide: Double) -> Bool {
        let inner = cellsAcross - 2
        if cellSide >= leastUnsmearedSharpenedCell { return reading.mixedCells <= 2 * inner - 1 }
        return reading.mixedCells * 2 <= inner * inner
    }

    /// Whether the border ring of a quad from a contour's convex hull, read against one threshold, is a marker's:
    /// ranging over at most the contrast (`hullRingLimit`) and broken by light in at most `hullRingBreaks`
    /// stretches (`CellReader.ringLightStretches(sampler:)`).
    private func hullRingFits(_ reading: CellReader.Reading, sampler: GraySampler) -> Bool {
        reading.ringRange <= Self.hullRingLimit && (reader.ringLightStretches(sampler: sampler) ?? 0) <= Self.hullRingBreaks
    }

    /// Whether a quad from a contour's convex hull, read cell by cell, has a card's light paper around it: on its
    /// darkest side, the band just outside lighter than the ring by `hullQuietZoneLimit` of the reading's contrast
    /// at least (`CellReader.quietZoneStep(sampler:contrast:)`).
    private func hullQuietZoneFits(contrast: Double, sampler: GraySampler) -> Bool {
        (reader.quietZoneStep(sampler: sampler, contrast: contrast) ?? 1) >= Self.hullQuietZoneLimit
    }

    /// The least step from the border ring out to the paper, on a hull quad's darkest side, as a share of the
    /// contrast: half the least of real cards. Of the 569 hull quads read right in the 1,680 benchmark frames of both
    /// decks and 21,000 cluttered frames (`clutter_bench.py`, seeds 8 to 49, 5,000 of them smeared), the 212 read
    /// cell by cell stepped out by 0.38 and more (the least on smeared cloths and glare); a floral cloth's dark
    /// petals around a light heart, wrapped by a hull at half resolution and read exactly as card 17 (seed 46,
    /// `floral-0664.jpg`), by 0.007.
    static let hullQuietZoneLimit = 0.2

    /// The most stretches of light along the border ring of a hull quad read against one threshold. A highlight or
    /// a finger breaks a real marker's ring once (every hull quad read right so in 1,680 benchmark frames had at
    /// most one break); the map grid of a worksheet that a hull wrapped, read as card 17, had three.
    static let hullRingBreaks = 2

    /// The least side of a cell across a marker's narrowest way, in pixels, for a local reading of a quad from a
    /// contour's convex hull. The hull quads a highlight bit into that only the local reading reads were 26 px and
    /// more across (cells of 4.3 px and more); a worksheet's text and map grid wrapped by a 37 x 12 px hull (cells
    /// of 2 px across its height) read as card 17.
    static let leastLocalHullCell = 3.0

    /// A marker's cell side across its narrowest way, in pixels: its area over its longest side (a parallelogram's
    /// height), over its cells across.
    static func narrowestCell(_ corners: [ImagePoint], cellsAcross: Int) -> Double {
        var longest = 0.0
        for i in 0..<4 { longest = max(longest, corners[i].distance(to: corners[(i + 1) % 4])) }
        return Quad(corners).area / max(longest, 1e-9) / Double(cellsAcross)
    }

    /// The largest range of a marker's border ring, lightest cell minus darkest, as a share of the contrast.
    static let ringLimit = 0.75

    /// The largest ring range of a quad from a contour's convex hull, read cell by cell: a hull wraps a dark shape
    /// and the light around it alike, and a dark shape with a light patch near one side reads as card 17 (a ring
    /// with a 2x2 block of white at its top). Over 4,500 synthesized frames of patterned cloths and clutter, seven of
    /// the eight wrong cards had hull quads whose ring ranged over 1.13 to 1.38 of the contrast (a worksheet's map
    /// grid, a flower, a stripe between dice); of the 36 hull quads read right in 480 frames of every condition, 3
    /// ranged over more than 1 (1.09 to 1.17, a highlight and two smears).
    static let hullRingLimit = 1.0

    /// The least cell side, in pixels (the square root of the marker's area over its cells across), at which cells
    /// are sharpened: below, a cell is narrower than the blur's reach and sharpening makes cells up (a 12 px block
    /// of a QR-like pattern, 1.9 px a cell, read as card 17). The smallest markers sharpening is for, 16 px, have
    /// cells of 2.6 px.
    static let leastSharpenedCell = 2.5

    /// Whether a reading from sharpened cells is a marker's: sharpening also makes cells of a dark blob with a
    /// lighter patch and of a foreign marker's finer grid, so the ring must be black all round (`ringLimit`) and at
    /// most a third of the inner cells mixed (and the code must match with no cell corrected, see `readCode`).
    /// Over 4,000 synthesized frames of patterned cloths, worksheets, dice, QR-like blocks and other families'
    /// markers at 1280x720 and 640x480, the wrong cards the sharpened cells gave had rings ranging over 0.83 and
    /// 0.998 of the contrast, 9 and 10 mixed cells (foreign markers), or needed a corrected cell (three foreign
    /// markers and a QR-like block); the 107 soft, smeared or small markers of every stress condition that only the
    /// sharpened cells read had rings of at most 0.67 and at most 5 mixed cells, and 96 of them matched exactly.
    static func sharpenedReadingFits(_ reading: CellReader.Reading, cellsAcross: Int) -> Bool {
        let innerCells = (cellsAcross - 2) * (cellsAcross - 2)
        return reading.ringRange <= ringLimit && reading.mixedCells * 3 <= innerCells
    }

    /// A marker's cell side in pixels: the square root of its area over its cells across.
    static func cellSide(_ corners: [ImagePoint], cellsAcross: Int) -> Double {
        Quad(corners).area.squareRoot() / Double(cellsAcross)
    }

    /// Whether a local reading is sure enough for a quad from a contour's convex hull: no cell erased, at most one
    /// mixed cell, and cells of at least `leastLocalHullCell` across the quad's narrowest way. (Readings of blobs
    /// inside a smeared marker that came within the error budget of a card had erased cells or two and more mixed
    /// ones; the highlight-bitten markers the hull is for read clean.)
    static func hullLocalReadingFits(_ local: CellReader.LocalReading, corners: [ImagePoint], cellsAcross: Int) -> Bool {
        local.erasures == 0 && local.reading.mixedCells <= 1
            && narrowestCell(corners, cellsAcross: cellsAcross) >= leastLocalHullCell
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
    /// normal still passes (its markers' sides differ up to about 7 to 1 and their sharpest corners are near 20
    /// degrees), while slivers and needles do not.
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
            // Interior angles between about 18 and 162 degrees.
            if abs(cosine) > 0.951 { return false }
        }
        return true
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
