import CardBotClassroom
import CardBotLesson
import CardBotSession
import CardBotSupport

/// The term as a teacher reads it: for each student the levels solved (stars, date), the next level in the unlock
/// chain, the levels tried and not solved, and attempts to solve over time; for each level its solve rate and
/// median attempts to solve, so a level that is too hard stands out.
public struct TermProgress: Sendable, Equatable {
    /// One student's standing on one level.
    public struct LevelStanding: Sendable, Equatable {
        /// The level.
        public var level: Int
        /// Sessions on it.
        public var sessions: Int
        /// Programs run on it, over all sessions.
        public var attempts: Int
        /// Best stars.
        public var stars: Int
        /// The day of the first session that solved it.
        public var solvedOn: String?
        /// Attempts up to and including the first success, over the sessions until then.
        public var attemptsToSolve: Int?
        /// True when a session of the level has a grade that needs the teacher's look: the standing is provisional.
        public var needsReview = false
    }

    /// One student.
    public struct Student: Sendable, Equatable {
        /// The name (with the roster id in brackets when another student of the term has the same name).
        public var name: String
        /// The roster id, when her sessions are tied to one.
        public var id: String? = nil
        /// Standing on each level played, in unlock order.
        public var levels: [LevelStanding]
        /// The levels open to the student and not yet solved, in unlock order: the first is the next to play.
        public var available: [Int]
        /// Sessions that could not be graded.
        public var errors: Int
        /// The next level to play (the first available, unsolved, in unlock order); nil when all are solved.
        public var next: Int? { available.first }
        /// Levels solved.
        public var solved: [LevelStanding] { levels.filter { $0.solvedOn != nil } }
        /// Levels tried and not solved.
        public var triedNotSolved: [LevelStanding] { levels.filter { $0.solvedOn == nil } }
    }

    /// Level numbers in unlock order: the level files', then any other level seen in the gradebook.
    public var levelOrder: [Int]
    /// Level titles by number, as the level files name them (CSV and JSON keep these).
    public var levelNames: [Int: String]
    /// Level titles in the reader's language, where the level files translate them.
    public var translatedLevelNames: [Int: String] = [:]
    /// The students, in natural order of their names.
    public var students: [Student]
    /// Per level figures, in unlock order (levels nobody played left out): all of a student's sessions of a level
    /// are one play (``LevelFigures/Play``), her attempts to solve added up over them until her first success.
    public var figures: [LevelFigures]
    /// The days sessions were recorded on, in order.
    public var days: [String]
    /// What goes wrong in the attempts of these sessions (filled by ``recorded(in:levelsDirectory:student:rosterClass:school:)``,
    /// which reads the attempts; empty otherwise).
    public var misconceptions = Misconceptions()
    /// True when the students are shown by pseudonyms (``anonymised(_:)``).
    public var isAnonymised = false

    /// The progress of `sessions` (in date order) along the unlock chain of `catalog` (levels in unlock order),
    /// for every student or only `only` (a name or a roster id). Sessions tied to a roster id are one student
    /// whatever name they give; the others are grouped by name.
    public init(sessions: [ProgressSession], catalog: [Level], student only: String? = nil) {
        var names: [Int: String] = [:]
        for level in catalog { names[level.number] = level.name }
        for session in sessions {
            if let level = session.grade.level, names[level] == nil { names[level] = session.grade.levelName ?? "" }
        }
        var order = catalog.map(\.number)
        for number in Set(sessions.compactMap(\.grade.level)).sorted() where !order.contains(number) {
            order.append(number)
        }
        levelOrder = order
        levelNames = names
        for level in catalog {
            let shown = level.localized(Messages.preferences).name
            if shown != level.name { translatedLevelNames[level.number] = shown }
        }
        var unlocks: [Int: Int] = [:]
        for level in catalog { if let next = level.unlocks, unlocks[level.number] == nil { unlocks[level.number] = next } }
        let unlocked = Set(catalog.compactMap(\.unlocks))
        let first = catalog.first { !unlocked.contains($0.number) }?.number ?? order.first
        let chosen = sessions.filter { session in only.map(session.isOf) ?? true }
        days = Array(Set(chosen.map(\.day))).sorted()
        var byStudent: [String: [ProgressSession]] = [:]
        for session in chosen { byStudent[session.studentKey, default: []].append(session) }
        // A student is shown by the name of her latest session; a name two students share gets the id too.
        var shown: [String: String] = [:]
        for (key, own) in byStudent { shown[key] = own.last!.grade.student }
        var uses: [String: Int] = [:]
        for name in shown.values { uses[name, default: 0] += 1 }
        for (key, own) in byStudent where uses[shown[key]!]! > 1 {
            if let id = own.last!.studentID { shown[key] = "\(shown[key]!) (\(id))" }
        }
        let studentKeys = byStudent.keys.sorted {
            NaturalOrder.areInIncreasingOrder(shown[$0]!, shown[$1]!) || (shown[$0]! == shown[$1]! && $0 < $1)
        }
        students = studentKeys.map { key in
            let own = byStudent[key]!
            let name = shown[key]!
            var standings: [LevelStanding] = []
            for level in order {
                let here = own.filter { $0.grade.level == level }
                guard !here.isEmpty else { continue }
                var attempts = 0
                var toSolve: Int? = nil
                var solvedOn: String? = nil
                for session in here {
                    let grade = session.grade
                    if solvedOn == nil, grade.solved {
                        toSolve = attempts + (grade.firstSuccess?.attempt ?? grade.attempts)
                        solvedOn = session.day
                    }
                    attempts += grade.attempts
                }
                standings.append(LevelStanding(
                    level: level, sessions: here.count, attempts: attempts,
                    stars: here.compactMap(\.grade.stars).max() ?? 0, solvedOn: solvedOn, attemptsToSolve: toSolve,
                    needsReview: here.contains { $0.grade.error == nil && $0.grade.needsReview }))
            }
            let solved = Set(standings.filter { $0.solvedOn != nil }.map(\.level))
            // Available: the first level of the chain, and every level a solved level unlocks.
            var open = Set(first.map { [$0] } ?? [])
            for level in solved { if let next = unlocks[level] { open.insert(next) } }
            let available = order.filter { open.contains($0) && !solved.contains($0) }
            return Student(
                name: name, id: own.last!.studentID, levels: standings, available: available,
                errors: own.filter { $0.grade.level == nil }.count)
        }
        let students = self.students
        let translated = translatedLevelNames
        figures = order.compactMap { level in
            let plays = zip(studentKeys, students).compactMap { key, student in
                student.levels.first { $0.level == level }.map {
                    LevelFigures.Play(student: key, solved: $0.solvedOn != nil, attemptsToSolve: $0.attemptsToSolve)
                }
            }
            guard !plays.isEmpty else { return nil }
            return LevelFigures(
                key: LevelKey(number: level), levelName: names[level] ?? "", shownLevelName: translated[level],
                sessions: chosen.map(\.grade).filter { $0.level == level }, plays: plays)
        }
    }

    /// Level `number`'s title as pages and the terminal show it: in the reader's language when translated.
    public func shownLevelName(_ number: Int) -> String {
        translatedLevelNames[number] ?? levelNames[number] ?? ""
    }
}
