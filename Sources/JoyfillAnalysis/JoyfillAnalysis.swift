import JoyfillEngine

// JoyfillAnalysis: what the front ends read of a document's formulas besides the session: the
// findings and reports a check or a run makes, the dependency graph, and the analyses of a
// template that need no run. They are JoyfillEngine's types, named here so that no front end
// depends on the engine (Package.swift: none lists JoyfillEngine), which stays the session's
// own: DocumentEngine is not named here. The linter builds on this module and not on the
// session, so that it compiles beside the session rather than after it.
//
// SchemaFindings  the schema check's violations as findings, made here only: the linter's
//                 rules and the session's report (and through it `jf validate` and the
//                 warnings of `jf run` and `jf apply`) read them from here.

/// A problem jf reports about a document or a formula in it (JoyfillEngine's `Finding`).
public typealias Finding = JoyfillEngine.Finding
/// A fix's replacement of bytes of a file.
public typealias FileEdit = JoyfillEngine.FileEdit
/// A place in a file: bytes, and the lines and columns they start and end at.
public typealias FileLocation = JoyfillEngine.FileLocation
/// A formula field after a run: its status and stored value.
public typealias FieldReport = JoyfillEngine.FieldReport
/// How a formula field fared.
public typealias FieldStatus = JoyfillEngine.FieldStatus
/// A change the formulas' run cannot apply (no such field, a cell path that names none).
public typealias EngineError = JoyfillEngine.EngineError
/// Which formula fields read which, their order and their cycles.
public typealias DependencyGraph = JoyfillEngine.DependencyGraph
/// What one field reads and what reads it, transitively.
public typealias FieldDependencies = JoyfillEngine.FieldDependencies
/// A cycle's path, as the graph and the findings name it.
public typealias CyclePath = JoyfillEngine.CyclePath

// Analyses of a JoyDoc that need no run, for the front ends that read templates as text (the
// linter, the language server).

/// Renames fields wherever a JoyDoc names them, as text edits.
public typealias FieldRenamer = JoyfillEngine.FieldRenamer
/// What formulas may know of a field's value before any run: its types, rows and options.
public typealias FieldValueTypes = JoyfillEngine.FieldValueTypes
/// Applied formulas that are missing or misapplied.
public typealias ApplicationProblems = JoyfillEngine.ApplicationProblems
/// Stored values their field's or column's type does not hold.
public typealias StoredValueCheck = JoyfillEngine.StoredValueCheck
