import CardBotSession
import FuzzSupport

/// libFuzzer entry: corrections.json's text through `SessionCorrections.parse`, and what parses written out and
/// read back (it must read back).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCorrections(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    if let corrections = try? SessionCorrections.parse(bytes, file: "<fuzz>") {
        let again = try? SessionCorrections.parse(Array(corrections.jsonText().utf8), file: "<fuzz>")
        precondition(again?.corrections.map(\.change) == corrections.corrections.map(\.change), "corrections do not read back")
    }
    return 0
}
