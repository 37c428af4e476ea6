package sat

import (
	"context"

	"puzzlesat/encode/cnf"
)

// CountBlocking is Count with the blocking clause chosen by the caller:
// after each model m it adds block(m), which must exclude m and every
// model that counts as the same, and nothing else. A short clause, such
// as the negations of the true one-hot literals alone, propagates far
// better than Count's clause over every variable: it becomes unit as soon
// as all but one of its literals are set. The clauses are guarded by a
// fresh selector, switched off for good at the end, so the solver can be
// reused for other queries.
func (s *Solver) CountBlocking(ctx context.Context, block func(cnf.Model) []cnf.Lit, limit int, assume ...cnf.Lit) (int, error) {
	sel := s.f.Selector("")
	defer s.f.Add(sel.Neg())
	as := append(append([]cnf.Lit(nil), assume...), sel.Pos())
	n := 0
	for n < limit {
		st, err := s.Solve(ctx, as...)
		if err != nil {
			return n, err
		}
		if st == Unsat {
			break
		}
		n++
		s.f.Add(append([]cnf.Lit{sel.Neg()}, block(s.model)...)...)
	}
	return n, nil
}
