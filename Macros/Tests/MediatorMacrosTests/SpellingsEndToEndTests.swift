public import Mediator
import MediatorMacros
import Testing

// Issue 33: what Swift accepts, the macros accept, compiled for real. Before, the input below did
// not compile ("property 'schema' must be declared public", "cannot tell the type of 'width'"),
// and the facade's `all` left out `docs`.

/// A namespace whose public extension declares an input, public without writing it.
public enum Catalogs {}

extension Catalogs {
    /// A public extension's member is public: its initializer and schema must be too.
    public enum Nested {}
}

public extension Catalogs.Nested {
    /// A size, two names in one declaration.
    @MediatorInput
    struct Size: Equatable {
        /// Width and height
        var width, height: Int
    }
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

@Suite("The macros on every spelling Swift accepts")
struct SpellingsEndToEndTests {
    @Test("an input in a public extension, with two names in one declaration, has both parameters")
    func inputInAPublicExtension() throws {
        #expect((try publishedParameters(of: Catalogs.Nested.Size.self)).map(\.name) == ["width", "height"])
        #expect(Catalogs.Nested.Size(width: 2, height: 3) == Catalogs.Nested.Size(width: 2, height: 3))
    }

    @Test("the facade's all lists every contract however it is spelled, and none in a comment")
    func everySpelling() {
        #expect(Spellings.all.map(\.action) == ["docs", "wrapped", "a", "b"])
    }
}
