package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/encode/cnf"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// Sudoku solves p by the extended encoding with the givens' singles
// propagated away, once its size bound (encode.SudokuSize) fits c's
// budget: the formula that unit propagation leaves is built
// straight into the engine (encode.SudokuSingles, solver.FindBuilt), with
// exactly-one groups of two as one variable. The error is
// puzzle.ErrNoSolution when it has no model, or the context's error.
func Sudoku(ctx context.Context, p puzzle.Sudoku, c solver.Config) (puzzle.SudokuAnswer, solver.Stats, error) {
	o := encode.SudokuDefaults()
	o.Reduce, o.Equivalences = encode.SudokuSingles, true
	if err := c.Reserve(ctx, encode.SudokuSize(p, o).Lits); err != nil {
		return puzzle.SudokuAnswer{}, solver.Stats{}, err
	}
	return solved(solver.FindBuilt[puzzle.SudokuAnswer](ctx, c, func(f *cnf.CNF) *encode.SudokuQuery {
		return encode.SudokuWith(f, p, o)
	}))
}

// CountSudoku counts the answers of p up to limit on one solver, each
// blocked by its symbols; the formula keeps a variable per candidate.
func CountSudoku(ctx context.Context, p puzzle.Sudoku, limit int, c solver.Config) (int, solver.Stats, error) {
	o := encode.SudokuDefaults()
	o.Reduce = encode.SudokuSingles
	blocking := int64(limit) * int64(openCells(p)) // a literal per open cell in each blocking clause
	if err := c.Reserve(ctx, encode.SudokuSize(p, o).Lits+blocking); err != nil {
		return 0, solver.Stats{}, err
	}
	return solver.CountBuilt[puzzle.SudokuAnswer](ctx, c, func(f *cnf.CNF) *encode.SudokuQuery {
		return encode.SudokuIn(f, p, encode.SudokuSingles)
	}, limit)
}

// SudokuQuery returns the formula of p's givens, every cell's candidates
// kept, which the command exports; it takes no bound.
func SudokuQuery(ctx context.Context, p puzzle.Sudoku, _ int, c solver.Config) (solver.Query[puzzle.SudokuAnswer], string, error) {
	q, err := sized(ctx, c, encode.SudokuSize(p, encode.SudokuDefaults()), func() (*encode.SudokuQuery, error) {
		return encode.Sudoku(p), nil
	})
	return q, "solution", err
}

// openCells returns how many cells of p are blank.
func openCells(p puzzle.Sudoku) int {
	n := 0
	for _, v := range p.Cells {
		if v == 0 {
			n++
		}
	}
	return n
}
