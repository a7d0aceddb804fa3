import Testing
@testable import JoyfillServe
