import CardBotVision
import FuzzSupport

/// libFuzzer entry: the patterns file of `cards new-deck` (one bit string per line) through `DeckMaker.patterns`,
/// then the check that its markers can be told apart.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatterns(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let text = String(validating: fuzzBytes(data, size), as: UTF8.self),
        let codes = try? DeckMaker.patterns(text, file: "<fuzz>"), codes.count <= 64
    else { return 0 }
    let cards = codes.enumerated().map { index, code in
        DeckCard(marker: index, name: "m\(index)", title: "m\(index)", description: "", image: "", code: code)
    }
    _ = DeckCheck(cards: cards)
    return 0
}
