// JoyfillFormulas: the Joyfill formula language. Nothing here knows about JoyDocs: names get
// values through an EvaluationContext, and what the checker knows of a name's value (its
// types, the columns of its rows, the options it reads as) it is told through plain values
// (ValueTypes, RowShapes, OptionChoices), which JoyfillEngine makes from a document.
//
// The pipeline, one folder per stage:
//
//   text ──Lexer──▶ tokens ──Parser──▶ SyntaxTree ──Checker──▶ [Diagnostic]
//                                          │
//                                          └──Evaluator + FunctionRegistry + EvaluationContext──▶ Value
//
// There is one evaluation path: text (`Evaluator.evaluate(_:in:)` on a String, what `jf eval`
// does) is parsed to a SyntaxTree and the tree is evaluated.
//
// Syntax/       SourceSpan, Token, Lexer (byte-class table), SyntaxTree (a flat post-order
//               arena of Nodes with a span each), Parser (precedence climbing; lambda
//               parameters resolved to slots), Printer (a tree back to text in the
//               canonical layout of `jf fmt`), TokenRole (what each word is, for colouring:
//               the language server's semantic tokens and the playground's).
// Values/       Value (number, string, boolean, date, array, object, null, undefined, lambda),
//               the canonical text form, JavaScript number text, instants and the civil
//               calendar, ISO-8601 reading, the JSON form used by `jf`.
// Evaluation/   EvaluationContext (where names get values), EvaluationOptions (clock, time
//               zone, limits), Evaluator (the tree walker), Operators, NameSlotCache (each
//               name's slot in the context, and the handle the context is called through),
//               CallMemo (wide calls remembered between evaluations).
// Functions/    FunctionSignature (the one declaration of a function), FunctionDefinition (a
//               signature with its body), FunctionRegistry, Arguments (what a body
//               receives), one file per family declaring its functions as a list of
//               definitions (MathFunctions.all, …), and the generated reference
//               (docs/functions.md).
// Check/        Checker: static findings without evaluating; RowTracker follows rows into
//               callbacks; RowShapes and OptionChoices describe what names hold.
// Diagnostics/  Diagnostic (the one error type), Fix, the caret renderer, suggestions.
// Support/      PowersOfTen, Wrapping.
// Unchecked/    Everything Swift cannot check for memory safety, with the invariants it
//               relies on (Unchecked.swift): EvaluatorState (the evaluator's working state,
//               without exclusivity checks), UncheckedReference (calls without reference
//               counting), RawStack (buffers without copy-on-write), TreeBuilder (each
//               thread's tables for the parser), NameCache (each thread's strings for long
//               names), SmallString (short names packed straight into their `String`).
//
// The language is specified in docs/specification.md and described in docs/language.md;
// differences from the Joyfill SDKs are in docs/compatibility.md. A § in a comment is a
// section of docs/specification.md.
