package sat

import (
	"context"
	"slices"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Encodings returns the choice points of the encoding of Sudoku,
// Count and SudokuQuery.
func Encodings() []technique.Choice {
	return []technique.Choice{{
		Point: "amo", Options: sudokuAMOs,
		Doc: "the at-most-one encoding of the exactly-one groups of more than 12 candidates (smaller ones: see small-groups)",
	}, {
		Point: "small-groups", Options: []string{"pairs", "amo"},
		Doc: "the groups of up to 12 candidates get every pair, or the amo encoding too",
	}, {
		Point: "sides", Options: []string{Extended.String(), Efficient.String(), Minimal.String()},
		Doc: "which sides of the cell and unit exactly-ones are written (Lynce and Ouaknine): all, no unit at-least-one, or also no cell at-most-one",
	}, {
		// presolve and equivalences shape the formula solved in process,
		// never the exported query, so an export leaves them out of its
		// "c encoding" line, as it does the points that choose a search.
		Point: "presolve", Search: true, Options: []string{"singles", "givens"},
		Doc: "solve and count: the encoder places the naked and hidden singles unit propagation finds (a 9x9 batch: with the segment literals, box-line too), or only the givens (the exported query: only the givens)",
	}, {
		Point: "equivalences", Search: true, Options: []string{"on", "off"},
		Doc: "solve: the two candidates of an exactly-one group of two share one variable (count and the exported query: off)",
	}, {
		Point: "segments", Options: []string{"off", "on"},
		Doc: "16x16 to 49x49: a literal per symbol and segment (the cells a box shares with a line), exactly one segment of each line and box holding each symbol, so that propagation does box-line",
	}}
}

// sudokuAMOs are the at-most-one encodings, the default first.
var sudokuAMOs = []string{
	cnf.AMOBimander.String(), cnf.AMOPairwise.String(), cnf.AMOSequential.String(),
	cnf.AMOCommander.String(), cnf.AMOProduct.String(), cnf.AMOBinary.String(),
}

// sudokuEncoding returns the encoding options enc picks for solving (with
// solve, which may use equivalences) or for counting and export.
func sudokuEncoding(enc technique.Picks, solve bool) Options {
	cs := Encodings()
	o := Defaults()
	for _, a := range []cnf.AMO{cnf.AMOPairwise, cnf.AMOSequential, cnf.AMOCommander, cnf.AMOProduct, cnf.AMOBimander, cnf.AMOBinary} {
		if enc.Get(cs, "amo") == a.String() {
			o.AMO = a
		}
	}
	if enc.Get(cs, "small-groups") == "amo" {
		o.PairsUpTo = 0
	}
	o.Sides = Sides(slices.Index(cs[2].Options, enc.Get(cs, "sides")))
	if enc.Get(cs, "presolve") == "singles" {
		o.Reduce = Singles
	}
	o.Equivalences = solve && enc.Get(cs, "equivalences") == "on"
	o.Segments = enc.Get(cs, "segments") == "on"
	return o
}

// Solve solves p by the extended encoding with the givens' singles
// propagated away, or as enc picks, once its size bound
// (Size) fits c's budget: the formula that unit propagation
// leaves is built straight into the engine (Singles,
// solver.FindBuilt), with exactly-one groups of two as one variable.
// With a Pool in c, a 9x9 grid whose singles enc has presolved is solved
// instead on the solver the pool keeps for the rules of its size, in the
// encoding enc picks, under assumptions (sudokuSession). The error is
// puzzle.ErrNoSolution when it has no model, or the context's error.
func Solve(ctx context.Context, p sudoku.Instance, c solver.Config, enc technique.Picks) (sudoku.Answer, solver.Stats, error) {
	o := sudokuEncoding(enc, true)
	if c.Pool != nil && sudokuPooled(p.Box) && o.Reduce == Singles {
		if a, st, ok, err := sudokuSession(ctx, p, c, o); ok {
			return a, st, err
		}
	}
	if err := c.Reserve(ctx, Size(p, o).Lits); err != nil {
		return sudoku.Answer{}, solver.Stats{}, err
	}
	return solver.Solved(solver.FindBuilt[sudoku.Answer](ctx, c, func(f *cnf.CNF) *Query {
		return EncodeWith(f, p, o)
	}))
}

// sudokuPooled reports whether Sudoku solves a grid of box side box on a
// kept solver when its Config has a Pool: the 9x9 grids only, the size
// where the kept rules beat a formula per puzzle. From 16x16 up the
// formula that a puzzle's singles leave is far smaller than the rules,
// and the kept solver lost by far (docs/results.md).
func sudokuPooled(box int) bool { return box == 3 }

// sudokuKey keys the rules of one box side, in one encoding, in a pool.
type sudokuKey struct {
	box int
	o   Options
}

// sudokuRules writes the rules of the grids of box side box in the
// encoding o: the formula of an empty grid, which every puzzle of that
// size shares.
func sudokuRules(box int, o Options) func(*cnf.CNF) *Query {
	return func(f *cnf.CNF) *Query {
		return EncodeWith(f, sudoku.Instance{Box: box, Cells: make([]int16, box*box*box*box)}, o)
	}
}

// sudokuSession solves p, a 9x9 grid, on the solver c.Pool keeps for its
// size and the encoding o (its AMO and sides; the empty grid has nothing
// to presolve or join), the cells that unit propagation places from p's
// givens on the formula with the segment literals (naked and hidden
// singles, pointing and claiming: PlacedBoxLine) as
// assumptions; ok is false when c keeps no solver for it (see
// solver.Pooled). A contradiction of that propagation, or an UNSAT
// answer, is puzzle.ErrNoSolution; a grid it fills needs no solve (about
// three in four of the 17-clue puzzles, against two in five with singles
// alone).
func sudokuSession(ctx context.Context, p sudoku.Instance, c solver.Config, o Options) (a sudoku.Answer, st solver.Stats, ok bool, err error) {
	placed, consistent := PlacedBoxLine(p)
	if !consistent {
		return a, st, true, puzzle.ErrNoSolution
	}
	if !slices.Contains(placed, 0) {
		return sudoku.Answer{Cells: placed}, st, true, nil
	}
	o.Reduce, o.Equivalences = Givens, false
	s, q, ok, err := solver.Pooled(ctx, c, sudokuKey{p.Box, o}, sudokuRules(p.Box, o))
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

// Count counts the answers of p up to limit (0 or less: every
// answer, as far as c's budget holds the blocking clauses) on one solver,
// each blocked by its symbols; the formula keeps a variable per
// candidate.
func Count(ctx context.Context, p sudoku.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	o := sudokuEncoding(enc, false)
	size := Size(p, o).Lits
	blocking := int64(limit) * int64(openCells(p)) // a literal per open cell in each blocking clause
	if limit <= 0 {
		blocking = max(int64(c.Limit())-size, 0) // as many as the budget holds
	}
	if err := c.Reserve(ctx, size+blocking); err != nil {
		return 0, solver.Stats{}, err
	}
	return solver.CountBuilt[sudoku.Answer](ctx, c, func(f *cnf.CNF) *Query {
		return EncodeWith(f, p, o)
	}, limit)
}

// QueryAt returns the formula of p's givens, every cell's candidates
// kept, which the command exports, written as enc picks (presolve and
// equivalences apply to solving only); it takes no bound.
func QueryAt(ctx context.Context, p sudoku.Instance, _ int, c solver.Config, enc technique.Picks) (solver.Query[sudoku.Answer], string, error) {
	o := sudokuEncoding(enc, false)
	o.Reduce = Givens
	q, err := solver.Sized(ctx, c, Size(p, o), func() (*Query, error) {
		return EncodeWith(cnf.New(), p, o), nil
	})
	return q, "solution", err
}

// openCells returns how many cells of p are blank.
func openCells(p sudoku.Instance) int {
	n := 0
	for _, v := range p.Cells {
		if v == 0 {
			n++
		}
	}
	return n
}
