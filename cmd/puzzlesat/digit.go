package main

import (
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
)

// digitPuzzle is the kind digit-puzzle (UVa 12107). Its encode writes the
// CNF of the solutions of one pattern as given, with the pattern's digits
// as unit clauses; a model of it is one product A * B = C that fits the
// pattern, and decode prints that product in the judge's format,
// "Case k: A B C" with every '*' replaced by its digit. Written out in
// full, a solution is itself a pattern with exactly one solution, so it
// passes Verify; it is not the puzzle's answer, which solve prints.
func digitPuzzle() *kind {
	return &kind{
		gen: func(rng *rand.Rand, _ *options) (puzzlesat.Problem, error) {
			return gen.Digit(rng), nil
		},
		genTrailer: "0\n",
	}
}
