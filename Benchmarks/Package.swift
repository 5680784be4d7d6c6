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
    ]
)
