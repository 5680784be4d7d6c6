import CardBotImaging

extension RGBImage {
    /// The image with its brightness stretched: the darkest `clip` of its gray levels black, the brightest `clip`
    /// white, every channel by the same line so that colours keep their hue; what a teacher needs to see a dark
    /// recording's cards. An image already spanning the range is left nearly as it is; a flat one (under 16 gray
    /// levels between the two) is not stretched into noise.
    func levelled(clip: Double = 0.01) -> RGBImage {
        var histogram = [Int](repeating: 0, count: 256)
        let count = width * height
        guard count > 0 else { return self }
        for i in 0..<count {
            let gray = (Int(pixels[3 * i]) * 77 + Int(pixels[3 * i + 1]) * 150 + Int(pixels[3 * i + 2]) * 29) >> 8
            histogram[gray] += 1
        }
        let cut = Int(Double(count) * clip)
        var low = 0, seen = 0
        while low < 255 && seen + histogram[low] <= cut {
            seen += histogram[low]
            low += 1
        }
        var high = 255
        seen = 0
        while high > 0 && seen + histogram[high] <= cut {
            seen += histogram[high]
            high -= 1
        }
        guard high - low >= 16 else { return self }
        let scale = 255 / Double(high - low)
        var table = [UInt8](repeating: 0, count: 256)
        for level in 0..<256 { table[level] = UInt8(max(0, min(255, ((Double(level) - Double(low)) * scale).rounded()))) }
        return RGBImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
    }
}
