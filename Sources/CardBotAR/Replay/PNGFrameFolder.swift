import CardBotImaging
import CardBotSupport
import Foundation

/// Writes each frame as `frame-00001.png`, `frame-00002.png`, ... into a folder, which takes its place whole when
/// the last frame is written.
///
/// The frames go into a folder beside the target (`NAME.tmp-PID-RANDOM`); ``finish()`` puts it in the target's
/// place, and the target's older frames go with the older folder, so a replay never ends in another replay's
/// frames. An existing target may hold only replay frames: a folder with anything else in it is refused before
/// anything is written, so that no file of the teacher's is ever removed.
public struct PNGFrameFolder: ReplayFrameSink {
    /// The folder.
    public let path: String
    /// The folder the frames are written into until ``finish()``.
    private let staging: String
    /// Frames written so far.
    public private(set) var count = 0

    /// The target folder `path` names, without its trailing slashes.
    private static func folder(_ path: String) -> String {
        var folder = path
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return folder
    }

    /// Refuses a target that is a file, or a folder holding anything but replay frames.
    /// - Throws: `ImageError` naming the folder and the reason.
    public static func check(_ path: String) throws {
        let folder = folder(path)
        switch FileSystem.kind(folder) {
        case .missing:
            // Its parent is made now, so a folder that cannot be made is told before the run.
            let parent = (folder as NSString).deletingLastPathComponent
            do {
                if !parent.isEmpty { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            } catch {
                throw ImageError(.writeFailed, file: path, said: Messages.later("cannot create the folder (%s)", .plain(error.localizedDescription)))
            }
        case .directory:
            let names = (try? FileSystem.names(in: folder)) ?? []
            if let stranger = names.sorted().first(where: { !isFrameName($0) }) {
                throw ImageError(
                    .writeFailed, file: path,
                    said: Messages.later(
                        "holds '%s', which is not a replay frame: a replay replaces its folder whole, so give a new or empty folder", .plain(stranger)))
            }
        default:
            throw ImageError(.writeFailed, file: path, said: Messages.later("is a file, not a folder: give a folder for the frames (OUT/)"))
        }
    }

    /// Whether `name` is a frame this sink writes (`frame-` digits `.png`).
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    /// Prepares the folder the frames are written into, beside `path` (``check(_:)`` makes its parent when missing).
    /// - Throws: `ImageError` naming the folder when it cannot be used or created.
    public init(path: String) throws {
        try Self.check(path)
        self.path = path
        let folder = Self.folder(path)
        do {
            TemporaryFiles.sweep(besides: folder)
            staging = TemporaryFiles.name(for: folder)
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw ImageError(.writeFailed, file: path, said: Messages.later("cannot create the folder (%s)", .plain(error.localizedDescription)))
        }
    }

    public mutating func append(_ frame: RGBImage) throws {
        count += 1
        let name = "frame-" + String(repeating: "0", count: max(0, 5 - String(count).count)) + String(count) + ".png"
        do {
            try ImageWriter.write(frame, to: (staging as NSString).appendingPathComponent(name))
        } catch {
            discard()
            throw error
        }
    }

    /// Puts the written frames in the target's place; the target's older frames are removed.
    /// - Throws: `ImageError` naming the folder when it cannot be replaced.
    public mutating func finish() throws {
        let folder = Self.folder(path)
        var old: String?
        if FileSystem.kind(folder) == .directory {
            try Self.check(path)
            let aside = TemporaryFiles.name(for: folder)
            if let reason = FileSystem.rename(folder, to: aside) {
                discard()
                throw ImageError(.writeFailed, file: path, said: Messages.later("cannot replace the folder's older frames (%s)", .plain(reason)))
            }
            old = aside
        }
        if let reason = FileSystem.rename(staging, to: folder) {
            if let old { _ = FileSystem.rename(old, to: folder) }
            discard()
            throw ImageError(.writeFailed, file: path, said: Messages.later("cannot put the frames in place (%s)", .plain(reason)))
        }
        if let old { try? FileManager.default.removeItem(atPath: old) }
    }

    /// Removes the frames written so far (a replay that failed).
    public func discard() {
        try? FileManager.default.removeItem(atPath: staging)
    }
}
