import CardBotSupport
import Foundation

/// The pictures the grader's workers could not make, gathered from every worker thread as warnings.
final class PictureWarnings: @unchecked Sendable {
    private let lock = NSLock()
    private var warnings: [(path: String, text: String)] = []

    /// Adds the session at `path`'s pictures that were not made.
    func append(_ path: String, _ notMade: [String]) {
        let text = Messages.text(
            "some pictures could not be made (the report lacks them, and a gradebook does not keep this grade, so the next grade makes them again): %s",
            notMade.joined(separator: "; "))
        lock.withLock { warnings.append((path, text)) }
    }

    /// Every warning, by session path.
    var all: [(path: String, text: String)] { lock.withLock { warnings.sorted { $0.path < $1.path } } }
}
