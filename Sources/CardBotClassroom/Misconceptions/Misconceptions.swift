import CardBotLesson
import CardBotSupport

/// What goes wrong in a class (or a district): for every failed attempt its first wrong card (see
/// ``MistakeFinder`` for the rule), counted by card, by concept and by mistake on each level, and the fixes the
/// children tried between consecutive attempts.
///
/// Built from the class's grades (``init(grades:levels:)``) or from a gradebook's attempts (``init(sessions:levels:)``);
/// only curriculum levels count (a session's own level file is left out, as in `progress`), so a class graded in
/// shards and merged counts exactly what one run does.
public struct Misconceptions: Sendable, Equatable {
    /// One session's attempts, in order, as the counts read them.
    public struct Session: Sendable, Equatable {
        /// Who (a name or a roster id: one child's sessions share it).
        public var student: String
        /// The curriculum level played.
        public var level: Int
        /// Each attempt's cards (names) and whether it solved the level, in order.
        public var attempts: [(program: [String], solved: Bool)]

        /// Creates a session.
        public init(student: String, level: Int, attempts: [(program: [String], solved: Bool)]) {
            self.student = student
            self.level = level
            self.attempts = attempts
        }

        public static func == (a: Session, b: Session) -> Bool {
            a.student == b.student && a.level == b.level && a.attempts.count == b.attempts.count
                && zip(a.attempts, b.attempts).allSatisfy { $0.program == $1.program && $0.solved == $1.solved }
        }
    }

    /// Failed attempts whose first wrong card is one card, or one concept.
    public struct Count: Sendable, Equatable {
        /// The card's name, or the concept's (`turning`).
        public var name: String
        /// Failed attempts that went wrong first at it.
        public var failed: Int
        /// Attempts that used it (any card of the concept), failed or not.
        public var used: Int
        /// Distinct students with a failed attempt that went wrong first at it.
        public var students: Int
    }

    /// One mistake on one level: what, where, and how many made it.
    public struct Mistake: Sendable, Equatable {
        /// The level.
        public var level: Int
        /// Its title as the level file names it.
        public var levelName: String
        /// Its title in the reader's language.
        public var shownLevelName: String
        /// What went wrong.
        public var kind: MistakeKind
        /// The first wrong card (its name); nil when a card was missing.
        public var card: String?
        /// The card the shortest way takes there (its name).
        public var expected: String?
        /// The corner it happened at, from 1, for turns.
        public var corner: Int?
        /// Steps short of the goal, for ``MistakeKind/stoppedShort`` (the fewest over the attempts).
        public var stepsShort: Int?
        /// The concept at fault.
        public var concept: Concept
        /// Failed attempts with this mistake.
        public var attempts: Int
        /// Distinct students who made it.
        public var students: Int
        /// Distinct students who played the level.
        public var studentsOnLevel: Int
    }

    /// A fix tried between consecutive attempts, and how often.
    public struct Fix: Sendable, Equatable {
        /// The edit.
        public var edit: ProgramEdit
        /// How often it was made, after a failed attempt.
        public var times: Int
        /// Distinct students who made it.
        public var students: Int
    }

    /// Attempts counted (graded sessions on curriculum levels).
    public var attempts = 0
    /// Of them, attempts that did not solve the level.
    public var failed = 0
    /// Of them, failed attempts whose first wrong card was found (the rest: an empty program, or a level too large
    /// to judge).
    public var placed = 0
    /// Every concept, in order (sequence, turning, jump, loops, conditionals, functions), zeros included.
    public var concepts: [Count] = []
    /// The cards some failed attempt went wrong first at, most failures first (then card order).
    public var cards: [Count] = []
    /// Mistakes by level, kind, card and corner: most students first, then most attempts, then level order.
    public var mistakes: [Mistake] = []
    /// Edits between a failed attempt and the next attempt of the same child on the same level, most made first.
    public var fixes: [Fix] = []

    /// Sessions left out because their grade needs the teacher's look: until a correction answers their doubts,
    /// their attempts may not be the child's.
    public var leftOutForReview = 0

    /// True when there was nothing to count.
    public var isEmpty: Bool { attempts == 0 }

    /// No attempts.
    public init() {}

    /// The misconceptions of a class's graded sessions on the curriculum levels in `levels` (by number); sessions
    /// that could not be graded, played their own level file or a level not in `levels` are left out, and so are
    /// sessions whose grade needs the teacher's look (their attempts may not be the child's: counted in
    /// ``leftOutForReview``). A child is known by the student name.
    public init(grades: [SessionGrade], levels: [Int: Level]) {
        let sessions = grades.compactMap { grade -> Session? in
            guard grade.error == nil, !grade.needsReview, grade.levelFile == nil, let level = grade.level,
                levels[level] != nil
            else { return nil }
            return Session(student: grade.student, level: level, attempts: grade.history.map { ($0.program, $0.solved) })
        }
        self.init(sessions: sessions, levels: levels)
        leftOutForReview = grades.filter { $0.error == nil && $0.needsReview }.count
    }

    /// The misconceptions of `sessions` (a child's sessions of a level in the order played) on `levels` (by
    /// number); sessions on a level not in `levels` are left out.
    public init(sessions: [Session], levels: [Int: Level]) {
        var finders: [Int: MistakeFinder] = [:]
        var conceptFailed: [Concept: (Int, Set<String>)] = [:]
        var conceptUsed: [Concept: Int] = [:]
        var cardFailed: [String: (Int, Set<String>)] = [:]
        var cardUsed: [String: Int] = [:]
        struct Key: Hashable { var level: Int; var kind: MistakeKind; var card: String?; var corner: Int? }
        var groups: [Key: (mistake: AttemptMistake, attempts: Int, students: Set<String>, short: Int?)] = [:]
        var playedBy: [Int: Set<String>] = [:]
        var fixCounts: [ProgramEdit: (Int, Set<String>)] = [:]
        var previous: [String: (program: [String], solved: Bool)] = [:]
        for session in sessions {
            guard let level = levels[session.level] else { continue }
            let finder = finders[session.level] ?? MistakeFinder(level: level)
            finders[session.level] = finder
            playedBy[session.level, default: []].insert(session.student)
            let child = "\(session.level)\u{1}\(session.student)"
            for attempt in session.attempts {
                attempts += 1
                for name in Set(attempt.program) { cardUsed[name, default: 0] += 1 }
                for concept in Set(attempt.program.compactMap { Card(name: $0).map(Concept.init(card:)) }) {
                    conceptUsed[concept, default: 0] += 1
                }
                if let before = previous[child], !before.solved {
                    for edit in Set(ProgramEdit.between(before.program, attempt.program)) {
                        fixCounts[edit, default: (0, [])].0 += 1
                        fixCounts[edit, default: (0, [])].1.insert(session.student)
                    }
                }
                previous[child] = attempt
                guard !attempt.solved else { continue }
                failed += 1
                guard let mistake = finder.mistake(names: attempt.program) else { continue }
                placed += 1
                conceptFailed[mistake.concept, default: (0, [])].0 += 1
                conceptFailed[mistake.concept, default: (0, [])].1.insert(session.student)
                if let card = mistake.card?.name {
                    cardFailed[card, default: (0, [])].0 += 1
                    cardFailed[card, default: (0, [])].1.insert(session.student)
                }
                let key = Key(level: session.level, kind: mistake.kind, card: mistake.card?.name, corner: mistake.corner)
                var group = groups[key] ?? (mistake, 0, [], nil)
                group.attempts += 1
                group.students.insert(session.student)
                if let short = mistake.stepsShort { group.short = min(group.short ?? short, short) }
                groups[key] = group
            }
        }
        concepts = Concept.allCases.map { concept in
            Count(
                name: concept.rawValue, failed: conceptFailed[concept]?.0 ?? 0, used: conceptUsed[concept] ?? 0,
                students: conceptFailed[concept]?.1.count ?? 0)
        }
        cards = cardFailed.map { Count(name: $0.key, failed: $0.value.0, used: cardUsed[$0.key] ?? 0, students: $0.value.1.count) }
            .sorted { ($1.failed, Self.cardOrder($0.name), $0.name) < ($0.failed, Self.cardOrder($1.name), $1.name) }
        mistakes = groups.map { key, group in
            let level = levels[key.level]!
            return Mistake(
                level: key.level, levelName: level.name, shownLevelName: level.localized(Messages.preferences).name,
                kind: key.kind, card: key.card, expected: group.mistake.expected?.name, corner: key.corner,
                stepsShort: group.short, concept: group.mistake.concept, attempts: group.attempts,
                students: group.students.count, studentsOnLevel: playedBy[key.level]?.count ?? 0)
        }.sorted { a, b in
            if (b.students, b.attempts, a.level, a.kind, a.corner ?? 0) != (a.students, a.attempts, b.level, b.kind, b.corner ?? 0) {
                return (b.students, b.attempts, a.level, a.kind, a.corner ?? 0) < (a.students, a.attempts, b.level, b.kind, b.corner ?? 0)
            }
            return (Self.cardOrder(a.card ?? ""), a.card ?? "") < (Self.cardOrder(b.card ?? ""), b.card ?? "")
        }
        fixes = fixCounts.map { Fix(edit: $0.key, times: $0.value.0, students: $0.value.1.count) }
            .sorted { ($1.times, $1.students, $0.edit) < ($0.times, $0.students, $1.edit) }
    }

    /// A card name's place in card order (a deck's own names after every card, by name).
    static func cardOrder(_ name: String) -> Int { Card(name: name)?.rawValue ?? Card.allCases.count }
}
