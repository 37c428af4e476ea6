package sat

import (
	"context"

	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Solve solves p by its one query, EncodeWith as enc
// picks (by default one-hot digits and a binary adder per column). The
// error is puzzle.ErrNoSolution when it has no model, or the context's
// error.
func Solve(ctx context.Context, p alphametic.Instance, c solver.Config, enc technique.Picks) (alphametic.Answer, solver.Stats, error) {
	return solver.Solved(solver.Find[alphametic.Answer](ctx, alphameticQuery(p, enc), c))
}

// Count counts the answers of p up to limit on one solver, each
// blocked by its digits.
func Count(ctx context.Context, p alphametic.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return solver.CountAnswers[alphametic.Answer](ctx, alphameticQuery(p, enc), limit, c)
}

// QueryAt returns the query that Alphametic solves; it takes no
// bound.
func QueryAt(_ context.Context, p alphametic.Instance, _ int, _ solver.Config, enc technique.Picks) (solver.Query[alphametic.Answer], string, error) {
	return alphameticQuery(p, enc), "solution", nil
}

// Encodings returns the choice points of the encoding of
// Solve, CountAlphametic and AlphameticQuery.
func Encodings() []technique.Choice {
	return []technique.Choice{{
		Point: "adder", Options: []string{BinaryColumns.String(), DirectColumns.String()},
		Doc: "how each column a + b + carry = c + N*carry is written: ripple-carry adders over the digits in binary, or clauses over the one-hot digits",
	}, {
		Point: "letter-per-digit", Options: []string{"exactly-one", "at-most-one"},
		Doc: "whether each digit must be some letter's (implied by N letters of distinct digits, but it propagates) or only at most one letter's",
	}}
}

// alphameticQuery returns the query of p with the encoding enc picks.
func alphameticQuery(p alphametic.Instance, enc technique.Picks) *Query {
	cs := Encodings()
	var e Encoding
	if enc.Get(cs, "adder") == DirectColumns.String() {
		e.Adder = DirectColumns
	}
	e.NoDigitCover = enc.Get(cs, "letter-per-digit") == "at-most-one"
	return EncodeWith(p, e)
}
