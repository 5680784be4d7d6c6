/// The robot: a pure function from a level and a program to a ``Trace``.
public enum Robot {
    /// Runs `program` on `level` from its start and records every step.
    ///
    /// The rules are those of docs/levels.md ("The rules of the robot"); the run always ends: at most
    /// `level.stepLimit` steps are taken.
    public static func run(_ program: CardProgram, on level: Level) -> Trace {
        let world = RobotWorld(level.map)
        let startState = RobotState(position: level.map.start, facing: level.map.startFacing)
        guard !program.cards.isEmpty else {
            return Trace(
                program: program, steps: [], result: RunResult(reason: .noCards, state: startState, steps: 0),
                gemsTotal: level.map.gems.count)
        }
        var engine = RobotEngine(world: world, detectCycles: false)
        var recorder = TraceRecorder(cards: program.cards)
        let outcome = program.instructions.withUnsafeBufferPointer {
            engine.execute($0, partial: false, stepLimit: level.stepLimit, recorder: &recorder)
        }
        let state = RobotState(
            position: GridPoint(x: outcome.x, y: outcome.y), facing: Facing(rawValue: outcome.facing)!, gemMask: outcome.mask)
        let reason: RunReason
        switch outcome.end {
        case .goal: reason = .goal
        case .bumped: reason = .bumped
        case .fell: reason = .fell
        case .stuck: reason = .stuck
        case .stepLimit: reason = .stepLimit
        case .ranOut, .paused: reason = state.position == level.map.goal ? .gemsLeft : .ended
        }
        let result = RunResult(
            reason: reason, state: state, steps: outcome.steps,
            obstacle: outcome.obstacle.map { GridPoint(x: $0.x, y: $0.y) },
            stuckCardPosition: outcome.stuckCard >= 0 ? outcome.stuckCard + 1 : nil)
        return Trace(
            program: program, steps: recorder.steps, result: result, gemsTotal: level.map.gems.count, calls: recorder.calls)
    }
}

/// Collects the engine's steps as ``TraceStep``s.
private struct TraceRecorder: StepRecorder {
    let cards: [Card]
    var steps: [TraceStep] = []
    var calls: [TraceCall] = []
    /// The define cards' 1-based positions, learnt from the calls.
    var definePositions = (0, 0)

    mutating func record(card: Card, cardIndex: Int, depth: Int, x: Int, y: Int, facing: Int, mask: UInt32, event: StepEvent, tookGem: Bool) {
        steps.append(
            TraceStep(
                number: steps.count + 1, card: card, cardPosition: cardIndex + 1,
                state: RobotState(position: GridPoint(x: x, y: y), facing: Facing(rawValue: facing)!, gemMask: mask),
                event: event, tookGem: tookGem, depth: depth))
    }

    mutating func enter(function: Int, cardIndex: Int, bodyIndex: Int, depth: Int, steps: Int) {
        if function == 0 { definePositions.0 = bodyIndex } else { definePositions.1 = bodyIndex }
        calls.append(
            TraceCall(
                kind: .enter, function: function, callPosition: cardIndex + 1, definePosition: bodyIndex, afterSteps: steps,
                depth: depth))
    }

    mutating func leave(function: Int, cardIndex: Int, depth: Int, steps: Int) {
        let define = function == 0 ? definePositions.0 : definePositions.1
        calls.append(
            TraceCall(kind: .leave, function: function, callPosition: cardIndex + 1, definePosition: define, afterSteps: steps, depth: depth))
    }
}
