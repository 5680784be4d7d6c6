/// The solver's grammar and canonical-form rule for laying one more card, shared by the plain and the function search.
///
/// A card is refused when it cannot follow the cards laid (an `end` or `else` with nothing to close, or
/// closing a block opened by the card just before it) or when it only spells a program that a shorter or
/// earlier-searched one already covers (left right, right left, and three lefts when a right is offered).
enum CanonicalOrder {
    /// Whether `card` may be laid next.
    /// - Parameters:
    ///   - assembler: the cards laid so far, with their open blocks.
    ///   - previous: the card before it within the current part (nil at a part's start).
    ///   - beforePrevious: the card before `previous` within the current part.
    ///   - hasLeft: whether the level offers `left`; `hasRight` the same for `right`.
    ///   - partStart: the first card of the current part; blocks opened before it cannot be closed here.
    @inline(__always)
    static func admits(
        _ card: Card, after assembler: ProgramAssembler, previous: Card?, beforePrevious: Card?,
        hasLeft: Bool, hasRight: Bool, partStart: Int = 0
    ) -> Bool {
        let index = assembler.cards.count
        switch card {
        case .end:
            guard let top = assembler.open.last, top.opener != index - 1, previous != .else, top.opener >= partStart
            else { return false }
        case .else:
            guard let top = assembler.open.last, assembler.cards[top.opener].isIf, top.elseAt == nil,
                top.opener >= partStart
            else { return false }
        case .left:
            if previous == .right { return false }
            if hasRight && previous == .left && beforePrevious == .left { return false }
        case .right:
            if previous == .left { return false }
            if hasLeft && previous == .right && beforePrevious == .right { return false }
        default:
            break
        }
        return true
    }
}
