import CardBotLesson
import Testing

/// The function cards, rule by rule: define-a, call-a, define-b, call-b.
@Suite("Function cards: definitions, calls, recursion and the stuck rule")
struct FunctionCardTests {
    /// A corridor of `length` floor tiles after the start, then the goal; every card offered.
    static func corridor(_ length: Int = 6, stepLimit: Int? = nil) throws -> Level {
        try TestLevel.make([">" + String(repeating: ".", count: length) + "G"], cards: TestLevel.allCards + TestLevel.functionCards, stepLimit: stepLimit)
    }

    @Test("a call runs the function's cards, then goes on after the call")
    func callRunsBodyThenContinues() throws {
        let trace = try TestLevel.run(try Self.corridor(), "call-a forward call-a define-a forward forward end")
        #expect(trace.steps.map(\.cardPosition) == [5, 6, 2, 5, 6])
        #expect(trace.steps.map(\.depth) == [1, 1, 0, 1, 1])
        #expect(trace.result.reason == .ended)
        #expect(trace.result.state.position == GridPoint(x: 5, y: 0))
        #expect(trace.result.steps == 5)  // calls are not steps
    }

    @Test("a definition does not run where it lies, and may lie before, between or after the main cards")
    func definitionsAnywhere() throws {
        let level = try Self.corridor()
        for program in [
            "define-a left end forward call-a forward",
            "forward define-a left end call-a forward",
            "forward call-a forward define-a left end",
            "forward call-a forward define-a left",
        ] {
            let trace = try TestLevel.run(level, program)
            #expect(trace.steps.map(\.card) == [.forward, .left, .forward], "\(program)")
            #expect(trace.steps.map(\.depth) == [0, 1, 0], "\(program)")
        }
    }

    @Test("the card count counts every card: definitions, calls and their ends")
    func cardCount() throws {
        let program = try CardProgram(names: ["call-a", "call-a", "define-a", "forward", "forward", "end"])
        #expect(program.count == 6)
        #expect(program.notes.isEmpty)
    }

    @Test("repeats and ifs inside a definition; calls inside a repeat")
    func nesting() throws {
        let level = try TestLevel.make(
            [">.....", "#####.", "#####G"], cards: TestLevel.allCards + TestLevel.functionCards)
        let trace = try TestLevel.run(
            level, "repeat-3 call-a end right forward forward define-a repeat-2 if-path-ahead forward end end end")
        // Three calls of a: 2 passes each, each pass a forward while there is a path ahead (the last call finds
        // the end of the row after one).
        #expect(trace.steps.filter { $0.card == .forward && $0.depth == 1 }.count == 5)
        #expect(trace.calls.filter { $0.kind == .enter }.count == 3)
        #expect(trace.calls.filter { $0.kind == .leave }.count == 3)
        #expect(trace.result.reason == .goal)
    }

    @Test("b may call a, and a call inside a function goes one deeper")
    func nestedCalls() throws {
        let trace = try TestLevel.run(
            try Self.corridor(), "call-b define-a forward end define-b forward call-a forward end")
        #expect(trace.steps.map(\.depth) == [1, 2, 1])
        #expect(trace.calls.map(\.kind) == [.enter, .enter, .leave, .leave])
        #expect(trace.calls.map(\.callPosition) == [1, 7, 7, 1])
        #expect(trace.calls.map(\.afterSteps) == [0, 1, 2, 3])
    }

    @Test("recursion runs as deep as the step limit, with bounded native stack", arguments: [1000, 100_000])
    func recursionToTheStepLimit(stepLimit: Int) throws {
        let level = try TestLevel.make([">.G"], cards: TestLevel.allCards + TestLevel.functionCards, stepLimit: stepLimit)
        let trace = try TestLevel.run(level, "call-a define-a left call-a")
        #expect(trace.result.reason == .stepLimit)
        #expect(trace.result.steps == stepLimit)
        #expect(trace.steps.last?.depth == stepLimit)
        #expect(trace.calls.allSatisfy { $0.kind == .enter })
    }

    @Test("recursion that reaches the goal ends the run there, however deep")
    func recursionToTheGoal() throws {
        let trace = try TestLevel.run(try Self.corridor(40), "call-a define-a forward call-a")
        #expect(trace.result.reason == .goal)
        #expect(trace.result.steps == 41)
        #expect(trace.steps.last?.depth == 41)
    }

    @Test("stuck: a function that calls itself before any step")
    func stuckDirect() throws {
        let level = try Self.corridor()
        let trace = try TestLevel.run(level, "forward call-a define-a call-a forward")
        #expect(trace.result.reason == .stuck)
        #expect(trace.result.stuckCardPosition == 4)
        #expect(trace.result.steps == 1)
        #expect(TraceFormatter.resultSentence(trace, level: level)
            == "The robot got stuck: call-a (card 4) called a again before a made a step, so the calls would go on forever on the second tile of the first row.")
    }

    @Test("stuck: two functions that call each other with no step between")
    func stuckMutual() throws {
        let trace = try TestLevel.run(try Self.corridor(), "call-a define-a call-b end define-b call-a end")
        #expect(trace.result.reason == .stuck)
        #expect(trace.result.stuckCardPosition == 6)
        #expect(trace.result.steps == 0)
    }

    @Test("not stuck: a step between the calls, or a second call of b while a runs")
    func notStuck() throws {
        let level = try Self.corridor(3)
        let mutual = try TestLevel.run(level, "call-a define-a forward call-b end define-b call-a end")
        #expect(mutual.result.reason == .goal)
        // b is called twice inside one call of a with no step between: b's first call has ended, so it is not running.
        let twice = try TestLevel.run(level, "call-a define-a call-b call-b forward end define-b left right end")
        #expect(twice.result.reason == .ended)
        #expect(twice.result.steps == 5)
    }

    @Test("a function that turns for ever stops at the step limit, not as stuck")
    func turningForEver() throws {
        let trace = try TestLevel.run(try Self.corridor(stepLimit: 50), "call-a define-a right call-a")
        #expect(trace.result.reason == .stepLimit)
    }

    @Test("errors name the card: a call with no definition, a second definition, a definition inside a block", arguments: [
        (["forward", "call-b", "define-a", "forward", "end"], 2, "card 2 (call-b) calls a function that is not defined: lay a define-b card"),
        (["define-a", "forward", "end", "call-a", "define-a", "left", "end"], 5, "card 5 is a second define-a (the first is card 1)"),
        (["repeat-2", "define-a", "forward", "end", "end"], 2, "card 2 (define-a) is inside the repeat-2 block of card 1"),
        (["define-a", "define-b", "forward", "end", "end"], 2, "card 2 (define-b) is inside the define-a block of card 1"),
        (["if-path-ahead", "forward", "else", "define-b", "end"], 4, "card 4 (define-b) is inside the if-path-ahead block of card 1"),
        (["define-a", "forward", "else", "left", "end"], 3, "card 3 (else) is inside the define-a block of card 1, which is not an if"),
    ])
    func errors(names: [String], position: Int, message: String) {
        #expect {
            _ = try CardProgram(names: names)
        } throws: { error in
            guard let error = error as? ProgramError else { return false }
            return error.position == position && error.message.hasPrefix(message)
        }
    }

    @Test("notes: a definition never called, and a definition left open at the end")
    func notes() throws {
        let uncalled = try CardProgram(names: ["forward", "define-a", "left", "end"])
        #expect(uncalled.notes == ["define-a (card 2) is never called, so its cards never run; lay a call-a card to use it"])
        // b is called only from a, and a is never called: both never run.
        let chain = try CardProgram(names: ["forward", "define-a", "call-b", "end", "define-b", "left", "end"])
        #expect(chain.uncalled == [2, 5])
        let open = try CardProgram(names: ["call-a", "define-a", "forward", "left"])
        #expect(open.notes == ["1 block was still open when the cards ran out and closed there: define-a (card 2)"])
        #expect(open.count == 4)
    }

    @Test("the trace shows entering and leaving a function: indented text, depth in JSON Lines")
    func traceOutput() throws {
        let level = try Self.corridor()
        let trace = try TestLevel.run(level, "forward call-a define-a forward forward end")
        let lines = TraceFormatter.lines(for: trace, level: level, optimal: nil)
        #expect(lines.contains(" 1. forward  (card 1)  moved to the second tile of the first row"))
        #expect(lines.contains("    call-a (card 2): the cards of define-a (card 3)"))
        #expect(lines.contains("       2. forward  (card 4)  moved to the third tile of the first row"))
        #expect(lines.contains("    end of a: back after card 2"))
        let json = TraceJSONLines.lines(for: trace, optimal: nil)
        #expect(json[0] == #"{"type":"step","step":1,"card":"forward","index":1,"x":1,"y":0,"facing":"east","event":"moved","gem":false,"depth":0}"#)
        #expect(json[1].hasSuffix(#""gem":false,"depth":1}"#))
    }
}
