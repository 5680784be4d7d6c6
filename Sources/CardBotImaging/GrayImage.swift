/// An 8-bit grayscale image with rows packed top to bottom in one contiguous buffer.
///
/// Pixel loops take `withUnsafeBufferPointer` / `withUnsafeMutableBufferPointer`;
/// the subscript is for tests and small jobs.
public struct GrayImage: Sendable, Equatable {
    /// Width in pixels.
    public private(set) var width: Int
    /// Height in pixels.
    public private(set) var height: Int
    /// `width * height` luminance values, row by row.
    public var pixels: [UInt8]

    /// Creates an image filled with one value.
    public init(width: Int, height: Int, fill: UInt8 = 0) {
        precondition(width >= 0 && height >= 0, "image size must not be negative")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: fill, count: width * height)
    }

    /// Wraps existing pixels; `pixels.count` must be `width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Creates an image whose pixels are written by `initializer` (which must fill all of them).
    public init(
        width: Int, height: Int,
        unsafeUninitializedPixels initializer: (UnsafeMutableBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        self.width = width
        self.height = height
        self.pixels = try [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            try initializer(buffer)
            count = width * height
        }
    }

    /// The number of pixels.
    public var count: Int { width * height }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Changes the size, reusing the storage when it is large enough (contents are unspecified afterwards).
    public mutating func reshape(width: Int, height: Int) {
        let needed = width * height
        if pixels.count != needed {
            if pixels.count > needed {
                pixels.removeLast(pixels.count - needed)
            } else {
                pixels.append(contentsOf: repeatElement(0, count: needed - pixels.count))
            }
        }
        self.width = width
        self.height = height
    }
}
