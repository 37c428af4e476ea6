// Package spec registers the digit-puzzle kind: UVa 12107 "Digit
// Puzzle".
package spec

import (
	"context"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/gen"
	"github.com/puzzlesat/puzzlesat/kinds/digitpuzzle/sat"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the digit-puzzle kind. Its query is the CNF of the solutions of
// the pattern as given, the pattern's digits as unit clauses; a model of
// it is one product, which written out in full is a pattern with exactly
// one solution, so it passes Verify, but it is not the puzzle's answer,
// which Solve returns.
var Kind = digitKind{kind.New(kind.Spec[digitpuzzle.Instance, digitpuzzle.Answer]{
	Name: "digit-puzzle", Summary: `UVa 12107 "Digit Puzzle"`,
	Scan:      kind.Plain(digitpuzzle.Scan),
	Own:       kind.SearchOf[digitpuzzle.Instance, digitpuzzle.Answer]{Doc: "puzzlesat's own search", Prunings: dfs.Prunings(), Run: dfs.Solve},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(digitpuzzle.Samples, "testdata"),
})}

type digitKind struct {
	kind.Of[digitpuzzle.Instance, digitpuzzle.Answer]
}

func (digitKind) CanonicalAnswer() {}

func (digitKind) CountDFS(ctx context.Context, p kind.Instance, limit int, run search.Run) (int, search.Stats, error) {
	return dfs.Count(ctx, p.(digitpuzzle.Instance), limit, run)
}

func (digitKind) CountSAT(ctx context.Context, p kind.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return sat.Count(ctx, p.(digitpuzzle.Instance), limit, c, enc)
}

func (digitKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(digitpuzzle.Instance), bound, c, enc))
}

func (digitKind) Fail(p kind.Instance, word string) string {
	return p.(digitpuzzle.Instance).Fail(word)
}

func (digitKind) GenParams() []kind.Param { return nil }

func (digitKind) Generate(rng *rand.Rand, _ kind.GenValues) (kind.Instance, error) {
	return gen.Random(rng), nil
}

func (digitKind) GenTrailer() string { return "0\n" }

// Picture draws a for the lab.
func (digitKind) Picture(p kind.Instance, a kind.Answer) kind.Picture {
	q, x := p.(digitpuzzle.Instance), a.(digitpuzzle.Answer)
	return kind.Picture{Type: "words", Caption: "the pattern with the fewest changes, then the least",
		Words: [][]string{{"", q.A, "×", q.B, "=", q.C}, {"→", x.A, "×", x.B, "=", x.C}}}
}

// Hint returns auto's rules for the kind's formulas, sat.Hint.
func (digitKind) Hint(kind.Instance) solver.Hint { return sat.Hint }

// CommentHint returns sat.Hint, whatever the comment says.
func (digitKind) CommentHint(string) solver.Hint { return sat.Hint }
