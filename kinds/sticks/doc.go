// Package sticks is POJ 1011 / UVa 307 "Sticks": sticks of one length were
// cut into pieces; from the pieces, find the shortest length they can
// have been. It holds the instance and answer types, the judge-format
// parser and printer and Verify; package dfs and package sat below it
// solve.
//
// # Input
//
// Blocks of a count n (1..MaxPieces) and then n lengths (1..MaxPiece),
// separated by any white space, until a count of 0 or the end of input.
// The option --max-piece drops the pieces longer than it, as the CERC 1995
// judge did with 50, with a note on stderr.
//
// # Output
//
// A line per block: the shortest length. --certificate adds the pieces of
// each stick.
//
// # Example
//
//	$ echo '9 5 2 1 5 2 1 5 2 1' | puzzlesat solve sticks
//	6
package sticks
