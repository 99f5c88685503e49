// The module apps import: the runtime core (`MediatorCore`, which imports no Foundation)
// re-exported, so `import Mediator` brings every type of it, plus the Foundation bridge in the files
// beside this one: the `Foundation.URL` and `Data` doors, and `UUID` and `URL` as parameter values.
// (swift-http-types does the same: `HTTPTypesFoundation` re-exports `HTTPTypes`.)
@_exported public import MediatorCore
