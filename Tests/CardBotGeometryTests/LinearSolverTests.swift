@testable import CardBotGeometry
import Testing

/// The small dense solver under the homography fit.
@Suite("linear solver")
struct LinearSolverTests {
    @Test("a system that needs pivoting is solved")
    func solves() throws {
        // The first pivot is 0: without row swaps elimination would divide by it.
        let a: [Double] = [0, 2, 1, 1, 1, 1, 2, 1, 3]
        let x: [Double] = [1, -2, 3]
        let b = (0..<3).map { row in (0..<3).map { a[row * 3 + $0] * x[$0] }.reduce(0, +) }
        let solved = try #require(LinearSolver.solve(a, b, n: 3))
        for (got, expected) in zip(solved, x) { #expect(abs(got - expected) < 1e-12) }
    }

    @Test("a singular or non-finite system has no solution")
    func singular() {
        #expect(LinearSolver.solve([1, 2, 2, 4], [1, 2], n: 2) == nil)
        #expect(LinearSolver.solve([0, 0, 0, 0], [1, 2], n: 2) == nil)
        #expect(LinearSolver.solve([.nan, 0, 0, 1], [1, 2], n: 2) == nil)
    }
}
