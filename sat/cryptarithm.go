package sat

import (
	"context"
	"fmt"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Cryptarithm solves p by its CNF, encode.CryptarithmWith the sum
// formulation enc picks, as c says. By default it searches by
// Solver.Search, deciding the letters in the order of the query's
// Decisions (largest weight first), which beat gini's own branching on
// the 199-addend puzzle (docs/ablation.md); enc may pick gini's own
// branching instead. The error is puzzle.ErrNoSolution when there is
// none, a *solver.TooLarge when the formula's bound
// (encode.CryptarithmSize) is over c's budget, which is told before the
// formula is built, or the context's error.
func Cryptarithm(ctx context.Context, p puzzle.Cryptarithm, c solver.Config, enc technique.Picks) (puzzle.CryptarithmAnswer, solver.Stats, error) {
	q, err := cryptarithmQuery(ctx, p, c, enc)
	if err != nil {
		return puzzle.CryptarithmAnswer{}, solver.Stats{}, err
	}
	if cryptarithmOrdered(enc) {
		return solved(solver.FindOrdered[puzzle.CryptarithmAnswer](ctx, q, c))
	}
	return solved(solver.Find[puzzle.CryptarithmAnswer](ctx, q, c))
}

// CountCryptarithm counts the answers of p up to limit on one solver, as
// c says, by the same search: the ordered one adds no clause, gini's own
// blocks each answer. The errors are those of Cryptarithm.
func CountCryptarithm(ctx context.Context, p puzzle.Cryptarithm, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	q, err := cryptarithmQuery(ctx, p, c, enc)
	if err != nil {
		return 0, solver.Stats{}, err
	}
	if cryptarithmOrdered(enc) {
		return solver.CountOrdered[puzzle.CryptarithmAnswer](ctx, q, limit, c)
	}
	return solver.CountAnswers[puzzle.CryptarithmAnswer](ctx, q, limit, c)
}

// CryptarithmQuery returns the query that Cryptarithm solves, named with
// its base, which the instance's text does not hold; it takes no bound.
func CryptarithmQuery(ctx context.Context, p puzzle.Cryptarithm, _ int, c solver.Config, enc technique.Picks) (solver.Query[puzzle.CryptarithmAnswer], string, error) {
	q, err := cryptarithmQuery(ctx, p, c, enc)
	return q, fmt.Sprintf("solution in base %d", p.Base), err
}

// cryptarithmSums are the formulations of the sum, the default first.
var cryptarithmSums = []encode.CryptarithmSum{encode.ColumnsAndBounds, encode.ColumnSums, encode.WeightedSum, encode.ColumnMDDs}

// CryptarithmEncodings returns the choice points of the encoding of
// Cryptarithm, CountCryptarithm and CryptarithmQuery.
func CryptarithmEncodings() []technique.Choice {
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
	return enc.Get(CryptarithmEncodings(), "search") == "ordered"
}

// cryptarithmQuery builds p's query in the formulation enc picks, once
// c's budget allows its size bound.
func cryptarithmQuery(ctx context.Context, p puzzle.Cryptarithm, c solver.Config, enc technique.Picks) (*encode.CryptarithmQuery, error) {
	sum := encode.ColumnsAndBounds
	picked := enc.Get(CryptarithmEncodings(), "sum")
	for _, s := range cryptarithmSums {
		if s.String() == picked {
			sum = s
		}
	}
	return sized(ctx, c, encode.CryptarithmSize(p, sum), func() (*encode.CryptarithmQuery, error) {
		return encode.CryptarithmWith(p, sum), nil
	})
}
