// JoyfillModel: the JoyDoc, read and written losslessly. Nothing here knows about formulas.
//
// JoyDoc            the document: its fields (all pages' fields live in one flat list),
//                   document-level formulas, and the lossless JSON it was read from.
// Field             a field: `_id`, type, value, options, table columns and rows, collection
//                   schema, chart lines, and the formulas applied to it.
// CollectionRows    a collection row's tree of child rows: found by id, read and rebuilt by
//                   changes below the root rows (RowPlace: where a row is stored).
// DocumentError     why a text is not a JoyDoc, with the line and column (or the field id).
// DocumentIssue     problems the reader works around (an option without an `_id` …), reported.
//
// Values stay JSON (JoyfillJSON.JSONValue) here; converting them to formula values is the
// document binding's job. Writing back replaces only the changed values' bytes (JSONEdit).
