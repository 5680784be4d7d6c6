/// Everything that decides one frame: the cards and their faces, the table and what else lies on it, the camera, the
/// light, a hand, the sensor.
///
/// A scene is plain data: change the camera a little between frames, add cards one by one, move the hand,
/// and render each with the same `FrameRenderer` to make a recorded session.
public struct SynthScene: Sendable {
    /// The faces the cards show; `SceneCard.face` indexes this.
    public var faces: [CardFace]
    /// The printed layout of every card.
    public var design: CardDesign
    /// The cards on the table, in drawing order.
    public var cards: [SceneCard]
    /// The table top.
    public var table: TableStyle
    /// The camera.
    public var camera: SynthCamera
    /// The light.
    public var lighting: Lighting
    /// A hand over the table, or nil.
    public var hand: HandPose?
    /// Blur, noise and compression.
    public var effects: CameraEffects
    /// The share of a marker that may be covered (by the hand or a highlight's saturated core) while it still
    /// counts as visible in the truth; nil leaves it to the renderer (`FrameRenderer.hiddenOcclusion`).
    public var coverLimit: Double?
    /// Things on the table beside the cards (never over one); not in the truth.
    public var clutter: [SceneClutter]

    /// Creates a scene.
    public init(faces: [CardFace], design: CardDesign = .standard, cards: [SceneCard], table: TableStyle = TableStyle(),
                camera: SynthCamera, lighting: Lighting = .even, hand: HandPose? = nil, effects: CameraEffects = CameraEffects(), coverLimit: Double? = nil,
                clutter: [SceneClutter] = []) {
        self.faces = faces
        self.design = design
        self.cards = cards
        self.table = table
        self.camera = camera
        self.lighting = lighting
        self.hand = hand
        self.effects = effects
        self.coverLimit = coverLimit
        self.clutter = clutter
    }
}
