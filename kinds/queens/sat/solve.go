package sat

import (
	"context"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/queens"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Solve returns the judge's answer for p, as dfs.Solve does, from
// the models of EncodeWith as enc picks: up to QueensJudgeN it
// visits every model (one of each mirror pair with the symmetry broken)
// by the ordered search over the rows, and keeps the least; above, it
// finds the least model row by row, trying the columns left of a model's
// under the assumptions of the rows above.
func Solve(ctx context.Context, p queens.Instance, c solver.Config, enc technique.Picks) (queens.Answer, solver.Stats, error) {
	q, mirror := queensQuery(p, enc)
	s := c.New(q.Formula())
	defer s.Close()
	if !p.Judge() {
		s.Name("first solution")
		cols, err := queensLeast(ctx, s, q)
		if err != nil {
			return queens.Answer{}, s.Stats(), err
		}
		return queens.Answer{First: [][]int{cols}, Count: -1}, s.Stats(), nil
	}
	s.Name("solutions")
	least := queens.NewLeast(p.N, queens.Shown, mirror)
	count := 0
	var err error
	_, err = s.Search(ctx, q.Rows(), func(m cnf.Model) bool {
		cols, derr := q.Columns(m)
		if derr != nil {
			err = derr
			return false
		}
		count++
		if mirror {
			count++
		}
		least.Add(cols)
		return true
	})
	if err != nil {
		return queens.Answer{}, s.Stats(), err
	}
	return queens.Answer{First: least.First(), Count: count}, s.Stats(), nil
}

// queensLeast returns the least solution of q's board in lexicographic
// order: row by row, the leftmost column that some model takes under
// the columns fixed above. A model found gives every row a column that
// works, so only those left of it need a solve.
func queensLeast(ctx context.Context, s *solver.Solver, q *Query) ([]int, error) {
	st, err := s.Solve(ctx)
	if err != nil {
		return nil, err
	}
	if st != solver.Sat {
		return nil, puzzle.ErrNoSolution
	}
	cols, err := q.Columns(s.Model())
	if err != nil {
		return nil, err
	}
	var fixed []cnf.Lit
	for r, row := range q.Rows() {
		for c := range cols[r] - 1 {
			st, err := s.Solve(ctx, append(fixed, row[c])...)
			if err != nil {
				return nil, err
			}
			if st == solver.Sat {
				if cols, err = q.Columns(s.Model()); err != nil {
					return nil, err
				}
				break
			}
		}
		fixed = append(fixed, row[cols[r]-1])
	}
	return cols, nil
}

// Count counts the solutions of p up to limit (0 or less: every
// solution) on one solver, each model blocked by its queens; with the
// mirror symmetry broken, each model counts for two.
func Count(ctx context.Context, p queens.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	q, mirror := queensQuery(p, enc)
	if !mirror {
		return solver.CountAnswers[queens.Answer](ctx, q, limit, c)
	}
	if limit <= 0 {
		n, st, err := solver.CountAnswers[queens.Answer](ctx, q, 0, c)
		return 2 * n, st, err
	}
	n, st, err := solver.CountAnswers[queens.Answer](ctx, q, limit/2+limit%2, c)
	return min(2*n, limit), st, err
}

// QueryAt returns the query whose models are the solutions of p (one
// of each mirror pair with the symmetry broken); it takes no bound. A
// model decodes to that solution alone, without a count.
func QueryAt(_ context.Context, p queens.Instance, _ int, _ solver.Config, enc technique.Picks) (solver.Query[queens.Answer], string, error) {
	q, _ := queensQuery(p, enc)
	return q, "solution", nil
}

// Encodings returns the choice points of the encoding of Queens,
// Count and QueensQuery.
func Encodings() []technique.Choice {
	var amos []string
	for _, a := range []cnf.AMO{cnf.AMOPairwise, cnf.AMOSequential, cnf.AMOCommander, cnf.AMOProduct, cnf.AMOBimander, cnf.AMOBinary} {
		amos = append(amos, a.String())
	}
	return []technique.Choice{{
		Point: "amo", Options: amos,
		Doc: "the at-most-one encoding of each row, column and diagonal",
	}, {
		Point: "symmetry", Options: []string{"mirror", "none"},
		Doc: "whether clauses keep the top queen in the left half, so that a model stands for its mirror image too",
	}}
}

// queensQuery returns the query of p with the encoding enc picks, and
// whether it breaks the mirror symmetry.
func queensQuery(p queens.Instance, enc technique.Picks) (*Query, bool) {
	cs := Encodings()
	e := Encoding{Mirror: enc.Get(cs, "symmetry") == "mirror" && p.N > 1}
	for a := cnf.AMOPairwise; a <= cnf.AMOBinary; a++ {
		if enc.Get(cs, "amo") == a.String() {
			e.AMO = a
		}
	}
	return EncodeWith(p, e), e.Mirror
}
