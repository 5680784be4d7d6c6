import CardBotLesson
import CardBotSupport
import FuzzSupport

/// libFuzzer entry: a level file's text through the positioned JSON parser and the level decoder; a level
/// that decodes is also validated and solved (its size is bounded by the level limits). The solve gets budgets
/// 300 times smaller than the CLI's (nodes and robot steps): under AddressSanitizer without optimisation the default
/// node budget took 15-37 s on level 19, the default step budget over 20 s (libFuzzer's per-input timeout) on a
/// mutated level 20 whose recursive programs walk long, a thirtieth of both still 3.3 s on a mutated level 20
/// with function cards (over 20 s on a loaded machine), and a hundredth 2.4 s (the release CLI solves it in 0.5 s
/// with the full budgets); at a three-hundredth the slowest kept inputs take under 0.9 s. The budgets' cut-off paths
/// are fuzzed too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLevel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    guard let json = try? JSONParser.parse(bytes) else { return 0 }
    let (level, _) = LevelDecoder.decode(json, file: "<fuzz>", deckNames: nil)
    if let level { _ = Solver.solve(level, options: SolverOptions(nodeBudget: 10_000, stepBudget: 500_000)) }
    return 0
}
