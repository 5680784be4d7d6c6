/// What a video's container says about its picture, read without decoding.
public struct VideoInfo: Sendable, Equatable {
    /// The upright size in pixels (after the display rotation).
    public var width: Int
    public var height: Int
    /// Clockwise degrees the stored frames are turned to stand upright (0, 90, 180 or 270).
    public var rotation: Int
    /// The codec's name (`h264`, `mjpeg`, ...).
    public var codec: String
    /// The duration in seconds, when the container says.
    public var duration: Double?
}
