import Dispatch

/// Frames from still image files (PNG or JPEG), in the order given, at a fixed frame rate.
///
/// Each worker owns one `ImageReader` and one frame buffer that it reuses for every frame it takes, so
/// memory is bounded by the number of jobs, not by the number of frames.
public struct StillFrameSource: FrameSource {
    /// The path of every frame, in playing order.
    public var paths: [String]
    /// The names reported for the frames (usually the file names), in the same order.
    public var names: [String]
    /// Frames per second, for times.
    public var fps: Double
    /// The limits every frame is read with.
    public var limits: ImageLimits

    /// Creates a source; `names` defaults to the paths.
    public init(paths: [String], names: [String]? = nil, fps: Double = 1, limits: ImageLimits = .default) {
        self.paths = paths
        self.names = names ?? paths
        self.fps = fps > 0 ? fps : 1
        self.limits = limits
    }

    public var origin: String { paths.first ?? "" }

    public var expectedFrameCount: Int? { paths.count }

    /// The stamp of frame `index`.
    public func stamp(_ index: Int) -> FrameStamp {
        FrameStamp(index: index, name: names[index], seconds: Double(index) / fps)
    }

    public func read<Reading: Sendable>(
        jobs: Int,
        makeReader: @escaping @Sendable () -> (GrayImage, FrameStamp) -> Reading,
        deliver: (ScannedFrame<Reading>) -> Bool
    ) throws {
        let count = paths.count
        guard count > 0 else { return }
        let workers = max(1, min(jobs, count))
        let results = OrderedResults<ScannedFrame<Reading>>()
        let paths = self.paths
        let source = self
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var reader = ImageReader(limits: source.limits)
                var image = GrayImage(width: 0, height: 0)
                let read = makeReader()
                var index = worker
                while index < count, !results.isStopped {
                    let stamp = source.stamp(index)
                    let outcome: Result<Reading, ImageError>
                    do {
                        try reader.readGray(paths[index], into: &image)
                        outcome = .success(read(image, stamp))
                    } catch let error as ImageError {
                        outcome = .failure(error)
                    } catch {
                        outcome = .failure(ImageError(.corrupt, file: paths[index], reason: "\(error)"))
                    }
                    results.put(index, ScannedFrame(stamp: stamp, outcome: outcome))
                    index += workers
                }
            }
        }
        for _ in 0..<count where !deliver(results.waitForNext()) {
            results.stop()
            break
        }
        group.wait()
    }

    public func frame(_ stamp: FrameStamp) throws -> GrayImage {
        var reader = ImageReader(limits: limits)
        return try reader.readGray(paths[stamp.index])
    }

    public func colourFrame(_ stamp: FrameStamp) throws -> RGBImage {
        var reader = ImageReader(limits: limits)
        return try reader.readRGB(paths[stamp.index])
    }
}
