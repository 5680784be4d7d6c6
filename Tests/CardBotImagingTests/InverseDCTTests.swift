import CardBotImaging
import Testing

/// Gray decoding's fast inverse DCT: what the camera frames are decoded with, and how far it strays.
@Suite("JPEG inverse DCT")
struct InverseDCTTests {
    /// A camera-like frame: the fixture scene (dark squares on gradients) with sensor noise, as a phone's JPEG.
    static func cameraJPEG() throws -> (bytes: [UInt8], luminance: GrayImage) {
        var scene = RoundTripTests.rgbScene(width: 320, height: 240)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in 0..<scene.pixels.count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Int(state >> 60) - 8
            scene.pixels[index] = UInt8(clamping: Int(scene.pixels[index]) + noise)
        }
        return (try JPEGCodec.encode(scene, quality: 90), scene.luminance)
    }

    @Test("gray decoding uses the fast transform unless told otherwise")
    func defaultIsFast() throws {
        let (bytes, _) = try Self.cameraJPEG()
        let plain = try bytes.withUnsafeBytes { try JPEGCodec.decodeGray($0).0 }
        let fast = try bytes.withUnsafeBytes { try JPEGCodec.decodeGray($0, transform: .fast).0 }
        let accurate = try bytes.withUnsafeBytes { try JPEGCodec.decodeGray($0, transform: .accurate).0 }
        #expect(plain == fast)
        #expect(fast != accurate, "the transform reaches libjpeg: the two decodes differ somewhere")
        #expect(try ImageReader.decodeGray(bytes) == fast, "camera frames read through ImageReader decode fast")
    }

    @Test("the fast transform stays within a gray level on average of the accurate one, and as close to the scene")
    func fastIsClose() throws {
        let (bytes, luminance) = try Self.cameraJPEG()
        let fast = try bytes.withUnsafeBytes { try JPEGCodec.decodeGray($0, transform: .fast).0 }
        let accurate = try bytes.withUnsafeBytes { try JPEGCodec.decodeGray($0, transform: .accurate).0 }
        var total = 0
        var worst = 0
        for index in 0..<fast.count {
            let difference = abs(Int(fast.pixels[index]) - Int(accurate.pixels[index]))
            total += difference
            worst = max(worst, difference)
        }
        #expect(Double(total) / Double(fast.count) < 1)
        #expect(worst <= 6)
        let fastPSNR = RoundTripTests.psnr(fast.pixels, luminance.pixels)
        let accuratePSNR = RoundTripTests.psnr(accurate.pixels, luminance.pixels)
        #expect(fastPSNR > 30)
        #expect(fastPSNR > accuratePSNR - 0.5)
    }
}
