import Foundation

/// Where the HTML report's pictures go: inside the page as `data:` URLs (a small class: one self-contained file),
/// or as files in a folder beside the page (a large class), named by a relative link the page loads lazily.
public final class ReportPictures {
    /// The pictures of a class above this many bytes go to a folder (8 MiB: a page of about 11 MB with them
    /// inside; 200 sessions with replays are about 40 MB, which a browser takes seconds to open).
    public static let embeddedLimit = 8 << 20

    /// The folder's name relative to the page (`class.files`), or nil to embed.
    public let folder: String?
    /// The pictures handed out so far, as file names in ``folder`` and their bytes (none when embedding).
    public private(set) var files: [(name: String, bytes: [UInt8])] = []

    /// Embeds the pictures (`folder` nil) or links them into `folder`.
    public init(folder: String?) {
        self.folder = folder
    }

    /// The `src` of a picture: a `data:` URL, or the link to `name` in the folder.
    func source(_ bytes: [UInt8], name: String, type: String) -> String {
        guard let folder else { return "data:\(type);base64," + Data(bytes).base64EncodedString() }
        files.append((name, bytes))
        let encoded = folder.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? folder
        return encoded + "/" + name
    }

    /// The bytes of every picture of `grade`.
    public static func totalBytes(_ grade: ClassGrade) -> Int {
        grade.pictures.values.reduce(0) { total, pictures in
            total + (pictures.thumbnail?.count ?? 0) + (pictures.map?.count ?? 0)
                + pictures.replays.reduce(0) { $0 + $1.gif.count }
        }
    }
}
