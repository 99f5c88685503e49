public import Mediator
import MediatorMacros
import MediatorPublishing
import MediatorTesting
import Testing

// Issue 33: what Swift accepts, the macros accept, compiled for real. Before, the input below did
// not compile ("property 'schema' must be declared public"), and the facade's `all` left out `docs`.
// (Two names in one declaration, `var width, height: Int`, which no property wrapper can mark, are
// reported with a fix since each stored property became a `@Parameter`.)

/// A namespace whose public extension declares an input, public without writing it.
public enum Catalogs {}

extension Catalogs {
    /// A public extension's member is public: its initializers must be too.
    public enum Nested {}
}

public extension Catalogs.Nested {
    /// A size.
    @MediatorInput
    struct Size: Equatable {
        /// Width
        public var width: Int
        /// Height
        public var height: Int
    }
}

/// A generic input: nothing the macro writes is static, so it works as a hand-written one does.
@MediatorInput
struct Boxed<Value: MediatorParameterValue & Equatable>: Equatable {
    /// The boxed value
    var value: Value
    /// How many
    var count = 1
}

/// A facade whose contracts are spelled every way Swift allows.
@MediatorFacade
enum Spellings {
    /// The target name.
    static let target = "Spellings"
    /// Called through `.init`.
    static let docs = ActionContract<Catalogs.Nested.Size, String>.init("docs", on: target)
    /// Its value on the next line.
    static let wrapped =
        ActionContract<Catalogs.Nested.Size, Int>("wrapped", on: target)
    /// Two in one declaration.
    static let pairA = ActionContract<Catalogs.Nested.Size, Int>("a", on: target),
        pairB = ActionContract<Catalogs.Nested.Size, Int>("b", on: target)
    // static let commented = ActionContract<Catalogs.Nested.Size, Int>("commented", on: target)
}

/// The target of the spellings' `wrapped` action.
struct SpellingsTarget: MediatorTarget {
    static let targetName = Spellings.target
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(Spellings.wrapped) { _, input in input.width * input.height }
    ]
}

/// A target whose one action takes a generic input.
struct BoxesTarget: MediatorTarget {
    static let targetName = "Boxes"
    static let boxed = ActionContract<Boxed<Int>, Int>("boxed", on: targetName)
    static let actions: [MediatorAction<Self>] = [
        MediatorAction(boxed) { _, input in input.value * input.count }
    ]
}

@Suite("The macros on every spelling Swift accepts")
struct SpellingsEndToEndTests {
    @Test("an input in a public extension is public, its initializers too, and has its parameters")
    func inputInAPublicExtension() throws {
        let size = try parameters(of: "wrapped", in: SpellingsTarget())
        #expect(size.map(\.name) == ["width", "height"])
        #expect(size.map(\.summary) == ["Width", "Height"])
        #expect(Catalogs.Nested.Size(width: 2, height: 3) == Catalogs.Nested.Size(width: 2, height: 3))
        let mediator = Mediator()
        try mediator.register(SpellingsTarget())
        #expect(try mediator.perform("wrapped", on: "Spellings", with: ["width": "2", "height": 3]) as? Int == 6)
    }

    @Test("a generic input is read per specialization, and built by a call by name")
    func genericInput() throws {
        let boxed = try parameters(of: "boxed", in: BoxesTarget())
        #expect(boxed.map(\.name) == ["value", "count"])
        #expect(boxed.map(\.type) == ["Int", "Int"])
        #expect(MediatorInputSample(Boxed(value: "s")).roundTripProblems().isEmpty)
        let mediator = Mediator()
        try mediator.register(BoxesTarget())
        #expect(try mediator.perform("boxed", on: "Boxes", with: ["value": "7"]) as? Int == 7)
        #expect(try mediator.call(BoxesTarget.boxed, with: Boxed(value: 3, count: 2)) == 6)
    }

    @Test("the facade's all lists every contract however it is spelled, and none in a comment")
    func everySpelling() {
        #expect(Spellings.all.map(\.action) == ["docs", "wrapped", "a", "b"])
    }
}
