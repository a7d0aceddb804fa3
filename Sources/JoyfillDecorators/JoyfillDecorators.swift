// JoyfillDecorators: the SDKs' decorators (the buttons a form shows on fields, rows and
// columns), read, checked and edited.
//
// DecoratorScope  a decorator path (`PAGE/POSITION[/rows|/ROW|/columns/COLUMN|…]`) resolved
//                 (DecoratorLookup finds rows and positions once per document);
// DecoratorEditor the SDKs' get/add/update/remove of decorators, as edits of the text
//                 (ObjectPatches gathers the edits of one object);
// DecoratorCheck  stored decorators the SDKs reject or never show (lint's `invalid-decorator`);
// DecoratorError  a path that does not resolve, or a decorator change the SDKs reject.
