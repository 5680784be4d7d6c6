/// Words for people: the program, one line per step, and the result in sentences a child understands.
public enum TraceFormatter {
    /// The whole report: program, steps and result.
    public static func lines(for trace: Trace, level: Level, optimal: Int?) -> [String] {
        var lines = programLines(trace.program)
        lines.append("")
        let calls = callLines(trace)
        for step in trace.steps {
            lines += calls[step.number - 1] ?? []
            lines.append(stepLine(step, in: trace, level: level))
        }
        lines += calls[trace.steps.count] ?? []
        if !trace.steps.isEmpty || !trace.calls.isEmpty { lines.append("") }
        lines.append(resultSentence(trace, level: level))
        if let extra = cardSentence(trace, optimal: optimal) { lines.append(extra) }
        return lines
    }

    /// "Program (5 cards):" and the indented cards, then notes.
    public static func programLines(_ program: CardProgram) -> [String] {
        guard program.count > 0 else { return ["Program: no cards"] }
        var lines = ["Program (\(program.count) \(program.count == 1 ? "card" : "cards")):"]
        lines += program.indentedLines.map { "  " + $0 }
        lines += program.notes.map { "Note: " + $0 }
        return lines
    }

    /// The lines that enter and leave functions, by the number of steps taken before them:
    /// "call-a (card 2): the cards of define-a (card 6)" and "end of a: back after card 2", indented like the
    /// steps they come between.
    public static func callLines(_ trace: Trace) -> [Int: [String]] {
        var lines: [Int: [String]] = [:]
        let numberWidth = max(2, String(trace.steps.count).count)
        for call in trace.calls {
            let letter = Card.functionLetter(call.function)
            let outer = call.kind == .enter ? call.depth - 1 : call.depth
            let indent = String(repeating: " ", count: numberWidth + 2 + 4 * min(outer, maximumIndent))
            let text: String
            switch call.kind {
            case .enter:
                text = "\(Card.call(call.function).name) (card \(call.callPosition)): the cards of \(Card.define(call.function).name) (card \(call.definePosition))"
            case .leave:
                text = "end of \(letter): back after card \(call.callPosition)"
            }
            lines[call.afterSteps, default: []].append(indent + text)
        }
        return lines
    }

    /// Steps inside functions are indented four spaces per call running (plus two), up to this many calls deep.
    static let maximumIndent = 8

    /// One step: "  3. jump      (card 4)  jumped to (4, 3), took a gem (1 of 2)"; a step made inside a function is
    /// indented by the calls running.
    public static func stepLine(_ step: TraceStep, in trace: Trace, level: Level) -> String {
        let indent = step.depth == 0 ? 0 : 4 * min(step.depth, maximumIndent) + 2
        return String(repeating: " ", count: indent) + flatStepLine(step, in: trace, level: level)
    }

    private static func flatStepLine(_ step: TraceStep, in trace: Trace, level: Level) -> String {
        let numberWidth = max(2, String(trace.steps.count).count)
        let number = String(step.number)
        let cardWidth = 7  // the longest step card name, "forward"
        let name = step.card.name
        let cardLabel = "card \(step.cardPosition)"
        let head =
            String(repeating: " ", count: numberWidth - number.count) + number + ". " + name
            + String(repeating: " ", count: max(0, cardWidth - name.count)) + "  (" + cardLabel + ")"
            + String(repeating: " ", count: max(0, String(trace.program.count).count - String(step.cardPosition).count))
        return head + "  " + what(step, trace: trace, level: level)
    }

    /// What a step did, in words.
    static func what(_ step: TraceStep, trace: Trace, level: Level) -> String {
        let at = step.state.position
        var text: String
        switch step.event {
        case .moved: text = "moved to \(at)"
        case .jumped: text = "jumped to \(at)"
        case .turned: text = "turned \(step.card == .left ? "left" : "right"), now facing \(step.state.facing)"
        case .bumped:
            let obstacle = trace.result.obstacle.map { level.map.contains($0) ? "a wall at \($0)" : "the edge of the map" } ?? "a wall"
            text = step.card == .jump ? "could not jump: \(obstacle) is in the way; stayed at \(at)" : "bumped into \(obstacle); stayed at \(at)"
        case .fell: text = "fell into the water at \(at)"
        }
        if step.tookGem {
            text += ", took a gem (\(step.state.gemsTaken) of \(trace.gemsTotal))"
        }
        if step.number == trace.steps.count && trace.result.reason == .goal {
            text += ", reached the goal!"
        }
        return text
    }

    /// The result as a sentence: "The robot fell into the water at (3, 2).", "2 gems are still waiting."
    public static func resultSentence(_ trace: Trace, level: Level) -> String {
        let result = trace.result
        let at = result.state.position
        let left = trace.gemsLeft
        let waiting = left == 1 ? "1 gem is still waiting" : "\(left) gems are still waiting"
        switch result.reason {
        case .goal:
            let gems = trace.gemsTotal == 0 ? "" : trace.gemsTotal == 1 ? " with the gem" : " with all \(trace.gemsTotal) gems"
            return "Well done! The robot reached the goal at \(at)\(gems) in \(result.steps) \(result.steps == 1 ? "step" : "steps")."
        case .bumped:
            if let obstacle = result.obstacle, !level.map.contains(obstacle) {
                return "The robot bumped into the edge of the map at \(at)."
            }
            let wall = result.obstacle.map { " at \($0)" } ?? ""
            return "The robot bumped into a wall\(wall)."
        case .fell:
            return "The robot fell into the water at \(at)."
        case .stuck:
            if let position = result.stuckCardPosition, position <= trace.program.count, trace.program.cards[position - 1].isCall {
                let call = trace.program.cards[position - 1]
                let letter = Card.functionLetter(call.function!)
                return "The robot got stuck: \(call.name) (card \(position)) called \(letter) again before \(letter) made a step, so the calls would go on forever at \(at)."
            }
            let card = result.stuckCardPosition.map { " (card \($0))" } ?? ""
            return "The robot got stuck: the repeat-until-goal loop\(card) made no step, so it would wait at \(at) forever."
        case .stepLimit:
            return "The robot took \(level.stepLimit) steps without reaching the goal, so it was stopped at \(at)."
        case .noCards:
            return "There are no cards yet: lay some cards and try again."
        case .gemsLeft:
            return "The robot reached the goal at \(at), but \(waiting)."
        case .ended:
            let gems = left > 0 && trace.gemsTotal > 0 ? "; \(waiting)" : ""
            return "The cards ran out at \(at) before the robot reached the goal at \(level.map.goal)\(gems)."
        }
    }

    /// "It used 7 cards; it can be done with 5." and the like, or nil.
    static func cardSentence(_ trace: Trace, optimal: Int?) -> String? {
        guard trace.success else { return nil }
        let used = trace.program.count
        guard let optimal else { return "It used \(used) \(used == 1 ? "card" : "cards")." }
        if used <= optimal { return "It used \(used) \(used == 1 ? "card" : "cards"): the fewest possible." }
        return "It used \(used) cards; it can be done with \(optimal)."
    }
}
