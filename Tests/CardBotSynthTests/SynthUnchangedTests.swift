import CardBotImaging
import CardBotSynth
import CardBotTestSupport
import Testing

/// The difficulties that existed before the patterned cloths and the clutter still render the same frames.
///
/// New tables, clutter and difficulties draw from their own random streams and texture codes; these hashes pin the
/// older difficulties' pixels and truth so that such additions cannot silently change them (benchmark rows and the
/// detector tests' floors were measured on those frames).
@Suite("Synth: older difficulties unchanged")
struct SynthUnchangedTests {
    /// FNV-1a (64-bit) of two frames' RGB pixels and truth, per difficulty.
    ///
    /// Seed 7, frames 0 and 1, 480x270, the test faces. Computed with `hash(_:)` as it stands here on commit 892d7a9
    /// (the branch point of `cloths`, before the printed cloths and the clutter existed): this file was added there
    /// first, run with a test that printed the values, and they were copied in before any source changed.
    static let hashes: [(SynthDifficulty, UInt64)] = [
        (.easy, 0xEE36_7136_DAA0_412B), (.hard, 0x4DCB_31FC_02BF_5D8D), (.occluded, 0x97A6_BAF0_D7A6_3596),
        (.motionBlur, 0xBE49_C7EA_856E_2DA6), (.dim, 0x8AE1_477C_8C29_2923), (.steep, 0x0DE6_88E3_D71E_5276),
        (.shadowEdge, 0x4AAD_4F7F_4901_032B), (.glare, 0x4E86_2148_03AD_6DD6), (.faded, 0xA4CE_9E98_845B_5AC4),
        (.closeCut, 0xCA13_9F23_D8E7_B155), (.partlyOutside, 0x233F_5B4D_49FB_EC2A), (.pastel, 0xB0E2_628B_7571_9CB7),
    ]

    /// FNV-1a of the frames' pixels and truth.
    static func hash(_ difficulty: SynthDifficulty) throws -> UInt64 {
        let generator = try SceneGenerator(
            faces: SynthTestSupport.faces(), options: SceneOptions(width: 480, height: 270, difficulty: difficulty))
        let renderer = FrameRenderer()
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for index in 0..<2 {
            let frame = renderer.render(generator.scene(seed: 7, index: index))
            frame.rgb.pixels.withUnsafeBufferPointer { pixels in
                for byte in pixels { mix(byte) }
            }
            let truth = frame.truth.cards.map { card in
                let corners = card.corners.map { "\($0.x),\($0.y)" }.joined(separator: " ")
                return "\(card.id) \(card.hidden) \(card.occluded) " + corners
            }
            for byte in truth.joined(separator: ";").utf8 { mix(byte) }
        }
        return hash
    }

    @Test(
        "an older difficulty renders the same pixels and truth as before the cloths and the clutter", arguments: hashes)
    func unchanged(_ difficulty: SynthDifficulty, hash: UInt64) throws {
        let now = try Self.hash(difficulty)
        #expect(now == hash, "\(difficulty): 0x\(String(now, radix: 16, uppercase: true))")
    }
}
