package main

import (
	"flag"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

func sudoku() *kind {
	blanks := 0 // gen --blanks: percent of blank cells, 0 for the default
	return &kind{
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "gen" {
				fs.IntVar(&o.box, "box", 3, "box side, 2 (4x4) to 20 (400x400)")
				fs.IntVar(&blanks, "blanks", 0, "percent of cells left blank, at random (default: as few clues as keep one answer up to box 5, 30 past it)")
				return
			}
			fs.StringVar(&o.parse.Alphabet, "alphabet", "", "the symbols in order, e.g. 0123456789ABCDEF (default: detected)")
		},
		size:     func(p puzzlesat.Problem) int { return p.(puzzle.Sudoku).Box },
		sizeName: "box side",
		gen: func(rng *rand.Rand, o *options) (puzzlesat.Problem, error) {
			switch {
			case o.box < 2 || o.box > puzzle.SudokuMaxBox:
				return nil, usagef("--box must be 2 to %d", puzzle.SudokuMaxBox)
			case blanks < 0 || blanks > 100:
				return nil, usagef("--blanks must be 0 to 100")
			case blanks > 0:
				return gen.SudokuBlanks(rng, o.box, float64(blanks)/100), nil
			}
			return gen.Sudoku(rng, o.box), nil
		},
	}
}
