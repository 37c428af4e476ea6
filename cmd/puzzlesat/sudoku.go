package main

import (
	"errors"
	"flag"
	"io"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

func sudoku() kind {
	return &spec[puzzle.Sudoku, puzzle.SudokuAnswer]{
		lib: func(*options) *puzzlesat.Kind[puzzle.Sudoku, puzzle.SudokuAnswer] { return puzzlesat.Sudoku() },
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "gen" {
				fs.IntVar(&o.box, "box", 3, "box side: 3 (9x9), 4 (16x16) or 5 (25x25)")
				return
			}
			fs.StringVar(&o.alphabet, "alphabet", "", "the symbols in order, e.g. 0123456789ABCDEF (default: detected)")
		},
		scan: func(file string, r io.Reader, o *options, yield func(puzzle.Sudoku) error) error {
			ps, err := puzzle.ParseSudoku(file, r, o.alphabet)
			if err == nil && len(ps) == 0 {
				return &puzzle.ParseError{File: file, Line: 1, Err: errors.New("expected a sudoku, got end of input")}
			}
			for _, p := range ps {
				if err := yield(p); err != nil {
					return err
				}
			}
			return err
		},
		size:     func(p puzzle.Sudoku) int { return p.Box },
		sizeName: "box side",
		gen: func(rng *rand.Rand, o *options) (puzzle.Sudoku, error) {
			if o.box < 3 || o.box > 5 {
				return puzzle.Sudoku{}, usagef("--box must be 3, 4 or 5")
			}
			return gen.Sudoku(rng, o.box), nil
		},
	}
}
