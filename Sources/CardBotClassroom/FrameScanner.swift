import CardBotImaging
import CardBotSupport
import Dispatch
import Foundation

/// Decodes and reads a list of frames in parallel, keeping only the readings, never the pixels.
///
/// Each worker owns one `ImageReader` and one frame buffer that it reuses for every frame it takes,
/// so memory is bounded by the number of jobs, not by the number of frames.
public enum FrameScanner {
    /// What one frame gave: a reading, or why it could not be read.
    public typealias Outcome<Reading> = Result<Reading, ImageError>

    /// Reads every path with `jobs` workers and returns the outcomes in the paths' order.
    ///
    /// - Parameters:
    ///   - makeReader: Called once per worker; returns the function that turns a decoded frame into a reading.
    ///   - progress: Called (from any worker) after each frame with the number of frames done so far.
    public static func scan<Reading: Sendable>(
        _ paths: [String], jobs: Int, limits: ImageLimits = .default,
        makeReader: @Sendable () -> (GrayImage, String) -> Reading,
        progress: (@Sendable (Int) -> Void)? = nil
    ) -> [Outcome<Reading>] {
        let workers = max(1, min(jobs, paths.count))
        let results = ResultSlots<Outcome<Reading>>(count: paths.count)
        let done = SharedCounter()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var reader = ImageReader(limits: limits)
            var image = GrayImage(width: 0, height: 0)
            let read = makeReader()
            var index = worker
            while index < paths.count {
                let outcome: Outcome<Reading>
                do {
                    try reader.readGray(paths[index], into: &image)
                    outcome = .success(read(image, paths[index]))
                } catch let error as ImageError {
                    outcome = .failure(error)
                } catch {
                    outcome = .failure(ImageError(.corrupt, file: paths[index], reason: "\(error)"))
                }
                results.set(index, outcome)
                let count = done.increment()
                progress?(count)
                index += workers
            }
        }
        return results.values()
    }
}
