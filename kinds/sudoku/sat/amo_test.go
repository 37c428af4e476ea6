package sat_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/gen"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/sat"
	"github.com/puzzlesat/puzzlesat/solver"
)

// sudokuAMOCases are grids where the at-most-one encoding matters: large
// groups left after propagation.
func sudokuAMOCases(b *testing.B) []struct {
	name string
	p    sudoku.Instance
} {
	cases := []struct {
		name string
		p    sudoku.Instance
	}{
		{"144x144-25%", gen.RandomBlanks(rand.New(rand.NewPCG(7, 12)), 12, 0.25)},
		{"225x225-25%", gen.RandomBlanks(rand.New(rand.NewPCG(7, 15)), 15, 0.25)},
		{"400x400-20%", gen.RandomBlanks(rand.New(rand.NewPCG(7, 20)), 20, 0.20)},
	}
	ms, _ := readSudoku(b, "michael404_36x36.puzzles", "")
	for i := range 3 {
		cases = append(cases, struct {
			name string
			p    sudoku.Instance
		}{fmt.Sprintf("michael36-%d", i+1), ms[i]})
	}
	return cases
}

// BenchmarkSudokuAMO solves each case with each at-most-one encoding for
// groups past a size (every pair below it), and reports the clauses,
// conflicts and solve time.
func BenchmarkSudokuAMO(b *testing.B) {
	type variant struct {
		amo   cnf.AMO
		pairs int
	}
	variants := []variant{{cnf.AMOPairwise, 0}}
	for _, pairs := range []int{6, 12} {
		for _, amo := range []cnf.AMO{cnf.AMOSequential, cnf.AMOCommander, cnf.AMOProduct, cnf.AMOBimander, cnf.AMOBinary} {
			variants = append(variants, variant{amo, pairs})
		}
	}
	for _, tc := range sudokuAMOCases(b) {
		for _, v := range variants {
			name := fmt.Sprintf("%s/%v", tc.name, v.amo)
			if v.amo != cnf.AMOPairwise {
				name += fmt.Sprintf("-past%d", v.pairs)
			}
			b.Run(name, func(b *testing.B) {
				var st solver.Stats
				for b.Loop() {
					ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
					f := cnf.New()
					s := solver.Config{}.NewStreaming(f)
					q := sat.EncodeWith(f, tc.p, sat.Options{Reduce: sat.Singles, AMO: v.amo, PairsUpTo: v.pairs})
					res, err := s.Solve(ctx)
					cancel()
					if err != nil || res != solver.Sat {
						b.Skipf("%v %v", res, err)
					}
					if _, err := q.Decode(s.Model()); err != nil {
						b.Fatal(err)
					}
					st = s.Stats()
				}
				b.ReportMetric(float64(st.Clauses), "clauses")
				b.ReportMetric(float64(st.Conflicts), "conflicts")
			})
		}
	}
}
