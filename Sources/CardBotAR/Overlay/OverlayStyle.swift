import CardBotImaging

/// The overlay's colours and proportions (heights as shares of a tile's side).
public struct OverlayStyle: Sendable {
    public var floor = RGB(238, 234, 218)
    public var grid = RGB(150, 140, 120)
    public var wall = RGB(128, 116, 104)
    public var water = RGB(40, 128, 225)
    public var goal = RGB(60, 190, 90)
    public var flag = RGB(235, 50, 50)
    public var gem = RGB(255, 206, 30)
    public var robotBody = RGB(40, 105, 225)
    public var robotHead = RGB(236, 240, 245)
    public var robotBump = RGB(235, 60, 50)
    public var eye = RGB(25, 25, 35)
    /// The arrow on the robot's head and its nose: the way it faces.
    public var robotNose = RGB(255, 150, 20)
    public var pathSolved = RGB(20, 170, 70)
    public var pathFailed = RGB(245, 120, 0)
    public var cardLight = RGB(255, 250, 200)
    public var cardOutline = RGB(255, 200, 0)
    /// How opaque the floor, water and goal tiles are over the camera image.
    public var tileOpacity = 0.82
    /// Wall height over tile side.
    public var wallHeight = 0.45
    /// The robot's size over the tile's side: 1 makes it 0.4 tiles long and 0.6 tiles tall.
    public var robotSize = 1.3
    /// The highest point of a jump over tile side.
    public var jumpHeight = 0.7

    /// The default style.
    public init() {}
}
