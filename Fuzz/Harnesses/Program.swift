import CardBotLesson
import CardBotSupport
import FuzzSupport

/// The level the program harness runs on: the bundled level 9's map, kept here so the harness reads no file.
private let fuzzLevelText = #"""
    {"format": 1, "number": 16, "name": "Fuzz maze",
     "cards": {"0": "forward", "1": "left", "2": "right", "3": "jump", "6": "repeat-4", "8": "repeat-until-goal",
               "9": "if-path-ahead", "10": "if-path-left", "12": "else", "13": "end"},
     "maxCards": 40,
     "tiles": ["##########", "#>...#####", "####.#####", "#....#..G#", "#.####.###", "#......###", "##########"]}
    """#

private let fuzzProgramLevel: Level? = try? LevelLoader.load(text: fuzzLevelText)

/// libFuzzer entry: program text as `--program` takes it (card names or marker ids) through the card mapping,
/// the program assembler and the robot.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProgram(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let level = fuzzProgramLevel, let text = String(validating: fuzzBytes(data, size), as: UTF8.self) else { return 0 }
    let mapping = CardMapping(level: level, deckNames: [:])
    guard let cards = try? mapping.cards(text: text), let program = try? CardProgram(cards) else { return 0 }
    _ = Robot.run(program, on: level)
    return 0
}
