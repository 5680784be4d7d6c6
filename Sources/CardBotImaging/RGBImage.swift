/// An 8-bit RGB image: three bytes per pixel (red, green, blue), rows packed top to bottom.
public struct RGBImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 3` bytes, row by row.
    public var pixels: [UInt8]

    /// Creates an image filled with one colour.
    public init(width: Int, height: Int, fill: RGB = RGB(0, 0, 0)) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        if fill != RGB(0, 0, 0) {
            for index in stride(from: 0, to: pixels.count, by: 3) {
                pixels[index] = fill.red
                pixels[index + 1] = fill.green
                pixels[index + 2] = fill.blue
            }
        }
        self.pixels = pixels
    }

    /// Wraps existing pixels; `pixels.count` must be `width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An RGB copy of a grayscale image.
    public init(_ gray: GrayImage) {
        self.width = gray.width
        self.height = gray.height
        self.pixels = [UInt8](unsafeUninitializedCapacity: gray.count * 3) { buffer, count in
            gray.pixels.withUnsafeBufferPointer { source in
                for index in 0..<source.count {
                    let value = source[index]
                    buffer[index * 3] = value
                    buffer[index * 3 + 1] = value
                    buffer[index * 3 + 2] = value
                }
            }
            count = gray.count * 3
        }
    }

    /// The colour at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> RGB {
        get {
            let index = (y * width + x) * 3
            return RGB(pixels[index], pixels[index + 1], pixels[index + 2])
        }
        set {
            let index = (y * width + x) * 3
            pixels[index] = newValue.red
            pixels[index + 1] = newValue.green
            pixels[index + 2] = newValue.blue
        }
    }

    /// Luminance by the ITU-R BT.601 weights that JPEG uses (the same values libjpeg's grayscale output gives).
    public var luminance: GrayImage {
        var gray = GrayImage(width: width, height: height)
        Luma.convert(rgb: pixels, into: &gray.pixels)
        return gray
    }
}

/// One 8-bit RGB colour.
public struct RGB: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    /// Creates a colour from its three channels.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
