import CardBotSession
import FuzzSupport

/// libFuzzer entry: class.json's text through `ClassManifest.parse`, and what parses written out and read back (it
/// must read back the same).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClassJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    if let manifest = try? ClassManifest.parse(bytes, file: "<fuzz>") {
        let again = try? ClassManifest.parse(Array(manifest.jsonText().utf8), file: "<fuzz>")
        precondition(again == manifest, "class.json does not read back")
    }
    return 0
}
