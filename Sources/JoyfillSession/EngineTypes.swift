import JoyfillEngine

// The values the session hands out that the formulas' run makes. They are JoyfillEngine's
// types, named here so that a front end reads them through the session and never depends on
// the engine itself (Package.swift: no front end lists JoyfillEngine), which stays the
// session's own.

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
/// Which formula fields read which, their order and their cycles (``DocumentSession/graph``).
public typealias DependencyGraph = JoyfillEngine.DependencyGraph
/// What one field reads and what reads it, transitively.
public typealias FieldDependencies = JoyfillEngine.FieldDependencies
/// A cycle's path, as the graph and the findings name it.
public typealias CyclePath = JoyfillEngine.CyclePath
/// A stored value its type does not hold (``DocumentSession/storedValueIssues(ofChangedField:)``).
public typealias StoredValueIssue = JoyfillEngine.StoredValueCheck.Issue

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
