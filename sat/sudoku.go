package sat

import (
	"context"
	"slices"

	"puzzlesat/encode"
	"puzzlesat/encode/cnf"
	"puzzlesat/puzzle"
	"puzzlesat/sat/solver"
)

// Sudoku solves p by the extended encoding with the givens' singles
// propagated away, once its size bound (encode.SudokuSize) fits c's
// budget: the formula that unit propagation leaves is built
// straight into the engine (encode.SudokuSingles, solver.FindBuilt), with
// exactly-one groups of two as one variable. With a Pool in c, a 9x9
// grid is solved instead on the solver the pool keeps for the rules of
// its size, under assumptions (sudokuSession). The error is
// puzzle.ErrNoSolution when it has no model, or the context's error.
func Sudoku(ctx context.Context, p puzzle.Sudoku, c solver.Config) (puzzle.SudokuAnswer, solver.Stats, error) {
	if c.Pool != nil && sudokuPooled(p.Box) {
		if a, st, ok, err := sudokuSession(ctx, p, c); ok {
			return a, st, err
		}
	}
	o := encode.SudokuDefaults()
	o.Reduce, o.Equivalences = encode.SudokuSingles, true
	if err := c.Reserve(ctx, encode.SudokuSize(p, o).Lits); err != nil {
		return puzzle.SudokuAnswer{}, solver.Stats{}, err
	}
	return solved(solver.FindBuilt[puzzle.SudokuAnswer](ctx, c, func(f *cnf.CNF) *encode.SudokuQuery {
		return encode.SudokuWith(f, p, o)
	}))
}

// sudokuPooled reports whether Sudoku solves a grid of box side box on a
// kept solver when its Config has a Pool: the 9x9 grids only, the size
// where the kept rules beat a formula per puzzle. From 16x16 up the
// formula that a puzzle's singles leave is far smaller than the rules,
// and the kept solver lost by far (docs/results.md).
func sudokuPooled(box int) bool { return box == 3 }

// sudokuKey keys the rules of one box side in a pool.
type sudokuKey struct{ box int }

// sudokuRules writes the rules of the grids of box side box: the
// extended encoding of an empty grid, which every puzzle of that size
// shares.
func sudokuRules(box int) func(*cnf.CNF) *encode.SudokuQuery {
	return func(f *cnf.CNF) *encode.SudokuQuery {
		return encode.SudokuWith(f, puzzle.Sudoku{Box: box, Cells: make([]int16, box*box*box*box)}, encode.SudokuDefaults())
	}
}

// sudokuSession solves p on the solver c.Pool keeps for its size, the
// cells that p's givens place by naked and hidden singles
// (encode.SudokuPlaced) as assumptions; ok is false when c keeps no
// solver for it (see solver.Pooled). A contradiction of the singles, or
// an UNSAT answer, is puzzle.ErrNoSolution; a grid the singles fill needs
// no solve.
func sudokuSession(ctx context.Context, p puzzle.Sudoku, c solver.Config) (a puzzle.SudokuAnswer, st solver.Stats, ok bool, err error) {
	placed, consistent := encode.SudokuPlaced(p)
	if !consistent {
		return a, st, true, puzzle.ErrNoSolution
	}
	if !slices.Contains(placed, 0) {
		return puzzle.SudokuAnswer{Cells: placed}, st, true, nil
	}
	s, q, ok, err := solver.Pooled(ctx, c, sudokuKey{p.Box}, sudokuRules(p.Box))
	if !ok || err != nil {
		return a, st, ok, err
	}
	if q.Small() {
		s.Inline()
	}
	var assume []cnf.Lit
	for cell, v := range placed {
		if v > 0 {
			assume = append(assume, q.Lit(cell, int(v)))
		}
	}
	before := s.Stats()
	status, err := s.Solve(ctx, assume...)
	st = s.Stats().Since(before)
	switch {
	case err != nil:
		return a, st, true, err
	case status != solver.Sat:
		return a, st, true, puzzle.ErrNoSolution
	}
	a, err = q.Decode(s.Model())
	return a, st, true, err
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
