// Package spec registers the cake kind: POJ 1190 / NOI1999 "Birthday
// Cake".
package spec

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cake/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cake/sat"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the cake kind. Its queries ask for a cake of area at most Q,
// the bound. When no cake exists (the answer 0), the query about the
// optimum is asked at the bound 3N, which every cake meets: it is
// unsatisfiable.
var Kind = cakeKind{kind.New(kind.Spec[cake.Instance, cake.Answer]{
	Name: "cake", Summary: `POJ 1190 / NOI1999 "Birthday Cake"`,
	Scan: kind.Plain(cake.Scan),
	Own:  kind.SearchOf[cake.Instance, cake.Answer]{Doc: "puzzlesat's own search", Prunings: dfs.Prunings(), Run: dfs.Solve},
	Chapter: kind.SearchOf[cake.Instance, cake.Answer]{Prunings: dfs.CakeChapterPrunings(), Run: dfs.CakeChapter,
		Doc: "the chapter's listing (AcWing 168), the layers from the bottom up, radius then height"},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(cake.Samples, "testdata"),
})}

type cakeKind struct {
	kind.Of[cake.Instance, cake.Answer]
}

func (cakeKind) CanonicalAnswer() {}

func (cakeKind) Bound(p kind.Instance, a kind.Answer) (int, string) {
	c, ans := p.(cake.Instance), a.(cake.Answer)
	if ans.Area > 0 {
		return ans.Area, ""
	}
	q := sat.NoBound(c)
	return q, fmt.Sprintf("no cake of volume %d with %d layers: encoding the unsatisfiable query Q<=%d", c.Volume, c.Layers, q)
}

func (cakeKind) BoundFlag() kind.Flag {
	return kind.Flag{Name: "area", Doc: "the query: a cake of area at most `Q` (at the optimum: 3N when there is no cake)"}
}

func (cakeKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(cake.Instance), bound, c, enc))
}

func (cakeKind) Fail(p kind.Instance, word string) string { return p.(cake.Instance).Fail(word) }

func (cakeKind) Certificate(p kind.Instance, a kind.Answer) string {
	return p.(cake.Instance).Certificate(a.(cake.Answer))
}

func (cakeKind) Size(p kind.Instance) int { return p.(cake.Instance).Volume }
func (cakeKind) SizeName() string         { return "volume N" }

func (cakeKind) GenParams() []kind.Param { return nil }

func (cakeKind) Generate(rng *rand.Rand, _ kind.GenValues) (kind.Instance, error) {
	return gen.Random(rng), nil
}

func (cakeKind) GenTrailer() string { return "" }

// Picture draws a for the lab.
func (cakeKind) Picture(p kind.Instance, a kind.Answer) kind.Picture {
	x := a.(cake.Answer)
	if x.Area == 0 {
		return kind.Picture{Type: "text", Text: p.(cake.Instance).Format(x), Caption: "no cake of that volume and layer count"}
	}
	pic := kind.Picture{Type: "layers", Caption: "area " + strconv.Itoa(x.Area) + "π"}
	for _, l := range x.Layers {
		pic.Layers = append(pic.Layers, kind.Layer{R: l.R, H: l.H})
	}
	return pic
}

// Hint returns auto's rules for the kind's formulas, sat.Hint.
func (cakeKind) Hint(kind.Instance) solver.Hint { return sat.Hint }

// CommentHint returns sat.Hint, whatever the comment says.
func (cakeKind) CommentHint(string) solver.Hint { return sat.Hint }
