import CardBotSupport
import FuzzSupport

/// libFuzzer set-up: the built-in plural rule and English catalog are made once here, outside the runs, so that
/// their one-time allocation is not taken for a leak of the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzCatalogInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    _ = PluralRule.germanic.form(for: 1)
    _ = MessageCatalog.english.text("")
    return 0
}

/// libFuzzer entry: a message catalog's text (GNU gettext PO) through the PO reader, its plural rule evaluated
/// for a few counts and a message looked up and formatted. Inputs over 8 KB are skipped: the reader's cost grows
/// with the lines, and small inputs reach every path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard size <= 8192 else { return 0 }
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    guard let catalog = try? MessageCatalog(language: "xx", poText: text, file: "<fuzz>") else { return 0 }
    for count in [0, 1, 2, 5, 11, 21, 101] { _ = catalog.plural.form(for: count) }
    for (key, _) in catalog.translations.prefix(8) {
        _ = Messages.format(catalog.text(key), ["a", 1, "b"])
    }
    return 0
}
