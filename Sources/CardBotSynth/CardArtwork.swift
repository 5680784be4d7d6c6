import CardBotImaging
import CardBotPrint
import Foundation

/// A card face as vector artwork in card-local millimetres: paper, an accent band, the marker's ink and a title.
///
/// The renderer projects every polygon into the image and fills it with exact area coverage, so
/// edges are anti-aliased like a camera's and the marker's corners land exactly where the truth says.
/// Card-local coordinates have their origin at the card's centre, x to the right, y down the card.
struct CardArtwork: Sendable {
    /// One colour and the polygons it covers (their union), painted in order.
    struct Layer: Sendable {
        var color: (Float, Float, Float)
        var polygons: [[(Double, Double)]]
    }

    /// The full-strength ink colour.
    static let ink: (Float, Float, Float) = (22, 22, 26)

    let cardWidth: Double
    let cardHeight: Double
    /// The marker's outer rectangle.
    let markerLeft: Double
    let markerTop: Double
    let markerWidth: Double
    let markerHeight: Double
    /// Paper first (its outline is the card's), then the band, the marker and the title.
    let layers: [Layer]

    init(face: CardFace, design: CardDesign) {
        cardWidth = design.width
        cardHeight = design.height
        let marker = face.marker
        let cell = design.markerSize / Double(max(1, marker.width))
        markerWidth = design.markerSize
        markerHeight = cell * Double(marker.height)
        markerLeft = -markerWidth / 2
        markerTop = -cardHeight / 2 + design.markerTop

        let outline = Self.roundedRectangle(width: cardWidth, height: cardHeight, radius: design.cornerRadius)
        let paper = (Float(design.paper[0]), Float(design.paper[1]), Float(design.paper[2]))
        var layers = [Layer(color: paper, polygons: [outline])]
        var bandTop = cardHeight / 2
        if let accent = face.accent {
            bandTop = cardHeight / 2 - 4
            layers.append(
                Layer(color: (Float(accent.red), Float(accent.green), Float(accent.blue)),
                      polygons: [Self.clip(outline, belowY: bandTop)]))
        }
        // Ink where the marker image is dark: merged rectangles of its pixels.
        let markerLeft = self.markerLeft
        let markerTop = self.markerTop
        let markerInk = Self.darkRectangles(marker).map { r in
            Self.rectangle(markerLeft + Double(r.x0) * cell, markerTop + Double(r.y0) * cell,
                           markerLeft + Double(r.x1) * cell, markerTop + Double(r.y1) * cell)
        }
        // Faded ink lies between the full ink and the paper.
        let darkness = Float(max(0, min(1, design.inkDarkness)))
        let ink = (
            paper.0 + (Self.ink.0 - paper.0) * darkness, paper.1 + (Self.ink.1 - paper.1) * darkness,
            paper.2 + (Self.ink.2 - paper.2) * darkness)
        layers.append(Layer(color: ink, polygons: markerInk))
        // The title through the shared text renderer, one text size for every card (room for 12 characters).
        if let title = face.title, !title.isEmpty {
            let glyphs = Self.titleGlyphs(title)
            let roomTop = markerTop + markerHeight
            let room = bandTop - roomTop
            let widthFit = cardWidth * 0.9 / max(Double(glyphs.width), 12 * Self.glyphSize * 0.55)
            let pixel = min(widthFit, room * 0.7 / Double(glyphs.height))
            if pixel > 0 {
                let left = -Double(glyphs.width) * pixel / 2
                let top = roomTop + (room - Double(glyphs.height) * pixel) / 2
                let text = Self.darkRectangles(glyphs).map { r in
                    Self.rectangle(left + Double(r.x0) * pixel, top + Double(r.y0) * pixel,
                                   left + Double(r.x1) * pixel, top + Double(r.y1) * pixel)
                }
                layers.append(Layer(color: (40, 40, 48), polygons: text))
            }
        }
        self.layers = layers
    }

    /// The font size, in pixels, titles are rendered at before they become polygons.
    static let glyphSize = 14.0

    /// `title` in black on white, one line, `glyphSize` pixels to the em.
    static func titleGlyphs(_ title: String) -> GrayImage {
        let style = TextStyle(size: glyphSize, bold: true)
        let extent = Canvas(pixelsWide: 1, high: 1, background: RGB(255, 255, 255)).measure(title, style: style)
        let canvas = Canvas(
            pixelsWide: max(1, Int(extent.width.rounded(.up))), high: max(1, Int(extent.height.rounded(.up))),
            background: RGB(255, 255, 255))
        canvas.text(title, x: 0, y: 0, style: style)
        return canvas.grayImage
    }

    /// The outline of the card.
    var outline: [(Double, Double)] { layers[0].polygons[0] }

    /// A rectangle from (x0, y0) to (x1, y1), clockwise on screen (positive area with y down).
    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [(Double, Double)] {
        [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    }

    /// A rectangle centred on the origin with rounded corners.
    static func roundedRectangle(width: Double, height: Double, radius: Double) -> [(Double, Double)] {
        let r = max(0, min(radius, min(width, height) / 2))
        let hw = width / 2
        let hh = height / 2
        guard r > 0 else { return rectangle(-hw, -hh, hw, hh) }
        var points: [(Double, Double)] = []
        let centres = [(hw - r, -hh + r, -Double.pi / 2), (hw - r, hh - r, 0.0), (-hw + r, hh - r, Double.pi / 2),
                       (-hw + r, -hh + r, Double.pi)]
        for (cx, cy, start) in centres {
            for step in 0...6 {
                let angle = start + Double(step) / 6 * Double.pi / 2
                points.append((cx + r * cos(angle), cy + r * sin(angle)))
            }
        }
        return points
    }

    /// The part of a convex polygon at or below y (towards the card's bottom).
    static func clip(_ polygon: [(Double, Double)], belowY limit: Double) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        for index in polygon.indices {
            let a = polygon[index]
            let b = polygon[(index + 1) % polygon.count]
            let aIn = a.1 >= limit
            let bIn = b.1 >= limit
            if aIn { result.append(a) }
            if aIn != bIn {
                let t = (limit - a.1) / (b.1 - a.1)
                result.append((a.0 + (b.0 - a.0) * t, limit))
            }
        }
        return result
    }

    /// The dark pixels (below mid grey) of `image` as few rectangles, in pixel-edge units:
    /// runs along each row, merged with identical runs of the rows below.
    static func darkRectangles(_ image: GrayImage) -> [(x0: Int, y0: Int, x1: Int, y1: Int)] {
        var done: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        var open: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        for y in 0..<image.height {
            var runs: [(Int, Int)] = []
            var x = 0
            while x < image.width {
                if image[x, y] < 128 {
                    let start = x
                    while x < image.width && image[x, y] < 128 { x += 1 }
                    runs.append((start, x))
                } else {
                    x += 1
                }
            }
            var next: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
            for run in runs {
                if let index = open.firstIndex(where: { $0.x0 == run.0 && $0.x1 == run.1 }) {
                    var grown = open.remove(at: index)
                    grown.y1 = y + 1
                    next.append(grown)
                } else {
                    next.append((run.0, y, run.1, y + 1))
                }
            }
            done.append(contentsOf: open)
            open = next
        }
        return done + open
    }
}
