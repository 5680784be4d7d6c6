/// Malformed JSON: what is wrong and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem was found.
    public var position: SourcePosition
    /// What is wrong, kept to be told in the reader's language.
    public var said: MessageText

    /// What is wrong, in English words.
    public var message: String { said.english }

    /// Creates an error.
    public init(position: SourcePosition, said: MessageText) {
        self.position = position
        self.said = said
    }

    public var description: String { "\(position): \(message)" }
}
