@testable import CardBotVision

/// libFuzzer entry: deck.json's text through the deck document parser (compiled into this harness with the
/// vision module's sources, so that the internal parser is reachable).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? DeckDocument.parse(fuzzBytes(data, size), file: "<fuzz>")
    return 0
}
