// Package spec registers the alphametic kind: NOIP2004's base-N addition
// with every digit eaten.
package spec

import (
	"context"
	"math/rand/v2"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/gen"
	"github.com/puzzlesat/puzzlesat/kinds/alphametic/sat"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the alphametic kind.
var Kind = alphameticKind{kind.New(kind.Spec[alphametic.Instance, alphametic.Answer]{
	Name: "alphametic", Summary: `NOIP2004 "虫食算": base-N addition with every digit eaten`,
	Scan:      kind.Plain(alphametic.Scan),
	Own:       kind.SearchOf[alphametic.Instance, alphametic.Answer]{Doc: "puzzlesat's own search", Prunings: dfs.Prunings(), Run: dfs.Solve},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(alphametic.Samples, "testdata"),
})}

type alphameticKind struct {
	kind.Of[alphametic.Instance, alphametic.Answer]
}

func (alphameticKind) CountDFS(ctx context.Context, p kind.Instance, limit int, run search.Run) (int, search.Stats, error) {
	return dfs.Count(ctx, p.(alphametic.Instance), limit, run)
}

func (alphameticKind) CountSAT(ctx context.Context, p kind.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return sat.Count(ctx, p.(alphametic.Instance), limit, c, enc)
}

func (alphameticKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(alphametic.Instance), bound, c, enc))
}

func (alphameticKind) Size(p kind.Instance) int { return p.(alphametic.Instance).N }
func (alphameticKind) SizeName() string         { return "letters N" }

func (alphameticKind) GenParams() []kind.Param {
	return []kind.Param{{Name: "n", Doc: "number of letters", Default: 10, Min: alphametic.MinN, Max: alphametic.MaxN}}
}

func (alphameticKind) Generate(rng *rand.Rand, v kind.GenValues) (kind.Instance, error) {
	return gen.Random(rng, v["n"]), nil
}

func (alphameticKind) GenTrailer() string { return "" }

// Picture draws a for the lab.
func (alphameticKind) Picture(p kind.Instance, a kind.Answer) kind.Picture {
	q, x := p.(alphametic.Instance), a.(alphametic.Answer)
	digit := func(c byte) int { return x.Digits[c-'A'] }
	return kind.WordsPicture(q.Words[:2], q.Words[2], digit, q.N)
}

// Hint returns auto's rules for the kind's formulas, sat.Hint.
func (alphameticKind) Hint(kind.Instance) solver.Hint { return sat.Hint }

// CommentHint returns sat.Hint, whatever the comment says.
func (alphameticKind) CommentHint(string) solver.Hint { return sat.Hint }
