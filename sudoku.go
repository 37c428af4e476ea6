package puzzlesat

import (
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/sat"
)

func init() { register(Sudoku().Puzzle()) }

// Sudoku is the n²×n² sudoku, from 4×4 to 400×400. Its exported query is
// the formula of the givens, every candidate kept.
func Sudoku() *Kind[sudoku.Instance, sudoku.Answer] {
	return &Kind[sudoku.Instance, sudoku.Answer]{
		name: "sudoku", summary: "n²×n² sudoku from 4×4 to 400×400: 9×9 (POJ 2676/3074), 16×16 (POJ 3076), 25×25, 36×36, numeric grids",
		scan:     scanSudoku,
		parse:    []string{"alphabet"},
		prunings: dfs.Prunings(), dfs: dfs.Solve, countDFS: dfs.Count,
		chapter: search[sudoku.Instance, sudoku.Answer]{prunings: dfs.SudokuChapterPrunings(), dfs: dfs.SudokuChapter,
			doc: "the chapter's 16x16 program (AcWing 169 / POJ 3076), at any size up to 64x64"},
		encodings: sat.Encodings(), sat: sat.Solve, countSAT: sat.Count, query: sat.QueryAt,
		size:     func(p sudoku.Instance) int { return p.Box },
		sizeName: "box side",
		gen: generator[sudoku.Instance]{
			params: []GenParam{
				{Name: "box", Doc: "box side, 2 (4x4) to 20 (400x400)", Default: 3, Min: 2, Max: sudoku.MaxBox},
				{Name: "blanks", Doc: "percent of cells left blank, at random (0: as few clues as keep one answer up to box 5, 30 past it)", Max: 100},
			},
			make: func(rng *rand.Rand, v GenValues) (sudoku.Instance, error) {
				if b := v["blanks"]; b > 0 {
					return gen.RandomBlanks(rng, v["box"], float64(b)/100), nil
				}
				return gen.Random(rng, v["box"]), nil
			},
		},
	}
}
