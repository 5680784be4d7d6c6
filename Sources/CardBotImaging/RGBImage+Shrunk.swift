extension RGBImage {
    /// The image shrunk by a whole `factor` in both directions, each pixel the rounded mean of its block (for
    /// thumbnails and small replays).
    public func shrunk(by factor: Int) -> RGBImage {
        let image = self
        guard factor > 1 else { return image }
        let width = max(1, image.width / factor)
        let height = max(1, image.height / factor)
        var out = RGBImage(width: width, height: height)
        let area = factor * factor
        image.pixels.withUnsafeBufferPointer { source in
            out.pixels.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    for x in 0..<width {
                        var sums = (0, 0, 0)
                        for dy in 0..<factor {
                            var offset = ((y * factor + dy) * image.width + x * factor) * 3
                            for _ in 0..<factor {
                                sums.0 += Int(source[offset])
                                sums.1 += Int(source[offset + 1])
                                sums.2 += Int(source[offset + 2])
                                offset += 3
                            }
                        }
                        let t = (y * width + x) * 3
                        target[t] = UInt8((sums.0 + area / 2) / area)
                        target[t + 1] = UInt8((sums.1 + area / 2) / area)
                        target[t + 2] = UInt8((sums.2 + area / 2) / area)
                    }
                }
            }
        }
        return out
    }
}
