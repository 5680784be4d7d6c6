import CardBotSupport

extension CardMapping {
    /// The cards of a program typed in `source` (an option such as `--program`, or a file).
    /// - Throws: a ``Problem`` naming `source` and the card that is not valid.
    public func cards(text: String, source: String) throws -> [Card] {
        do {
            return try cards(text: text)
        } catch {
            throw Problem(file: source, error.message)
        }
    }

    /// The program typed in `source`.
    /// - Throws: a ``Problem`` naming `source` and the card that is not valid, or the program's mistake.
    public func program(text: String, source: String) throws -> CardProgram {
        let cards = try cards(text: text, source: source)
        do {
            return try CardProgram(cards)
        } catch {
            throw Problem(file: source, error.message)
        }
    }
}
