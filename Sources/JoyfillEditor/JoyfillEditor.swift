// JoyfillEditor: the headless document editor, what a person filling a form sees and is held
// to, without a screen.
//
// DocumentEditor  a document with its formulas evaluated (after changes, if any): validation,
//                 visibility, and where a field is placed (FieldIdentifier, for change entries);
//                 `set` changes values in place and decides again only what they reach; its
//                 observers get the SDKs' changelogs (Changelog) and errors (EditorError);
//                 EditorMode (readonly) and Licensing (the SDKs' licence gate on
//                 collections, checked by an injected LicenseVerifying) restrict it; hiddenItems says what hid each value.
// Logic           conditional logic as the SDKs read it: `logic` and `requiredLogic` on fields,
//                 pages and columns (`{action, eval, conditions}`), cell logic on columns,
//                 schema logic on the cells of the parent row, and the conditions (`=`, `!=`,
//                 `?=`, `>`, `<`, `null=`, `*=`); DocumentLogic reads a whole document's,
//                 with what cannot be used as written.
// Visibility      which fields, pages, columns and cells are shown and required, and which
//                 collection levels under each row: `hidden` and `required`, moved by logic,
//                 in the view read (DocumentView: `hiddenViews`, the mobile view's pages).
// Validation      required fields, and required cells of table and collection rows, over the
//                 shown fields of the document, one page, or one field (`validate(path:)`).
// Filled          what "has a value" means for `required` (conditions read values as the SDKs do).
// DocumentChange  the change API's entries (`field.update`, table and collection row
//                 create/update/delete/move, at any level of a collection, decorators),
//                 decoded once into an Operation with typed payloads, shape errors named;
// ChangeApplier   applies the operations to a document's text, all or none, rewriting only
//                 what changed; only what depends on the document is checked there.
// RowOperations   the SDKs' row operations (insertRow, insertRowWithFilter, duplicateRows,
//                 moveRowUp …) as entries.
// PageDeletion, PageDuplication
//                 the SDKs' deletePage and duplicatePage (`page.delete`, `page.duplicate`) as
//                 edits of the text, with their changelogs (PageChangelog).
// DecoratorScope  a decorator path (`PAGE/POSITION[/rows|/ROW|/columns/COLUMN|…]`) resolved;
// DecoratorEditor the SDKs' get/add/update/remove of decorators, as edits of the text;
// DecoratorCheck  stored decorators the SDKs reject or never show (lint's `invalid-decorator`).
//
// The editor reads the document through JoyfillModel, checks its structure through
// JoyfillSchema and evaluates formulas through JoyfillEngine; it prints nothing (the
// `jf validate` command renders its results).
