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

/// Writes each frame as `frame-00001.png`, `frame-00002.png`, ... into a folder (created when missing).
public struct PNGFrameFolder: ReplayFrameSink {
    /// The folder.
    public let path: String
    /// Frames written so far.
    public private(set) var count = 0

    /// Prepares the folder.
    /// - Throws: `ImageError` naming the folder when it cannot be created.
    public init(path: String) throws {
        self.path = path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ImageError(.writeFailed, file: path, said: Messages.later("cannot create the folder (%s)", .plain(error.localizedDescription)))
        }
    }

    public mutating func append(_ frame: RGBImage) throws {
        count += 1
        let name = "frame-" + String(repeating: "0", count: max(0, 5 - String(count).count)) + String(count) + ".png"
        try ImageWriter.write(frame, to: (path as NSString).appendingPathComponent(name))
    }

    public mutating func finish() throws {}
}
