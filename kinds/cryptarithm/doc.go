// Package cryptarithm is the general addition alphametic, SEND + MORE =
// MONEY: any number of addends, in any base from 2 to MaxBase, each letter
// a different digit and no word of two letters or more starting with 0.
// It holds the instance and answer types, the parser and printer and
// Verify; package dfs and package sat below it solve and count.
//
// # Input
//
// One puzzle per line: words of A-Z joined by "+", then "=" or "==", then
// the sum's word; blanks are optional around the operators, and blank
// lines and lines starting with "#" are skipped. The option --base sets
// the base of every puzzle (10 by default).
//
// # Output
//
// A line per puzzle: every letter once, in alphabetical order, with its
// digit in decimal whatever the base: "B=9 I=1 L=0".
//
// # Example
//
//	$ echo 'SEND + MORE = MONEY' | puzzlesat solve cryptarithm
//	D=7 E=5 M=1 N=6 O=0 R=8 S=9 Y=2
package cryptarithm
