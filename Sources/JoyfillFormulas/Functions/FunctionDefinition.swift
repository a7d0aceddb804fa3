/// A function as the catalogue declares it: its signature (name, parameters, documentation),
/// its body, and its shortcut for remembered wide calls. The built-in functions are lists of
/// these (`MathFunctions.all`, …); ``FunctionRegistry/standard`` registers them.
public struct FunctionDefinition: Sendable {
    public let signature: FunctionSignature
    /// How the result follows one argument's change when all arguments are exact small
    /// integers, for remembered wide calls (``CallMemo``); nil when it cannot.
    public let integerDelta: IntegerDelta?
    public let body: FunctionBody

    public init(_ signature: FunctionSignature, integerDelta: IntegerDelta? = nil, _ body: @escaping FunctionBody) {
        self.signature = signature
        self.integerDelta = integerDelta
        self.body = body
    }
}
