package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/encode/cnf"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// Sudoku solves p by the extended encoding with the givens' singles
// propagated away: the formula that unit propagation leaves is built
// straight into the engine (encode.SudokuSingles, solver.FindBuilt), with
// exactly-one groups of two as one variable. The error is
// puzzle.ErrNoSolution when it has no model, or the context's error.
func Sudoku(ctx context.Context, p puzzle.Sudoku, c solver.Config) (puzzle.SudokuAnswer, solver.Stats, error) {
	o := encode.SudokuDefaults()
	o.Reduce, o.Equivalences = encode.SudokuSingles, true
	return solved(solver.FindBuilt[puzzle.SudokuAnswer](ctx, c, func(f *cnf.CNF) *encode.SudokuQuery {
		return encode.SudokuWith(f, p, o)
	}))
}

// CountSudoku counts the answers of p up to limit on one solver, each
// blocked by its symbols; the formula keeps a variable per candidate.
func CountSudoku(ctx context.Context, p puzzle.Sudoku, limit int, c solver.Config) (int, solver.Stats, error) {
	return solver.CountBuilt[puzzle.SudokuAnswer](ctx, c, func(f *cnf.CNF) *encode.SudokuQuery {
		return encode.SudokuIn(f, p, encode.SudokuSingles)
	}, limit)
}

// SudokuQuery returns the formula of p's givens, every cell's candidates
// kept, which the command exports; it takes no bound.
func SudokuQuery(_ context.Context, p puzzle.Sudoku, _ int, _ solver.Config) (solver.Query[puzzle.SudokuAnswer], string, error) {
	return encode.Sudoku(p), "solution", nil
}
