/// The default deck's card names by marker id (the table of the deck issue).
///
/// The one place the CLI gets marker-id names from: the integrator replaces this with the loaded deck
/// (`Cards/deck.json`) once vision provides it.
enum DefaultDeckNames {
    static let byMarkerID: [Int: String] = [
        0: "forward", 1: "left", 2: "right", 3: "jump",
        4: "repeat-2", 5: "repeat-3", 6: "repeat-4", 7: "repeat-5", 8: "repeat-until-goal",
        9: "if-path-ahead", 10: "if-path-left", 11: "if-path-right", 12: "else", 13: "end",
    ]
}
