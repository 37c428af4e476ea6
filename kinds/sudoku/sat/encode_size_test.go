package sat

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/internal/ref/sudokuref"
)

// sudokuSizeOptions are the option sets SudokuSize must bound: both
// reductions with and without equivalences (the SAT backend's and the
// exported query's among them), and the other at-most-one encodings.
func sudokuSizeOptions() []Options {
	var os []Options
	for _, reduce := range []Reduce{Givens, Singles} {
		for _, eq := range []bool{false, true} {
			o := Defaults()
			o.Reduce, o.Equivalences = reduce, eq
			os = append(os, o)
		}
	}
	for _, o := range os[:4:4] { // with the segments too
		o.Segments = true
		if o.Reduce == Singles {
			os = append(os, o)
		}
	}
	for _, amo := range []cnf.AMO{cnf.AMOPairwise, cnf.AMOSequential, cnf.AMOCommander, cnf.AMOProduct, cnf.AMOBinary} {
		for _, pairs := range []int{0, 12} {
			os = append(os, Options{Reduce: Givens, Equivalences: pairs == 0, AMO: amo, PairsUpTo: pairs})
		}
	}
	return os
}

// sudokuRandom returns a puzzle of box whose cells are given with
// probability keep, from a shuffled full grid; with wrong, one given in
// fifty is a random symbol, which may contradict the others.
func sudokuRandom(rng *rand.Rand, box int, keep float64, wrong bool) sudoku.Instance {
	full := sudokuref.Shuffled(rng, box)
	p := sudoku.Instance{Box: box, Cells: make([]int16, len(full))}
	for i, v := range full {
		if rng.Float64() < keep {
			p.Cells[i] = v
			if wrong && rng.IntN(50) == 0 {
				p.Cells[i] = int16(rng.IntN(box*box) + 1)
			}
		}
	}
	return p
}

// TestSudokuSizeBounds: SudokuSize bounds, field by field, the formula
// that SudokuWith builds for every option set (the four main ones only
// past box 5, to keep the test short, and the two solving ones with the segments), on grids of boxes 2..7 with random
// blanks (and some wrong givens), and Sudoku(p) with the defaults. It logs
// how loose the bound is on the literals, which a budget checks, against
// the formula of the givens (the exported query) and the formula the SAT
// backend solves (SudokuSingles with equivalences, which propagation can
// shrink to nothing).
func TestSudokuSizeBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	all := sudokuSizeOptions()
	var keys []string
	loose := map[string][2]float64{} // the largest bound/real literals, givens and solve formulas
	for box := 2; box <= 7; box++ {
		for _, keep := range []float64{0, 0.1, 0.3, 0.5, 0.7, 0.9} {
			key := fmt.Sprintf("box %d, %2.0f%% given", box, 100*keep)
			keys = append(keys, key)
			for trial := range 3 {
				p := sudokuRandom(rng, box, keep, trial == 2)
				name := fmt.Sprintf("%s, trial %d", key, trial)
				options := all
				if box > 5 {
					options = all[:6]
				}
				for i, o := range options {
					got := EncodeWith(cnf.New(), p, o).Formula().Size()
					bound := Size(p, o)
					require.True(t, got.Vars <= bound.Vars && got.Clauses <= bound.Clauses && got.Lits <= bound.Lits,
						"%s, options %+v: the formula holds %v, over the bound %v", name, o, got, bound)
					if l := loose[key]; trial < 2 && got.Lits > 0 && (i == 0 || i == 3) {
						l[i/3] = max(l[i/3], float64(bound.Lits)/float64(got.Lits))
						loose[key] = l
					}
				}
				got := Encode(p).Formula().Size()
				bound := Size(p, Defaults())
				require.True(t, got.Vars <= bound.Vars && got.Clauses <= bound.Clauses && got.Lits <= bound.Lits, "%s: Sudoku(p)", name)
			}
		}
	}
	for _, k := range keys {
		t.Logf("%s: the bound is at most %.2fx the literals of the givens' formula, %.2fx the solver's", k, loose[k][0], loose[k][1])
	}
}

// TestSudokuSizeEmpty: on an empty grid the bound of the defaults is
// within a few percent of the real formula, whose size is known before
// anything is given; that is where the budget matters most.
func TestSudokuSizeEmpty(t *testing.T) {
	for box := 2; box <= 7; box++ {
		p := sudoku.Instance{Box: box, Cells: make([]int16, box*box*box*box)}
		for _, o := range sudokuSizeOptions()[:4] {
			got := EncodeWith(cnf.New(), p, o).Formula().Size()
			bound := Size(p, o)
			require.Equal(t, got.Vars, bound.Vars, "box %d %+v", box, o)
			require.LessOrEqual(t, float64(bound.Lits), 1.25*float64(got.Lits), "box %d %+v: %v against %v", box, o, bound, got)
		}
	}
}

// TestSudokuSizeContradiction: two equal givens in a unit make the
// formula the constant and the empty clause, and the bound says so; equal
// givens in different units are no contradiction.
func TestSudokuSizeContradiction(t *testing.T) {
	p := sudoku.Instance{Box: 3, Cells: make([]int16, 81)}
	p.Cells[0], p.Cells[80] = 5, 5
	require.Greater(t, Size(p, Defaults()).Lits, int64(1000))
	for _, i := range []int{8, 72, 20} { // the row, the column, the box of cell 0
		q := sudoku.Instance{Box: 3, Cells: append([]int16(nil), p.Cells...)}
		q.Cells[i] = 5
		require.Equal(t, cnf.Size{Vars: 1, Clauses: 2, Lits: 1}, Size(q, Defaults()), "cell %d", i)
		require.Equal(t, Encode(q).Formula().Size(), Size(q, Defaults()), "cell %d", i)
	}
	short := sudoku.Instance{Box: 3, Cells: []int16{1, 2, 3}} // the rest blank, as SudokuWith reads it
	require.Equal(t, Size(sudoku.Instance{Box: 3, Cells: append([]int16{1, 2, 3}, make([]int16, 78)...)}, Defaults()),
		Size(short, Defaults()))
}

// BenchmarkSudokuSize times the bound on 9x9, 100x100 and 400x400 grids,
// empty and with 80% of the cells given (timing stays out of the tests).
func BenchmarkSudokuSize(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, box := range []int{3, 10, 20} {
		for _, keep := range []float64{0, 0.8} {
			p := sudokuRandom(rng, box, keep, false)
			b.Run(fmt.Sprintf("box=%d/given=%.0f%%", box, 100*keep), func(b *testing.B) {
				for b.Loop() {
					Size(p, Defaults())
				}
			})
		}
	}
}
