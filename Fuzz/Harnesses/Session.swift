import CardBotSupport

/// libFuzzer entry: session.json's text through `SessionManifest.parse` (compiled into this harness with the
/// manifest's own sources).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSession(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    if let manifest = try? SessionManifest.parse(bytes, file: "<fuzz>") {
        _ = manifest.jsonText()
    }
    return 0
}
