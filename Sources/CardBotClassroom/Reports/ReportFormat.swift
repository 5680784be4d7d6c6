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
    /// An HTML report whose pictures are more than ``ReportPictures/embeddedLimit`` bytes, or more than
    /// ``ReportPictures/embeddedCountLimit`` pictures, is written as a book: the
    /// class page (grid, levels, an index of the sessions) and a folder beside it (`class.html` and `class.files/`)
    /// with a page per student and the pictures, so that a class of any size stays a page that opens at once; the
    /// folder is written first, under a temporary name, and takes the place of an older one.
    /// - Throws: `ImageError` naming the file (the report, or a picture of its folder) that cannot be written.
    public func write(_ grade: ClassGrade, to path: String) throws {
        let folder = Self.picturesFolder(for: path)
        if self == .html, !ReportPictures.fitInPage(grade) {
            // The class page, and a page per student in the folder: each picture is written as its page is
            // made, read from the shelf one session at a time.
            let fresh = try Self.makeFolder(for: folder)
            let pictures = ReportPictures(folder: Self.lastComponent(folder), directory: fresh)
            var page = ""
            var failure: Error?
            do {
                page = try ClassHTML.book(for: grade, classPage: Self.lastComponent(path), pictures: pictures)
            } catch {
                failure = error
            }
            try Self.place(fresh, at: folder, failure: failure)
            try FileBytes.writeAtomically(Array(page.utf8), to: path)
        } else {
            try FileBytes.writeAtomically(Array(text(for: grade).utf8), to: path)
            // A folder an earlier, larger report of this name left would only mislead.
            if self == .html, FileSystem.kind(folder) == .directory { try? FileManager.default.removeItem(atPath: folder) }
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

    /// A fresh, empty folder beside `folder`, under a temporary name.
    static func makeFolder(for folder: String) throws -> String {
        // A folder a killed run was filling is swept first (an interrupt removes files, not folders).
        TemporaryFiles.sweep(besides: folder)
        let fresh = TemporaryFiles.name(for: folder)
        do {
            try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: false)
        } catch {
            throw ImageError(.writeFailed, file: folder, said: Messages.later("cannot make the pictures folder: %s", .plain(error.localizedDescription)))
        }
        return fresh
    }

    /// Puts the filled folder `fresh` at `folder`, replacing an older one whole; removes `fresh` instead when its
    /// pictures could not all be written (`failure`).
    static func place(_ fresh: String, at folder: String, failure: Error?) throws {
        let manager = FileManager.default
        do {
            if let failure { throw failure }
            let old = TemporaryFiles.name(for: folder)
            let hadOld = FileSystem.kind(folder) == .directory
            if hadOld { try manager.moveItem(atPath: folder, toPath: old) }
            try manager.moveItem(atPath: fresh, toPath: folder)
            FileSystem.syncFolder(of: folder)
            if hadOld { try? manager.removeItem(atPath: old) }
        } catch {
            try? manager.removeItem(atPath: fresh)
            if let error = error as? ImageError { throw error }
            throw ImageError(.writeFailed, file: folder, said: Messages.later("cannot write the pictures folder: %s", .plain(error.localizedDescription)))
        }
    }
}
