import CardBotImaging

/// A card face printed at high resolution, ready to be sampled by the renderer.
///
/// The marker is scaled by a whole number so that its cells fall on raster pixel edges
/// exactly; all geometry (card size, marker rectangle) is then taken from the raster so
/// that the ground truth matches the pixels sampled, not the nominal design.
struct CardRaster: Sendable {
    /// Raster size in texels.
    let width: Int
    let height: Int
    /// RGBA texels, alpha 0 outside the rounded corners.
    let texels: [UInt8]
    /// Texels per millimetre.
    let texelsPerMM: Double
    /// The card's size in mm as printed.
    let cardWidth: Double
    let cardHeight: Double
    /// The marker's outer rectangle in card-local mm (origin at the card centre, y down).
    let markerLeft: Double
    let markerTop: Double
    let markerWidth: Double
    let markerHeight: Double

    /// The smallest marker side in texels; finer rasters only cost memory.
    static let minimumMarkerTexels = 240

    /// The sizes of a face's raster, and the card and marker geometry that follow from them.
    struct Geometry: Sendable {
        let scale: Int
        let width: Int
        let height: Int
        let left: Int
        let top: Int
        let markerTexelsW: Int
        let markerTexelsH: Int
        let texelsPerMM: Double

        init(face: CardFace, design: CardDesign) {
            let markerPixels = max(1, face.marker.width)
            scale = max(1, (CardRaster.minimumMarkerTexels + markerPixels - 1) / markerPixels)
            markerTexelsW = face.marker.width * scale
            markerTexelsH = face.marker.height * scale
            texelsPerMM = Double(markerTexelsW) / design.markerSize
            width = max(markerTexelsW + 2, Int((design.width * texelsPerMM).rounded()))
            height = max(markerTexelsH + 2, Int((design.height * texelsPerMM).rounded()))
            left = (width - markerTexelsW) / 2
            top = min(height - markerTexelsH, max(0, Int((design.markerTop * texelsPerMM).rounded())))
        }

        var cardWidth: Double { Double(width) / texelsPerMM }
        var cardHeight: Double { Double(height) / texelsPerMM }
    }

    init(face: CardFace, design: CardDesign) {
        let geometry = Geometry(face: face, design: design)
        let scale = geometry.scale
        let width = geometry.width
        let height = geometry.height
        let left = geometry.left
        let top = geometry.top
        let markerTexelsW = geometry.markerTexelsW
        let markerTexelsH = geometry.markerTexelsH
        let perMM = geometry.texelsPerMM
        self.width = width
        self.height = height
        texelsPerMM = perMM
        cardWidth = geometry.cardWidth
        cardHeight = geometry.cardHeight
        markerLeft = Double(left) / perMM - cardWidth / 2
        markerTop = Double(top) / perMM - cardHeight / 2
        markerWidth = Double(markerTexelsW) / perMM
        markerHeight = Double(markerTexelsH) / perMM

        let paper = RGB(246, 244, 238)
        let ink: (Double, Double, Double) = (22, 22, 26)
        var image = RGBImage(width: width, height: height, fill: paper)
        // The marker, each source pixel a scale x scale block.
        face.marker.pixels.withUnsafeBufferPointer { marker in
            image.pixels.withUnsafeMutableBufferPointer { out in
                for my in 0..<face.marker.height {
                    for mx in 0..<face.marker.width {
                        let v = Double(marker[my * face.marker.width + mx]) / 255
                        let r = UInt8(ink.0 + (Double(paper.red) - ink.0) * v)
                        let g = UInt8(ink.1 + (Double(paper.green) - ink.1) * v)
                        let b = UInt8(ink.2 + (Double(paper.blue) - ink.2) * v)
                        for ty in 0..<scale {
                            var offset = ((top + my * scale + ty) * width + left + mx * scale) * 3
                            for _ in 0..<scale {
                                out[offset] = r
                                out[offset + 1] = g
                                out[offset + 2] = b
                                offset += 3
                            }
                        }
                    }
                }
            }
        }
        // The title under the marker, as large as fits.
        let titleTop = top + markerTexelsH
        var bandTop = height
        if let accent = face.accent {
            bandTop = height - max(2, Int(4 * perMM))
            image.fillRectangle(x: 0, y: bandTop, width: width, height: height - bandTop, color: accent)
        }
        if let title = face.title, !title.isEmpty {
            let room = bandTop - titleTop
            // One text size for every card (room for 12 characters), smaller only for longer titles.
            let size = BitmapFont.size(of: String(repeating: "M", count: max(12, title.count)))
            let scaleW = Int(Double(width) * 0.9) / max(1, size.width)
            let scaleH = Int(Double(room) * 0.6) / max(1, BitmapFont.glyphHeight)
            let textScale = max(1, min(scaleW, scaleH))
            let textSize = BitmapFont.size(of: title, scale: textScale)
            let glyphInk = BitmapFont.glyphHeight * textScale
            image.drawText(
                title, x: (width - textSize.width) / 2, y: titleTop + (room - glyphInk) / 2, scale: textScale,
                color: RGB(40, 40, 48))
        }
        // Rounded corners: texels outside them are transparent.
        let radius = design.cornerRadius * perMM
        var texels = [UInt8](repeating: 255, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { rgb in
            texels.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * width + x
                        out[i * 4] = rgb[i * 3]
                        out[i * 4 + 1] = rgb[i * 3 + 1]
                        out[i * 4 + 2] = rgb[i * 3 + 2]
                        let cx = Double(x) + 0.5
                        let cy = Double(y) + 0.5
                        let dx = cx < radius ? radius - cx : (cx > Double(width) - radius ? cx - (Double(width) - radius) : 0)
                        let dy = cy < radius ? radius - cy : (cy > Double(height) - radius ? cy - (Double(height) - radius) : 0)
                        if dx > 0 && dy > 0 && dx * dx + dy * dy > radius * radius { out[i * 4 + 3] = 0 }
                    }
                }
            }
        }
        self.texels = texels
    }
}
