import CardBotSession
import CardBotSupport

extension ClassFolder {
    /// What a report must not be (``OutputGuard``): the class's class.json and every session's folder (the files
    /// it reads) or video.
    public var outputGuard: [OutputGuard.Input] {
        [.folder(path, what: Messages.text("the class folder"), reads: { $0 == ClassManifest.fileName })]
            + entries.filter { $0.problem == nil }.map { RecordedSession.outputGuard($0.path) }
    }
}
