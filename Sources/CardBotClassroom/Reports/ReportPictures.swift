import CardBotImaging
import CardBotSupport
import Foundation

/// Where the HTML report's pictures go: inside the page as `data:` URLs (a small class: one self-contained file),
/// or, for a large class's report book, as files in the folder beside the class page that also holds the student
/// pages showing them, each written as it is handed out (so a class's pictures are never all in memory).
public final class ReportPictures {
    /// The pictures of a class above this many bytes go to a folder (8 MiB: a page of about 11 MB with them
    /// inside; 200 sessions with replays are about 40 MB, which a browser takes seconds to open).
    public static let embeddedLimit = 8 << 20

    /// A class of more pictures than this goes to a folder too, however small they are: a session of hundreds of
    /// added attempts has thousands of cards as read, and a page of thousands of embedded pictures is slow to open
    /// and to scroll.
    public static let embeddedCountLimit = 1_000

    /// The folder's name beside the class page (`class.files`), or nil to embed.
    public let folder: String?
    /// Where the folder's pictures are written while it is being made (under a temporary name).
    public let directory: String?
    /// The first picture that could not be written to ``directory``.
    public private(set) var writeError: Error?

    /// Pictures embedded in the page as `data:` URLs.
    public init() {
        folder = nil
        directory = nil
    }

    /// Pictures written into `directory`, the folder that will be `folder` beside the class page, and linked by
    /// their bare names from the student pages in it.
    public init(folder: String, directory: String) {
        self.folder = folder
        self.directory = directory
    }

    /// `path` as a relative link (percent-encoded where a URL path needs it).
    static func link(to path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// The `src` of a picture: a `data:` URL, or the name of its file, written into the folder.
    func source(_ bytes: [UInt8], name: String, type: String) -> String {
        guard let directory else { return "data:\(type);base64," + Data(bytes).base64EncodedString() }
        if writeError == nil {
            do {
                try FileBytes.writeAtomically(bytes, to: FileSystem.join(directory, name))
            } catch {
                writeError = error
            }
        }
        return name
    }

    /// Whether the pictures of `grade` fit inside one page: at most ``embeddedLimit`` bytes and
    /// ``embeddedCountLimit`` pictures.
    public static func fitInPage(_ grade: ClassGrade) -> Bool {
        grade.pictures.totalBytes <= embeddedLimit && grade.pictures.totalCount <= embeddedCountLimit
    }
}
