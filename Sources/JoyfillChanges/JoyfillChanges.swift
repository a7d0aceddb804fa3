// JoyfillChanges: the change API, as edits of a document's text.
//
// DocumentChange  the change API's entries (`field.update`, table and collection row
//                 create/update/delete/move, at any level of a collection, decorators, page
//                 delete and duplicate), decoded once into an Operation with typed payloads,
//                 shape errors named (ChangeError);
// ChangeApplier   applies the operations to a document's text, all or none, rewriting only
//                 what changed; only what depends on the document is checked there. The
//                 value changes of each field are gathered over one text by FieldChanges
//                 (each field's FieldState: its rows as changed, the ones to write again),
//                 which a session also keeps across changes to change rows in place.
// RowOperations   the SDKs' row operations (insertRow, insertRowWithFilter, duplicateRows,
//                 moveRowUp …) as entries.
// PageDeletion, PageDuplication
//                 the SDKs' deletePage and duplicatePage as edits of the text, with their
//                 changelogs (PageChangelog); copies of pages made from one reading of the
//                 text are written together.
// Changelog       the changelogs the SDKs' `onChange` reports for applied changes;
//                 FieldIdentifier places a field as their entries do.
//
// No policy lives here (read-only mode, licences, disabled fields): JoyfillSession applies it
// before the changes reach the applier, and runs the formulas after.
