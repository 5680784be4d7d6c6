import FuzzSupport

@testable import CardBotVision

/// libFuzzer entry: deck.json's text through the deck document parser (internal: reached through
/// @testable import, which SwiftPM's debug builds allow).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = try? DeckDocument.parse(fuzzBytes(data, size), file: "<fuzz>")
    return 0
}
