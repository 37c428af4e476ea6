package drat_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/cake"
	"github.com/puzzlesat/puzzlesat/kinds/cake/sat"
	"github.com/puzzlesat/puzzlesat/kinds/cats"
	catssat "github.com/puzzlesat/puzzlesat/kinds/cats/sat"
	"github.com/puzzlesat/puzzlesat/kinds/sticks"
	stickssat "github.com/puzzlesat/puzzlesat/kinds/sticks/sat"
)

// The three unsatisfiable formulas of issue 22, as `puzzlesat encode`
// writes them: cake5 at area 1617 (its optimum is 1618), case 18 of the
// CERC 1995 sticks at length 122, and 30 tenth-half cats (weights in
// W/10..W/2, drawn for the issue) in 10 cars, whose optimum is 11 while
// the sum of the weights asks for 10.
func issueFormulas(tb testing.TB) []struct {
	name string
	f    *cnf.CNF
} {
	cake := judgedata.Parse(tb, judgedata.Path(tb, "cake", "cake5.in"), cake.Parse)[0]
	sticks := judgedata.Parse(tb, judgedata.Path(tb, "sticks", "cerc1995_sticks.in"), sticks.Parse)[17]
	return []struct {
		name string
		f    *cnf.CNF
	}{
		{"cake5 Q<=1617", sat.Encode(cake, 1617).Formula()},
		{"sticks18 L=122", stickssat.Encode(sticks, 122).Formula()},
		{"cats30 cars<=10", catssat.Encode(cats30, 10).Formula()},
	}
}

var cats30 = cats.Instance{W: 1000, Weights: []int{331, 386, 499, 338, 331, 360, 400, 197, 194, 362, 343, 422, 414, 195, 148, 328, 255, 172, 146, 375, 455, 424, 121, 404, 302, 331, 434, 478, 415, 432}}
