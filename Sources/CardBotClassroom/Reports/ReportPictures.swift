import CardBotImaging
import CardBotSupport
import Foundation

/// Where the HTML report's pictures go: inside the page as `data:` URLs (a small class: one self-contained file),
/// or as files in a folder beside the page (a large class), named by a relative link the page loads lazily.
public final class ReportPictures {
    /// The pictures of a class above this many bytes go to a folder (8 MiB: a page of about 11 MB with them
    /// inside; 200 sessions with replays are about 40 MB, which a browser takes seconds to open).
    public static let embeddedLimit = 8 << 20

    /// The folder's name relative to the page (`class.files`), or nil to embed.
    public let folder: String?
    /// Where the folder's pictures are written as they are handed out (a large class's pictures are never all in
    /// memory); nil keeps them in ``files``.
    public let directory: String?
    /// The pictures handed out so far, as file names in ``folder`` and their bytes (none when embedding; names only,
    /// with no bytes, when they were written to ``directory``).
    public private(set) var files: [(name: String, bytes: [UInt8])] = []
    /// The first picture that could not be written to ``directory``.
    public private(set) var writeError: Error?

    /// True when the pages that show the pictures are in ``folder`` too (a report book's student pages), so that
    /// the links are the bare file names.
    public let pagesInFolder: Bool

    /// Embeds the pictures (`folder` nil) or links them into `folder`, writing each into `directory` when given;
    /// `pagesInFolder` when the pages showing them lie in the folder too.
    public init(folder: String?, directory: String? = nil, pagesInFolder: Bool = false) {
        self.folder = folder
        self.directory = directory
        self.pagesInFolder = pagesInFolder
    }

    /// `path` as a relative link (percent-encoded where a URL path needs it).
    static func link(to path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// The `src` of a picture: a `data:` URL, or the link to `name` in the folder.
    func source(_ bytes: [UInt8], name: String, type: String) -> String {
        guard let folder else { return "data:\(type);base64," + Data(bytes).base64EncodedString() }
        if let directory {
            files.append((name, []))
            if writeError == nil {
                do {
                    try FileBytes.writeAtomically(bytes, to: FileSystem.join(directory, name))
                } catch {
                    writeError = error
                }
            }
        } else {
            files.append((name, bytes))
        }
        return pagesInFolder ? name : Self.link(to: folder) + "/" + name
    }

    /// The bytes of every picture of `grade`.
    public static func totalBytes(_ grade: ClassGrade) -> Int {
        grade.pictures.totalBytes
    }
}
