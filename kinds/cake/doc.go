// Package cake is POJ 1190 / NOI1999 "Birthday Cake": a cake of M
// cylindrical layers, each narrower and lower than the one below, of
// volume Nπ, whose outer area but the base is the least. It holds the
// instance and answer types, the judge-format parser and printer and
// Verify; package dfs and package sat below it solve.
//
// # Input
//
// The volume N (1..MaxVolume) and the layers M (1..MaxLayers), white
// space separated across any lines; pairs follow one another to the end
// of input.
//
// # Output
//
// A line per pair: the least area. When no cake exists the judge prints
// 0, and so does puzzlesat, as an answer (exit 0); --certificate adds
// each layer's radius and height.
//
// # Example
//
//	$ echo '100 2' | puzzlesat solve cake
//	68
package cake
