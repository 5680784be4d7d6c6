import CardBotImaging
import FuzzSupport

/// libFuzzer entry: JPEG decoding through the C shim and libjpeg, to gray and to colour.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzBytes(data, size)
    let limits = ImageLimits(maxPixels: 1 << 18, maxFileBytes: 1 << 20)
    var image = GrayImage(width: 0, height: 0)
    bytes.withUnsafeBytes { raw in
        _ = try? JPEGCodec.decodeGray(raw, into: &image, limits: limits, file: "<fuzz>")
    }
    _ = try? ImageReader.decodeRGB(bytes, limits: limits, file: "<fuzz>")
    return 0
}
