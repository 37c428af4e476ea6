// Package addchain is the addition-chain puzzle of POJ 2248 / AcWing 170
// "Addition Chains", the textbook's example of iterative deepening: for
// each n, a shortest chain 1 = a0 < a1 < ... < am = n in which every ak
// (k >= 1) is the sum of two earlier elements, ai + aj with i, j < k (i =
// j allowed). It holds the instance and answer types, the judge-format
// parser and printer and Verify; package dfs and package sat
// below it solve and count.
//
// # Input
//
// Numbers n, one per line in the judge's files (any white space
// separates them here), ended by a 0:
//
//	input = { n } "0" .
//	n     = decimal integer in 1..MaxN .
//
// Anything after the 0 is ignored, as the judge does; the end of input
// ends it too. An input with no n is an error, and so is a line that
// holds anything but such numbers: a *puzzle.ParseError naming the file
// and the line.
//
// # Output
//
// A line per n: the chain a0 a1 ... am, separated by single spaces. The
// statement accepts any shortest chain; both backends print the greatest
// in lexicographic order (a1 as large as can be, then a2, ...), which on
// the statement's sample is the statement's own output. Verify checks
// that an answer is a chain; that it is shortest rests on the two
// backends agreeing.
//
// # Example
//
//	$ echo '77' | puzzlesat solve addchain
//	1 2 4 8 9 17 34 68 77
package addchain
