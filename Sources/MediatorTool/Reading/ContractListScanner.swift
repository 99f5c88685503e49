/// Reads a facade's contract declarations and its `all` list from the file's tokens
/// (``SwiftLexer``), as the compiler sees them, so the list can be checked against the declarations:
/// a contract missing from it would be skipped by the module's contract test.
///
/// A contract is every binding of a `static let` or `static var` (in a type or an extension of it,
/// one or several per declaration, on one line or several) whose type annotation, or else whose
/// initial value's called type, is a contract type (`ActionContract`, `AsyncActionContract`,
/// `MainActorActionContract`, `MediatorActionContract`, qualified or not, `.init` or not). The
/// list is the expression of the type's `static let all` (or the body of a computed `all`): every
/// name in it, comments being no tokens. A type marked `@MediatorFacade` has its `all` written by
/// the macro from the contracts in its own body outside `#if`: a contract declared in an extension
/// of it or under `#if` is what the macro cannot list.
enum ContractListScanner {
    /// One contract declaration: where its name is, the name, and the type it belongs to.
    struct Declaration: Equatable {
        let line: Int
        let column: Int
        let name: String
        /// The type it is declared in (`Shop`, `Outer.Shop`), or extends.
        let owner: String
        /// Whether it is declared in an extension rather than in the type's own body.
        let inExtension: Bool
        /// Whether it is declared under `#if` (inside its type's body).
        let conditional: Bool
    }

    /// What one file declares.
    struct Reading: Equatable {
        /// The contracts, in order.
        var declarations: [Declaration] = []
        /// The names each type's `all` expression holds, by type.
        var lists: [String: Set<String>] = [:]
        /// The types marked `@MediatorFacade`.
        var macroFacades: Set<String> = []
        /// Where each type (not extension) is declared, and whether it says `nonisolated`, by name.
        var types: [String: TypeDeclaration] = [:]
    }

    /// A type's declaration: where its keyword is, and whether `nonisolated` is among its modifiers
    /// (what keeps a contracts enum readable off the main actor under default main-actor isolation).
    struct TypeDeclaration: Equatable {
        let line: Int
        let column: Int
        let keyword: String
        let isNonisolated: Bool
    }

    static let contractTypes: Set<String> = [
        "ActionContract", "AsyncActionContract", "MainActorActionContract", "MediatorActionContract",
    ]

    /// The contracts a file declares, in order.
    static func declarations(in text: String) -> [Declaration] {
        read(text).declarations
    }

    /// The names the file's `all` lists hold (every type's together), or `nil` when it has none.
    static func listed(in text: String) -> Set<String>? {
        let lists = read(text).lists
        return lists.isEmpty ? nil : lists.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// What a file's text declares.
    static func read(_ text: String) -> Reading {
        read(tokens: SwiftLexer.tokens(of: text))
    }

    /// What a file's tokens declare.
    static func read(tokens: [SwiftToken]) -> Reading {
        var reader = Reader(tokens: tokens)
        reader.run()
        return reader.reading
    }

    /// Walks the tokens, keeping the stack of braces (type bodies among them) and `#if` depth.
    private struct Reader {
        struct Scope {
            /// The type's name, for a type's or an extension's body; `nil` for any other braces.
            let type: String?
            let isExtension: Bool
            let poundDepth: Int
        }

        let tokens: [SwiftToken]
        var reading = Reading()
        var scopes: [Scope] = []
        var poundDepth = 0
        var pending: (name: String, isExtension: Bool)?

        static let typeKeywords: Set<String> = ["enum", "struct", "class", "actor", "protocol", "extension"]
        static let modifiers: Set<String> = [
            "public", "package", "internal", "fileprivate", "private", "open", "static", "class", "final", "nonisolated",
            "lazy", "override", "weak", "unowned", "dynamic", "required", "convenience", "mutating", "nonmutating",
        ]
        /// Words that start a declaration (or a directive): a binding list ends at one that starts a line.
        static let declarationStarts: Set<String> = modifiers.union([
            "let", "var", "func", "init", "deinit", "subscript", "case", "typealias", "associatedtype", "enum", "struct",
            "actor", "protocol", "extension", "import", "operator", "precedencegroup", "macro",
        ])

        mutating func run() {
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                switch token.kind {
                case .pound where token.text == "#if": poundDepth += 1
                case .pound where token.text == "#endif": poundDepth -= 1
                case .punctuation where token.text == "{":
                    if let pending {
                        let outer = scopes.last(where: { $0.type != nil && !$0.isExtension })?.type
                        let name = pending.isExtension || outer == nil ? pending.name : "\(outer ?? "").\(pending.name)"
                        scopes.append(Scope(type: name, isExtension: pending.isExtension, poundDepth: poundDepth))
                        let keyword = typeKeyword(before: index)
                        if !pending.isExtension, hasAttribute("MediatorFacade", before: keyword) {
                            reading.macroFacades.insert(name)
                        }
                        if !pending.isExtension {
                            reading.types[name] = TypeDeclaration(
                                line: tokens[keyword].line, column: tokens[keyword].column, keyword: tokens[keyword].text,
                                isNonisolated: hasModifier("nonisolated", before: keyword))
                        }
                    } else {
                        scopes.append(Scope(type: nil, isExtension: false, poundDepth: poundDepth))
                    }
                    pending = nil
                case .punctuation where token.text == "}":
                    _ = scopes.popLast()
                case .punctuation where token.text == ";":
                    pending = nil
                case .word where Self.typeKeywords.contains(token.text) && !isMember(index):
                    if let name = typeName(after: index) {
                        pending = (name, token.text == "extension")
                    }
                case .word where token.text == "let" || token.text == "var":
                    if let scope = scopes.last, let owner = scope.type, isStatic(index) {
                        index = bindings(after: index, owner: owner, scope: scope)
                        continue
                    }
                default: break
                }
                index += 1
            }
        }

        // MARK: Types

        private func isMember(_ index: Int) -> Bool {
            index > 0 && tokens[index - 1].is(".")
        }

        /// The name a type keyword declares (`class var` is a member, not a type): for an extension,
        /// the dotted path it extends.
        private func typeName(after keyword: Int) -> String? {
            var index = keyword + 1
            guard index < tokens.count, tokens[index].kind == .word || tokens[index].kind == .escapedWord,
                !Self.declarationStarts.contains(tokens[index].text) || tokens[index].kind == .escapedWord
            else { return nil }
            var name = tokens[index].text
            guard tokens[keyword].text == "extension" else { return name }
            while index + 2 < tokens.count, tokens[index + 1].is("."),
                tokens[index + 2].kind == .word || tokens[index + 2].kind == .escapedWord
            {
                name += "." + tokens[index + 2].text
                index += 2
            }
            return name
        }

        /// The type keyword of the declaration whose body opens at `brace`.
        private func typeKeyword(before brace: Int) -> Int {
            var index = brace - 1
            while index > 0, !(tokens[index].kind == .word && Self.typeKeywords.contains(tokens[index].text) && !isMember(index))
            {
                index -= 1
            }
            return index
        }

        /// Whether the attributes before a declaration's keyword include `@name` (or `@Module.name`).
        private func hasAttribute(_ name: String, before keyword: Int) -> Bool {
            var index = keyword - 1
            while index >= 0 {
                let token = tokens[index]
                if token.kind == .word, Self.modifiers.contains(token.text) {
                    index -= 1
                } else if token.is(")"), let open = openingParenthesis(before: index) {
                    index = open - 1
                } else if token.kind == .word {
                    // `@name`, `@Module.name`.
                    var start = index
                    while start >= 2, tokens[start - 1].is("."), tokens[start - 2].kind == .word { start -= 2 }
                    guard start >= 1, tokens[start - 1].is("@") else { return false }
                    if token.text == name { return true }
                    index = start - 2
                } else {
                    return false
                }
            }
            return false
        }

        /// Whether the modifiers before a declaration's keyword include `name` (attributes skipped).
        private func hasModifier(_ name: String, before keyword: Int) -> Bool {
            var index = keyword - 1
            while index >= 0 {
                let token = tokens[index]
                if token.kind == .word, token.text == name { return true }
                if token.kind == .word, Self.modifiers.contains(token.text) {
                    index -= 1
                } else if token.is(")"), let open = openingParenthesis(before: index) {
                    index = open - 1
                } else if token.kind == .word, index >= 1, tokens[index - 1].is("@") {
                    index -= 2
                } else {
                    return false
                }
            }
            return false
        }

        private func openingParenthesis(before close: Int) -> Int? {
            var depth = 0
            var index = close
            while index >= 0 {
                if tokens[index].is(")") { depth += 1 }
                if tokens[index].is("(") {
                    depth -= 1
                    if depth == 0 { return index }
                }
                index -= 1
            }
            return nil
        }

        // MARK: Bindings

        /// Whether the `let`/`var` at `keyword` is a type's: `static` (or `class`) among its modifiers.
        private func isStatic(_ keyword: Int) -> Bool {
            var index = keyword - 1
            while index >= 0 {
                let token = tokens[index]
                if token.kind == .word, token.text == "static" || token.text == "class" { return true }
                if token.kind == .word, Self.modifiers.contains(token.text) {
                    index -= 1
                } else if token.is(")"), let open = openingParenthesis(before: index) {
                    index = open - 1  // `private(set)`, `@available(…)`
                } else if token.kind == .word, index >= 1, tokens[index - 1].is("@") {
                    index -= 2
                } else {
                    return false
                }
            }
            return false
        }

        /// Reads the bindings of the declaration whose `let`/`var` is at `keyword`; returns the index
        /// after them.
        private mutating func bindings(after keyword: Int, owner: String, scope: Scope) -> Int {
            var index = keyword + 1
            while index < tokens.count, tokens[index].kind == .word || tokens[index].kind == .escapedWord {
                let name = tokens[index]
                index += 1
                var type: [SwiftToken] = []
                var value: [SwiftToken] = []
                if index < tokens.count, tokens[index].is(":") {
                    (type, index) = expression(from: index + 1, stoppingAtBrace: true)
                }
                if index < tokens.count, tokens[index].is("=") {
                    (value, index) = expression(from: index + 1, stoppingAtBrace: false)
                } else if index < tokens.count, tokens[index].is("{") {
                    // A computed property: its body is what it evaluates to.
                    let end = closingBrace(from: index)
                    value = Array(tokens[(index + 1)..<max(index + 1, end)])
                    index = min(end + 1, tokens.count)
                }
                if name.text == "all" {
                    reading.lists[owner, default: []].formUnion(Self.names(in: value))
                } else if let called = Self.typeName(type) ?? Self.calledTypeName(value), contractTypes.contains(called) {
                    reading.declarations.append(
                        Declaration(
                            line: name.line, column: name.column, name: name.text, owner: owner,
                            inExtension: scope.isExtension, conditional: poundDepth > scope.poundDepth))
                }
                guard index < tokens.count, tokens[index].is(",") else { break }
                index += 1
            }
            return index
        }

        /// The tokens of a type or an expression starting at `start`, up to a `,` or `=` outside
        /// brackets and generic arguments, an accessor's `{` after a type, or the next declaration.
        private func expression(from start: Int, stoppingAtBrace: Bool) -> ([SwiftToken], Int) {
            var index = start
            var depth = 0
            while index < tokens.count {
                let token = tokens[index]
                if depth == 0, index > start, token.startsLine, startsDeclaration(index) { break }
                if token.kind == .punctuation {
                    switch token.text {
                    case "(", "[": depth += 1
                    case "{":
                        if depth == 0 && stoppingAtBrace { return (Array(tokens[start..<index]), index) }
                        depth += 1
                    case ")", "]", "}":
                        if depth == 0 { return (Array(tokens[start..<index]), index) }
                        depth -= 1
                    case "<":
                        if let end = genericEnd(at: index) {
                            index = end + 1
                            continue
                        }
                    case ",", "=", ";":
                        if depth == 0 && (token.text != "=" || stoppingAtBrace) { return (Array(tokens[start..<index]), index) }
                    default: break
                    }
                }
                index += 1
            }
            return (Array(tokens[start..<index]), index)
        }

        private func startsDeclaration(_ index: Int) -> Bool {
            let token = tokens[index]
            return (token.kind == .word && Self.declarationStarts.contains(token.text)) || token.is("@")
                || token.kind == .pound && ["#if", "#else", "#elseif", "#endif"].contains(token.text)
        }

        /// The index of the `>` closing a generic argument list opened at `open`, if the `<` opens one:
        /// right after a name, holding only what types are written with.
        private func genericEnd(at open: Int) -> Int? {
            guard open > 0, !tokens[open].spaceBefore,
                tokens[open - 1].kind == .word || tokens[open - 1].kind == .escapedWord
            else { return nil }
            var depth = 0
            var index = open
            while index < tokens.count, index < open + 400 {
                let token = tokens[index]
                switch token.kind {
                case .word, .escapedWord: break
                case .punctuation:
                    switch token.text {
                    case "<": depth += 1
                    case ">":
                        depth -= 1
                        if depth == 0 { return index }
                    case ".", ",", ":", "?", "!", "[", "]", "(", ")", "@": break
                    default: return nil
                    }
                case .operator where ["->", "...", "&"].contains(token.text): break
                default: return nil
                }
                index += 1
            }
            return nil
        }

        private func closingBrace(from open: Int) -> Int {
            var depth = 0
            var index = open
            while index < tokens.count {
                if tokens[index].is("{") { depth += 1 }
                if tokens[index].is("}") {
                    depth -= 1
                    if depth == 0 { return index }
                }
                index += 1
            }
            return tokens.count
        }

        /// The last name of a type's path before its generic arguments: `ActionContract` for
        /// `Mediator.ActionContract<A, B>`.
        static func typeName(_ type: [SwiftToken]) -> String? {
            var name: String?
            for (offset, token) in type.enumerated() {
                if token.kind == .word || token.kind == .escapedWord {
                    name = token.text
                } else if token.is("."), offset > 0 {
                    continue
                } else {
                    break
                }
                if offset + 1 < type.count, !type[offset + 1].is(".") { break }
            }
            return name
        }

        /// The type an initial value calls: `ActionContract` for `ActionContract<A, B>(…)`,
        /// `Mediator.ActionContract<A, B>.init(…)` and `ActionContract<A, B> (…)`.
        static func calledTypeName(_ value: [SwiftToken]) -> String? {
            guard let name = typeName(value) else { return nil }
            // What follows the path: generic arguments, `.init`, then the call.
            var index = 0
            while index < value.count, value[index].kind == .word || value[index].kind == .escapedWord || value[index].is(".") {
                index += 1
            }
            if index < value.count, value[index].is("<") {
                var depth = 0
                while index < value.count {
                    if value[index].is("<") { depth += 1 }
                    if value[index].is(">") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index += 1
                }
                index += 1
            }
            if index + 1 < value.count, value[index].is("."), value[index + 1].text == "init" { index += 2 }
            return index < value.count && value[index].is("(") ? name : nil
        }

        /// The names an expression mentions: `price` for `price`, `Shop.price` and `Self.price`.
        static func names(in expression: [SwiftToken]) -> Set<String> {
            var names: Set<String> = []
            for (offset, token) in expression.enumerated() where token.kind == .word || token.kind == .escapedWord {
                if offset + 1 < expression.count, expression[offset + 1].is(".") { continue }
                names.insert(token.text)
            }
            return names
        }
    }
}
