// Package spec registers the addchain kind: POJ 2248 / AcWing 170
// "Addition Chains".
package spec

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/gen"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/sat"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the addchain kind: a shortest addition chain for each n, the
// greatest of them in lexicographic order whichever backend finds it.
// Its queries ask whether n has a chain of exactly m additions, the
// bound.
var Kind = addchainKind{kind.New(kind.Spec[addchain.Instance, addchain.Answer]{
	Name: "addchain", Summary: `POJ 2248 / AcWing 170 "Addition Chains": a shortest chain 1 = a0 < ... < am = n`,
	Scan: kind.Plain(addchain.Scan),
	Own: kind.SearchOf[addchain.Instance, addchain.Answer]{Prunings: dfs.Prunings(), Run: dfs.Solve,
		Doc: "iterative deepening on the chain's length, larger sums first"},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(addchain.Samples, "testdata"),
})}

type addchainKind struct {
	kind.Of[addchain.Instance, addchain.Answer]
}

func (addchainKind) CanonicalAnswer() {}

func (addchainKind) CountDFS(ctx context.Context, p kind.Instance, limit int, run search.Run) (int, search.Stats, error) {
	return dfs.Count(ctx, p.(addchain.Instance), limit, run)
}

func (addchainKind) CountSAT(ctx context.Context, p kind.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return sat.Count(ctx, p.(addchain.Instance), limit, c, enc)
}

func (addchainKind) Bound(_ kind.Instance, a kind.Answer) (int, string) {
	return a.(addchain.Answer).Len(), ""
}

func (addchainKind) BoundFlag() kind.Flag {
	return kind.Flag{Name: "length", Doc: "the number of additions `M` the query asks a chain of"}
}

func (addchainKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(addchain.Instance), bound, c, enc))
}

func (addchainKind) Size(p kind.Instance) int { return p.(addchain.Instance).N }
func (addchainKind) SizeName() string         { return "n" }

func (addchainKind) GenParams() []kind.Param {
	return []kind.Param{
		{Name: "min-n", Doc: "the least n drawn", Default: 1, Min: 1, Max: addchain.MaxN},
		{Name: "max-n", Doc: "the greatest n drawn, at least --min-n", Default: addchain.JudgeN, Min: 1, Max: addchain.MaxN},
	}
}

func (addchainKind) Generate(rng *rand.Rand, v kind.GenValues) (kind.Instance, error) {
	lo, hi := v["min-n"], v["max-n"]
	if lo > hi {
		return nil, fmt.Errorf("--min-n %d exceeds --max-n %d", lo, hi)
	}
	return gen.Random(rng, lo, hi), nil
}

func (addchainKind) GenTrailer() string { return "0\n" }

// Picture draws a for the lab: a bar per element after the first, out
// of n, made of the two earlier elements it is the sum of.
func (addchainKind) Picture(p kind.Instance, a kind.Answer) kind.Picture {
	x := a.(addchain.Answer)
	n := p.(addchain.Instance).N
	if x.Len() < 1 {
		return kind.Picture{Type: "text", Text: "1: no addition"}
	}
	b := &kind.Bars{Length: n}
	for k, s := range x.Sums() {
		i, j := s[0], s[1]
		b.Bars = append(b.Bars, []int{x.Chain[i], x.Chain[j]})
		b.Labels = append(b.Labels, []string{
			fmt.Sprintf("a%d = a%d + a%d: a%d", k+1, i, j, i),
			fmt.Sprintf("a%d = a%d + a%d: a%d", k+1, i, j, j)})
	}
	return kind.Picture{Type: "bars", Bars: b,
		Caption: strconv.Itoa(x.Len()) + " additions to " + strconv.Itoa(n) + ": bar k is ak, the sum of two before it"}
}
