public import Mediator
public import Testing

/// Expects `body` to throw a ``MediatorError`` with this code, and returns the error for further checks.
///
/// Records a test issue at the caller's line when `body` succeeds, throws another error, or throws a
/// ``MediatorError`` with another code (the issue names both codes and the description).
///
/// ```swift
/// let error = expectMediatorError(.targetNotFound) { try mediator.perform("x", on: "Catalgo") }
/// #expect(error?.suggestions == ["Catalog"])
/// ```
/// - Parameters:
///   - code: The code the error must have.
///   - sourceLocation: Where the expectation is, filled in by the compiler.
///   - body: The code that must throw.
/// - Returns: The error, or `nil` when the expectation failed.
@discardableResult
public func expectMediatorError<Result>(
    _ code: MediatorError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Result
) -> MediatorError? {
    do {
        _ = try body()
        Issue.record("expected MediatorError \(code), but nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        return check(error, is: code, sourceLocation: sourceLocation)
    }
    return nil
}

/// Expects `body` to throw, asynchronously, a ``MediatorError`` with this code, and returns the error.
/// - Parameters:
///   - code: The code the error must have.
///   - sourceLocation: Where the expectation is, filled in by the compiler.
///   - body: The code that must throw.
/// - Returns: The error, or `nil` when the expectation failed.
@discardableResult
public func expectMediatorError<Result>(
    _ code: MediatorError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Result
) async -> MediatorError? {
    do {
        _ = try await body()
        Issue.record("expected MediatorError \(code), but nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        return check(error, is: code, sourceLocation: sourceLocation)
    }
    return nil
}

private func check(_ error: any Error, is code: MediatorError.Code, sourceLocation: SourceLocation) -> MediatorError? {
    guard let mediatorError = error as? MediatorError else {
        Issue.record(
            "expected MediatorError \(code), but \(type(of: error)) was thrown: \(error)", sourceLocation: sourceLocation)
        return nil
    }
    guard mediatorError.code == code else {
        Issue.record(
            "expected MediatorError \(code), but got \(mediatorError.code): \(mediatorError)", sourceLocation: sourceLocation)
        return nil
    }
    return mediatorError
}
