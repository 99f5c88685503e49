import Testing

@testable import MediatorCore

/// Descriptions in any script and of any length, as the catalog shows them.
private struct Described: MediatorInput {
    @Parameter("Größe – 大小 🍵, with \"quotes\"") var size: Int
    @Parameter("x") var x = 1
    @Parameter var plain: String?
    @Parameter(native: "Ein Modell") var model: Int
}

@Suite("A @Parameter keeps its declaration in one word")
struct ParameterHeaderTests {
    @Test("descriptions and conversions read from one word are the ones written, in any script")
    func descriptionsAreExact() {
        let parameters = Described.schema.parameters
        #expect(parameters.map(\.summary) == ["Größe – 大小 🍵, with \"quotes\"", "x", "", "Ein Modell"])
        #expect(parameters.map(\.acceptsURLValues) == [true, true, true, false])
        #expect(parameters.map(\.isRequired) == [true, false, false, true])
    }

    @Test("an input is about half what a description and a flag beside each value weighed")
    func inputsAreSmall() {
        // A word and the value: an `Int` parameter was 56 bytes a stride with its `StaticString` and flag.
        #expect(MemoryLayout<Parameter<Int>>.stride == 24)
        #expect(MemoryLayout<Parameter<String?>>.stride == 24)
    }

    @Test("setting a required parameter clears only its unset bit: the description stays")
    func settingKeepsTheDescription() {
        var parameter = Parameter<Int>("Product id")
        #expect(parameter.header.isUnset && parameter.summary == "Product id")
        parameter.wrappedValue = 7
        #expect(!parameter.header.isUnset && parameter.summary == "Product id" && parameter.conversion == .converting)
        let native = Parameter<Int>(wrappedValue: 1, native: "")
        #expect(!native.header.isUnset && native.summary.isEmpty && native.conversion == .native)
    }

    @Test("a description whose address needs more than 48 bits is read up to its end")
    func wideAddressesRead() {
        let narrow = ParameterHeader("Größe 🍵", .converting, unset: false)
        var wide = narrow
        wide.bits = narrow.bits & (1 << 48 - 1) | ParameterHeader.wideBit
        #expect(wide.summary == "Größe 🍵" && narrow.summary == "Größe 🍵")
    }
}
