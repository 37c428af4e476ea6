package sat

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Solve solves p by its CNF, EncodeWith the sum
// formulation enc picks, as c says. By default it searches by
// Solver.Search, deciding the letters in the order of the query's
// Decisions (largest weight first), which beat gini's own branching on
// the 199-addend puzzle (docs/ablation.md); enc may pick gini's own
// branching instead. The error is puzzle.ErrNoSolution when there is
// none, a *solver.TooLarge when the formula's bound
// (Size) is over c's budget, which is told before the
// formula is built, or the context's error.
func Solve(ctx context.Context, p cryptarithm.Instance, c solver.Config, enc technique.Picks) (cryptarithm.Answer, solver.Stats, error) {
	q, err := cryptarithmQuery(ctx, p, c, enc)
	if err != nil {
		return cryptarithm.Answer{}, solver.Stats{}, err
	}
	if cryptarithmOrdered(enc) {
		return solver.Solved(solver.FindOrdered[cryptarithm.Answer](ctx, q, c))
	}
	return solver.Solved(solver.Find[cryptarithm.Answer](ctx, q, c))
}

// Count counts the answers of p up to limit on one solver, as
// c says, by the same search: the ordered one adds no clause, gini's own
// blocks each answer. The errors are those of Cryptarithm.
func Count(ctx context.Context, p cryptarithm.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	q, err := cryptarithmQuery(ctx, p, c, enc)
	if err != nil {
		return 0, solver.Stats{}, err
	}
	if cryptarithmOrdered(enc) {
		return solver.CountOrdered[cryptarithm.Answer](ctx, q, limit, c)
	}
	return solver.CountAnswers[cryptarithm.Answer](ctx, q, limit, c)
}

// QueryAt returns the query that Cryptarithm solves, named with
// its base, which the instance's text does not hold; it takes no bound.
func QueryAt(ctx context.Context, p cryptarithm.Instance, _ int, c solver.Config, enc technique.Picks) (solver.Query[cryptarithm.Answer], string, error) {
	q, err := cryptarithmQuery(ctx, p, c, enc)
	return q, fmt.Sprintf("solution in base %d", p.Base), err
}

// cryptarithmSums are the formulations of the sum, the default first.
var cryptarithmSums = []Sum{ColumnsAndBounds, ColumnSums, WeightedSum, ColumnMDDs}

// Encodings returns the choice points of the encoding of
// Solve, CountCryptarithm and CryptarithmQuery.
func Encodings() []technique.Choice {
	sums := make([]string, len(cryptarithmSums))
	for i, s := range cryptarithmSums {
		sums[i] = s.String()
	}
	return []technique.Choice{{
		Point: "sum", Options: sums,
		Doc: "how the addition is written: column adders plus scaled bounds on the whole sum, column adders alone, one weighted sum, or an MDD per column",
	}, {
		Point: "search", Search: true, Options: []string{"ordered", "cdcl"},
		Doc: "who decides: a search over the letters, heaviest first, on gini's propagation, or gini's own CDCL branching (blocking clauses to count)",
	}}
}

// cryptarithmOrdered reports whether enc picks the ordered search.
func cryptarithmOrdered(enc technique.Picks) bool {
	return enc.Get(Encodings(), "search") == "ordered"
}

// cryptarithmQuery builds p's query in the formulation enc picks, once
// c's budget allows its size bound.
func cryptarithmQuery(ctx context.Context, p cryptarithm.Instance, c solver.Config, enc technique.Picks) (*Query, error) {
	sum := ColumnsAndBounds
	picked := enc.Get(Encodings(), "sum")
	for _, s := range cryptarithmSums {
		if s.String() == picked {
			sum = s
		}
	}
	return solver.Sized(ctx, c, Size(p, sum), func() (*Query, error) {
		return EncodeWith(p, sum), nil
	})
}
