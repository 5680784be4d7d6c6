import CardBotLesson
import CardBotSupport

extension Misconceptions {
    /// "The attempts of 2 sessions that need your look are left out.", for the reports' lead line.
    public var leftOutSentence: String {
        Messages.plural(
            "The attempts of %s session that needs your look are left out.",
            "The attempts of %s sessions that need your look are left out.", count: leftOutForReview, leftOutForReview)
    }

    /// What the teacher reads, in the reader's language: each level's most common mistake ("Most students on L3
    /// Left and right (4 of 5) turned the wrong way at the first corner: 6 attempts."), the concepts the failed
    /// attempts went wrong at, and the typical fixes between attempts. Empty when no attempt failed.
    public var sentences: [String] {
        guard failed > 0 else { return [] }
        var lines: [String] = []
        var levelsSaid = Set<Int>()
        for mistake in mistakes.sorted(by: { $0.level < $1.level }) where !levelsSaid.contains(mistake.level) {
            guard let top = mistakes.first(where: { $0.level == mistake.level }) else { continue }
            levelsSaid.insert(mistake.level)
            lines.append(Self.sentence(top))
        }
        let concepts = self.concepts.enumerated().filter { $0.element.failed > 0 }
            .sorted { ($1.element.failed, $0.offset) < ($0.element.failed, $1.offset) }.map(\.element)
        if !concepts.isEmpty {
            let list = concepts.map { count in
                "\(Concept(rawValue: count.name)!.localizedName) \(count.failed)"
            }
            lines.append(
                Messages.plural(
                    "Failed attempts by concept of the first wrong card (%1$s attempt): %2$s.",
                    "Failed attempts by concept of the first wrong card (%1$s attempts): %2$s.", count: placed, placed,
                    list.joined(separator: ", ")))
        }
        if !fixes.isEmpty {
            let list = fixes.prefix(3).map { fix in
                Messages.plural("%1$s (%2$s time)", "%1$s (%2$s times)", count: fix.times, Self.phrase(fix.edit), fix.times)
            }
            lines.append(Messages.text("Typical fixes between attempts: %s.", list.joined(separator: "; ")))
        }
        return lines
    }

    /// One mistake as a sentence: who, which level, what, how often.
    public static func sentence(_ mistake: Mistake) -> String {
        let level = "L\(mistake.level) \(mistake.shownLevelName)"
        let what = phrase(mistake)
        let attempts = Messages.plural("%s attempt", "%s attempts", count: mistake.attempts, mistake.attempts)
        if mistake.students * 2 > mistake.studentsOnLevel, mistake.studentsOnLevel > 1 {
            return Messages.text(
                "Most students on %1$s (%2$s of %3$s) %4$s: %5$s.", level, mistake.students, mistake.studentsOnLevel, what,
                attempts)
        }
        return Messages.plural(
            "%1$s of %2$s student on %3$s %4$s: %5$s.", "%1$s of %2$s students on %3$s %4$s: %5$s.",
            count: mistake.studentsOnLevel, mistake.students, mistake.studentsOnLevel, level, what, attempts)
    }

    /// What the children did, as a phrase after "students" ("turned the wrong way at the first corner").
    public static func phrase(_ mistake: Mistake) -> String {
        let corner = ordinal(mistake.corner ?? 1)
        let card = mistake.card.map(Card.shown) ?? ""
        switch mistake.kind {
        case .wrongTurn: return Messages.text("turned the wrong way at the %s corner", corner)
        case .oneForwardTooFew: return Messages.text("went one forward too few before the %s corner", corner)
        case .turnedTooEarly: return Messages.text("turned too early, before the %s corner", corner)
        case .missedTurn: return Messages.text("went straight on at the %s corner", corner)
        case .jumpedTooEarly: return Messages.text("jumped too early")
        case .missedJump: return Messages.text("went forward where the robot must jump")
        case .offTheWay: return Messages.text("left the way with a %s card", card)
        case .repeatedTooOften: return Messages.text("repeated a loop once too often")
        case .repeatedTooFew: return Messages.text("repeated a loop too few times")
        case .blockDoesNotFit:
            switch mistake.concept {
            case .conditionals: return Messages.text("used an if that chose the wrong way on a later pass")
            case .functions: return Messages.text("called a function whose cards do not fit every call")
            default: return Messages.text("used a loop whose cards do not fit every pass")
            }
        case .stoppedOneShort: return Messages.text("stopped one forward short of the goal")
        case .stoppedShort:
            let steps = mistake.stepsShort ?? 2
            return Messages.plural("stopped %s step short of the goal", "stopped %s steps short of the goal", count: steps, steps)
        case .stuck: return Messages.text("made a repeat-until-goal loop that takes no step")
        case .tooManySteps: return Messages.text("ran more steps than the level allows")
        case .notRunnable:
            return mistake.card == nil
                ? Messages.text("laid cards that cannot run") : Messages.text("laid a %s card where it cannot run", card)
        }
    }

    /// A fix as a phrase: "left changed to right", "forward put in", "jump taken out".
    public static func phrase(_ edit: ProgramEdit) -> String {
        let from = edit.from.map(Card.shown) ?? ""
        let to = edit.to.map(Card.shown) ?? ""
        switch edit.kind {
        case .changed: return Messages.text("%1$s changed to %2$s", from, to)
        case .inserted: return Messages.text("%s put in", to)
        case .removed: return Messages.text("%s taken out", from)
        }
    }

    /// "first" to "fifth", then "6th", in the reader's language.
    static func ordinal(_ number: Int) -> String {
        switch number {
        case 1: return Messages.text("first", context: "corner")
        case 2: return Messages.text("second", context: "corner")
        case 3: return Messages.text("third", context: "corner")
        case 4: return Messages.text("fourth", context: "corner")
        case 5: return Messages.text("fifth", context: "corner")
        default: return Messages.text("%sth", number, context: "corner")
        }
    }
}
