import Testing

@Test("placeholder until the module lands")
func placeholder() { #expect(1 + 1 == 2) }
