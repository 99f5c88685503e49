import Testing

/// Swift sources whose imports the module-graph check must read exactly as the compiler does:
/// each spelling a line scanner missed or invented (issue 33), and more. The check's suite runs
/// every one with `\n` and with `\r\n` line endings, and compares the imports the compiler's own
/// parser finds (`swiftc -frontend -dump-parse`) with the tool's where the compiler can tell.
struct ImportFixture: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    /// The imports, as `line:column Module`, in order.
    let expected: [String]
    /// Whether `-dump-parse` shows every import (it leaves out `#if` branches).
    var comparesWithCompiler = true

    var testDescription: String { name }

    static let all: [ImportFixture] = [
        .init(
            name: "one import a line", source: "import Foundation\nimport Orders\n", expected: ["1:1 Foundation", "2:1 Orders"]),
        .init(name: "a semicolon after the module", source: "import Orders;\n", expected: ["1:1 Orders"]),
        .init(
            name: "two imports on one line", source: "import Foundation; import Orders\n",
            expected: ["1:1 Foundation", "1:20 Orders"]),
        .init(name: "the module on the next line", source: "import\n    Orders\n", expected: ["1:1 Orders"]),
        .init(
            name: "three quotes in a comment", source: "// a comment with \"\"\" in it\nimport Orders\n",
            expected: ["2:1 Orders"]),
        .init(
            name: "a glob in a string (not a block comment)",
            source: "let glob = \"Sources/*.swift\"\nimport Orders\nlet end = \"*/\"\n", expected: ["2:1 Orders"]),
        .init(
            name: "nested block comments",
            source: "/* outer /* nested */ import Hidden */\nimport Orders\n/*/**/*/ import Last\n",
            expected: ["2:1 Orders", "3:10 Last"]),
        .init(
            name: "an escaped quote triple in a multi-line string",
            source: "let text = \"\"\"\n    quote: \\\"\"\"\n    import Hidden\n    \"\"\"\nimport Orders\n",
            expected: ["5:1 Orders"]),
        .init(
            name: "raw strings, single and multi-line",
            source: ##"""
                let raw = #"import Hidden " still"#; import Orders
                let block = #"""
                    """
                    import Hidden
                    """#
                import Catalog
                """##, expected: ["1:38 Orders", "6:1 Catalog"]),
        .init(
            name: "interpolations holding strings, parentheses and comments",
            source: #"""
                let s = "\(f("\(g(")"))", /* ) */ "import Hidden"))" + "import Hidden"
                let t = "a \( "(" ) b"; import Orders
                """#, expected: ["2:25 Orders"]),
        .init(
            name: "attributes, access levels and kinds",
            source: """
                @testable import ModuleA
                public import Mediator
                @_spi(Testing) import MediatorTesting
                import struct ModuleAFacade.ProductID
                @preconcurrency internal import Dispatch
                import `Orders`
                import Catalog.Sub
                """,
            expected: [
                "1:11 ModuleA", "2:8 Mediator", "3:16 MediatorTesting", "4:1 ModuleAFacade", "5:26 Dispatch", "6:1 Orders",
                "7:1 Catalog",
            ]),
        .init(
            name: "a trailing comment and an unterminated string before",
            source: "import Orders // import Hidden\nlet s = \"open\nimport Catalog\n", expected: ["1:1 Orders", "3:1 Catalog"],
            comparesWithCompiler: false),
        .init(
            name: "a block comment holding a quote, across lines",
            source: "/* \"not a string\n */ import Orders\n", expected: ["2:5 Orders"]),
        .init(
            name: "regex literals holding quotes and slashes",
            source: "let a = #/\"import Hidden/#\nlet b = /\"/; import Orders\nlet c = 4 / 2 / 1\nimport Catalog\n",
            expected: ["2:14 Orders", "4:1 Catalog"]),
        .init(
            name: "every #if branch", source: "#if DEBUG\nimport Orders\n#else\nimport Catalog\n#endif\n",
            expected: ["2:1 Orders", "4:1 Catalog"], comparesWithCompiler: false),
        .init(
            name: "a multi-line string with a line continuation and an interpolation",
            source:
                "let s = \"\"\"\n    a \\\n    \\(\"\"\"\n        import Hidden\n        \"\"\")\n    \"\"\"\nimport Orders\n",
            expected: ["7:1 Orders"]),
        .init(
            name: "the word import that is no declaration",
            source: "let x = f(import: 1)\nlet y = t.import\nimport Orders\n", expected: ["3:1 Orders"],
            comparesWithCompiler: false),
    ]
}
