package native

import (
	"context"

	"puzzlesat/native/internal/sudoku"
	"puzzlesat/puzzle"
)

// Sudoku returns the first answer that the search finds, puzzle.ErrNoSolution
// when there is none (givens that clash included), or ctx.Err() when ctx is
// done first. It does not look for a second answer. Box may be 2 to
// puzzle.SudokuMaxBox; an instance with another box, a wrong number of
// cells or a cell value outside 0..S gives an error of its own.
//
// Every search places naked singles (a cell with one candidate) and hidden
// singles (a symbol that fits one cell of a unit), fails on a cell or a
// unit symbol without a place, and branches on a constraint with the
// fewest options. There is one search for 9x9 (bitboards per digit and
// band), one for the other sides up to 49x49 (a candidate mask per cell,
// with a look-ahead on hard puzzles) and one for 64x64 to 400x400
// (bitsets undone from a trail, learning nogoods when it keeps failing).
func Sudoku(ctx context.Context, p puzzle.Sudoku) (puzzle.SudokuAnswer, Stats, error) {
	r, err := sudoku.Run(ctx, p, 1, 0)
	st := Stats{Nodes: r.Nodes}
	switch {
	case err != nil:
		return puzzle.SudokuAnswer{}, Stats{}, err
	case r.Found > 0:
		return puzzle.SudokuAnswer{Cells: r.Answer}, st, nil
	case r.Err != nil:
		return puzzle.SudokuAnswer{}, st, r.Err
	}
	return puzzle.SudokuAnswer{}, st, puzzle.ErrNoSolution
}

// CountSudoku returns the number of answers of p, stopping when it reaches
// limit (limit <= 0 means no limit). When ctx is done first it returns the
// answers found so far and ctx.Err().
func CountSudoku(ctx context.Context, p puzzle.Sudoku, limit int) (int, Stats, error) {
	return CountSudokuNodes(ctx, p, limit, 0)
}

// ErrNodeLimit is returned by a search that stopped at its node limit.
var ErrNodeLimit = sudoku.ErrNodeLimit

// CountSudokuNodes is CountSudoku that also stops after maxNodes search
// nodes (maxNodes <= 0 means no bound), returning the answers found so far
// and ErrNodeLimit. Counting stays reproducible, unlike with a deadline.
func CountSudokuNodes(ctx context.Context, p puzzle.Sudoku, limit int, maxNodes int64) (int, Stats, error) {
	r, err := sudoku.Run(ctx, p, limit, maxNodes)
	if err != nil {
		return 0, Stats{}, err
	}
	return r.Found, Stats{Nodes: r.Nodes}, r.Err
}
