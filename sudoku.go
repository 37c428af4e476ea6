package puzzlesat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/gen"
	"github.com/puzzlesat/puzzlesat/native"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat"
)

func init() { register(Sudoku().Puzzle()) }

// Sudoku is the n²×n² sudoku, from 4×4 to 400×400. Its exported query is
// the formula of the givens, every candidate kept.
func Sudoku() *Kind[puzzle.Sudoku, puzzle.SudokuAnswer] {
	return &Kind[puzzle.Sudoku, puzzle.SudokuAnswer]{
		name: "sudoku", summary: "n²×n² sudoku from 4×4 to 400×400: 9×9 (POJ 2676/3074), 16×16 (POJ 3076), 25×25, 36×36, numeric grids",
		scan:     scanSudoku,
		parse:    []string{"alphabet"},
		prunings: native.SudokuPrunings(), dfs: native.Sudoku, countDFS: native.CountSudoku,
		chapter: search[puzzle.Sudoku, puzzle.SudokuAnswer]{prunings: native.SudokuChapterPrunings(), dfs: native.SudokuChapter,
			doc: "the chapter's 16x16 program (AcWing 169 / POJ 3076), at any size up to 64x64"},
		encodings: sat.SudokuEncodings(), sat: sat.Sudoku, countSAT: sat.CountSudoku, query: sat.SudokuQuery,
		size:     func(p puzzle.Sudoku) int { return p.Box },
		sizeName: "box side",
		gen: generator[puzzle.Sudoku]{
			params: []GenParam{
				{Name: "box", Doc: "box side, 2 (4x4) to 20 (400x400)", Default: 3, Min: 2, Max: puzzle.SudokuMaxBox},
				{Name: "blanks", Doc: "percent of cells left blank, at random (0: as few clues as keep one answer up to box 5, 30 past it)", Max: 100},
			},
			make: func(rng *rand.Rand, v GenValues) (puzzle.Sudoku, error) {
				if b := v["blanks"]; b > 0 {
					return gen.SudokuBlanks(rng, v["box"], float64(b)/100), nil
				}
				return gen.Sudoku(rng, v["box"]), nil
			},
		},
	}
}
