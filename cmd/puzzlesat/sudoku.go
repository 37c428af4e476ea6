package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"puzzlesat"
	"puzzlesat/gen"
	"puzzlesat/puzzle"
)

func sudoku() kind {
	blanks := 0 // gen --blanks: percent of blank cells, 0 for the default
	return &spec[puzzle.Sudoku, puzzle.SudokuAnswer]{
		lib: func(*options) *puzzlesat.Kind[puzzle.Sudoku, puzzle.SudokuAnswer] { return puzzlesat.Sudoku() },
		flags: func(fs *flag.FlagSet, o *options, cmd string) {
			if cmd == "gen" {
				fs.IntVar(&o.box, "box", 3, "box side, 2 (4x4) to 20 (400x400)")
				fs.IntVar(&blanks, "blanks", 0, "percent of cells left blank, at random (default: as few clues as keep one answer up to box 5, 30 past it)")
				return
			}
			fs.StringVar(&o.alphabet, "alphabet", "", "the symbols in order, e.g. 0123456789ABCDEF (default: detected)")
		},
		scan: func(file string, r io.Reader, o *options, yield func(puzzle.Sudoku) error) error {
			warns, err := puzzle.ScanSudoku(file, r, o.alphabet, yield)
			if err == nil {
				sudokuWarn(o, warns)
			}
			return err
		},
		size:     func(p puzzle.Sudoku) int { return p.Box },
		sizeName: "box side",
		gen: func(rng *rand.Rand, o *options) (puzzle.Sudoku, error) {
			switch {
			case o.box < 2 || o.box > puzzle.SudokuMaxBox:
				return puzzle.Sudoku{}, usagef("--box must be 2 to %d", puzzle.SudokuMaxBox)
			case blanks < 0 || blanks > 100:
				return puzzle.Sudoku{}, usagef("--blanks must be 0 to 100")
			case blanks > 0:
				return gen.SudokuBlanks(rng, o.box, float64(blanks)/100), nil
			}
			return gen.Sudoku(rng, o.box), nil
		},
	}
}

// sudokuWarn prints the first of the parser's warnings on stderr, with the
// flag that settles it and how many more there are.
func sudokuWarn(o *options, warns []puzzle.SudokuWarning) {
	if len(warns) == 0 {
		return
	}
	more := ""
	if len(warns) > 1 {
		more = fmt.Sprintf(" (and %d more puzzles like it)", len(warns)-1)
	}
	o.note("%s%s; give --alphabet=0123456789ABCDEF to read 0-9A-F", warns[0], more)
}
