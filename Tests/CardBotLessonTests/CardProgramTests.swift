import CardBotLesson
import Testing

@Suite("The card language")
struct CardProgramTests {
    @Test("every card name reads back as its card")
    func names() {
        #expect(Card.allNames == [
            "forward", "left", "right", "jump", "repeat-2", "repeat-3", "repeat-4", "repeat-5", "repeat-until-goal",
            "if-path-ahead", "if-path-left", "if-path-right", "else", "end", "define-a", "call-a", "define-b", "call-b",
        ])
        for card in Card.allCases { #expect(Card(name: card.name) == card) }
        #expect(Card(name: "Forward") == nil)
    }

    @Test("the card count counts every card, end and else included")
    func count() throws {
        let program = try CardProgram(names: ["if-path-ahead", "forward", "else", "left", "end"])
        #expect(program.count == 5)
        #expect(program.closedAtEnd.isEmpty)
        #expect(program.notes.isEmpty)
    }

    @Test("blocks still open when the cards run out are closed there, with a note")
    func autoClose() throws {
        let program = try CardProgram(names: ["repeat-2", "forward", "if-path-left", "left"])
        #expect(program.closedAtEnd == [1, 3])
        #expect(program.notes.count == 1)
        #expect(program.notes[0].contains("repeat-2 (card 1)"))
        #expect(program.notes[0].contains("if-path-left (card 3)"))
    }

    @Test(
        "a misplaced end or else is an error naming the card's position",
        arguments: [
            (["end"], 1, "card 1 (end) has no repeat, if or definition to close"),
            (["forward", "else"], 2, "card 2 (else) has no if before it"),
            (["repeat-2", "forward", "else"], 3, "card 3 (else) is inside the repeat-2 block of card 1"),
            (["if-path-ahead", "forward", "else", "left", "else", "right"], 5, "card 5 is a second else for the if-path-ahead of card 1"),
            (["if-path-ahead", "forward", "end", "end"], 4, "card 4 (end) has no repeat, if or definition to close"),
        ])
    func errors(names: [String], position: Int, message: String) {
        #expect {
            _ = try CardProgram(names: names)
        } throws: { error in
            guard let error = error as? ProgramError else { return false }
            return error.position == position && error.message.hasPrefix(message)
        }
    }

    @Test("an unknown name is reported with its position and a suggestion")
    func unknownName() {
        #expect {
            _ = try CardProgram(names: ["forward", "rigth"])
        } throws: { error in
            guard let error = error as? ProgramError else { return false }
            return error.position == 2 && error.message.contains("did you mean 'right'?")
        }
    }

    @Test("a program over the card limit is refused; one at the limit is read")
    func sizeLimit() throws {
        #expect(throws: ProgramError.self) {
            _ = try CardProgram([Card](repeating: .forward, count: 10_000))
        }
        let atLimit = try CardProgram([Card](repeating: .forward, count: LevelLimits.maximumProgramCards))
        #expect(atLimit.count == LevelLimits.maximumProgramCards)
    }

    @Test("the listing indents blocks")
    func indented() throws {
        let program = try CardProgram(names: ["repeat-2", "if-path-ahead", "forward", "else", "left", "end", "end"])
        #expect(program.indentedLines == [
            "1  repeat-2", "2    if-path-ahead", "3      forward", "4    else", "5      left", "6    end", "7  end",
        ])
    }
}

@Suite("Marker ids and typed programs mapped through a level's cards")
struct CardMappingTests {
    let level: Level
    let mapping: CardMapping

    init() throws {
        level = try TestLevel.make([">..G"], cards: [0, 1, 2, 8, 13])
        mapping = CardMapping(level: level, deckNames: TestLevel.deck)
    }

    @Test("marker ids read from a frame become the level's cards")
    func markerIDs() throws {
        #expect(try mapping.cards(markerIDs: [8, 0, 13]) == [.repeatUntilGoal, .forward, .end])
        let program = try mapping.program(markerIDs: [0, 0, 0])
        #expect(Robot.run(program, on: level).success)
    }

    @Test("a level may give a marker id another meaning")
    func remapped() throws {
        let custom = try LevelLoader.load(
            text: #"{"format":1,"number":1,"name":"n","description":"d","cards":{"3":"forward"},"tiles":[">G"]}"#)
        let mapping = CardMapping(level: custom, deckNames: TestLevel.deck)
        #expect(try mapping.cards(markerIDs: [3]) == [.forward])
    }

    @Test("a card in the deck but not in the level is a clear error")
    func notInLevel() {
        #expect {
            _ = try mapping.cards(markerIDs: [0, 3])
        } throws: { error in
            guard let error = error as? CardMappingError else { return false }
            return error.kind == .notInLevel("jump") && error.position == 2
                && error.message.contains("the jump card (marker id 3) is not used in this level")
        }
    }

    @Test("a marker id the deck lacks is a clear error")
    func unknownMarker() {
        #expect {
            _ = try mapping.cards(markerIDs: [42])
        } throws: { error in
            (error as? CardMappingError)?.kind == .unknownMarker(42)
        }
    }

    @Test("typed programs take names and ids, separated by spaces or commas")
    func typed() throws {
        #expect(try mapping.cards(text: "forward, 1  right,0") == [.forward, .left, .right, .forward])
        #expect(try mapping.cards(text: "  ").isEmpty)
        #expect {
            _ = try mapping.cards(text: "forward jump")
        } throws: { error in
            (error as? CardMappingError)?.message.contains("the jump card is not used in this level") == true
        }
        #expect {
            _ = try mapping.cards(text: "forwrd")
        } throws: { error in
            (error as? CardMappingError)?.message.contains("did you mean 'forward'?") == true
        }
    }
}
