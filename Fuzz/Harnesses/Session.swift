import CardBotSupport
import FuzzSupport

@testable import CardBotSession

/// libFuzzer entry: session.json's text through `SessionManifest.parse` (internal: reached through
/// @testable import, which SwiftPM's debug builds allow).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    if let manifest = try? SessionManifest.parse(bytes, file: "<fuzz>") {
        _ = manifest.jsonText()
    }
    return 0
}
