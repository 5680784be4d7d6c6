/// Why a recorded session could not be opened or graded: names the file and the reason.
public struct SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder the problem is about.
    public var file: String
    /// What is wrong and what to do about it.
    public var reason: String

    /// Creates an error.
    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
