// Package puzzle defines the puzzle kinds of puzzlesat (those that
// puzzlesat.Kinds lists, and puzzlesat kinds prints): for each kind the
// instance and answer types, the judge-format parser and printer, and a
// Verify that checks an answer against the rules. It does no search.
//
// Parsers read a whole input before returning, so bad input never yields a
// partial list of instances. Every input error is a *ParseError naming the
// file and the 1-based line.
package puzzle
