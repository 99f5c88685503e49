public import Mediator
public import Testing

/// Expects `body` to throw a `MediatorError` with this code, or one wrapping it, and returns the
/// error with that code for further checks.
///
/// The error matches when it has the code or wraps an error that has it (see
/// `MediatorError/causes`): calling a facade whose target is not registered from inside an action
/// fails as `MediatorError/Code/handlerFailed` wrapping `MediatorError/Code/targetNotFound`, and
/// `expectMediatorError(.targetNotFound)` matches it, returning the wrapped error.
///
/// Fails the running test at the caller's line, in Swift Testing or XCTest, when `body` succeeds,
/// throws another error, or throws a `MediatorError` without the code (the failure names every
/// code it found and the description). Usable from a file that imports only XCTest and MediatorTesting.
///
/// ```swift
/// let error = expectMediatorError(.targetNotFound) { try mediator.perform("x", on: "Catalgo") }
/// #expect(error?.suggestions == ["Catalog"])
/// ```
/// - Parameters:
///   - code: The code the error, or one it wraps, must have.
///   - fileID: Where the expectation is, filled in by the compiler.
///   - filePath: Where the expectation is, filled in by the compiler.
///   - line: Where the expectation is, filled in by the compiler.
///   - column: Where the expectation is, filled in by the compiler.
///   - body: The code that must throw.
/// - Returns: The error with the code, or `nil` when the expectation failed.
@discardableResult
public func expectMediatorError<Result>(
    _ code: MediatorError.Code, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: () throws -> Result
) -> MediatorError? {
    expect(code, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
}

/// Expects `body` to throw, asynchronously, a `MediatorError` with this code, or one wrapping it,
/// and returns the error with that code.
/// - Parameters:
///   - code: The code the error, or one it wraps, must have.
///   - fileID: Where the expectation is, filled in by the compiler.
///   - filePath: Where the expectation is, filled in by the compiler.
///   - line: Where the expectation is, filled in by the compiler.
///   - column: Where the expectation is, filled in by the compiler.
///   - body: The code that must throw.
/// - Returns: The error with the code, or `nil` when the expectation failed.
@discardableResult
public func expectMediatorError<Result>(
    _ code: MediatorError.Code, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, _ body: () async throws -> Result
) async -> MediatorError? {
    await expect(code, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
}

/// The one body of the synchronous expectations: `body` must throw an error with the code.
private func expect<Result>(_ code: MediatorError.Code, at site: CallSite, _ body: () throws -> Result) -> MediatorError? {
    do {
        _ = try body()
        TestFailure.report("expected MediatorError \(code), but nothing was thrown", at: site)
    } catch {
        return check(error, is: code, at: site)
    }
    return nil
}

/// The one body of the asynchronous expectations.
private func expect<Result>(
    _ code: MediatorError.Code, at site: CallSite, _ body: () async throws -> Result
) async -> MediatorError? {
    do {
        _ = try await body()
        TestFailure.report("expected MediatorError \(code), but nothing was thrown", at: site)
    } catch {
        return check(error, is: code, at: site)
    }
    return nil
}

private func check(_ error: any Error, is code: MediatorError.Code, at site: CallSite) -> MediatorError? {
    guard let mediatorError = error as? MediatorError else {
        TestFailure.report("expected MediatorError \(code), but \(type(of: error)) was thrown: \(error)", at: site)
        return nil
    }
    guard let match = mediatorError.cause(code) else {
        let codes = mediatorError.causes.map { "\($0.code)" }.joined(separator: " wrapping ")
        TestFailure.report("expected MediatorError \(code), but got \(codes): \(mediatorError)", at: site)
        return nil
    }
    return match
}

/// Expects `body` to throw a `MediatorError` with this code, or one wrapping it, reporting a failure
/// at a Swift Testing source location: for a test helper that forwards its own caller's location.
/// - Parameters:
///   - code: The code the error, or one it wraps, must have.
///   - sourceLocation: Where to report a failure, as Swift Testing gives it to a helper.
///   - body: The code that must throw.
/// - Returns: The error with the code, or `nil` when the expectation failed.
@discardableResult
public func expectMediatorError<Result>(
    _ code: MediatorError.Code, sourceLocation: SourceLocation, _ body: () throws -> Result
) -> MediatorError? {
    expect(code, at: CallSite(sourceLocation), body)
}

/// Expects `body` to throw, asynchronously, a `MediatorError` with this code, or one wrapping it,
/// reporting a failure at a Swift Testing source location.
/// - Parameters:
///   - code: The code the error, or one it wraps, must have.
///   - sourceLocation: Where to report a failure, as Swift Testing gives it to a helper.
///   - body: The code that must throw.
/// - Returns: The error with the code, or `nil` when the expectation failed.
@discardableResult
public func expectMediatorError<Result>(
    _ code: MediatorError.Code, sourceLocation: SourceLocation, _ body: () async throws -> Result
) async -> MediatorError? {
    await expect(code, at: CallSite(sourceLocation), body)
}
