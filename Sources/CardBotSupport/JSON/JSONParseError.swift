/// Malformed JSON: what is wrong and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem was found.
    public var position: SourcePosition
    /// What is wrong, in words.
    public var message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(position): \(message)" }
}
