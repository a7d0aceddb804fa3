// JoyfillJSON: JSON read and written losslessly. Nothing here knows about JoyDocs or formulas.
//
// JSONValue    a value with its byte span in the text it was read from; objects keep member
//              order and duplicate keys; numbers keep their text.
// JSONReader   RFC 8259 reader: iterative (an explicit stack, a depth limit of 512), errors
//              with line and column, strict UTF-8.
// JSONWriter   compact text for values built in code; JSONEdit replaces only changed spans,
//              so an unchanged document is written back byte for byte (decision B10).
