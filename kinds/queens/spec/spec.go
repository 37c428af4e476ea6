// Package spec registers the queens kind: N-queens, USACO's "Checker
// Challenge".
package spec

import (
	"context"
	"math/rand/v2"
	"strconv"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/kinds/queens"
	"github.com/puzzlesat/puzzlesat/kinds/queens/dfs"
	"github.com/puzzlesat/puzzlesat/kinds/queens/gen"
	"github.com/puzzlesat/puzzlesat/kinds/queens/sat"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/solver"
	"github.com/puzzlesat/puzzlesat/technique"
)

func init() { kind.Register(Kind) }

// Kind is the queens kind, in the format of USACO's "Checker Challenge":
// up to N = 13 the first three solutions in lexicographic order and their
// count, above it (to 32) the first solution. Its query is the CNF of the
// board's solutions; a model of it is one solution, which decodes to that
// solution alone, without the count.
var Kind = queensKind{kind.New(kind.Spec[queens.Instance, queens.Answer]{
	Name: "queens", Summary: `N-queens, USACO "Checker Challenge": the first solutions and their count`,
	Scan:      kind.Plain(queens.Scan),
	Own:       kind.SearchOf[queens.Instance, queens.Answer]{Doc: "puzzlesat's own search", Prunings: dfs.Prunings(), Run: dfs.Solve},
	Encodings: sat.Encodings(), SAT: sat.Solve,
	Samples: kind.Sub(queens.Samples, "testdata"),
})}

type queensKind struct {
	kind.Of[queens.Instance, queens.Answer]
}

func (queensKind) CanonicalAnswer() {}

func (queensKind) CountDFS(ctx context.Context, p kind.Instance, limit int, run search.Run) (int, search.Stats, error) {
	return dfs.Count(ctx, p.(queens.Instance), limit, run)
}

func (queensKind) CountSAT(ctx context.Context, p kind.Instance, limit int, c solver.Config, enc technique.Picks) (int, solver.Stats, error) {
	return sat.Count(ctx, p.(queens.Instance), limit, c, enc)
}

func (queensKind) Query(ctx context.Context, p kind.Instance, bound int, c solver.Config, enc technique.Picks) (solver.Query[kind.Answer], string, error) {
	return kind.Erase(sat.QueryAt(ctx, p.(queens.Instance), bound, c, enc))
}

func (queensKind) Grid(p kind.Instance, a kind.Answer) string {
	return p.(queens.Instance).Grid(a.(queens.Answer))
}

func (queensKind) Size(p kind.Instance) int { return p.(queens.Instance).N }
func (queensKind) SizeName() string         { return "board N" }

func (queensKind) GenParams() []kind.Param {
	return []kind.Param{{Name: "n", Doc: "the board size (0: drawn from the judge's 6..13)", Max: queens.MaxN}}
}

func (queensKind) Generate(rng *rand.Rand, v kind.GenValues) (kind.Instance, error) {
	if n := v["n"]; n > 0 {
		return queens.Instance{N: n}, nil
	}
	return gen.Random(rng, 6, queens.JudgeN), nil
}

func (queensKind) GenTrailer() string { return "" }

// Picture draws a for the lab.
func (queensKind) Picture(_ kind.Instance, a kind.Answer) kind.Picture {
	x := a.(queens.Answer)
	if len(x.First) == 0 {
		return kind.Picture{Type: "text", Text: "no solution"}
	}
	cols := x.First[0]
	n := len(cols)
	g := &kind.Grid{Size: n, Cells: make([]string, n*n), Given: make([]bool, n*n)}
	for r, c := range cols {
		g.Cells[r*n+c-1] = "♛"
	}
	caption := "the first solution"
	if x.Count >= 0 {
		caption += " of " + strconv.Itoa(x.Count)
	}
	return kind.Picture{Type: "grid", Grid: g, Caption: caption}
}
