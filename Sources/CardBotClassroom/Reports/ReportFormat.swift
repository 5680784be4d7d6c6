import CardBotImaging
import CardBotSession
import CardBotSupport
import Foundation

/// A class report file, its format told by its extension: `.csv`, `.json` or `.html` (`.htm`), any case.
public enum ReportFormat: String, Sendable, CaseIterable {
    case csv
    case json
    case html

    /// The format of `path`, or nil for another extension.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "json": self = .json
        case "html", "htm": self = .html
        default: return nil
        }
    }

    /// The report's text.
    public func text(for grade: ClassGrade) -> String {
        switch self {
        case .csv: return ClassCSV.text(for: grade)
        case .json: return ClassJSON.text(for: grade)
        case .html: return ClassHTML.text(for: grade)
        }
    }

    /// Writes the report to `path` atomically (a temporary file beside it, then renamed over it), so an
    /// interrupted run never leaves half a report.
    ///
    /// An HTML report whose pictures are more than ``ReportPictures/embeddedLimit`` bytes is written as the page
    /// and a folder beside it (`class.html` and `class.files/`, as a browser saves a page), so that a class of
    /// hundreds of sessions stays a page that opens at once; the folder is written first, under a temporary
    /// name, and takes the place of an older one.
    /// - Throws: `SessionError` naming `path` when it cannot be written.
    public func write(_ grade: ClassGrade, to path: String) throws {
        do {
            let folder = Self.picturesFolder(for: path)
            if self == .html, ReportPictures.totalBytes(grade) > ReportPictures.embeddedLimit {
                let pictures = ReportPictures(folder: Self.lastComponent(folder))
                let page = ClassHTML.text(for: grade, pictures: pictures)
                try Self.writeFolder(pictures.files, to: folder)
                try FileBytes.writeAtomically(Array(page.utf8), to: path)
            } else {
                try FileBytes.writeAtomically(Array(text(for: grade).utf8), to: path)
                // A folder an earlier, larger report of this name left would only mislead.
                if self == .html, FileSystem.kind(folder) == .directory { try? FileManager.default.removeItem(atPath: folder) }
            }
        } catch let error as ImageError {
            throw SessionError(file: path, reason: error.reason)
        }
    }

    /// The pictures folder of an HTML report at `path`: `class.html` → `class.files`.
    public static func picturesFolder(for path: String) -> String {
        let name = Self.lastComponent(path)
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return String(path.dropLast(name.count)) + stem + ".files"
    }

    /// The last component of `path`.
    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    /// Writes `files` into a fresh folder at `folder`, replacing an older one whole.
    static func writeFolder(_ files: [(name: String, bytes: [UInt8])], to folder: String) throws {
        let manager = FileManager.default
        let fresh = TemporaryFiles.name(for: folder)
        do {
            try manager.createDirectory(atPath: fresh, withIntermediateDirectories: false)
        } catch {
            throw ImageError(.writeFailed, file: folder, reason: "cannot make the pictures folder: \(error.localizedDescription)")
        }
        do {
            for file in files { try FileBytes.writeAtomically(file.bytes, to: FileSystem.join(fresh, file.name)) }
            let old = TemporaryFiles.name(for: folder)
            let hadOld = FileSystem.kind(folder) == .directory
            if hadOld { try manager.moveItem(atPath: folder, toPath: old) }
            try manager.moveItem(atPath: fresh, toPath: folder)
            FileSystem.syncFolder(of: folder)
            if hadOld { try? manager.removeItem(atPath: old) }
        } catch {
            try? manager.removeItem(atPath: fresh)
            if let error = error as? ImageError { throw error }
            throw ImageError(.writeFailed, file: folder, reason: "cannot write the pictures folder: \(error.localizedDescription)")
        }
    }
}
