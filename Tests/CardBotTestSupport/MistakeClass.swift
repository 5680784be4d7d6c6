/// A synthesized class with known mistakes on curriculum levels 3 (Left and right: forward right forward forward
/// left forward forward forward) and 4 (Jump over the water: forward jump forward), each child's attempts in order.
///
/// What each failed attempt does wrong, worked out on the maps by hand:
/// - ana, ben: `left` at card 2, at the first corner where the way turns right (a wrong turn); then the solution.
/// - cy: `left` at card 4, one tile before the second corner (one forward too few); then the solution.
/// - dee: `forward` at card 5 where the way turns left at the second corner (straight on; it bumps).
/// - gus: the cards run out one forward before the goal.
/// - eve: `jump` at card 1, from the start into the water (too early); then the solution.
/// - fay: `forward` at card 2 into the water where the way jumps.
public enum MistakeClass {
    /// One child's session: student, level, programs in order (card names), and whether each solved the level.
    public struct Session: Sendable {
        public var student: String
        public var level: Int
        public var attempts: [(program: [String], solved: Bool)]
    }

    static let three = "forward right forward forward left forward forward forward"
    static let four = "forward jump forward"

    /// The sessions, in the order the children played them.
    public static let sessions: [Session] = [
        session("ana", 3, ("forward left forward forward left forward forward forward", false), (three, true)),
        session("ben", 3, ("forward left forward forward left forward forward forward", false), (three, true)),
        session("cy", 3, ("forward right forward left forward forward forward", false), (three, true)),
        session("dee", 3, ("forward right forward forward forward", false)),
        session("gus", 3, ("forward right forward forward left forward forward", false)),
        session("eve", 4, ("jump forward", false), (four, true)),
        session("fay", 4, ("forward forward forward", false)),
    ]

    static func session(_ student: String, _ level: Int, _ attempts: (String, Bool)...) -> Session {
        Session(
            student: student, level: level,
            attempts: attempts.map { ($0.0.split(separator: " ").map(String.init), $0.1) })
    }
}
