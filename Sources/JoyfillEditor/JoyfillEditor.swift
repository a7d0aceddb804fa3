// JoyfillEditor: the headless document editor, what a person filling a form sees and is held
// to, without a screen.
//
// DocumentEditor  a document with its formulas evaluated (after changes, if any): validation,
//                 visibility, and where a field is placed (FieldIdentifier, for change entries).
// Logic           conditional logic as the SDKs read it: `logic` and `requiredLogic` on fields,
//                 pages and columns (`{action, eval, conditions}`), cell logic on columns,
//                 schema logic on the cells of the parent row, and the conditions (`=`, `!=`,
//                 `?=`, `>`, `<`, `null=`, `*=`); DocumentLogic reads a whole document's,
//                 with what cannot be used as written.
// Visibility      which fields and pages are shown, and which collection levels under each row:
//                 `hidden`, moved by logic.
// Validation      required fields, and required cells of table and collection rows, over the
//                 shown fields of the document, one page, or one field (`validate(path:)`).
// Filled          what "has a value" means for `required` (conditions read values as the SDKs do).
// DocumentChange  the change API's entries (`field.update`, table and collection row
//                 create/update/delete/move, at any level of a collection, decorators),
//                 decoded once into an Operation with typed payloads, shape errors named;
// ChangeApplier   applies the operations to a document's text, all or none, rewriting only
//                 what changed; only what depends on the document is checked there.
// RowOperations   the SDKs' row operations (insertRow, duplicateRows, moveRowUp …) as entries.
// DecoratorScope  a decorator path (`PAGE/POSITION[/rows|/ROW|/columns/COLUMN|…]`) resolved;
// DecoratorEditor the SDKs' get/add/update/remove of decorators, as edits of the text;
// DecoratorCheck  stored decorators the SDKs reject or never show (lint's `invalid-decorator`).
//
// The editor reads the document through JoyfillModel and evaluates formulas through
// JoyfillEngine; it prints nothing (the `jf validate` command renders its results).
