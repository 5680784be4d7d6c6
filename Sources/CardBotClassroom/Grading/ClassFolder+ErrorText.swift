import CardBotImaging
import CardBotLesson
import CardBotSession
import CardBotSupport

extension ClassFolder {
    /// An error's message as a report shows it, with each file it names given relative to the class folder
    /// (`maya/level-3/session.json`), so reports do not depend on where the class lies or how it was typed.
    ///
    /// The typed errors of the layers below (a session's, an image's, a level's) name their files in fields, and
    /// only those fields are rewritten; the reasons are left as the layer wrote them, in English: this is the text
    /// JSON, CSV and the gradebook keep (``shownErrorText(_:)`` is the reader's).
    public func errorText(_ error: Error) -> String { text(of: error, shown: false) }

    /// ``errorText(_:)`` in the reader's language, as the terminal and the HTML report show it.
    public func shownErrorText(_ error: Error) -> String { text(of: error, shown: true) }

    private func text(of error: Error, shown: Bool) -> String {
        switch error {
        case var error as SessionError:
            error.file = inside(error.file)
            return shown ? error.description : error.englishDescription
        case var error as ImageError:
            error.file = inside(error.file)
            return shown ? "\(error.file): \(error.said.localized)" : error.description
        case var error as LevelLoadError:
            error.file = inside(error.file)
            for index in error.diagnostics.indices { error.diagnostics[index].file = inside(error.diagnostics[index].file) }
            return shown ? error.description : error.englishDescription
        default:
            return "\(error)"
        }
    }

    /// `file` relative to the class folder when it lies inside it (as typed, or as an absolute path), else as given.
    func inside(_ file: String) -> String {
        for folder in [path, canonicalPath] where !folder.isEmpty && folder != "/" {
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            if file.hasPrefix(prefix) { return String(file.dropFirst(prefix.count)) }
        }
        return file
    }
}
