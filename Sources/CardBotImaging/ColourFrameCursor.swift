/// Hands out, in colour, frames a source delivered before, asked for in playing order: what a picture made of some of
/// a recording's frames (a video's replay) decodes, without decoding the stretches between them.
///
/// Ask for frames by the stamps the source's `read` gave, each later than the one before (or the same again). A
/// folder of stills decodes each file; a video keeps one decoder open, decodes forward to a frame a little ahead,
/// and seeks over a longer gap.
public protocol ColourFrameCursor {
    /// The frame `stamp` names, in colour.
    /// - Throws: `ImageError` when it cannot be decoded.
    mutating func colourFrame(_ stamp: FrameStamp) throws -> RGBImage
}

/// A source's frames decoded one by one, with ``FrameSource/colourFrame(_:)`` (stills, where each frame is a file).
public struct EachFrameCursor: ColourFrameCursor {
    /// The source.
    public let source: any FrameSource

    /// Creates the cursor.
    public init(source: any FrameSource) {
        self.source = source
    }

    public mutating func colourFrame(_ stamp: FrameStamp) throws -> RGBImage {
        try source.colourFrame(stamp)
    }
}
