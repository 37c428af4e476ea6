// Package spec registers the cats kind: "cats and cable cars" (小猫爬山,
// AcWing 165).
package spec

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	"github.com/puzzlesat/puzzlesat/kinds/cats/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/cats/gen"
	"github.com/puzzlesat/puzzlesat/kinds/cats/sat"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the cats kind. Its queries ask whether the cats fit in at most
// K cars, the bound.
var Kind = catsKind{kind.New(kind.Spec[cats.Instance, cats.Answer]{
	Name: "cats", Summary: `"cats and cable cars" (小猫爬山, AcWing 165): the fewest cars of capacity W`,
	Scan: kind.Plain(cats.Scan),
	Own:  kind.SearchOf[cats.Instance, cats.Answer]{Doc: "puzzlesat's own search", Prunings: dfs.Prunings(), Run: dfs.Solve},
	Chapter: kind.SearchOf[cats.Instance, cats.Answer]{Prunings: dfs.CatsChapterPrunings(), Run: dfs.CatsChapter,
		Doc: "the contest search of the chapter's example of a search order (AcWing 165), cat by cat, heaviest first"},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(cats.Samples, "testdata"),
})}

type catsKind struct {
	kind.Of[cats.Instance, cats.Answer]
}

func (catsKind) CanonicalAnswer() {}

func (catsKind) Bound(_ kind.Instance, a kind.Answer) (int, string) {
	return len(a.(cats.Answer).Cars), ""
}

func (catsKind) BoundFlag() kind.Flag {
	return kind.Flag{Name: "cars", Doc: "the query: the cats fit in at most `K` cars"}
}

func (catsKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(cats.Instance), bound, c, enc))
}

func (catsKind) Certificate(p kind.Instance, a kind.Answer) string {
	return p.(cats.Instance).Certificate(a.(cats.Answer))
}

func (catsKind) Size(p kind.Instance) int { return len(p.(cats.Instance).Weights) }
func (catsKind) SizeName() string         { return "cats N" }

func (catsKind) GenParams() []kind.Param {
	return []kind.Param{
		{Name: "n", Doc: "cats per instance", Default: 18, Min: 1, Max: cats.MaxCats},
		{Name: "w", Doc: "the capacity W of a car", Default: 100_000_000, Min: 1, Max: cats.MaxWeight},
		{Name: "lightest", Doc: "the lightest weight drawn, up to the heaviest", Default: 1, Min: 1, Max: cats.MaxWeight},
		{Name: "heaviest", Doc: "the heaviest weight drawn, up to W (0: W)", Max: cats.MaxWeight},
	}
}

func (catsKind) Generate(rng *rand.Rand, v kind.GenValues) (kind.Instance, error) {
	w, h := v["w"], v["heaviest"]
	switch {
	case h > w:
		return nil, fmt.Errorf("heaviest must be in 1..W, or 0 for W")
	case h == 0:
		h = w
	}
	if v["lightest"] > h {
		return nil, fmt.Errorf("lightest must be in 1..the heaviest weight")
	}
	return gen.RandomBetween(rng, v["n"], w, v["lightest"], h), nil
}

func (catsKind) GenTrailer() string { return "" }

// Picture draws a for the lab.
func (catsKind) Picture(p kind.Instance, a kind.Answer) kind.Picture {
	q, x := p.(cats.Instance), a.(cats.Answer)
	b := &kind.Bars{Length: q.W}
	for _, car := range x.Cars {
		var ws []int
		var ls []string
		for _, i := range car {
			ws = append(ws, q.Weights[i])
			ls = append(ls, "cat "+strconv.Itoa(i+1))
		}
		b.Bars = append(b.Bars, ws)
		b.Labels = append(b.Labels, ls)
	}
	return kind.Picture{Type: "bars", Caption: strconv.Itoa(len(x.Cars)) + " cars of capacity " + strconv.Itoa(q.W), Bars: b}
}

// Hint returns auto's rules for the kind's formulas, sat.Hint.
func (catsKind) Hint(kind.Instance) solver.Hint { return sat.Hint }

// CommentHint returns sat.Hint, whatever the comment says.
func (catsKind) CommentHint(string) solver.Hint { return sat.Hint }
