/// The encodings CardBot reads and writes, recognised by their magic bytes, never by the file's name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png
    case jpeg

    /// The format whose signature starts `bytes`, or nil.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageFormat? where Bytes.Element == UInt8 {
        let signature = Array(bytes.prefix(8))
        if signature.count >= 8 && signature == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            return .png
        }
        if signature.count >= 3 && signature[0] == 0xFF && signature[1] == 0xD8 && signature[2] == 0xFF {
            return .jpeg
        }
        return nil
    }

    /// The format a file name's extension asks for when writing (`.png`, `.jpg`, `.jpeg`, any case).
    public static func forWriting(path: String) -> ImageFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".png") { return .png }
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return .jpeg }
        return nil
    }
}
