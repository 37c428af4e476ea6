package solver

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/cnf"
)

// Count returns the number of models of the formula under the assumptions,
// where models that agree on the variables over count as one, stopping at
// limit (0 or less: no limit). Each model found is blocked by a clause guarded by a fresh
// selector, which is switched off for good at the end, so the formula's
// meaning is unchanged and the solver can be reused for other queries.
// The blocking clauses count towards the budget. A count cut short by
// ctx or the budget returns the models counted so far with the error.
func (s *Solver) Count(ctx context.Context, over []cnf.Var, limit int, assume ...cnf.Lit) (int, error) {
	return s.count(ctx, over, limit, false, assume)
}

// CountOneHot is Count for variables that fall into exactly-one groups:
// every model makes exactly one variable of each group true. Two such
// models differ exactly when their true variables differ, so each model
// is blocked by its true variables alone: one literal per group, where
// Count takes one per variable (81 against 729 for a 9x9 sudoku).
func (s *Solver) CountOneHot(ctx context.Context, over []cnf.Var, limit int, assume ...cnf.Lit) (int, error) {
	return s.count(ctx, over, limit, true, assume)
}

// count is Count, blocking on the true variables alone with trueOnly.
func (s *Solver) count(ctx context.Context, over []cnf.Var, limit int, trueOnly bool, assume []cnf.Lit) (int, error) {
	n := 0
	_, err := s.enumerate(ctx, assume, func(cnf.Model) bool {
		n++
		return limit <= 0 || n < limit
	}, func(m cnf.Model) []cnf.Lit {
		block := make([]cnf.Lit, 0, len(over))
		for _, v := range over {
			if m.Value(v.Pos()) {
				block = append(block, v.Neg())
			} else if !trueOnly {
				block = append(block, v.Pos())
			}
		}
		return block
	})
	return n, err
}

// Minimise finds a model of least cost. It solves; then, while a model of
// cost c was found, it asks for one of cost at most c-1 by assuming the
// literal bound(c-1), whose defining clauses bound adds to the formula. It
// returns the best model and its cost, or Unsat when there is no model at
// all. On a context error the best model so far is returned with it.
func (s *Solver) Minimise(ctx context.Context, cost func(cnf.Model) int, bound func(k int) cnf.Lit) (cnf.Model, int, Status, error) {
	st, err := s.Solve(ctx)
	if err != nil || st == Unsat {
		return nil, 0, st, err
	}
	best := s.model
	c := cost(best)
	for {
		st, err := s.Solve(ctx, bound(c-1))
		if err != nil {
			return best, c, Sat, err
		}
		if st == Unsat {
			return best, c, Sat, nil
		}
		best = s.model
		nc := cost(best)
		if nc >= c {
			return best, c, Sat, fmt.Errorf("sat: bound(%d) allowed a model of cost %d", c-1, nc)
		}
		c = nc
	}
}
