import CardBotSupport

/// A tile of a level's map in words a child knows, for the trace and the results people read: "the third tile of
/// the second row" (counted as the map is drawn, from the top-left corner, walls included), "the start tile", "the
/// goal"; and what lies next to it ("next to the water"). JSON keeps the coordinates (`TraceJSONLines`).
///
/// Rows and tiles up to the twentieth are counted in words (`first` ... `twentieth`, each a catalog term: the
/// contexts "ordinal tile" and "ordinal row" let a language inflect them, Danish "det andet felt", "anden
/// række"); a wider or taller map's far tiles are numbered ("tile 23 of row 2").
public enum PlaceWords {
    /// The ordinals counted in words, first to twentieth.
    static let ordinals = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
        "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth",
    ]

    /// `point` as a noun phrase in the current language: "the start tile" and "the goal" when `landmarks` and it
    /// is one, else "the third tile of the second row".
    public static func tile(_ point: GridPoint, map: LevelMap, landmarks: Bool = true) -> String {
        said(point, map: map, landmarks: landmarks).localized
    }

    /// ``tile(_:map:landmarks:)`` as a message to be told later.
    public static func said(_ point: GridPoint, map: LevelMap, landmarks: Bool = true) -> MessageText {
        if landmarks, point == map.start { return Messages.later("the start tile") }
        if landmarks, point == map.goal { return Messages.later("the goal") }
        let column = point.x + 1
        let row = point.y + 1
        guard (1...ordinals.count).contains(column), (1...ordinals.count).contains(row) else {
            return Messages.later("tile %1$s of row %2$s", .number(column), .number(row))
        }
        // (Each value on a line of its own: the catalog test reads a `context:` on the message's line as its own.)
        return Messages.later(
            "the %1$s tile of the %2$s row",
            .term(ordinals[column - 1], context: "ordinal tile"),
            .term(ordinals[row - 1], context: "ordinal row"))
    }

    /// ", next to the water" and the like: what lies beside `point` (the goal, water, a gem not yet taken), most
    /// telling first, as a phrase that ends a sentence after a comma; empty for nothing, or for the start tile
    /// (which ``tile(_:map:landmarks:)`` already names).
    static func beside(_ point: GridPoint, trace: Trace, map: LevelMap) -> String {
        guard point != map.start, let landmark = ResultWords.landmark(at: point, trace: trace, map: map) else { return "" }
        return ", " + landmark.phrase
    }
}
