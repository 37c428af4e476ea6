// Package digitpuzzle is UVa 12107 "Digit Puzzle", the kind digit-puzzle:
// a multiplication A × B = C written as patterns of digits and '*' for a
// hidden digit, to be changed in the fewest characters into a pattern
// with exactly one solution. It holds the instance and answer types, the
// judge-format parser and printer and Verify; package dfs and package
// sat below it solve.
//
// # Input
//
// A line per case: the patterns A B C, separated by blanks, A and B of 1
// to MaxFactor characters and C of 1 to MaxProduct, until a line "0" or
// the end of input.
//
// # Output
//
// A line per case, "Case k: A B C": the pattern with the fewest
// characters changed that has exactly one solution, the least such in
// the judge's order ('*' before the digits).
//
// # Example
//
//	$ echo '7 ** 8*' | puzzlesat solve digit-puzzle
//	Case 1: 7 ** 8*
package digitpuzzle
