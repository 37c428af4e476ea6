package sat

import (
	"context"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/sat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

// Alphametic solves p by its one query, encode.AlphameticWith as enc
// picks (by default one-hot digits and a binary adder per column). The
// error is puzzle.ErrNoSolution when it has no model, or the context's
// error.
func Alphametic(ctx context.Context, p puzzle.Alphametic, c solver.Config, enc technique.Picks) (puzzle.AlphameticAnswer, solver.Stats, error) {
	return solved(solver.Find[puzzle.AlphameticAnswer](ctx, alphameticQuery(p, enc), c))
}

// CountAlphametic counts the answers of p up to limit on one solver, each
// blocked by its digits.
func CountAlphametic(ctx context.Context, p puzzle.Alphametic, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return solver.CountAnswers[puzzle.AlphameticAnswer](ctx, alphameticQuery(p, enc), limit, c)
}

// AlphameticQuery returns the query that Alphametic solves; it takes no
// bound.
func AlphameticQuery(_ context.Context, p puzzle.Alphametic, _ int, _ solver.Config, enc technique.Picks) (solver.Query[puzzle.AlphameticAnswer], string, error) {
	return alphameticQuery(p, enc), "solution", nil
}

// AlphameticEncodings returns the choice points of the encoding of
// Alphametic, CountAlphametic and AlphameticQuery.
func AlphameticEncodings() []technique.Choice {
	return []technique.Choice{{
		Point: "adder", Options: []string{encode.BinaryColumns.String(), encode.DirectColumns.String()},
		Doc: "how each column a + b + carry = c + N*carry is written: ripple-carry adders over the digits in binary, or clauses over the one-hot digits",
	}, {
		Point: "letter-per-digit", Options: []string{"exactly-one", "at-most-one"},
		Doc: "whether each digit must be some letter's (implied by N letters of distinct digits, but it propagates) or only at most one letter's",
	}}
}

// alphameticQuery returns the query of p with the encoding enc picks.
func alphameticQuery(p puzzle.Alphametic, enc technique.Picks) *encode.AlphameticQuery {
	cs := AlphameticEncodings()
	var e encode.AlphameticEncoding
	if enc.Get(cs, "adder") == encode.DirectColumns.String() {
		e.Adder = encode.DirectColumns
	}
	e.NoDigitCover = enc.Get(cs, "letter-per-digit") == "at-most-one"
	return encode.AlphameticWith(p, e)
}
