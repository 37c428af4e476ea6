package sat

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
)

// TestPlacedBoxLineIsUnitPropagation: the cells that
// PlacedBoxLine places, and the contradictions it finds, are those
// of unit propagation on the formula of the givens with the segment
// literals, on random 9x9 puzzles at every share of givens (some with
// wrong givens) and on the judge's.
func TestPlacedBoxLineIsUnitPropagation(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var ps []sudoku.Instance
	for trial := range 400 {
		full := sudokuref.Shuffled(rng, 3)
		p := sudoku.Instance{Box: 3, Cells: make([]int16, 81)}
		for _, i := range rng.Perm(81)[:17+trial%30] {
			p.Cells[i] = full[i]
			if trial%5 == 0 && rng.IntN(30) == 0 {
				p.Cells[i] = int16(rng.IntN(9) + 1) // a given that may be wrong
			}
		}
		ps = append(ps, p)
	}
	for _, name := range []string{"top95.txt", "hardest.txt"} {
		text, err := os.ReadFile(judgedata.Path(t, "sudoku", name))
		require.NoError(t, err)
		judge, err := sudoku.Parse(name, bytes.NewReader(text), "")
		require.NoError(t, err)
		ps = append(ps, judge...)
	}
	conflicts, decided, beyond := 0, 0, 0
	for i, p := range ps {
		o := Defaults()
		o.Reduce = Givens
		q := EncodeWith(cnf.New(), p, o)
		q.segments(newSudokuGrid(p)) // EncodeWith adds them from 16x16 up
		val, ok := unitPropagate(q.Formula())
		got, gotOK := PlacedBoxLine(p)
		require.Equal(t, ok && countEmpty(q.Formula()) == 0, gotOK, "puzzle %d", i)
		if !gotOK {
			conflicts++
			continue
		}
		want := make([]int16, 81)
		for c := range 81 {
			for v := 1; v <= 9; v++ {
				l := q.Lit(c, v)
				value, isConst := q.f.IsConst(l)
				if isConst && value || !isConst && val[l] == 1 {
					want[c] = int16(v)
				}
			}
		}
		require.Equal(t, want, got, "puzzle %d", i)
		singles, _ := Placed(p)
		if !sliceHas(got, 0) {
			decided++
		}
		if sliceHas(singles, 0) && !sliceHas(got, 0) {
			beyond++
		}
	}
	require.Positive(t, conflicts)
	require.Positive(t, beyond)
	t.Logf("%d contradictions, %d decided by propagation, %d of them beyond singles", conflicts, decided, beyond)
}
