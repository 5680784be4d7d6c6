import CardBotSupport

/// Words for people: the program, one line per step, and the result in sentences a child understands, in the
/// language of the current `Messages` catalog.
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
        guard program.count > 0 else { return [Messages.text("Program: no cards")] }
        var lines = [Messages.plural("Program (%s card):", "Program (%s cards):", count: program.count, program.count)]
        lines += program.indentedLines.map { "  " + $0 }
        lines += program.notes.map { Messages.text("Note: %s", $0) }
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
                text = Messages.text(
                    "%1$s (card %2$s): the cards of %3$s (card %4$s)", Card.call(call.function).localizedName, call.callPosition,
                    Card.define(call.function).localizedName, call.definePosition)
            case .leave:
                text = Messages.text("end of %1$s: back after card %2$s", letter, call.callPosition)
            }
            lines[call.afterSteps, default: []].append(indent + text)
        }
        return lines
    }

    /// Steps inside functions are indented four spaces per call running (plus two), up to this many calls deep.
    static let maximumIndent = 8

    /// One step: "  3. jump      (card 4)  jumped to the fifth tile of the fourth row, took a gem (1 of 2)"; a step
    /// made inside a function is indented by the calls running.
    public static func stepLine(_ step: TraceStep, in trace: Trace, level: Level) -> String {
        let indent = step.depth == 0 ? 0 : 4 * min(step.depth, maximumIndent) + 2
        return String(repeating: " ", count: indent) + flatStepLine(step, in: trace, level: level)
    }

    private static func flatStepLine(_ step: TraceStep, in trace: Trace, level: Level) -> String {
        let numberWidth = max(2, String(trace.steps.count).count)
        let number = String(step.number)
        // The longest step card's keyword in the reader's language ("forward", "venstre").
        let cardWidth = [Card.forward, .left, .right, .jump].map(\.localizedName.count).max() ?? 7
        let name = step.card.localizedName
        let cardLabel = Messages.text("card %s", step.cardPosition)
        let head =
            String(repeating: " ", count: numberWidth - number.count) + number + ". " + name
            + String(repeating: " ", count: max(0, cardWidth - name.count)) + "  (" + cardLabel + ")"
            + String(repeating: " ", count: max(0, String(trace.program.count).count - String(step.cardPosition).count))
        return head + "  " + what(step, trace: trace, level: level)
    }

    /// What a step did, in words: where the robot went told as a place on the map (``PlaceWords``), never in
    /// coordinates.
    static func what(_ step: TraceStep, trace: Trace, level: Level) -> String {
        let at = PlaceWords.tile(step.state.position, map: level.map)
        var text: String
        switch step.event {
        case .moved: text = Messages.text("moved to %s", at)
        case .jumped: text = Messages.text("jumped to %s", at)
        case .turned:
            let facing = facingName(step.state.facing)
            text = step.card == .left
                ? Messages.text("turned left, now facing %s", facing) : Messages.text("turned right, now facing %s", facing)
        case .bumped:
            let obstacle = trace.result.obstacle.map {
                level.map.contains($0) ? Messages.text("a wall") : Messages.text("the edge of the map")
            } ?? Messages.text("a wall")
            text = step.card == .jump
                ? Messages.text("could not jump: %1$s is in the way; stayed on %2$s", obstacle, at)
                : Messages.text("bumped into %1$s; stayed on %2$s", obstacle, at)
        case .fell: text = Messages.text("fell into the water on %s", at)
        }
        if step.tookGem {
            text += Messages.text(", took a gem (%1$s of %2$s)", step.state.gemsTaken, trace.gemsTotal)
        }
        if step.number == trace.steps.count && trace.result.reason == .goal {
            // The step already says it went to the goal ("moved to the goal"): a cheer, not the words again.
            text += "!"
        }
        return text
    }

    /// The name of a direction the robot faces ("north", "east", ...), translated.
    public static func facingName(_ facing: Facing) -> String {
        switch facing {
        case .north: return Messages.text("north", context: "facing")
        case .east: return Messages.text("east", context: "facing")
        case .south: return Messages.text("south", context: "facing")
        case .west: return Messages.text("west", context: "facing")
        }
    }

    /// The result as a sentence, the robot's place in words a child knows: "The robot fell into the water on the
    /// fourth tile of the second row.", "The cards ran out on the third tile of the second row, 2 tiles from the
    /// goal."
    public static func resultSentence(_ trace: Trace, level: Level) -> String {
        let result = trace.result
        let map = level.map
        let position = result.state.position
        let at = PlaceWords.tile(position, map: map)
        let beside = PlaceWords.beside(position, trace: trace, map: map)
        let left = trace.gemsLeft
        switch result.reason {
        case .goal, .gemsLeft, .noCards:
            // Nothing to place: the goal is one tile, and no cards went nowhere.
            return ResultWords.sentence(trace, level: level)
        case .bumped:
            if let obstacle = result.obstacle, !map.contains(obstacle) {
                return Messages.text("The robot bumped into the edge of the map on %1$s%2$s.", at, beside)
            }
            return result.obstacle.map {
                Messages.text("The robot bumped into the wall on %1$s; it stayed on %2$s.", PlaceWords.tile($0, map: map), at)
            } ?? Messages.text("The robot bumped into a wall.")
        case .fell:
            return Messages.text("The robot fell into the water on %s.", at)
        case .stuck:
            if let position = result.stuckCardPosition, position <= trace.program.count, trace.program.cards[position - 1].isCall {
                let call = trace.program.cards[position - 1]
                let letter = Card.functionLetter(call.function!)
                return Messages.text(
                    "The robot got stuck: %1$s (card %2$s) called %3$s again before %3$s made a step, so the calls would go on forever on %4$s.",
                    call.localizedName, position, letter, at)
            }
            if let card = result.stuckCardPosition {
                return Messages.text(
                    "The robot got stuck: the repeat-until-goal loop (card %1$s) made no step, so it would wait on %2$s forever.",
                    card, at)
            }
            return Messages.text(
                "The robot got stuck: the repeat-until-goal loop made no step, so it would wait on %s forever.", at)
        case .stepLimit:
            return Messages.text(
                "The robot took %1$s steps without reaching the goal, so it was stopped on %2$s.", level.stepLimit, at)
        case .ended:
            let ran: String
            if position == map.start {
                ran = Messages.text("The cards ran out while the robot was still at the start.")
            } else if let tiles = ResultWords.tilesToGoal(from: position, map: map) {
                ran = tiles == 1
                    ? Messages.text("The cards ran out on %s, right next to the goal.", at)
                    : Messages.plural(
                        "The cards ran out on %1$s, %2$s tile from the goal.", "The cards ran out on %1$s, %2$s tiles from the goal.",
                        count: tiles, at, tiles)
            } else {
                ran = Messages.text("The cards ran out on %s, before the robot reached the goal.", at)
            }
            guard left > 0 && trace.gemsTotal > 0 else { return ran }
            return ran + " " + Messages.plural("%s gem is still waiting.", "%s gems are still waiting.", count: left, left)
        }
    }

    /// "It used 7 cards; it can be done with 5." and the like, or nil.
    static func cardSentence(_ trace: Trace, optimal: Int?) -> String? {
        guard trace.success else { return nil }
        let used = trace.program.count
        guard let optimal else { return Messages.plural("It used %s card.", "It used %s cards.", count: used, used) }
        if used <= optimal {
            return Messages.plural("It used %s card: the fewest possible.", "It used %s cards: the fewest possible.", count: used, used)
        }
        return Messages.text("It used %1$s cards; it can be done with %2$s.", used, optimal)
    }
}
