/// Receives each step as the engine makes it. The solver passes ``NoRecorder`` so that searching allocates nothing.
protocol StepRecorder {
    /// A step; `depth` is the number of function calls running.
    mutating func record(card: Card, cardIndex: Int, depth: Int, x: Int, y: Int, facing: Int, mask: UInt32, event: StepEvent, tookGem: Bool)
    /// A call card at `cardIndex` starts function `function`'s body (at `bodyIndex`) after `steps` steps; `depth`
    /// counts the calls running, this one included.
    mutating func enter(function: Int, cardIndex: Int, bodyIndex: Int, depth: Int, steps: Int)
    /// The call at `cardIndex` returns after `steps` steps; `depth` counts the calls still running.
    mutating func leave(function: Int, cardIndex: Int, depth: Int, steps: Int)
}

/// Records nothing.
struct NoRecorder: StepRecorder {
    @inline(__always)
    mutating func record(card: Card, cardIndex: Int, depth: Int, x: Int, y: Int, facing: Int, mask: UInt32, event: StepEvent, tookGem: Bool) {}
    @inline(__always)
    mutating func enter(function: Int, cardIndex: Int, bodyIndex: Int, depth: Int, steps: Int) {}
    @inline(__always)
    mutating func leave(function: Int, cardIndex: Int, depth: Int, steps: Int) {}
}

/// How an engine run ended.
struct EngineOutcome {
    enum End { case goal, bumped, fell, stuck, stepLimit, ranOut, paused }
    var end: End
    var x: Int
    var y: Int
    var facing: Int
    var mask: UInt32
    var steps: Int
    var obstacle: (x: Int, y: Int)? = nil
    var stuckCard: Int = -1
    /// True when the run is paused (or ended) with no block pass in progress.
    var atTopLevel: Bool = true
    /// True when a partial run paused because the cards ran out (not at a jump whose target is not laid yet).
    var pausedAtEnd: Bool = false
}

/// The robot's rules applied to compiled instructions, without recursion and without allocating per step.
///
/// Termination: every step counts against the step limit; a counted-repeat pass that makes no step ends its
/// repeat (the remaining passes would change nothing); a repeat-until-goal pass that makes no step is `stuck`;
/// a call of a function made while an earlier call of the same function is running and no step has happened
/// since that call began is `stuck` (so between two steps at most one call per function is started).
/// So every run ends after at most `stepLimit + 1` steps and a number of instructions linear in that.
///
/// Calls never recurse natively: a call pushes a frame on the same explicit stack as the loops, so a recursion
/// as deep as the step limit needs only a few heap-allocated frames per step.
struct RobotEngine {
    let world: RobotWorld
    private var frames: [Frame] = []
    /// Pass-start stamps per robot state, for finding repeat-until-goal loops that go round in circles.
    private var stamps: [UInt32]
    private var generation: UInt32 = 0
    let canDetectCycles: Bool

    /// A running loop, or a running call (then `start` is the call card, `remaining` the function and
    /// `stepsAtPassStart` the steps at the start of the previous running call of that function, or -1).
    private struct Frame {
        var start: Int
        var remaining: Int
        var stepsAtPassStart: Int
        var generation: UInt32
        var isCall = false
    }

    init(world: RobotWorld, detectCycles: Bool) {
        self.world = world
        if detectCycles, let count = world.stateCount, count <= 1 << 22 {
            stamps = [UInt32](repeating: 0, count: count)
            canDetectCycles = true
        } else {
            stamps = []
            canDetectCycles = false
        }
        frames.reserveCapacity(64)
    }

    /// Runs `code` from the level's start.
    /// - Parameters:
    ///   - partial: when true, reaching the end of the code or an unresolved target pauses (more cards may follow).
    ///   - detectCycles: when true, a repeat-until-goal loop that comes back to a state it started a pass in ends
    ///     at once as `stepLimit` (it would go round until the limit). Only the solver uses this.
    ///   - startState: where the robot starts (a dense state index, see ``RobotWorld/stateIndex``); nil for the
    ///     level's start. The solver runs function bodies from every state this way.
    mutating func execute<R: StepRecorder>(
        _ code: UnsafeBufferPointer<Instruction>, partial: Bool, stepLimit: Int, detectCycles: Bool = false,
        startState: Int? = nil, recorder: inout R
    ) -> EngineOutcome {
        let world = self.world
        let cycles = detectCycles && canDetectCycles
        frames.removeAll(keepingCapacity: true)
        var x = world.start % world.width
        var y = world.start / world.width
        var facing = world.startFacing
        var mask: UInt32 = 0
        if let startState {
            let tile = startState >> (2 + world.gemCount)
            x = tile % world.width
            y = tile / world.width
            facing = (startState >> world.gemCount) & 3
            mask = UInt32(startState & ((1 << world.gemCount) - 1))
        }
        var steps = 0
        var pc = 0
        let count = code.count
        // The steps taken when the innermost running call of a and of b began; -1 when none runs.
        var callStartA = -1
        var callStartB = -1
        var depth = 0

        @inline(__always)
        func outcome(_ end: EngineOutcome.End) -> EngineOutcome {
            EngineOutcome(end: end, x: x, y: y, facing: facing, mask: mask, steps: steps, atTopLevel: frames.isEmpty)
        }

        while true {
            if pc < 0 || pc >= count {
                var result = outcome(partial ? .paused : .ranOut)
                result.pausedAtEnd = pc >= count
                return result
            }
            switch code[pc] {
            case .step(let card):
                if steps >= stepLimit { return outcome(.stepLimit) }
                steps += 1
                var event = StepEvent.moved
                var tookGem = false
                let (dx, dy) = delta(facing)
                switch card {
                case .left:
                    facing = (facing + 3) & 3
                    event = .turned
                case .right:
                    facing = (facing + 1) & 3
                    event = .turned
                case .forward:
                    let t = world.tile(x + dx, y + dy)
                    if t == Tile.wall.rawValue {
                        event = .bumped
                        recorder.record(card: card, cardIndex: pc, depth: depth, x: x, y: y, facing: facing, mask: mask, event: event, tookGem: false)
                        var result = outcome(.bumped)
                        result.obstacle = (x + dx, y + dy)
                        return result
                    }
                    x += dx
                    y += dy
                    event = t == Tile.water.rawValue ? .fell : .moved
                case .jump:
                    let over = world.tile(x + dx, y + dy)
                    let landing = world.tile(x + 2 * dx, y + 2 * dy)
                    if over == Tile.wall.rawValue || landing == Tile.wall.rawValue {
                        recorder.record(card: card, cardIndex: pc, depth: depth, x: x, y: y, facing: facing, mask: mask, event: .bumped, tookGem: false)
                        var result = outcome(.bumped)
                        result.obstacle = over == Tile.wall.rawValue ? (x + dx, y + dy) : (x + 2 * dx, y + 2 * dy)
                        return result
                    }
                    x += 2 * dx
                    y += 2 * dy
                    event = landing == Tile.water.rawValue ? .fell : .jumped
                default:
                    preconditionFailure("only step cards compile to steps")
                }
                if event == .fell {
                    recorder.record(card: card, cardIndex: pc, depth: depth, x: x, y: y, facing: facing, mask: mask, event: event, tookGem: false)
                    return outcome(.fell)
                }
                let here = y * world.width + x
                if event != .turned {
                    let gem = world.gemAt[here]
                    if gem >= 0 && mask & (1 << UInt32(gem)) == 0 {
                        mask |= 1 << UInt32(gem)
                        tookGem = true
                    }
                }
                recorder.record(card: card, cardIndex: pc, depth: depth, x: x, y: y, facing: facing, mask: mask, event: event, tookGem: tookGem)
                if here == world.goal && mask == world.allGems { return outcome(.goal) }
                pc += 1

            case .repeatStart(let passes, _):
                frames.append(Frame(start: pc, remaining: passes, stepsAtPassStart: steps, generation: 0))
                pc += 1

            case .repeatEnd(let start):
                let top = frames.count - 1
                frames[top].remaining -= 1
                if frames[top].remaining > 0 && steps > frames[top].stepsAtPassStart {
                    frames[top].stepsAtPassStart = steps
                    pc = start + 1
                } else {
                    // Done, or a pass made no step: the robot is unchanged, so the passes left would change nothing.
                    frames.removeLast()
                    pc += 1
                }

            case .untilStart(let end):
                if y * world.width + x == world.goal {
                    pc = end == Instruction.unresolved ? Instruction.unresolved : end + 1
                    continue
                }
                var frame = Frame(start: pc, remaining: 0, stepsAtPassStart: steps, generation: 0)
                if cycles {
                    generation &+= 1
                    if generation == 0 {
                        for i in stamps.indices { stamps[i] = 0 }
                        generation = 1
                    }
                    frame.generation = generation
                    stamps[world.stateIndex(tile: y * world.width + x, facing: facing, mask: mask)] = generation
                }
                frames.append(frame)
                pc += 1

            case .untilEnd(let start):
                let top = frames.count - 1
                if steps == frames[top].stepsAtPassStart {
                    var result = outcome(.stuck)
                    result.stuckCard = start
                    return result
                }
                if y * world.width + x == world.goal {
                    frames.removeLast()
                    pc += 1
                    continue
                }
                if cycles {
                    let index = world.stateIndex(tile: y * world.width + x, facing: facing, mask: mask)
                    if stamps[index] == frames[top].generation { return outcome(.stepLimit) }
                    stamps[index] = frames[top].generation
                }
                frames[top].stepsAtPassStart = steps
                pc = start + 1

            case .ifStart(let direction, let otherwise):
                let look: Int
                switch direction {
                case .ahead: look = facing
                case .left: look = (facing + 3) & 3
                case .right: look = (facing + 1) & 3
                }
                let (dx, dy) = delta(look)
                pc = world.isPath(x + dx, y + dy) ? pc + 1 : otherwise

            case .jump(let target):
                pc = target

            case .ifEnd:
                pc += 1

            case .defineStart(_, let end):
                pc = end == Instruction.unresolved ? Instruction.unresolved : end + 1

            case .call(let function, let body):
                if body == Instruction.unresolved {
                    pc = Instruction.unresolved
                    continue
                }
                let running = function == 0 ? callStartA : callStartB
                if running == steps {
                    var result = outcome(.stuck)
                    result.stuckCard = pc
                    return result
                }
                frames.append(Frame(start: pc, remaining: function, stepsAtPassStart: running, generation: 0, isCall: true))
                if function == 0 { callStartA = steps } else { callStartB = steps }
                depth += 1
                recorder.enter(function: function, cardIndex: pc, bodyIndex: body, depth: depth, steps: steps)
                pc = body

            case .functionEnd:
                let frame = frames.removeLast()
                if frame.remaining == 0 { callStartA = frame.stepsAtPassStart } else { callStartB = frame.stepsAtPassStart }
                depth -= 1
                recorder.leave(function: frame.remaining, cardIndex: frame.start, depth: depth, steps: steps)
                pc = frame.start + 1
            }
        }
    }
}
