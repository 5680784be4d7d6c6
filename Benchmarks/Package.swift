// swift-tools-version:6.1
import Foundation
import PackageDescription

// Benchmarks live in their own package so that building the product stays lean.
// A path dependency's identity is its folder's name, whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "CardBotBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        // The reference: a plain C loop over libjpeg-turbo, what the Swift API is measured against.
        .target(name: "CDecodeReference", linkerSettings: [.linkedLibrary("jpeg")]),
        .executableTarget(
            name: "decode-bench",
            dependencies: ["CDecodeReference", .product(name: "CardBotImaging", package: root)]
        ),
        // The AR replay: the overlay's cost per 1280x720 frame, and a one-minute replay rendered and encoded,
        // each beside its reference (copying and decoding the frame; encoding the bare frames).
        .executableTarget(
            name: "ar-bench",
            dependencies: [
                .product(name: "CardBotAR", package: root), .product(name: "CardBotImaging", package: root),
                .product(name: "CardBotVision", package: root), .product(name: "CardBotLesson", package: root),
                .product(name: "CardBotTracking", package: root),
            ]
        ),
        // The capture check's thresholds: the reader's recall against card size, blur, light, noise, glare, tilt
        // and the frame's edge, on the synthesizer's difficulty sets pushed past their ranges (docs/capture.md).
        .executableTarget(
            name: "capture-calibration",
            dependencies: [
                .product(name: "CardBotSynth", package: root), .product(name: "CardBotVision", package: root),
                .product(name: "CardBotImaging", package: root),
            ]
        ),
    ]
)
