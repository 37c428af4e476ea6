// Package alphametic is the alphametic of NOIP2004 "虫食算": an addition
// of two N-digit numbers in base N whose every digit was eaten, each
// letter of the first N standing for a different digit. It holds the
// instance and answer types, the judge-format parser and printer and
// Verify; package dfs and package sat below it solve and count.
//
// # Input
//
// N (at most MaxN), then the three words of the sum, each of N letters
// from the first N of the alphabet, separated by any white space; cases
// follow one another to the end of input.
//
// # Output
//
// A line per case: the digit of each letter, from A, separated by single
// spaces.
//
// # Example
//
//	$ echo '5 ABCED BDACE EBBAA' | puzzlesat solve alphametic
//	1 0 3 4 2
package alphametic
