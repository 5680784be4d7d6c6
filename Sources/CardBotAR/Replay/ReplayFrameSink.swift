import CardBotImaging
import CardBotSupport
import Foundation

/// Where replay frames go, one after another: a folder of PNG files or a video encoder.
public protocol ReplayFrameSink {
    /// Takes the next frame.
    /// - Throws: when it cannot be written.
    mutating func append(_ frame: RGBImage) throws
    /// Ends the output (flushes and closes a video); called once after the last frame.
    mutating func finish() throws
}
