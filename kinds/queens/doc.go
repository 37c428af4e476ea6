// Package queens is N-queens as USACO's "Checker Challenge" asks it: the
// first solutions of N queens on an N×N board, none attacking another, and
// their count. It holds the instance and answer types, the judge-format
// parser and printer and Verify; package dfs and package sat below it
// solve and count.
//
// # Input
//
// Board sizes N (1..MaxN), separated by any white space, to the end of
// input.
//
// # Output
//
// For each N up to JudgeN (the judge asks 6 to 13), the first Shown
// solutions in lexicographic order, a line each with each queen's column
// row by row, then their count; above JudgeN, the first solution alone.
// --grid draws the boards.
//
// # Example
//
//	$ echo '6' | puzzlesat solve queens
//	2 4 6 1 3 5
//	3 6 2 5 1 4
//	4 1 5 2 6 3
//	4
package queens
