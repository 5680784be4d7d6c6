// Decodes the same JPEGs to grayscale through CardBot's Swift API and through a plain C loop over
// libjpeg-turbo, interleaved in one process, and prints the medians and their ratio. The like-for-like pair uses
// libjpeg's accurate inverse DCT on both sides (what the C loop and OpenCV's imread use); a third timing is
// CardBot's default for camera frames, the fast inverse DCT.
//
// Usage: decode-bench [--rounds N] FILE.jpg...
import CDecodeReference
import CardBotImaging
import Foundation

#if canImport(Glibc)
import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var rounds = 30
if let index = arguments.firstIndex(of: "--rounds"), index + 1 < arguments.count {
    rounds = Int(arguments[index + 1]) ?? rounds
    arguments.removeSubrange(index...index + 1)
}
guard !arguments.isEmpty else {
    FileHandle.standardError.write(Data("usage: decode-bench [--rounds N] FILE.jpg...\n".utf8))
    exit(2)
}

let files: [[UInt8]] = arguments.map { path in
    do { return try FileBytes.read(path) } catch {
        FileHandle.standardError.write(Data("decode-bench: \(error)\n".utf8))
        exit(2)
    }
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func peakRSSKiB() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss
}

var reference = [UInt8](repeating: 0, count: 64 << 20)
var image = GrayImage(width: 0, height: 0)
var swiftTimes: [Double] = []
var cTimes: [Double] = []
var fastTimes: [Double] = []
var checksum = 0

// Warm up both paths once and check they agree pixel for pixel.
for bytes in files {
    var width: UInt32 = 0
    var height: UInt32 = 0
    let status = bytes.withUnsafeBufferPointer { source in
        reference.withUnsafeMutableBufferPointer { out in
            reference_decode_gray(source.baseAddress, source.count, out.baseAddress, out.count, &width, &height)
        }
    }
    precondition(status == 0, "the C reference could not decode a file")
    try bytes.withUnsafeBytes { _ = try JPEGCodec.decodeGray($0, into: &image, transform: .accurate) }
    precondition(image.width == Int(width) && image.height == Int(height))
    precondition(Array(reference[0..<image.count]) == image.pixels, "Swift and C decodes differ")
}
let rssBefore = peakRSSKiB()

for round in 0..<rounds {
    for bytes in files {
        // Alternate which side goes first so that cache warmth favours neither.
        for side in (round % 2 == 0 ? [0, 1, 2] : [2, 1, 0]) {
            if side != 1 {
                let transform: JPEGCodec.InverseDCT = side == 0 ? .accurate : .fast
                let start = now()
                try bytes.withUnsafeBytes { _ = try JPEGCodec.decodeGray($0, into: &image, transform: transform) }
                let elapsed = Double(now() - start) / 1e6
                if side == 0 { swiftTimes.append(elapsed) } else { fastTimes.append(elapsed) }
                checksum &+= Int(image.pixels[image.count / 2])
            } else {
                var width: UInt32 = 0
                var height: UInt32 = 0
                let start = now()
                _ = bytes.withUnsafeBufferPointer { source in
                    reference.withUnsafeMutableBufferPointer { out in
                        reference_decode_gray(source.baseAddress, source.count, out.baseAddress, out.count, &width, &height)
                    }
                }
                cTimes.append(Double(now() - start) / 1e6)
                checksum &+= Int(reference[Int(width * height) / 2])
            }
        }
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}
let swiftMedian = median(swiftTimes)
let cMedian = median(cTimes)
print("frames: \(files.count) x \(rounds) rounds, \(image.width)x\(image.height)")
print(String(format: "Swift JPEGCodec.decodeGray: median %.3f ms", swiftMedian))
print(String(format: "C libjpeg-turbo loop:       median %.3f ms", cMedian))
print(String(format: "ratio Swift / C:            %.3f", swiftMedian / cMedian))
let fastMedian = median(fastTimes)
print(String(format: "Swift, fast inverse DCT:    median %.3f ms (%.3f of the C loop's)", fastMedian, fastMedian / cMedian))
print("peak RSS growth during the timed loop: \(peakRSSKiB() - rssBefore) KiB (image: \(image.count / 1024) KiB)")
if checksum == -1 { print("") }
