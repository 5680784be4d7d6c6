import Testing
@testable import CardBotVideo

@Suite struct FrameSamplerTests {
    @Test func steadyThirtyFramesPerSecondSampledAtFive() {
        var sampler = FrameSampler(fps: 5)
        let taken = (0..<60).filter { sampler.take(Double($0) / 30) }
        #expect(taken == [0, 6, 12, 18, 24, 30, 36, 42, 48, 54])
    }

    @Test func variableSpacingSamplesByTimeNotByCount() {
        // Dense frames (100 per second) for one second, then sparse ones (4 per second).
        let times = (0..<100).map { Double($0) / 100 } + (0..<8).map { 1 + Double($0) / 4 }
        var sampler = FrameSampler(fps: 5)
        let taken = times.filter { sampler.take($0) }
        #expect(taken.map { ($0 * 100).rounded() / 100 } == [0, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75])
    }

    @Test func noRateTakesEveryFrame() {
        var sampler = FrameSampler(fps: nil)
        #expect((0..<10).allSatisfy { sampler.take(Double($0) / 1000) })
    }
}
