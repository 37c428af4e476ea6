// Package cats is "cats and cable cars" (小猫爬山, AcWing 165): N cats of
// given weights ride down in cars that hold at most W each, in as few
// cars as can be. It holds the instance and answer types, the
// judge-format parser and printer and Verify; package dfs and package
// sat below it solve.
//
// # Input
//
// N (1..MaxCats) and W, then the N weights, all separated by any white
// space, W and the weights in 1..MaxWeight; instances follow one another
// to the end of input. A cat heavier than W has no car: "no solution".
//
// # Output
//
// A line per instance: the fewest cars. The certificate (--certificate)
// is a line per car, "# car 1: 1994 [3] 2 [2]", each cat's weight with
// its 1-based position in the input.
//
// # Example
//
//	$ echo '5 1996 1 2 1994 12 29' | puzzlesat solve cats
//	2
package cats
