import CardBotGeometry
import CardBotImaging

/// The rules a marker's reading must pass to count as a card: which reading of its cells is tried (against one
/// threshold, sharpened, or cell by cell), and the checks that keep other families' markers, printed patterns and
/// smeared shapes from reading as cards.
extension MarkerDetector {
    /// The code card read from the cells: against one black-white threshold for the whole marker, else (light
    /// changing across the marker) against each cell's local black and white with unsure cells erased.
    ///
    /// A quad from a contour's convex hull (`hullQuad`) is a weaker find: blobs inside a marker that motion blur
    /// smeared have such hulls too. Its local reading must then be clean (see `hullLocalReadingFits`). Weak readings
    /// (a hull's, sharpened cells, or many mixed cells) must also look like a card (`looksLikeACard`); one that does
    /// not is no card however else its cells are read. A local reading of a clean quad must too, by a lower
    /// correlation (`leastLitPictureCorrelation`): the picture is lit evenly and the marker is not.
    func readCode(_ corners: [ImagePoint], sampler: GraySampler, cellsAcross: Int, hullQuad: Bool)
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
    func looksLikeACard(code: UInt64, sampler: GraySampler, least: Double = leastPictureCorrelation) -> Bool {
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
    func isSmeared(_ corners: [ImagePoint], sampler: GraySampler, cellsAcross: Int) -> Bool {
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
    func hullRingFits(_ reading: CellReader.Reading, sampler: GraySampler) -> Bool {
        reading.ringRange <= Self.hullRingLimit && (reader.ringLightStretches(sampler: sampler) ?? 0) <= Self.hullRingBreaks
    }

    /// Whether a quad from a contour's convex hull, read cell by cell, has a card's light paper around it: on its
    /// darkest side, the band just outside lighter than the ring by `hullQuietZoneLimit` of the reading's contrast
    /// at least (`CellReader.quietZoneStep(sampler:contrast:)`).
    func hullQuietZoneFits(contrast: Double, sampler: GraySampler) -> Bool {
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
    /// more across (cells of 4.3 px and more; in the 51 benchmark sets and 8,000 fresh cluttered frames of seeds 75
    /// to 82, the seven such readings were all in `glare`, 38 px and more across). Clutter below: a worksheet's text
    /// and map grid wrapped by a 37 x 12 px hull (cells of 2 px across its height) read as card 17, and so did the
    /// top half of a smeared card 7, a 40 x 20 px hull (cells of 3.3 px; 640x480, seed 82, confidence 0.92).
    static let leastLocalHullCell = 4.0

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
}
