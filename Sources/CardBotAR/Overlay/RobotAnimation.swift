import CardBotLesson

/// The robot between steps: where it stands, which way it faces, how high it is, at any moment of a trace.
///
/// Time is counted in steps: at time 0 the robot stands at the start; during (i, i + 1) it performs step i + 1
/// (walks, turns, jumps in an arc, goes forward and back into a wall, walks into water and sinks); from
/// `steps.count` on it stays where the run ended.
public struct RobotAnimation: Sendable {
    /// One moment of the animation.
    public struct Moment: Sendable, Equatable {
        /// The robot's position in tile units: the centre of tile (x, y) is at (x + 0.5, y + 0.5).
        public var position: SIMD2<Double>
        /// The way it faces, radians on the map (0 east, pi/2 south).
        public var heading: Double
        /// How high above the floor it is, in tiles (jumps).
        public var lift: Double
        /// How far it has sunk into water, 0...1.
        public var sink: Double
        /// Whether it is bumping into a wall right now.
        public var bumping: Bool
        /// The gems taken so far (bit i: gem i of the map).
        public var gemMask: UInt32
        /// The index of the step being performed (0-based), or nil before the first and after the last.
        public var step: Int?
        /// The path so far, in tile units, from the start to the current position.
        public var path: [SIMD2<Double>]
    }

    /// The level's map.
    public let map: LevelMap
    /// The trace being animated.
    public let trace: Trace

    /// Creates the animation of `trace` on `map`.
    public init(map: LevelMap, trace: Trace) {
        self.map = map
        self.trace = trace
    }

    /// The most steps of the path walked so far that a moment keeps.
    public static let maximumPath = 2000

    /// The time at which the animation ends, in steps.
    public var duration: Double { Double(trace.steps.count) }

    /// The moment at `time` (in steps).
    public func moment(at time: Double) -> Moment {
        let start = RobotState(position: map.start, facing: map.startFacing)
        var path = [Self.centre(start.position)]
        let count = trace.steps.count
        let clamped = max(0, min(Double(count), time))
        let index = min(count - 1, Int(clamped.rounded(.down)))
        guard count > 0 else {
            return Moment(position: Self.centre(start.position), heading: Self.heading(start.facing), lift: 0, sink: 0,
                          bumping: false, gemMask: 0, step: nil, path: path)
        }
        // The path drawn is the last `maximumPath` moves (a loop of 100,000 steps would draw them all on every frame).
        let first = max(0, index - Self.maximumPath)
        if first > 0 { path = [Self.centre(trace.steps[first - 1].state.position)] }
        for step in trace.steps[first..<index] where step.event == .moved || step.event == .jumped || step.event == .fell {
            path.append(Self.centre(step.state.position))
        }
        let before = index == 0 ? start : trace.steps[index - 1].state
        let step = trace.steps[index]
        let s = clamped - Double(index)
        let e = s * s * (3 - 2 * s)
        let from = Self.centre(before.position)
        let to = Self.centre(step.state.position)
        var position = from
        var heading = Self.heading(before.facing)
        var lift = 0.0
        var sink = 0.0
        var bumping = false
        switch step.event {
        case .moved:
            position = from + (to - from) * e
        case .jumped:
            position = from + (to - from) * s
            lift = 4 * s * (1 - s)
        case .turned:
            var delta = Self.heading(step.state.facing) - heading
            while delta > Double.pi { delta -= 2 * Double.pi }
            while delta < -Double.pi { delta += 2 * Double.pi }
            heading += delta * e
        case .bumped:
            let forward = SIMD2(Double(before.facing.dx), Double(before.facing.dy))
            position = from + forward * (0.3 * sine(Double.pi * s))
            bumping = s > 0.3 && s < 0.8
        case .fell:
            let walk = min(1, 2 * s)
            position = from + (to - from) * walk * walk * (3 - 2 * walk)
            if abs(to.x - from.x) + abs(to.y - from.y) > 1.5 { lift = 4 * walk * (1 - walk) }
            sink = max(0, 2 * s - 1)
        }
        if clamped >= Double(count) {
            // The run is over: the robot rests where it ended (sunk, if it fell in).
            position = to
            heading = Self.heading(step.state.facing)
            lift = 0
            sink = step.event == .fell ? 1 : 0
            bumping = false
        }
        if step.event != .turned && step.event != .bumped { path.append(position) }
        let gems = s >= 0.5 || clamped >= Double(count) ? step.state.gemMask : before.gemMask
        return Moment(position: position, heading: heading, lift: lift, sink: sink, bumping: bumping, gemMask: gems,
                      step: clamped >= Double(count) ? nil : index, path: path)
    }

    /// The centre of a tile in tile units.
    static func centre(_ point: GridPoint) -> SIMD2<Double> { SIMD2(Double(point.x) + 0.5, Double(point.y) + 0.5) }

    /// The map angle of a facing (0 east, pi/2 south).
    static func heading(_ facing: Facing) -> Double { arcTangent(Double(facing.dy), Double(facing.dx)) }
}
