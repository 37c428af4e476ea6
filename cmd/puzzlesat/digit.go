package main

import (
	"flag"
	"fmt"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/encode"
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
		with: func(o *options) puzzlesat.Puzzle {
			if o.encoding == encode.DigitCircuit.String() {
				return puzzlesat.DigitPuzzleWith(encode.DigitCircuit).Puzzle()
			}
			return puzzlesat.DigitPuzzleWith(encode.DigitTable).Puzzle()
		},
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "encode" || cmd == "decode" {
				fs.Func("encoding", "how the CNF ties A * B to C: `NAME` table (the default) or circuit", func(s string) error {
					if s != encode.DigitTable.String() && s != encode.DigitCircuit.String() {
						return fmt.Errorf("want %s or %s", encode.DigitTable, encode.DigitCircuit)
					}
					o.encoding = s
					return nil
				})
			}
		},
		gen: func(rng *rand.Rand, _ *options) (puzzlesat.Problem, error) {
			return gen.Digit(rng), nil
		},
		genTrailer: "0\n",
	}
}
