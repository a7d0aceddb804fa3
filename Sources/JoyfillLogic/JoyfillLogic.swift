// JoyfillLogic: what a person filling the form is shown and held to, decided from the values.
//
// Logic           conditional logic as the SDKs read it: `logic` and `requiredLogic` on fields,
//                 pages and columns (`{action, eval, conditions}`), cell logic on columns,
//                 schema logic on the cells of the parent row, and the conditions (`=`, `!=`,
//                 `?=`, `>`, `<`, `null=`, `*=`); DocumentLogic reads a whole document's,
//                 with what cannot be used as written (LogicIssue).
// FieldValues     each field's stored value and `hidden` flag: the document's, or the engine's
//                 after its formulas ran.
// Visibility      which fields, pages, columns and cells are shown and required, and which
//                 collection levels under each row: `hidden` and `required`, moved by logic,
//                 in the view read (DocumentView: `hiddenViews`, the mobile view's pages);
//                 `hiddenItems(in:)` says what hid each value.
// Validation      required fields, and required cells of table and collection rows, over the
//                 shown fields of the document, one page, or one field (Validator).
// Filled          what "has a value" means for `required` (conditions read values as the SDKs do).
//
// It reads documents through JoyfillModel, and a formula run's values through the functions
// FieldValues is given (the session gives its engine's); it changes nothing.
