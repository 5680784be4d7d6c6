/// RGB to luminance with the ITU-R BT.601 weights, as JPEG (and libjpeg's grayscale output) defines it.
enum Luma {
    /// Converts packed RGB bytes into `gray` (which must hold `rgb.count / 3` pixels).
    static func convert(rgb: [UInt8], into gray: inout [UInt8]) {
        precondition(gray.count * 3 == rgb.count, "gray buffer does not match the RGB size")
        rgb.withUnsafeBufferPointer { source in
            gray.withUnsafeMutableBufferPointer { output in
                for index in 0..<output.count {
                    let red = Int(source[index &* 3])
                    let green = Int(source[index &* 3 &+ 1])
                    let blue = Int(source[index &* 3 &+ 2])
                    output[index] = UInt8(truncatingIfNeeded: (19595 &* red &+ 38470 &* green &+ 7471 &* blue &+ 32768) >> 16)
                }
            }
        }
    }
}
